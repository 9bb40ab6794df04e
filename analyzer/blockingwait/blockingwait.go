// Package blockingwait reports code that blocks the event loop: busy-wait
// loops on the clock, and synchronous fs/crypto/zlib/child_process calls
// in callbacks.
package blockingwait

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/grafana/sobek/ast"
	"github.com/grafana/sobek/token"
	"golang.org/x/tools/go/analysis"

	"github.com/looplint/looplint/analyzer/analysisutil"
	"github.com/looplint/looplint/analyzer/jsfile"
	"github.com/looplint/looplint/analyzer/sched"
)

const Doc = `report busy-wait loops and synchronous I/O in event-loop callbacks

Node runs JavaScript on one thread. While a loop spins on the clock
(while (Date.now() - start < 1000) {}) nothing else runs: no timer, no
I/O callback, no promise reaction, no incoming request. The same is true
of the *Sync functions of fs, crypto, zlib and child_process: inside a
callback that runs on the loop (a timer, setImmediate, nextTick or
promise callback, an event listener, an I/O callback, a request handler)
they stall every other callback of the process for as long as the call
takes. At start-up, before the loop runs, a *Sync call is usually fine
and is not reported; a busy-wait is reported wherever it is. A function
that takes (req, res) is a request handler wherever the server that
calls it is (so is one that takes (req, params, res)). A helper that
other modules of the project call from the loop (a controller calling
an exported function) is reported where it blocks, naming that caller.
An async function that never awaits does all its work
before its caller gets the promise, so a *Sync call in it blocks
whoever awaits it, wherever that runs (unless the file's own top level
runs it as the program starts: main()). fs-extra, graceful-fs,
fs-promise and mz/fs re-export fs's *Sync functions and count as fs.

Bad:

	const start = Date.now();
	while (Date.now() - start < 1000) { /* wait */ }

	server.on('request', (req, res) => {
	  res.end(fs.readFileSync('index.html'));
	});

Fix: wait with a timer (setTimeout, or await setTimeout from
'timers/promises'), and use the asynchronous API in callbacks:

	await new Promise((resolve) => setTimeout(resolve, 1000));

	server.on('request', async (req, res) => {
	  res.end(await fs.promises.readFile('index.html'));
	});`

var Analyzer = &analysis.Analyzer{
	Name:     "blockingwait",
	Doc:      Doc,
	Requires: []*analysis.Analyzer{jsfile.Analyzer, sched.Analyzer},
	Run:      run,
}

var clocks = map[string]string{
	"Date.now":                   "Date.now()",
	"performance.now":            "performance.now()",
	"perf_hooks.performance.now": "performance.now()",
	"process.hrtime":             "process.hrtime()",
	"process.hrtime.bigint":      "process.hrtime.bigint()",
}

// clockRead reports whether c reads the clock: a call above, or
// new Date() without arguments.
func clockRead(c *sched.Call) (string, bool) {
	if s, ok := clocks[c.Callee]; ok {
		return s, true
	}
	if ne, ok := c.Node.(*ast.NewExpression); ok && c.Callee == "Date" && len(ne.ArgumentList) == 0 {
		return "new Date()", true
	}
	return "", false
}

// harmless calls a busy-wait may make besides reading the clock.
func harmless(c *sched.Call) bool {
	switch c.Method {
	case "getTime", "valueOf":
		return true
	}
	return strings.HasPrefix(c.Callee, "Math.") || c.Callee == "Number" || c.Callee == "BigInt"
}

func within(l, outer *sched.Loop) bool {
	for ; l != nil; l = l.Parent {
		if l == outer {
			return true
		}
	}
	return false
}

func run(pass *analysis.Pass) (any, error) {
	f := pass.ResultOf[jsfile.Analyzer].(*jsfile.File)
	facts := pass.ResultOf[sched.Analyzer].(*sched.Facts)
	busyLoops(pass, f, facts)
	syncCalls(pass, f, facts)
	return nil, nil
}

