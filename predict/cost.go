package predict

import (
	"github.com/looplint/looplint/ir"
	"github.com/looplint/looplint/loop"
)

// Interp.work estimates how long Node takes for what the program has
// done so far, in microseconds (loop.Env.Work). Max is generous: the
// upper ends of what Node 10 and 20 took on a loaded 2-vCPU machine
// (process.hrtime around each, 120 runs): the first console line creates
// its stream (median 5.5 ms, at most 11 ms), the first require of a
// built-in module up to 16 ms (crypto on Node 10), 10,000 loop
// iterations up to 7 ms. Lo and Hi are the usual span on an idle one
// (loop.Limits.Usual), measured the same way with stdout a pipe, 40 runs
// each on Node 10, 12, 16, 20 and 26: the first console line took 0.9 to
// 3.2 ms at the median (least 0.89 ms, on Node 10; at most 7 ms), each
// later one 20 to 90 µs. docs/semantics.md ("The usual timing") says how
// these were calibrated against recorded runs.
var (
	costStatement   = loop.Work{Lo: 0, Hi: 1, Max: 1}           // a statement run, a loop iteration skipped
	costFirstWrite  = loop.Work{Lo: 1500, Hi: 3000, Max: 25000} // Lo: 850 µs before 11 (firstWrite)
	costWrite       = loop.Work{Lo: 15, Hi: 50, Max: 50}        // every console line or stream write
	costBuiltinLoad = loop.Work{Lo: 0, Hi: 5000, Max: 30000}
	costSyncIO      = loop.Work{Lo: 10, Hi: 200, Max: 500} // an fs.*Sync call
	costPerKiB      = loop.Work{Lo: 0, Hi: 20, Max: 20}    // per KiB of text read, parsed or compiled
)

// firstWrite is the cost of the first write to stdout or stderr on p's
// release: Node 10 created the stream faster (least 0.89 ms, where 12 to
// 26 took 1.57 ms or more).
func firstWrite(p loop.Profile) loop.Work {
	w := costFirstWrite
	if p.Node.Major <= 10 {
		w.Lo = 850
	}
	return w
}

// firstTimer is the work of the process's first timer creation after it
// read the clock (setting up the timer lists; the call took 0.40 to 0.49
// ms on 10.24.1, 0.19 to 0.31 on 12.22.12 and 20.20.2, 0.04 to 0.12 on
// 26.10.0, where later ones took 8 to 30 µs). It is why two timers made
// back to back at the start of a program are a millisecond apart in a few
// runs in a hundred (probe 24: 2 to 21 of 100 on 8 to 26).
func firstTimer(p loop.Profile) loop.Work {
	switch {
	case p.Node.Major <= 10:
		return loop.Work{Lo: 0, Hi: 450, Max: 500}
	case p.Node.Major < 26:
		return loop.Work{Lo: 0, Hi: 250, Max: 300}
	}
	return loop.Work{Lo: 0, Hi: 110, Max: 120}
}

// mainEnd is the usual least time from the end of the main module's code
// to the loop's first phase on p's release (the setImmediate after the
// last statement ran 0.62 ms or more later on 10.24.1, 0.17 on 12.22.12,
// 0.16 on 20.20.2, 0.06 on 26.10.0; 30 runs each).
func mainEnd(p loop.Profile) loop.Work {
	switch {
	case p.Node.Major <= 10:
		return loop.Work{Lo: 600, Hi: 1000, Max: 1000}
	case p.Node.Major < 26:
		return loop.Work{Lo: 150, Hi: 500, Max: 500}
	}
	return loop.Work{Lo: 50, Hi: 500, Max: 500}
}

// statementsPerUs is how many simple statements Node runs in a
// microsecond at most (an optimised counting loop: 10^8 passes take
// V8 50 ms or more), the usual least work of a statement.
const statementsPerUs = 2000

func (in *Interp) spend(w loop.Work) { in.spendN(w, 1) }

// spendN charges n times w.
func (in *Interp) spendN(w loop.Work, n int64) {
	in.work.Lo += w.Lo * n
	in.work.Hi += w.Hi * n
	in.work.Max += w.Max * n
}

// spendStatements charges for n statements run.
func (in *Interp) spendStatements(n int64) {
	in.spendN(costStatement, n)
	in.statements += n
}

// workNow is loop.Env.Work.
func (in *Interp) workNow() loop.Work {
	w := in.work
	w.Lo += in.statements / statementsPerUs
	return w
}

// spendBytes charges for n bytes of data handled at once.
func (in *Interp) spendBytes(n int) {
	in.work.Lo += int64(n) * costPerKiB.Lo / 1024
	in.work.Hi += int64(n) * costPerKiB.Hi / 1024
	in.work.Max += int64(n) * costPerKiB.Max / 1024
}

// maxLen bounds the strings (in bytes) and arrays (in elements) the
// predictor builds: a value past it becomes unknown, with a reason, so a
// loop that doubles a string or array 40 times costs nothing (Node throws
// "Invalid string length" or runs out of heap there; the runtime says
// which).
const maxLen = 1 << 22

// tooLong reports, with a reason at pos, a string or array of n that the
// predictor will not build; what is "a string" or "an array".
func (in *Interp) tooLong(pos ir.Pos, n int, what string) bool {
	if n <= maxLen {
		return false
	}
	in.reason(pos, "%s longer than %d is not modelled", what, maxLen)
	return true
}
