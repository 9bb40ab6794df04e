package driver

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/looplint/looplint/parse"
)

// SuppressCheck is the check name of findings about suppression comments.
const SuppressCheck = "looplint-ignore"

// Suppression comments:
//
//	// looplint-ignore CHECK[,CHECK...] -- reason
//
// on the line of a finding (after code) or alone on the line before it;
//
//	// looplint-ignore-file CHECK[,CHECK...] -- reason
//
// anywhere: the whole file;
//
//	// looplint-disable CHECK[,CHECK...] -- reason
//	...
//	// looplint-enable CHECK[,CHECK...]
//
// a range of lines (to the end of the file without an enable). The reason
// is required (not on enable); a comment without one suppresses nothing
// and is reported, and so is one that suppresses nothing.
var ignoreRE = regexp.MustCompile(`(//|/\*)\s*looplint-(ignore-file|ignore|disable|enable)\b([^\n]*)`)

type suppressKind int

const (
	lineSup suppressKind = iota
	fileSup
	disableSup
	enableSup
)

type suppression struct {
	kind              suppressKind
	line, col, offset int
	endLine           int // disableSup: the last line covered (0: the file's end)
	checks            []string
	used              map[string]bool
	bad               string
}

func (s *suppression) word() string {
	return [...]string{"looplint-ignore", "looplint-ignore-file", "looplint-disable", "looplint-enable"}[s.kind]
}

// covers reports whether s applies to a finding on line.
func (s *suppression) covers(line int) bool {
	switch s.kind {
	case fileSup:
		return true
	case disableSup:
		return line >= s.line && (s.endLine == 0 || line <= s.endLine)
	case lineSup:
		return line == s.line || (s.col > 0 && line == s.line+1)
	}
	return false
}

func findSuppressions(src string) []*suppression {
	if !strings.Contains(src, "looplint-") {
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
			body := src[loc[6]:loc[7]]
			kind := map[string]suppressKind{"ignore": lineSup, "ignore-file": fileSup, "disable": disableSup, "enable": enableSup}[src[loc[4]:loc[5]]]
			if src[loc[2]:loc[3]] == "/*" {
				if end := strings.Index(body, "*/"); end >= 0 {
					body = body[:end]
				}
			}
			s := &suppression{kind: kind, line: line, col: len([]rune(prefix)) + 1, offset: loc[0], used: map[string]bool{}}
			if strings.TrimSpace(prefix) != "" {
				s.col = -s.col // trailing comment: applies to its own line only
			}
			names, reason, hasSep := strings.Cut(body, "--")
			for _, n := range strings.FieldsFunc(names, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' }) {
				s.checks = append(s.checks, n)
			}
			switch {
			case len(s.checks) == 0:
				s.bad = fmt.Sprintf("%s names no check: write // %s CHECK%s", s.word(), s.word(), map[bool]string{true: "", false: " -- reason"}[kind == enableSup])
			case kind != enableSup && (!hasSep || strings.TrimSpace(reason) == ""):
				s.bad = fmt.Sprintf("%s needs a reason: write // %s %s -- why this is safe", s.word(), s.word(), strings.Join(s.checks, ","))
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
	// A disable runs to the first enable after it naming one of its
	// checks (or all).
	for i, s := range sups {
		if s.kind != disableSup || s.bad != "" {
			continue
		}
		for _, e := range sups[i+1:] {
			if e.kind == enableSup && e.bad == "" && (slices.Contains(e.checks, "all") || slices.ContainsFunc(s.checks, func(c string) bool { return slices.Contains(e.checks, c) })) {
				s.endLine = e.line
				e.used["enable"] = true
				break
			}
		}
	}
	var out []Diagnostic
	for _, d := range diags {
		suppressed := false
		for _, s := range sups {
			if s.bad != "" || s.kind == enableSup || !s.covers(d.Pos.Line) {
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
		if s.kind == enableSup {
			if !s.used["enable"] {
				report(fmt.Sprintf("looplint-enable %s ends no looplint-disable above it", strings.Join(s.checks, ",")))
			}
			continue
		}
		where := map[suppressKind]string{lineSup: "on this line or the next", fileSup: "in this file", disableSup: "before its looplint-enable"}[s.kind]
		for _, c := range s.checks {
			switch {
			case c != "all" && !isKnown[c]:
				report(fmt.Sprintf("%s names unknown check %q (see looplint check --list)", s.word(), c))
			case s.used[c]:
			case c == "all" || ran[c]:
				report(fmt.Sprintf("unused %s for %s: no %s finding %s", s.word(), c, c, where))
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Pos.Offset < out[j].Pos.Offset })
	return out
}
