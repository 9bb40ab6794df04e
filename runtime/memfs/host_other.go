//go:build !unix

package memfs

const (
	hostNoFollow = 0
	hostNonBlock = 0
)
