package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func runCLI(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := execute(args, &out, &errb)
	return out.String(), errb.String(), code
}

func TestGenDeterministic(t *testing.T) {
	a, _, code := runCLI(t, "gen", "--seed", "42", "--size", "5")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	b, _, _ := runCLI(t, "gen", "--seed", "42", "--size", "5")
	if a != b {
		t.Fatalf("same seed, different programs:\n%s\n---\n%s", a, b)
	}
	c, _, _ := runCLI(t, "gen", "--seed", "43", "--size", "5")
	if a == c {
		t.Fatal("seeds 42 and 43 gave the same program")
	}
	if !strings.HasPrefix(a, "// looplint gen --seed 42 --size 5 --node ") || !strings.Contains(a, "console.log('L1')") {
		t.Fatalf("unexpected program:\n%s", a)
	}
}

func TestGenMany(t *testing.T) {
	out, _, code := runCLI(t, "gen", "--seed", "7", "--n", "3")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, s := range []string{"// ==== program 1 of 3 (seed 7) ====", "// ==== program 3 of 3 (seed 9) ===="} {
		if !strings.Contains(out, s) {
			t.Errorf("missing %q in:\n%s", s, out)
		}
	}
	dir := t.TempDir()
	if _, errs, code := runCLI(t, "gen", "--seed", "7", "--n", "3", "--answer", "--out", dir); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, name := range []string{"gen-7.js", "gen-8.js", "gen-9.js", "gen-9.answer.txt"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Error(err)
		}
	}
	one, _, _ := runCLI(t, "gen", "--seed", "8")
	file, _ := os.ReadFile(filepath.Join(dir, "gen-8.js"))
	if string(file) != one {
		t.Errorf("--out file differs from the printed program")
	}
}

func TestGenAnswer(t *testing.T) {
	out, _, code := runCLI(t, "gen", "--seed", "3", "--size", "3", "--node", "20", "--answer")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	i := strings.Index(out, "// ==== answer (Node 20.20.2, CommonJS): ")
	if i < 0 {
		t.Fatalf("no answer block:\n%s", out)
	}
	// The answer's first order starts with the program's first log.
	if !strings.Contains(out[i:], "L1") {
		t.Errorf("answer does not mention L1:\n%s", out[i:])
	}
	// The program and its answer are one valid file: run predict on it.
	dir := t.TempDir()
	p := filepath.Join(dir, "quiz.js")
	os.WriteFile(p, []byte(out), 0o644)
	if _, errs, code := runCLI(t, "predict", "--node", "20", "--explore", "5", p); code == 2 {
		t.Fatalf("the quiz does not parse: %s", errs)
	}
}

func TestGenBadFlags(t *testing.T) {
	for _, args := range [][]string{{"gen", "--n", "0"}, {"gen", "--size", "0"}, {"gen", "--node", "7"}, {"gen", "x.js"}} {
		if _, _, code := runCLI(t, args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}
