// Package loop is looplint's model of the Node.js event loop: the queues,
// the phase order and the draining rules of docs/semantics.md, parameterized by
// a Profile (Node version family and main-module kind). It is the only
// place these rules are written down: the runtime drives it with a real
// JavaScript engine, the predictor with an abstract interpreter. Every
// nondeterministic decision (clock advances, I/O completions) is asked of
// an Oracle and recorded as a Witness, so any run can be replayed exactly.
package loop

import (
	"container/heap"
	"fmt"
	"slices"
)

// Host runs JavaScript for the loop. Callbacks are opaque values the host
// understands (a sobek function in the runtime, an IR closure in the
// predictor).
type Host interface {
	// Enter is one call from C++ into JavaScript: fn runs callbacks through
	// Invoke; when fn returns the host empties its microtask queue (V8's
	// checkpoint), telling the loop about each job via Loop.Microtask.
	Enter(fn func())
	// Invoke calls a callback; an error is an uncaught exception.
	Invoke(cb any) error
	// Uncaught offers an exception to 'uncaughtException' listeners and
	// reports whether there were any. When there were none the host
	// prints the error as Node does, emits 'exit' and calls Loop.Exit.
	Uncaught(err error, fromPromise bool) bool
	// TakeRejections returns what happened to promise rejections since the
	// last call: rejections still unhandled, and earlier reported ones that
	// got a handler since.
	TakeRejections() (unhandled, handledLate []any)
	// EmitUnhandledRejection emits 'unhandledRejection'; false if nobody listened.
	EmitUnhandledRejection(r any) bool
	// WarnUnhandledRejection prints Node's (<= 14) warning for r.
	WarnUnhandledRejection(r any)
	// RejectionError turns an unhandled rejection into the error that
	// Node (>= 15) raises as an uncaught exception.
	RejectionError(r any) error
	// EmitRejectionHandled emits 'rejectionHandled' (or warns).
	EmitRejectionHandled(r any)
	// EmitProcess emits 'beforeExit' or 'exit' on process; called inside Enter.
	EmitProcess(event string)
	// Warn is process.emitWarning(msg, name).
	Warn(name, msg string)
}

// Limits bound a run. Zero values mean the defaults.
type Limits struct {
	// MaxDrain caps the ticks and microtasks run after one macrotask
	// callback; reaching it is reported as starvation.
	MaxDrain int
	// MaxCallbacks caps macrotask callbacks over the whole run.
	MaxCallbacks int
	// MaxVirtualMS caps virtual time.
	MaxVirtualMS int64
	// StallMS, when positive, bounds every clock reading by what can make
	// time pass before it: the host's work (Env.Work) and one stall of at
	// most StallMS ms since the previous reading or, after the loop slept
	// for a timer, since the time it slept until. A wait for I/O with no
	// timer pending is unbounded. Within a run of timer creations in one
	// callback the run's first creation bounds each later one the same
	// way, so that small gaps do not add up. The predictor explores with it
	// to tell the orders a machine that does not stall prints from those
	// that need a stall; 0 bounds nothing, as a loaded machine can pause a
	// program anywhere for any time (two back-to-back setTimeout calls were
	// measured 40 ms apart, a first console.log 200 ms).
	StallMS int64
	// Usual bounds readings as StallMS does, by the work's usual span
	// (Work.Lo to Work.Hi) and UsualLateUS instead of the generous
	// Work.Max and StallMS: each reading comes at least the usual least
	// work after the one before it and at most UsualLateUS plus the usual
	// most. The predictor explores with it for the orders an idle machine
	// prints (docs/semantics.md, "The usual timing").
	Usual bool
	// MaxIterations, when positive, stops the run as it begins iteration
	// MaxIterations+1, and MaxRuns before callback MaxRuns+1
	// (StopEndless): an explanation replays a run that never ends only
	// as far as it was explored.
	MaxIterations, MaxRuns int
}

// UsualLateUS is how late, in microseconds, a reading usually comes on
// an idle machine beyond the work before it: a timer runs within half a
// millisecond of its due time, and two statements run within it
// (calibrated against the recorded probes and corpus: docs/semantics.md,
// "The usual timing").
const UsualLateUS = 500

// UsualTickUS: two timer creations less than this many microseconds
// apart usually read the same millisecond.
const UsualTickUS = 100

// MaxDrainOr is MaxDrain or its default.
func (l Limits) MaxDrainOr() int {
	if l.MaxDrain > 0 {
		return l.MaxDrain
	}
	return DefaultLimits.MaxDrain
}

// DefaultLimits are used for zero fields of Limits.
var DefaultLimits = Limits{MaxDrain: 100000, MaxCallbacks: 200000, MaxVirtualMS: 24 * 3600 * 1000}

// StopKind says why a run ended.
type StopKind int

const (
	StopNormal     StopKind = iota // the loop ran out of work (or process.exit / a fatal error)
	StopStarvation                 // a tick or microtask chain never drained
	StopBudget                     // the run hit MaxCallbacks or MaxVirtualMS
	// StopEndless: the run was stopped between two iterations of a loop
	// that goes round forever, or that was followed as far as it needs
	// to be (StopLooping, Limits.MaxIterations).
	StopEndless
)

// Stop describes how a run ended.
type Stop struct {
	Kind  StopKind
	Queue string // "nextTick" or "microtask" for starvation
	Pos   string // where the starving callback was scheduled
	Cb    any    // the starving callback, when the loop holds it (a tick)
	Msg   string
}

