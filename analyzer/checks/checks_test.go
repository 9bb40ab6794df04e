package checks_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/looplint/looplint/analyzer/analysistest"
	"github.com/looplint/looplint/analyzer/checks"
	"github.com/looplint/looplint/analyzer/driver"
)

func TestValid(t *testing.T) {
	if err := analysis.Validate(checks.All); err != nil {
		t.Fatal(err)
	}
	for _, a := range checks.All {
		if !strings.Contains(a.Doc, "Bad:") || !strings.Contains(a.Doc, "Fix") {
			t.Errorf("%s: Doc must teach with a bad example and a fix", a.Name)
		}
		if checks.Lookup(a.Name) != a {
			t.Errorf("Lookup(%q) broken", a.Name)
		}
	}
}

// TestHazardEquivalents runs every check together on our own versions of
// the shared hazard samples.
func TestHazardEquivalents(t *testing.T) {
	analysistest.Run(t, "testdata", checks.All...)
}

// TestSharedHazards runs on ../shared/hazards when it exists (set
// LOOPLINT_SHARED to point elsewhere); make test does not need it.
func TestSharedHazards(t *testing.T) {
	shared := os.Getenv("LOOPLINT_SHARED")
	if shared == "" {
		shared = filepath.Join("..", "..", "..", "shared")
	}
	dir := filepath.Join(shared, "hazards")
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("no shared hazards at %s", dir)
	}
	want := map[string][]string{
		"01-recursive-nexttick.js":   {"nexttickloop"},
		"03-emit-in-constructor.js":  {"emitbeforelisten"},
		"06-block-loop.js":           {"blockingwait"},
		"08-microtask-starvation.js": {"microtaskloop"},
		"04-timeout-vs-immediate.js": {"timerrace"},
		"05-ordering-quiz.js":        {"timerrace", "esmtickorder"},
		"02-zalgo.js":                {"zalgo"},
	}
	var paths []string
	for name := range want {
		paths = append(paths, filepath.Join(dir, name))
	}
	for _, res := range driver.Run(paths, checks.All, driver.Options{}) {
		if res.Err != nil {
			t.Errorf("%v", res.Err)
			continue
		}
		found := map[string]bool{}
		for _, d := range res.Diagnostics {
			t.Logf("%s:%d:%d: %s (%s)", res.Path, d.Pos.Line, d.Pos.Col, d.Message, d.Check)
			found[d.Check] = true
		}
		for _, check := range want[filepath.Base(res.Path)] {
			if !found[check] {
				t.Errorf("%s: %s did not report the hazard", res.Path, check)
			}
		}
	}
}
