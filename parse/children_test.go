package parse

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grafana/sobek/ast"
)

// countWalk counts, by Walk's reflection and by Children, the nodes
// fixTree acts on; Children must reach all of them.
func countNodes(prog *ast.Program) (walk, children [3]int) {
	kind := func(n any) int {
		switch n.(type) {
		case *ast.BinaryExpression:
			return 0
		case *ast.RegExpLiteral:
			return 1
		case *ast.FunctionLiteral:
			return 2
		}
		return -1
	}
	Walk(prog, func(n any) bool {
		if k := kind(n); k >= 0 {
			walk[k]++
		}
		return true
	})
	var visit func(n ast.Node)
	visit = func(n ast.Node) {
		if k := kind(n); k >= 0 {
			children[k]++
		}
		Children(n, visit)
	}
	visit(prog)
	return
}

// TestChildrenReachesWhatWalkDoes: fixTree walks with Children; every
// binary expression, regular expression and function Walk reaches, it
// reaches. LOOPLINT_WALK_FILES names a file listing more files to try
// (a node_modules tree).
func TestChildrenReachesWhatWalkDoes(t *testing.T) {
	src := `
var a = 1 < 2 < 3, r = /x/g, o = { m() { return a in o }, get g() { return 1 > 2 }, [1 < 2]: 3, ...{ q: 1 < 2 } };
class C extends (1 < 2 ? Object : Object) { static #p = 1 < 2; static { 1 < 2 } async *gen() { yield 1 < 2 } f = () => 1 < 2; }
for (const [x = 1 < 2, { y = /r/ }] of [[]]) { label: for (let i = 0; i < 1; i++) { continue label } }
for (var k in { a: 1 < 2 }) {}
switch (1 < 2) { case 1 < 2: break; default: }
try { throw 1 < 2 } catch ({ e = 1 < 2 }) {} finally { 1 < 2 }
function f(p = 1 < 2, ...rest) { return tag` + "`a${1 < 2}b${/t/}`" + ` }
new f(1 < 2)?.x?.[1 < 2]; do {} while (1 < 2); with ({}) { 1 < 2 }
`
	files := map[string]string{"inline.js": src}
	if list := os.Getenv("LOOPLINT_WALK_FILES"); list != "" {
		data, err := os.ReadFile(list)
		if err != nil {
			t.Fatal(err)
		}
		dir := filepath.Dir(list)
		if d := os.Getenv("LOOPLINT_WALK_DIR"); d != "" {
			dir = d
		}
		for _, p := range strings.Fields(string(data)) {
			if b, err := os.ReadFile(filepath.Join(dir, p)); err == nil {
				files[p] = string(b)
			}
		}
	}
	for name, text := range files {
		prog, err := ParseJS("", CJSPrefix+text+CJSSuffix, false)
		if err != nil {
			if prog, err = ParseJS("", text, true); err != nil {
				if name == "inline.js" {
					t.Fatal(err)
				}
				continue
			}
		}
		w, c := countNodes(prog)
		if name == "inline.js" && (w[0] < 15 || w[1] < 2 || w[2] < 5) {
			t.Errorf("inline.js: Walk reaches only %v", w)
		}
		if w != c {
			t.Errorf("%s: Walk reaches %v (binary, regexp, function), Children %v", name, w, c)
		}
	}
}

// IsNilNode tells a typed nil pointer of any node type from a node, as
// the type switch it replaced did for the types the tree leaves nil.
func TestIsNilNode(t *testing.T) {
	var (
		id   *ast.Identifier
		blk  *ast.BlockStatement
		fl   *ast.FunctionLiteral
		call *ast.CallExpression
		tmpl *ast.TemplateElement
	)
	for _, n := range []ast.Node{nil, id, blk, fl, call, tmpl, ast.Expression(nil)} {
		if !IsNilNode(n) {
			t.Errorf("IsNilNode(%T(nil)) = false", n)
		}
	}
	for _, n := range []ast.Node{&ast.Identifier{}, &ast.BlockStatement{}, &ast.CallExpression{}, &ast.NullLiteral{}, &ast.Program{}} {
		if IsNilNode(n) {
			t.Errorf("IsNilNode(%T) = true for a node", n)
		}
	}
	var e ast.Expression = id // a nil pointer through another interface
	if !IsNilNode(e) {
		t.Error("a nil *ast.Identifier held as an ast.Expression is not nil")
	}
}
