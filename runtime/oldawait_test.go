package runtime

import (
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/grafana/sobek/ast"

	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/parse"
)

// nestedVarFunctions is `var f0 = function () { var f1 = function () { … } }`
// depth levels deep, with body at the innermost level. Each var is also
// listed in its function's DeclarationList, so a walk that follows both
// reaches level k 2^k times.
func nestedVarFunctions(depth int, body string) string {
	var b strings.Builder
	for i := range depth {
		b.WriteString("var f" + strconv.Itoa(i) + " = function () { ")
	}
	b.WriteString(body)
	for range depth {
		b.WriteString(" };")
	}
	return b.String()
}

// walkCounts walks the tree rewriteSource hands its rewrites and counts
// how often each node is visited.
func walkCounts(src string, module bool) (visits int, perNode map[any]int) {
	perNode = map[any]int{}
	rewriteSource(src, module, func(prog *ast.Program, _ int, _ func(int, string, bool)) {
		walk(reflect.ValueOf(prog), func(n any) bool {
			visits++
			perNode[n]++
			return true
		})
	})
	return visits, perNode
}

// The rewrites at Prepare walk the tree several times: each walk must
// visit a node once, or nested var functions cost 2^depth and every
// rewrite is applied once per visit.
func TestWalkVisitsEachNodeOnce(t *testing.T) {
	cases := []struct {
		name   string
		src    string
		module bool
	}{
		{"nested var functions", nestedVarFunctions(16, "return 1;"), false},
		{"nested var functions, module", nestedVarFunctions(16, "return 1;"), true},
		{"exports", "export function f() { return () => this; }\nexport default async function () {}\nexport var v = 1;\nimport x from 'y';\n", true},
		{"for var", "for (var i in o) {} for (var j = 0; j < 1; j++) {} var g = () => { var h; };", false},
		{"static block", "class C { static { var s = function () { var t; }; } }", false},
	}
	for _, c := range cases {
		visits, perNode := walkCounts(c.src, c.module)
		if len(perNode) == 0 {
			t.Fatalf("%s: nothing walked (parse error?)", c.name)
		}
		if visits != len(perNode) {
			var twice []string
			for n, k := range perNode {
				if k > 1 && len(twice) < 3 {
					twice = append(twice, reflect.TypeOf(n).String()+" ×"+strconv.Itoa(k))
				}
			}
			t.Errorf("%s: %d visits to %d nodes (e.g. %s)", c.name, visits, len(perNode), strings.Join(twice, ", "))
		}
	}
}

// Each rewrite edits a node once, whichever way its declaration makes it
// reachable.
func TestRewritesOncePerNode(t *testing.T) {
	cases := []struct {
		name    string
		rewrite func(string, bool) string
		src     string
		module  bool
		want    string
	}{
		{"old await in a var function", rewriteOldAwait,
			"var f = async function () { await p; };", false,
			"var f = async function () { await " + oldAwaitHelper + "( p); };"},
		{"old await in an exported function", rewriteOldAwait,
			"export async function f() { await p; }", true,
			"export async function f() { await " + oldAwaitHelper + "( p); }"},
		{"arguments in a module's var function", rewriteEngineGaps,
			"var f = function () { return () => arguments; };", true,
			"var f = function () {; var " + arrowArgs + " = arguments;  return () => " + arrowArgs + "; };"},
		{"arguments in an exported function", rewriteEngineGaps,
			"export function f() { return () => arguments; }", true,
			"export function f() {; var " + arrowArgs + " = arguments;  return () => " + arrowArgs + "; }"},
		{"default name in a var function", rewriteEngineGaps,
			"var f = function (cb = () => 1) {};", false,
			"var f = function (cb = " + defaultNameHelper + "(() => 1, \"cb\")) {};"},
		{"counting loop in a var function", rewriteEngineGaps,
			"var f = function () { for (let i = 0; i < 1e9; i++) {} };", false,
			"var f = function () { for (let i = 0; (i < 1000000000 && (i = 1000000000), i < 1e9); i++) {} };"},
		{"module this in an exported arrow", rewriteEngineGaps,
			"export var a = () => this;", true,
			"export var a = () => (void this);"},
	}
	for _, c := range cases {
		if got := c.rewrite(c.src, c.module); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.want)
		}
	}
}

// Before V8 7.2 awaiting a native promise took 3 jobs however the async
// function was declared: a function expression assigned with var must
// not wait longer than a declaration.
func TestOldAwaitVarFunctionOrder(t *testing.T) {
	const chain = "\nf();\nPromise.resolve().then(() => console.log(1)).then(() => console.log(2)).then(() => console.log(3)).then(() => console.log(4));\n"
	for _, decl := range []string{
		"async function f() { await Promise.resolve(); console.log('a'); }",
		"var f = async function () { await Promise.resolve(); console.log('a'); };",
	} {
		f, err := parse.Parse("main.js", []byte(decl+chain))
		if err != nil {
			t.Fatal(err)
		}
		p, err := Prepare(f, Options{Node: loop.Version{Major: 10, Minor: 24, Patch: 1}})
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(p.Run(nil).Stdout, " "); got != "1 2 a 3 4" {
			t.Errorf("Node 10, %s\n got %s\nwant 1 2 a 3 4", decl, got)
		}
	}
}

// BenchmarkPrepareNestedVarFunctions is Prepare on 25 nested var
// functions: its rewrites walk the tree, and a walk that follows
// DeclarationList as well as the body takes 2^25 steps here.
func BenchmarkPrepareNestedVarFunctions(b *testing.B) {
	f, err := parse.Parse("main.js", []byte(nestedVarFunctions(25, "return 1;")))
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := Prepare(f, Options{Node: loop.Newest}); err != nil {
			b.Fatal(err)
		}
	}
}
