// Package nexttickloop reports functions that re-schedule themselves with
// process.nextTick.
package nexttickloop

import (
	"fmt"
	"strings"

	"github.com/grafana/sobek/ast"
	"golang.org/x/tools/go/analysis"

	"github.com/looplint/looplint/analyzer/analysisutil"
	"github.com/looplint/looplint/analyzer/jsfile"
	"github.com/looplint/looplint/analyzer/sched"
)

const Doc = `report functions that re-schedule themselves with process.nextTick

Node runs the whole nextTick queue, and everything queued while it runs,
before it goes on to timers, I/O or setImmediate callbacks. A function
that queues itself again with process.nextTick (directly, or through other
functions it calls or ticks) therefore keeps the loop in the nextTick
queue: timers never fire, I/O callbacks never run, and the process never
gets to wait for anything. The same holds while a condition keeps the
recursion going: nothing outside can change that condition.

Bad:

	let n = 0;
	function spin() {
	  n++;
	  process.nextTick(spin);
	}
	setTimeout(() => console.log('timer', n), 0); // never runs
	spin();

A step through a function the caller supplies (a parameter, an entry
of one, or a property of this stored from one, as zalgo means it) that is
handed a closure re-entering the cycle counts too, directly or through
a wrapper of the file whose result calls it at once
(iterator(x, onlyOnce(() => step()))), and the message says so: the
recursion happens when that function calls back at once. A property of
an object of the file assigned process.nextTick (lib.defer =
process.nextTick) queues as process.nextTick; where a feature test
Node answers picks the value (typeof setImmediate === 'function' ?
setImmediate : process.nextTick, or if (typeof process === 'object')
... else ...), the arm Node takes counts, and when the test is not one
Node answers, a property that may be process.nextTick is.

Fix: re-schedule with setImmediate, which lets timers and I/O run between
two rounds (the suggested fix replaces process.nextTick with
setImmediate):

	function spin() {
	  n++;
	  setImmediate(spin);
	}`

var Analyzer = &analysis.Analyzer{
	Name:     "nexttickloop",
	Doc:      Doc,
	Requires: []*analysis.Analyzer{jsfile.Analyzer, sched.Analyzer},
	Run:      run,
}

func run(pass *analysis.Pass) (any, error) {
	f := pass.ResultOf[jsfile.Analyzer].(*jsfile.File)
	facts := pass.ResultOf[sched.Analyzer].(*sched.Facts)
	// Edges that keep control inside the nextTick queue: synchronous calls,
	// synchronous executors, and nextTick itself.
	g := facts.Graph(func(c *sched.Call) bool { return c.Kind == sched.NextTick || c.Kind == sched.PromiseExec })
	// A function the caller supplied (a parameter) that is handed a
	// closure of the file may call it at once: reader(n, () => pull()).
	// Such a step closes the cycle only if it does, so it is named.
	callerSteps := map[*sched.Call]string{}
	for _, c := range facts.Calls {
		if c.Target != nil || c.Kind != sched.None {
			continue
		}
		if c.Caller {
			name := f.Text(sched.Callee(c.Node))
			if c.Method == "call" || c.Method == "apply" {
				name = f.Text(c.Recv)
			}
			fns := append(c.Funcs, wrapped(facts, c)...)
			if len(fns) > 0 {
				callerSteps[c] = name
			}
			for _, fn := range fns {
				g.Add(c.Func, sched.Edge{To: fn, Site: c})
			}
		}
	}
	for _, c := range facts.Sched {
		if c.Kind != sched.NextTick || len(c.Funcs) == 0 {
			continue
		}
		cyc, ok := g.CycleThrough(c, c.Funcs[0])
		if !ok {
			continue
		}
		var names []string
		for _, fn := range cyc.Funcs() {
			names = append(names, analysisutil.FuncName(f, fn))
		}
		guarded := cyc.Guarded
		var how string
		if cyc.Direct() {
			how = fmt.Sprintf("%s re-schedules itself with process.nextTick", names[0])
		} else {
			how = fmt.Sprintf("%s re-schedules itself through process.nextTick (%s)", names[0], strings.Join(names, " → "))
		}
		if call, ok := c.Node.(*ast.CallExpression); ok && !isProcessNextTick(call.Callee) && isDot(call.Callee) {
			// lib.defer(step), with lib.defer = process.nextTick in the file.
			how = strings.Replace(how, "process.nextTick", "process.nextTick (called as "+f.Text(call.Callee)+")", 1)
		}
		if guarded {
			how += " while a condition holds"
		}
		for _, e := range cyc.Path {
			if name := callerSteps[e.Site]; name != "" {
				how += fmt.Sprintf(" when %s, the caller's function (line %d), calls back at once", name, analysisutil.Line(f, e.Site.Node))
				break
			}
		}
		// A chain under a condition ends when the condition does (a queue
		// of lines runs out): it starves the loop for as long as it holds,
		// which is what line-by-line's and gearman's fixes were about.
		drain := "; the nextTick queue never drains, so timers and I/O starve: use setImmediate"
		if guarded {
			drain = "; while it does, the nextTick queue does not drain, so timers and I/O wait for the whole chain: use setImmediate"
		}
		d := analysis.Diagnostic{Message: how + drain}
		d.Pos, d.End = f.Range(c.Node)
		if call, ok := c.Node.(*ast.CallExpression); ok && isProcessNextTick(call.Callee) {
			s, e := f.Range(call.Callee)
			d.SuggestedFixes = []analysis.SuggestedFix{{
				Message:   "Replace process.nextTick with setImmediate",
				TextEdits: []analysis.TextEdit{{Pos: s, End: e, NewText: []byte("setImmediate")}},
			}}
		}
		pass.Report(d)
	}
	return nil, nil
}

// wrapped: the file's functions c is handed through a wrapper of the
// file whose result calls them at once (iterator(x, onlyOnce(() =>
// step()))).
func wrapped(facts *sched.Facts, c *sched.Call) []*sched.Func {
	var out []*sched.Func
	for _, a := range c.Args {
		w := facts.CallAt(a)
		if w == nil || w.Target == nil {
			continue
		}
		wraps := facts.Summary(w.Target).Wraps
		for j, arg := range w.Args {
			if j >= len(wraps) || wraps[j]&sched.Sync == 0 {
				continue
			}
			if fn := facts.FuncOf(arg); fn != nil {
				out = append(out, fn)
			}
		}
	}
	return out
}

func isDot(e ast.Expression) bool {
	_, ok := e.(*ast.DotExpression)
	return ok
}

func isProcessNextTick(e ast.Expression) bool {
	d, ok := e.(*ast.DotExpression)
	if !ok || d.Identifier.Name != "nextTick" {
		return false
	}
	id, ok := d.Left.(*ast.Identifier)
	return ok && id.Name == "process"
}