// Loop is one process's event loop.
type Loop struct {
	P Profile
	// restCbs and restImm are what the running check phase took out of
	// the immediate queue and has not run yet, for the trace's Queued.
	restCbs []any
	restImm []*Immediate
	host    Host
	oracle  *recorder // nil when driven through NewWith
	clk     Clock
	pollFn  func(inflight []int, mustPick bool) []int
	lim     Limits

	floor *Time // poll slept until this time
	// Limits.StallMS: poll slept until ceil at the latest (ceilWork: the
	// work done then), or for I/O with no timer pending (waitedIO).
	ceil     *Time
	ceilWork Work
	// slept and pollIdle keep the estimate of time passed (poolclock.go).
	slept    Work
	pollIdle bool
	waitedIO bool

	ticks []tick
	// timers
	lists    map[float64]*timerList
	heap     listHeap
	nextList int64
	refTimer int
	inPhase  bool // inside a timers phase (Node <= 10 loop-time refresh)
	// phaseNow is the current timers phase's clock reading, and phaseIDs
	// the list ids issued when it was taken (EventDue's Clean).
	phaseNow Time
	phaseIDs int64
	loopTime Time // libuv's cached time, Node <= 10
	// lastLoop is the latest reading of the loop's clock (libuv's cached
	// time, which getLibuvNow refreshes); scopeLoop what it was when the
	// last callback returned, before its scope drained (recheckTimers).
	lastLoop, scopeLoop Time
	// afterCb runs right after the next callback callGroup invokes, before
	// its scope drains (an interval's re-insertion).
	afterCb func()
	warned  map[string]bool

	immediates []*Immediate
	refImm     int
	// Node 8 (failScope): immediates left by one that threw, run before
	// the queue by the next processImmediate; lists whose next pass
	// defers itself to a tick; whether the running scope failed.
	outstanding []any
	deferList   map[*timerList]bool
	failed      bool
	inTick      bool        // a tick callback is running
	another     func() bool // 11+: whether another timer or immediate follows in this phase (nil: no)
	running     string      // the queue of the callback being invoked
	inList      bool        // Node <= 10: running a timer list's scope (listOnTimeout10)
	readTurn    []int       // per clock reading, the callbacks run before it (SameTurn)
	readKind    []ReadKind  // per clock reading (quiet)
	readWork    []Work      // per clock reading, Env.Work then (quiet)
	runStart    int         // the first reading of the current run of timer creations (quiet)
	work        func() Work
	relist      bool // Node <= 10: a tick threw in that scope; the list's callback runs again

	io      []*IO
	nextIO  int
	tripSeq int
	// the thread pool (pool.go): its size once fixed, and where it reads it
	poolSize int
	poolEnv  func(string) (string, bool)
	// ioRunning is the operation whose callback is running (for the trace).
	ioRunning int
	// more is what the running I/O callback continues with (Continue);
	// continuing: such a callback is running.
	more       []any
	continuing bool
	// effects counts what a callback can do to the loop beyond ticks and
	// microtasks (see Effects).
	effects int
	closing []any
	pending []any // Feed: the next pending phase's callbacks
	// handles counts ref'd handles (a listening server, an open socket):
	// they keep the loop alive with nothing in flight (RefHandle).
	handles int
	entry   func() // ESM body evaluated in the first poll phase (async-loading versions)

	drained   int
	callbacks int
	// activity counts JavaScript the loop ran (callbacks, ticks,
	// microtasks, rejection events) and I/O round trips (see Activity).
	activity   int
	iterations int
	dead       bool
	exiting    bool
	stop       Stop

	trace func(Event) // Env.Trace
	q     Question    // what the loop is deciding (see Question)
	phase string

	// b is the browser's loop (browser.go), when P.Browser is set;
	// chooseFn answers its choices between task sources (Env.Choose).
	b        *browser
	chooseFn func(n int) int
}

type tick struct {
	cb  any
	pos string
}

// runMicrotasks is the tick Node 8 queues on an unhandled rejection.
type runMicrotasks struct{}

// handledTick is the tick Node 8 queues to emit 'rejectionHandled' for a
// promise given its first handler after the rejection was reported.
type handledTick struct{ p any }

// The handling of an uncaught exception that a listener handled
// (failScope) uses the loop's own callbacks:
type (
	tickCallback  struct{}                  // immediate: process._tickCallback (Node 8)
	noopCallback  struct{}                  // immediate: a no-op (10+)
	listTick      struct{ list *timerList } // tick: listOnTimeoutNT, the rest of a list
	immediateTick struct{}                  // tick: processImmediate, the outstanding immediates
)

// failScope is called after a callback from queue threw (its finally
// already deferred what it had left) and the 'uncaughtException'
// listeners ran. The callback scope is marked failed, so no ticks drain
// at its end; the immediate _fatalException queued (uncaught) is one
// more check phase, whose scope drains. Modelled on Node 8 for every
// queue, and from 11 for a timer or an immediate that another one
// follows in the same phase (it runs first in a fresh processTimers or
// processImmediate call: no drain before it; the timers phase drains at
// its end). Node 10 and the other cases keep the plain rule, which also
// gets a last timer's ticks and microtasks in order on 11+; the predictor
// marks the programs where the difference can show incomplete. It
// reports whether the scope failed.
func (l *Loop) failScope(queue string) bool {
	if l.dead {
		return false
	}
	switch {
	case l.P.FailedScopes():
	case queue == "nextTick":
		// The ticks and microtasks after the throwing one wait for the
		// next callback scope: the next macrotask, or the immediate
		// uncaught queued. Node 10 calls a timer list's callback again
		// when it threw (at a fresh now): its due timers run, then its
		// scope runs them.
		l.relist = l.inList
	case l.P.PerListTimers():
		return false
	case (queue == "timer" || queue == "interval" || queue == "immediate") && l.follows():
	default:
		return false
	}
	l.failed = true
	return true
}

// queueInternal is setImmediate of one of the loop's own callbacks.
func (l *Loop) queueInternal(cb any) {
	l.immediates = append(l.immediates, &Immediate{Cb: cb, ref: true})
	l.refImm++
}

// internal runs one of the loop's own callbacks; false for the host's.
func (l *Loop) internal(cb any) bool {
	switch c := cb.(type) {
	case tickCallback:
		l.runTicks()
	case noopCallback:
	case handledTick:
		l.activity++
		l.host.EmitRejectionHandled(c.p)
	case listTick:
		c.list.parked = false
		heap.Push(&l.heap, c.list)
		l.listPass(c.list, l.read(ReadRequeue))
	case immediateTick:
		q := l.outstanding
		if len(q) == 0 {
			q = l.takeImmediates()
		}
		l.outstanding = nil
		l.runImmediates(q)
	default:
		return false
	}
	return true
}

// deferImmediates is tryOnImmediate's finally on Node 8: the rest of the
// queue becomes the outstanding queue, run by a processImmediate tick.
func (l *Loop) deferImmediates(rest []any) {
	if len(rest) == 0 {
		return
	}
	l.outstanding = append(append([]any{}, rest...), l.outstanding...)
	l.ticks = append(l.ticks, tick{cb: immediateTick{}})
}

