//go:build !unix

package fspath

func unpin() {}
