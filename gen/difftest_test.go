package gen_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/looplint/looplint/gen"
	"github.com/looplint/looplint/internal/difftest"
	"github.com/looplint/looplint/loop"
)

// known lists the seeds of the default set whose programs disagree, with
// their minimized case in testdata/difftest and what is wrong. They are
// predictor or runtime bugs left to their owners (see
// testdata/difftest/README.md); the test reports them instead of failing.
// A known seed that agrees again is reported too, so that it can go.
var known = map[uint64]string{}

func envInt(t *testing.T, name string, def uint64) uint64 {
	s := os.Getenv(name)
	if s == "" {
		return def
	}
	n, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		t.Fatalf("%s=%q: %v", name, s, err)
	}
	return n
}

// TestDifferential generates programs with fixed seeds and checks the
// predictor against the runtime on Node 10, 20 and 26: every predicted
// order must replay to exactly that stdout and exit code, and a seeded
// random exploration of the runtime must find nothing unpredicted.
// Programs the predictor cannot model completely are skipped and counted.
//
// DIFFTEST_N (default 200, 20 with -short; `make difftest` runs 10000),
// DIFFTEST_SEED (first seed, default 1), DIFFTEST_SIZE (default 5),
// DIFFTEST_EXPLORE (the runtime's runs per check, default 10) and
// DIFFTEST_MAXRUNS (the predictor's exploration cap, default 2000: a
// truncated exploration counts as incomplete) change the run. With DIFFTEST_WRITE=1 each
// disagreement (the first DIFFTEST_MINIMIZE_MAX, default 50) is
// minimized and written to testdata/difftest/SEED.js (DIFFTEST_WRITE=DIR:
// to DIR).
func TestDifferential(t *testing.T) {
	n := envInt(t, "DIFFTEST_N", 200)
	from := envInt(t, "DIFFTEST_SEED", 1)
	size := envInt(t, "DIFFTEST_SIZE", 5)
	explore := envInt(t, "DIFFTEST_EXPLORE", 10)
	maxRuns := envInt(t, "DIFFTEST_MAXRUNS", 2000)
	if testing.Short() && os.Getenv("DIFFTEST_N") == "" {
		n = 20
	}
	var versions []loop.Version
	for _, s := range []string{"10", "20", "26"} {
		v, err := loop.ParseVersion(s)
		if err != nil {
			t.Fatal(err)
		}
		versions = append(versions, v)
	}
	opts := gen.Options{Size: int(size)}
	defaults := opts == gen.Options{Size: 5}
	run := &difftest.Run{From: from, N: n, Gen: opts, Versions: versions,
		Check: difftest.Config{Explore: int(explore), MaxRuns: int(maxRuns)}}
	start := time.Now()
	if n >= 500 {
		last := time.Now()
		run.Progress = func(done uint64, s *difftest.Summary) {
			if time.Since(last) > 30*time.Second || done == n {
				last = time.Now()
				t.Logf("%s: %d/%d: %s", time.Since(start).Round(time.Second), done, n, s)
			}
		}
	}
	sum := run.Do()
	t.Logf("seeds %d..%d, size %d, %d schedules per check, predictor cap %d runs, in %s: %s", from, from+n-1, size, explore,
		maxRuns, time.Since(start).Round(time.Millisecond), sum)
	for r, k := range sum.IncompleteReasons {
		t.Logf("incomplete (first reason): %d × %s", k, r)
	}
	// The generator uses only what the predictor models, so incomplete
	// predictions come from explorations too large to finish.
	if limit := sum.Programs / 5; sum.Incomplete > limit {
		t.Errorf("%d of %d programs predicted incompletely (limit %d)", sum.Incomplete, sum.Programs, limit)
	}
	if sum.CheckKinds[difftest.Broken] > 0 {
		for _, d := range sum.Disagreements {
			if v, _ := d.Disagreement(); v.Kind == difftest.Broken {
				t.Errorf("seed %d: %s", d.Seed, v)
			}
		}
	}
	write := os.Getenv("DIFFTEST_WRITE")
	if write == "1" {
		write = filepath.Join("..", "testdata", "difftest")
	}
	maxMin := envInt(t, "DIFFTEST_MINIMIZE_MAX", 50)
	disagreeing := map[uint64]bool{}
	shown := uint64(0)
	for _, d := range sum.Disagreements {
		disagreeing[d.Seed] = true
		v, _ := d.Disagreement()
		if why, ok := known[d.Seed]; ok && defaults {
			t.Logf("seed %d: known disagreement (%s): %s", d.Seed, why, v)
			continue
		}
		shown++
		msg := fmt.Sprintf("seed %d disagrees: %s", d.Seed, v)
		switch {
		case shown > maxMin:
			// Only counted: DIFFTEST_MINIMIZE_MAX bounds the time spent.
		case write != "":
			m := run.Minimize(d)
			p, err := m.Write(write)
			if err != nil {
				t.Fatal(err)
			}
			msg += fmt.Sprintf("\nminimized (%d → %d statements) to %s: %s", d.Program.Units(), m.Program.Units(), p, m.Verdict)
		default:
			msg += "\n" + indent(d.Program.Source())
		}
		t.Error(msg)
	}
	for seed, why := range known {
		if defaults && seed >= from && seed < from+n && !disagreeing[seed] {
			t.Logf("seed %d is listed as a known disagreement (%s) but agrees now: remove it from known", seed, why)
		}
	}
}

