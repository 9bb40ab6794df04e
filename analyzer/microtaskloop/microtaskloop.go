// Package microtaskloop reports code that keeps the microtask queue busy
// forever: functions that re-queue themselves through promise reactions
// or queueMicrotask, and await loops that never wait for anything.
package microtaskloop

import (
	"fmt"
	gotoken "go/token"
	"strings"

	"github.com/grafana/sobek/ast"
	"github.com/grafana/sobek/token"
	"golang.org/x/tools/go/analysis"

	"github.com/looplint/looplint/analyzer/analysisutil"
	"github.com/looplint/looplint/analyzer/jsfile"
	"github.com/looplint/looplint/analyzer/sched"
)

const Doc = `report functions and await loops that keep the microtask queue busy forever

V8 runs every queued microtask (promise reactions, queueMicrotask
callbacks, the continuation after an await) and everything they queue
before Node goes on to timers, I/O or setImmediate callbacks. A function
that queues itself again as a microtask, directly or through other
functions, never lets the queue drain: timers never fire, I/O callbacks
never run. An async loop whose awaits are all on values that are already
settled (await null, await Promise.resolve(), or the same promise every
round) is the same thing written differently: each await resumes in the
same drain.

Like nexttickloop, the check also reports recursion that a condition
keeps going (the message says "while a condition holds"), since nothing
outside the queue can run to change that condition. An await loop is
reported when its test is constant (while (true), for (;;)) or reads only
variables the loop never mentions, and it has no break, return or throw;
a loop that awaits anything else (a call, a new Promise, a variable it
assigns) may wait for a timer or I/O and is not reported. A loop whose
every exit is under a test of state that the file changes only in a
timer, I/O or listener callback (a constructor may set its first value) (if (done) break, where only an fs
callback sets done) is reported too: that callback cannot run while the
loop spins.

Bad:

	function again() {
	  Promise.resolve().then(again);
	}
	setTimeout(() => console.log('never'), 0);
	again();

	async function worker() {
	  while (true) {
	    await null;          // resumes at once: the timer above never runs
	    step();
	  }
	}

Fix: schedule the next round with setImmediate, which lets timers and
I/O run in between (the suggested fixes do this for
Promise.resolve().then(f), queueMicrotask(f) and await of a literal):

	function again() {
	  setImmediate(again);
	}

	    await new Promise((resolve) => setImmediate(resolve));`

var Analyzer = &analysis.Analyzer{
	Name:     "microtaskloop",
	Doc:      Doc,
	Requires: []*analysis.Analyzer{jsfile.Analyzer, sched.Analyzer},
	Run:      run,
}

const yieldExpr = "new Promise((resolve) => setImmediate(resolve))"

type checker struct {
	pass  *analysis.Pass
	f     *jsfile.File
	facts *sched.Facts
	stmts map[ast.Expression]bool // expressions that are whole statements (see isStmt)
	// assigned: by function, the names its own body assigns (see
	// assignedBy), built on first use.
	assigned map[*sched.Func]map[string]bool
}

// isStmt reports whether e is a whole expression statement. The map is
// built on first use: most files never get that far, and walking every
// file's whole tree for it was a fifth of the check's time.
func (c *checker) isStmt(e ast.Expression) bool {
	if c.stmts == nil {
		c.stmts = map[ast.Expression]bool{}
		for _, s := range c.f.Body {
			jsfile.Inspect(s, func(n ast.Node) bool {
				if es, ok := n.(*ast.ExpressionStatement); ok {
					c.stmts[es.Expression] = true
				}
				return true
			})
		}
	}
	return c.stmts[e]
}

func run(pass *analysis.Pass) (any, error) {
	c := &checker{
		pass:  pass,
		f:     pass.ResultOf[jsfile.Analyzer].(*jsfile.File),
		facts: pass.ResultOf[sched.Analyzer].(*sched.Facts),
	}
	g := c.graph()
	c.reactions(g)
	c.asyncRecursion(g)
	c.awaitLoops()
	return nil, nil
}

