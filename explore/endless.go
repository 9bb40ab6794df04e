package explore

import (
	"fmt"
	"slices"
	"strings"

	"github.com/looplint/looplint/ir"
	"github.com/looplint/looplint/loop"
)

// Runs that never end. A tick or microtask chain that never drains is the
// loop's to find (loop.StopStarvation). A loop that goes round forever
// (an immediate, a timer or an I/O request that re-queues itself) is the
// explorer's:
//
//   - Proven (repeat.go): a host that can compare its state (Exec.State:
//     the interpreter) gives it at the start of each iteration; when it
//     repeats exactly, with the loop's queues and the clock's constraints
//     between the readings that still matter, every continuation repeats
//     too, so the run goes round forever.
//   - Otherwise the explorer watches the callbacks the loop runs (each
//     with the ticks it drains and the lines it prints: a unit). A run
//     whose last units repeat one pattern stopAfter times is stopped, and
//     the exploration starts again bounded (Predict): choices made after
//     the loop ran Horizon callbacks take the answer that moves it on
//     (onward: the timer is due, the I/O is done, a wait on the clock is
//     over), and a run is stopped once its pattern repeats a few times
//     past the horizon. Horizons double while the runs are few. The
//     answer then covers the loop's first Horizon callbacks and says so:
//     without comparing states, a counter could still be counting towards
//     an end.

// Hang says how a run that never ends goes on.
type Hang struct {
	// Loops: the event loop goes round forever; else a nextTick or
	// microtask chain never drains (Outcome.Starves).
	Loops bool
	// Proven (Loops): the state at the start of iteration From came back
	// at the start of iteration From+Period (= Iterations), so the loop
	// repeats those iterations forever. Else the run was stopped in
	// iteration Iterations, its last callbacks repeating one pattern of
	// Period callbacks since iteration From, and what it does later is
	// not known.
	Proven     bool
	From       int
	Period     int
	Iterations int
	// Units: the loop's callbacks the run ran until it was stopped.
	Units int
	// Repeats are the callbacks each repetition runs, as Exec.Describe
	// names them ("spin (setImmediate at 3:3)"), in order, once each;
	// Prints: a repetition prints something; Lines (Proven): the lines
	// one repetition prints, the last ones of Outcome.Stdout.
	Repeats []string
	Prints  bool
	Lines   int
	// Queue, Callback, Pos and Waiting are a starving chain's: the queue
	// ("nextTick" or "microtask"), the callback that keeps re-queueing
	// ("spin (process.nextTick at 1:19)"), where it was scheduled, and
	// what never runs.
	Queue    string
	Callback string
	Pos      ir.Pos
	Waiting  loop.Waiting
}

// The fallback's thresholds, in units (see above). maxPeriod bounds a
// pattern's length; a run whose last stopAfter units repeat a pattern is
// taken for endless (a recorded case that ends after a few dozen alike
// callbacks, an interval counting to 20, is explored as before); past a
// horizon, stopPast repeating units or tailPast units end a run.
const (
	maxPeriod = 16
	stopAfter = 64
	stopPast  = 8
	tailPast  = 32
)

// endlessKey ends the output key of a run that goes round forever.
const endlessKey = "endless"

// unit is one macrotask callback of a run, with the ticks it drained,
// and the lines printed until the next one.
type unit struct {
	iter  int      // the loop iteration it ran in
	runs  []string // queue and name of the callback, then of each tick
	lines int      // stdout lines printed (-1: not known)
	out   int      // stdout lines before it
}

func (u *unit) key() string {
	return fmt.Sprintf("%s\x01%d", strings.Join(u.runs, "\x00"), u.lines)
}

// loopWatch follows a run's units.
type loopWatch struct {
	horizon int // Config.Horizon
	cur     *unit
	units   int // units begun
	keys    []string
	done    []unit
	// alike[p-1]: units in a row that ran as the one p before.
	alike  [maxPeriod]int
	pinned bool // a choice with alternatives was pinned
	hang   *Hang
}

// repeating is the shortest period whose pattern repeated over the last
// n units or more, twice at least (0: none).
func (w *loopWatch) repeating(n int) int {
	for p := 1; p <= maxPeriod; p++ {
		if w.alike[p-1] >= max(n, 2*p) {
			return p
		}
	}
	return 0
}

// outLen is stdout's length so far, -1 when the host does not say.
func (x *Exec) outLen() int {
	if x.OutLen == nil {
		return -1
	}
	return x.OutLen()
}

