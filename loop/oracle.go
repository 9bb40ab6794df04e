package loop

import (
	"fmt"
	"math/rand/v2"
)

// ReadKind says why the loop reads the clock.
type ReadKind int

const (
	ReadTimerStart  ReadKind = iota // setTimeout/setInterval: start = fresh ms (getLibuvNow)
	ReadTimersPhase                 // the `now` of a timers phase
	ReadInterval                    // interval re-arm around its callback
	ReadUser                        // Date.now()
	ReadRequeue                     // Node <= 10 list re-arm (TimerWrap.now)
	ReadMono                        // performance.now(), process.hrtime(), console.time()
)

var readNames = [...]string{"timer-start", "timers-phase", "interval", "user", "requeue", "mono"}

func (k ReadKind) String() string { return readNames[k] }

// Oracle answers every nondeterministic question the loop asks. The
// runtime's oracles replay a witness or choose at random; the predictor's
// oracle enumerates answers.
type Oracle interface {
	// Advance returns how many milliseconds pass before this clock read,
	// counted from the latest reading: >= 0, or -1 for a reading that
	// trails the program's latest reading of another clock (Domain; where
	// no lag is possible, -1 means 0).
	Advance(k ReadKind) int64
	// Poll chooses which in-flight I/O round trips complete in this poll
	// phase, in delivery order, as IDs from inflight (listed oldest first).
	// When mustPick is set the loop would otherwise block forever, so an
	// empty answer is taken to mean the oldest one.
	Poll(inflight []int, mustPick bool) []int
}

// Witness is a complete schedule: what the oracle answered, in order.
// It is the JSON document `looplint run --witness` replays.
type Witness struct {
	// Clock holds the advance (ms) chosen at each clock read, in order
	// (see Oracle.Advance).
	Clock []int64 `json:"clock"`
	// Poll holds, per poll phase, the I/O round trips delivered (IDs in
	// submission order, starting at 1).
	Poll [][]int `json:"poll"`
	// Tasks holds a browser's choices between runnable task sources, in
	// order (see Chooser).
	Tasks []int `json:"tasks,omitempty"`
}

// Chooser is an Oracle that also answers a browser's choice between n
// runnable task sources (an index below n); an oracle without it picks
// the first.
type Chooser interface {
	Choose(n int) int
}

// maxAdvance bounds one clock advance in a witness (about 31 years): past
// it, sums of advances could overflow.
const maxAdvance = 1 << 40

// Validate refuses a witness no run could have made: a clock that goes
// back more than the 1 ms lag or jumps past maxAdvance, an I/O id below 1
// or delivered twice.
func (w Witness) Validate() error {
	for i, a := range w.Clock {
		if a < -1 || a > maxAdvance {
			return fmt.Errorf("clock[%d] is %d; an advance is -1 to %d ms", i, a, int64(maxAdvance))
		}
	}
	seen := map[int]bool{}
	for i, ids := range w.Poll {
		for _, id := range ids {
			if id < 1 {
				return fmt.Errorf("poll[%d] holds %d; I/O ids start at 1", i, id)
			}
			if seen[id] {
				return fmt.Errorf("poll[%d] delivers I/O %d a second time", i, id)
			}
			seen[id] = true
		}
	}
	for i, c := range w.Tasks {
		if c < 0 {
			return fmt.Errorf("tasks[%d] is %d; a choice is 0 or more", i, c)
		}
	}
	return nil
}

// recorder wraps an oracle and records its answers as a witness.
type recorder struct {
	o Oracle
	w Witness
}

func (r *recorder) Advance(k ReadKind) int64 {
	a := max(r.o.Advance(k), -1)
	r.w.Clock = append(r.w.Clock, a)
	return a
}

func (r *recorder) Choose(n int) int {
	c := 0
	if ch, ok := r.o.(Chooser); ok {
		c = ch.Choose(n)
	}
	if c < 0 || c >= n {
		c = 0
	}
	r.w.Tasks = append(r.w.Tasks, c)
	return c
}

