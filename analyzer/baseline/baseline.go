// Package baseline lets a project adopt looplint on code that already has
// findings: a baseline file records today's findings, and a later run
// reports only those not in it. A finding is known by its file (relative
// to the baseline's directory), check and message, not by its line, so
// edits above it do not make it new; two alike in one file are counted.
package baseline

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/looplint/looplint/internal/fspath"
)

// Finding is what a baseline knows of one finding.
type Finding struct {
	File    string `json:"file"`
	Check   string `json:"check"`
	Message string `json:"message"`
	Count   int    `json:"count"`
}

type file struct {
	Version  int       `json:"version"`
	Findings []Finding `json:"findings"`
}

// Baseline is a read baseline.
type Baseline struct {
	dir  string
	left map[Finding]int // Count zero in the key
}

// key is f relative to dir, without its count.
func key(dir string, path, check, message string) Finding {
	if abs, err := fspath.Abs(path); err == nil {
		if rel, err := filepath.Rel(dir, abs); err == nil {
			path = rel
		}
	}
	return Finding{File: filepath.ToSlash(path), Check: check, Message: message}
}

// Write records findings (path, check, message triples) in p.
func Write(p string, findings [][3]string) error {
	dir, err := fspath.Abs(filepath.Dir(p))
	if err != nil {
		return err
	}
	counts := map[Finding]int{}
	for _, f := range findings {
		counts[key(dir, f[0], f[1], f[2])]++
	}
	out := file{Version: 1, Findings: []Finding{}}
	for k, n := range counts {
		k.Count = n
		out.Findings = append(out.Findings, k)
	}
	sort.Slice(out.Findings, func(i, j int) bool {
		a, b := out.Findings[i], out.Findings[j]
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Check != b.Check {
			return a.Check < b.Check
		}
		return a.Message < b.Message
	})
	data, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(p, append(data, '\n'), 0o644)
}

// Read reads p.
func Read(p string) (*Baseline, error) {
	data, err := os.ReadFile(p)
	if err != nil {
		return nil, err
	}
	var f file
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("%s: %v", p, err)
	}
	if f.Version != 1 {
		return nil, fmt.Errorf("%s: version %d, want 1 (a looplint baseline written with --write-baseline)", p, f.Version)
	}
	dir, err := fspath.Abs(filepath.Dir(p))
	if err != nil {
		return nil, err
	}
	b := &Baseline{dir: dir, left: map[Finding]int{}}
	for _, x := range f.Findings {
		n := x.Count
		x.Count = 0
		b.left[x] += max(n, 1)
	}
	return b, nil
}

// Known reports whether the baseline holds this finding, and uses one of
// its count up: the first Count alike are known, more are new.
func (b *Baseline) Known(path, check, message string) bool {
	k := key(b.dir, path, check, message)
	if b.left[k] > 0 {
		b.left[k]--
		return true
	}
	return false
}
