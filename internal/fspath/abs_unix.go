//go:build unix

package fspath

import (
	"path/filepath"
	"sync/atomic"
	"syscall"
)

// pinned is the working directory Pin read, or nil.
var pinned atomic.Pointer[string]

// Pin reads the working directory once, for a process that never
// changes it (looplint's command): Abs then joins to it without asking
// the kernel, which `looplint check` did about ten times per file (two
// percent of its time on a node_modules tree). Without Pin (tests that
// chdir), every Abs asks.
func Pin() {
	if wd, err := syscall.Getwd(); err == nil {
		pinned.Store(&wd)
	}
}

// abs asks the kernel for the working directory (one getcwd) unless it
// is pinned, so a chdir in between is seen as filepath.Abs would see it.
func abs(p string) (string, error) {
	if wd := pinned.Load(); wd != nil {
		return filepath.Join(*wd, p), nil
	}
	wd, err := syscall.Getwd()
	if err != nil {
		return filepath.Abs(p)
	}
	return filepath.Join(wd, p), nil
}
