// Package emitbeforelisten reports events emitted before anyone can
// listen to them.
package emitbeforelisten

import (
	"fmt"
	"slices"

	"github.com/grafana/sobek/ast"
	"golang.org/x/tools/go/analysis"

	"github.com/looplint/looplint/analyzer/analysisutil"
	"github.com/looplint/looplint/analyzer/jsfile"
	"github.com/looplint/looplint/analyzer/sched"
)

const Doc = `report events emitted before any listener can be attached

EventEmitter.emit calls the listeners registered at that moment,
synchronously, and then forgets the event. An emit in the constructor of
an EventEmitter subclass runs before "new" returns, so the code that
creates the object has had no chance to call .on(): the event is lost
(and an 'error' event with no listener throws). The same happens to an
emit right after "const e = new Emitter()" and before any e.on(...).

Bad:

	class MyEmitter extends EventEmitter {
	  constructor() {
	    super();
	    this.emit('ready');          // nobody is listening yet
	  }
	}
	const e = new MyEmitter();
	e.on('ready', () => console.log('never printed'));

Fix: emit after the current operation completes, when the caller has
attached its listeners (the suggested fix wraps the call):

	    process.nextTick(() => this.emit('ready'));

The check covers class ... extends EventEmitter (or events.EventEmitter,
a stream class, or a same-file subclass of one), constructor functions
made emitters with util.inherits, EventEmitter.call(this),
F.prototype = Object.create(EventEmitter.prototype) or
Object.setPrototypeOf, and what the constructor runs synchronously with
the new object: methods it calls through this (or var self = this,
F.prototype.m = function ... included), functions it calls with
fn.call(this), functions it hands this to (announce(this)), and arrows
it hands to another module's function whose facts say it may call them
at once (flow.series(steps, () => this.emit('ready')) with series
calling back at once when there are no steps).
After "const e = new Emitter()" (also one binding of several in one
declaration) an emit in the following statements, or in either branch
of an if there, is reported until something else mentions e.`

var Analyzer = &analysis.Analyzer{
	Name:     "emitbeforelisten",
	Doc:      Doc,
	Requires: []*analysis.Analyzer{jsfile.Analyzer, sched.Analyzer},
	Run:      run,
}

func run(pass *analysis.Pass) (any, error) {
	f := pass.ResultOf[jsfile.Analyzer].(*jsfile.File)
	facts := pass.ResultOf[sched.Analyzer].(*sched.Facts)
	reported := map[*sched.Call]bool{}
	for _, cls := range facts.Classes {
		if cls.Ctor == nil || !cls.IsEmitter() {
			continue
		}
		ctorEmits(pass, f, facts, cls, cls.Ctor, "", nil, map[*sched.Func]bool{}, reported, initialFalsy(f, facts, cls.Ctor))
	}
	newThenEmit(pass, f, facts, reported)
	return nil, nil
}

func isThis(e ast.Expression) bool {
	_, ok := e.(*ast.ThisExpression)
	return ok
}

