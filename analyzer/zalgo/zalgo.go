// Package zalgo reports functions that call a callback parameter
// synchronously on some paths and asynchronously on others.
package zalgo

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/grafana/sobek/ast"
	"golang.org/x/tools/go/analysis"

	"github.com/looplint/looplint/analyzer/analysisutil"
	"github.com/looplint/looplint/analyzer/jsfile"
	"github.com/looplint/looplint/analyzer/sched"
)

const Doc = `report callbacks called synchronously on some paths and asynchronously on others

An API that takes a callback should call it either always synchronously
or always asynchronously. One that answers from a cache synchronously but
otherwise from an I/O callback (or a timer, a promise, process.nextTick)
"releases Zalgo": the caller's code after the call runs before the
callback on some calls and after it on others, so state the caller sets
up after the call may or may not be there when the callback runs, and
bugs appear only on the cached (or the error) path.

Bad:

	function readCached(path, cb) {
	  if (cache[path]) {
	    cb(null, cache[path]);          // synchronous
	    return;
	  }
	  fs.readFile(path, 'utf8', (err, data) => {
	    if (err) return cb(err);        // asynchronous
	    cache[path] = data;
	    cb(null, data);
	  });
	}

Fix: make the synchronous path asynchronous too (the suggested fix
wraps the call):

	    process.nextTick(() => cb(null, cache[path]));

A call counts as asynchronous when it is inside a function queued by
process.nextTick, queueMicrotask, setTimeout, setInterval, setImmediate,
a promise reaction, an fs (or other callback I/O) call, an event
listener, when it follows an await, or when the parameter itself is
handed to one of those. A synchronous call is one directly in the
function's body, before any await. The check follows the file's own
functions: each gets a summary of how it calls the functions it is
given (at once, later, or both), so cb handed to a helper, to a local
function called from an I/O callback, via cb.call/apply/bind, or stored
on this (this.onDone = cb) and called by another method counts as what
that code does with it. Functions other modules export count the same
way: their module's facts (read from the required file, node_modules
included) say how they call what they are given; a function taking an
error first handed to a package that is not installed is called later,
by Node's convention for completion callbacks. A callback pushed onto
a queue the file drains (waiting.push(cb), waiting.shift() elsewhere)
waits for a later call: asynchronous, unless a call under a condition
drains the queue at once (if (loaded) this.flush(), with flush calling
each entry), which makes that path synchronous. An object the function
makes with new from a class that stores the callback
(new Request(url, cb) keeps cb as this.onDone) holds it: a method of the
object that calls what was stored calls the callback, and a queue that
parks the object parks the callback. A call through a variable the file
assigns several functions (mode = queueIt; later mode = runNow) does what
any of them does: when one calls the callback at once and another later,
the one call is reported. Object literals of methods kept in a variable
or a property are classes: this.flush() in one is the other method.
The check reports only when the paths can differ: one of the two calls
is under a condition, or an early return separates them.

A callback called at once on one path and, on another, handed to a
function the caller supplies (a parameter, fn.apply(ctx, args) with the
callback pushed on args, an entry of a parameter such as
handlers[type], a local or this.load stored from one, a member of an
object literal of them stored on this) is reported too: whether that
function answers at once or later is the caller's code, so the two
paths may differ (a cache's loader, a thunk's wrapped function). A
parameter called for its answer (if (iteratee(x) === false)) is an
iterator, not a completion callback, and is left alone; so is a method
of an object the caller passes (conn.write(msg, cb)), which is that
object's own.

Not reported: a callback handed to a function no module shows that the
caller does not supply (a package that is not installed), which is
neither; a parameter first
wrapped (cb = dezalgo(cb), cb = once(cb)): a wrapper of the file counts
by what the function it returns does (one that defers every call makes
both paths asynchronous), one from elsewhere makes the callback's
timing unknown; immediately invoked functions; and functions whose only
caller is code the file does not show (wrap((x, cb) => ...),
async.waterfall([(cb) => ...])), which may make the callback safe;
parameters named as a question (isAborted, hasMore), called for an
answer rather than to tell of one; the callback of Node's stream hooks
(_write, _final, _destroy, ...) and the parameters of the file's
functions that only ever receive it (a parsing loop a _write hands its
callback to), whose one caller, the stream machinery, accepts either
timing; and the next of a middleware (req, res, next), whose caller,
the router, does the same.`