// runImmediates runs immediates inside a scope (Node <= 10: the whole
// queue is one); on Node 8 one that throws leaves the rest outstanding,
// with a processImmediate tick queued (tryOnImmediate's finally).
func (l *Loop) runImmediates(cbs []any) {
	outer := l.restCbs
	defer func() { l.restCbs = outer }()
	for i, cb := range cbs {
		if l.dead || !l.budget() {
			return
		}
		l.restCbs = cbs[i+1:]
		if l.internal(cb) {
			if l.failed {
				// A tick run by _tickCallback threw: the rest waits,
				// as after a throwing immediate.
				l.deferImmediates(cbs[i+1:])
				return
			}
			continue
		}
		l.runEvent("immediate", cb)
		if l.dead {
			return // stopped by the tracer (StopLooping)
		}
		l.running = "immediate"
		err := l.host.Invoke(cb)
		if err != nil {
			if l.P.FailedScopes() {
				l.deferImmediates(cbs[i+1:])
			}
			l.uncaught(err, false)
		}
		l.running = ""
		if err != nil && l.failScope("immediate") {
			return
		}
	}
}

// HandledLate tells the loop that p, whose rejection was reported, got
// its first handler. Where the release emits 'rejectionHandled' from a
// tick queued then (Node 8: before the handler's reaction, where
// ticks run first) it queues it and reports true; else the host lists p
// for TakeRejections, which the next drain emits it for.
func (l *Loop) HandledLate(p any) bool {
	if !l.P.RejectionHandledTick() {
		return false
	}
	l.ticks = append(l.ticks, tick{cb: handledTick{p}})
	return true
}

// Rejected tells the loop a promise was rejected with no handler.
func (l *Loop) Rejected() {
	if !l.P.RejectionTick() || l.Exiting() {
		return
	}
	for _, t := range l.ticks {
		if _, ok := t.cb.(runMicrotasks); ok {
			return // at most one pending
		}
	}
	l.ticks = append(l.ticks, tick{cb: runMicrotasks{}})
}

// New creates a loop for an execution; the oracle answers its
// nondeterministic questions and its answers are kept as the witness.
func New(p Profile, h Host, o Oracle, lim Limits) *Loop {
	rec := &recorder{o: o, w: Witness{Clock: []int64{}, Poll: [][]int{}}}
	l := NewWith(p, h, Env{Clock: NewConcrete(rec), Poll: rec.Poll, Choose: rec.Choose}, lim)
	l.oracle = rec
	return l
}

// Env is what a loop asks about the world: time, and I/O completions.
type Env struct {
	Clock Clock
	// Poll chooses the I/O round trips completing at a poll phase (see
	// Oracle.Poll).
	Poll func(inflight []int, mustPick bool) []int
	// Trace, if set, sees every phase and callback (see Event).
	Trace func(Event)
	// Work, if set, is how long the host's work so far takes (Limits.StallMS);
	// nil counts none.
	Work func() Work
	// Choose, if set, picks one of n alternatives the model leaves open
	// (a browser's choice between task sources); nil picks the first.
	Choose func(n int) int
}

// NewWith creates a loop over any clock, e.g. a symbolic one.
func NewWith(p Profile, h Host, env Env, lim Limits) *Loop {
	if lim.MaxDrain <= 0 {
		lim.MaxDrain = DefaultLimits.MaxDrain
	}
	if lim.MaxCallbacks <= 0 {
		lim.MaxCallbacks = DefaultLimits.MaxCallbacks
	}
	if lim.MaxVirtualMS <= 0 {
		lim.MaxVirtualMS = DefaultLimits.MaxVirtualMS
	}
	return &Loop{P: p, host: h, clk: env.Clock, pollFn: env.Poll, lim: lim, lists: map[float64]*timerList{}, warned: map[string]bool{}, trace: env.Trace, work: env.Work, chooseFn: env.Choose}
}

// Witness returns the schedule taken so far (loops made by New).
func (l *Loop) Witness() Witness {
	if l.oracle == nil {
		return Witness{}
	}
	return l.oracle.w
}

// Dead reports that the process is exiting or the run was stopped: no more
// JavaScript may run except 'exit' listeners.
func (l *Loop) Dead() bool { return l.dead }

// Exiting is process._exiting: nextTick becomes a no-op.
func (l *Loop) Exiting() bool { return l.exiting || l.dead }

// Exit ends the process now (process.exit, or a fatal error after the host
// emitted 'exit').
func (l *Loop) Exit() {
	l.effects++
	l.exiting = true
	l.dead = true
}

// Stopped returns how the run ended.
func (l *Loop) Stopped() Stop { return l.stop }

// StopLooping stops the run between two iterations: the explorer found
// that the loop goes round without end (or as far as it follows it). It
// is called from the trace of a timers phase's start (Env.Trace), before
// the phase does anything.
func (l *Loop) StopLooping(msg string) { l.halt(Stop{Kind: StopEndless, Msg: msg}) }

func (l *Loop) halt(s Stop) {
	if l.dead {
		return
	}
	l.effects++
	l.stop = s
	l.dead = true
}

// read takes a fresh clock reading.
func (l *Loop) read(k ReadKind) Time {
	l.effects++
	var t Time
	if b := l.bounds(k); b != nil {
		t = l.clk.(Near).ReadNear(k, l.floor, b)
	} else {
		t = l.clk.Read(k, l.floor)
	}
	l.floor, l.ceil, l.waitedIO = nil, nil, false
	if k.Domain() == LoopDomain {
		l.lastLoop = t
	}
	if n := t.Base; n == len(l.readTurn) { // readings are numbered in order
		if !l.extendsRun(k) {
			l.runStart = n
		}
		l.readTurn = append(l.readTurn, l.callbacks)
		l.readKind = append(l.readKind, k)
		l.readWork = append(l.readWork, l.workNow())
	}
	if c, ok := l.clk.(*Concrete); ok && c.Value(t) > l.lim.MaxVirtualMS {
		l.halt(Stop{Kind: StopBudget, Msg: fmt.Sprintf("virtual time passed %d ms", l.lim.MaxVirtualMS)})
	}
	return t
}

func (l *Loop) workNow() Work {
	if l.work == nil {
		return Work{}
	}
	return l.work()
}

// extendsRun reports whether a reading of kind k continues a run of timer
// creations: the last reading made one too, in the callback running now.
func (l *Loop) extendsRun(k ReadKind) bool {
	n := len(l.readTurn)
	return k == ReadTimerStart && n > 0 && l.readKind[n-1] == ReadTimerStart && l.readTurn[n-1] == l.callbacks
}

