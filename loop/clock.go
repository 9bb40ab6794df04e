package loop

// Time is a point in time: the value of clock reading number Base (-1
// means process start, time 0) plus Off milliseconds. Times are only ever
// compared through a Clock, so the same loop code runs with concrete
// readings (the runtime) or with symbolic ones, where each comparison is
// a difference constraint between two readings (the predictor).
type Time struct {
	Base int
	Off  int64
}

// Add returns t shifted by d milliseconds.
func (t Time) Add(d int64) Time { return Time{t.Base, t.Off + d} }

// Clock answers every question the loop asks about time.
type Clock interface {
	// Read takes a fresh reading: a new Time in the domain of k (see
	// Domain), no earlier than the domain's floor over earlier readings
	// and, when floor is non-nil, no earlier than *floor (the loop slept
	// in poll until then).
	Read(k ReadKind, floor *Time) Time
	// Cmp orders two times: -1 if a is earlier, 0 if equal, +1 if later.
	Cmp(a, b Time) int
	// Leq reports a <= b. The loop uses it where earlier and equal mean
	// the same (a timer is due, a list sorts first): a symbolic clock then
	// has two answers to explore instead of three.
	Leq(a, b Time) bool
}

// Near is a Clock that can also take a reading known to be close to
// earlier ones (Limits.StallMS): the predictor's symbolic clock.
type Near interface {
	// ReadNear is Read, with the new reading within each bound as far as
	// the earlier readings and floor allow.
	ReadNear(k ReadKind, floor *Time, bounds []Bound) Time
}

// Knower is a Clock that can tell, without choosing, whether a <= b holds
// in every run it allows (known), and which way: the loop then asks
// nothing where both answers lead to the same time (Loop.later).
type Knower interface {
	Knows(a, b Time) (leq, known bool)
}

// Bound says a reading comes at most MS milliseconds after T, or, with
// AtLeast, at least MS after it.
type Bound struct {
	T       Time
	MS      int64
	AtLeast bool
}

// Domain is the clock a reading comes from. The loop's readings (timer
// starts, timers phases) are libuv's loop time: monotonic milliseconds
// rounded down. Date.now() is wall-clock milliseconds rounded down.
// performance.now() and process.hrtime() read the monotonic clock with a
// fraction; the models keep whole milliseconds of it, counted as if its
// reading came on a tick. That is exact for comparisons with one earlier
// reading, which is what a program's waits make, and wider than Node
// where a loop reading follows: the loop reads the same monotonic clock
// and never trails it (perf-now-busy-wait-then-timer). The three tick
// at different instants, so one can show a millisecond more than another
// (measured on Node 10 to 26: testdata/runtime/clock-skew-*.txtar).
// Taking real time t, loop = floor(t) and each program clock floor(t+p)
// with a fixed phase 0 <= p < 1, readings in order satisfy, besides
// monotonicity in each domain:
//
//	program reading u, later loop reading l:     l >= u-1
//	loop reading l, later program reading u:     u >= l
//	program reading u, later one v of the other: v >= u-1
//
// and, but for the last line, every assignment that does is reached
// with p = 1/2 (the last needs different phases, so it may admit a few
// unreachable ones: never too few).
type Domain int

const (
	LoopDomain Domain = iota
	WallDomain        // Date.now()
	MonoDomain        // performance.now(), process.hrtime()
	NumDomains
)

// Domain is the clock a reading of kind k comes from.
func (k ReadKind) Domain() Domain {
	switch k {
	case ReadUser:
		return WallDomain
	case ReadMono:
		return MonoDomain
	}
	return LoopDomain
}

// Lag is how far a reading of domain d may trail the latest reading of
// domain e: 1 ms, except after the loop's own clock or its own domain.
func (d Domain) Lag(e Domain) int64 {
	if d == e || e == LoopDomain {
		return 0
	}
	return 1
}

// Concrete is the clock of one execution: the oracle says how many
// milliseconds pass before each reading, counted from the latest reading
// of any domain (so -1 is a reading trailing another clock's).
type Concrete struct {
	o    Oracle
	vals []int64
	last [NumDomains]int64 // latest reading per Domain (0 before any)
}

// NewConcrete returns a concrete clock asking o how much time passes.
func NewConcrete(o Oracle) *Concrete { return &Concrete{o: o} }

// Read implements Clock.
func (c *Concrete) Read(k ReadKind, floor *Time) Time {
	d := k.Domain()
	top, low := int64(0), int64(0)
	for e, v := range c.last {
		top = max(top, v)
		// The lowest value the rules above allow; an advance asking for
		// less (a lag where none is possible) gets it.
		low = max(low, v-d.Lag(Domain(e)))
	}
	now := max(top+c.o.Advance(k), low)
	if floor != nil {
		now = max(now, c.Value(*floor))
	}
	c.last[d] = now
	c.vals = append(c.vals, now)
	return Time{Base: len(c.vals) - 1}
}

// Cmp implements Clock.
func (c *Concrete) Cmp(a, b Time) int {
	x, y := c.Value(a), c.Value(b)
	switch {
	case x < y:
		return -1
	case x > y:
		return 1
	}
	return 0
}

// Value is t in milliseconds since the process started.
func (c *Concrete) Value(t Time) int64 {
	if t.Base < 0 {
		return t.Off
	}
	return c.vals[t.Base] + t.Off
}

// Leq implements Clock.
func (c *Concrete) Leq(a, b Time) bool { return c.Value(a) <= c.Value(b) }