func busyLoops(pass *analysis.Pass, f *jsfile.File, facts *sched.Facts) {
	inner := map[*sched.Loop]bool{} // loops inside a reported loop
	for _, l := range facts.Loops {
		if inner[l.Parent] || l.Parent != nil && inner[l.Parent] {
			inner[l] = true
			continue
		}
		clock, busy, inTest := "", true, false
		reads := map[ast.Node]bool{}
		for _, c := range l.Func.Calls {
			if c.Loop == nil || !within(c.Loop, l) {
				continue
			}
			if s, ok := clockRead(c); ok {
				if clock == "" {
					clock = s
				}
				inTest = inTest || c.InTest && c.Loop == l
				reads[c.Node] = true
				continue
			}
			if c.Kind == sched.Await || !harmless(c) {
				busy = false
				break
			}
		}
		if clock == "" || !busy || hasYield(l.Body) || !(inTest || clockDecides(l, reads)) {
			continue
		}
		inner[l] = true
		d := analysis.Diagnostic{Message: fmt.Sprintf("busy-wait loop on %s blocks the event loop for the whole wait: no timer, I/O or promise callback runs meanwhile; wait with setTimeout (or await a timer) instead", clock)}
		d.Pos = f.Pos(l.Node.Idx0())
		d.End = d.Pos + 5
		pass.Report(d)
	}
}

// clockDecides: the loop's exit condition (its test, or the test of an
// if that breaks out) reads the clock, or a variable the body assigns
// (the body only reads the clock, so that variable holds a time).
func clockDecides(l *sched.Loop, reads map[ast.Node]bool) bool {
	assigned := map[string]bool{}
	var conds []ast.Expression
	if l.Test != nil && !isTrue(l.Test) {
		conds = append(conds, l.Test)
	}
	jsfile.Inspect(l.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FunctionLiteral, *ast.ArrowFunctionLiteral:
			return false
		case *ast.AssignExpression:
			if id, ok := n.Left.(*ast.Identifier); ok {
				assigned[id.Name.String()] = true
			}
		case *ast.Binding:
			if id, ok := n.Target.(*ast.Identifier); ok && n.Initializer != nil {
				assigned[id.Name.String()] = true
			}
		case *ast.IfStatement:
			if exits(n.Consequent) {
				conds = append(conds, n.Test)
			}
		}
		return true
	})
	for _, c := range conds {
		hit := false
		jsfile.Inspect(c, func(n ast.Node) bool {
			if id, ok := n.(*ast.Identifier); ok && assigned[id.Name.String()] || reads[n] {
				hit = true
			}
			return !hit
		})
		if hit {
			return true
		}
	}
	return false
}

func exits(s ast.Statement) bool {
	found := false
	jsfile.Inspect(s, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FunctionLiteral, *ast.ArrowFunctionLiteral:
			return false
		case *ast.BranchStatement:
			found = found || n.Token == token.BREAK
		case *ast.ReturnStatement, *ast.ThrowStatement:
			found = true
		}
		return !found
	})
	return found
}

func isTrue(e ast.Expression) bool {
	switch e := e.(type) {
	case *ast.BooleanLiteral:
		return e.Value
	case *ast.NumberLiteral:
		return e.Literal != "0"
	}
	return false
}

func hasYield(n ast.Node) bool {
	found := false
	jsfile.Inspect(n, func(m ast.Node) bool {
		switch m.(type) {
		case *ast.FunctionLiteral, *ast.ArrowFunctionLiteral:
			return false
		case *ast.YieldExpression, *ast.AwaitExpression:
			found = true
		}
		return !found
	})
	return found
}

// syncModules: Node's modules with blocking *Sync functions, and the
// drop-in packages that re-export fs's (fs-extra, graceful-fs, ...).
var syncModules = []string{"fs.", "crypto.", "zlib.", "child_process.", "fs-extra.", "graceful-fs.", "fs-promise.", "mz/fs."}