// ctorEmits reports self.emit(...) run synchronously by fn, which the
// constructor of cls reaches through the calls in via. self is the
// parameter of fn that holds the new object ("" for this and its
// aliases such as var self = this): the constructor may hand this to a
// method (this.start()), to a function as its this (init.call(this)) or
// as an argument (announce(this, 'x')).
func ctorEmits(pass *analysis.Pass, f *jsfile.File, facts *sched.Facts, cls *sched.Class, fn *sched.Func, self string, via *sched.Call, seen map[*sched.Func]bool, reported map[*sched.Call]bool, falsy map[string]falsyProp) {
	if seen[fn] || len(seen) > 64 {
		return
	}
	seen[fn] = true
	isSelf := func(e ast.Expression) bool {
		if self == "" {
			return facts.IsThis(e)
		}
		id, ok := e.(*ast.Identifier)
		return ok && id.Name.String() == self
	}
	// At construction, before the site that led here, the constructor
	// set these properties of the new object to falsy constants; a branch
	// that needs one of them truthy (if (ws._redirects) ...) is not taken.
	at := via
	var dead func(n ast.Node) bool
	if len(falsy) > 0 {
		dead = deadBranches(f, fn, falsy, isSelf, at)
	}
	for _, c := range fn.Calls {
		if dead != nil && dead(c.Node) {
			continue
		}
		if c.Kind == sched.Listen && isSelf(c.Recv) {
			return // the object listens to itself first; later emits reach it
		}
		if c.Kind == sched.Emit && isSelf(c.Recv) && !reported[c] {
			reported[c] = true
			where := "in the constructor of " + nameOr(cls.Name)
			if via != nil {
				where = fmt.Sprintf("in %s, called from the constructor of %s (line %d)", analysisutil.FuncName(f, fn), nameOr(cls.Name), analysisutil.Line(f, via.Node))
				if e := via.Extern(); e != nil && via.Target == nil && slices.Contains(via.Funcs, fn) {
					where = fmt.Sprintf("in the callback the constructor of %s hands to %s (line %d), which may call it at once (%s line %d)", nameOr(cls.Name), f.Text(sched.Callee(via.Node)), analysisutil.Line(f, via.Node), e.File, e.Line)
				}
			}
			report(pass, f, c, fmt.Sprintf("%s.emit(%s) %s runs before the caller can attach a listener; the event is lost: defer it with process.nextTick", f.Text(c.Recv), eventName(f, c), where))
		}
		if c.Target == nil {
			// flow.series(steps, () => this.emit('ready')): another
			// module's function whose facts say it may call the closure
			// at once runs it during construction on that path.
			if ext := facts.ExternParams(c); len(ext) > 0 {
				v := via
				if v == nil {
					v = c
				}
				for j, a := range c.Args {
					if _, arrow := a.(*ast.ArrowFunctionLiteral); arrow && j < len(ext) && ext[j]&sched.Sync != 0 {
						if g := facts.FuncOf(a); g != nil {
							ctorEmits(pass, f, facts, cls, g, "", v, seen, reported, falsy)
						}
					}
				}
			}
			continue
		}
		v := via
		if v == nil {
			v = c
		}
		switch {
		case c.Target.Class != nil && isSelf(c.Recv):
			ctorEmits(pass, f, facts, cls, c.Target, "", v, seen, reported, falsy)
		case (c.Method == "call" || c.Method == "apply") && len(c.Args) > 0 && isSelf(c.Args[0]):
			ctorEmits(pass, f, facts, cls, c.Target, "", v, seen, reported, falsy)
		case c.Method == "":
			params := c.Target.Params()
			for j, a := range c.Args {
				if j < len(params) && params[j] != "" && isSelf(a) {
					ctorEmits(pass, f, facts, cls, c.Target, params[j], v, seen, reported, falsy)
					break
				}
			}
		}
	}
}

// initialFalsy: the properties the constructor's own body sets on this
// to a falsy constant (this._redirects = 0, this._closed = false), with
// the assignment. A property set more than once there is left out.
// falsyProp is a property the constructor set to a falsy constant: the
// assignment, and the block it holds in after it.
type falsyProp struct {
	as    *ast.AssignExpression
	block ast.Node
}

