// Package nodespec decides which Node release a command models when it is
// not told: the one the project declares (.nvmrc, .node-version,
// package.json's engines.node, nearest the file first), else the node on
// PATH, else the newest release looplint models. It also reads the ways
// people name a release: 22, v22.17.0, 22.x, lts, lts/iron, node, and
// npm ranges such as ">=20" or "^18.17 || ^20".
package nodespec

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/Masterminds/semver/v3"

	"github.com/looplint/looplint/loop"
)

// Choice is the release to model and where it came from, for messages
// ("Node 20.20.2 from /repo/.nvmrc").
type Choice struct {
	Version loop.Version
	From    string // "--node", a file's path, "the node on PATH", "the newest modelled"
}

// OnPath reports the node on PATH's `node --version` (ok false: none).
type OnPath func() (string, bool)

// Resolve picks the release: flag when set, else the project's
// declaration nearest dir (up to the repository's root), else the node
// on PATH, else loop.Newest. A declaration looplint cannot read is an
// error naming the file, never silently skipped.
func Resolve(flag, dir string, onPath OnPath) (Choice, error) {
	if strings.TrimSpace(flag) != "" {
		v, err := Parse(flag, onPath)
		return Choice{v, "--node"}, err
	}
	if dir != "" {
		spec, file, err := declared(dir)
		if err != nil {
			return Choice{}, err
		}
		if file != "" {
			v, err := Parse(spec, onPath)
			if err != nil {
				return Choice{}, fmt.Errorf("%s: %v", file, err)
			}
			return Choice{v, file}, nil
		}
	}
	if v, ok := pathVersion(onPath); ok {
		return Choice{v, "the node on PATH"}, nil
	}
	return Choice{loop.Newest, "the newest modelled"}, nil
}

// pathVersion is the node on PATH as a modelled release: itself, or, when
// it is newer than the model knows, the newest of its line.
func pathVersion(onPath OnPath) (loop.Version, bool) {
	if onPath == nil {
		return loop.Version{}, false
	}
	out, ok := onPath()
	if !ok {
		return loop.Version{}, false
	}
	v, err := loop.ParseVersion(out)
	if err != nil {
		return loop.Version{}, false
	}
	if loop.Modelled(v) == nil {
		return v, true
	}
	return loop.Latest(v.Major)
}

// Parse reads one release specification. A range picks the node on PATH
// when it satisfies the range (that is the node the project runs), else
// the newest modelled release that does.
func Parse(spec string, onPath OnPath) (loop.Version, error) {
	s := strings.TrimSpace(spec)
	low := strings.ToLower(s)
	switch {
	case s == "":
		return loop.Version{}, errors.New("empty Node version")
	case low == "node" || low == "latest" || low == "current" || low == "stable":
		return loop.Newest, nil
	case low == "lts" || low == "lts/*" || strings.HasPrefix(low, "lts/"):
		return lts(low)
	case low == "x" || low == "*" || low == "x.x.x" || low == "*.*.*":
		return loop.Version{}, fmt.Errorf("%q names every release: name one (e.g. 22, lts, >=20)", spec)
	}
	if exact(s) {
		v, err := loop.ParseVersion(s)
		if err == nil {
			err = loop.Modelled(v)
		}
		return v, err
	}
	if line, ok := wildLine(s); ok {
		v, known := loop.Latest(line)
		if !known {
			return loop.Version{}, fmt.Errorf("Node %s is not modelled (looplint models Node 8 to %d)", s, loop.Newest.Major)
		}
		return v, nil
	}
	c, err := semver.NewConstraint(s)
	if err != nil {
		return loop.Version{}, fmt.Errorf("invalid Node version %q (want e.g. 22, 22.17.0, 22.x, lts, >=20)", spec)
	}
	if v, ok := pathVersion(onPath); ok && c.Check(semverOf(v)) {
		return v, nil
	}
	for _, v := range modelled() {
		if c.Check(semverOf(v)) {
			return v, nil
		}
	}
	return loop.Version{}, fmt.Errorf("no release looplint models satisfies %q (it models the newest of each line, 8 to %d)", s, loop.Newest.Major)
}

// exact: digits and dots, with an optional leading v ("22", "v22.17.0").
func exact(s string) bool {
	t := strings.TrimPrefix(s, "v")
	if t == "" {
		return false
	}
	for _, r := range t {
		if (r < '0' || r > '9') && r != '.' {
			return false
		}
	}
	return true
}

// wildLine reads "22.x", "22.*", "v22.x.x": a line's newest release.
func wildLine(s string) (int, bool) {
	parts := strings.Split(strings.TrimPrefix(s, "v"), ".")
	if len(parts) < 2 || len(parts) > 3 {
		return 0, false
	}
	var line int
	if _, err := fmt.Sscanf(parts[0], "%d", &line); err != nil || fmt.Sprint(line) != parts[0] {
		return 0, false
	}
	for _, p := range parts[1:] {
		if p != "x" && p != "X" && p != "*" {
			return 0, false
		}
	}
	return line, true
}

