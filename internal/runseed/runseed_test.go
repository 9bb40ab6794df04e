package runseed

import (
	"fmt"
	"testing"
)

// Runs, names and recordings each get their own seed, and a seed is the
// same every time it is derived.
func TestOf(t *testing.T) {
	seen := map[uint32]string{}
	for _, seed := range []uint64{0, 1, 20261127} {
		for _, name := range []string{"22.12.0", "chromium"} {
			for i := 0; i < 50; i++ {
				s := Of(seed, name, i)
				if s == 0 {
					t.Fatalf("Of(%d, %q, %d) = 0", seed, name, i)
				}
				if s != Of(seed, name, i) {
					t.Fatalf("Of(%d, %q, %d) differs between calls", seed, name, i)
				}
				k := fmt.Sprint(seed, name, i)
				if prev, ok := seen[s]; ok && prev != k {
					t.Errorf("Of(%d, %q, %d) = %d, as for another run", seed, name, i, s)
				}
				seen[s] = k
			}
		}
	}
}