// bounds are Limits.StallMS's bounds on the next reading, of kind k.
func (l *Loop) bounds(k ReadKind) []Bound {
	if l.lim.StallMS <= 0 && !l.lim.Usual {
		return nil
	}
	if _, ok := l.clk.(Near); !ok {
		return nil
	}
	w := l.workNow()
	n := len(l.readTurn)
	late := int64(UsualLateUS)
	if k == ReadTimerStart && l.ceil == nil && n > 0 && l.readTurn[n-1] == l.callbacks {
		// A timer creation in the callback that read the clock last: no
		// lateness, and a millisecond tick within the few microseconds
		// between the two is unusual (the order of two timers made one
		// statement apart rarely depends on one). Across callbacks the
		// loop's own steps pass between them.
		late = -UsualTickUS
	}
	after := func(t Time, from Work) Bound {
		if l.lim.Usual {
			// Readings are whole milliseconds rounded down: real time
			// r+d, for r read as t, reads at most t+ceil(d).
			return Bound{T: t, MS: max(0, late+w.Hi-from.Hi+999) / 1000}
		}
		// Work is in microseconds; round up to whole milliseconds.
		return Bound{T: t, MS: l.lim.StallMS + (w.Max-from.Max+999)/1000}
	}
	var out []Bound
	switch {
	case l.waitedIO:
	case l.ceil != nil:
		out = append(out, after(*l.ceil, l.ceilWork))
	case n > 0:
		out = append(out, after(Time{Base: n - 1}, l.readWork[n-1]))
	}
	if l.extendsRun(k) && l.runStart < n-1 {
		out = append(out, after(Time{Base: l.runStart}, l.readWork[l.runStart]))
	}
	if l.lim.Usual && n > 0 {
		// Real time passes while the work runs: whole milliseconds of it
		// show on the next reading, less the lag between two clocks.
		least := (w.Lo - l.readWork[n-1].Lo) / 1000
		least -= k.Domain().Lag(l.readKind[n-1].Domain())
		if least > 0 {
			out = append(out, Bound{T: Time{Base: n - 1}, MS: least, AtLeast: true})
		}
	}
	return out
}

// sleeps records that poll blocked: until a timer's expiry at the latest
// when one is pending (the next reading then comes at most a stall after
// it), else for I/O, for as long as that takes.
func (l *Loop) sleeps() {
	if top := l.heap.top(); top != nil {
		exp := top.expiry
		l.ceil, l.ceilWork = &exp, l.workNow()
		return
	}
	l.waitedIO = true
}

// SameTurn reports whether two readings were taken while the same
// callback (or the main script) ran: no loop phase passed between them.
func (l *Loop) SameTurn(a, b Time) bool {
	n := len(l.readTurn)
	return a.Base < n && b.Base < n && a.Base >= 0 && b.Base >= 0 && l.readTurn[a.Base] == l.readTurn[b.Base]
}

// Now is the program reading the wall clock (Date.now()).
func (l *Loop) Now() Time { return l.read(ReadUser) }

// NowMono is the program reading the monotonic clock (performance.now(),
// process.hrtime()).
func (l *Loop) NowMono() Time { return l.read(ReadMono) }

// NowMillis is Now in milliseconds since the process started; it needs
// the concrete clock of New.
func (l *Loop) NowMillis() int64 { return l.Millis(l.Now()) }

// MonoMillis is NowMono in milliseconds, as NowMillis.
func (l *Loop) MonoMillis() int64 { return l.Millis(l.NowMono()) }

// Millis converts a time of the concrete clock to milliseconds.
func (l *Loop) Millis(t Time) int64 {
	if c, ok := l.clk.(*Concrete); ok {
		return c.Value(t)
	}
	return 0
}

// NextTick queues cb on the nextTick queue; pos names the call site.
func (l *Loop) NextTick(cb any, pos string) {
	if l.Exiting() {
		return
	}
	l.ticks = append(l.ticks, tick{cb, pos})
}

// Microtask is called by the host before it runs each microtask job, so
// that a chain that never ends is stopped and named.
func (l *Loop) Microtask(pos string) bool {
	return l.count("microtask", pos, nil)
}

// MicrotaskAfter is Microtask where the host knows the callback the job
// before ran (cb, scheduled at pos): a chain that never ends is named by
// it.
func (l *Loop) MicrotaskAfter(pos string, cb any) bool {
	return l.count("microtask", pos, cb)
}

func (l *Loop) count(queue, pos string, cb any) bool {
	l.drained++
	l.activity++
	if l.drained > l.lim.MaxDrain {
		l.halt(Stop{Kind: StopStarvation, Queue: queue, Pos: pos, Cb: cb,
			Msg: fmt.Sprintf("%s queue never drained: more than %d callbacks ran without yielding to the event loop", queue, l.lim.MaxDrain)})
		return false
	}
	return true
}

// runTicks is Node's tick loop body: every queued tick in FIFO order,
// including ticks queued meanwhile. It runs inside Enter so that the
// engine's microtask checkpoint comes after it.
func (l *Loop) runTicks() {
	for len(l.ticks) > 0 && !l.dead {
		t := l.ticks[0]
		l.ticks = l.ticks[1:]
		if _, ok := t.cb.(runMicrotasks); ok {
			// Leave this JS entry so the host's checkpoint runs the
			// microtasks; drain comes back for the remaining ticks.
			return
		}
		if !l.count("nextTick", t.pos, t.cb) {
			return
		}
		if l.internal(t.cb) {
			if l.failed {
				return
			}
			continue
		}
		l.runEvent("nextTick", t.cb)
		l.inTick = true
		err := l.host.Invoke(t.cb)
		if err != nil {
			l.uncaught(err, false)
		}
		l.inTick = false
		if err != nil && l.failScope("nextTick") {
			return
		}
	}
}

// follows asks l.another, only when a callback threw (the answer can
// ask the clock, a question Node asks only then).
func (l *Loop) follows() bool { return l.another != nil && l.another() }

