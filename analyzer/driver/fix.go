package driver

import (
	"sort"
	"strings"

	"github.com/aymanbagabas/go-udiff"
)

// ApplyFixes applies the first suggested fix of each diagnostic to src.
// A fix whose edits overlap an edit already taken is skipped; applied
// are the diagnostics whose fix was taken, skipped counts the others.
func ApplyFixes(src string, diags []Diagnostic) (out string, applied []Diagnostic, skipped int) {
	var edits []Edit
	taken := func(e Edit) bool {
		for _, t := range edits {
			if e.Start < t.End && t.Start < e.End || e.Start == t.Start && e.End == t.End {
				return true
			}
		}
		return false
	}
	for _, d := range diags {
		if len(d.Fixes) == 0 {
			continue
		}
		fx := d.Fixes[0]
		ok := true
		for _, e := range fx.Edits {
			if e.Start < 0 || e.End > len(src) || e.Start > e.End || taken(e) {
				ok = false
			}
		}
		if !ok {
			skipped++
			continue
		}
		edits = append(edits, fx.Edits...)
		applied = append(applied, d)
	}
	sort.SliceStable(edits, func(i, j int) bool { return edits[i].Start < edits[j].Start })
	var b strings.Builder
	last := 0
	for _, e := range edits {
		b.WriteString(src[last:e.Start])
		b.WriteString(e.New)
		last = e.End
	}
	b.WriteString(src[last:])
	return b.String(), applied, skipped
}

// Diff returns a unified diff from old to new with three lines of
// context, as git writes it and `git apply` takes it, or "" when they are
// equal. go-udiff (the diff of gopls, kept as a library) makes it: a
// minimal line diff with context is easy to get subtly wrong at the
// edges (no newline at the end, hunks that touch), and git is strict.
func Diff(path, old, new string) string {
	if old == new {
		return ""
	}
	return udiff.Unified("a/"+path, "b/"+path, old, new)
}