func isBlockingSync(callee string) bool {
	if !strings.HasSuffix(callee, "Sync") {
		return false
	}
	for _, m := range syncModules {
		if strings.HasPrefix(callee, m) {
			return true
		}
	}
	return false
}

func syncCalls(pass *analysis.Pass, f *jsfile.File, facts *sched.Facts) {
	handlers := handlerReach(facts)
	var rest []*sched.Call // *Sync calls that run on the loop as far as the file shows
	for _, fn := range facts.Funcs {
		awaited := false
		for _, c := range fn.Calls {
			if c.Kind == sched.Await {
				awaited = true
				continue
			}
			if !isBlockingSync(c.Callee) {
				continue
			}
			where, ok := onLoop(f, handlers, fn, awaited)
			if !ok {
				if where == "" && !fn.Top {
					rest = append(rest, c)
				}
				continue
			}
			report(pass, f, c, where)
		}
	}
	if len(rest) == 0 || f.Importers == nil {
		return
	}
	mentions, ok := entriesTo(facts, rest)
	if !ok {
		return
	}
	callers := calledOnLoop(f, facts, mentions)
	for _, c := range rest {
		if why := callers[c.Func]; why != "" {
			report(pass, f, c, why)
		}
	}
}

func report(pass *analysis.Pass, f *jsfile.File, c *sched.Call, where string) {
	d := analysis.Diagnostic{Message: fmt.Sprintf("%s blocks the event loop %s: every other callback waits for it; use the asynchronous %s", c.Callee, where, asyncName(c.Callee))}
	d.Pos, d.End = f.Range(c.Node)
	pass.Report(d)
}

// onLoop says where a call in fn runs on the event loop (awaited: an
// await of fn comes before it), or ok false when the file does not show
// that it does; where is then "skip" for an exit listener, which no
// other callback waits on.
func onLoop(f *jsfile.File, handlers map[*sched.Func]*sched.Func, fn *sched.Func, awaited bool) (where string, ok bool) {
	switch {
	case fn.OnLoop && atExit(f, fn.Why):
		return "skip", false
	case fn.OnLoop:
		return "in " + context(f, fn), true
	case fn.Async && awaited:
		return fmt.Sprintf("after an await in %s (it resumes from the event loop)", analysisutil.FuncName(f, fn)), true
	case handlers[fn] != nil:
		h := handlers[fn]
		where = fmt.Sprintf("in %s, a request handler by its parameters (%s)", analysisutil.FuncName(f, h), strings.Join(h.Params()[:handlerParams(h)], ", "))
		if h != fn {
			where = fmt.Sprintf("in %s, reached from %s", analysisutil.FuncName(f, fn), where[3:])
		}
		return where, true
	case fn.Async && !startup(fn) && !awaits(fn):
		return fmt.Sprintf("in %s, an async function that never awaits (its callers take it for asynchronous)", asyncFuncName(f, fn)), true
	}
	if p, site := executorOf(fn); p != nil {
		// new Promise(executor) runs the executor at once, as part of
		// the function that makes the promise.
		return onLoop(f, handlers, p, awaitedBefore(p, site))
	}
	return "", false
}

// executorOf: for a promise executor, the function whose body makes the
// promise, and the new Promise site.
func executorOf(fn *sched.Func) (*sched.Func, *sched.Call) {
	for _, s := range fn.Scheduled {
		if s.Kind == sched.PromiseExec && s.Func != nil && s.Func != fn && !s.Func.Top {
			return s.Func, s
		}
	}
	return nil, nil
}

// awaitedBefore: an await of fn comes before site.
func awaitedBefore(fn *sched.Func, site *sched.Call) bool {
	for _, c := range fn.Calls {
		if c.Kind == sched.Await && c.Node.Idx0() < site.Node.Idx0() {
			return true
		}
	}
	return false
}

