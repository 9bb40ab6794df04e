package driver

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// A long list of files (a tool naming every file of a tree) is stated on
// all cores and expands as a short one does: in order, each once, and
// the first that does not exist named in the error.
func TestExpandManyFiles(t *testing.T) {
	dir := t.TempDir()
	var paths []string
	for i := range 300 {
		p := filepath.Join(dir, fmt.Sprintf("f%03d.js", i))
		if err := os.WriteFile(p, []byte("x()\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	args := append(slices.Clone(paths), paths[7]) // a repeat is dropped
	files, unread, err := Expand(args, false)
	if err != nil || len(unread) > 0 || !slices.Equal(files, paths) {
		t.Fatalf("Expand: %d files (in order: %v), unread %v, error %v", len(files), slices.Equal(files, paths), unread, err)
	}
	missing := filepath.Join(dir, "gone.js")
	args = append(slices.Clone(paths[:200]), missing, filepath.Join(dir, "also-gone.js"))
	if _, _, err := Expand(append(args, paths[200:]...), false); err == nil || !strings.Contains(err.Error(), missing+": no such file") {
		t.Errorf("Expand with a missing file: %v, want it named", err)
	}
}
