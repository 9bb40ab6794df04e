//go:build !linux

package main

import "os"

// fileIdentity is not known here: the node version is not cached.
func fileIdentity(os.FileInfo) (string, bool) { return "", false }
