//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package memfs

import "os"

// pseudo: systems without statfs have none of Linux's kernel file systems
// to keep out of a mount.
func pseudo(*os.File) (string, bool) { return "", false }
