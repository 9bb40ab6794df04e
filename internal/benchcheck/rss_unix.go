//go:build unix

package main

import (
	"os"
	"syscall"
)

// maxRSS is the child's peak resident set from wait4, in bytes.
func maxRSS(ps *os.ProcessState) int64 {
	if ru, ok := ps.SysUsage().(*syscall.Rusage); ok {
		return ru.Maxrss * 1024 // kilobytes on Linux
	}
	return 0
}
