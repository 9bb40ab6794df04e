package driver

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/looplint/looplint/parse"
)

// SuppressCheck is the check name of findings about suppression comments.
const SuppressCheck = "looplint-ignore"

// A suppression comment:
//
//	// looplint-ignore CHECK[,CHECK...] -- reason
//
// on the line of a finding (after code) or alone on the line before it.
// The reason is required; a comment without one suppresses nothing and
// is reported, and so is one that suppresses nothing.
var ignoreRE = regexp.MustCompile(`(//|/\*)\s*looplint-ignore\b([^\n]*)`)

type suppression struct {
	line, col, offset int
	checks            []string
	used              map[string]bool
	bad               string
}

func findSuppressions(src string) []*suppression {
	if !strings.Contains(src, "looplint-ignore") {
		return nil
	}
	// Only a real comment suppresses: not the same text in a string,
	// a template literal or a regular expression.
	comments := map[int]bool{}
	for _, c := range parse.Comments(src) {
		comments[c[0]] = true
	}
	var out []*suppression
	line, lineStart := 1, 0
	locs := ignoreRE.FindAllStringSubmatchIndex(src, -1)
	li := 0
	for i := 0; i < len(src) && li < len(locs); i++ {
		for li < len(locs) && locs[li][0] == i {
			loc := locs[li]
			li++
			prefix := src[lineStart:loc[0]]
			if !comments[loc[0]] {
				continue
			}
			body := src[loc[4]:loc[5]]
			if src[loc[2]:loc[3]] == "/*" {
				if end := strings.Index(body, "*/"); end >= 0 {
					body = body[:end]
				}
			}
			s := &suppression{line: line, col: len([]rune(prefix)) + 1, offset: loc[0], used: map[string]bool{}}
			if strings.TrimSpace(prefix) != "" {
				s.col = -s.col // trailing comment: applies to its own line only
			}
			names, reason, hasSep := strings.Cut(body, "--")
			for _, n := range strings.FieldsFunc(names, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' }) {
				s.checks = append(s.checks, n)
			}
			switch {
			case len(s.checks) == 0:
				s.bad = "looplint-ignore names no check: write // looplint-ignore CHECK -- reason"
			case !hasSep || strings.TrimSpace(reason) == "":
				s.bad = "looplint-ignore needs a reason: write // looplint-ignore " + strings.Join(s.checks, ",") + " -- why this is safe"
			}
			out = append(out, s)
		}
		if src[i] == '\n' {
			line++
			lineStart = i + 1
		}
	}
	return out
}

func applySuppressions(src string, diags []Diagnostic, known []string, ran map[string]bool) []Diagnostic {
	sups := findSuppressions(src)
	if len(sups) == 0 {
		return diags
	}
	isKnown := map[string]bool{SuppressCheck: true}
	for _, k := range known {
		isKnown[k] = true
	}
	var out []Diagnostic
	for _, d := range diags {
		suppressed := false
		for _, s := range sups {
			if s.bad != "" {
				continue
			}
			applies := d.Pos.Line == s.line || (s.col > 0 && d.Pos.Line == s.line+1)
			if !applies {
				continue
			}
			for _, c := range s.checks {
				if c == d.Check || c == "all" {
					s.used[c] = true
					suppressed = true
				}
			}
		}
		if !suppressed {
			out = append(out, d)
		}
	}
	for _, s := range sups {
		col := s.col
		if col < 0 {
			col = -col
		}
		at := Position{Line: s.line, Col: col, Offset: s.offset}
		report := func(msg string) {
			out = append(out, Diagnostic{Check: SuppressCheck, Pos: at, End: at, Message: msg})
		}
		if s.bad != "" {
			report(s.bad)
			continue
		}
		for _, c := range s.checks {
			switch {
			case c != "all" && !isKnown[c]:
				report(fmt.Sprintf("looplint-ignore names unknown check %q (see looplint check --list)", c))
			case s.used[c]:
			case c == "all" || ran[c]:
				report(fmt.Sprintf("unused looplint-ignore for %s: no %s finding on this line or the next", c, c))
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Pos.Offset < out[j].Pos.Offset })
	return out
}
