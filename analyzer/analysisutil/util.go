// Package analysisutil holds small helpers the analyzers share.
package analysisutil

import (
	"fmt"
	"strings"

	"github.com/grafana/sobek/ast"
	"github.com/grafana/sobek/token"

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

// FuncBody is the body of a function or arrow literal (an arrow's may be
// an expression), nil for anything else.
func FuncBody(n ast.Node) ast.Node {
	switch n := n.(type) {
	case *ast.FunctionLiteral:
		if n.Body != nil {
			return n.Body
		}
	case *ast.ArrowFunctionLiteral:
		return n.Body
	}
	return nil
}

// Generated reports whether fn is (or is nested in) a helper that esbuild
// added when it lowered syntax the engine lacks (__async,
// __asyncGenerator, __forAwait, ..., or renamed _$asyncGenerator when the
// file declares the name itself): code the user did not write, whose
// findings would point at lines that do not hold it.
func Generated(f *jsfile.File, fn *sched.Func) bool {
	if !f.Lowered {
		return false
	}
	for ; fn != nil && !fn.Top; fn = fn.Parent {
		if fn.Parent != nil && fn.Parent.Top && (strings.HasPrefix(fn.Name, "__") || strings.HasPrefix(fn.Name, "_$")) {
			return true
		}
	}
	return false
}

// Observable reports whether the callback a scheduling site queues (its
// first argument) has an effect whose order someone can see: see Effects.
// A bare resolve, reject, cb, callback, done or next counts too.
func Observable(s *sched.Call) bool {
	if len(s.Args) == 0 {
		return false
	}
	if id, ok := s.Args[0].(*ast.Identifier); ok && effectName[id.Name.String()] {
		return true
	}
	for _, fn := range s.Funcs {
		if fn.Node == s.Args[0] || len(s.Funcs) == 1 {
			return Effects(fn)
		}
	}
	return false
}

var effectName = map[string]bool{"resolve": true, "reject": true, "cb": true, "callback": true, "done": true, "next": true}

var effectMethod = map[string]bool{"emit": true, "write": true, "end": true, "send": true, "push": true, "unshift": true, "resolve": true, "reject": true}

// Effects reports whether fn (or a same-file function it calls, or a
// nextTick/microtask/promise callback it queues) has an observable
// effect: console output, a stream write, emit, resolve/reject, calling a
// callback, pushing to an array, process.exit or process.send.
func Effects(fn *sched.Func) bool { return effects(fn, map[*sched.Func]bool{}) }

// EffectCall reports whether the site itself is an observable effect (not
// counting the functions it calls).
func EffectCall(s *sched.Call) bool {
	if strings.HasPrefix(s.Callee, "console.") || strings.HasPrefix(s.Callee, "process.stdout.") || strings.HasPrefix(s.Callee, "process.stderr.") ||
		s.Callee == "process.exit" || s.Callee == "process.send" || effectMethod[s.Method] || s.Kind == sched.Emit {
		return true
	}
	id, ok := sched.Callee(s.Node).(*ast.Identifier)
	return ok && effectName[id.Name.String()]
}

func effects(fn *sched.Func, seen map[*sched.Func]bool) bool {
	if seen[fn] || len(seen) > 32 {
		return false
	}
	seen[fn] = true
	for _, s := range fn.Calls {
		if EffectCall(s) {
			return true
		}
		if s.Target != nil && effects(s.Target, seen) {
			return true
		}
		switch s.Kind {
		case sched.NextTick, sched.Microtask, sched.Reaction, sched.PromiseExec:
			for _, g := range s.Funcs {
				if effects(g, seen) {
					return true
				}
			}
		}
	}
	return false
}

// SettledValue reports whether awaiting e resumes in the current
// microtask drain: a literal, undefined, void x, or a settled promise.
func SettledValue(facts *sched.Facts, e ast.Expression) bool {
	switch e := e.(type) {
	case *ast.NullLiteral, *ast.NumberLiteral, *ast.StringLiteral, *ast.BooleanLiteral:
		return true
	case *ast.TemplateLiteral:
		return e.Tag == nil && len(e.Expressions) == 0
	case *ast.Identifier:
		return e.Name == "undefined"
	case *ast.UnaryExpression:
		return e.Operator == token.VOID
	case *ast.CallExpression:
		_, ok := Settled(facts, e)
		return ok
	}
	return false
}

// Settled reports whether a promise expression is already settled when
// it is evaluated: Promise.resolve() of a value that is not a thenable
// (see NotThenable), Promise.reject(...), or a then/catch/finally chain
// on one. state is "resolved", "rejected", or ""
// for a chain (settled, outcome not tracked).
func Settled(facts *sched.Facts, e ast.Expression) (state string, ok bool) {
	for depth := 0; depth < 64; depth++ {
		call, isCall := e.(*ast.CallExpression)
		if !isCall {
			return "", false
		}
		s := facts.CallAt(call)
		switch {
		case s == nil:
			return "", false
		case s.Callee == "Promise.resolve":
			// Promise.resolve(p) is p itself, or follows a thenable: it is
			// settled only when its argument cannot be one.
			if len(call.ArgumentList) > 0 && !NotThenable(call.ArgumentList[0]) {
				return "", false
			}
			if depth > 0 {
				return "", true
			}
			return "resolved", true
		case s.Callee == "Promise.reject":
			if depth > 0 {
				return "", true
			}
			return "rejected", true
		case s.Kind == sched.Reaction && s.Recv != nil:
			e = s.Recv
		default:
			return "", false
		}
	}
	return "", false
}

// NotThenable reports whether e evaluates to a value that is certainly
// not a promise or other thenable: a primitive (a literal, a template, a
// typeof, arithmetic or comparison), or an array, function, class or
// object literal without a "then" property. An identifier, a call or a
// member is not known.
func NotThenable(e ast.Expression) bool {
	switch e := e.(type) {
	case *ast.NullLiteral, *ast.NumberLiteral, *ast.StringLiteral, *ast.BooleanLiteral,
		*ast.RegExpLiteral, *ast.ArrayLiteral, *ast.FunctionLiteral, *ast.ArrowFunctionLiteral, *ast.ClassLiteral:
		return true
	case *ast.TemplateLiteral:
		return e.Tag == nil
	case *ast.Identifier:
		return e.Name == "undefined"
	case *ast.UnaryExpression:
		return true // typeof, void, !, -, +, ~, delete: primitives
	case *ast.BinaryExpression:
		switch e.Operator {
		case token.LOGICAL_AND, token.LOGICAL_OR, token.COALESCE:
			return NotThenable(e.Left) && NotThenable(e.Right)
		}
		return true
	case *ast.ObjectLiteral:
		for _, p := range e.Value {
			switch p := p.(type) {
			case *ast.PropertyKeyed:
				if k, ok := p.Key.(*ast.StringLiteral); ok && k.Value == "then" || p.Computed {
					return false
				}
				if k, ok := p.Key.(*ast.Identifier); ok && k.Name == "then" {
					return false
				}
			case *ast.PropertyShort:
				if p.Name.Name == "then" {
					return false
				}
			default: // ...spread
				return false
			}
		}
		return true
	}
	return false
}