// modelled lists the newest release of each modelled line, newest first.
func modelled() []loop.Version {
	var out []loop.Version
	for major := 8; major <= loop.Newest.Major; major++ {
		if v, ok := loop.Latest(major); ok {
			out = append(out, v)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[j].Less(out[i]) })
	return out
}

func semverOf(v loop.Version) *semver.Version {
	return semver.New(uint64(v.Major), uint64(v.Minor), uint64(v.Patch), "", "")
}

// ltsNames are the long-term-support lines by codename (nvm's lts/NAME).
// Node 26 became LTS in October 2026; its codename is not recorded here.
var ltsNames = map[string]int{
	"carbon": 8, "dubnium": 10, "erbium": 12, "fermium": 14, "gallium": 16,
	"hydrogen": 18, "iron": 20, "jod": 22, "krypton": 24,
}

// newestLTS is the newest line in long-term support that looplint models.
const newestLTS = 26

func lts(low string) (loop.Version, error) {
	name := strings.TrimPrefix(strings.TrimPrefix(low, "lts"), "/")
	major := newestLTS
	switch {
	case name == "" || name == "*":
	case strings.HasPrefix(name, "-"):
		// lts/-1: the LTS line before the newest.
		var back int
		if _, err := fmt.Sscanf(name, "-%d", &back); err != nil || back < 0 {
			return loop.Version{}, fmt.Errorf("invalid Node version %q", low)
		}
		major -= 2 * back
	default:
		m, ok := ltsNames[name]
		if !ok {
			return loop.Version{}, fmt.Errorf("unknown LTS line %q (known: lts/*, lts/-N, lts/krypton, lts/jod, lts/iron, ...)", low)
		}
		major = m
	}
	v, ok := loop.Latest(major)
	if !ok {
		return loop.Version{}, fmt.Errorf("%s names Node %d, which looplint does not model", low, major)
	}
	return v, nil
}

// declared finds the project's declaration nearest dir: in each
// directory from dir up to the repository's root (a directory holding
// .git) or the file system's root, .nvmrc, then .node-version, then
// package.json's engines.node. It returns the specification and its
// file ("" when none).
func declared(dir string) (spec, file string, err error) {
	d, err := filepath.Abs(dir)
	if err != nil {
		return "", "", nil
	}
	for {
		for _, name := range []string{".nvmrc", ".node-version"} {
			p := filepath.Join(d, name)
			data, err := os.ReadFile(p)
			if err != nil {
				continue
			}
			if s := firstLine(string(data)); s != "" {
				return s, p, nil
			}
			return "", "", fmt.Errorf("%s: names no Node version", p)
		}
		p := filepath.Join(d, "package.json")
		if data, err := os.ReadFile(p); err == nil {
			var pkg struct {
				Engines map[string]any `json:"engines"`
			}
			if err := json.Unmarshal(data, &pkg); err != nil {
				return "", "", fmt.Errorf("%s: %v", p, err)
			}
			if n, ok := pkg.Engines["node"].(string); ok && strings.TrimSpace(n) != "" {
				return n, p + " (engines.node)", nil
			}
		}
		if st, err := os.Stat(filepath.Join(d, ".git")); err == nil && st != nil {
			return "", "", nil
		}
		up := filepath.Dir(d)
		if up == d {
			return "", "", nil
		}
		d = up
	}
}

// firstLine is a version file's specification: its first line that is
// not blank or a comment (nvm allows "# ..." comments).
func firstLine(s string) string {
	for _, l := range strings.Split(s, "\n") {
		if i := strings.IndexByte(l, '#'); i >= 0 {
			l = l[:i]
		}
		if l = strings.TrimSpace(l); l != "" {
			return l
		}
	}
	return ""
}

// List reads a comma-separated list of releases ("10,20.20,lts,26.x"),
// each as Parse reads it; an error names the entry. The versions come
// back oldest first, each once: entries that name the same release ("20"
// and "20.20.2") are merged.
func List(list string, onPath OnPath) ([]loop.Version, error) {
	var out []loop.Version
	seen := map[loop.Version]bool{}
	for _, entry := range strings.Split(list, ",") {
		e := strings.TrimSpace(entry)
		if e == "" {
			return nil, fmt.Errorf("empty entry in the version list %q (want e.g. 10,20,26)", list)
		}
		v, err := Parse(e, onPath)
		if err != nil {
			return nil, fmt.Errorf("%q in the version list: %v", e, err)
		}
		if !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Less(out[j]) })
	return out, nil
}