// entriesTo: whether any function other modules reach (an export, an
// exported object's member, an exported class's method) leads to one of
// the calls, through the file's own calls; and the names importers would
// call those by, to look for in their text first (nil when one is the
// module's own function, which an importer names as it likes).
func entriesTo(facts *sched.Facts, calls []*sched.Call) ([]string, bool) {
	// The functions that lead to the calls: theirs, and back through
	// the file's plain calls of them.
	in := map[*sched.Func]bool{}
	var work []*sched.Func
	for _, c := range calls {
		if !in[c.Func] {
			in[c.Func] = true
			work = append(work, c.Func)
		}
	}
	for len(work) > 0 {
		g := work[len(work)-1]
		work = work[:len(work)-1]
		for _, c := range g.CalledBy {
			if c.Target == g && c.Func != nil && !c.Func.Top && !in[c.Func] {
				in[c.Func] = true
				work = append(work, c.Func)
			}
		}
	}
	var names []string
	found, anyName := false, false
	for _, e := range facts.Entries() {
		if !in[e.Func] {
			continue
		}
		found = true
		if e.Name == "" {
			anyName = true
		}
		names = append(names, e.Name)
	}
	if anyName {
		names = nil
	}
	return names, found
}

// calledOnLoop: the functions of f that the modules requiring it (its
// importers in the project) call on the event loop, directly or through
// f's own functions, each with where, for the message. Facts flow here
// from the callers back to the module they call: a helper that blocks is
// reported where it blocks, as its callers on the loop make it.
func calledOnLoop(f *jsfile.File, facts *sched.Facts, mentions []string) map[*sched.Func]string {
	out := map[*sched.Func]string{}
	var work []*sched.Func
	self, err := filepath.Abs(f.Path)
	if err != nil {
		return out
	}
	for _, imp := range f.Importers(mentions) {
		ifacts := sched.ComputeCaller(imp)
		handlers := handlerReach(ifacts)
		for _, fn := range ifacts.Funcs {
			if !fn.OnLoop && startup(fn) {
				// A script's main() that the importer's top level runs:
				// what it calls after its awaits is the program's own
				// sequence, with nothing else waiting (a CLI, a benchmark).
				continue
			}
			awaited := false
			for _, c := range fn.Calls {
				if c.Kind == sched.Await {
					awaited = true
					continue
				}
				if len(c.Refs()) == 0 {
					continue
				}
				var where string
				for _, r := range c.Refs() {
					if imp.Resolve == nil || imp.Resolve(r.Module) != self {
						continue
					}
					g := facts.ExportedFunc(r)
					if g == nil || out[g] != "" {
						continue
					}
					if where == "" {
						w, ok := onLoop(imp, handlers, fn, awaited)
						if !ok {
							break
						}
						where = w
					}
					rel, err := filepath.Rel(filepath.Dir(self), imp.Path)
					if err != nil {
						rel = imp.Path
					}
					out[g] = fmt.Sprintf("in %s, which %s calls at line %d %s", analysisutil.FuncName(f, g), filepath.ToSlash(rel), analysisutil.Line(imp, c.Node), where)
					work = append(work, g)
				}
			}
		}
	}
	// What those functions call synchronously runs there too.
	for len(work) > 0 {
		fn := work[len(work)-1]
		work = work[:len(work)-1]
		for _, c := range fn.Calls {
			if g := c.Target; g != nil && out[g] == "" && !g.Top {
				out[g] = fmt.Sprintf("in %s, reached from %s", analysisutil.FuncName(f, g), out[fn][3:])
				work = append(work, g)
			}
		}
	}
	return out
}

// handlerReach: the functions that run synchronously when a
// handler-shaped function does (see handlerShape), each with that handler.
func handlerReach(facts *sched.Facts) map[*sched.Func]*sched.Func {
	out := map[*sched.Func]*sched.Func{}
	var work []*sched.Func
	for _, fn := range facts.Funcs {
		if !fn.Top && handlerShape(fn) {
			out[fn] = fn
			work = append(work, fn)
		}
	}
	for len(work) > 0 {
		fn := work[len(work)-1]
		work = work[:len(work)-1]
		for _, c := range fn.Calls {
			if g := c.Target; g != nil && out[g] == nil && !g.Top {
				out[g] = out[fn]
				work = append(work, g)
			}
		}
	}
	return out
}

