// Package timerrace reports timers and immediates scheduled together
// whose callbacks run in an order that depends on timing.
package timerrace

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/grafana/sobek/ast"
	"github.com/grafana/sobek/token"
	"golang.org/x/tools/go/analysis"

	"github.com/looplint/looplint/analyzer/analysisutil"
	"github.com/looplint/looplint/analyzer/jsfile"
	"github.com/looplint/looplint/analyzer/sched"
)

const Doc = `report timers and immediates whose callbacks race

setTimeout(fn, 0) is setTimeout(fn, 1): the timer is due once the loop
clock has moved a millisecond past the call. From the main module (and
from a setImmediate callback), whether that millisecond has passed when
the loop next checks its timers depends on everything else the process
does meanwhile, so a setImmediate callback scheduled in the same place
may run before or after it: real runs show both orders. Inside an I/O
callback (fs, net, ...) or a timer callback the order is fixed (the
check phase, and so setImmediate, comes first: a timer created during
the timers phase never runs in that phase); such places are not
reported.

Two timers are racy too when the one created later has a delay one or
two milliseconds shorter (setTimeout(a, 2) then setTimeout(b, 1)): timer
start times are whole milliseconds of the loop clock, so a tick between
the two calls makes them due together and the older one runs first.

The check reports a pair only when both callbacks have an observable
effect (console output, a stream write, emit, resolve/reject, calling a
callback, pushing to an array, process.exit), and both are scheduled in
the same synchronous stretch of one function (up to its first await).
Timers whose delay is not a constant are not considered.

Bad:

	setTimeout(() => console.log('timeout'), 0);
	setImmediate(() => console.log('immediate'));   // either order

Fix: there is no mechanical fix; make the dependency explicit. Schedule
the second step from the first one's callback, or use one mechanism for
both (two setImmediate calls run in order, as do timers with the same
delay), or chain them with promises:

	setImmediate(() => {
	  console.log('immediate');
	  setTimeout(() => console.log('timeout'), 0);
	});`

var Analyzer = &analysis.Analyzer{
	Name:     "timerrace",
	Doc:      Doc,
	Requires: []*analysis.Analyzer{jsfile.Analyzer, sched.Analyzer},
	Run:      run,
}

type ctx int

const (
	ctxUnknown ctx = iota
	ctxFixed       // inside an I/O callback: check phase comes first
	// ctxTimer: inside a timer callback a new timer never runs in the
	// same timers phase, so the check phase comes first (probe 07 and
	// our own measurement on Node 20: immediate first in every run). It
	// ranks below the racy contexts, which win when a function is
	// reachable from both.
	ctxTimer
	ctxMain
	ctxCheck
)

type checker struct {
	f     *jsfile.File
	facts *sched.Facts
	ctxs  map[*sched.Func]ctx
	why   map[*sched.Func]string
}

func run(pass *analysis.Pass) (any, error) {
	c := &checker{
		f:     pass.ResultOf[jsfile.Analyzer].(*jsfile.File),
		facts: pass.ResultOf[sched.Analyzer].(*sched.Facts),
		ctxs:  map[*sched.Func]ctx{},
		why:   map[*sched.Func]string{},
	}
	for _, fn := range c.facts.Funcs {
		if !analysisutil.Generated(c.f, fn) {
			c.check(pass, fn)
		}
	}
	return nil, nil
}

type timer struct {
	site  *sched.Call
	delay float64 // effective delay in ms; NaN when not a constant
}

func (c *checker) check(pass *analysis.Pass, fn *sched.Func) {
	first := true
	var timers, immediates []timer
	flush := func() {
		reported := map[*sched.Call]bool{}
		if first {
			c.races(pass, fn, timers, immediates, reported)
		}
		c.timerPairs(pass, timers, reported)
		timers, immediates = nil, nil
	}
	for _, s := range fn.Calls {
		switch s.Kind {
		case sched.Await:
			flush()
			first = false
		case sched.Timeout, sched.Interval:
			if c.observable(s) {
				timers = append(timers, timer{s, delayOf(s)})
			}
		case sched.Immediate:
			if c.observable(s) {
				immediates = append(immediates, timer{s, math.NaN()})
			}
		}
	}
	flush()
}

// races: setTimeout(≤1 ms) against setImmediate in a racy context.
func (c *checker) races(pass *analysis.Pass, fn *sched.Func, timers, immediates []timer, reported map[*sched.Call]bool) {
	if len(timers) == 0 || len(immediates) == 0 {
		return
	}
	k := c.context(fn, 0)
	if k != ctxMain && k != ctxCheck {
		return
	}
	for _, t := range timers {
		if math.IsNaN(t.delay) || t.delay > 1 {
			continue
		}
		imm := nearest(t.site, immediates)
		msg := fmt.Sprintf("%s callback (line %d) and setImmediate callback (line %d) are scheduled together %s: the timer is due only once a millisecond has passed, so either may run first; make the order explicit (schedule one from the other's callback)",
			describe(c.f, t.site), analysisutil.Line(c.f, t.site.Node), analysisutil.Line(c.f, imm.Node), c.where(fn))
		d := analysis.Diagnostic{Message: msg}
		d.Pos, d.End = c.f.Range(t.site.Node)
		pass.Report(d)
		reported[t.site] = true
	}
}

// nearest is the site of others closest to s in the source.
func nearest(s *sched.Call, others []timer) *sched.Call {
	var best *sched.Call
	dist := -1
	for _, o := range others {
		d := int(o.site.Node.Idx0()) - int(s.Node.Idx0())
		if d < 0 {
			d = -d
		}
		if dist < 0 || d < dist {
			best, dist = o.site, d
		}
	}
	return best
}