var Analyzer = &analysis.Analyzer{
	Name:     "zalgo",
	Doc:      Doc,
	Requires: []*analysis.Analyzer{jsfile.Analyzer, sched.Analyzer},
	Run:      run,
}

type use struct {
	call *sched.Call // the call of the parameter (nil when it is passed on)
	via  *sched.Call // the asynchronous site
	top  *sched.Call // the site in the function's own body that leads there
}

func run(pass *analysis.Pass) (any, error) {
	f := pass.ResultOf[jsfile.Analyzer].(*jsfile.File)
	facts := pass.ResultOf[sched.Analyzer].(*sched.Facts)
	var stmts map[ast.Node]bool // built when a finding needs it
	fed := hookFed(facts)
	for _, fn := range facts.Funcs {
		if fn.Top || analysisutil.Generated(f, fn) {
			continue
		}
		params := fn.Params()
		if len(params) == 0 || executor(fn) {
			continue // a promise executor's resolve/reject always settle asynchronously for the caller
		}
		if iife(fn) {
			continue // (function ($) { ... })(jQuery): its parameters are what the file passes right there, not a caller's callback
		}
		if onlyHandedOn(fn) {
			continue // wrap((x, cb) => ...): its caller is code the file does not show, which may make the callback safe (a dezalgo-style wrapper)
		}
		sum := facts.Summary(fn)
		for i, p := range params {
			t := sum.Params[i].Known()
			if sum.Parked[i] {
				t |= sched.Async
			}
			if p == "" || !callbackParam(fn, p, i == len(params)-1) || fed[slot{fn, i}] || middlewareNext(params, i) {
				continue
			}
			if t == sched.Sync && sum.Params[i]&sched.User != 0 {
				if stmts == nil {
					stmts = statementCalls(f)
				}
				if !answersFor(stmts, p, sum.Uses[i]) {
					userSupplied(pass, f, fn, p, sum.Uses[i])
				}
				continue
			}
			if t != sched.Sync|sched.Async {
				continue
			}
			syncs, asyncs := uses(sum.Uses[i])
			if len(syncs) == 0 || len(asyncs) == 0 {
				continue
			}
			for _, s := range syncs {
				if sg, ag := dispatchSplit(facts, s, p); sg != nil {
					// One site, two timings: the variable called there
					// holds either function, as the file's state goes.
					v := f.Text(sched.Callee(s.Node))
					name := func(g *sched.Func) string {
						if n := analysisutil.FuncName(f, g); n != v && !strings.HasPrefix(n, "the function") {
							return n + " (line " + fmt.Sprint(analysisutil.Line(f, g.Node)) + ")"
						}
						return fmt.Sprintf("the function at line %d", analysisutil.Line(f, g.Node))
					}
					msg := fmt.Sprintf("%s calls its callback %s through %s, which holds either %s, calling it synchronously, or %s, calling it later, as the program's state changes: callers cannot tell whether their code after the call runs before or after the callback; make every function %s may hold defer the call (process.nextTick)",
						analysisutil.FuncName(f, fn), p, v, name(sg), name(ag), v)
					d := analysis.Diagnostic{Message: msg}
					d.Pos, d.End = f.Range(s.Node)
					pass.Report(d)
					continue
				}
				// The asynchronous path through another site than s: a
				// helper given the callback that is itself both ways is
				// reported in the helper, not again at each call of it.
				var a *use
				for k := range asyncs {
					if asyncs[k].top.Node != s.Node || !passes(s, p) {
						a = &asyncs[k]
						break
					}
				}
				if a == nil {
					continue
				}
				if !s.Guarded && !a.top.Guarded && !earlyReturn(fn, s, a.top) {
					continue
				}
				msg := fmt.Sprintf("%s calls its callback %s synchronously here but asynchronously on other paths (%s, line %d): callers cannot tell whether their code after the call runs before or after the callback; defer this call with process.nextTick",
					analysisutil.FuncName(f, fn), p, describe(f, facts, a.via), analysisutil.Line(f, a.via.Node))
				if s.Target != nil && calledName(s) != p {
					msg = strings.Replace(msg, " synchronously here", " synchronously here (through "+analysisutil.FuncName(f, s.Target)+")", 1)
				}
				d := analysis.Diagnostic{Message: msg}
				d.Pos, d.End = f.Range(s.Node)
				if stmts == nil {
					stmts = statementCalls(f)
				}
				if stmts[s.Node] {
					d.SuggestedFixes = []analysis.SuggestedFix{{
						Message:   "Defer the call with process.nextTick",
						TextEdits: []analysis.TextEdit{{Pos: d.Pos, End: d.End, NewText: []byte("process.nextTick(() => " + f.Text(s.Node) + ")")}},
					}}
				}
				pass.Report(d)
			}
		}
	}
	return nil, nil
}

