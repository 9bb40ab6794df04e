// Package explore is looplint's model checker: it runs a program once per
// path, under every feasible answer to the loop's nondeterministic
// questions (is this timer due? which I/O completes next?), through one
// interface to the engine that runs it (Host: the abstract interpreter or
// the runtime). Time is a symbolic clock: every reading is an integer
// variable, every comparison a difference constraint, and a path's least
// solution is its witness (docs/architecture.md; the clocks:
// docs/semantics.md §4.7).
package explore

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/looplint/looplint/ir"
	"github.com/looplint/looplint/loop"
)

// Config bounds an exploration. Zero fields take the defaults.
type Config struct {
	// MaxRuns caps executions (complete, cut and redundant ones alike).
	MaxRuns int
	// MaxChoices caps branching points on one path.
	MaxChoices int
	// MaxReads caps clock readings on one path.
	MaxReads int
	// NoSpinCut keeps every busy-wait iteration (see SymClock.spinning).
	NoSpinCut bool
	// NoCommute explores every order of commuting I/O callbacks instead
	// of grouping them (commute.go); tests compare the two.
	NoCommute bool
	// NoDeferCut explores a timer list found not yet due and then due at
	// the next timers phase with nothing in between, which the explorer
	// otherwise drops for the path where it was due at once (Exec.due).
	// A clock whose readings are bounded (loop.Limits.StallMS) needs it:
	// there the later reading can be reachable where the earlier is not.
	NoDeferCut bool
	// Deadline, if set, is the time budget: past it no new run starts
	// (the result is Truncated and TimedOut) and the running one is cut.
	Deadline time.Time
	// Horizon, when positive, bounds an exploration of a loop that does
	// not end (endless.go): choices made after the loop ran Horizon
	// callbacks take their first answer, and runs stop soon after.
	Horizon int
	// MaxUnits, when positive, caps the callbacks the loop runs over all
	// runs: past it no new run starts (the result is Truncated).
	MaxUnits int
	// IncompleteRuns, when positive, caps the runs after the first that
	// gave a Reason: the answer is incomplete whatever else is explored,
	// and a host branching on values it does not know (the interpreter's
	// unknown conditions) would otherwise go on to the deadline.
	IncompleteRuns int
	// BoundedUnits is MaxUnits for Predict's bounded explorations
	// (endless.go); 0: boundedUnits.
	BoundedUnits int
	// abortEndless stops the exploration at the first run stopped for
	// going round without end unproven (Result.Endless).
	abortEndless bool
	// Each, if set, sees every complete path.
	Each func(Path)
	// stallMS and usual are Exec.StallMS and Exec.Usual for every run
	// (calmOrders, usualOrders).
	stallMS int64
	usual   bool
}

// DefaultConfig holds the defaults.
var DefaultConfig = Config{MaxRuns: 100000, MaxChoices: 400, MaxReads: 2000}

// Path is one complete execution.
type Path struct {
	// Output is the run's key: stdout, then "exit:N", "starved" or
	// "endless".
	Output  []string
	End     Ending
	Starved bool
	// Hang says how a run that never ends goes on (starved or endless).
	Hang    *Hang
	Witness loop.Witness
	Choices []int // index taken at each branching point
	Forks   []Fork
	Runs    []Run // with Exec.Describe set
	// Groups are the stretches of commuting I/O callbacks whose blocks
	// print in any order (commute.go); Output has them in one order.
	Groups []Group
	// Trailing: which clock the path needs a millisecond behind another
	// (SymClock.Trailing; "" for none).
	Trailing string
}

// Fork is a branching point of a path, said in words.
type Fork struct {
	Choice int  // index in Path.Choices of its (first) choice
	IO     bool // an I/O completion choice, else a clock comparison
	// Text: "the setTimeout at 3:1 (1 ms) had expired when the loop
	// checked timers<iterMark>"; Iter is the loop iteration.
	Text string
	Iter int
	// Gap: the milliseconds this answer needs between two timers'
	// creations (why.go's creationGap; 0 for none).
	Gap int64
}