func initialFalsy(f *jsfile.File, facts *sched.Facts, ctor *sched.Func) map[string]falsyProp {
	var body *ast.BlockStatement
	switch n := ctor.Node.(type) {
	case *ast.FunctionLiteral:
		body = n.Body
	}
	if body == nil {
		return nil
	}
	out := map[string]falsyProp{}
	twice := map[string]bool{}
	// Straight-line statements of the body and of the blocks of its ifs
	// (ws sets its state under if (address !== null)); the assignment
	// holds for what comes after it in its block (falsyBefore).
	var scan func(list []ast.Statement, block ast.Node)
	scan = func(list []ast.Statement, block ast.Node) {
		for _, st := range list {
			switch st := st.(type) {
			case *ast.IfStatement:
				for _, b := range []ast.Statement{st.Consequent, st.Alternate} {
					if bs, ok := b.(*ast.BlockStatement); ok {
						scan(bs.List, bs)
					}
				}
				continue
			case *ast.ExpressionStatement:
				as, ok := st.Expression.(*ast.AssignExpression)
				if !ok || as.Operator.String() != "=" {
					continue
				}
				d, ok := as.Left.(*ast.DotExpression)
				if !ok || !isThis(d.Left) {
					continue
				}
				name := d.Identifier.Name.String()
				if _, seen := out[name]; seen || twice[name] {
					delete(out, name)
					twice[name] = true
					continue
				}
				if falsyConst(as.Right) {
					out[name] = falsyProp{as, block}
				} else {
					twice[name] = true
				}
			}
		}
	}
	scan(body.List, body)
	if len(out) == 0 {
		return nil
	}
	// A property the file changes anywhere that may run during
	// construction (this.ready = client.ready in a method the
	// constructor calls) is not known there. Changes in callbacks (an
	// event listener, an I/O callback) run later and do not count.
	var stack []*sched.Func
	later := func() bool {
		for _, fn := range stack {
			for _, c := range fn.Scheduled {
				if c.Kind.Async() {
					return true
				}
			}
		}
		return false
	}
	changed := func(e ast.Expression, n ast.Node) {
		d, ok := e.(*ast.DotExpression)
		if !ok {
			return
		}
		name := d.Identifier.Name.String()
		if fp, ok := out[name]; ok && ast.Node(fp.as) != n && !later() {
			delete(out, name)
		}
	}
	var visit func(n ast.Node)
	visit = func(n ast.Node) {
		pushed := false
		switch n.(type) {
		case *ast.FunctionLiteral, *ast.ArrowFunctionLiteral:
			if fn := facts.FuncOf(n); fn != nil {
				stack = append(stack, fn)
				pushed = true
			}
		}
		walkChanged(n, changed)
		jsfile.Children(n, visit)
		if pushed {
			stack = stack[:len(stack)-1]
		}
	}
	visit(f.Top)
	return out
}

// walkChanged reports to changed the targets of assignments and updates.
func walkChanged(n ast.Node, changed func(ast.Expression, ast.Node)) {
	switch n := n.(type) {
	case *ast.AssignExpression:
		changed(n.Left, n)
	case *ast.UnaryExpression:
		switch n.Operator.String() {
		case "++", "--":
			changed(n.Operand, n)
		}
	}
}

func falsyConst(e ast.Expression) bool {
	switch e := e.(type) {
	case *ast.NumberLiteral:
		switch v := e.Value.(type) {
		case int64:
			return v == 0
		case float64:
			return v == 0
		}
	case *ast.BooleanLiteral:
		return !e.Value
	case *ast.NullLiteral:
		return true
	case *ast.StringLiteral:
		return e.Value == ""
	case *ast.Identifier:
		return e.Name == "undefined"
	}
	return false
}

// deadBranches gives a test of whether a node of fn lies in a branch of
// an if that cannot be taken at construction: its test reads a property
// of the new object the constructor set to a falsy constant (before
// the call that led to fn, or before the node itself in the
// constructor) and needs it truthy (if (self.p), if (self.p > 0),
// if (self.p !== 0)), or needs it falsy in the else branch
// (if (!self.p), if (self.p === 0) ... else).
func deadBranches(f *jsfile.File, fn *sched.Func, falsy map[string]falsyProp, isSelf func(ast.Expression) bool, via *sched.Call) func(ast.Node) bool {
	before := func(p string, n ast.Node) bool {
		fp, ok := falsy[p]
		if !ok {
			return false
		}
		limit := n
		if via != nil {
			limit = via.Node
		}
		return fp.as.Idx1() <= limit.Idx0() && within(limit, fp.block)
	}
	// truth: the test's value at construction: 1 true, -1 false, 0 unknown.
	var truth func(e ast.Expression, at ast.Node) int
	prop := func(e ast.Expression, at ast.Node) bool {
		d, ok := e.(*ast.DotExpression)
		return ok && isSelf(d.Left) && before(d.Identifier.Name.String(), at)
	}
	truth = func(e ast.Expression, at ast.Node) int {
		switch e := e.(type) {
		case *ast.DotExpression:
			if prop(e, at) {
				return -1
			}
		case *ast.UnaryExpression:
			if e.Operator.String() == "!" {
				return -truth(e.Operand, at)
			}
		case *ast.BinaryExpression:
			if !prop(e.Left, at) || !falsyConst(e.Right) {
				return 0
			}
			as := falsy[e.Left.(*ast.DotExpression).Identifier.Name.String()].as
			same := f.Text(as.Right) == f.Text(e.Right)
			switch e.Operator.String() {
			case "===", "==":
				if same {
					return 1
				}
			case "!==", "!=":
				if same {
					return -1
				}
			case ">":
				return -1
			}
		}
		return 0
	}
	return func(n ast.Node) bool {
		found := false
		jsfile.Inspect(fn.Node, func(m ast.Node) bool {
			if found || m == nil || m.Idx0() > n.Idx0() || m.Idx1() < n.Idx1() {
				return false
			}
			if m != fn.Node {
				switch m.(type) {
				case *ast.FunctionLiteral, *ast.ArrowFunctionLiteral:
					return false // another function's code
				}
			}
			if is, ok := m.(*ast.IfStatement); ok {
				t := truth(is.Test, n)
				if t == -1 && within(n, is.Consequent) || t == 1 && is.Alternate != nil && within(n, is.Alternate) {
					found = true
					return false
				}
			}
			return true
		})
		return found
	}
}

