// Package cputime gives the CPU time this process has used, for
// benchmarks that report it beside wall time: on a machine shared with
// other work, wall time measures the others as much as the code.
package cputime

import "time"

// Process is the user and system CPU time the process has used so far
// (0 where it is not measured).
func Process() time.Duration { return process() }

// Report adds the CPU time used since start, per iteration, to b's
// results as cpu-s/op.
func Report(b interface {
	ReportMetric(float64, string)
}, start time.Duration, n int) {
	if n > 0 {
		b.ReportMetric((Process()-start).Seconds()/float64(n), "cpu-s/op")
	}
}