// Run is one callback a path ran, named by Exec.Describe.
type Run struct {
	Queue, Desc string
	Pos         ir.Pos // where it was scheduled
	Choices     int    // choices made before it ran
}

// Order is one distinct output (with its groups) with the number of
// paths producing it and the witness of the first of them.
type Order struct {
	Output  []string
	Paths   int
	Witness loop.Witness
	Groups  []Group
}

// Result is what an exploration found.
type Result struct {
	Orders []Order
	// Paths counts complete paths; Redundant counts runs abandoned because
	// an equivalent path is explored elsewhere (poll reduction); Cut
	// counts paths stopped by MaxChoices/MaxReads (their output is unknown).
	Paths, Redundant, Cut, Runs int
	// Units counts the callbacks the loop ran, over all runs.
	Units int
	// CutReasons lists the distinct reasons paths were cut.
	CutReasons []string
	// Truncated is set when MaxRuns stopped the search with alternatives
	// left: Orders may then be incomplete.
	Truncated bool
	// TimedOut: it was the Deadline that stopped the search.
	TimedOut bool
	// Stopped is Ending.Stopped of the run that ended the search early.
	Stopped string
	// Endless: a run was stopped going round without end, unproven
	// (endless.go); Pinned: a choice with alternatives took its first
	// answer past Config.Horizon.
	Endless, Pinned bool
}

// Complete reports that the orders are every order of the model.
func (r Result) Complete() bool { return !r.Truncated && r.Cut == 0 && !r.Endless && !r.Pinned }

func (r Result) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d orders from %d paths (%d runs, %d redundant, %d cut)", len(r.Orders), r.Paths, r.Runs, r.Redundant, r.Cut)
	switch {
	case r.TimedOut:
		b.WriteString(", TRUNCATED at the time budget")
	case r.Truncated:
		b.WriteString(", TRUNCATED at the run limit")
	}
	return b.String()
}

// stopped is a run the host's own budget stopped (Ending.Stopped).
type stopped struct{ status, reason string }

// redundant is the panic value abandoning a run that repeats another path.
type redundant struct{}

// Unwinding reports whether a recovered panic value is the explorer's own
// (a run abandoned or cut): a host that recovers panics must re-raise it.
func Unwinding(r any) bool {
	switch r.(type) {
	case redundant, Cut:
		return true
	}
	return false
}

type choice struct {
	n, pick int
	poll    *pollStep // set for a poll phase's decisions
	// pinned: the alternatives are not explored (endless.go).
	pinned bool
}

// Exec is one run's view of the explorer: the Env to build the loop with.
type Exec struct {
	// StallMS and Usual are the loop.Limits the host builds its loop with.
	StallMS int64
	Usual   bool
	prefix  []int
	trace   []choice
	maxCh   int
	// deadline is Config.Deadline; ticks counts Tick calls between looks
	// at the clock.
	deadline time.Time
	ticks    int
	clk      *SymClock
	lp       *loop.Loop
	polls    [][]int
	tasks    []int // the loop's choices (chooseTask), for the witness
	forks    []Fork
	runs     []Run
	// Describe names a callback the loop holds (for forks and runs);
	// without it paths carry neither. FuncName, if set, names the
	// function a callback calls ("" when anonymous).
	Describe func(cb any) (string, ir.Pos)
	FuncName func(cb any) string
	// loops follows the callbacks the loop runs (endless.go); rep
	// compares states at the starts of iterations (repeat.go).
	loops loopWatch
	rep   repeatWatch
	// State, if set, describes the host's state at the start of an
	// iteration and returns its generation (repeat.go).
	State func(w *StateWriter) int
	// Busy names what the host compares when it reads the clock itself.
	Busy string
	// The host's side of the commutation reduction (commute.go); with Pure
	// nil no callback is pure. Fresh: a callback starts, what exists now
	// is old. Pure: nothing old was touched since. OutLen: stdout lines
	// printed so far.
	Fresh  func()
	Pure   func() bool
	OutLen func() int
	open   *block
	blocks []block // this poll phase's
	// need: for this poll phase's operations waiting for a pool worker
	// when it began, how many pool trips it must deliver before each
	// (loop.IONeed); pooled: which operations are pool work
	need   map[int]int
	pooled map[int]bool
	groups []Group
	// purity is what earlier runs learned (commute.go); step describes
	// the poll decision the next choose call makes; phase is the current
	// poll phase's key.
	purity    map[phaseKey]map[int]bool
	step      *pollStep
	phase     phaseKey
	noCommute bool
	// The timer-deferral reduction (due): the last forked answer that a
	// timer list was not yet due, while nothing has happened since.
	noDeferCut bool
	lastFork   forkMark
	deferred   struct {
		ok        bool
		timer     *loop.Timer
		iteration int
		activity  int
	}
	// The previous poll phase, for the quiet-gap reduction.
	prev struct {
		ok      bool
		pending map[int]bool // in flight and not delivered
		chosen  []int
		cb      int
	}
}

