package runtime

import (
	"fmt"
	"regexp"
	goruntime "runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/grafana/sobek"
	"github.com/grafana/sobek/ast"
	"github.com/grafana/sobek/file"
	"github.com/grafana/sobek/parser"
	"github.com/looplint/looplint/explore"
	"github.com/looplint/looplint/internal/frames"
	"github.com/looplint/looplint/ir"
	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/parse"
)

// Outcome is a distinct result and how many runs produced it; Witness is
// the schedule of the first of them.
type Outcome struct {
	Result
	Count int
}

// Explore runs the default schedule and n-1 random ones derived from seed,
// in parallel, and returns the distinct outcomes, most frequent first.
func (p *Program) Explore(n int, seed uint64) []Outcome {
	return p.ExploreUntil(n, seed, time.Time{})
}

// ExploreUntil is Explore that starts no schedule past deadline (zero:
// none), so that a snippet whose every run takes seconds (a long counting
// loop) does not keep the caller for minutes.
func (p *Program) ExploreUntil(n int, seed uint64, deadline time.Time) []Outcome {
	// The default schedule runs first, alone: a snippet that exhausts the
	// wall-clock or memory budget would do so under every schedule.
	start := time.Now()
	first := p.Run(loop.Default{})
	if first.Status == StatusTimeout || first.Status == StatusMemory || n <= 1 {
		return Group([]Result{first})
	}
	if !deadline.IsZero() {
		// Runs take about as long as the first: as many as fit.
		per := max(time.Since(start), time.Millisecond)
		workers := time.Duration(max(1, goruntime.GOMAXPROCS(0)))
		if fit := int(time.Until(deadline) * workers / per); fit < n-1 {
			n = max(1, fit+1)
		}
	}
	var oracles []func() loop.Oracle
	for i := 1; i < n; i++ {
		s := seed*1_000_003 + uint64(i)
		oracles = append(oracles, func() loop.Oracle { return loop.NewRandom(s) })
	}
	return Group(append([]Result{first}, p.RunAll(oracles)...))
}

// RunAll runs one schedule per oracle constructor, in parallel.
func (p *Program) RunAll(oracles []func() loop.Oracle) []Result {
	results := make([]Result, len(oracles))
	var wg sync.WaitGroup
	sem := make(chan struct{}, goruntime.GOMAXPROCS(0))
	for i, mk := range oracles {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			results[i] = p.Run(mk())
			<-sem
		}()
	}
	wg.Wait()
	return results
}

// Group merges identical results (same output, exit code and status).
func Group(results []Result) []Outcome {
	var out []Outcome
	index := map[string]int{}
	for _, r := range results {
		key := strings.Join(r.Stdout, "\n") + "\x00" + strings.Join(r.Stderr, "\n") + fmt.Sprintf("\x00%d\x00%s", r.ExitCode, r.Status)
		if i, ok := index[key]; ok {
			out[i].Count++
			continue
		}
		index[key] = len(out)
		out = append(out, Outcome{Result: r, Count: 1})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Count > out[j].Count })
	return out
}

// Host is the program as a host of the explorer (package explore): every
// run is a fresh engine whose loop asks x for each clock comparison and
// I/O completion, so that exploring it visits every schedule of the
// model instead of random ones. What the runtime cannot follow
// symbolically (a clock or Math.random read by the program) makes the
// answer incomplete, with the place it happened.
func (p *Program) Host() explore.Host { return explore.HostFunc(p.runExplored) }