// reactionFuncs lists the handlers of a reaction on a settled promise that run.
func (c *checker) reactionFuncs(site *sched.Call) []*sched.Func {
	if site.Kind == sched.Microtask {
		return site.Funcs
	}
	if site.Kind != sched.Reaction || site.Recv == nil {
		return nil
	}
	state, ok := analysisutil.Settled(c.facts, site.Recv)
	if !ok {
		return nil
	}
	arg := func(i int) []*sched.Func {
		if i < len(site.Args) {
			if fn := c.funcOfArg(site, site.Args[i]); fn != nil {
				return []*sched.Func{fn}
			}
		}
		return nil
	}
	switch {
	case state == "" || site.Method == "finally":
		return site.Funcs
	case site.Method == "then" && state == "resolved":
		return arg(0)
	case site.Method == "then" && state == "rejected":
		return arg(1)
	case site.Method == "catch" && state == "rejected":
		return arg(0)
	}
	return nil
}

// funcOfArg maps an argument back to the Func sched resolved for it.
func (c *checker) funcOfArg(site *sched.Call, a ast.Expression) *sched.Func {
	for _, fn := range site.Funcs {
		if fn.Node == a {
			return fn
		}
	}
	if len(site.Args) == 1 && len(site.Funcs) == 1 {
		return site.Funcs[0]
	}
	for _, fn := range site.Funcs {
		if id, ok := a.(*ast.Identifier); ok && fn.Name == id.Name.String() {
			return fn
		}
	}
	return nil
}

// graph: synchronous calls, executors, nextTick, queueMicrotask and
// reactions on settled promises; in async functions, calls after an
// await that may wait for a timer or I/O are dropped.
func (c *checker) graph() sched.Graph {
	g := sched.Graph{}
	for _, fn := range c.facts.Funcs {
		yielded := false
		for _, s := range fn.Calls {
			if s.Kind == sched.Await && !c.settledAwait(s) {
				yielded = true
			}
			if yielded {
				continue
			}
			if s.Target != nil {
				g.Add(fn, sched.Edge{To: s.Target, Site: s})
			}
			var to []*sched.Func
			switch s.Kind {
			case sched.NextTick, sched.PromiseExec:
				to = s.Funcs
			case sched.Microtask, sched.Reaction:
				to = c.reactionFuncs(s)
			}
			for _, t := range to {
				g.Add(fn, sched.Edge{To: t, Site: s})
			}
		}
	}
	return g
}

func (c *checker) names(cyc *sched.Cycle) string {
	var out []string
	for _, fn := range cyc.Funcs() {
		out = append(out, analysisutil.FuncName(c.f, fn))
	}
	return strings.Join(out, " → ")
}

const starve = "the microtask queue never drains, so timers and I/O starve: re-schedule with setImmediate"

func (c *checker) reactions(g sched.Graph) {
	for _, s := range c.facts.Sched {
		if s.Kind != sched.Microtask && s.Kind != sched.Reaction || analysisutil.Generated(c.f, s.Func) {
			continue
		}
		for _, start := range c.reactionFuncs(s) {
			cyc, ok := g.CycleThrough(s, start)
			if !ok {
				continue
			}
			via := "a promise reaction on a settled promise"
			if s.Kind == sched.Microtask {
				via = "queueMicrotask"
			}
			name := analysisutil.FuncName(c.f, s.Func)
			how := fmt.Sprintf("%s re-schedules itself through %s", name, via)
			if !cyc.Direct() {
				how += " (" + c.names(cyc) + ")"
			}
			if cyc.Guarded {
				how += " while a condition holds"
			}
			d := analysis.Diagnostic{Message: how + "; " + starve}
			d.Pos, d.End = c.f.Range(s.Node)
			if fix, ok := c.fixReaction(s, start); ok {
				d.SuggestedFixes = []analysis.SuggestedFix{fix}
			}
			c.pass.Report(d)
			break
		}
	}
}