func indent(s string) string {
	return "\t" + strings.ReplaceAll(strings.TrimRight(s, "\n"), "\n", "\n\t")
}

// TestKnownDisagreements replays the minimized cases of testdata/difftest
// on the version they were minimized for and reports which still
// disagree. It fails only when a case no longer parses.
func TestKnownDisagreements(t *testing.T) {
	for _, c := range minimizedCases(t, "*.js") {
		vd := difftest.Check(c.name, c.src, c.node, difftest.Config{})
		switch {
		case vd.Kind == difftest.Broken:
			t.Errorf("%s: %s", c.name, vd)
		case vd.Kind.Disagrees():
			t.Logf("%s: still disagrees: %s", c.name, vd)
		default:
			t.Logf("%s: no longer disagrees (%s): fixed? then move it to fixed/ and drop its entry in known/README", c.name, vd.Kind)
		}
	}
}

// minimizedCase is a minimized disagreement of testdata/difftest with the
// version its header says it was minimized on.
type minimizedCase struct {
	name, src string
	node      loop.Version
}

// minimizedCases reads the cases matching pattern under testdata/difftest.
func minimizedCases(t *testing.T, pattern string) []minimizedCase {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "difftest", pattern))
	var out []minimizedCase
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		first, _, _ := strings.Cut(string(data), "\n")
		_, rest, ok := strings.Cut(first, "minimized on Node ")
		vs, _, _ := strings.Cut(rest, " ")
		v, err := loop.ParseVersion(vs)
		if !ok || err != nil {
			t.Errorf("%s: no \"minimized on Node V\" header", file)
			continue
		}
		out = append(out, minimizedCase{filepath.Base(file), string(data), v})
	}
	return out
}

// TestFixedDisagreements replays the minimized cases of disagreements
// since fixed (testdata/difftest/fixed): each must agree now.
func TestFixedDisagreements(t *testing.T) {
	cases := minimizedCases(t, filepath.Join("fixed", "*.js"))
	if len(cases) == 0 {
		t.Fatal("no fixed cases found")
	}
	for _, c := range cases {
		if vd := difftest.Check(c.name, c.src, c.node, difftest.Config{}); vd.Kind != difftest.Agree {
			t.Errorf("fixed/%s: disagrees again: %s", c.name, vd)
		}
	}
}
