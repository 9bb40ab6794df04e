package driver_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/looplint/looplint/analyzer/checks"
	"github.com/looplint/looplint/analyzer/driver"
)

// BenchmarkTree runs every check over a generated tree of 500 files
// (CommonJS, ES modules and TypeScript, ~6 KB each).
//
//	go test ./analyzer/driver -run - -bench Tree -benchmem
func BenchmarkTree(b *testing.B) {
	dir := b.TempDir()
	var paths []string
	for i := range 500 {
		var src strings.Builder
		ext := []string{".js", ".mjs", ".ts"}[i%3]
		if ext == ".mjs" {
			src.WriteString("import fs from 'node:fs';\n")
		}
		for j := range 40 {
			typ := ""
			if ext == ".ts" {
				typ = ": number"
			}
			fmt.Fprintf(&src, "function f%d(a%s, cb) {\n  if (a > %d) { setImmediate(() => cb(a)); return; }\n  process.nextTick(() => cb(a + 1));\n}\n", j, typ, j)
			fmt.Fprintf(&src, "Promise.resolve(%d).then((v) => console.log(v)).catch(() => {});\n", j)
		}
		p := filepath.Join(dir, fmt.Sprintf("f%03d%s", i, ext))
		if err := os.WriteFile(p, []byte(src.String()), 0o644); err != nil {
			b.Fatal(err)
		}
		paths = append(paths, p)
	}
	b.ResetTimer()
	for b.Loop() {
		for _, r := range driver.Run(paths, checks.All, driver.Options{}) {
			if r.Err != nil {
				b.Fatal(r.Err)
			}
		}
	}
}
