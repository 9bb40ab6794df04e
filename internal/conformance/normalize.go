package main

import (
	"strconv"
	"strings"

	"github.com/looplint/looplint/realnode"
)

// virtualPaths maps the placeholders the shared corpus writes for real
// directories to the virtual paths the looplint sandbox shows for the same
// directories. It is the only place where the two worlds are tied together.
//
//	$CASES/    the directory holding the snippet; with --fs pointing elsewhere
//	           the runtime mounts the snippet at /script/<basename>
//	$FIXTURES/ the working directory Node ran in; the runtime mounts --fs at
//	           /app and uses it as the working directory
var virtualPaths = []struct{ Placeholder, Virtual string }{
	{"$CASES/", "/script/"},
	{"$FIXTURES/", "/app/"},
}

// corpusVersions maps the major versions used as keys in corpus.json to the
// exact Node versions the corpus README says were measured.
var corpusVersions = map[string]string{
	"10": "10.24.1",
	"20": "20.20.2",
	"22": "22.12.0",
}

// normalizeLines applies the corpus README's comparison rules to stdout lines:
// trailing whitespace is stripped, stack frames are dropped and trailing
// blank lines are removed (realnode.NormalizeLines, shared with looplint verify).
func normalizeLines(lines []string) []string { return realnode.NormalizeLines(lines) }

// substitutePlaceholders rewrites $CASES/ and $FIXTURES/ in Node's output to
// the runtime's virtual paths (see virtualPaths).
func substitutePlaceholders(s string) string {
	for _, p := range virtualPaths {
		s = strings.ReplaceAll(s, p.Placeholder, p.Virtual)
	}
	return s
}

// nodeStdoutKey normalises a stdout recorded from real Node (corpus: the raw
// text; probes: lines already split) into the canonical comparison key.
func nodeStdoutKey(lines []string) string {
	for i, l := range lines {
		lines[i] = substitutePlaceholders(l)
	}
	return strings.Join(normalizeLines(lines), "\n")
}

// corpusStdoutLines splits a corpus "outputs" key (raw stdout) into lines.
func corpusStdoutLines(raw string) []string {
	return strings.Split(raw, "\n")
}

// probeKey is one parsed key of probes/results.json:
// stdout lines, then "ERR:<line>" elements, then "EXIT:<n>" when non-zero,
// joined with "|".
type probeKey struct {
	Stdout   []string
	Errs     []string
	Exit     int
	TimedOut bool
}

func parseProbeKey(key string) probeKey {
	if key == "TIMEOUT" {
		return probeKey{TimedOut: true}
	}
	var k probeKey
	if key == "" {
		return k
	}
	parts := strings.Split(key, "|")
	i := 0
	for ; i < len(parts); i++ {
		if strings.HasPrefix(parts[i], "ERR:") || strings.HasPrefix(parts[i], "EXIT:") {
			break
		}
	}
	k.Stdout = parts[:i]
	for _, p := range parts[i:] {
		if e, ok := strings.CutPrefix(p, "EXIT:"); ok {
			if n, err := strconv.Atoi(e); err == nil {
				k.Exit = n
			}
		} else if e, ok := strings.CutPrefix(p, "ERR:"); ok {
			k.Errs = append(k.Errs, e)
		}
	}
	return k
}

// abbreviate renders an output key on one line for the report.
func abbreviate(key string, max int) string {
	if key == "" {
		return "(no output)"
	}
	s := strings.ReplaceAll(key, "\n", " / ")
	if r := []rune(s); len(r) > max {
		s = string(r[:max-1]) + "…"
	}
	return s
}

// parseVersion returns major and minor of "22.12.0" (or of "22").
func parseVersion(v string) (major, minor int) {
	parts := strings.SplitN(v, ".", 3)
	major, _ = strconv.Atoi(parts[0])
	if len(parts) > 1 {
		minor, _ = strconv.Atoi(parts[1])
	}
	return major, minor
}

// family maps a Node version to its behavioural family (docs/semantics.md §1).
func family(v string) string {
	major, minor := parseVersion(v)
	switch {
	case major <= 8:
		return "A"
	case major <= 10:
		return "B"
	case major == 11:
		return "C"
	case major <= 14:
		return "D"
	case major == 22 && minor >= 18, major == 24 && minor >= 3, major >= 25:
		return "F"
	default: // 15 … 22.17, 23, 24.0–24.2
		return "E"
	}
}

// versionLess orders versions numerically ("8.17.0" < "10.24.1").
func versionLess(a, b string) bool {
	pa, pb := strings.Split(a, "."), strings.Split(b, ".")
	for i := 0; i < len(pa) && i < len(pb); i++ {
		x, _ := strconv.Atoi(pa[i])
		y, _ := strconv.Atoi(pb[i])
		if x != y {
			return x < y
		}
	}
	return len(pa) < len(pb)
}

// versionSelected reports whether v is in the -versions list; an entry may be
// an exact version ("20.20.2") or a major ("20").
func versionSelected(v string, list []string) bool {
	if len(list) == 0 {
		return true
	}
	major, _ := parseVersion(v)
	for _, want := range list {
		if want == v || want == strconv.Itoa(major) {
			return true
		}
	}
	return false
}
