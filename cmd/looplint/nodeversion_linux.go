//go:build linux

package main

import (
	"fmt"
	"os"
	"syscall"
)

// fileIdentity names one version of a file: a rewrite or a replacement
// changes its inode, size, mtime or ctime.
func fileIdentity(st os.FileInfo) (string, bool) {
	s, ok := st.Sys().(*syscall.Stat_t)
	if !ok {
		return "", false
	}
	return fmt.Sprintf("%d:%d:%d:%d:%d", s.Dev, s.Ino, st.Size(), st.ModTime().UnixNano(), s.Ctim.Nano()), true
}
