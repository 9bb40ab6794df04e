package explore

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/looplint/looplint/loop"
)

// Proving that a run goes round forever (see endless.go). At the start of
// each iteration a host that can (Exec.State: the interpreter) describes
// its state: the values the loop's callbacks reach that were made since
// the iteration before the last (older ones by identity), what else of
// the program's state matters, and the loop's own state (loop.WriteState);
// the explorer adds the clock's: what the constraints imply between the
// readings the description mentions and the latest reading of each clock
// (every reading the program was handed counts, and process start when
// there is one). Readings are named by first mention, values made since by
// their shape, so that two descriptions taken at different times compare.
//
// The host also counts the writes that changed anything older than the
// epoch they were made in (its generation). When the description at
// iteration b equals the one at iteration a, and nothing older was
// written since iteration a-1, the state at b is the state at a: the
// objects made since a-1 that the loop's callbacks reach correspond one
// to one, with the same contents, to the ones made between a-1 and a;
// nothing older refers to either (that would have been a write); and the
// clock allows the same futures. Every continuation from b is then one
// from a. So:
//
//   - if nothing was printed from a to b (a silent cycle), every output
//     the run could print from b it could print from a, shorter: the run
//     is stopped here. The loop can go round forever, printing nothing
//     more, unless that needs time to stand still: a reading made since
//     a bounded above by one made before a (a timer pending since before
//     a, found not due each time round; see zeno). Then going round is
//     no outcome (real time passes) and the run is abandoned as redundant:
//     its alternatives in between cover every output.
//   - if the cycle printed something and no choice was made in it, the
//     run repeats it forever, deterministically: stopped, proven.
//   - otherwise (a printing cycle with choices, whose later rounds could
//     interleave differently) nothing is concluded here.
type repeatWatch struct {
	states []repState
	byKey  map[string][]int
}

// repState is the state at the start of one iteration.
type repState struct {
	no       int
	key      string // "" when the host could not describe it
	gen      int
	out      int // stdout lines so far
	readings int // clock readings so far
	trace    int // choices so far
	units    int // loop callbacks so far
}

// StateWriter takes a description of a run's state (Exec.State,
// loop.WriteState).
type StateWriter struct {
	b    strings.Builder
	refs map[any]int
	// times names readings by first mention (Base → index in live).
	times map[int]int
	live  []int
	// Absolute: the program was handed readings, so process start is a
	// reading the constraints must keep (Date.now() and performance.now()
	// compare with it).
	Absolute bool
	fail     string
	// Value writes a host value: a callback the loop holds, a
	// JavaScript value (set by the host).
	Value func(w *StateWriter, v any)
}

// maxStateLen bounds a description; a longer state is not compared.
const maxStateLen = 1 << 16

// Str writes s.
func (w *StateWriter) Str(s string) {
	if w.b.Len() > maxStateLen {
		w.Fail("too large")
		return
	}
	w.b.WriteString(s)
}

// Time writes reading t by its order of first mention.
func (w *StateWriter) Time(t loop.Time) {
	i, ok := w.times[t.Base]
	if !ok {
		i = len(w.live)
		w.times[t.Base] = i
		w.live = append(w.live, t.Base)
	}
	w.b.WriteString("@" + strconv.Itoa(i))
	if t.Off != 0 {
		w.b.WriteString(strconv.FormatInt(t.Off, 10))
	}
	w.b.WriteByte(' ')
}

// Ref numbers p by identity: seen reports it was numbered before.
func (w *StateWriter) Ref(p any) (int, bool) {
	if id, ok := w.refs[p]; ok {
		return id, true
	}
	id := len(w.refs)
	w.refs[p] = id
	return id, false
}

// Callback writes a callback the loop holds.
func (w *StateWriter) Callback(cb any) {
	if w.Value == nil {
		w.Fail("no host values")
		return
	}
	w.Value(w, cb)
}

// Fail gives up the description: the state is not compared.
func (w *StateWriter) Fail(why string) {
	if w.fail == "" {
		w.fail = why
	}
}

// Failed reports whether the description was given up.
func (w *StateWriter) Failed() bool { return w.fail != "" }

