package ir

import (
	"strings"

	"github.com/grafana/sobek/ast"
)

// path names what a callee refers to when that is statically certain: a
// builtin global not shadowed ("setTimeout", "process.nextTick"), a name
// bound from require/import ("fs.readFile", "timers/promises.setTimeout"),
// or require('m').x directly. "" when unknown.
func (l *lowerer) path(e ast.Expression) string {
	switch e := e.(type) {
	case *ast.Identifier:
		b, k, _ := l.lookup(e.Name.String())
		if k == Builtin {
			return e.Name.String()
		}
		if b != nil && b.mod != "" {
			if b.member != "" {
				return b.mod + "." + b.member
			}
			return b.mod
		}
	case *ast.DotExpression:
		if p := l.path(e.Left); p != "" {
			return normPath(p + "." + e.Identifier.Name.String())
		}
	case *ast.CallExpression:
		return l.requirePath(e)
	}
	return ""
}

// printStream are the console methods that print their arguments as
// util.format does (dir, table, trace and the rest are ordinary calls).
var printStream = map[string]string{
	"log": "stdout", "info": "stdout", "debug": "stdout",
	"warn": "stderr", "error": "stderr",
}

var promiseStatics = set("resolve reject all race allSettled any withResolvers try")

var listenMethods = set("on once addListener prependListener prependOnceListener")

// QueueOp is the op of a call of the callee path p when p names one of
// Node's APIs that queue a callback: process.nextTick, queueMicrotask,
// and the timers, also as the timers module's. The analyzers' sched
// classifies its sites with it and MethodOp, so both recognise the same
// calls.
func QueueOp(p string) (OpKind, bool) {
	switch p {
	case "process.nextTick":
		return OpNextTick, true
	case "queueMicrotask":
		return OpMicrotask, true
	case "setTimeout", "timers.setTimeout":
		return OpTimer, true
	case "setInterval", "timers.setInterval":
		return OpInterval, true
	case "setImmediate", "timers.setImmediate":
		return OpImmediate, true
	}
	return "", false
}

// MethodOp is the op the analyzers' sched gives a call of method m on
// any receiver (promise reactions, emit, adding listeners), "" for other
// methods: whether the receiver is a promise or an emitter is known only
// when the call runs. The interpreter runs such calls as any method call.
func MethodOp(m string) OpKind {
	switch {
	case m == "then":
		return OpThen
	case m == "catch":
		return OpCatch
	case m == "finally":
		return OpFinally
	case m == "emit":
		return OpEmit
	case listenMethods[m]:
		return OpListen
	}
	return ""
}

// opFor maps a callee path to an op kind and name.
func opFor(p string) (OpKind, string, bool) {
	if k, ok := QueueOp(p); ok {
		return k, "", true
	}
	mod, name := p, ""
	if i := strings.LastIndexByte(p, '.'); i >= 0 {
		mod, name = p[:i], p[i+1:]
	}
	switch p {
	case "clearTimeout", "timers.clearTimeout":
		return OpClear, "timeout", true
	case "clearInterval", "timers.clearInterval":
		return OpClear, "interval", true
	case "clearImmediate", "timers.clearImmediate":
		return OpClear, "immediate", true
	case "process.exit":
		return OpExit, "", true
	}
	switch mod {
	case "console":
		if s, ok := printStream[name]; ok {
			return OpPrint, s, true
		}
	case "Promise":
		if promiseStatics[name] {
			return OpPromise, name, true
		}
	case "fs":
		if strings.HasSuffix(name, "Sync") {
			return OpIOSync, strings.TrimSuffix(name, "Sync"), true
		}
		if name != "" && name != "constants" {
			return OpIO, name, true
		}
	case "fs/promises":
		if name != "" && name != "constants" {
			return OpIOPromise, name, true
		}
	}
	return "", "", false
}

func (l *lowerer) call(e *ast.CallExpression) Expr {
	callee, opt := e.Callee, false
	if o, ok := callee.(*ast.Optional); ok {
		callee, opt = o.Expression, true
	}
	at := l.pos(e.Idx0())
	if _, ok := callee.(*ast.DynamicImportExpression); ok {
		return &Op{Kind: OpImport, Args: l.exprs(e.ArgumentList), Callee: "import", Pos: l.pos(l.kw(e.LeftParenthesis, "import"))}
	}
	if p := l.path(callee); p != "" {
		if k, name, ok := opFor(p); ok {
			return &Op{Kind: k, Name: name, Args: l.exprs(e.ArgumentList), Optional: opt, Callee: l.text(callee.Idx0(), callee.Idx1()), Pos: at}
		}
	}
	c := &Call{Callee: l.expr(callee), Args: l.exprs(e.ArgumentList), Optional: opt, Pos: at}
	if id, ok := callee.(*ast.Identifier); ok && (id.Name == "eval" || id.Name == "Function") {
		_, k, _ := l.lookup(id.Name.String())
		c.Eval = k == Builtin
	}
	return c
}

func (l *lowerer) newExpr(e *ast.NewExpression) Expr {
	at := l.pos(e.New)
	if l.path(e.Callee) == "Promise" {
		return &Op{Kind: OpNewPromise, Args: l.exprs(e.ArgumentList), Callee: l.text(e.New, e.Callee.Idx1()), Pos: at}
	}
	c := &Call{Callee: l.expr(e.Callee), Args: l.exprs(e.ArgumentList), New: true, Pos: at}
	if id, ok := e.Callee.(*ast.Identifier); ok && id.Name == "Function" {
		_, k, _ := l.lookup("Function")
		c.Eval = k == Builtin
	}
	return c
}