// budgetCut is the reason of a run cut at the time budget.
const budgetCut = "time budget exceeded"

// Tick is called by the host for each step it takes (a statement); it
// cuts the run once the time budget is spent, so that one long run cannot
// outlive the budget.
func (x *Exec) Tick() {
	if x.deadline.IsZero() {
		return
	}
	if x.ticks++; x.ticks&1023 == 0 && time.Now().After(x.deadline) {
		panic(Cut{budgetCut})
	}
}

// Env is the clock, poll chooser and tracer to pass to loop.NewWith.
func (x *Exec) Env() loop.Env {
	return loop.Env{Clock: x.clk, Poll: x.poll, Trace: x.event, Choose: x.chooseTask}
}

// chooseTask is the loop's own choice (a browser's next task source):
// explored as Choose, and kept in the witness so that a replay takes it.
func (x *Exec) chooseTask(n int) int {
	c := x.Choose(n)
	x.tasks = append(x.tasks, c)
	return c
}

func (x *Exec) event(e loop.Event) {
	if e.Kind == loop.EventDue {
		x.due(e)
		return
	}
	x.commuteEvent(e)
	x.watch(e)
	if e.Kind == loop.EventRun && x.Describe != nil {
		d, pos := x.Describe(e.Cb)
		x.runs = append(x.runs, Run{Queue: e.Queue, Desc: d, Pos: pos, Choices: len(x.trace)})
	}
}

func (x *Exec) name(cb any) string {
	d, _ := x.Describe(cb)
	return d
}

// fullName is name with the function's own name first, when it has one:
// "spin (setImmediate at 3:3)".
func (x *Exec) fullName(cb any) string {
	d := x.name(cb)
	if x.FuncName != nil {
		if f := x.FuncName(cb); f != "" {
			return f + " (" + d + ")"
		}
	}
	return d
}

// Ran records a callback the host itself ran (a microtask).
func (x *Exec) Ran(queue string, cb any) {
	x.event(loop.Event{Kind: loop.EventRun, Queue: queue, Cb: cb})
}

// forkMark names a clock comparison that forked: the number of choices
// made so far and the timer it asked about.
type forkMark struct {
	trace int
	timer *loop.Timer
}

// due is the timer-deferral reduction. The loop found a timer list not
// due at one timers phase, on a forked comparison that nothing else
// refers to (Event.Clean), and due at a later phase, and nothing happened
// in between (no JavaScript ran, no I/O round trip came in, no list was
// re-queued; loop.Activity). Then the path is the same as the sibling
// where the list was due at once: that one runs the same callbacks in
// the same order, its phase's reading playing the later one's part. Both
// are bounded below by the same readings and the list's expiry, and by
// nothing else. Were the comparison not clean, they would differ: a
// reading after the phase's (a callback of the phase made a timer or
// read Date.now) bounds the phase's reading above and not the later one,
// and a list re-queued in the phase expires at its reading + 1, which the
// later reading can pass and the phase's cannot. This run is then
// abandoned as redundant. Without it, N timers of different durations
// made in one callback cost 2^(N-1) paths, one per way the loop's
// iterations can split them, all printing the same.
func (x *Exec) due(e loop.Event) {
	if x.noDeferCut || x.lp == nil {
		return
	}
	forked := x.lastFork == forkMark{len(x.trace), e.Timer}
	x.lastFork = forkMark{} // each comparison is followed by its own event
	d := &x.deferred
	if d.ok && (d.timer != e.Timer || d.activity != x.lp.Activity()) {
		d.ok = false
	}
	switch {
	case e.Due:
		if d.ok && e.Iteration > d.iteration {
			panic(redundant{})
		}
		d.ok = false
	case forked && !d.ok && e.Clean:
		d.ok, d.timer, d.iteration, d.activity = true, e.Timer, e.Iteration, x.lp.Activity()
	}
}