func within(n ast.Node, outer ast.Node) bool {
	return outer != nil && outer.Idx0() <= n.Idx0() && n.Idx1() <= outer.Idx1()
}

func nameOr(s string) string {
	if s == "" {
		return "an anonymous class"
	}
	return s
}

func eventName(f *jsfile.File, c *sched.Call) string {
	if len(c.Args) == 0 {
		return ""
	}
	if s, ok := c.Args[0].(*ast.StringLiteral); ok {
		return f.Text(s)
	}
	return "..."
}

func report(pass *analysis.Pass, f *jsfile.File, c *sched.Call, msg string) {
	d := analysis.Diagnostic{Message: msg}
	d.Pos, d.End = f.Range(c.Node)
	d.SuggestedFixes = []analysis.SuggestedFix{{
		Message: "Defer the emit with process.nextTick",
		TextEdits: []analysis.TextEdit{
			{Pos: d.Pos, End: d.Pos, NewText: []byte("process.nextTick(() => ")},
			{Pos: d.End, End: d.End, NewText: []byte(")")},
		},
	}}
	pass.Report(d)
}

// newThenEmit finds `const x = new E(...)` followed, in the same
// statement list, by `x.emit(...)` before anything else touches x.
func newThenEmit(pass *analysis.Pass, f *jsfile.File, facts *sched.Facts, reported map[*sched.Call]bool) {
	if !emitsOnName(facts) || !makesEmitter(facts) {
		return // nothing to find: skip the walk over the whole file
	}
	// Each statement list once: a CommonJS file's top level is also the
	// wrapper function's block (it was walked twice: every finding there
	// reported twice).
	var lists [][]ast.Statement
	seen := map[ast.Statement]bool{}
	add := func(l []ast.Statement) {
		if len(l) > 0 && !seen[l[0]] {
			seen[l[0]] = true
			lists = append(lists, l)
		}
	}
	add(f.Body)
	jsfile.Inspect(f.Top, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BlockStatement:
			add(n.List)
		case *ast.CaseStatement:
			add(n.Consequent)
		}
		return true
	})
	for _, list := range lists {
		for i, st := range list {
			for _, d := range newDecls(st, facts) {
				if d.call == nil || !isEmitterNew(d.call) {
					continue
				}
				scanAfter(pass, f, facts, list[i+1:], d.name, reported)
			}
		}
	}
}

// scanAfter reports name.emit(...) in the statements that follow the
// creation of name, until something else mentions name or calls a
// same-file function (which may attach listeners). An if whose test
// leaves name alone is looked into: an emit in either branch runs before
// any listener too.
func scanAfter(pass *analysis.Pass, f *jsfile.File, facts *sched.Facts, list []ast.Statement, name string, reported map[*sched.Call]bool) (stop bool) {
	for _, next := range list {
		if c := emitOn(next, name, facts); c != nil {
			if !reported[c] {
				reported[c] = true
				report(pass, f, c, fmt.Sprintf("%s.emit(%s) right after %s is created runs before any listener is attached; the event is lost: attach listeners first or defer with process.nextTick", name, eventName(f, c), name))
			}
			continue
		}
		if ifs, ok := next.(*ast.IfStatement); ok && !mentions(ifs.Test, name) && !callsLocal(ifs.Test, facts, name) {
			s1 := scanAfter(pass, f, facts, branch(ifs.Consequent), name, reported)
			s2 := scanAfter(pass, f, facts, branch(ifs.Alternate), name, reported)
			if s1 || s2 {
				return true
			}
			continue
		}
		if mentions(next, name) || callsLocal(next, facts, name) {
			return true
		}
	}
	return false
}