// FailModelled reports whether the loop models what Node does with the
// ticks and microtasks (microtasks: whether the host has any queued)
// pending when the running callback's exception was just handled by an
// 'uncaughtException' listener (see failScope; measured on 8, 10-12, 16,
// 20-26). Node fails the callback's scope and defers them, by rules the
// loop has for Node 8's timers, immediates and I/O callbacks without
// microtasks, Node 10's timer lists and immediate queues, from 11 for
// timers and for an immediate another one follows, and from 10 for a
// throwing tick without microtasks queued (its successors wait for the
// next callback scope: measured on 10, 12, 20 and 26).
func (l *Loop) FailModelled(microtasks bool) bool {
	if len(l.ticks) == 0 && !microtasks {
		return true
	}
	timerOrImm := l.running == "timer" || l.running == "interval" || l.running == "immediate"
	switch {
	case l.inTick:
		// The ticks after a throwing one wait (failScope); microtasks
		// wait too in Node, where the engines drain them on leaving JS.
		return !l.P.FailedScopes() && !microtasks
	case l.P.FailedScopes():
		return !microtasks
	case l.P.PerListTimers():
		return timerOrImm
	case l.running == "immediate":
		return !microtasks && l.follows()
	case timerOrImm:
		return !microtasks || !l.follows()
	}
	return false
}

// Effects counts the calls that change the loop beyond the tick and
// microtask queues: scheduling, clearing or re-referencing a timer,
// immediate, I/O request or close callback, exiting, and clock reads. A
// callback during which it does not move leaves the loop as it found it
// (the predictor's commutation reduction relies on it).
func (l *Loop) Effects() int { return l.effects }

// Activity changes whenever anything but a clock reading happens: the
// loop ran JavaScript (a callback, tick, microtask or rejection event),
// delivered an I/O round trip, or re-queued a timer list.
func (l *Loop) Activity() int { return l.activity + int(l.nextList) }

// Moves counts the loop's state changes so far that are not clock
// readings: macrotask callbacks run plus timer list ids issued (a list
// created or re-queued). The predictor's explorer compares it across poll
// phases to see whether anything happened in between.
func (l *Loop) Moves() int { return l.callbacks + int(l.nextList) }

// Clock is the loop's clock, so that a host can compare its own readings
// (a busy-wait on Date.now) through it, symbolically or concretely.
func (l *Loop) Clock() Clock { return l.clk }

// DrainCount is how many ticks and microtasks ran since the last macrotask.
func (l *Loop) DrainCount() int { return l.drained }

// ReportUncaught is an exception thrown outside a callback the loop
// invoked (a microtask from queueMicrotask, a module body, an emit).
func (l *Loop) ReportUncaught(err error) { l.uncaught(err, false) }

// ReportRejected is an error Node takes from a rejected promise of its
// own and raises as an uncaught exception (an ES module main's throw,
// which the module job's promise carries): 'uncaughtException' hears it
// with the origin 'unhandledRejection' (measured on 12 to 26).
func (l *Loop) ReportRejected(err error) { l.uncaught(err, true) }

func (l *Loop) uncaught(err error, fromPromise bool) {
	if l.dead {
		return
	}
	if !l.host.Uncaught(err, fromPromise) {
		l.Exit()
		return
	}
	if l.IsBrowser() {
		return // reported; the page goes on
	}
	// Node's handler then queues setImmediate(noop) "so that the next
	// Immediate cycle isn't empty" (Node 8: setImmediate(_tickCallback)):
	// after every handled exception, whatever threw it. The loop stays
	// alive for it; after a throw in 'beforeExit', 'beforeExit' comes
	// again.
	if l.P.FailedScopes() {
		l.queueInternal(tickCallback{})
	} else {
		l.queueInternal(noopCallback{})
	}
}

// Call runs one macrotask callback the way InternalCallbackScope does:
// the callback, then ticks and microtasks until both are empty, with
// unhandled-rejection processing in between.
func (l *Loop) Call(cb any) { l.call("", cb) }

// call is Call for a callback from queue (for the trace).
func (l *Loop) call(queue string, cb any) { l.callGroup(queue, []any{cb}) }

// callGroup runs several callbacks as one C++→JS call (Node <= 10 lists and
// immediate queues): ticks and microtasks drain only after the last one.
func (l *Loop) callGroup(queue string, cbs []any) {
	if l.dead {
		return
	}
	l.drained = 0
	l.failed = false
	l.host.Enter(func() {
		if queue == "immediate" {
			l.runImmediates(cbs)
		} else {
			for _, cb := range cbs {
				if l.dead || !l.budget() {
					return
				}
				l.runEvent(queue, cb)
				if l.dead {
					return // stopped by the tracer (StopLooping)
				}
				l.running = queue
				err := l.host.Invoke(cb)
				if f := l.afterCb; f != nil {
					l.afterCb = nil
					f()
				}
				if err != nil {
					l.uncaught(err, false)
				}
				l.running = ""
				if err != nil && l.failScope(queue) {
					return
				}
			}
		}
		l.scopeLoop = l.lastLoop
		if !l.failed {
			l.runTicks()
		}
	})
	l.drain()
}

func (l *Loop) budget() bool {
	if m := l.lim.MaxRuns; m > 0 && l.callbacks >= m {
		l.halt(Stop{Kind: StopEndless, Msg: fmt.Sprintf("stopped after %d callbacks", m)})
		return false
	}
	l.callbacks++
	l.activity++
	if l.callbacks > l.lim.MaxCallbacks {
		l.halt(Stop{Kind: StopBudget, Msg: fmt.Sprintf("more than %d callbacks ran (a timer or loop that never ends?)", l.lim.MaxCallbacks)})
		return false
	}
	return true
}

// drain is processTicksAndRejections after the first round.
func (l *Loop) drain() {
	for !l.dead && !l.failed {
		if len(l.ticks) > 0 {
			l.host.Enter(l.runTicks)
			continue
		}
		did := false
		l.host.Enter(func() { did = l.processRejections() })
		if !did {
			return
		}
	}
}

// processRejections applies the version's unhandled-rejection policy
// (docs/semantics.md §9) after a drain; it reports whether it ran any JavaScript.
func (l *Loop) processRejections() bool {
	unhandled, late := l.host.TakeRejections()
	if l.trace != nil && len(unhandled)+len(late) > 0 {
		l.trace(Event{Kind: EventRejections, Phase: l.phase, Iteration: l.iterations, Queue: "rejection"})
	}
	did := false
	for _, r := range late {
		did = true
		l.activity++
		l.host.EmitRejectionHandled(r)
	}
	for _, r := range unhandled {
		if l.dead {
			break
		}
		did = true
		l.activity++
		if l.host.EmitUnhandledRejection(r) {
			continue
		}
		if l.P.UnhandledRejectionsThrow() {
			l.uncaught(l.host.RejectionError(r), true)
		} else {
			l.host.WarnUnhandledRejection(r)
		}
	}
	return did
}

