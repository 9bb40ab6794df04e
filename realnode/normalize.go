package realnode

import (
	"path/filepath"
	"regexp"
	"strings"

	"github.com/looplint/looplint/internal/frames"
)

// NormalizeLines applies the comparison rules every check against real Node
// uses (the shared corpus README's): trailing whitespace is stripped, stack
// frames are dropped and trailing blank lines are removed.
func NormalizeLines(lines []string) []string {
	out := make([]string, 0, len(lines))
	for _, l := range lines {
		l = strings.TrimRight(l, " \t\r")
		if frames.Is(l) {
			continue
		}
		out = append(out, l)
	}
	for len(out) > 0 && out[len(out)-1] == "" {
		out = out[:len(out)-1]
	}
	return out
}

// SplitLines splits process output into lines; a final newline does not
// start another line, and no output is no lines.
func SplitLines(s string) []string {
	s = strings.TrimSuffix(s, "\n")
	if s == "" {
		return []string{}
	}
	return strings.Split(s, "\n")
}

// Replacer rewrites host paths in output: each From (a directory, without
// trailing slash) becomes To, longest first so that nested dirs win.
type Replacer []struct{ From, To string }

// Add maps dir (and its symlink-free form) to to.
func (r *Replacer) Add(dir, to string) {
	if dir == "" {
		return
	}
	*r = append(*r, struct{ From, To string }{dir, to})
	if real, err := evalSymlinks(dir); err == nil && real != dir {
		*r = append(*r, struct{ From, To string }{real, to})
	}
}

// Apply rewrites s.
func (r Replacer) Apply(s string) string {
	idx := make([]int, len(r))
	for i := range idx {
		idx[i] = i
	}
	// longest From first (few entries: insertion sort)
	for i := 1; i < len(idx); i++ {
		for j := i; j > 0 && len(r[idx[j]].From) > len(r[idx[j-1]].From); j-- {
			idx[j], idx[j-1] = idx[j-1], idx[j]
		}
	}
	for _, i := range idx {
		s = strings.ReplaceAll(s, r[i].From, r[i].To)
	}
	return s
}

var pidRe = regexp.MustCompile(`\(node:\d+\)`)

// MaxStderrLines caps how much of the normalised stderr is kept.
const MaxStderrLines = 20

// NormalizeStderr keeps the meaningful part of stderr (after paths were
// replaced): pids masked, "file://" dropped, stack frames, blank lines,
// ExperimentalWarnings and the --trace-warnings hint removed, at most
// MaxStderrLines lines.
func NormalizeStderr(s string) []string {
	s = pidRe.ReplaceAllString(s, "(node:PID)")
	s = strings.ReplaceAll(s, "file://", "")
	out := []string{}
	for _, line := range SplitLines(s) {
		line = strings.TrimRight(line, " \r")
		switch {
		case line == "",
			frames.Is(line),
			strings.Contains(line, "ExperimentalWarning"),
			strings.HasPrefix(line, "(Use `node --trace-"):
			continue
		}
		if len(out) == MaxStderrLines {
			break
		}
		out = append(out, line)
	}
	return out
}

var evalSymlinks = filepath.EvalSymlinks
