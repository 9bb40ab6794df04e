// Command looplint predicts and checks the event-loop ordering of Node.js programs.
package main

import (
	"os"
	"runtime/debug"
)

// tuneGC trades memory for start-up time. A typical command lives ~10 ms
// and allocates a few MiB (mostly compiling the runtime's JavaScript), so
// the default GC starts several cycles whose only cost is page faults on
// fresh spans; GOGC=400 skips them (about 15% of a predict, measured with
// perf stat over corpus files). The soft memory limit keeps big heaps as
// tight as before: above it the GC collects as often as it must, so a
// sandboxed run's heap budget (--max-heap, 1 GiB by default) measures live
// data rather than garbage that a lazier GC left behind. Explicit GOGC or
// GOMEMLIMIT settings win. maxHeap is the largest heap budget a run of
// this command may get.
func tuneGC(maxHeap uint64) {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(int64(maxHeap + 256<<20))
	}
}
