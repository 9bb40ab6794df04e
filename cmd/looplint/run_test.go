package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// cliRun calls execute as the shell would and checks that no Go panic
// text reaches either stream.
func cliRun(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = execute(args, &out, &errb)
	stdout, stderr = out.String(), errb.String()
	for _, bad := range []string{"goroutine ", "panic:", "fatal error:"} {
		if strings.Contains(stdout+stderr, bad) {
			t.Errorf("Go panic text %q in output:\nstdout:\n%s\nstderr:\n%s", bad, stdout, stderr)
		}
	}
	return code, stdout, stderr
}

func writeFile(t *testing.T, dir, name string, data []byte) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// Small budgets for every run: nothing here may take long.
var budget = []string{"--node", "22", "--timeout", "2s", "--max-heap", "256", "--max-drain", "10000", "--max-callbacks", "10000"}

func runArgs(extra ...string) []string {
	return append(append([]string{"run"}, budget...), extra...)
}

func TestRunBadInput(t *testing.T) {
	dir := t.TempDir()
	syntax := writeFile(t, dir, "syntax.js", []byte("let ok = 1\nlet x = ;\n"))
	empty := writeFile(t, dir, "empty.js", nil)
	binary := writeFile(t, dir, "binary.js", []byte("\x7fELF\x02\x01\x01\x00\x00\x00\xff\xfe"))
	nonUTF8 := writeFile(t, dir, "latin1.js", []byte("console.log('caf\xe9')\n"))
	subdir := filepath.Join(dir, "adir.js")
	if err := os.Mkdir(subdir, 0o755); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "missing.js")
	backwards := writeFile(t, dir, "backwards.json", []byte(`{"clock":[-5, 9223372036854775807]}`))
	twice := writeFile(t, dir, "twice.json", []byte(`{"clock":[],"poll":[[1],[1]]}`))

	cases := []struct {
		name   string
		args   []string
		code   int
		stderr *regexp.Regexp
	}{
		{"syntax-error", runArgs(syntax), 2, regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(syntax) + `:2:\d+: \S.*$`)},
		{"binary-file", runArgs(binary), 2, regexp.MustCompile(regexp.QuoteMeta(binary) + `: binary or non-UTF-8 file`)},
		{"non-utf8-file", runArgs(nonUTF8), 2, regexp.MustCompile(`non-UTF-8`)},
		{"missing-file", runArgs(missing), 2, regexp.MustCompile(regexp.QuoteMeta(missing) + `: no such file or directory`)},
		{"directory", runArgs(subdir), 2, regexp.MustCompile(regexp.QuoteMeta(subdir) + `: is a directory`)},
		{"bad-node-word", []string{"run", "--node", "banana", empty}, 2, regexp.MustCompile(`invalid Node version "banana"`)},
		{"bad-node-negative", []string{"run", "--node", "-3", empty}, 2, regexp.MustCompile(`invalid Node version`)},
		{"bad-node-too-old", []string{"run", "--node", "0.10", empty}, 2, regexp.MustCompile(`not modelled|invalid Node version`)},
		{"bad-module", runArgs("--module", "amd", empty), 2, regexp.MustCompile(`--module must be cjs or esm`)},
		{"bad-format", runArgs("--format", "xml", empty), 2, regexp.MustCompile(`--format must be text or json`)},
		{"bad-fs-dir", runArgs("--fs", filepath.Join(dir, "nowhere"), empty), 2, regexp.MustCompile(`not a readable directory`)},
		{"fs-is-a-file", runArgs("--fs", empty, empty), 2, regexp.MustCompile(`not a readable directory`)},
		{"bad-witness", runArgs("--witness", empty, empty), 2, regexp.MustCompile(`not a witness document`)},
		{"witness-clock-backwards", runArgs("--witness", backwards, empty), 2, regexp.MustCompile(`clock\[0\] is -5`)},
		{"witness-io-twice", runArgs("--witness", twice, empty), 2, regexp.MustCompile(`delivers I/O 1 a second time`)},
		{"bad-node-future", []string{"run", "--node", "20.99.0", empty}, 2, regexp.MustCompile(`newer than the newest 20.x`)},
		{"negative-explore", runArgs("--explore", "-3", empty), 2, regexp.MustCompile(`--explore must be positive`)},
		{"negative-max-heap", runArgs("--max-heap", "-1", empty), 2, regexp.MustCompile(`--max-heap must be a positive number of MiB, not -1`)},
		{"zero-timeout", runArgs("--timeout", "0s", empty), 2, regexp.MustCompile(`--timeout must be positive`)},
		{"negative-max-drain", runArgs("--max-drain", "-5", empty), 2, regexp.MustCompile(`--max-drain must be positive`)},
		{"zero-max-callbacks", runArgs("--max-callbacks", "0", empty), 2, regexp.MustCompile(`--max-callbacks must be positive`)},
		{"no-file", []string{"run"}, 2, regexp.MustCompile(`accepts 1 arg`)},
		{"two-files", []string{"run", empty, empty}, 2, regexp.MustCompile(`accepts 1 arg`)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			code, stdout, stderr := cliRun(t, c.args...)
			if code != c.code {
				t.Errorf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, c.code, stdout, stderr)
			}
			if !c.stderr.MatchString(stderr) {
				t.Errorf("stderr %q does not match %s", stderr, c.stderr)
			}
		})
	}

	t.Run("empty-file", func(t *testing.T) {
		t.Parallel()
		code, stdout, stderr := cliRun(t, runArgs("--format", "json", empty)...)
		if code != 0 || stderr != "" {
			t.Fatalf("exit %d, stderr %q", code, stderr)
		}
		var rep struct {
			Outcomes []struct {
				Stdout, Stderr []string
				ExitCode       int
				Status         string
			}
		}
		if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
			t.Fatalf("not JSON: %v\n%s", err, stdout)
		}
		if len(rep.Outcomes) != 1 {
			t.Fatalf("outcomes: %+v", rep.Outcomes)
		}
		o := rep.Outcomes[0]
		if len(o.Stdout) != 0 || len(o.Stderr) != 0 || o.ExitCode != 0 || o.Status != "exited" {
			t.Errorf("empty file produced output: %+v", o)
		}
	})
	t.Run("empty-file-text", func(t *testing.T) {
		t.Parallel()
		code, stdout, stderr := cliRun(t, runArgs(empty)...)
		if code != 0 || stderr != "" {
			t.Fatalf("exit %d, stderr %q", code, stderr)
		}
		// A header line and "exit code 0", nothing from the snippet.
		lines := strings.Split(strings.TrimSpace(stdout), "\n")
		if len(lines) != 2 || strings.TrimSpace(lines[1]) != "exit code 0" {
			t.Errorf("stdout:\n%s", stdout)
		}
	})
}