// callbackParam: p is a parameter the function's caller waits on, a
// completion callback: by Node's convention the last parameter, or one
// named like a callback anywhere (onResult, onError). A function
// parameter in the middle that is not named so is something the function
// uses, not its answer: a work queue's push(item), the next dispatcher of
// a chain. Node's stream hooks (_write, _destroy, ...) are left alone:
// the stream machinery that calls them accepts their callback either
// synchronously or asynchronously.
func callbackParam(fn *sched.Func, p string, last bool) bool {
	if predicate(p) {
		return false // isAborted(), hasMore(): asked for an answer, not told of one
	}
	if last {
		name := fn.Method
		if name == "" {
			name = fn.Name
		}
		return !streamHooks[name]
	}
	switch p {
	case "cb", "callback", "done", "next", "resolve", "reject":
		return true
	}
	lower := strings.ToLower(p)
	return len(p) > 2 && strings.HasPrefix(p, "on") && unicode.IsUpper(rune(p[2])) ||
		strings.HasSuffix(lower, "callback") || strings.HasSuffix(lower, "cb")
}

// middlewareNext: p is the next of a request handler's middleware
// signature, (req, res, next) or (err, req, res, next). Its caller is
// the router, which calls the handler last and accepts next either
// synchronously or later (Express's counts synchronous calls and defers
// past a hundred); nothing of the caller's runs after the call.
func middlewareNext(params []string, i int) bool {
	if i != len(params)-1 || i < 2 || params[i] != "next" {
		return false
	}
	req, res := strings.ToLower(params[i-2]), strings.ToLower(params[i-1])
	return (req == "req" || req == "request") && (res == "res" || res == "response")
}

// slot is a function's parameter, by index.
type slot struct {
	fn *sched.Func
	i  int
}

