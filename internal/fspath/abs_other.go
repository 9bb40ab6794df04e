//go:build !unix

package fspath

import "path/filepath"

// Pin does nothing here: filepath.Abs is what Abs uses.
func Pin() {}

func abs(p string) (string, error) { return filepath.Abs(p) }
