package predict

import "github.com/looplint/looplint/loop"

// The interpreter's side of busy-wait cutting (SymClock.spinning). A pass
// of a wait may be dropped only if it leaves the program as it was: the
// clock comparison is made at the same place, by the same callback (same
// function, receiver and arguments), and since the last pass nothing
// older than it was written with a new value, nothing was printed or
// scheduled, no promise made before it was settled or given a reaction,
// and no reason or hazard was found.

// rootCall is the callback the loop is running: the function, receiver
// and arguments it was scheduled with.
type rootCall struct {
	fn, this Value
	args     []Value
}

// spinSnap is the program's state at a wait's comparison, as far as
// spinSame compares it.
type spinSnap struct {
	writes, touched, jobs, modules int
	marks                          [4]int // stdout, stderr, reasons, hazards
	open                           [2]bool
	waiting                        loop.Waiting
	root                           *rootCall
	depth                          int
}

func (in *Interp) snapshot() spinSnap {
	return spinSnap{writes: in.spinWrites, touched: in.e.Touched, jobs: len(in.e.jobs), modules: len(in.modules),
		marks: [4]int{len(in.stdout), len(in.stderr), len(in.reasons), len(in.hazards)}, open: [2]bool{in.outOpen, in.errOpen},
		waiting: in.l.Pending(), root: in.root, depth: in.depth}
}

// spinMark starts a pass: what exists now is older than it (SymClock.mark).
func (in *Interp) spinMark() {
	in.epoch++
	in.e.Epoch = in.epoch
	in.spin = in.snapshot()
}

// spinSame reports that the pass since spinMark left the state as it was
// (SymClock.same).
func (in *Interp) spinSame() bool {
	now := in.snapshot()
	a, b := in.spin, now
	if a.root == nil || b.root == nil || !sameCall(a.root, b.root) {
		return false
	}
	a.root, b.root = nil, nil
	return a == b
}

func sameCall(a, b *rootCall) bool {
	if a == b {
		return true // the same run of one callback
	}
	if !identical(a.fn, b.fn) || !identical(a.this, b.this) || len(a.args) != len(b.args) {
		return false
	}
	for i := range a.args {
		if !identical(a.args[i], b.args[i]) {
			return false
		}
	}
	return true
}

// identical is Object.is, false where that is not known (or the values
// are of a kind strictEq does not compare).
func identical(a, b Value) (same bool) {
	defer func() {
		if recover() != nil {
			same = false
		}
	}()
	s, known := sameValue(a, b)
	return s && known
}