// watch follows the callbacks the loop runs; at the start of each it
// checks whether the run repeats (and stops it if so), at the start of
// each iteration whether its state came back (repeat.go).
func (x *Exec) watch(e loop.Event) {
	if x.lp == nil || x.Describe == nil {
		return
	}
	w := &x.loops
	switch {
	case e.Kind == loop.EventPhase && e.Phase == "timers":
		x.endUnit()
		x.stateAt(e.Iteration)
		if w.hang != nil {
			x.lp.StopLooping("the loop goes round forever")
		}
	case e.Kind == loop.EventPhase:
		x.endUnit()
	case e.Kind == loop.EventRun && e.Iteration == 0:
		// main's own ticks and microtasks: not the loop's
	case e.Kind == loop.EventRun && macrotask(e.Queue) && !e.More:
		x.endUnit()
		x.stopRepeating()
		if w.hang != nil {
			x.lp.StopLooping("the loop goes round forever")
			return
		}
		w.units++
		w.cur = &unit{iter: e.Iteration, runs: []string{e.Queue + " " + x.fullName(e.Cb)}, out: x.outLen()}
	case e.Kind == loop.EventRun && w.cur != nil:
		w.cur.runs = append(w.cur.runs, e.Queue+" "+x.fullName(e.Cb))
	}
}

// endUnit closes the unit under way.
func (x *Exec) endUnit() {
	w := &x.loops
	u := w.cur
	if u == nil {
		return
	}
	w.cur = nil
	u.lines = -1
	if u.out >= 0 {
		u.lines = x.outLen() - u.out
	}
	k := u.key()
	w.keys = append(w.keys, k)
	w.done = append(w.done, *u)
	n := len(w.keys)
	for p := 1; p <= maxPeriod; p++ {
		if n > p && w.keys[n-1-p] == k {
			w.alike[p-1]++
		} else {
			w.alike[p-1] = 0
		}
	}
}

// stopRepeating stops a run whose last units repeated one pattern
// stopAfter times, or past the horizon stopPast times, or that ran
// tailPast units past it (the unproven case: see above).
func (x *Exec) stopRepeating() {
	w := &x.loops
	p := 0
	if w.horizon == 0 {
		p = w.repeating(stopAfter)
	} else if w.units > w.horizon {
		if q := w.repeating(stopPast); q > 0 {
			p = q
		} else if w.units > w.horizon+tailPast {
			p = 1 // the last unit stands for what repeats
		}
	}
	if p == 0 {
		return
	}
	n := len(w.done)
	from := max(0, n-w.alike[p-1]-p)
	w.hang = x.hangOf(w.done[from:min(n, from+p)], false)
}

// hangOf describes a repetition of the units us.
func (x *Exec) hangOf(us []unit, proven bool) *Hang {
	h := &Hang{Loops: true, Proven: proven, From: us[0].iter, Period: len(us), Iterations: x.lp.Question().Iteration, Units: x.loops.units}
	if n := len(x.loops.done); n > 0 {
		h.Iterations = x.loops.done[n-1].iter
	}
	for _, u := range us {
		for _, r := range u.runs {
			_, desc, _ := strings.Cut(r, " ")
			if !slices.Contains(h.Repeats, desc) {
				h.Repeats = append(h.Repeats, desc)
			}
		}
		h.Prints = h.Prints || u.lines != 0
	}
	return h
}

// pinning reports that a choice made now takes one answer only (onward):
// the loop ran Horizon callbacks already.
func (x *Exec) pinning() bool {
	w := &x.loops
	return w.horizon > 0 && w.units > w.horizon
}

// onward is the answer a pinned choice of n takes: the one that moves
// the loop on (a timer due, an I/O request done, which come first), but
// for a timers phase's bookkeeping, where the first answer runs the
// timers again (libuv before 1.48, recheckTimers) and would keep a run
// that never ends in one timers phase, and for the program's own wait on
// the clock, where time goes on.
func (x *Exec) onward(n int) int {
	switch {
	case x.clk != nil && x.clk.later >= 0 && x.clk.later < n:
		// The program compares a clock reading with an older time (a
		// wait): time went on.
		return x.clk.later
	case n == 2 && x.lp != nil && x.lp.Question().Kind == loop.AskRearm:
		return 1
	}
	return 0
}

// pin notes a choice with alternatives pinned to its first.
func (x *Exec) pin() { x.loops.pinned = true }

// hang says how the run that just ended goes on, if it never ends.
func (x *Exec) hang() *Hang {
	if x.lp == nil {
		return nil
	}
	switch st := x.lp.Stopped(); st.Kind {
	case loop.StopStarvation:
		h := &Hang{Queue: st.Queue, Waiting: x.lp.Pending()}
		h.Waiting.Ticks = 0
		h.Pos, _ = parsePos(st.Pos)
		if st.Cb != nil && x.Describe != nil {
			h.Callback = x.fullName(st.Cb)
		}
		return h
	case loop.StopEndless:
		return x.loops.hang
	}
	return nil
}