// hookFed finds the callback parameters that only ever receive a stream
// hook's callback: every call of the function in the file passes, at
// that position, the hook's own callback parameter or one of these
// (ws's and undici's receivers hand _write's callback to a parsing loop,
// startLoop(cb) and getData(cb), that calls it at once or after
// decompression). The stream machinery is then the callback's only
// caller, and it accepts either timing, as for the hook itself.
func hookFed(facts *sched.Facts) map[slot]bool {
	hook := func(s slot) bool {
		name := s.fn.Method
		if name == "" {
			name = s.fn.Name
		}
		return streamHooks[name] && s.i == len(s.fn.Params())-1
	}
	anyHook := false
	for _, fn := range facts.Funcs {
		if fn.Top || fn.Node == nil {
			continue
		}
		if n := len(fn.Params()); n > 0 && hook(slot{fn, n - 1}) {
			anyHook = true
			break
		}
	}
	if !anyHook {
		return nil
	}
	// sources: for each candidate slot, the slots its callers pass.
	sources := map[slot][]slot{}
	for _, fn := range facts.Funcs {
		if fn.Top || fn.Node == nil || len(fn.CalledBy) == 0 {
			continue
		}
		params := fn.Params()
	param:
		for i := range params {
			var from []slot
			for _, c := range fn.CalledBy {
				ce, ok := c.Node.(*ast.CallExpression)
				if !ok || i >= len(c.Args) {
					continue param
				}
				if d, ok := ce.Callee.(*ast.DotExpression); ok {
					switch d.Identifier.Name {
					case "call", "apply", "bind":
						continue param
					}
				}
				id, ok := c.Args[i].(*ast.Identifier)
				if !ok {
					continue param
				}
				src, found := slot{}, false
				for g := c.Func; g != nil && g.Node != nil && !found; g = g.Parent {
					for k, q := range g.Params() {
						if q == string(id.Name) {
							src, found = slot{g, k}, true
							break
						}
					}
				}
				if !found {
					continue param
				}
				from = append(from, src)
			}
			sources[slot{fn, i}] = from
		}
	}
	// Keep the slots all of whose sources are hooks or kept slots...
	for changed := true; changed; {
		changed = false
		for s, from := range sources {
			for _, f := range from {
				if _, ok := sources[f]; !ok && !hook(f) {
					delete(sources, s)
					changed = true
					break
				}
			}
		}
	}
	// ...and that a hook's callback reaches.
	fed := map[slot]bool{}
	for changed := true; changed; {
		changed = false
		for s, from := range sources {
			if fed[s] {
				continue
			}
			for _, f := range from {
				if hook(f) || fed[f] {
					fed[s] = true
					changed = true
					break
				}
			}
		}
	}
	return fed
}

// predicate: p is named as a question (isAborted, hasNext, shouldRetry,
// canWrite): a function the code calls for its answer whenever it needs
// one, not a completion callback.
func predicate(p string) bool {
	for _, pre := range []string{"is", "has", "should", "can"} {
		if len(p) > len(pre) && strings.HasPrefix(p, pre) && unicode.IsUpper(rune(p[len(pre)])) {
			return true
		}
	}
	return false
}

var streamHooks = map[string]bool{
	"_write": true, "_writev": true, "_final": true, "_destroy": true, "_construct": true,
	"_read": true, "_transform": true, "_flush": true,
}

func executor(fn *sched.Func) bool {
	for _, s := range fn.Scheduled {
		if s.Kind == sched.PromiseExec {
			return true
		}
	}
	return false
}

// onlyHandedOn: fn is a literal argument of a call to a function the
// file does not show (not a scheduling site), and nothing else in the
// file calls it: its only caller is that unknown code.
func onlyHandedOn(fn *sched.Func) bool {
	if len(fn.CalledBy) > 0 || fn.Name != "" && fn.Class != nil {
		return false
	}
	for _, s := range fn.Scheduled {
		if s.Kind != sched.None {
			return false
		}
	}
	// An anonymous literal nested in an argument (async.waterfall([
	// (cb) => ...])) that nothing in the file calls: its caller is that
	// unknown code too.
	handed := fn.Name == "" && fn.Class == nil && len(fn.Scheduled) == 0 && len(fn.PassedTo()) == 0 && inArgument(fn)
	for _, c := range fn.PassedTo() {
		if c.Target != nil || c.Kind != sched.None || c.Extern() != nil {
			return false
		}
		for _, a := range c.Args {
			if a == fn.Node {
				handed = true
			}
		}
	}
	return handed
}

// inArgument: fn's literal is inside an array or object literal that is
// an argument of a call in its parent.
func inArgument(fn *sched.Func) bool {
	if fn.Parent == nil {
		return false
	}
	for _, c := range fn.Parent.Calls {
		for _, a := range c.Args {
			switch a.(type) {
			case *ast.ArrayLiteral, *ast.ObjectLiteral:
				if a.Idx0() <= fn.Node.Idx0() && fn.Node.Idx1() <= a.Idx1() {
					return true
				}
			}
		}
	}
	return false
}

// iife: fn is invoked where it is written: (function (x) {...})(v), or
// through .call/.apply on the literal.
func iife(fn *sched.Func) bool {
	for _, c := range fn.CalledBy {
		ce, ok := c.Node.(*ast.CallExpression)
		if !ok {
			continue
		}
		callee := ce.Callee
		if d, ok := callee.(*ast.DotExpression); ok && (d.Identifier.Name == "call" || d.Identifier.Name == "apply") {
			callee = d.Left
		}
		if callee == fn.Node {
			return true
		}
	}
	return false
}

