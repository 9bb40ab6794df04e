//go:build !js

package parse

import "syscall"

// nonblock opens a file without blocking on it (a FIFO).
const nonblock = syscall.O_NONBLOCK