func (p *Program) runExplored(x *explore.Exec) (end explore.Ending) {
	switch {
	case p.syntax != "":
		return explore.Ending{Stderr: syntaxStderr(p, p.syntax), ExitCode: 1}
	case p.tooDeep != "":
		return explore.Ending{ExitCode: 1, Stopped: string(StatusBudget), Reasons: []explore.Reason{{Msg: p.tooDeep}}}
	case p.abandoned.Load():
		return explore.Ending{ExitCode: 1, Stopped: string(StatusBudget), Reasons: []explore.Reason{{Msg: "not run: an earlier run of this program was abandoned inside a call the engine could not stop"}}}
	}
	defer func() {
		if r := recover(); r != nil {
			if explore.Unwinding(r) {
				panic(r)
			}
			msg := fmt.Sprintf("internal error in the runtime (a looplint bug; please report it): %v", r)
			if _, ok := r.(esmStackOverflow); ok {
				msg = "the call stack overflowed in an ES module's top-level code, which the embedded engine cannot recover from"
			}
			end = explore.Ending{Stdout: end.Stdout, ExitCode: 1, Stopped: string(StatusCrash), Reasons: []explore.Reason{{Msg: msg}}}
		}
	}()
	h, err := newHost(p, func(h *host) *loop.Loop {
		lim := p.opts.Limits
		lim.StallMS, lim.Usual = x.StallMS, x.Usual
		env := x.Env()
		env.Work = h.meter.Now
		l := loop.NewWith(p.Profile, h, env, lim)
		x.Attach(l)
		h.x = x
		return l
	})
	if err != nil {
		return explore.Ending{Stderr: []string{"looplint: " + err.Error()}, ExitCode: 1}
	}
	x.Describe = h.describeCb
	x.OutLen = h.out.count
	defer h.close()
	res := h.run()
	// Predictions print no stack frames (package frames): the engine's
	// are not V8's.
	end = explore.Ending{Stdout: frames.Drop(res.Stdout), Stderr: res.Stderr, ExitCode: res.ExitCode}
	switch res.Status {
	case StatusTimeout, StatusMemory, StatusCrash:
		end.Stopped = string(res.Status)
		end.Reasons = append(end.Reasons, explore.Reason{Msg: "the sandbox stopped a run: " + res.Message})
	}
	if res.Abandoned {
		p.abandoned.Store(true)
	}
	for _, r := range h.reasons {
		end.Reasons = append(end.Reasons, r)
	}
	if l, ok := engineWording(end.Stdout, p.Profile.Node); ok {
		end.Reasons = append(end.Reasons, explore.Reason{Msg: fmt.Sprintf("the program prints an error in the embedded engine's own words (%q), which V8 words its own way by release", l)})
	}
	return end
}

// unmodelled notes that the program read something a schedule does not
// fix (a clock, Math.random): under the explorer, the answer is then
// incomplete. Elsewhere (a replay, a random schedule) it is what it is.
func (h *host) unmodelled(what string) {
	h.incomplete(what + " is read by the program: the engine gives it one value per run, and others could print otherwise")
}

// lacks notes that the program uses what Node has and the sandbox does
// not (a module, a module's member): under the explorer, the answer is
// then incomplete, since Node would run it.
func (h *host) lacks(what string) {
	h.departs(what + " is not in the sandbox (Node has it)")
}

// incomplete gives the explorer's answer a reason, once per place.
func (h *host) incomplete(msg string) { h.reason(explore.Reason{Msg: msg}) }

// departs is incomplete where the run stops following Node: what it
// prints from here is the sandbox's (Reason.Departs).
func (h *host) departs(msg string) { h.reason(explore.Reason{Msg: msg, Departs: true}) }

func (h *host) reason(r explore.Reason) {
	if h.x == nil {
		return
	}
	r.Pos = h.callerSite()
	for _, o := range h.reasons {
		if o == r {
			return
		}
	}
	h.reasons = append(h.reasons, r)
}

// partial wraps a built-in module the sandbox implements in part (fs,
// url, ...): reading a member it lacks is a reason (lacks), where Node
// would give the member. Behaviour is unchanged: the member reads as
// undefined, as before.
func (h *host) partial(name string, v sobek.Value) sobek.Value {
	obj, ok := v.(*sobek.Object)
	if !ok {
		return v
	}
	return h.rt.ToValue(h.rt.NewProxy(obj, &sobek.ProxyTrapConfig{
		Get: func(target *sobek.Object, property string, receiver sobek.Value) sobek.Value {
			v := target.Get(property)
			if v == nil && !ignoredMember[property] {
				h.lacks(fmt.Sprintf("%s.%s", name, property))
			}
			return v
		},
	}))
}

