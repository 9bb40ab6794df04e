package driver

import (
	"fmt"
	"sort"
	"strings"
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

// Diff returns a unified diff (no context lines) from old to new, or ""
// when they are equal. Lines are compared from both ends, and hunks are
// the runs of lines that differ in between, matched line by line with a
// longest-common-subsequence table for small regions.
func Diff(path, old, new string) string {
	if old == new {
		return ""
	}
	a, b := splitLines(old), splitLines(new)
	var hunks strings.Builder
	ops := lcsOps(a, b)
	i, j := 0, 0
	for k := 0; k < len(ops); {
		if ops[k] == '=' {
			i, j, k = i+1, j+1, k+1
			continue
		}
		si, sj := i, j
		var del, ins []string
		for k < len(ops) && ops[k] != '=' {
			if ops[k] == '-' {
				del = append(del, a[i])
				i++
			} else {
				ins = append(ins, b[j])
				j++
			}
			k++
		}
		fmt.Fprintf(&hunks, "@@ -%s +%s @@\n", hunkRange(si, len(del)), hunkRange(sj, len(ins)))
		for _, l := range del {
			hunks.WriteString("-" + l)
		}
		for _, l := range ins {
			hunks.WriteString("+" + l)
		}
	}
	return fmt.Sprintf("--- a/%s\n+++ b/%s\n%s", path, path, hunks.String())
}

func hunkRange(start, n int) string {
	if n == 0 {
		return fmt.Sprintf("%d,0", start)
	}
	if n == 1 {
		return fmt.Sprintf("%d", start+1)
	}
	return fmt.Sprintf("%d,%d", start+1, n)
}

func splitLines(s string) []string {
	lines := strings.SplitAfter(s, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	} else {
		lines[len(lines)-1] += "\n\\ No newline at end of file\n"
	}
	return lines
}

// lcsOps returns an edit script of '=', '-', '+' from a to b. The common
// prefix and suffix are trimmed first; the middle uses an LCS table when
// small and a plain replace otherwise.
func lcsOps(a, b []string) []byte {
	p := 0
	for p < len(a) && p < len(b) && a[p] == b[p] {
		p++
	}
	s := 0
	for s < len(a)-p && s < len(b)-p && a[len(a)-1-s] == b[len(b)-1-s] {
		s++
	}
	ma, mb := a[p:len(a)-s], b[p:len(b)-s]
	ops := []byte(strings.Repeat("=", p))
	if len(ma)*len(mb) <= 4_000_000 {
		n, m := len(ma), len(mb)
		t := make([][]int32, n+1)
		for i := range t {
			t[i] = make([]int32, m+1)
		}
		for i := n - 1; i >= 0; i-- {
			for j := m - 1; j >= 0; j-- {
				if ma[i] == mb[j] {
					t[i][j] = t[i+1][j+1] + 1
				} else {
					t[i][j] = max(t[i+1][j], t[i][j+1])
				}
			}
		}
		i, j := 0, 0
		for i < n || j < m {
			switch {
			case i < n && j < m && ma[i] == mb[j]:
				ops = append(ops, '=')
				i, j = i+1, j+1
			case j < m && (i == n || t[i][j+1] >= t[i+1][j]):
				ops = append(ops, '+')
				j++
			default:
				ops = append(ops, '-')
				i++
			}
		}
	} else {
		ops = append(ops, []byte(strings.Repeat("-", len(ma))+strings.Repeat("+", len(mb)))...)
	}
	return append(ops, []byte(strings.Repeat("=", s))...)
}