// handlerShape: fn takes (req, res) first (or request/response,
// res/reply), or (req, params, res), a router that hands the parsed
// parameters in between: a request handler that the file hands to a
// server elsewhere (a router module, micro(fn), a coroutine wrapper),
// which runs on the loop for every request.
func handlerShape(fn *sched.Func) bool {
	ps := fn.Params()
	if len(ps) < 2 {
		return false
	}
	switch ps[0] {
	case "req", "request":
	default:
		return false
	}
	for _, p := range ps[1:min(len(ps), 3)] {
		switch p {
		case "res", "response", "reply":
			return true
		}
	}
	return false
}

// handlerParams: how many of a handler's parameters show its shape.
func handlerParams(fn *sched.Func) int {
	ps := fn.Params()
	switch ps[1] {
	case "res", "response", "reply":
		return 2
	}
	return 3
}

// atExit: why is a process 'exit' or 'beforeExit' listener. Those run
// when the loop has nothing left to do (and 'exit' listeners must be
// synchronous): no other callback is waiting for a *Sync call there.
func atExit(f *jsfile.File, why *sched.Call) bool {
	if why == nil || why.Kind != sched.Listen || !strings.HasPrefix(why.Callee, "process.") {
		return false
	}
	ev := eventOf(f, why)
	return ev == "exit" || ev == "beforeExit"
}

func asyncName(callee string) string {
	base := strings.TrimSuffix(callee, "Sync")
	if strings.HasPrefix(base, "fs.") {
		return base + " or fs.promises." + strings.TrimPrefix(base, "fs.")
	}
	return base
}

// context describes why fn runs on the loop.
func context(f *jsfile.File, fn *sched.Func) string {
	why := fn.Why
	name := analysisutil.FuncName(f, fn)
	if why == nil {
		return name
	}
	var kind string
	switch why.Kind {
	case sched.Timeout, sched.Interval, sched.Immediate:
		kind = why.Kind.String() + " callback"
	case sched.NextTick:
		kind = "process.nextTick callback"
	case sched.Microtask:
		kind = "queueMicrotask callback"
	case sched.Reaction:
		kind = "." + why.Method + "() callback"
	case sched.Listen:
		kind = "'" + eventOf(f, why) + "' listener"
	case sched.IO:
		kind = why.Callee + " callback"
	case sched.Handler:
		kind = "request handler"
	default:
		kind = "callback"
	}
	line := analysisutil.Line(f, why.Node)
	if len(why.Funcs) > 0 && why.Funcs[0] == fn {
		return fmt.Sprintf("a %s (line %d)", kind, line)
	}
	return fmt.Sprintf("%s, reached from a %s (line %d)", name, kind, line)
}

func eventOf(f *jsfile.File, c *sched.Call) string {
	if len(c.Args) > 0 {
		if s, ok := c.Args[0].(*ast.StringLiteral); ok {
			return s.Value.String()
		}
	}
	return "event"
}

// startup: fn is run by the file's own top level (main(), an async
// IIFE), as a program starts, before anything waits.
func startup(fn *sched.Func) bool {
	if fn.Parent == nil || !fn.Parent.Top && fn.Class == nil {
		return fn.Parent != nil && startup(fn.Parent)
	}
	for _, c := range fn.CalledBy {
		if c.Func.Top {
			return true
		}
	}
	return false
}

// awaits: fn has an await of its own (not a nested function's).
func awaits(fn *sched.Func) bool {
	for _, c := range fn.Calls {
		if c.Kind == sched.Await {
			return true
		}
	}
	return false
}

func asyncFuncName(f *jsfile.File, fn *sched.Func) string {
	name := analysisutil.FuncName(f, fn)
	if strings.HasPrefix(name, "the function at") {
		return "the async function at" + strings.TrimPrefix(name, "the function at")
	}
	return name
}
