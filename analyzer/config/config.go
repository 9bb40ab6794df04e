// Package config reads looplint.json, the configuration of `looplint
// check`: each check's severity (error, warn, off), per-path overrides,
// files to ignore, the Node version and whether the predictor's findings
// are on. A file's configuration is the looplint.json nearest it, looking
// up to the repository's root (a directory holding .git), as oxlint and
// Biome find theirs; patterns are relative to the configuration's
// directory. The JSON Schema is looplint.schema.json at the repository's
// root.
package config

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/looplint/looplint/internal/fspath"

	"github.com/bmatcuk/doublestar/v4"
)

// Name is the configuration file's name.
const Name = "looplint.json"

// Severity is what a finding of a check does to the run.
type Severity int

const (
	Off   Severity = iota // not reported
	Warn                  // reported; fails the run only past --max-warnings
	Error                 // reported; fails the run
)

func (s Severity) String() string { return [...]string{"off", "warning", "error"}[s] }

func parseSeverity(s string) (Severity, bool) {
	switch s {
	case "off":
		return Off, true
	case "warn", "warning":
		return Warn, true
	case "error":
		return Error, true
	}
	return Off, false
}

// file is looplint.json as written.
type file struct {
	Schema         string            `json:"$schema"`
	Node           string            `json:"node"`
	Predict        *bool             `json:"predict"`
	Checks         map[string]string `json:"checks"`
	IgnorePatterns []string          `json:"ignorePatterns"`
	Overrides      []struct {
		Files  []string          `json:"files"`
		Checks map[string]string `json:"checks"`
	} `json:"overrides"`
}

// Config is one looplint.json, checked.
type Config struct {
	Path string // the file ("" for the defaults)
	Dir  string // the directory its patterns are relative to
	// Node is the release to model when --node is not given ("": the
	// project's .nvmrc and so on decide).
	Node string
	// Predict says whether the predictor's findings are on (nil: the
	// command's default).
	Predict   *bool
	checks    map[string]Severity
	ignore    []string
	overrides []override
}

type override struct {
	files  []string
	checks map[string]Severity
}

// Default is the configuration of a file with no looplint.json: every
// check an error.
var Default = &Config{}

// Load reads and checks path; known says which check names exist. An
// error names the file, and the line and column where JSON is at fault.
func Load(path string, known func(string) bool) (*Config, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return parse(path, data, known)
}

func parse(path string, data []byte, known func(string) bool) (*Config, error) {
	var f file
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return nil, jsonError(path, data, dec, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("%s: more than one JSON value", path)
	}
	abs, err := fspath.Abs(path)
	if err != nil {
		return nil, err
	}
	c := &Config{Path: path, Dir: filepath.Dir(abs), Node: strings.TrimSpace(f.Node), Predict: f.Predict}
	if c.checks, err = severities(path, "checks", f.Checks, known); err != nil {
		return nil, err
	}
	for _, p := range f.IgnorePatterns {
		if err := validPattern(path, "ignorePatterns", p); err != nil {
			return nil, err
		}
		c.ignore = append(c.ignore, strings.TrimPrefix(p, "./"))
	}
	for i, o := range f.Overrides {
		where := fmt.Sprintf("overrides[%d]", i)
		if len(o.Files) == 0 {
			return nil, fmt.Errorf("%s: %s: \"files\" must list at least one pattern", path, where)
		}
		var ov override
		for _, p := range o.Files {
			if err := validPattern(path, where+".files", p); err != nil {
				return nil, err
			}
			ov.files = append(ov.files, strings.TrimPrefix(p, "./"))
		}
		if ov.checks, err = severities(path, where+".checks", o.Checks, known); err != nil {
			return nil, err
		}
		c.overrides = append(c.overrides, ov)
	}
	return c, nil
}

func severities(path, where string, m map[string]string, known func(string) bool) (map[string]Severity, error) {
	out := map[string]Severity{}
	for name, s := range m {
		if known != nil && !known(name) {
			return nil, fmt.Errorf("%s: %s: no check named %q (see looplint check --list)", path, where, name)
		}
		sev, ok := parseSeverity(s)
		if !ok {
			return nil, fmt.Errorf("%s: %s.%s: severity must be \"error\", \"warn\" or \"off\", not %q", path, where, name, s)
		}
		out[name] = sev
	}
	return out, nil
}

func validPattern(path, where, p string) error {
	if p == "" || filepath.IsAbs(p) || strings.HasPrefix(p, "../") || !doublestar.ValidatePattern(p) {
		return fmt.Errorf("%s: %s: %q is not a pattern relative to the configuration's directory (globs: *, **, ?, [...], {a,b})", path, where, p)
	}
	return nil
}

