package predict

// The interpreter's side of the explorer's commutation reduction
// (explore/commute.go): which state a callback touched.

// mut notes a write to state made in epoch born: writing anything older
// than the running callback makes it impure.
func (in *Interp) mut(born int32) {
	if born != in.epoch {
		in.impure = true
		in.spinWrites++
	}
}

// mutCell notes a write of v to c: as mut, but writing the value it holds
// does not change state for busy-wait cutting (spinSame).
func (in *Interp) mutCell(c *cell, v Value) {
	if c.born != in.epoch {
		in.impure = true
		if !identical(c.v, v) {
			in.spinWrites++
		}
	}
}

// fresh starts an epoch: a callback begins.
func (in *Interp) fresh() {
	in.epoch++
	in.impure = false
	in.e.Epoch, in.e.Foreign = in.epoch, false
	in.marks = [3]int{len(in.stderr), len(in.reasons), len(in.hazards)}
}

// pure reports that nothing older than the running callback was touched
// since fresh, and that nothing went to stderr or became a reason or a
// hazard (the loop's own effects the explorer checks itself).
func (in *Interp) pure() bool {
	return !in.impure && !in.e.Foreign && in.marks == [3]int{len(in.stderr), len(in.reasons), len(in.hazards)}
}
