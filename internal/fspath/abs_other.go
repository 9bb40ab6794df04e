//go:build !unix

package fspath

import "path/filepath"

func abs(p string) (string, error) { return filepath.Abs(p) }