// jsonError places a decoding error at its line and column.
func jsonError(path string, data []byte, dec *json.Decoder, err error) error {
	off := dec.InputOffset()
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		off = se.Offset
	case errors.As(err, &te):
		off = te.Offset
	}
	line, col := 1, 1
	for _, b := range data[:min(int(off), len(data))] {
		if b == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	msg := strings.TrimPrefix(err.Error(), "json: ")
	return fmt.Errorf("%s:%d:%d: %s", path, line, col, msg)
}

// rel is file's path relative to the configuration's directory, with
// forward slashes ("" when it is outside it).
func (c *Config) rel(file string) string {
	abs, err := fspath.Abs(file)
	if err != nil {
		return ""
	}
	r, err := filepath.Rel(c.Dir, abs)
	if err != nil || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) {
		return ""
	}
	return filepath.ToSlash(r)
}

// match reports whether a pattern names file: the path relative to the
// configuration, or a directory above it (a pattern "dist" ignores
// everything under dist/).
func match(patterns []string, rel string) bool {
	if rel == "" {
		return false
	}
	for _, p := range patterns {
		for r := rel; r != "." && r != ""; r = pathDir(r) {
			if ok, _ := doublestar.Match(p, r); ok {
				return true
			}
		}
	}
	return false
}

func pathDir(r string) string {
	i := strings.LastIndexByte(r, '/')
	if i < 0 {
		return ""
	}
	return r[:i]
}

// Ignored reports whether file is left out of the check.
func (c *Config) Ignored(file string) bool {
	// No patterns, no path to work out (most runs: every file asked).
	return c != nil && len(c.ignore) > 0 && match(c.ignore, c.rel(file))
}

// Severity is check's severity for file: the last override whose files
// match it and that names the check, else "checks", else Error.
func (c *Config) Severity(check, file string) Severity {
	if c == nil {
		return Error
	}
	sev, set := c.checks[check]
	if len(c.overrides) > 0 {
		rel := c.rel(file)
		for _, o := range c.overrides {
			if s, ok := o.checks[check]; ok && match(o.files, rel) {
				sev, set = s, true
			}
		}
	}
	if !set {
		return Error
	}
	return sev
}

// Finder finds each file's configuration once per directory.
type Finder struct {
	known func(string) bool
	mu    sync.Mutex
	dirs  map[string]*Config
	errs  map[string]error
}

// NewFinder makes a Finder; known says which check names exist.
func NewFinder(known func(string) bool) *Finder {
	return &Finder{known: known, dirs: map[string]*Config{}, errs: map[string]error{}}
}

// For is the configuration of file: the looplint.json nearest it, up to
// the repository's root (a directory holding .git) or the file system's
// root; Default when there is none.
func (f *Finder) For(file string) (*Config, error) {
	abs, err := fspath.Abs(file)
	if err != nil {
		return Default, nil
	}
	return f.forDir(filepath.Dir(abs))
}

func (f *Finder) forDir(dir string) (*Config, error) {
	f.mu.Lock()
	if c, ok := f.dirs[dir]; ok {
		err := f.errs[dir]
		f.mu.Unlock()
		return c, err
	}
	f.mu.Unlock()
	var c *Config
	var err error
	p := filepath.Join(dir, Name)
	if st, e := os.Stat(p); e == nil && !st.IsDir() {
		c, err = Load(p, f.known)
	} else if st, e := os.Stat(filepath.Join(dir, ".git")); e == nil && st != nil {
		c = Default
	} else if up := filepath.Dir(dir); up == dir {
		c = Default
	} else {
		c, err = f.forDir(up)
	}
	if err != nil {
		c = nil
	}
	f.mu.Lock()
	f.dirs[dir], f.errs[dir] = c, err
	f.mu.Unlock()
	return c, err
}

// IgnoreOnly is a configuration that only ignores: patterns (check's
// --ignore-pattern) relative to dir.
func IgnoreOnly(dir string, patterns []string) (*Config, error) {
	abs, err := fspath.Abs(dir)
	if err != nil {
		return nil, err
	}
	c := &Config{Dir: abs}
	for _, p := range patterns {
		if err := validPattern("--ignore-pattern", "", p); err != nil {
			return nil, fmt.Errorf("--ignore-pattern %q: not a pattern relative to the working directory (globs: *, **, ?, [...], {a,b})", p)
		}
		c.ignore = append(c.ignore, strings.TrimPrefix(p, "./"))
	}
	return c, nil
}

// Known is the check-name test the Finder was made with (a fresh Finder,
// after a looplint.json changed, is made with it again).
func (f *Finder) Known() func(string) bool { return f.known }
