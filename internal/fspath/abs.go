// Package fspath makes paths absolute without filepath.Abs's cost on Unix:
// os.Getwd checks $PWD with two stats on every call, which `looplint
// check` paid a few times per file (5% of its time on bench/check's tree).
package fspath

import "path/filepath"

// Abs is filepath.Abs: p joined to the working directory unless it is
// absolute, cleaned.
func Abs(p string) (string, error) {
	if filepath.IsAbs(p) {
		return filepath.Clean(p), nil
	}
	return abs(p)
}
