//go:build unix

package fspath

import (
	"path/filepath"
	"syscall"
)

// abs asks the kernel for the working directory (one getcwd), so a
// chdir in between is seen as filepath.Abs would see it.
func abs(p string) (string, error) {
	wd, err := syscall.Getwd()
	if err != nil {
		return filepath.Abs(p)
	}
	return filepath.Join(wd, p), nil
}