func describe(f *jsfile.File, facts *sched.Facts, s *sched.Call) string {
	switch s.Kind {
	case sched.Await:
		return "after an await"
	case sched.Timeout, sched.Interval, sched.Immediate, sched.IO:
		name := s.Callee
		if name == "" {
			name = s.Kind.String()
		}
		return "in a " + name + " callback"
	case sched.NextTick:
		return "in a process.nextTick callback"
	case sched.Microtask:
		return "in a queueMicrotask callback"
	case sched.Listen:
		return "in an event listener"
	case sched.Handler:
		return "in a request handler"
	}
	if s.Kind == sched.None && s.Target != nil {
		return "through " + analysisutil.FuncName(f, s.Target)
	}
	if s.Parks {
		return fmt.Sprintf("parked by %s until a later call takes it", f.Text(sched.Callee(s.Node)))
	}
	if e := s.Extern(); s.Kind == sched.None && e != nil {
		return fmt.Sprintf("through %s (%s line %d)", f.Text(sched.Callee(s.Node)), e.File, e.Line)
	}
	if s.Kind == sched.None && facts.Unread(s) {
		return fmt.Sprintf("in the error-first callback handed to %s, a function of a package that is not installed, which Node's convention calls later", f.Text(sched.Callee(s.Node)))
	}
	if s.Method != "" {
		return "in a ." + s.Method + "() callback"
	}
	return "in a callback"
}

// statementCalls: call expressions that are whole statements or the
// argument of a return, where wrapping them keeps the meaning.
func statementCalls(f *jsfile.File) map[ast.Node]bool {
	out := map[ast.Node]bool{}
	for _, s := range f.Body {
		jsfile.Inspect(s, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.ExpressionStatement:
				if c, ok := n.Expression.(*ast.CallExpression); ok {
					out[c] = true
				}
			case *ast.ReturnStatement:
				if c, ok := n.Argument.(*ast.CallExpression); ok {
					out[c] = true
				}
			}
			return true
		})
	}
	return out
}

// answersFor: a call of p uses its result (if (iteratee(x) === false)):
// p is an iterator or a predicate the function asks, not a callback
// that tells it of an end.
func answersFor(stmts map[ast.Node]bool, p string, us []sched.Use) bool {
	for _, u := range us {
		if u.Site == nil || u.When&sched.Sync == 0 {
			continue
		}
		ce, ok := u.Site.Node.(*ast.CallExpression)
		if !ok {
			continue
		}
		if id, ok := ce.Callee.(*ast.Identifier); ok && id.Name.String() == p && !stmts[ce] {
			return true
		}
	}
	return false
}

// userSupplied reports a callback called at once on one path and, on
// another, handed to a function the caller supplies (a loader, an
// action, the wrapped function): whenever that function answers later,
// and nothing in the file rules it out, the two paths differ.
func userSupplied(pass *analysis.Pass, f *jsfile.File, fn *sched.Func, p string, us []sched.Use) {
	var syncs []*sched.Call
	var user *sched.Use
	seen := map[*sched.Call]bool{}
	for k, u := range us {
		if u.When&sched.Sync != 0 && u.Top != nil && !seen[u.Top] {
			seen[u.Top] = true
			syncs = append(syncs, u.Top)
		}
		if u.When == sched.User && u.Top != nil && user == nil {
			user = &us[k]
		}
	}
	if user == nil {
		return
	}
	for _, s := range syncs {
		if s.Node == user.Top.Node || !s.Guarded && !user.Top.Guarded && !earlyReturn(fn, s, user.Top) {
			continue
		}
		d := analysis.Diagnostic{Message: fmt.Sprintf("%s calls its callback %s synchronously here but on another path hands it to %s (line %d), a function its caller supplies, which may call it later: callers cannot tell whether their code after the call runs before or after the callback; defer this call with process.nextTick",
			analysisutil.FuncName(f, fn), p, f.Text(suppliedCallee(user.Via)), analysisutil.Line(f, user.Via.Node))}
		d.Pos, d.End = f.Range(s.Node)
		pass.Report(d)
	}
}