// ignoredMember are reads that probe an object rather than use an API
// (a thenable check, a transpiler's interop, inspect).
var ignoredMember = map[string]bool{"then": true, "default": true, "__esModule": true, "toJSON": true,
	"inspect": true, "constructor": true, "prototype": true, "length": true, "name": true}

// wallMillis is Date.now(): a concrete reading, or under the explorer a
// pinned one (explore.SymClock.Pin) that moves a millisecond per read,
// so that busy-waits end.
func (h *host) wallMillis() int64 {
	if h.x == nil {
		return h.l.NowMillis()
	}
	h.unmodelled("the clock (Date.now(), new Date())")
	return h.x.Clock().Pin(h.l.Now(), 1)
}

// monoMillis is performance.now() and process.hrtime() in whole ms.
func (h *host) monoMillis() int64 {
	if h.x == nil {
		return h.l.MonoMillis()
	}
	h.unmodelled("the clock (performance.now(), process.hrtime())")
	return h.x.Clock().Pin(h.l.NowMono(), 1)
}

// callerSite is the innermost position in the program (not in a
// built-in's JavaScript): the snippet's own positions carry no file.
func (h *host) callerSite() ir.Pos {
	for _, f := range h.rt.CaptureCallStack(0, nil) {
		if f.SrcName() == "<native>" || strings.HasPrefix(f.SrcName(), "node:") {
			continue
		}
		p := f.Position()
		if p.Line == 0 {
			continue
		}
		line, col := p.Line, p.Column
		file := f.SrcName()
		if file == h.p.VirtPath {
			file = ""
			line, col = h.p.callStart(line, col)
		}
		line, col = h.userPos(f.SrcName(), line, col)
		return ir.Pos{File: file, Line: line, Col: col}
	}
	return ir.Pos{}
}

// label names a callback by the call that schedules it, for the
// explorer's explanations (nothing outside it: capturing the stack costs).
func (h *host) label(c *callback, api string) *callback {
	if h.x != nil || h.sites {
		c.api, c.site = api, h.callerSite()
	}
	return c
}

// describeCb is explore.Exec.Describe: "setTimeout at 3:1".
func (h *host) describeCb(cb any) (string, ir.Pos) {
	if c, ok := cb.(*callback); ok && c.whole {
		return c.api, ir.Pos{}
	}
	if c, ok := cb.(*callback); ok && c.api != "" {
		return explore.Scheduled(c.api, c.site), c.site
	}
	return "a callback", ir.Pos{}
}

// callSite is a call's start and, for a method call (a.then(...)), its
// property's (zero otherwise), as line and column.
type callSite struct{ start, prop [2]int }

// indexSites makes p.calls, p.awaits and p.throws from the text the
// engine runs, parsed as it parses it (so in the coordinates of its
// frames).
func (p *Program) indexSites() {
	p.callsOnce.Do(func() {
		var prog *ast.Program
		var err error
		if p.cjs != nil {
			prog, err = parser.ParseFile(nil, "", parse.CJSPrefix+p.srcFor()+parse.CJSSuffix, 0, parser.WithDisableSourceMaps)
		} else {
			prog, err = parser.ParseFile(nil, "", p.srcFor(), 0, parser.IsModule, parser.WithDisableSourceMaps)
		}
		if err != nil || prog == nil || prog.File == nil {
			return
		}
		at := func(i file.Idx) [2]int {
			q := prog.File.Position(int(i) - prog.File.Base())
			return [2]int{q.Line, q.Column}
		}
		p.calls, p.awaits = map[[2]int]callSite{}, map[int][][2]int{}
		parse.Walk(prog, func(n any) bool {
			switch n := n.(type) {
			case *ast.CallExpression:
				s := callSite{start: at(exprStart(n.Callee))}
				if d, ok := n.Callee.(*ast.DotExpression); ok {
					s.prop = at(d.Identifier.Idx)
				}
				p.calls[at(n.LeftParenthesis)] = s
			case *ast.AwaitExpression:
				a := at(n.Await)
				p.awaits[a[0]] = append(p.awaits[a[0]], a)
			case *ast.ThrowStatement:
				p.throws = append(p.throws, [2][2]int{at(n.Throw), at(n.Idx1())})
			}
			return true
		})
	})
}

