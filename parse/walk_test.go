package parse

import (
	"fmt"
	"strings"
	"testing"

	"github.com/looplint/looplint/loop"
)

// Each var is also in its function's DeclarationList: following both
// reaches the innermost function 2^16 times.
var nestedVarFunctions = strings.Repeat("var f = function () { ", 16) + "return 1;" + strings.Repeat(" };", 16)

// Walk visits each node once however many lists refer to it: the
// runtime applies a source rewrite per visit.
func TestWalkVisitsEachNodeOnce(t *testing.T) {
	cases := []struct {
		name   string
		src    string
		module bool
	}{
		{"nested var functions", CJSPrefix + nestedVarFunctions + CJSSuffix, false},
		{"nested var functions, module", nestedVarFunctions, true},
		{"imports and exports", "import x from 'y';\nexport function f() { return () => this; }\nexport default async function () {}\nexport var v = 1, w = a ?? b;\n", true},
		{"for var", "for (var i in o) {} for (var j = 0; j < 1; j++) {} var g = () => { var h; };", false},
		{"static block", "class C { static { var s = function () { var t; }; } }", false},
	}
	for _, c := range cases {
		prog, err := ParseJS("", c.src, c.module)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		visits, perNode := 0, map[any]int{}
		Walk(prog, func(n any) bool {
			visits++
			perNode[n]++
			return true
		})
		if visits != len(perNode) {
			var twice []string
			for n, k := range perNode {
				if k > 1 && len(twice) < 3 {
					twice = append(twice, fmt.Sprintf("%T ×%d", n, k))
				}
			}
			t.Errorf("%s: %d visits to %d nodes (e.g. %s)", c.name, visits, len(perNode), strings.Join(twice, ", "))
		}
	}
}

// An exported declaration is listed once among the file's syntax uses.
func TestSyntaxUsesOfExports(t *testing.T) {
	f, err := Parse("x.mjs", []byte("export function f() { return a ?? b; }\n"))
	if err != nil {
		t.Fatal(err)
	}
	if uses := f.SyntaxUses(); len(uses) != 1 || uses[0].Feature != loop.SyntaxNullish {
		t.Errorf("got %+v, want one syntax:??", uses)
	}
}
