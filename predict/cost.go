package predict

import "github.com/looplint/looplint/ir"

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