func branch(s ast.Statement) []ast.Statement {
	switch s := s.(type) {
	case nil:
		return nil
	case *ast.BlockStatement:
		return s.List
	}
	return []ast.Statement{s}
}

// emitsOnName: the file has an x.emit(...) call on a plain name, which
// newThenEmit needs to report anything.
func emitsOnName(facts *sched.Facts) bool {
	for _, c := range facts.Sched {
		if c.Kind == sched.Emit {
			if _, ok := c.Recv.(*ast.Identifier); ok {
				return true
			}
		}
	}
	return false
}

// makesEmitter: some new expression of the file makes an emitter.
func makesEmitter(facts *sched.Facts) bool {
	for _, c := range facts.Calls {
		if _, ok := c.Node.(*ast.NewExpression); ok && isEmitterNew(c) {
			return true
		}
	}
	return false
}

func isEmitterNew(c *sched.Call) bool {
	if c.Class != nil {
		return c.Class.IsEmitter()
	}
	return sched.IsEmitterName(c.Callee)
}

type newDecl struct {
	name string
	call *sched.Call
}

// newDecls matches `const|let|var x = new E(...)` (each binding of a
// declaration: var a = new E(), b = 1) and `x = new E(...)`.
func newDecls(st ast.Statement, facts *sched.Facts) []newDecl {
	var list []*ast.Binding
	switch s := st.(type) {
	case *ast.LexicalDeclaration:
		list = s.List
	case *ast.VariableStatement:
		list = s.List
	case *ast.ExpressionStatement:
		if a, ok := s.Expression.(*ast.AssignExpression); ok {
			if id, ok := a.Left.(*ast.Identifier); ok {
				if ne, ok := a.Right.(*ast.NewExpression); ok {
					return []newDecl{{id.Name.String(), facts.CallAt(ne)}}
				}
			}
		}
	}
	var out []newDecl
	for _, b := range list {
		id, ok := b.Target.(*ast.Identifier)
		if !ok {
			continue
		}
		if ne, ok := b.Initializer.(*ast.NewExpression); ok {
			out = append(out, newDecl{id.Name.String(), facts.CallAt(ne)})
		}
	}
	return out
}

func emitOn(st ast.Statement, name string, facts *sched.Facts) *sched.Call {
	es, ok := st.(*ast.ExpressionStatement)
	if !ok {
		return nil
	}
	call, ok := es.Expression.(*ast.CallExpression)
	if !ok {
		return nil
	}
	c := facts.CallAt(call)
	if c == nil || c.Kind != sched.Emit {
		return nil
	}
	if id, ok := c.Recv.(*ast.Identifier); ok && id.Name.String() == name {
		for _, a := range call.ArgumentList {
			if mentions(a, name) {
				return nil
			}
		}
		return c
	}
	return nil
}

func mentions(n ast.Node, name string) bool {
	found := false
	jsfile.Inspect(n, func(m ast.Node) bool {
		if id, ok := m.(*ast.Identifier); ok && id.Name.String() == name {
			found = true
		}
		return !found
	})
	return found
}

// callsLocal: the statement calls a same-file function that mentions
// name, which may attach listeners to the new object through a closure.
// (A function that does not mention it can reach it only when it is
// passed, and mentions sees that.)
func callsLocal(n ast.Node, facts *sched.Facts, name string) bool {
	found := false
	jsfile.Inspect(n, func(m ast.Node) bool {
		if m == nil || found {
			return false
		}
		if c := facts.CallAt(m); c != nil && c.Target != nil && c.Target.Node != nil && mentions(c.Target.Node, name) {
			found = true
		}
		return !found
	})
	return found
}
