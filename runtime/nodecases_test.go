package runtime_test

import (
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/looplint/looplint/internal/frames"
	"github.com/looplint/looplint/internal/nodecase"
	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/parse"
	"github.com/looplint/looplint/runtime"
)

// loadCase writes an archive's files to a temp dir and returns the dir,
// the main file and the recorded outputs.
func loadCase(t *testing.T, path string) (string, string, map[string]nodecase.Record) {
	c, err := nodecase.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	main, err := c.WriteTo(dir)
	if err != nil {
		t.Fatal(err)
	}
	return dir, main, c.Node
}

// nodecaseEnv is the case's '# env:' (nodecase.Case.Env).
func nodecaseEnv(t *testing.T, path string) map[string]string {
	c, err := nodecase.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	return c.Env
}

// explorations per case and version: enough for the racy cases (more
// than one order seen on some version) to show every order Node showed.
const (
	explorations     = 40
	racyExplorations = 300
	hangExplorations = 5
)

// TestNodeCases checks, for every archive in testdata/runtime and every
// Node version recorded in it, that each (stdout, exit code) pair real
// Node produced is among the outcomes the runtime reaches when it
// explores schedules of the same version's model.
func TestNodeCases(t *testing.T) {
	files, _ := filepath.Glob("../testdata/runtime/*.txtar")
	if len(files) == 0 {
		t.Fatal("no cases")
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".txtar")
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			dir, main, rec := loadCase(t, file)
			versions := make([]string, 0, len(rec))
			for v := range rec {
				versions = append(versions, v)
			}
			sort.Strings(versions)
			n := explorations
			hangs := false
			for _, r := range rec {
				if len(r.Outcomes) > 1 {
					n = racyExplorations
				}
				for _, o := range r.Outcomes {
					hangs = hangs || o.Killed()
				}
			}
			// A program that never ends runs until the loop's budget: a
			// small one, and a few schedules, show what it prints first.
			opts := runtime.Options{FSDir: dir, Env: nodecaseEnv(t, file)}
			if hangs {
				n, opts.Limits = hangExplorations, loop.Limits{MaxCallbacks: 2000}
			}
			for _, vs := range versions {
				v, err := loop.ParseVersion(vs)
				if err != nil {
					t.Fatal(err)
				}
				f, err := parse.Load(main)
				if err != nil {
					// A file the engine cannot parse must be one Node rejects too.
					for _, o := range rec[vs].Outcomes {
						if o.ExitCode == 0 {
							t.Errorf("%s: looplint rejects the file (%v) but Node ran it", vs, err)
						}
					}
					continue
				}
				opts.Node = v
				prog, err := runtime.Prepare(f, opts)
				if err != nil {
					t.Fatalf("%s: %v", vs, err)
				}
				reached := map[string]bool{}
				var got []string
				var hung [][]string // what runs that did not end printed
				for _, o := range prog.Explore(n, 1) {
					if o.Status == runtime.StatusStarvation || o.Status == runtime.StatusBudget {
						hung = append(hung, frames.Drop(o.Stdout))
					}
					k := key(o.Stdout, o.ExitCode)
					if o.Status != runtime.StatusExited {
						// Node ran every recorded case to completion.
						k += " [" + string(o.Status) + ": " + o.Message + "]"
					}
					reached[k] = true
					got = append(got, k)
					// The witness of every outcome must replay it exactly.
					if r := prog.Run(&loop.Replay{W: o.Witness}); key(r.Stdout, r.ExitCode) != key(o.Stdout, o.ExitCode) {
						t.Errorf("%s: witness %+v replayed\n%s\ninstead of\n%s", vs, o.Witness, key(r.Stdout, r.ExitCode), k)
					}
				}
				for _, o := range rec[vs].Outcomes {
					if o.Killed() {
						// Node never ended: a run that did not end printed
						// that first (or, stopped sooner, a beginning of it).
						if !slices.ContainsFunc(hung, func(out []string) bool { return prefixes(out, o.Stdout) }) {
							t.Errorf("Node %s never ended, printing first (%d of %d runs):\n%s\nlooplint reached:\n%s", vs, o.Count, rec[vs].Runs,
								key(o.Stdout, o.ExitCode), strings.Join(got, "\n--\n"))
						}
						continue
					}
					if !reached[key(o.Stdout, o.ExitCode)] {
						t.Errorf("Node %s printed (%d of %d runs):\n%s\nlooplint reached:\n%s", vs, o.Count, rec[vs].Runs,
							key(o.Stdout, o.ExitCode), strings.Join(got, "\n--\n"))
					}
				}
			}
		})
	}
}

// prefixes reports whether one of a and b begins the other.
func prefixes(a, b []string) bool {
	if len(a) > len(b) {
		a, b = b, a
	}
	return slices.Equal(a, b[:len(a)])
}

// key compares printed output without stack frames (package frames):
// the engine's frames are not V8's.
func key(stdout []string, exit int) string {
	return "  " + strings.Join(frames.Drop(stdout), "\n  ") + "\n  [exit " + itoa(exit) + "]"
}

func itoa(i int) string { return strconv.Itoa(i) }