// fixReaction: queueMicrotask(f) → setImmediate(f), and the statement
// Promise.resolve().then(f) → setImmediate(f).
func (c *checker) fixReaction(s *sched.Call, start *sched.Func) (analysis.SuggestedFix, bool) {
	call, ok := s.Node.(*ast.CallExpression)
	if !ok || len(call.ArgumentList) != 1 {
		return analysis.SuggestedFix{}, false
	}
	if s.Kind == sched.Microtask {
		id, ok := call.Callee.(*ast.Identifier)
		if !ok || id.Name != "queueMicrotask" {
			return analysis.SuggestedFix{}, false
		}
		p, e := c.f.Range(id)
		return analysis.SuggestedFix{Message: "Replace queueMicrotask with setImmediate",
			TextEdits: []analysis.TextEdit{{Pos: p, End: e, NewText: []byte("setImmediate")}}}, true
	}
	recv, ok := s.Recv.(*ast.CallExpression)
	if !ok || s.Method != "then" || !c.isStmt(call) || len(recv.ArgumentList) != 0 {
		return analysis.SuggestedFix{}, false
	}
	if rs := c.facts.CallAt(recv); rs == nil || rs.Callee != "Promise.resolve" {
		return analysis.SuggestedFix{}, false
	}
	p, e := c.f.Range(call)
	return analysis.SuggestedFix{Message: "Schedule with setImmediate instead of a promise reaction",
		TextEdits: []analysis.TextEdit{{Pos: p, End: e, NewText: []byte("setImmediate(" + c.f.Text(call.ArgumentList[0]) + ")")}}}, true
}

// asyncRecursion: an async function that awaits only settled values and
// then calls itself again (directly or through others).
func (c *checker) asyncRecursion(g sched.Graph) {
	for _, fn := range c.facts.Funcs {
		if !fn.Async || analysisutil.Generated(c.f, fn) {
			continue
		}
		var first *sched.Call // the first (settled) await
		for _, s := range fn.Calls {
			if s.Kind == sched.Await {
				if !c.settledAwait(s) {
					break
				}
				if first == nil {
					first = s
				}
				continue
			}
			if first == nil || s.Target == nil {
				continue
			}
			cyc, ok := g.CycleThrough(s, s.Target)
			if !ok {
				continue
			}
			name := analysisutil.FuncName(c.f, fn)
			how := fmt.Sprintf("%s re-schedules itself: it awaits an already-settled value (line %d), which resumes as a microtask, then calls itself again",
				name, analysisutil.Line(c.f, first.Node))
			if !cyc.Direct() {
				how += " (" + c.names(cyc) + ")"
			}
			if cyc.Guarded {
				how += " while a condition holds"
			}
			d := analysis.Diagnostic{Message: how + "; " + starve}
			d.Pos, d.End = c.f.Range(s.Node)
			if fix, ok := c.fixAwait(first); ok {
				d.SuggestedFixes = []analysis.SuggestedFix{fix}
			}
			c.pass.Report(d)
			break
		}
	}
}

// settledAwait: await of a literal, undefined, void x, Promise.resolve/
// reject(...), or a chain on one. (In loops, awaitLoops also accepts a
// variable the loop does not assign.)
func (c *checker) settledAwait(s *sched.Call) bool {
	aw, ok := s.Node.(*ast.AwaitExpression)
	if !ok {
		return false
	}
	return analysisutil.SettledValue(c.facts, aw.Argument)
}