// clockFork says in words what a clock comparison with answer r decided.
func (x *Exec) clockFork(r int) {
	if x.lp == nil {
		return
	}
	q := x.lp.Question()
	if q.Kind == loop.AskExpired {
		x.lastFork = forkMark{len(x.trace), q.Timer}
	}
	if x.Describe == nil {
		return
	}
	var gap int64
	if q.Kind == loop.AskBefore && q.Timer != nil && q.Other != nil && !x.Usual && x.lp.SameTurn(q.Timer.Start(), q.Other.Start()) {
		// Made in one callback: only a stall of the machine separates
		// them (time passes naturally between callbacks). The usual
		// timing reaches its answers with no pause.
		gap = creationGap(q.Timer, q.Other, r)
	}
	x.forks = append(x.forks, Fork{Choice: len(x.trace) - 1, Text: sayClock(q, r, x.name, x.Busy, gap), Iter: q.Iteration, Gap: gap})
}

// SpinHooks give the host's side of busy-wait cutting (SymClock.spinning):
// mark notes the program's state at a wait's comparison, same reports
// that it is unchanged since.
func (x *Exec) SpinHooks(mark func(), same func() bool) { x.clk.mark, x.clk.same = mark, same }

// Clock is this run's symbolic clock.
func (x *Exec) Clock() *SymClock { return x.clk }

// Attach tells the explorer which loop runs, so that it can see whether
// callbacks ran between poll phases. Without it no poll reduction is done
// (still complete, more paths), and busy-wait cutting cannot tell two
// callbacks apart.
func (x *Exec) Attach(l *loop.Loop) {
	x.lp = l
	x.clk.moves = l.Moves
}

// Choose asks for one of n alternatives at a branching point of the
// host's own (an unknown condition): each is explored.
func (x *Exec) Choose(n int) int {
	step := x.step
	x.step = nil
	if n <= 1 {
		return 0
	}
	i := len(x.trace)
	if i >= x.maxCh {
		panic(Cut{fmt.Sprintf("more than %d branching points on one path", x.maxCh)})
	}
	pick := 0
	if i < len(x.prefix) {
		pick = x.prefix[i]
		if pick >= n {
			// A host bug, or an engine that is not deterministic
			// (a collector-driven WeakRef): this path cannot be followed.
			panic(Cut{fmt.Sprintf("the run is not deterministic (choice %d had more than %d options, now %d)", i, pick, n)})
		}
	}
	pinned := x.pinning()
	if pinned {
		x.pin()
		if i >= len(x.prefix) {
			pick = x.onward(n)
		}
	}
	x.trace = append(x.trace, choice{n: n, pick: pick, poll: step, pinned: pinned})
	return pick
}

