package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// Expectation is what real Node did with one case on one version.
type Expectation struct {
	Version string         // exact Node version, passed to --node
	Stdouts map[string]int // normalised stdout key -> runs
	Exits   map[int]int    // exit code -> runs (nil when not recorded)
	// SyntaxError is set when every run failed to parse: no stdout, a
	// SyntaxError on stderr. looplint reports that as a usage error (exit 2),
	// which then counts as reaching the same outcome.
	SyntaxError bool
}

// Case is one snippet with its expectations.
type Case struct {
	Suite  string // "probes" or "corpus"
	ID     string
	File   string // absolute path of the snippet
	FS     string // directory passed to --fs; also the working directory
	Module string // "cjs"/"esm" when the suite records it
	Expect []Expectation
}

// loadProbes reads probes/results.json: probe -> version -> {key: count}.
func loadProbes(shared string) ([]Case, error) {
	dir, err := filepath.Abs(filepath.Join(shared, "probes"))
	if err != nil {
		return nil, err
	}
	var raw map[string]map[string]map[string]int
	if err := readJSON(filepath.Join(dir, "results.json"), &raw); err != nil {
		return nil, err
	}
	var cases []Case
	for name, byVersion := range raw {
		c := Case{Suite: "probes", ID: name, File: filepath.Join(dir, name), FS: dir}
		for v, keys := range byVersion {
			c.Expect = append(c.Expect, probeExpectation(v, keys))
		}
		sortExpectations(c.Expect)
		cases = append(cases, c)
	}
	sort.Slice(cases, func(i, j int) bool { return cases[i].ID < cases[j].ID })
	return cases, nil
}

func probeExpectation(version string, keys map[string]int) Expectation {
	e := Expectation{Version: version, Stdouts: map[string]int{}, Exits: map[int]int{}}
	syntax := len(keys) > 0
	for key, n := range keys {
		k := parseProbeKey(key)
		if k.TimedOut { // a run that hit the probe runner's timeout says nothing about order
			continue
		}
		e.Stdouts[nodeStdoutKey(k.Stdout)] += n
		e.Exits[k.Exit] += n
		if len(normalizeLines(k.Stdout)) > 0 || k.Exit == 0 || !anyContains(k.Errs, "SyntaxError") {
			syntax = false
		}
	}
	e.SyntaxError = syntax
	return e
}

// corpusCase mirrors the fields of corpus.json that the runner uses.
type corpusCase struct {
	ID               string                    `json:"id"`
	File             string                    `json:"file"`
	Module           string                    `json:"module"`
	Outputs          map[string]map[string]int `json:"outputs"`
	ExitCodes        map[string]map[string]int `json:"exit_codes"`
	StderrFirstError map[string]map[string]int `json:"stderr_first_error"`
}

func loadCorpus(shared string) ([]Case, error) {
	dir, err := filepath.Abs(filepath.Join(shared, "corpus"))
	if err != nil {
		return nil, err
	}
	var raw []corpusCase
	if err := readJSON(filepath.Join(dir, "corpus.json"), &raw); err != nil {
		return nil, err
	}
	var cases []Case
	for _, cc := range raw {
		c := Case{Suite: "corpus", ID: cc.ID, File: filepath.Join(dir, cc.File),
			FS: filepath.Join(dir, "fixtures"), Module: cc.Module}
		for major, outs := range cc.Outputs {
			v, ok := corpusVersions[major]
			if !ok {
				return nil, fmt.Errorf("corpus case %s: unknown version key %q (add it to corpusVersions)", cc.ID, major)
			}
			c.Expect = append(c.Expect, corpusExpectation(v, outs, cc.ExitCodes[major], cc.StderrFirstError[major]))
		}
		sortExpectations(c.Expect)
		cases = append(cases, c)
	}
	return cases, nil
}

func corpusExpectation(version string, outs, exits, firstErr map[string]int) Expectation {
	e := Expectation{Version: version, Stdouts: map[string]int{}}
	empty := true
	for raw, n := range outs {
		key := nodeStdoutKey(corpusStdoutLines(raw))
		e.Stdouts[key] += n
		if key != "" {
			empty = false
		}
	}
	if len(exits) > 0 {
		e.Exits = map[int]int{}
		for code, n := range exits {
			if c, err := strconv.Atoi(code); err == nil {
				e.Exits[c] += n
			}
		}
	}
	syntax := empty && len(firstErr) > 0 && e.Exits[0] == 0
	for msg := range firstErr {
		if !strings.HasPrefix(msg, "SyntaxError") {
			syntax = false
		}
	}
	e.SyntaxError = syntax
	return e
}

func sortExpectations(es []Expectation) {
	sort.Slice(es, func(i, j int) bool { return versionLess(es[i].Version, es[j].Version) })
}

func anyContains(list []string, sub string) bool {
	for _, s := range list {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

func readJSON(path string, v any) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(data, v); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}