// fixAwait: `await <literal>;` → `await new Promise(...setImmediate...)`.
func (c *checker) fixAwait(s *sched.Call) (analysis.SuggestedFix, bool) {
	aw, ok := s.Node.(*ast.AwaitExpression)
	if !ok || !c.isStmt(aw) {
		return analysis.SuggestedFix{}, false
	}
	switch a := aw.Argument.(type) {
	case *ast.NullLiteral, *ast.NumberLiteral, *ast.StringLiteral, *ast.BooleanLiteral:
	case *ast.Identifier:
		if a.Name != "undefined" {
			return analysis.SuggestedFix{}, false
		}
	default:
		return analysis.SuggestedFix{}, false
	}
	p, e := c.f.Range(aw.Argument)
	return analysis.SuggestedFix{Message: "Yield to the event loop with setImmediate",
		TextEdits: []analysis.TextEdit{{Pos: p, End: e, NewText: []byte(yieldExpr)}}}, true
}

func within(l, outer *sched.Loop) bool {
	for ; l != nil; l = l.Parent {
		if l == outer {
			return true
		}
	}
	return false
}

// awaitLoops: unbounded loops whose every await is on a settled value.
func (c *checker) awaitLoops() {
	inner := map[*sched.Loop]bool{}
	for _, l := range c.facts.Loops {
		if inner[l.Parent] {
			inner[l] = true
			continue
		}
		if analysisutil.Generated(c.f, l.Func) {
			continue
		}
		var update ast.Expression
		switch n := l.Node.(type) {
		case *ast.ForStatement:
			update = n.Update
		case *ast.WhileStatement, *ast.DoWhileStatement:
		default:
			continue // for-in/of: bounded by the collection
		}
		constant := l.Test == nil || truthy(l.Test)
		mentioned := mentions(l.Body, update)
		if !constant && !testUntouched(l.Test, mentioned) {
			continue
		}
		waitsFor := ""
		if exits(l.Body) {
			// Every exit is under a test of state that only a timer or
			// I/O callback changes: the loop cannot see it change.
			if waitsFor = c.exitsOnLoopState(l.Body, update); waitsFor == "" {
				continue
			}
		}
		var awaits []*sched.Call
		ok := true
		for _, s := range l.Func.Calls {
			if s.Kind != sched.Await || s.Loop == nil || !within(s.Loop, l) {
				continue
			}
			awaits = append(awaits, s)
			aw := s.Node.(*ast.AwaitExpression)
			if analysisutil.SettledValue(c.facts, aw.Argument) {
				continue
			}
			if id, isID := aw.Argument.(*ast.Identifier); isID && !assigned(l.Body, update, id.Name.String()) {
				continue // the same promise every round: settled after the first
			}
			ok = false
			break
		}
		if !ok || len(awaits) == 0 {
			continue
		}
		inner[l] = true
		name := "the top level"
		if !l.Func.Top {
			name = analysisutil.FuncName(c.f, l.Func)
		}
		cond := "never ends"
		if waitsFor != "" {
			cond = "waits for " + waitsFor + ", which only a timer or I/O callback changes,"
		} else if !constant {
			cond = "runs while a condition holds that nothing else can change meanwhile"
		}
		msg := fmt.Sprintf("await loop in %s %s and awaits only already-settled values (%s): each await resumes at once as a microtask, so timers and I/O starve: yield with await %s",
			name, cond, c.f.Text(awaits[0].Node), yieldExpr)
		d := analysis.Diagnostic{Message: msg}
		d.Pos = c.f.Pos(l.Node.Idx0())
		d.End = d.Pos + keywordLen(l.Node)
		for _, s := range awaits {
			if fix, ok := c.fixAwait(s); ok {
				d.SuggestedFixes = []analysis.SuggestedFix{fix}
				break
			}
		}
		c.pass.Report(d)
	}
}

// keywordLen is the length of the keyword a loop starts with.
func keywordLen(n ast.Statement) gotoken.Pos {
	switch n.(type) {
	case *ast.WhileStatement:
		return 5
	case *ast.DoWhileStatement:
		return 2
	}
	return 3
}

