package parse

import (
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/looplint/looplint/loop"
)

func TestSyntaxErrorPosition(t *testing.T) {
	// esbuild's wording, at the user's line and column.
	_, err := Parse("bad.js", []byte("const a = 1;\nconst b = ;\n"))
	if err == nil {
		t.Fatal("no error")
	}
	if got := err.Error(); !strings.HasPrefix(got, "bad.js:2:11: ") {
		t.Errorf("got %q, want bad.js:2:11: ...", got)
	}
}

func TestTypeScriptStripped(t *testing.T) {
	f, err := Parse("x.ts", []byte("const n: number = 1;\ninterface I { a: string }\nconsole.log(n as number);\n"))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(f.Source, "interface") || !f.Transformed {
		t.Errorf("types not stripped:\n%s", f.Source)
	}
}

func TestRejectsBinary(t *testing.T) {
	if _, err := Parse("x.js", []byte("ab\x00cd")); err == nil {
		t.Error("binary accepted")
	}
	if _, err := Parse("x.js", []byte{0xff, 0xfe, 'a'}); err == nil {
		t.Error("invalid UTF-8 accepted")
	}
}

func TestEmptyAndHashbang(t *testing.T) {
	if _, err := Parse("x.js", nil); err != nil {
		t.Errorf("empty file: %v", err)
	}
	f, err := Parse("x.js", []byte("#!/usr/bin/env node\nconsole.log(1)\n"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(f.Source, "//") || strings.Count(f.Source, "\n") != 2 {
		t.Errorf("hashbang line not neutralised in place: %q", f.Source)
	}
}

func TestModuleKind(t *testing.T) {
	dir := t.TempDir()
	write := func(rel, s string) string {
		p := filepath.Join(dir, rel)
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte(s), 0o644)
		return p
	}
	esm := "import fs from 'fs';\nconsole.log(fs);\n"
	tla := "await null;\n"
	cases := []struct {
		file, src string
		detect    bool
		want      loop.ModuleKind
	}{
		{write("a.mjs", "console.log(1)"), "", false, loop.ESModule},
		{write("a.cjs", esm), "", true, loop.CommonJS},
		{write("plain/a.js", esm), "", false, loop.CommonJS}, // before 20.19/22.7: SyntaxError at run time
		{write("plain/b.js", esm), "", true, loop.ESModule},  // module detection
		{write("plain/c.js", tla), "", true, loop.ESModule},
		{write("plain/d.js", "console.log(1)"), "", true, loop.CommonJS},
		{write("typed/x.js", "console.log(1)"), "", false, loop.ESModule},
	}
	write("typed/package.json", `{"type": "module"}`)
	for _, c := range cases {
		f, err := Load(c.file)
		if err != nil {
			t.Fatalf("%s: %v", c.file, err)
		}
		if got := f.Module(c.detect); got != c.want {
			t.Errorf("%s (detect=%v): got %v, want %v", c.file, c.detect, got, c.want)
		}
	}
}

func TestLowersOnlyWhatTheEngineLacks(t *testing.T) {
	src := "async function* g() { yield 1; }\n(async () => { for await (const x of g()) console.log(x); })();\n"
	f, err := Parse("x.js", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if !f.Lowered {
		t.Error("async generator not lowered")
	}
	if !strings.Contains(f.Source, "async") || !strings.Contains(f.Source, "await") {
		t.Errorf("async/await must stay as written:\n%s", f.Source)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"", "a(", "import x from 'y'", "await 1", "class A { #x }", "`${", "/*", "\"\\u{"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		file, err := Parse("f.js", src)
		if err == nil && file == nil {
			t.Fatal("nil file without error")
		}
	})
}

// The engine's lexer reads /[a/ on past the line; V8 and esbuild stop.
func TestUnterminatedRegExp(t *testing.T) {
	for _, src := range []string{"const r = /[a/; console.log(1)\n", "const r = /[a/;\nconsole.log(1)\n"} {
		if _, err := Parse("re.js", []byte(src)); err == nil || !strings.Contains(err.Error(), "re.js:1:") {
			t.Errorf("Parse(%q) = %v, want an error on line 1", src, err)
		}
	}
	if _, err := Parse("ok.js", []byte("console.log(/a[/]b/g.test('a/b'), /[[]/.test('['), /[\\]]/.test(']'))\n")); err != nil {
		t.Errorf("closed classes refused: %v", err)
	}
	// A literal with flags that ends its line is the file's own text, not
	// a reprint (Node runs each of these).
	for _, src := range []string{"const r = /a/g\nconsole.log(r.test('a'))\n", "const o = {\n  q: /([\"\\\\])/g\n};\n", "const k = /t=(\\d+)/i\n/** doc */\nfunction f() {}\n"} {
		f, err := Parse("flags.js", []byte(src))
		if err != nil || f.Transformed {
			t.Errorf("Parse(%q): error %v, transformed %v; want its own text", src, err, f != nil && f.Transformed)
		}
	}
}

// looksESM finds what a walk over every line found (the definition it
// replaced, kept here to compare).
func TestLooksESM(t *testing.T) {
	byLines := func(src string) bool {
		for len(src) > 0 {
			line := src
			if i := strings.IndexByte(src, '\n'); i >= 0 {
				line, src = src[:i], src[i+1:]
			} else {
				src = ""
			}
			line = strings.TrimLeft(line, " \t")
			if len(line) > 6 && (strings.HasPrefix(line, "import") || strings.HasPrefix(line, "export")) &&
				strings.IndexByte(" \t{*", line[6]) >= 0 {
				return true
			}
		}
		return false
	}
	cases := []string{"", "import x from 'y'", "module.exports = 1\n", "  export {a}", "\timport*as x from 'y'",
		"x\nexport", "x\nexport\n", "// import x\n", "reimport x", "a;import x", "export\tdefault 1", "importx", "exports.a = 1"}
	pieces := []string{"import", "export", "exports", " ", "\t", "\n", "\r", "{", "*", "x", ";", "//", "."}
	r := rand.New(rand.NewSource(2))
	for range 20000 {
		var b strings.Builder
		for range r.Intn(8) {
			b.WriteString(pieces[r.Intn(len(pieces))])
		}
		cases = append(cases, b.String())
	}
	for _, c := range cases {
		if got, want := looksESM(c), byLines(c); got != want {
			t.Fatalf("looksESM(%q) = %v, by lines %v", c, got, want)
		}
	}
}
