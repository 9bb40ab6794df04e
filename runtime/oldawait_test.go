package runtime

import (
	"strings"
	"testing"

	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/parse"
)

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
	src := strings.Repeat("var f = function () { ", 25) + "return 1;" + strings.Repeat(" };", 25)
	f, err := parse.Parse("main.js", []byte(src))
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := Prepare(f, Options{Node: loop.Newest}); err != nil {
			b.Fatal(err)
		}
	}
}