func (r *recorder) Poll(inflight []int, mustPick bool) []int {
	got := r.o.Poll(inflight, mustPick)
	// Keep only valid, distinct IDs; the loop relies on it.
	ok := map[int]bool{}
	for _, id := range inflight {
		ok[id] = true
	}
	out := []int{}
	for _, id := range got {
		if ok[id] {
			out = append(out, id)
			ok[id] = false
		}
	}
	if len(out) == 0 && mustPick && len(inflight) > 0 {
		out = []int{inflight[0]}
	}
	r.w.Poll = append(r.w.Poll, out)
	return out
}

// Default is the deterministic schedule of a plain `looplint run`: no time
// passes except 1 ms at each explicit clock read by the program (so
// busy-waits end) and whatever the loop sleeps waiting for a timer; every
// I/O round trip completes at the first poll phase after it starts, in
// submission order.
type Default struct{}

func (Default) Advance(k ReadKind) int64 {
	if k.Domain() != LoopDomain {
		return 1
	}
	return 0
}

func (Default) Poll(inflight []int, _ bool) []int { return inflight }

// Replay answers from a witness; past its end it behaves like Default.
type Replay struct {
	W                 Witness
	clock, pol, tasks int
}

func (r *Replay) Choose(n int) int {
	if r.tasks < len(r.W.Tasks) {
		r.tasks++
		return r.W.Tasks[r.tasks-1]
	}
	return 0
}

func (r *Replay) Advance(k ReadKind) int64 {
	if r.clock < len(r.W.Clock) {
		r.clock++
		return r.W.Clock[r.clock-1]
	}
	return Default{}.Advance(k)
}

func (r *Replay) Poll(inflight []int, mustPick bool) []int {
	if r.pol < len(r.W.Poll) {
		r.pol++
		return r.W.Poll[r.pol-1]
	}
	return Default{}.Poll(inflight, mustPick)
}

// Random picks schedules at random, weighted towards what real machines do
// (mostly no time passing, sometimes a millisecond, rarely a long stall) so
// that rare but reachable orders show up within a few hundred runs.
type Random struct {
	R *rand.Rand
	// ioP is the chance that an in-flight round trip completes at a given
	// poll phase. It is drawn per run, so that some runs model a fast
	// thread pool and others a cold one where I/O takes 10+ iterations.
	ioP float64
	// still is the chance that no time passes at a clock read: high on a
	// fast machine (many loop iterations per millisecond), lower on a
	// loaded one. Also drawn per run.
	still float64
}

// NewRandom seeds a Random oracle.
func NewRandom(seed uint64) *Random {
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	return &Random{R: r, ioP: []float64{0.9, 0.5, 0.25, 0.08}[r.IntN(4)], still: []float64{0.6, 0.9}[r.IntN(2)]}
}

func (o *Random) Advance(k ReadKind) int64 {
	x := o.R.Float64()
	switch {
	case k.Domain() != LoopDomain && x < 0.5:
		return 1 // busy-waits must make progress in expectation
	case k.Domain() == LoopDomain && x < 0.15 || k.Domain() != LoopDomain && x < 0.6:
		// Trail a reading of another clock where one was just taken (0
		// elsewhere; see Domain).
		return -1
	case x < o.still:
		return 0
	case x < o.still+(1-o.still)*0.6:
		return 1
	case x < o.still+(1-o.still)*0.8:
		return 2 + o.R.Int64N(4)
	default:
		// A stall: GC, a slow first console.log, preemption. Timers can
		// then run arbitrarily late, several lists in one phase.
		return 6 + o.R.Int64N(100)
	}
}

func (o *Random) Choose(n int) int { return o.R.IntN(n) }

func (o *Random) Poll(inflight []int, mustPick bool) []int {
	var out []int
	// Deliver a random subset in random order.
	perm := o.R.Perm(len(inflight))
	for _, i := range perm {
		if o.R.Float64() < o.ioP {
			out = append(out, inflight[i])
		}
	}
	if len(out) == 0 && mustPick && len(inflight) > 0 {
		out = []int{inflight[perm[0]]}
	}
	return out
}
