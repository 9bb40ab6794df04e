package frames

import (
	"slices"
	"testing"
)

func TestDrop(t *testing.T) {
	in := []string{"got Error: failed", "    at f (/app/e.js:1:23)", "    at Object.<anonymous> (/app/e.js:2:12) {", "  at home", "at x", "    at", "done"}
	want := []string{"got Error: failed", "at x", "    at", "done"}
	if got := Drop(in); !slices.Equal(got, want) {
		t.Errorf("Drop = %q, want %q", got, want)
	}
	plain := []string{"a", "b"}
	if got := Drop(plain); &got[0] != &plain[0] {
		t.Error("lines without frames are copied")
	}
}
