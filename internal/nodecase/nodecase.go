// Package nodecase reads the testdata/runtime archives: our own snippets
// with the outputs real Node printed, per version (the node.json section
// that internal/noderecord writes). Tests of the runtime, the predictor
// and the CLI all check themselves against them.
package nodecase

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"golang.org/x/tools/txtar"
)

// Outcome is one distinct result Node produced, and how often.
type Outcome struct {
	Stdout   []string `json:"stdout"`
	Stderr   []string `json:"stderr"`
	ExitCode int      `json:"exitCode"`
	Count    int      `json:"count"`
}

// Killed reports a run that did not end: the recorder killed it after
// its time limit (internal/noderecord notes it on stderr). Its stdout is
// what the program printed before.
func (o Outcome) Killed() bool {
	return len(o.Stderr) > 0 && strings.HasPrefix(o.Stderr[len(o.Stderr)-1], "<noderecord: killed after ")
}

// Record is what one Node version did over Runs runs.
type Record struct {
	Runs     int       `json:"runs"`
	Outcomes []Outcome `json:"outcomes"`
	// Perturbed is what runs under realnode's perturbation printed
	// (noderecord -perturb), kept apart so that Runs and Outcomes stay
	// what an unperturbed machine does: Node's one order, its most
	// frequent one.
	Perturbed *Perturbed `json:"perturbed,omitempty"`
}

// Perturbed is what one Node version did over Runs perturbed runs; How
// says how they were perturbed (the preload's bound, busy siblings, runs
// at once, where stdout went).
type Perturbed struct {
	How      string    `json:"how"`
	Runs     int       `json:"runs"`
	Outcomes []Outcome `json:"outcomes"`
}

// Case is one archive: its files (the snippet and any data it reads) and
// the recorded outputs by Node version.
type Case struct {
	Files map[string][]byte
	Main  string // name of the main file (main.js, main.mjs, ...)
	Node  map[string]Record
	// Env is the environment the comment's '# env: NAME=VALUE ...' sets
	// for each run (looplint's --env), nil without one.
	Env map[string]string
}

// Load reads an archive.
func Load(path string) (*Case, error) {
	ar, err := txtar.ParseFile(path)
	if err != nil {
		return nil, err
	}
	c := &Case{Files: map[string][]byte{}}
	for _, line := range strings.Split(string(ar.Comment), "\n") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(line), "# env:"); ok {
			for _, kv := range strings.Fields(v) {
				if k, val, ok := strings.Cut(kv, "="); ok {
					if c.Env == nil {
						c.Env = map[string]string{}
					}
					c.Env[k] = val
				}
			}
		}
	}
	for _, f := range ar.Files {
		if f.Name == "node.json" {
			if err := json.Unmarshal(f.Data, &c.Node); err != nil {
				return nil, fmt.Errorf("%s: node.json: %w", path, err)
			}
			continue
		}
		c.Files[f.Name] = f.Data
		if c.Main == "" && strings.HasPrefix(f.Name, "main.") {
			c.Main = f.Name
		}
	}
	if c.Main == "" {
		return nil, fmt.Errorf("%s: no main.* file", path)
	}
	return c, nil
}

// WriteTo puts the case's files in dir and returns the main file's path.
func (c *Case) WriteTo(dir string) (string, error) {
	for name, data := range c.Files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return "", err
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			return "", err
		}
	}
	return filepath.Join(dir, c.Main), nil
}

// Versions lists the recorded Node versions, sorted.
func (c *Case) Versions() []string {
	out := make([]string, 0, len(c.Node))
	for v := range c.Node {
		out = append(out, v)
	}
	sort.Strings(out)
	return out
}

// Directives reads the "# key: value" lines of an archive's comment (keys
// lower-cased): '# runs:', '# versions:', '# browsers:', ... The
// recorders read them; a later line wins.
func Directives(comment []byte) map[string]string {
	d := map[string]string{}
	for _, line := range strings.Split(string(comment), "\n") {
		line = strings.TrimSpace(line)
		if !strings.HasPrefix(line, "#") {
			continue
		}
		key, val, ok := strings.Cut(strings.TrimSpace(line[1:]), ":")
		if ok {
			d[strings.ToLower(strings.TrimSpace(key))] = strings.TrimSpace(val)
		}
	}
	return d
}

// List splits a directive's or flag's list: "10.24.1, 12.22.12 26.10.0".
func List(s string) []string {
	var out []string
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' }) {
		out = append(out, strings.TrimSpace(f))
	}
	return out
}
