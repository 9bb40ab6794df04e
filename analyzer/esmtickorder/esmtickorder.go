// Package esmtickorder reports start-up code whose output order depends
// on whether the main module is loaded as CommonJS or as an ES module.
package esmtickorder

import (
	"fmt"

	"github.com/grafana/sobek/ast"
	"golang.org/x/tools/go/analysis"

	"github.com/looplint/looplint/analyzer/analysisutil"
	"github.com/looplint/looplint/analyzer/jsfile"
	"github.com/looplint/looplint/analyzer/sched"
	"github.com/looplint/looplint/loop"
)

const Doc = `report start-up code whose nextTick and promise callbacks swap order between CommonJS and ES modules

When a CommonJS main module finishes, Node drains the nextTick queue
first and the microtask queue (promise reactions, queueMicrotask,
await continuations) second: every process.nextTick callback runs before
any promise job. An ES module body, however, is itself evaluated inside
a promise job; the promise jobs it queues run in that same microtask
drain, before Node gets back to its nextTick queue. So the same
top-level code prints in opposite orders depending on how the file is
loaded, which the file's extension (.cjs/.mjs), the "type" field of the
nearest package.json, or (Node 20.19+/22.7+) module syntax in a .js file
decides. Renaming a file, adding "type": "module", or adding one import
silently reorders the output.

The check reports top-level code (and functions it calls synchronously,
up to their first await) that queues both a process.nextTick callback
and a promise job, when both callbacks have an observable effect
(console output, a stream write, emit, resolve/reject, calling a
callback, process.exit). Promise jobs are reactions on an
already-settled promise (Promise.resolve().then(...)), queueMicrotask,
and the code after an await of an already-settled value (await null,
await Promise.resolve()) in an async function called at start-up or at
the top level.

Bad:

	process.nextTick(() => console.log('tick'));
	Promise.resolve().then(() => console.log('promise'));
	// CommonJS: tick, promise.  ES module: promise, tick.

Fix: there is no mechanical fix; make the order explicit by chaining one
step from the other, or use a single mechanism for both:

	Promise.resolve()
	  .then(() => console.log('promise'))
	  .then(() => process.nextTick(() => console.log('tick')));`

var Analyzer = &analysis.Analyzer{
	Name:     "esmtickorder",
	Doc:      Doc,
	Requires: []*analysis.Analyzer{jsfile.Analyzer, sched.Analyzer},
	Run:      run,
}

// job is a callback queued during start-up.
type job struct {
	site *sched.Call // the nextTick, queueMicrotask, reaction or await site
	what string      // for messages
}

type checker struct {
	f      *jsfile.File
	facts  *sched.Facts
	ticks  []job
	jobs   []job
	active map[*sched.Func]bool
}

func run(pass *analysis.Pass) (any, error) {
	c := &checker{
		f:      pass.ResultOf[jsfile.Analyzer].(*jsfile.File),
		facts:  pass.ResultOf[sched.Analyzer].(*sched.Facts),
		active: map[*sched.Func]bool{},
	}
	c.walk(c.facts.Top, 0)
	if len(c.ticks) == 0 || len(c.jobs) == 0 {
		return nil, nil
	}
	t, p := c.ticks[0], c.jobs[0]
	kind, why := c.loadedAs()
	first, as := "the promise job", "an "+kind.Name()
	if kind == loop.CommonJS {
		first, as = "the nextTick callback", kind.Name()
	}
	msg := fmt.Sprintf("start-up code queues a %s (line %d) and a %s (line %d), both with observable effects: as CommonJS the nextTick callback runs first, as an ES module the promise job runs first (the module body itself runs inside a microtask); this file loads as %s (%s), so %s runs first here, and changing how it loads flips the order; make the order explicit (chain one from the other)",
		t.what, analysisutil.Line(c.f, t.site.Node), p.what, analysisutil.Line(c.f, p.site.Node), as, why, first)
	d := analysis.Diagnostic{Message: msg}
	d.Pos, d.End = c.f.Range(t.site.Node)
	pass.Report(d)
	return nil, nil
}

