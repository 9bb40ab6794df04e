//go:build unix

package fspath

func unpin() { pinned.Store(nil) }