// RunMain runs the main module and then the loop until it is empty, then
// 'beforeExit' (repeating while it revives the loop) and 'exit'.
// For ES modules body is the evaluation of the module graph, which runs
// inside a microtask, so the engine's jobs come before ticks.
func (l *Loop) RunMain(body func()) {
	if l.IsBrowser() {
		l.runBrowser(body)
		return
	}
	l.phaseEvent("main")
	switch {
	case l.P.Module == CommonJS:
		l.drained = 0
		l.host.Enter(func() { body(); l.runTicks() })
		l.drain()
	case l.P.ESMSyncLoad():
		l.esmBody(body)
	default:
		// The loader reads the entry asynchronously: the body runs in
		// the first poll phase, so check comes next (docs/semantics.md §11.1).
		l.entry = body
	}
	for !l.dead {
		l.run()
		if l.dead {
			break
		}
		l.drained = 0
		l.failed = false
		l.phaseEvent("beforeExit")
		l.host.Enter(func() { l.host.EmitProcess("beforeExit"); l.runTicks() })
		l.drain()
		if !l.alive() {
			break
		}
	}
	if !l.dead {
		l.exiting = true
		l.phaseEvent("exit")
		l.host.Enter(func() { l.host.EmitProcess("exit") })
		// The emit's callback scope still runs its microtasks and
		// processes the rejections its listeners made (measured on 10
		// to 26); its ticks never run, as nextTick does nothing once
		// the process is exiting.
		l.drain()
		l.dead = true
	}
}

func (l *Loop) esmBody(body func()) {
	l.drained = 0
	l.activity++
	l.host.Enter(body)
	l.drain()
}

func (l *Loop) alive() bool {
	return l.refTimer > 0 || l.refImm > 0 || len(l.outstanding) > 0 || l.refIO() || len(l.closing) > 0 || len(l.pending) > 0 || l.entry != nil || l.handles > 0
}

// refIO reports whether an operation in flight keeps the loop alive: all
// but an async handle's wake-up (SubmitAsync), whose handle's ref is
// counted by RefHandle.
func (l *Loop) refIO() bool {
	for _, op := range l.io {
		if !op.unref {
			return true
		}
	}
	return false
}

// RefHandle adds d to the ref'd handles (uv_ref/uv_unref of a server or a
// socket): while one is open the loop stays alive, and its poll phase
// blocks until I/O, a timer or nothing: with nothing that could ever
// wake it the process waits forever, and the run stops (hang).
func (l *Loop) RefHandle(d int) {
	l.effects++
	l.handles += d
}

// hangs reports whether only ref'd handles keep the loop alive and
// nothing can wake its poll phase: no I/O in flight, no timer (ref'd or
// not), no immediate, no close callback. Node then waits forever.
func (l *Loop) hangs() bool {
	return l.handles > 0 && len(l.io) == 0 && l.activeTimers() == 0 && len(l.immediates) == 0 &&
		len(l.outstanding) == 0 && len(l.closing) == 0 && len(l.pending) == 0 && l.entry == nil
}

// Scopes is an I/O callback made of several callbacks that one completion
// delivers in order, each in its own scope (libuv runs them from one
// poll phase's events, in order: a loopback connection's accept and then
// its connect, a socket's data and then its end).
type Scopes []any

// run is uv_run(UV_RUN_DEFAULT) seen as a cycle (docs/semantics.md §2). From
// libuv 1.45 (Node 20.3) the timers run at the end of each iteration, and
// at the start of the first: the cycle is the same while the loop is
// alive, but the last iteration still runs the timers that are due before
// libuv sees nothing alive, so a due unref'd timer fires after the last
// callback, where before the process exited without it (measured on
// 20.2.0 and 20.3.0; it changes nothing here).
func (l *Loop) run() {
	atEnd := l.P.TimersAtEnd()
	ran := false // the last iteration ran this one's timers at its end
	for !l.dead && l.alive() {
		if l.hangs() {
			l.halt(Stop{Kind: StopBudget, Msg: "the program never exits: an open handle (a server, a socket, a MessagePort) keeps the loop alive, and nothing in the sandbox can reach it"})
			return
		}
		if !ran && !l.timersIteration() {
			return
		}
		ran = false
		if len(l.pending) > 0 {
			l.phaseEvent("pending")
			l.pendingPhase()
			if l.dead {
				return
			}
		}
		l.phaseEvent("poll")
		l.pollPhase()
		if l.dead {
			return
		}
		l.phaseEvent("check")
		l.checkPhase()
		if l.dead {
			return
		}
		l.phaseEvent("close")
		l.closePhase()
		if atEnd && !l.dead {
			if !l.timersIteration() {
				return
			}
			ran = true
		}
	}
}

// timersIteration starts an iteration with its timers phase; false when
// the run ended.
func (l *Loop) timersIteration() bool {
	// Iterations count against the callback budget too, so that no
	// state of the model can spin forever without running anything.
	if l.iterations++; l.iterations > 4*l.lim.MaxCallbacks {
		l.halt(Stop{Kind: StopBudget, Msg: fmt.Sprintf("the loop went round %d times (a handle that never closes?)", l.iterations-1)})
		return false
	}
	if m := l.lim.MaxIterations; m > 0 && l.iterations > m {
		l.halt(Stop{Kind: StopEndless, Msg: fmt.Sprintf("stopped after %d iterations", m)})
		return false
	}
	l.phaseEvent("timers")
	if l.dead {
		return false // stopped by the tracer (StopLooping)
	}
	l.timersPhase()
	return !l.dead
}

