// Package runseed derives each perturbed run's seed from a recording's
// seed, so that one recording's runs differ and any one can be replayed.
// noderecord and browserrecord share it.
package runseed

import "fmt"

// Of is run i's seed: the recording's seed, a name (the Node version, the
// browser) and i mixed with FNV-1a; never 0, which the perturbing scripts
// take as "unseeded".
func Of(seed uint64, name string, i int) uint32 {
	h := uint64(14695981039346656037)
	for _, b := range []byte(fmt.Sprintf("%d/%s/%d", seed, name, i)) {
		h = (h ^ uint64(b)) * 1099511628211
	}
	if s := uint32(h ^ h>>32); s != 0 {
		return s
	}
	return 1
}
