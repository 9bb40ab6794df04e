package parse

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// Load refuses what is not a regular file instead of blocking on it (a
// named pipe no one writes to) or reading it without end.
func TestLoadRefusesSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe.js")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("mkfifo:", err)
	}
	if _, err := Load(fifo); err == nil || !strings.Contains(err.Error(), "named pipe") {
		t.Errorf("Load(fifo) = %v, want a named-pipe error", err)
	}
	if _, err := os.Stat("/dev/zero"); err == nil {
		if _, err := ReadFile("/dev/zero"); err == nil || !strings.Contains(err.Error(), "device") {
			t.Errorf("ReadFile(/dev/zero) = %v, want a device error", err)
		}
	}
}
