package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func known(n string) bool {
	return n == "nexttickloop" || n == "zalgo" || n == "timerrace" || n == "iorace"
}

func write(t *testing.T, p, s string) {
	t.Helper()
	os.MkdirAll(filepath.Dir(p), 0o755)
	if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestSeverityAndIgnore(t *testing.T) {
	root := t.TempDir()
	os.Mkdir(filepath.Join(root, ".git"), 0o755)
	write(t, filepath.Join(root, Name), `{
  "checks": {"zalgo": "warn", "timerrace": "off"},
  "ignorePatterns": ["dist", "**/*.min.js", "gen/{a,b}.js"],
  "overrides": [
    {"files": ["test/**"], "checks": {"nexttickloop": "off", "zalgo": "error"}},
    {"files": ["test/keep/*.js"], "checks": {"nexttickloop": "warn"}}
  ]
}`)
	write(t, filepath.Join(root, "pkg", Name), `{"checks": {"nexttickloop": "warn"}, "node": "lts/iron", "predict": false}`)
	f := NewFinder(known)
	at := func(rel string) *Config {
		c, err := f.For(filepath.Join(root, rel))
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	for _, c := range []struct {
		file, check string
		want        Severity
	}{
		{"src/a.js", "zalgo", Warn},
		{"src/a.js", "timerrace", Off},
		{"src/a.js", "nexttickloop", Error},
		{"src/a.js", "iorace", Error},
		{"test/x/a.js", "nexttickloop", Off},
		{"test/x/a.js", "zalgo", Error},
		{"test/keep/a.js", "nexttickloop", Warn},
		{"pkg/lib/a.js", "nexttickloop", Warn}, // the nearest file decides, alone
		{"pkg/lib/a.js", "zalgo", Error},
	} {
		if got := at(c.file).Severity(c.check, filepath.Join(root, c.file)); got != c.want {
			t.Errorf("%s %s: %v, want %v", c.file, c.check, got, c.want)
		}
	}
	for file, want := range map[string]bool{
		"dist/a.js": true, "dist/deep/b.js": true, "src/x.min.js": true, "gen/a.js": true, "gen/b.js": true,
		"gen/c.js": false, "src/dist.js": false, "src/a.js": false,
	} {
		if got := at(file).Ignored(filepath.Join(root, file)); got != want {
			t.Errorf("Ignored(%s) = %v, want %v", file, got, want)
		}
	}
	if c := at("pkg/a.js"); c.Node != "lts/iron" || c.Predict == nil || *c.Predict {
		t.Errorf("pkg config: node %q predict %v", c.Node, c.Predict)
	}
	// Outside any looplint.json: every check an error.
	other := t.TempDir()
	os.Mkdir(filepath.Join(other, ".git"), 0o755)
	if c, err := f.For(filepath.Join(other, "a.js")); err != nil || c != Default || c.Severity("zalgo", "a.js") != Error {
		t.Errorf("no config: %+v %v", c, err)
	}
}

func TestErrors(t *testing.T) {
	dir := t.TempDir()
	for src, want := range map[string]string{
		"{\n  \"checks\": {\"zalgo\": \"warn\",}\n}":                ":2:",
		`{"checks": {"zalgo": "loud"}}`:                             `severity must be "error", "warn" or "off", not "loud"`,
		`{"checks": {"nosuch": "off"}}`:                             `no check named "nosuch"`,
		`{"chekcs": {}}`:                                            `unknown field "chekcs"`,
		`{"ignorePatterns": ["../up/*.js"]}`:                        "not a pattern relative",
		`{"ignorePatterns": ["[a"]}`:                                "not a pattern relative",
		`{"overrides": [{"checks": {"zalgo": "off"}}]}`:             `"files" must list`,
		`{"overrides": [{"files": ["a"], "checks": {"zalgo": 3}}]}`: ":1:",
		`{} {}`: "more than one JSON value",
	} {
		p := filepath.Join(dir, Name)
		write(t, p, src)
		_, err := Load(p, known)
		if err == nil || !strings.Contains(err.Error(), want) || !strings.HasPrefix(err.Error(), p) {
			t.Errorf("%s: %v, want an error naming the file and %q", src, err, want)
		}
	}
}