// stateAt takes the state at the start of iteration no and compares it
// with the earlier ones (see above); a cycle stops the run (a proven
// Hang) or abandons it.
func (x *Exec) stateAt(no int) {
	if x.State == nil || x.StallMS > 0 || x.lp == nil {
		return
	}
	r := &x.rep
	if r.byKey == nil {
		r.byKey = map[string][]int{}
	}
	w := &StateWriter{refs: map[any]int{}, times: map[int]int{}}
	gen := x.State(w)
	s := repState{no: no, gen: gen, out: x.outLen(), readings: x.clk.Readings(), trace: len(x.trace), units: x.loops.units}
	if !w.Failed() {
		x.writeClock(w)
	}
	if !w.Failed() && s.out >= 0 {
		s.key = w.b.String()
	}
	r.states = append(r.states, s)
	if s.key == "" {
		return
	}
	for _, i := range r.byKey[s.key] {
		a, before := r.states[i], r.states[i-1]
		if before.no != a.no-1 || before.gen != gen {
			continue
		}
		silent := a.out == s.out
		if !silent && s.trace > a.trace {
			continue // a printing cycle with choices: nothing concluded
		}
		if x.zeno(w, a.readings) {
			if silent {
				panic(redundant{})
			}
			continue
		}
		x.loops.hang = x.hangOf(x.unitsSince(a.units), true)
		x.loops.hang.From, x.loops.hang.Period, x.loops.hang.Iterations = a.no, no-a.no, no
		x.loops.hang.Prints = !silent
		x.loops.hang.Lines = s.out - a.out
		return
	}
	if len(r.states) > 1 {
		r.byKey[s.key] = append(r.byKey[s.key], len(r.states)-1)
	}
}

// unitsSince are the callbacks the loop ran since it had run n (those of
// a cycle), at least one.
func (x *Exec) unitsSince(n int) []unit {
	w := &x.loops
	x.endUnit()
	done := w.done
	if skip := len(done) - (w.units - n); skip >= 0 && skip < len(done) {
		return done[skip:]
	}
	return []unit{{iter: x.lp.Question().Iteration, runs: []string{"nothing"}}}
}

// writeClock adds the clock's side of the state: the latest reading of
// each clock, what the constraints imply between the readings mentioned,
// and the busy-wait cutting's memory.
func (x *Exec) writeClock(w *StateWriter) {
	c := x.clk
	if c.spin.ok || c.cutOn != noCut {
		w.Fail("inside a busy-wait")
		return
	}
	w.Str(fmt.Sprintf(" clock(changed=%d", c.changed))
	for _, v := range c.last {
		if v == 0 {
			w.Str(" never")
		} else {
			w.Time(loop.Time{Base: v - 1})
		}
	}
	vars := make([]int, 0, len(w.live)+1)
	if w.Absolute {
		vars = append(vars, 0)
	}
	for _, b := range w.live {
		if b < 0 || b >= c.Readings() {
			w.Fail("a reading the clock does not have")
			return
		}
		vars = append(vars, vr(b))
	}
	for _, i := range vars {
		w.Str(";")
		for _, j := range vars {
			if d := c.d[i][j]; d >= inf {
				w.Str(" ∞")
			} else {
				w.Str(" " + strconv.FormatInt(d, 10))
			}
		}
	}
	w.Str(")")
	// The explorer's own reductions remember the last timers phase and
	// poll phase (Exec.due, Exec.poll).
	if d := &x.deferred; d.ok && d.activity == x.lp.Activity() {
		// (it lapses at the next timers phase after any activity)
		id, _ := w.Ref(d.timer)
		w.Str(fmt.Sprintf(" deferred(T%d)", id))
	}
	if x.lastFork.timer != nil && x.lastFork.trace == len(x.trace) {
		id, _ := w.Ref(x.lastFork.timer)
		w.Str(fmt.Sprintf(" forked(T%d)", id))
	}
	if p := &x.prev; p.ok && x.lp.Moves()-p.cb <= len(p.chosen) {
		w.Fail("a poll phase's reduction pending")
	}
}

// zeno reports whether going round forever from the iteration that had
// made `before` readings needs time to stand still: a reading made since,
// among those the state mentions (with each clock's latest), is bounded
// above by one made before it, or by process start.
func (x *Exec) zeno(w *StateWriter, before int) bool {
	c := x.clk
	old := []int{0}
	var fresh []int
	for _, b := range w.live {
		if b < before {
			old = append(old, vr(b))
		} else {
			fresh = append(fresh, vr(b))
		}
	}
	for _, v := range c.last {
		if v == 0 {
			continue
		}
		if v-1 < before {
			old = append(old, v)
		} else {
			fresh = append(fresh, v)
		}
	}
	for _, n := range fresh {
		for _, o := range old {
			if c.d[n][o] < inf {
				return true
			}
		}
	}
	return false
}
