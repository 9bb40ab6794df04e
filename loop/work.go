package loop

// Work estimates how long a program's work so far takes, in
// microseconds: Lo and Hi bound what it usually takes on an idle
// machine, Max what it can take on a loaded one that does not stall.
type Work struct{ Lo, Hi, Max int64 }

// Meter adds up a program's work as the engines report it (Env.Work).
// Both engines charge the same events at their host functions, so both
// bound clock readings alike; only the interpreter counts statements (the
// runtime's engine does not say how many it ran).
//
// The figures: Max is generous, the upper ends of what Node 10 and 20
// took on a loaded 2-vCPU machine (process.hrtime around each, 120
// runs): the first console line creates its stream (median 5.5 ms, at
// most 11 ms), the first require of a built-in module up to 16 ms
// (crypto on Node 10), 10,000 loop iterations up to 7 ms. Lo and Hi are
// the usual span on an idle one (Limits.Usual), measured the same way
// with stdout a pipe, 40 runs each on Node 10, 12, 16, 20 and 26: the
// first console line took 0.9 to 3.2 ms at the median (least 0.89 ms, on
// Node 10; at most 7 ms), each later one 20 to 90 µs. docs/semantics.md
// ("The usual timing") says how these were calibrated against recorded
// runs.
type Meter struct {
	P          Profile
	w          Work
	statements int64
	wrote      [2]bool // stdout, stderr: the first write creates the stream
	timerMade  bool
}

var (
	costStatement   = Work{Lo: 0, Hi: 1, Max: 1}           // a statement run, a loop iteration skipped
	costFirstWrite  = Work{Lo: 1500, Hi: 3000, Max: 25000} // Lo: 850 µs before 11 (Meter.Write)
	costWrite       = Work{Lo: 15, Hi: 50, Max: 50}        // every console line or stream write
	costBuiltinLoad = Work{Lo: 0, Hi: 5000, Max: 30000}
	costSyncIO      = Work{Lo: 10, Hi: 200, Max: 500} // an fs.*Sync call
	costPerKiB      = Work{Lo: 0, Hi: 20, Max: 20}    // per KiB of text read, parsed or compiled
)

// statementsPerUs is how many simple statements Node runs in a
// microsecond at most (an optimised counting loop: 10^8 passes take V8
// 50 ms or more), the usual least work of a statement.
const statementsPerUs = 2000

// Now is the work so far (Env.Work).
func (m *Meter) Now() Work {
	w := m.w
	w.Lo += m.statements / statementsPerUs
	return w
}

func (m *Meter) spend(w Work, n int64) {
	m.w.Lo += w.Lo * n
	m.w.Hi += w.Hi * n
	m.w.Max += w.Max * n
}

// Statements charges for n statements run (or loop passes skipped).
func (m *Meter) Statements(n int64) {
	m.spend(costStatement, n)
	m.statements += n
}

// Write charges for a write of n bytes to stdout (stream 0) or stderr (1):
// the first one on each creates its stream, which Node 10 did faster
// (least 0.89 ms, where 12 to 26 took 1.57 ms or more).
func (m *Meter) Write(stream, n int) {
	if stream >= 0 && stream < 2 && !m.wrote[stream] {
		m.wrote[stream] = true
		w := costFirstWrite
		if m.P.Node.Major <= 10 {
			w.Lo = 850
		}
		m.spend(w, 1)
	}
	m.spend(costWrite, 1)
	m.Bytes(n)
}

// Bytes charges for n bytes of text read, parsed or compiled at once.
func (m *Meter) Bytes(n int) {
	m.w.Lo += int64(n) * costPerKiB.Lo / 1024
	m.w.Hi += int64(n) * costPerKiB.Hi / 1024
	m.w.Max += int64(n) * costPerKiB.Max / 1024
}

// BuiltinLoad charges for a built-in module's first load.
func (m *Meter) BuiltinLoad() { m.spend(costBuiltinLoad, 1) }

// SyncIO charges for an fs.*Sync call.
func (m *Meter) SyncIO() { m.spend(costSyncIO, 1) }

// TimerMade charges for a timer's creation: the process's first, after it
// read the clock, sets up the timer lists (the call took 0.40 to 0.49 ms
// on 10.24.1, 0.19 to 0.31 on 12.22.12 and 20.20.2, 0.04 to 0.12 on
// 26.10.0, where later ones took 8 to 30 µs). It is why two timers made
// back to back at the start of a program are a millisecond apart in a few
// runs in a hundred (probe 24: 2 to 21 of 100 on 8 to 26).
func (m *Meter) TimerMade() {
	if m.timerMade {
		return
	}
	m.timerMade = true
	m.spend(m.byRelease(Work{Lo: 0, Hi: 450, Max: 500}, Work{Lo: 0, Hi: 250, Max: 300}, Work{Lo: 0, Hi: 110, Max: 120}), 1)
}

// MainEnd charges the usual least time from the end of the main module's
// code to the loop's first phase (the setImmediate after the last
// statement ran 0.62 ms or more later on 10.24.1, 0.17 on 12.22.12, 0.16
// on 20.20.2, 0.06 on 26.10.0; 30 runs each).
func (m *Meter) MainEnd() {
	m.spend(m.byRelease(Work{Lo: 600, Hi: 1000, Max: 1000}, Work{Lo: 150, Hi: 500, Max: 500}, Work{Lo: 50, Hi: 500, Max: 500}), 1)
}

// byRelease picks the figure measured on 10 and before, 11 to 25, or 26
// and later.
func (m *Meter) byRelease(to10, to25, from26 Work) Work {
	switch {
	case m.P.Node.Major <= 10:
		return to10
	case m.P.Node.Major < 26:
		return to25
	}
	return from26
}