func truthy(e ast.Expression) bool {
	switch e := e.(type) {
	case *ast.BooleanLiteral:
		return e.Value
	case *ast.NumberLiteral:
		return e.Literal != "0" && e.Literal != "0.0"
	case *ast.StringLiteral:
		return e.Value != ""
	}
	return false
}

// mentions collects the identifier and property names used in a loop.
func mentions(body ast.Statement, update ast.Expression) map[string]bool {
	m := map[string]bool{}
	visit := func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Identifier:
			m[n.Name.String()] = true
		case *ast.DotExpression:
			m[n.Identifier.Name.String()] = true
		}
		return true
	}
	if body != nil {
		jsfile.Inspect(body, visit)
	}
	if update != nil {
		jsfile.Inspect(update, visit)
	}
	return m
}

// testUntouched: the test makes no call and reads only names (variables,
// or properties of this/objects) that the loop never mentions.
func testUntouched(test ast.Expression, mentioned map[string]bool) bool {
	ok := true
	jsfile.Inspect(test, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpression, *ast.NewExpression, *ast.AwaitExpression, *ast.AssignExpression, *ast.FunctionLiteral, *ast.ArrowFunctionLiteral:
			ok = false
		case *ast.UnaryExpression:
			if n.Operator == token.INCREMENT || n.Operator == token.DECREMENT {
				ok = false
			}
		case *ast.Identifier:
			if mentioned[n.Name.String()] {
				ok = false
			}
		case *ast.DotExpression:
			if mentioned[n.Identifier.Name.String()] {
				ok = false
			}
		}
		return ok
	})
	return ok
}

// assigned: the loop assigns, declares or updates name.
func assigned(body ast.Statement, update ast.Expression, name string) bool {
	found := false
	visit := func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignExpression:
			if id, ok := n.Left.(*ast.Identifier); ok && id.Name.String() == name {
				found = true
			}
		case *ast.Binding:
			if id, ok := n.Target.(*ast.Identifier); ok && id.Name.String() == name {
				found = true
			}
		case *ast.UnaryExpression:
			if id, ok := n.Operand.(*ast.Identifier); ok && id.Name.String() == name && (n.Operator == token.INCREMENT || n.Operator == token.DECREMENT) {
				found = true
			}
		}
		return !found
	}
	if body != nil {
		jsfile.Inspect(body, visit)
	}
	if update != nil {
		jsfile.Inspect(update, visit)
	}
	return found
}

// exits: the loop body has a break, return or throw (outside nested
// functions); a break inside an inner loop or switch is counted too,
// which errs on the side of not reporting.
func exits(s ast.Statement) bool {
	found := false
	jsfile.Inspect(s, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FunctionLiteral, *ast.ArrowFunctionLiteral, *ast.ClassLiteral:
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

// exitsOnLoopState: every break, return or throw of the loop body is
// under an if whose test makes no call and reads names the loop never
// assigns, one of which the file changes only in functions that run
// from a timer, an immediate, an I/O callback or a listener. It returns
// that name ("" when the loop may exit otherwise).
func (c *checker) exitsOnLoopState(body ast.Statement, update ast.Expression) string {
	var tests []ast.Expression
	ok := true
	var walk func(n ast.Node, test ast.Expression)
	walk = func(n ast.Node, test ast.Expression) {
		if !ok || n == nil {
			return
		}
		switch n := n.(type) {
		case *ast.FunctionLiteral, *ast.ArrowFunctionLiteral, *ast.ClassLiteral:
			return
		case *ast.IfStatement:
			walk(n.Consequent, n.Test)
			walk(n.Alternate, n.Test)
			return
		case *ast.BranchStatement, *ast.ReturnStatement, *ast.ThrowStatement:
			if b, isBr := n.(*ast.BranchStatement); isBr && b.Token != token.BREAK {
				return
			}
			if test == nil {
				ok = false
				return
			}
			tests = append(tests, test)
			return
		}
		jsfile.Children(n, func(m ast.Node) { walk(m, test) })
	}
	walk(body, nil)
	if !ok || len(tests) == 0 {
		return ""
	}
	found := ""
	for _, t := range tests {
		names, pure := testNames(t)
		if !pure || len(names) == 0 {
			return ""
		}
		for _, n := range names {
			if assigned(body, update, n) || assignedProp(body, n) {
				return ""
			}
		}
		for _, n := range names {
			if found == "" && c.changedOnlyByLoop(n) {
				found = n
			}
		}
	}
	return found
}

// testNames: the variable and property names a test reads, and whether
// it makes no call, await or assignment.
func testNames(e ast.Expression) ([]string, bool) {
	var out []string
	pure := true
	jsfile.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpression, *ast.NewExpression, *ast.AwaitExpression, *ast.AssignExpression, *ast.FunctionLiteral, *ast.ArrowFunctionLiteral:
			pure = false
		case *ast.Identifier:
			if n.Name != "undefined" {
				out = append(out, n.Name.String())
			}
		case *ast.DotExpression:
			out = append(out, n.Identifier.Name.String())
		}
		return pure
	})
	return out, pure
}

