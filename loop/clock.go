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
	// Read takes a fresh reading: a new Time no earlier than any earlier
	// reading and, when floor is non-nil, no earlier than *floor (the loop
	// slept in poll until then).
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
	// ReadNear is Read, with the new reading at most b.MS after b.T for
	// each bound (as far as floor allows).
	ReadNear(k ReadKind, floor *Time, bounds []Bound) Time
}

// Bound says a reading comes at most MS milliseconds after T.
type Bound struct {
	T  Time
	MS int64
}

// Concrete is the clock of one execution: the oracle says how many
// milliseconds pass before each reading.
type Concrete struct {
	o    Oracle
	vals []int64
}

// Read implements Clock.
func (c *Concrete) Read(k ReadKind, floor *Time) Time {
	now := int64(0)
	if n := len(c.vals); n > 0 {
		now = c.vals[n-1]
	}
	now += c.o.Advance(k)
	if floor != nil {
		if f := c.Value(*floor); f > now {
			now = f
		}
	}
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

// Last is the latest reading's value.
func (c *Concrete) Last() int64 {
	if n := len(c.vals); n > 0 {
		return c.vals[n-1]
	}
	return 0
}

// Leq implements Clock.
func (c *Concrete) Leq(a, b Time) bool { return c.Value(a) <= c.Value(b) }