// poll chooses the round trips delivered at a poll phase, one decision at
// a time: "deliver op k next" for each op not yet delivered (oldest first)
// or "stop here". Every ordered subset of the in-flight ops is one choice
// sequence, so the enumeration is complete and gives each answer once.
// "Stop" at the start (deliver nothing) is offered only when the loop
// would not block forever (mustPick).
//
// Reduction: if nothing happened since the previous poll phase's own
// deliveries (no callback ran and no timer list was re-queued in the
// check, close and timers phases in between; see loop.Moves),
// delivering now only ops that were already pending then is the same as
// having delivered them in that phase (which is another branch): same
// output, and the extra clock reading in between only adds constraints.
// So such a phase must deliver at least one op that is new since (its
// previous trip just completed, or a callback submitted it) before it may
// stop; with no new op at all the run is abandoned as redundant. This is
// what keeps N independent I/O callbacks at N! paths instead of N!·2^(N-1).
// Round trips before an operation's last are all delivered as soon as they
// are in flight (see below), which keeps multi-trip operations
// (fs.readFile: 4 trips before Node 26) from multiplying the paths.
func (x *Exec) poll(inflight []int, mustPick bool) []int {
	requireFresh := false
	var fresh map[int]bool
	cb := 0
	if x.lp != nil {
		cb = x.lp.Moves()
		// (Under the usual timing of costed work, a request not yet
		// done in the last poll phase may be by now: loop.UsualNext.)
		if x.prev.ok && !(x.Usual && x.lp.Costed()) {
			completed := 0
			in := map[int]bool{}
			for _, id := range inflight {
				in[id] = true
			}
			for _, id := range x.prev.chosen {
				if !in[id] {
					completed++
				}
			}
			if cb-x.prev.cb == completed {
				requireFresh = true
				fresh = map[int]bool{}
				for _, id := range inflight {
					if !x.prev.pending[id] {
						fresh[id] = true
					}
				}
				if len(fresh) == 0 {
					panic(redundant{})
				}
			}
		}
	}
	before := len(x.trace)
	x.phase = phaseKey{trace: before, poll: len(x.polls)}
	x.need, x.pooled = map[int]int{}, map[int]bool{}
	if x.lp != nil {
		for _, id := range inflight {
			if n := x.lp.IONeed(id); n > 0 {
				x.need[id] = n
			}
			x.pooled[id] = x.lp.IOPool(id)
		}
	}
	quiet := x.quiet(inflight)
	var seq []int
	taken := map[int]bool{}
	hasFresh := false
	// A round trip that is not its operation's last runs nothing: all of
	// them are delivered at once, first. Delivering one later would only
	// make its operation's last trip, the one with the callback, available
	// later, and the choices below can defer that one anyway, to any later
	// phase; so no order of callbacks is lost, and an operation of k trips
	// does not multiply the paths by the ways to spread its trips.
	// (Those waiting for a pool worker come after the trips that free one.
	// With the pool full, loop.IOEager, none is: when it is delivered
	// decides where its operation's next trip queues.)
	if x.lp != nil {
		for more := true; more; {
			more = false
			for _, id := range inflight {
				if !taken[id] && x.lp.IOEager(id) && !x.lp.IOWaits(id, seq) {
					seq = append(seq, id)
					taken[id] = true
					hasFresh = hasFresh || fresh[id]
					more = true
				}
			}
		}
	}
	for {
		var opts []int // op ids; -1 is stop
		for _, id := range inflight {
			// A trip waiting for a pool worker can come only after trips
			// that free one; in the usual timing, not in the phase where
			// it started waiting (its work takes as long as the others').
			if !taken[id] && (x.lp == nil || !x.lp.IOWaits(id, seq) && !(x.Usual && x.lp.IOWaits(id, nil))) {
				opts = append(opts, id)
			}
		}
		if next, ok := x.usualNext(opts, seq); ok {
			// The usual timing of pool work: what is done by the
			// time this phase ends, soonest first (loop.UsualNext).
			opts = next
		} else if x.Usual && x.lp != nil && len(opts) > 1 {
			// The usual timing: the round trip queued first completes
			// first, after those that are ready at once.
			cand := opts
			var ready []int
			for _, id := range opts {
				if x.lp.IOReady(id) {
					ready = append(ready, id)
				}
			}
			if len(ready) > 0 {
				cand = ready
			}
			first := cand[0]
			for _, id := range cand[1:] {
				if x.lp.IOQueued(id) < x.lp.IOQueued(first) {
					first = id
				}
			}
			opts = []int{first}
		}
		// An op submitted ready (loop.SubmitReady) is delivered in the
		// first poll phase that sees it: no stopping before it is taken.
		due := false
		if x.lp != nil {
			for _, id := range opts {
				due = due || x.lp.IOReady(id)
			}
		}
		if (len(seq) > 0 || !mustPick) && (!requireFresh || hasFresh) && !due && !(x.Usual && x.lp != nil && x.lp.UsualMust(seq)) {
			opts = append(opts, -1)
		}
		if len(opts) == 0 {
			break
		}
		x.step = &pollStep{phase: x.phase, opts: opts, delivered: slices.Clone(seq), quiet: quiet, need: x.need, pooled: x.pooled}
		o := opts[x.Choose(len(opts))]
		if o < 0 {
			break
		}
		seq = append(seq, o)
		taken[o] = true
		if fresh[o] {
			hasFresh = true
		}
	}
	pending := map[int]bool{}
	for _, id := range inflight {
		if !taken[id] {
			pending[id] = true
		}
	}
	x.prev.ok, x.prev.pending, x.prev.chosen, x.prev.cb = true, pending, seq, cb
	if seq == nil {
		seq = []int{}
	}
	x.polls = append(x.polls, seq)
	if x.Describe != nil && len(x.trace) > before {
		x.forks = append(x.forks, Fork{Choice: before, IO: true, Text: sayPoll(x.lp, inflight, seq, x.name), Iter: x.lp.Question().Iteration})
	}
	return seq
}

