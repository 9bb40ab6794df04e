package ir

import (
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/tools/txtar"

	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/parse"
)

var update = flag.Bool("update", false, "rewrite the want.ir sections of testdata/ir")

type golden struct {
	path  string
	arc   *txtar.Archive
	input string
}

func goldens(t testing.TB) []golden {
	files, err := filepath.Glob("../testdata/ir/*.txtar")
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden files: %v", err)
	}
	var out []golden
	for _, f := range files {
		arc, err := txtar.ParseFile(f)
		if err != nil {
			t.Fatal(err)
		}
		g := golden{path: f, arc: arc}
		for _, af := range arc.Files {
			if af.Name == "input.js" {
				g.input = string(af.Data)
			}
		}
		out = append(out, g)
	}
	return out
}

func lowerSource(t testing.TB, name, src string) (*Program, string) {
	t.Helper()
	f, err := parse.Parse(name, []byte(src))
	if err != nil {
		t.Fatalf("%s: parse: %v", name, err)
	}
	p, err := Lower(f, f.Module(true) == loop.ESModule)
	if err != nil {
		t.Fatalf("%s: lower: %v", name, err)
	}
	return p, f.Source
}

func TestGolden(t *testing.T) {
	for _, g := range goldens(t) {
		name := strings.TrimSuffix(filepath.Base(g.path), ".txtar")
		t.Run(name, func(t *testing.T) {
			p, _ := lowerSource(t, name+".js", g.input)
			got := Print(p)
			if got != Print(p) {
				t.Fatal("Print is not deterministic")
			}
			if *update {
				var files []txtar.File
				for _, f := range g.arc.Files {
					if f.Name != "want.ir" {
						files = append(files, f)
					}
				}
				g.arc.Files = append(files, txtar.File{Name: "want.ir", Data: []byte(got)})
				if err := os.WriteFile(g.path, txtar.Format(g.arc), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			for _, f := range g.arc.Files {
				if f.Name == "want.ir" {
					if want := string(f.Data); got != want {
						t.Errorf("IR differs (run go test ./ir -update to accept)\n--- got\n%s\n--- want\n%s", got, want)
					}
					return
				}
			}
			t.Fatal("no want.ir section")
		})
	}
}

// at returns the source text starting at pos.
func at(src string, pos Pos) (string, bool) {
	lines := strings.SplitAfter(src, "\n")
	if pos.Line < 1 || pos.Line > len(lines) {
		return "", false
	}
	line := lines[pos.Line-1]
	col := pos.Col - 1
	for i := range line {
		if col == 0 {
			return line[i:], true
		}
		col--
	}
	return "", col == 0
}

// walk visits every node reachable from v (an IR node, slice or struct).
func walk(v reflect.Value, visit func(any)) {
	switch v.Kind() {
	case reflect.Interface, reflect.Pointer:
		if v.IsNil() {
			return
		}
		if v.Kind() == reflect.Pointer {
			if _, ok := v.Interface().(*Func); ok && v.Type() != reflect.TypeOf(&Func{}) {
				return
			}
			visit(v.Interface())
			if _, ok := v.Interface().(*Func); ok {
				return // funcs are walked from Program.Funcs
			}
		}
		walk(v.Elem(), visit)
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).Type == reflect.TypeOf(&Func{}) {
				continue
			}
			walk(v.Field(i), visit)
		}
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			walk(v.Index(i), visit)
		}
	}
}

// TestPositions checks that positions point at the right source text:
// each op at its callee as written, each Var at its name, each statement
// and Unknown inside the file.
func TestPositions(t *testing.T) {
	ops := map[OpKind]int{}
	for _, g := range goldens(t) {
		p, src := lowerSource(t, filepath.Base(g.path)+".js", g.input)
		for _, f := range p.Funcs {
			walk(reflect.ValueOf(f.Body), func(n any) {
				switch n := n.(type) {
				case *Op:
					ops[n.Kind]++
					s, ok := at(src, n.Pos)
					if !ok || n.Callee == "" || !strings.HasPrefix(s, n.Callee) {
						t.Errorf("%s: %s op at %s: source %.20q does not start with callee %q", g.path, n.Kind, n.Pos, s, n.Callee)
					}
				case *Var:
					// Exports without a position of their own point at `export`.
					if s, ok := at(src, n.Pos); !ok || !strings.HasPrefix(s, n.Name) && !strings.HasPrefix(s, "export") {
						t.Errorf("%s: var %s at %s: source %.20q", g.path, n.Name, n.Pos, s)
					}
				case *Const:
					if n.Kind == String || n.Kind == Undefined {
						break
					}
					if s, ok := at(src, n.Pos); !ok || !strings.HasPrefix(s, n.Value) {
						t.Errorf("%s: const %s at %s: source %.20q", g.path, n.Value, n.Pos, s)
					}
				}
			})
		}
	}
	for _, k := range []OpKind{OpPrint, OpNextTick, OpMicrotask, OpTimer, OpInterval, OpImmediate, OpClear,
		OpPromise, OpNewPromise, OpAwait, OpIO, OpIOSync, OpIOPromise, OpExit, OpExitCode, OpImport} {
		if ops[k] == 0 {
			t.Errorf("no golden test covers op %s", k)
		}
	}
}

// TestFirstLineColumns checks that the CommonJS wrapper does not shift line 1.
func TestFirstLineColumns(t *testing.T) {
	p, _ := lowerSource(t, "a.js", "  setTimeout(f, 1); é; console.log(1)")
	got := Print(p)
	for _, want := range []string{"timer($f, 1) @1:3", "$é @1:21", "print stdout (1) @1:24"} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
}

func TestParseErrorPosition(t *testing.T) {
	f := &parse.File{Path: "x.js", Source: "let a = 1;\nlet = ;"}
	_, err := Lower(f, false)
	pe, ok := err.(*parse.Error)
	if !ok || pe.Line != 2 {
		t.Fatalf("got %v", err)
	}
}

func FuzzLower(f *testing.F) {
	for _, g := range goldens(f) {
		f.Add(g.input)
	}
	f.Add("for (let [a = b, {c}] of d) label: while (0) { continue label; }")
	f.Add("a?.b.c?.(); class { static {} }; `${`${x}`}`")
	f.Fuzz(func(t *testing.T, src string) {
		if !utf8.ValidString(src) || len(src) > 1<<16 {
			return
		}
		pf := parseNoPanic(src)
		if pf == nil {
			return
		}
		for _, module := range []bool{false, true} {
			if p, err := lower(pf, module, ""); err == nil {
				Print(p)
			}
		}
	})
}

// parseNoPanic parses a fuzz input; parse reports malformed input as an
// error (it recovers from the engine parser's own panics), so the target
// covers the whole front door and the lowering.
func parseNoPanic(src string) (pf *parse.File) {
	pf, err := parse.Parse("fuzz.js", []byte(src))
	if err != nil {
		return nil
	}
	return pf
}

// A source nested past maxPrintDepth is lowered but not printed: the text
// would grow with the square of the depth.
func TestPrintDeepSource(t *testing.T) {
	src := strings.Repeat("if (a) {\n", 1500) + strings.Repeat("}\n", 1500)
	f, err := parse.Parse("deep.js", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	p, err := Lower(f, false)
	if err != nil {
		t.Fatal(err)
	}
	if out := Print(p); !strings.Contains(out, "(not printed: the source nests") || len(out) > 1000 {
		t.Errorf("Print of a source nested 1500 deep:\n%.300s", out)
	}
}
