package fspath

import (
	"path/filepath"
	"testing"
)

// Abs agrees with filepath.Abs, before and after the working directory
// changes.
func TestAbs(t *testing.T) {
	check := func() {
		for _, p := range []string{"", ".", "a.js", "../x/y.js", "./a/../b", "/abs/p/../q", "a//b/"} {
			want, err1 := filepath.Abs(p)
			got, err2 := Abs(p)
			if got != want || (err1 == nil) != (err2 == nil) {
				t.Errorf("Abs(%q) = %q, %v; filepath.Abs: %q, %v", p, got, err2, want, err1)
			}
		}
	}
	check()
	t.Chdir(t.TempDir())
	check()
}

// A pinned working directory gives what filepath.Abs gives while the
// process stays in it.
func TestAbsPinned(t *testing.T) {
	t.Chdir(t.TempDir())
	Pin()
	defer unpin()
	for _, p := range []string{"", ".", "a.js", "../x/y.js", "./a/../b", "/abs/p/../q"} {
		want, _ := filepath.Abs(p)
		if got, err := Abs(p); got != want || err != nil {
			t.Errorf("pinned Abs(%q) = %q, %v; filepath.Abs: %q", p, got, err, want)
		}
	}
}
