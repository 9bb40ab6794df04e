package loop

import "testing"

// TestSurelyBefore: points are compared through the spans added between
// them, so what the program did before both does not blur their order.
func TestSurelyBefore(t *testing.T) {
	start := Work{Lo: 1000, Hi: 9000}                         // a slow start: 1 to 9 ms of work
	later := Work{Lo: 1100, Hi: 9300}                         // 100 to 300 µs of work after it
	req := point{at: start, plus: Work{Lo: 15000, Hi: 60000}} // a pbkdf2
	timer := point{at: later, plus: Work{Lo: 5000, Hi: 5500}} // a 5 ms timer
	if !surelyBefore(timer, req) {
		t.Errorf("a 5 ms timer made 0.3 ms after a request of 15 ms or more is not surely first")
	}
	if surelyBefore(req, timer) {
		t.Errorf("the request is surely before the timer")
	}
	// Spans overlapping: neither is sure.
	a := point{at: start, plus: Work{Lo: 100, Hi: 400}}
	b := point{at: later, plus: Work{Lo: 5, Hi: 500}}
	if surelyBefore(a, b) || surelyBefore(b, a) {
		t.Errorf("overlapping spans ordered")
	}
	// between is antisymmetric.
	if d, e := between(start, later), between(later, start); d.Lo != -e.Hi || d.Hi != -e.Lo {
		t.Errorf("between(%v, %v) = %v, back %v", start, later, d, e)
	}
}

// TestUsually: an estimate becomes a span of half to twice it plus a
// request's own cost; nonsense is no work.
func TestUsually(t *testing.T) {
	if w := Usually(1000); w.Lo != 505 || w.Hi != 4000 {
		t.Errorf("Usually(1000) = %+v", w)
	}
	for _, us := range []float64{-1, 1e300} {
		if w := Usually(us); w != poolWork {
			t.Errorf("Usually(%g) = %+v, want %+v", us, w, poolWork)
		}
	}
}

// TestAdvanceTo: after the loop saw a timer fire, at least its delay has
// passed since it was made, however the time before was split.
func TestAdvanceTo(t *testing.T) {
	l := &Loop{}
	l.slept = Work{Lo: 1665, Hi: 15928}
	made := Work{Lo: 0, Hi: 10277}
	l.advanceTo(point{at: made, plus: Work{Lo: 5000, Hi: 5500}})
	if d := between(made, l.estNow()); d.Lo < 5000 || d.Hi < 5500 || d.Lo > d.Hi {
		t.Errorf("time since the timer was made: %+v, want at least 5000 to 5500", d)
	}
	before := l.estNow()
	l.advanceTo(point{at: made, plus: Work{Lo: 10, Hi: 20}}) // long past
	if l.estNow() != before {
		t.Errorf("a point already passed moved the clock: %+v to %+v", before, l.estNow())
	}
}