// TestRunHostile drives hostile snippets through the command: every one
// must end with exit code 1 and say why.
func TestRunHostile(t *testing.T) {
	mount := t.TempDir()
	secretDir := t.TempDir()
	secret := writeFile(t, secretDir, "secret.txt", []byte("LOOPLINT-CLI-SECRET\n"))
	writeFile(t, mount, "data.txt", []byte("hello\n"))
	if err := os.Symlink(secret, filepath.Join(mount, "link")); err != nil {
		t.Fatal(err)
	}

	cases := []struct {
		name, src string
		extra     []string
		want      []string // substrings of stdout
	}{
		{"timeout", "while(true){}", []string{"--timeout", "500ms"}, []string{"TIMEOUT: stopped after 500ms"}},
		{"starvation", "function f() {\n  process.nextTick(f)\n}\nf()\n", nil, []string{"STARVATION: nextTick queue never drained", "starve.js:2:"}},
		{"budget", "setInterval(() => {}, 1)", nil, []string{"BUDGET: stopped: more than 10000 callbacks ran"}},
		{"child-process", "require('child_process').execSync('id')", nil, []string{"not supported in the sandbox", "exit code 1"}},
		{"throw-object", "throw {a:1}", nil, []string{"stderr| { a: 1 }", "exit code 1"}},
		{"json-garbage", "JSON.parse('{garbage')", nil, []string{"stderr| SyntaxError", "exit code 1"}},
		{"symlink-escape", "console.log(require('fs').readFileSync('link', 'utf8'))", []string{"--fs", mount}, []string{"ENOENT", "exit code 1"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			name := "hostile.js"
			if c.name == "starvation" {
				name = "starve.js"
			}
			file := writeFile(t, t.TempDir(), name, []byte(c.src))
			args := runArgs(append(c.extra, file)...)
			code, stdout, stderr := cliRun(t, args...)
			if code != 1 {
				t.Errorf("exit %d, want 1\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
			}
			for _, w := range c.want {
				if !strings.Contains(stdout, w) {
					t.Errorf("stdout lacks %q:\n%s", w, stdout)
				}
			}
			if strings.Contains(stdout, "LOOPLINT-CLI-SECRET") {
				t.Errorf("host secret leaked:\n%s", stdout)
			}
		})
	}

	t.Run("fs-dir-unchanged", func(t *testing.T) {
		t.Parallel()
		dir := t.TempDir()
		writeFile(t, dir, "keep.txt", []byte("original\n"))
		file := writeFile(t, t.TempDir(), "writer.js", []byte(`const fs = require('fs')
fs.writeFileSync('x.txt', 'new'); fs.writeFileSync('keep.txt', 'changed'); fs.unlinkSync('keep.txt')
console.log(fs.existsSync('keep.txt'), fs.readFileSync('x.txt', 'utf8'))`))
		code, stdout, stderr := cliRun(t, runArgs("--fs", dir, file)...)
		if code != 0 || !strings.Contains(stdout, "false new") {
			t.Errorf("exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
		}
		ents, _ := os.ReadDir(dir)
		if len(ents) != 1 || ents[0].Name() != "keep.txt" {
			t.Errorf("--fs dir changed: %v", ents)
		}
		if data, _ := os.ReadFile(filepath.Join(dir, "keep.txt")); string(data) != "original\n" {
			t.Errorf("keep.txt changed on the host: %q", data)
		}
	})
}