// callStart is where the call the engine places at line:col (its '(')
// begins, in the engine's coordinates of the snippet: explanations name
// a call by its start, as the interpreter does.
func (p *Program) callStart(line, col int) (int, int) {
	p.indexSites()
	if s, ok := p.calls[[2]int{line, col}]; ok {
		return s.start[0], s.start[1]
	}
	return line, col
}

// Explain replays witness w and returns the run step by step: which
// phase ran which callback from which queue, and what each printed.
func (p *Program) Explain(w loop.Witness) []explore.Step { return p.ExplainUpTo(w, loop.Limits{}) }

// ExplainUpTo is Explain that stops the replay where stop's MaxIterations
// and MaxRuns say: a run that never ends is explained as far as it was
// explored.
func (p *Program) ExplainUpTo(w loop.Witness, stop loop.Limits) []explore.Step {
	if p.syntax != "" || p.tooDeep != "" || p.abandoned.Load() {
		return nil
	}
	lim := p.opts.Limits
	lim.MaxIterations, lim.MaxRuns = stop.MaxIterations, stop.MaxRuns
	h, err := newHost(p, func(h *host) *loop.Loop { return loop.New(p.Profile, h, &loop.Replay{W: w}, lim) })
	if err != nil {
		return nil
	}
	defer h.close()
	h.sites = true
	rec := explore.NewSteps(h.describeCb, func() []string { return frames.Drop(h.out.lines()) }, h.err.lines)
	h.l.SetTrace(rec.Event)
	h.onMicrotask = rec.Microtask
	// The engine's job queue holds closures it does not name: a job is
	// known only when it runs (jobCounter.Resumed).
	rec.Queues(h.l.Snapshot, nil)
	if h.run().Abandoned {
		p.abandoned.Store(true)
	}
	return rec.Done()
}

// EngineWording is engineWording, for those who show what the runtime
// printed on stderr (the answer's stderr, tests).
func EngineWording(lines []string, v loop.Version) (string, bool) { return engineWording(lines, v) }

// engineWording finds, in what a run printed, an error message in the
// engine's own words (engineMessages): V8 words most of them otherwise,
// and differently by release, so an answer that prints one is not
// complete. It returns the first such line.
func engineWording(lines []string, v loop.Version) (string, bool) {
	enginePieces.Do(func() {
		for _, m := range engineMessages {
			engineParts = append(engineParts, formatPieces(m))
		}
		for m, span := range engineAlike {
			a, err1 := loop.ParseVersion(span[0])
			b, err2 := loop.ParseVersion(span[1])
			if err1 == nil && err2 == nil {
				alikeParts = append(alikeParts, alikeFormat{formatPieces(m), a, b})
			}
		}
	})
	for _, l := range lines {
		for _, ps := range engineParts {
			if inOrder(l, ps) {
				return l, true
			}
		}
		for _, f := range alikeParts {
			if (v.Less(f.first) || f.last.Less(v)) && inOrder(l, f.pieces) {
				return l, true // V8 words it otherwise on this release, or may
			}
		}
	}
	return "", false
}

// alikeFormat is one of engineAlike: V8's wording too from first to last.
type alikeFormat struct {
	pieces      []string
	first, last loop.Version
}

// PrintsFormat reports whether line holds a message of format (whose
// %-verbs stand for any text): internal/genenginemsg keeps only the
// engine's formats that no output recorded on real Node holds.
func PrintsFormat(line, format string) bool { return inOrder(line, formatPieces(format)) }

func formatPieces(format string) []string {
	var ps []string
	for _, p := range verbRE.Split(format, -1) {
		if p != "" {
			ps = append(ps, p)
		}
	}
	return ps
}

var (
	verbRE       = regexp.MustCompile(`%[-+# 0-9.]*[a-zA-Z%]`)
	enginePieces sync.Once
	engineParts  [][]string
	alikeParts   []alikeFormat
)

// inOrder reports whether the pieces occur in s one after the other.
func inOrder(s string, pieces []string) bool {
	for _, p := range pieces {
		i := strings.Index(s, p)
		if i < 0 {
			return false
		}
		s = s[i+len(p):]
	}
	return true
}
