package jsfile

import (
	"github.com/grafana/sobek/ast"

	"github.com/looplint/looplint/parse"
)

// Inspect traverses the AST in depth-first order like go/ast.Inspect: it
// calls f(n); if that returns true, it visits n's children, then calls
// f(nil). Unlike parse.Walk, which reaches every node in field order,
// children come in source order (sched lists call sites by it) and are
// only the nodes analyzers read: a property name after a dot is not one,
// a shorthand property's name is.
func Inspect(n ast.Node, f func(ast.Node) bool) {
	if isNil(n) || !f(n) {
		return
	}
	Children(n, func(c ast.Node) { Inspect(c, f) })
	f(nil)
}

// Children calls visit for each direct child of n, in source order
// (parse.Children).
func Children(n ast.Node, visit func(ast.Node)) { parse.Children(n, visit) }

func isNil(n ast.Node) bool { return parse.IsNilNode(n) }