// usualNext is loop.UsualNext under the usual timing.
func (x *Exec) usualNext(opts, delivered []int) ([]int, bool) {
	if !x.Usual || x.lp == nil || len(opts) == 0 {
		return nil, false
	}
	return x.lp.UsualNext(opts, delivered)
}

// maxRuns is the cap on runs: MaxRuns, or DefaultConfig's when unset.
func (cfg Config) maxRuns() int {
	if cfg.MaxRuns > 0 {
		return cfg.MaxRuns
	}
	return DefaultConfig.MaxRuns
}

// incompleteCut is the cut reason of Config.IncompleteRuns.
const incompleteCut = "exploration stopped early: the answer was already incomplete"

// Explore runs the program once per path, depth first over every
// alternative at every branching point (stateless model checking by
// re-execution).
func Explore(h Host, cfg Config) Result {
	cfg.MaxRuns = cfg.maxRuns()
	if cfg.MaxChoices <= 0 {
		cfg.MaxChoices = DefaultConfig.MaxChoices
	}
	if cfg.MaxReads <= 0 {
		cfg.MaxReads = DefaultConfig.MaxReads
	}
	var res Result
	purity := map[phaseKey]map[int]bool{}
	index := map[string]int{}
	cutSeen := map[string]bool{}
	var prefix []int
	firstReason := 0 // the run that first gave a Reason
	for {
		if res.Runs >= cfg.MaxRuns || cfg.MaxUnits > 0 && res.Units >= cfg.MaxUnits {
			res.Truncated = true
			break
		}
		if cfg.IncompleteRuns > 0 && firstReason > 0 && res.Runs-firstReason >= cfg.IncompleteRuns {
			res.Truncated = true
			if !cutSeen[incompleteCut] {
				cutSeen[incompleteCut] = true
				res.CutReasons = append(res.CutReasons, incompleteCut)
			}
			break
		}
		if !cfg.Deadline.IsZero() && res.Runs > 0 && time.Now().After(cfg.Deadline) {
			res.Truncated, res.TimedOut = true, true
			break
		}
		res.Runs++
		x := &Exec{StallMS: cfg.stallMS, Usual: cfg.usual, prefix: prefix, maxCh: cfg.MaxChoices, deadline: cfg.Deadline, purity: purity, noCommute: cfg.NoCommute, noDeferCut: cfg.NoDeferCut}
		x.loops.horizon = cfg.Horizon
		x.clk = NewSymClock(x.Choose)
		x.clk.onFork = x.clockFork
		x.clk.where = func() string { return x.Busy }
		x.clk.MaxReads = cfg.MaxReads
		x.clk.SpinCut = !cfg.NoSpinCut
		end, out, groups, stop := runOnce(h, x)
		res.Units += x.loops.units
		if firstReason == 0 && len(end.Reasons) > 0 {
			firstReason = res.Runs
		}
		switch s := stop.(type) {
		case nil:
			res.Paths++
			p := Path{Output: out, End: end, Starved: out[len(out)-1] == starvedKey, Witness: loop.Witness{Clock: x.clk.Advances(), Poll: x.polls, Tasks: x.tasks}, Choices: picks(x.trace),
				Forks: x.forks, Runs: x.runs, Groups: groups, Trailing: x.clk.Trailing(), Hang: x.hang()}
			res.Pinned = res.Pinned || x.loops.pinned
			if h := p.Hang; h != nil && h.Loops && !h.Proven {
				res.Endless = true
			}
			key := strings.Join(out, "\x00") + "\x01" + groupsKey(groups)
			if i, ok := index[key]; ok {
				res.Orders[i].Paths++
			} else {
				index[key] = len(res.Orders)
				res.Orders = append(res.Orders, Order{Output: out, Paths: 1, Witness: p.Witness, Groups: groups})
			}
			if cfg.Each != nil {
				cfg.Each(p)
			}
		case redundant:
			res.Redundant++
		case Cut:
			res.Cut++
			if !cutSeen[s.Reason] {
				cutSeen[s.Reason] = true
				res.CutReasons = append(res.CutReasons, s.Reason)
			}
		case stopped:
			// Every other path would run into the same wall.
			res.Cut++
			res.CutReasons = append(res.CutReasons, s.reason)
			res.Stopped, res.Truncated = s.status, true
		}
		if res.Stopped != "" || res.Endless && cfg.abortEndless {
			break
		}
		// Backtrack: the deepest point with an untried alternative that
		// is not known to be redundant.
		i, next := len(x.trace)-1, 0
		for ; i >= 0; i-- {
			c := x.trace[i]
			if c.pinned {
				continue
			}
			for next = c.pick + 1; next < c.n && x.redundantAlt(c, next); next++ {
			}
			if next < c.n {
				break
			}
		}
		if i < 0 {
			break
		}
		prefix = append(picks(x.trace[:i]), next)
		forgetAfter(purity, i)
	}
	return res
}

