package nodepath

import (
	"os"
	"strings"
	"testing"
)

type mapFS map[string]string

func (m mapFS) Kind(p string) (file, dir bool) {
	if _, ok := m[p]; ok {
		return true, false
	}
	for k := range m {
		if strings.HasPrefix(k, p+"/") {
			return false, true
		}
	}
	return false, false
}

func (m mapFS) ReadFile(p string) ([]byte, error) {
	if s, ok := m[p]; ok {
		return []byte(s), nil
	}
	return nil, os.ErrNotExist
}

func TestModule(t *testing.T) {
	fs := mapFS{
		"/p/a.js":                        "",
		"/p/lib/b.ts":                    "",
		"/p/lib/c/index.js":              "",
		"/p/node_modules/q/package.json": `{"main": "lib/q.js"}`,
		"/p/node_modules/q/lib/q.js":     "",
		"/p/src/node_modules/r/index.js": "",
		"/p/node_modules/fs/index.js":    "",
		"/p/node_modules/@s/t/index.js":  "",
	}
	for _, c := range []struct{ dir, spec, want string }{
		{"/p", "./a", "/p/a.js"},
		{"/p", "./lib/b", ""},
		{"/p/src", "../lib/b", ""},
		{"/p", "./lib/c", "/p/lib/c/index.js"},
		{"/p/src/x", "q", "/p/node_modules/q/lib/q.js"},
		{"/p/src/x", "r", "/p/src/node_modules/r/index.js"},
		{"/p", "r", ""},
		{"/p", "fs", ""},
		{"/p", "node:fs", ""},
		{"/p", "@s/t", "/p/node_modules/@s/t/index.js"},
	} {
		if got := Module(fs, c.dir, c.spec); got != c.want {
			t.Errorf("Module(%q, %q) = %q, want %q", c.dir, c.spec, got, c.want)
		}
	}
	if got := Module(fs, "/p/src", "../lib/b", ".ts", ".tsx"); got != "/p/lib/b.ts" {
		t.Errorf("with .ts: %q", got)
	}
}