func (l *Loop) pollPhase() {
	if l.entry != nil {
		body := l.entry
		l.entry = nil
		l.waitedIO = true // the loader read the file
		l.esmBody(body)
		return
	}
	if len(l.io) == 0 {
		if l.refImm == 0 && len(l.closing) == 0 && len(l.pending) == 0 && (l.refTimer > 0 || l.handles > 0) {
			l.sleepUntilTimer()
		}
		return
	}
	ids := make([]int, len(l.io))
	for i, op := range l.io {
		ids[i] = op.id
	}
	idle := l.refImm == 0 && len(l.closing) == 0 && len(l.pending) == 0
	mustPick := idle && l.activeTimers() == 0
	l.pollIdle = idle
	if idle {
		l.sleeps() // until an I/O completes or the next timer is due
	}
	l.ask(Question{Kind: AskPoll})
	chosen := l.poolOrder(l.pollFn(ids, mustPick), mustPick)
	if l.oracle != nil {
		l.oracle.w.Poll[len(l.oracle.w.Poll)-1] = chosen
	}
	l.q = Question{}
	// What was ready when the phase began is delivered in it.
	var late []int
	for _, op := range l.io {
		if op.ready && slices.Contains(ids, op.id) && !slices.Contains(chosen, op.id) {
			late = append(late, op.id)
		}
	}
	chosen = append(slices.Clip(chosen), late...)
	for _, id := range chosen {
		if l.dead {
			return
		}
		l.completeTrip(id)
	}
	if len(chosen) == 0 && idle && l.activeTimers() > 0 {
		// Nothing came in: poll slept until the next timer.
		l.sleepUntilTimer()
	}
}

func (l *Loop) checkPhase() {
	if len(l.outstanding) > 0 {
		// Node 8's processImmediate takes the outstanding queue when
		// there is one, and leaves the other for the next phase.
		run := l.outstanding
		l.outstanding = nil
		l.callGroup("immediate", run)
		return
	}
	if l.P.PerListTimers() {
		if run := l.takeImmediates(); len(run) > 0 {
			l.callGroup("immediate", run)
		}
		return
	}
	q := nativeFirst(l.immediates)
	l.immediates = nil
	defer func() { l.restImm = nil }()
	for i, im := range q {
		if !l.take(im) {
			continue
		}
		l.restImm = q[i+1:]
		l.another = func() bool {
			for _, next := range q[i+1:] {
				if !next.cleared {
					return true
				}
			}
			return false
		}
		l.call("immediate", im.Cb)
		l.another = nil
		if l.dead {
			return
		}
	}
}

// takeImmediates empties the immediate queue into the callbacks to run.
func (l *Loop) takeImmediates() []any {
	q := nativeFirst(l.immediates)
	l.immediates = nil
	var run []any
	for _, im := range q {
		if l.take(im) {
			run = append(run, im.Cb)
		}
	}
	return run
}

// take marks an immediate as run (it no longer keeps the loop alive);
// false if it was cleared.
func (l *Loop) take(im *Immediate) bool {
	if im.cleared {
		return false
	}
	im.cleared = true
	if im.ref {
		l.refImm--
	}
	return true
}

// closePhase runs the close callbacks queued before it began, the last
// queued first: libuv pushes each closing handle on the front of a list
// and runs the list it finds (measured on 10.24.1, 16.14.0, 20.20.2 and
// 26.10.0: two sockets destroyed in one callback close in reverse,
// testdata/runtime/net-close-order). One queued by a close callback waits
// for the next iteration.
func (l *Loop) closePhase() {
	q := l.closing
	l.closing = nil
	for i := len(q) - 1; i >= 0; i-- {
		if l.dead {
			return
		}
		l.call("close", q[i])
	}
}

// pendingPhase runs what Feed queued before this iteration began; what
// its callbacks feed waits for the next one (libuv's pending queue).
func (l *Loop) pendingPhase() {
	q := l.pending
	l.pending = nil
	for _, cb := range q {
		if l.dead {
			return
		}
		l.call("pending", cb)
	}
}

// Feed queues cb for the next iteration's pending phase, between the
// timers and poll (uv__io_feed): libuv reports there an error a socket
// call returned at once, such as a connect that failed before it began.
func (l *Loop) Feed(cb any) {
	l.effects++
	l.pending = append(l.pending, cb)
}

// Close queues a close callback (uv_close) for this iteration's close phase.
func (l *Loop) Close(cb any) {
	l.effects++
	l.closing = append(l.closing, cb)
}

// Immediate is a setImmediate entry.
type Immediate struct {
	Cb      any
	ref     bool
	cleared bool
	native  bool // SetNativeImmediate
}

// SetImmediate appends to the immediate queue.
func (l *Loop) SetImmediate(cb any) *Immediate {
	l.effects++
	im := &Immediate{Cb: cb, ref: true}
	l.immediates = append(l.immediates, im)
	l.refImm++
	return im
}

// SetNativeImmediate queues one of Node's own immediates (C++'s
// SetImmediate: a shutdown request done at once completes there): the
// next check phase runs it, in its own scope, before the program's
// immediates queued before it.
func (l *Loop) SetNativeImmediate(cb any) {
	l.effects++
	l.immediates = append(l.immediates, &Immediate{Cb: cb, ref: true, native: true})
	l.refImm++
}

// nativeFirst orders a check phase's immediates: Node's own first.
func nativeFirst(q []*Immediate) []*Immediate {
	n := 0
	for _, im := range q {
		if im.native {
			n++
		}
	}
	if n == 0 || n == len(q) {
		return q
	}
	out := make([]*Immediate, 0, len(q))
	for _, im := range q {
		if im.native {
			out = append(out, im)
		}
	}
	for _, im := range q {
		if !im.native {
			out = append(out, im)
		}
	}
	return out
}

// ClearImmediate cancels im if it has not run.
func (l *Loop) ClearImmediate(im *Immediate) {
	l.effects++
	if im == nil || im.cleared {
		return
	}
	im.cleared = true
	if im.ref {
		l.refImm--
	}
}

// RefImmediate changes whether im keeps the loop alive.
func (l *Loop) RefImmediate(im *Immediate, ref bool) {
	l.effects++
	if im.cleared || im.ref == ref {
		return
	}
	im.ref = ref
	if ref {
		l.refImm++
	} else {
		l.refImm--
	}
}

// HasRefImmediate is Immediate.hasRef().
func (im *Immediate) HasRef() bool { return im.ref }

// IO is an operation on the thread pool (or any I/O source) whose
// completion arrives in a poll phase after Trips round trips.
type IO struct {
	id    int
	trips int
	one   bool // submitted as one round trip
	cb    any
	// queued numbers the submission of its current round trip among all
	// round trips (IOQueued).
	queued  int
	ready   bool // SubmitReady
	unref   bool // SubmitAsync
	started bool // a pool worker has taken the current round trip
	later   bool // a trip after the first (pool.go: it holds no worker)
	event   bool // SubmitEvent
	// work is how long each trip usually takes on a worker, begun when
	// the current one started (poolclock.go).
	work    Work
	workSet bool
	begun   Work
}