func picks(t []choice) []int {
	out := make([]int, len(t))
	for i, c := range t {
		out[i] = c.pick
	}
	return out
}

// runOnce runs one path, turning the explorer's own panics into a stop
// reason and letting any other panic through. out is the run's key; the
// groups are those of a complete run (closing its last block can still
// find it redundant).
func runOnce(h Host, x *Exec) (end Ending, out []string, groups []Group, stop any) {
	defer func() {
		if r := recover(); r != nil {
			switch r.(type) {
			case redundant, Cut:
				stop = r
			default:
				panic(r)
			}
		}
	}()
	end = h.Run(x)
	if end.Stopped != "" {
		why := end.Stopped
		if len(end.Reasons) > 0 {
			why = end.Reasons[0].Msg
		}
		return end, nil, nil, stopped{end.Stopped, why}
	}
	out = append(slices.Clone(end.Stdout), fmt.Sprintf("exit:%d", end.ExitCode))
	if x.lp != nil {
		switch st := x.lp.Stopped(); st.Kind {
		case loop.StopStarvation:
			out[len(out)-1] = starvedKey
			end.Hazards = append(end.Hazards, starved(st, x.lp.Pending()))
		case loop.StopEndless:
			out[len(out)-1] = endlessKey
			if h := x.loops.hang; h != nil && h.Proven && h.Lines > 0 && len(x.groups) == 0 {
				end.Stdout = lasso(end.Stdout, h)
				out = append(slices.Clone(end.Stdout), endlessKey)
			}
		case loop.StopBudget:
			end.Reasons = append(end.Reasons, Reason{Msg: "run stopped: " + st.Msg})
		}
	}
	return end, out, x.finishGroups(end.Stdout), nil
}
