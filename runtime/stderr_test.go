package runtime_test

import (
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/parse"
	"github.com/looplint/looplint/realnode"
	"github.com/looplint/looplint/runtime"
)

// stderrCases print what Node itself prints when a program fails: an
// uncaught error's source line, caret and text, the "Node.js vX" line,
// the unhandled-rejection warnings of Node <= 14. The runtime must print
// what Node printed (as the recorder normalises it: no stack frames, no
// blank lines, pids masked), except the header of an error Node's own
// library throws (its file, source line and caret), which it lacks, and
// an error the engine words its own way (runtime.EngineWording).
var stderrCases = []string{
	"rejection-unhandled-default", "rejection-reason-text", "rejection-engine-error", "reject-non-error",
	"rejection-handled-late", "uncaught-exception-no-handler", "throw-non-error", "exit-listener-throws",
	"custom-errors", "esm-throw-hops",
}

func TestNodeStderr(t *testing.T) {
	for _, name := range stderrCases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			dir, main, rec := loadCase(t, "../testdata/runtime/"+name+".txtar")
			versions := make([]string, 0, len(rec))
			for v := range rec {
				versions = append(versions, v)
			}
			sort.Strings(versions)
			for _, vs := range versions {
				v, err := loop.ParseVersion(vs)
				if err != nil {
					t.Fatal(err)
				}
				f, err := parse.Load(main)
				if err != nil {
					t.Fatal(err)
				}
				prog, err := runtime.Prepare(f, runtime.Options{Node: v, FSDir: dir})
				if err != nil {
					t.Fatal(err)
				}
				outs := prog.Explore(40, 1)
				for _, o := range rec[vs].Outcomes {
					want := o.Stderr
					if len(want) >= 3 && (strings.HasPrefix(want[0], "node:") || strings.HasPrefix(want[0], "internal/")) {
						want = want[3:] // Node's own file, line and caret
					}
					found := false
					for _, r := range outs {
						if key(r.Stdout, r.ExitCode) != key(o.Stdout, o.ExitCode) {
							continue
						}
						found = true
						got := realnode.NormalizeStderr(strings.ReplaceAll(strings.Join(r.Stderr, "\n"), runtime.AppDir, "$DIR"))
						if l, ok := runtime.EngineWording(got, v); ok {
							// The rest must still be Node's.
							if i := slices.Index(got, l); len(got) == len(want) {
								got, want = slices.Delete(slices.Clone(got), i, i+1), slices.Delete(slices.Clone(want), i, i+1)
							}
						}
						if !slices.Equal(got, want) {
							t.Errorf("Node %s printed on stderr:\n  %s\nthe runtime:\n  %s", vs, strings.Join(want, "\n  "), strings.Join(got, "\n  "))
						}
						break
					}
					if !found {
						t.Errorf("Node %s: the runtime did not print %q", vs, o.Stdout)
					}
				}
			}
		})
	}
}