// ID is the operation's number in witnesses (submission order, from 1).
func (op *IO) ID() int { return op.id }

// SubmitIO starts a thread-pool operation needing trips round trips, each
// a request queued for the pool (pool.go); cb runs as a macrotask in the
// poll phase where the last one completes. Each trip after the first is a
// new request at the end of the queue, submitted when the one before is
// delivered: Node's loop thread submits it from that completion
// (fs.readFile's open, fstat, read and close; zlib's write and flush).
// Where that matters, the pool being full (pool.go: saturated, a one-trip
// request waiting), the explorer chooses the poll phase of such a trip, not only of the last
// one, since it decides where the next one queues; otherwise the next
// trip is taken as on a worker at once, holding none (completeTrip),
// which allows every order Node's queue does.
func (l *Loop) SubmitIO(trips int, cb any) *IO {
	op := l.submit(trips, cb)
	l.queue(op)
	l.io = append(l.io, op)
	return op
}

func (l *Loop) submit(trips int, cb any) *IO {
	l.effects++
	if trips < 1 {
		trips = 1
	}
	l.nextIO++
	return &IO{id: l.nextIO, trips: trips, one: trips == 1, cb: cb}
}

// SubmitReady submits an event that is ready at once: on the sandbox's
// loopback network the kernel has done the work when the call returns
// (data written to a socket is in its peer's receive buffer, a handshake
// is done), so its callback runs at the next poll phase, never later, in
// an order among that phase's completions the oracle chooses.
func (l *Loop) SubmitReady(cb any) *IO {
	op := l.submitOutside(cb)
	op.ready = true
	return op
}

// submitOutside submits a one-trip operation that takes no pool worker:
// it is in flight at once.
func (l *Loop) submitOutside(cb any) *IO {
	op := l.submit(1, cb)
	l.tripSeq++
	op.queued = l.tripSeq
	l.io = append(l.io, op)
	return op
}

// SubmitEvent submits an operation outside the thread pool that completes
// in a later poll phase chosen by the oracle (a DNS query over c-ares).
func (l *Loop) SubmitEvent(cb any) *IO {
	op := l.submitOutside(cb)
	op.event = true
	return op
}

// SubmitAsync wakes an async handle (uv_async_send: a MessagePort that
// was sent a message): ready at once as SubmitReady, but the wake-up does
// not keep the loop alive; the handle's own ref does (RefHandle). A
// process with nothing ref'd exits without delivering it.
func (l *Loop) SubmitAsync(cb any) *IO {
	op := l.SubmitReady(cb)
	op.unref = true
	return op
}

// Continue, called from an I/O callback, runs cb next in the same
// completion, in its own scope (ticks and microtasks drain between):
// one wake-up of a MessagePort delivers the messages queued on it one
// by one, the messages posted meanwhile included.
func (l *Loop) Continue(cb any) {
	l.effects++
	l.more = append(l.more, cb)
}

// IOReady reports whether operation id was submitted ready (SubmitReady):
// the poll phase that sees it in flight delivers it.
func (l *Loop) IOReady(id int) bool {
	for _, op := range l.io {
		if op.id == id {
			return op.ready
		}
	}
	return false
}

// IOFinal reports whether the next completion of operation id is its last
// one, the one that runs its callback. Earlier round trips run nothing: a
// poll phase's order among them, and between them and callbacks, does
// not matter (the explorer uses this to try fewer orders).
func (l *Loop) IOFinal(id int) bool {
	for _, op := range l.io {
		if op.id == id {
			return op.trips <= 1
		}
	}
	return true
}

// IOEager reports whether operation id's next completion is a round trip
// the explorer may deliver as soon as it can complete: not its last, and
// not one whose delivery queues the next behind waiting requests (the
// pool full: SubmitIO).
func (l *Loop) IOEager(id int) bool {
	for _, op := range l.io {
		if op.id == id {
			return op.trips > 1 && !(op.pool() && l.saturated())
		}
	}
	return false
}

// IOQueued numbers the submission of operation id's current round trip:
// a trip queued earlier usually completes earlier (the thread pool takes
// work first in, first out), which the predictor's usual timing follows.
func (l *Loop) IOQueued(id int) int {
	for _, op := range l.io {
		if op.id == id {
			return op.queued
		}
	}
	return 0
}

func (l *Loop) completeTrip(id int) {
	l.activity++
	for i, op := range l.io {
		if op.id != id {
			continue
		}
		requeue := op.trips > 1 && op.pool() && l.saturated()
		op.trips--
		if op.pool() {
			l.advanceTo(op.finish())
			l.freeWorker(op)
		}
		if requeue {
			// The completion's callback queues the next request.
			l.queue(op)
			return
		}
		if op.trips > 0 {
			// The next round trip is now in flight. Node queues it behind
			// those waiting when this one's callback runs, but with the
			// pool not full the explorer delivers an operation's earlier
			// trips as soon as they may complete (explore: Exec.poll),
			// which would fix the queue's order too early; so a later trip
			// is taken as on a worker at once, holding none: the pool then
			// allows every order Node's does, and more.
			l.tripSeq++
			op.queued = l.tripSeq
			op.started, op.later = true, op.pool()
			op.begun = l.estNow()
			return
		}
		l.io = append(l.io[:i:i], l.io[i+1:]...)
		l.ioRunning = op.id
		cbs, ok := op.cb.(Scopes)
		if !ok {
			cbs = Scopes{op.cb}
		}
		type step struct {
			cb   any
			more bool // a continuation (Continue)
		}
		var steps []step
		for _, cb := range cbs {
			steps = append(steps, step{cb, false})
		}
		for len(steps) > 0 && !l.dead {
			st := steps[0]
			steps = steps[1:]
			l.continuing = st.more
			l.call("io", st.cb)
			// What the callback continued with comes first.
			var next []step
			for _, cb := range l.more {
				next = append(next, step{cb, true})
			}
			steps = append(next, steps...)
			l.more = nil
		}
		l.more, l.continuing = nil, false
		l.ioRunning = 0
		return
	}
}