func assignedProp(body ast.Statement, name string) bool {
	found := false
	jsfile.Inspect(body, func(n ast.Node) bool {
		if a, ok := n.(*ast.AssignExpression); ok {
			if d, ok := a.Left.(*ast.DotExpression); ok && d.Identifier.Name.String() == name {
				found = true
			}
		}
		return !found
	})
	return found
}

// changedOnlyByLoop: name (a variable or a property) is assigned
// somewhere in the file, and every assignment is in a function that runs
// from a macrotask: a timer, an immediate, an I/O callback or a listener.
func (c *checker) changedOnlyByLoop(name string) bool {
	any := false
	assigned := c.assignedBy()
	for _, fn := range c.facts.Funcs {
		if !assigned[fn][name] {
			continue
		}
		if fn.Method == "constructor" {
			continue // initialisation, before any method can loop
		}
		if !onlyFromMacrotask(fn) {
			return false
		}
		any = true
	}
	return any
}

// assignedBy gives, for each function of the file, the names its own
// body (not its nested functions and classes) assigns: variables (x = ,
// x++, x--) and properties (o.x = ). Built once per file: walking every
// body again for each name a loop waits on was most of this check's time.
func (c *checker) assignedBy() map[*sched.Func]map[string]bool {
	if c.assigned != nil {
		return c.assigned
	}
	c.assigned = map[*sched.Func]map[string]bool{}
	for _, fn := range c.facts.Funcs {
		var body ast.Node
		if fn.Top {
			body = &ast.BlockStatement{List: c.f.Body}
		} else if body = analysisutil.FuncBody(fn.Node); body == nil {
			continue
		}
		names := map[string]bool{}
		jsfile.Inspect(body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FunctionLiteral, *ast.ArrowFunctionLiteral, *ast.ClassLiteral:
				return false
			case *ast.AssignExpression:
				switch l := n.Left.(type) {
				case *ast.Identifier:
					names[l.Name.String()] = true
				case *ast.DotExpression:
					names[l.Identifier.Name.String()] = true
				}
			case *ast.UnaryExpression:
				if id, ok := n.Operand.(*ast.Identifier); ok && (n.Operator == token.INCREMENT || n.Operator == token.DECREMENT) {
					names[id.Name.String()] = true
				}
			}
			return true
		})
		c.assigned[fn] = names
	}
	return c.assigned
}

// onlyFromMacrotask: fn is queued only by timers, immediates, I/O or
// listeners, and nothing calls it synchronously.
func onlyFromMacrotask(fn *sched.Func) bool {
	if fn.Top || len(fn.CalledBy) > 0 || len(fn.Scheduled) == 0 {
		return false
	}
	for _, s := range fn.Scheduled {
		if !s.Kind.Macrotask() {
			return false
		}
	}
	return true
}