// suppliedCallee: the caller's function a call invokes (fn for
// fn.apply(...)).
func suppliedCallee(c *sched.Call) ast.Expression {
	if c.Method == "call" || c.Method == "apply" {
		return c.Recv
	}
	return sched.Callee(c.Node)
}

// dispatchSplit: at s, a call through a variable the file assigns
// several functions, the parameter p is handed to one that calls it
// synchronously (sg) and to one that calls it later or parks it (ag).
func dispatchSplit(facts *sched.Facts, s *sched.Call, p string) (sg, ag *sched.Func) {
	ts := s.Targets()
	if len(ts) < 2 {
		return nil, nil
	}
	j := -1
	for k, a := range s.Args {
		if id, ok := a.(*ast.Identifier); ok && id.Name.String() == p {
			j = k
		}
	}
	if j < 0 {
		return nil, nil
	}
	for _, g := range ts {
		sum := facts.Summary(g)
		if sum == nil || j >= len(sum.Params) {
			continue
		}
		t := sum.Params[j].Known()
		if sum.Parked[j] {
			t |= sched.Async
		}
		if t == sched.Sync && sg == nil {
			sg = g
		}
		if t&sched.Async != 0 && ag == nil {
			ag = g
		}
	}
	if sg == nil || ag == nil {
		return nil, nil
	}
	return sg, ag
}

func passes(s *sched.Call, name string) bool {
	for _, a := range s.Args {
		if id, ok := a.(*ast.Identifier); ok && id.Name.String() == name {
			return true
		}
	}
	return false
}

// uses splits a parameter's uses (from its summary) into the sites in
// the function's own body that call it synchronously, and its
// asynchronous calls.
func uses(us []sched.Use) (syncs []*sched.Call, asyncs []use) {
	seen := map[*sched.Call]bool{}
	for _, u := range us {
		if u.When&sched.Sync != 0 && u.Top != nil && !seen[u.Top] {
			seen[u.Top] = true
			syncs = append(syncs, u.Top)
		}
		if u.When&sched.Async != 0 && u.Via != nil {
			top := u.Top
			if top == nil {
				top = &sched.Call{Node: u.Site.Node}
			}
			asyncs = append(asyncs, use{u.Site, u.Via, top})
		}
	}
	return syncs, asyncs
}

// calledName: p for p(...), p.call(...), p.apply(...).
func calledName(s *sched.Call) string {
	c, ok := s.Node.(*ast.CallExpression)
	if !ok {
		return ""
	}
	switch e := c.Callee.(type) {
	case *ast.Identifier:
		return e.Name.String()
	case *ast.DotExpression:
		if id, ok := e.Left.(*ast.Identifier); ok {
			return id.Name.String()
		}
	}
	return ""
}

// earlyReturn: fn's own body has a return (or throw) statement that can
// make the paths to the two sites differ: between them when they are two
// sites (one before both, if (!cb) throw ..., leaves them on the same
// path: a callback told at once and again later), and before the site
// when it is one site whose callee calls both ways.
func earlyReturn(fn *sched.Func, a, b *sched.Call) bool {
	limit, from := a.Node.Idx0(), a.Node.Idx0()
	if b.Node != nil && b.Node.Idx0() > limit {
		limit = b.Node.Idx0()
	}
	if b.Node != nil && b.Node.Idx0() < from {
		from = b.Node.Idx0()
	}
	if b.Node == a.Node {
		from = 0
	}
	body := analysisutil.FuncBody(fn.Node)
	if body == nil {
		return false
	}
	found := false
	jsfile.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FunctionLiteral, *ast.ArrowFunctionLiteral, *ast.ClassLiteral:
			return false
		case *ast.ReturnStatement, *ast.ThrowStatement:
			if n.Idx1() > from && n.Idx1() <= limit {
				found = true
			}
		}
		return !found
	})
	return found
}
