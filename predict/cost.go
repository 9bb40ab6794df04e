package predict

import "github.com/looplint/looplint/ir"

// Interp.work estimates, generously, how long Node takes for what the
// program has done so far, in microseconds (loop.Env.Work): the loop
// bounds the time between two timer creations in one callback by it, plus
// loop.Limits.StallMS. The figures are upper ends of what Node 10 and 20
// took on a loaded 2-vCPU machine (process.hrtime around each, 120 runs):
// the first console line creates its stream (median 5.5 ms, at most
// 11 ms), the first require of a built-in module up to 16 ms (crypto on
// Node 10), 10,000 loop iterations up to 7 ms.
const (
	costStatement   = 1     // a statement run, a loop iteration skipped
	costFirstWrite  = 25000 // the first write to stdout or stderr
	costWrite       = 50    // every console line or stream write
	costBuiltinLoad = 30000 // a require or import of a built-in module
	costSyncIO      = 500   // an fs.*Sync call
	costPerKiB      = 20    // per KiB of text read, parsed or compiled
)

func (in *Interp) spend(us int64) { in.work += us }

// spendBytes charges for n bytes of data handled at once.
func (in *Interp) spendBytes(n int) { in.work += int64(n) * costPerKiB / 1024 }

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