// timerPairs: a later timer whose delay is 1 or 2 ms shorter than an
// earlier one's (in any context: this race is about the clock, not the
// phase). A timer already reported against an immediate is not repeated.
func (c *checker) timerPairs(pass *analysis.Pass, timers []timer, reported map[*sched.Call]bool) {
	for j, later := range timers {
		if math.IsNaN(later.delay) || reported[later.site] {
			continue
		}
		for _, earlier := range timers[:j] {
			diff := earlier.delay - later.delay
			if math.IsNaN(diff) || diff <= 0 || diff > 2 {
				continue
			}
			msg := fmt.Sprintf("%s callback (line %d) and the earlier %s callback (line %d) race: their delays differ by only %s ms and timer starts are whole milliseconds, so the earlier one may run first; make the order explicit (schedule one from the other's callback)",
				describe(c.f, later.site), analysisutil.Line(c.f, later.site.Node), describe(c.f, earlier.site), analysisutil.Line(c.f, earlier.site.Node), strconv.FormatFloat(diff, 'f', -1, 64))
			d := analysis.Diagnostic{Message: msg}
			d.Pos, d.End = c.f.Range(later.site.Node)
			pass.Report(d)
			break
		}
	}
}

func describe(f *jsfile.File, s *sched.Call) string {
	name := s.Kind.String()
	if len(s.Args) < 2 {
		return name + "(…)"
	}
	return fmt.Sprintf("%s(…, %s)", name, f.Text(s.Args[1]))
}

func (c *checker) where(fn *sched.Func) string {
	switch c.context(fn, 0) {
	case ctxMain:
		if fn.Top {
			return "in the main module"
		}
		return "in start-up code (" + c.why[fn] + ")"
	case ctxTimer:
		return "in a timer callback (" + c.why[fn] + ")"
	case ctxCheck:
		return "in a setImmediate callback (" + c.why[fn] + ")"
	}
	return ""
}

// context says in which phase fn runs. A function reachable from a racy
// place is racy; one reached only from I/O callbacks is fixed.
func (c *checker) context(fn *sched.Func, depth int) ctx {
	if k, ok := c.ctxs[fn]; ok {
		return k
	}
	if fn.Top {
		return ctxMain
	}
	if depth > 16 {
		return ctxUnknown
	}
	c.ctxs[fn] = ctxUnknown // cycles
	best, why := ctxUnknown, ""
	consider := func(k ctx, w string) {
		if k > best || best == ctxUnknown && k == ctxFixed {
			best, why = k, w
		}
	}
	for _, s := range fn.Scheduled {
		line := analysisutil.Line(c.f, s.Node)
		switch s.Kind {
		case sched.Timeout, sched.Interval:
			consider(ctxTimer, fmt.Sprintf("%s at line %d", s.Kind, line))
		case sched.Immediate:
			consider(ctxCheck, fmt.Sprintf("setImmediate at line %d", line))
		case sched.IO:
			consider(ctxFixed, "")
		case sched.NextTick, sched.Microtask, sched.PromiseExec:
			consider(c.context(s.Func, depth+1), c.inherit(s.Func, line))
		case sched.Reaction:
			if s.Recv != nil && c.settled(s.Recv) {
				consider(c.context(s.Func, depth+1), c.inherit(s.Func, line))
			}
		}
	}
	for _, s := range fn.CalledBy {
		consider(c.context(s.Func, depth+1), c.inherit(s.Func, analysisutil.Line(c.f, s.Node)))
	}
	c.ctxs[fn], c.why[fn] = best, why
	return best
}

func (c *checker) inherit(from *sched.Func, line int) string {
	if from.Top {
		return fmt.Sprintf("reached from the main module at line %d", line)
	}
	if w := c.why[from]; w != "" {
		return w
	}
	return fmt.Sprintf("reached from line %d", line)
}

func (c *checker) settled(e ast.Expression) bool {
	_, ok := analysisutil.Settled(c.facts, e)
	return ok
}

// delayOf is the delay a timer gets after Node's coercion: a number in
// [1, 2^31-1], anything else (missing, NaN, < 1, too big) becomes 1.
// NaN means the delay is not a constant.
func delayOf(s *sched.Call) float64 {
	if len(s.Args) < 2 {
		return 1
	}
	v, ok := constNumber(s.Args[1])
	if !ok {
		return math.NaN()
	}
	if !(v >= 1 && v <= 2147483647) {
		return 1
	}
	return v
}

func constNumber(e ast.Expression) (float64, bool) {
	switch e := e.(type) {
	case *ast.NumberLiteral:
		switch v := e.Value.(type) {
		case int64:
			return float64(v), true
		case float64:
			return v, true
		}
	case *ast.StringLiteral:
		s := strings.TrimSpace(e.Value.String())
		if s == "" {
			return 0, true
		}
		v, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return math.NaN(), true
		}
		return v, true
	case *ast.NullLiteral:
		return 0, true
	case *ast.BooleanLiteral:
		if e.Value {
			return 1, true
		}
		return 0, true
	case *ast.Identifier:
		if e.Name == "undefined" {
			return math.NaN(), true
		}
	case *ast.UnaryExpression:
		if v, ok := constNumber(e.Operand); ok {
			switch e.Operator {
			case token.MINUS:
				return -v, true
			case token.PLUS:
				return v, true
			}
		}
	}
	return 0, false
}

// observable: the callback a timer or immediate site queues has an
// effect whose order someone can see.
func (c *checker) observable(s *sched.Call) bool { return analysisutil.Observable(s) }