// SayRepeats names what a repetition runs: "spin (setImmediate at 3:3)
// and setTimeout at 8:3".
func SayRepeats(repeats []string) string {
	if len(repeats) == 0 {
		return "nothing"
	}
	const most = 4
	if len(repeats) > most {
		return joinAnd(append(slices.Clone(repeats[:most]), plural(len(repeats)-most, "more callback")))
	}
	return joinAnd(repeats)
}

// horizonReason says how far a bounded exploration reaches: every
// schedule of the loop's first horizon callbacks (0: the exploration was
// not bounded, a run was only stopped). stopped is a run stopped going
// round (nil: runs were only pinned, they ended).
func horizonReason(horizon int, stopped *Hang, truncated bool) Reason {
	what := ": the loop did not end"
	if stopped != nil && len(stopped.Repeats) == 1 {
		what = fmt.Sprintf(": the loop did not end (%s re-queued itself each time)", stopped.Repeats[0])
	} else if stopped != nil {
		what = fmt.Sprintf(": the loop did not end (%s re-queued themselves each time)", SayRepeats(stopped.Repeats))
	}
	switch {
	case horizon == 0:
		return Reason{Msg: fmt.Sprintf("a run was stopped after its callbacks had repeated %d times%s", stopAfter, what)}
	case truncated:
		return Reason{Msg: fmt.Sprintf("the exploration was bounded to the loop's first %d callbacks and ran out of runs before it covered every schedule of them%s", horizon, what)}
	case stopped == nil:
		return Reason{Msg: fmt.Sprintf("the prediction covers every schedule of the loop's first %d callbacks; past them it follows one (timers due, I/O done and waits on the clock over, at once)", horizon)}
	}
	return Reason{Msg: fmt.Sprintf("the prediction covers every schedule of the loop's first %d callbacks, and follows one a little further%s", horizon, what)}
}

// lasso puts the output of a run that repeats forever, printing, in one
// form: stdout is a prefix and then one repetition, whose lines (the
// last h.Lines) repeat forever; the same endless output is found with
// more or fewer repetitions before it, or starting elsewhere in the
// cycle. The repetition becomes the shortest that repeats it, and the
// prefix as short as it can be (its last line moved to the front of the
// repetition while it is the repetition's last).
func lasso(stdout []string, h *Hang) []string {
	k := h.Lines
	if k <= 0 || k > len(stdout) {
		return stdout
	}
	pre, cyc := slices.Clone(stdout[:len(stdout)-k]), slices.Clone(stdout[len(stdout)-k:])
	for p := 1; p < len(cyc); p++ {
		if len(cyc)%p == 0 && periodic(cyc, p) {
			cyc = cyc[:p]
			break
		}
	}
	for len(pre) > 0 && pre[len(pre)-1] == cyc[len(cyc)-1] {
		cyc = append([]string{cyc[len(cyc)-1]}, cyc[:len(cyc)-1]...)
		pre = pre[:len(pre)-1]
	}
	h.Lines = len(cyc)
	return append(pre, cyc...)
}

// periodic reports whether s repeats its first p elements.
func periodic(s []string, p int) bool {
	for i := p; i < len(s); i++ {
		if s[i] != s[i-p] {
			return false
		}
	}
	return true
}

// mergeFollowed merges the orders of runs stopped going round, unproven,
// that printed alike as far as the shorter was followed: one stopped
// earlier is the beginning of the other, and says no more. It goes into
// the longer one unless that one needs a longer pause (Outcome.Pause).
func mergeFollowed(outs []Outcome) []Outcome {
	followed := func(o Outcome) bool { return o.Endless && o.Hang != nil && !o.Hang.Proven && len(o.Groups) == 0 }
	idx := []int{}
	for i, o := range outs {
		if followed(o) {
			idx = append(idx, i)
		}
	}
	if len(idx) < 2 {
		return outs
	}
	slices.SortStableFunc(idx, func(a, b int) int { return len(outs[b].Stdout) - len(outs[a].Stdout) })
	into := map[int]int{}
	var kept []int
	for _, i := range idx {
		a := outs[i]
		for _, k := range kept {
			b := outs[k]
			if b.Pause <= a.Pause && slices.Equal(a.Stdout, b.Stdout[:len(a.Stdout)]) {
				into[i] = k
				break
			}
		}
		if _, ok := into[i]; !ok {
			kept = append(kept, i)
		}
	}
	var out []Outcome
	for i, o := range outs {
		if _, ok := into[i]; ok {
			continue
		}
		for j, k := range into {
			if k == i {
				o.Paths += outs[j].Paths
			}
		}
		out = append(out, o)
	}
	return out
}
