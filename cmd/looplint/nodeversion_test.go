//go:build linux

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNodeVersionCache: the node on PATH is asked once; a changed binary is
// asked again; without a usable cache it is still asked.
func TestNodeVersionCache(t *testing.T) {
	bin, cache := t.TempDir(), t.TempDir()
	calls := filepath.Join(t.TempDir(), "calls")
	node := filepath.Join(bin, "node")
	fake := func(v string) {
		script := "#!/bin/sh\necho x >> " + calls + "\necho " + v + "\n"
		if err := os.WriteFile(node+".tmp", []byte(script), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Rename(node+".tmp", node); err != nil {
			t.Fatal(err)
		}
	}
	asked := func() int {
		data, _ := os.ReadFile(calls)
		return strings.Count(string(data), "x")
	}
	t.Setenv("PATH", bin)
	t.Setenv("XDG_CACHE_HOME", cache)
	fake("v22.12.0")
	for i := 0; i < 3; i++ {
		if v, err := nodeVersion("", ""); err != nil || v.String() != "22.12.0" {
			t.Fatalf("nodeVersion = %v, %v", v, err)
		}
	}
	if n := asked(); n != 1 {
		t.Errorf("node asked %d times, want 1", n)
	}
	fake("v10.24.1")
	if v, _ := nodeVersion("", ""); v.String() != "10.24.1" {
		t.Errorf("after replacing node: %v", v)
	}
	if v, _ := nodeVersion("", ""); v.String() != "10.24.1" || asked() != 2 {
		t.Errorf("after replacing node: %v, asked %d times, want 2", v, asked())
	}
	// An unwritable cache: node is asked every time.
	t.Setenv("XDG_CACHE_HOME", "/dev/null/nope")
	nodeVersion("", "")
	nodeVersion("", "")
	if n := asked(); n != 4 {
		t.Errorf("without a cache node asked %d times, want 4", n)
	}
	// No node on PATH: the newest modelled release, as before.
	t.Setenv("PATH", t.TempDir())
	if v, err := nodeVersion("", ""); err != nil || v.String() == "10.24.1" {
		t.Errorf("no node: %v, %v", v, err)
	}
}
