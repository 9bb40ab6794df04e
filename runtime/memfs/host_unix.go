//go:build unix

package memfs

import "syscall"

// Defence in depth: listings said "regular file", but never follow a link or
// block on a FIFO if the host changed underneath us.
const (
	hostNoFollow = syscall.O_NOFOLLOW
	hostNonBlock = syscall.O_NONBLOCK
)