// loadedAs says how Node loads the file as its main module, and why.
func (c *checker) loadedAs() (loop.ModuleKind, string) {
	f := c.f.File
	k := f.Module(true)
	switch {
	case f.Ext == ".mjs" || f.Ext == ".mts" || f.Ext == ".cjs" || f.Ext == ".cts":
		return k, f.Ext + " extension"
	case f.PackageType == "module" || f.PackageType == "commonjs":
		return k, fmt.Sprintf("package.json \"type\": %q", f.PackageType)
	case f.ESMSyntax:
		return k, "module syntax in a .js file without a package.json type"
	}
	return k, "no package.json \"type\""
}

// walk visits the sites fn runs synchronously, in order (sched lists the
// sites of nested callbacks under their own functions, so fn.Calls is
// exactly fn's body), following synchronous calls of same-file functions
// and promise executors; it stops at the
// first await (after noting its continuation as a promise job when the
// awaited value is already settled).
func (c *checker) walk(fn *sched.Func, depth int) {
	if depth > 8 || c.active[fn] || analysisutil.Generated(c.f, fn) {
		return
	}
	c.active[fn] = true
	defer delete(c.active, fn)
	for i, s := range fn.Calls {
		switch s.Kind {
		case sched.Await:
			if aw, ok := s.Node.(*ast.AwaitExpression); ok && analysisutil.SettledValue(c.facts, aw.Argument) && c.restEffects(fn, i+1) {
				c.jobs = append(c.jobs, job{s, "continuation after " + c.short(s.Node)})
			}
			return
		case sched.NextTick:
			if analysisutil.Observable(s) {
				c.ticks = append(c.ticks, job{s, "process.nextTick callback"})
			}
		case sched.Microtask:
			if analysisutil.Observable(s) {
				c.jobs = append(c.jobs, job{s, "queueMicrotask callback"})
			}
		case sched.Reaction:
			if c.reactionEffects(s) {
				c.jobs = append(c.jobs, job{s, "." + s.Method + " callback on a settled promise"})
			}
		case sched.PromiseExec:
			for _, g := range s.Funcs {
				c.walk(g, depth+1)
			}
		}
		if s.Target != nil && s.Kind == sched.None {
			c.walk(s.Target, depth+1)
		}
	}
}

// restEffects: a site of fn.Calls[from:] is an observable effect.
func (c *checker) restEffects(fn *sched.Func, from int) bool {
	for _, s := range fn.Calls[from:] {
		if analysisutil.EffectCall(s) || s.Target != nil && analysisutil.Effects(s.Target) {
			return true
		}
	}
	return false
}

// reactionEffects: a reaction on an already-settled promise whose
// handler that runs has an observable effect.
func (c *checker) reactionEffects(s *sched.Call) bool {
	if s.Recv == nil {
		return false
	}
	state, ok := analysisutil.Settled(c.facts, s.Recv)
	if !ok {
		return false
	}
	idx := -1 // -1: any handler may run
	switch {
	case s.Method == "finally" || state == "":
	case s.Method == "then" && state == "resolved":
		idx = 0
	case s.Method == "then" && state == "rejected":
		idx = 1
	case s.Method == "catch" && state == "rejected":
		idx = 0
	default:
		return false // .catch on a resolved promise: its handler never runs
	}
	for i, a := range s.Args {
		if idx >= 0 && i != idx {
			continue
		}
		if id, ok := a.(*ast.Identifier); ok && (id.Name == "resolve" || id.Name == "reject") {
			return true
		}
		for _, fn := range s.Funcs {
			if (fn.Node == a || len(s.Args) == 1 && len(s.Funcs) == 1) && analysisutil.Effects(fn) {
				return true
			}
		}
	}
	return false
}

func (c *checker) short(n ast.Node) string {
	t := []rune(c.f.Text(n))
	if len(t) > 40 {
		return string(t[:37]) + "..."
	}
	return string(t)
}
