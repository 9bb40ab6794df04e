// Package analysisutil holds small helpers the analyzers share.
package analysisutil

import (
	"fmt"
	"strings"

	"github.com/grafana/sobek/ast"

	"github.com/looplint/looplint/analyzer/jsfile"
	"github.com/looplint/looplint/analyzer/sched"
)

// FuncName names a function for messages.
func FuncName(f *jsfile.File, fn *sched.Func) string {
	switch {
	case fn == nil:
		return "?"
	case fn.Top:
		return "the top level"
	case fn.Class != nil && fn.Method == "constructor":
		return fmt.Sprintf("the %s constructor", orAnon(fn.Class.Name))
	case fn.Class != nil && fn.Class.Name != "" && fn.Name != "":
		return fn.Class.Name + "." + fn.Name
	case fn.Class != nil && fn.Class.Name != "" && fn.Node != nil:
		return fmt.Sprintf("the %s method at line %d", fn.Class.Name, f.Position(fn.Node.Idx0()).Line)
	case fn.Name != "":
		return fn.Name
	}
	if fn.Node != nil {
		return fmt.Sprintf("the function at line %d", f.Position(fn.Node.Idx0()).Line)
	}
	return "a function"
}

func orAnon(s string) string {
	if s == "" {
		return "anonymous class"
	}
	return s
}

// Line is the 1-based line of a node.
func Line(f *jsfile.File, n ast.Node) int { return f.Position(n.Idx0()).Line }

// Callee returns the callee expression of a call or new site.
func Callee(n ast.Node) ast.Expression {
	switch n := n.(type) {
	case *ast.CallExpression:
		return n.Callee
	case *ast.NewExpression:
		return n.Callee
	}
	return nil
}

// Generated reports whether fn is (or is nested in) a helper that esbuild
// added when it lowered syntax the engine lacks (__async,
// __asyncGenerator, __forAwait, ...): code the user did not write, whose
// findings would point at lines that do not hold it.
func Generated(f *jsfile.File, fn *sched.Func) bool {
	if !f.Lowered {
		return false
	}
	for ; fn != nil && !fn.Top; fn = fn.Parent {
		if fn.Parent != nil && fn.Parent.Top && strings.HasPrefix(fn.Name, "__") {
			return true
		}
	}
	return false
}
