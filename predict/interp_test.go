package predict

import (
	"fmt"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/looplint/looplint/explore"
	"github.com/looplint/looplint/internal/nodecase"
	"github.com/looplint/looplint/ir"
	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/parse"
	"github.com/looplint/looplint/runtime/memfs"
)

// loadNodeCase writes a testdata/runtime archive to a temp dir.
func loadNodeCase(t *testing.T, path string) (string, map[string]nodecase.Record) {
	c, err := nodecase.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	main, err := c.WriteTo(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return main, c.Node
}

func outKey(stdout []string, code int) string {
	return fmt.Sprintf("%s\n[exit %d]", strings.Join(stdout, "\n"), code)
}

// TestInterpNodeCases runs the interpreter alone on every testdata/runtime
// and testdata/predict case and version: a complete prediction must be
// sound (every recorded outcome predicted), and every predicted witness
// must replay to its order through the interpreter. (Exactness, and the
// answer with the runtime behind it: answer.TestPredictNodeCases.)
func TestInterpNodeCases(t *testing.T) {
	files, _ := filepath.Glob("../testdata/runtime/*.txtar")
	only, _ := filepath.Glob("../testdata/predict/*.txtar")
	files = append(files, only...)
	if len(files) == 0 {
		t.Fatal("no cases")
	}
	counts := map[string]int{}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".txtar")
		main, rec := loadNodeCase(t, file)
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
				counts["parse error"]++
				continue
			}
			p := loop.Profile{Node: v, Module: f.Module(loop.Profile{Node: v}.DetectModule())}
			// The case's directory is the working directory, as for
			// `looplint predict --fs`.
			files, err := memfs.New(memfs.Options{MountDir: filepath.Dir(main), Cwd: "/app"})
			if err != nil {
				t.Fatal(err)
			}
			opts := Options{Explore: explore.Config{MaxRuns: 5000}, Files: files, Filename: "/app/" + filepath.Base(main), Cwd: "/app", StallMS: 20}
			pr := Predict(f, p, opts)
			if !pr.Complete {
				if len(pr.Reasons) == 0 {
					t.Errorf("%s %s: incomplete without a reason", name, vs)
				}
				counts["incomplete"]++
				continue
			}
			counts["complete"]++
			for _, o := range rec[vs].Outcomes {
				if o.Killed() && pr.HasHang(o.Stdout) {
					continue // Node never ended, nor does the prediction
				}
				if !pr.Has(o.Stdout, o.ExitCode, false) {
					var got []string
					for _, o := range pr.List(100) {
						got = append(got, outKey(o.Stdout, o.ExitCode))
					}
					t.Errorf("%s %s: complete but unsound: Node printed\n%s\npredicted:\n%s", name, vs, outKey(o.Stdout, o.ExitCode), strings.Join(got, "\n--\n"))
				}
			}
			replayWitnesses(t, name+" "+vs, f, p, opts, pr)
		}
	}
	t.Logf("interpreter alone: %v", counts)
}

func replayWitnesses(t *testing.T, name string, f *parse.File, p loop.Profile, opts Options, pr explore.Prediction) {
	// Predicted as Node's SyntaxError at load: nothing to replay.
	if len(pr.Orders) == 1 && len(pr.Orders[0].Stderr) == 1 && strings.HasPrefix(pr.Orders[0].Stderr[0], "SyntaxError") {
		return
	}
	if _, ok := refusedAtLoad(f, p); ok {
		return
	}
	prog, err := ir.Lower(f, p.Module == loop.ESModule)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range pr.Orders {
		h := NewHost(prog, p, opts)
		lim := loop.Limits{MaxDrain: loop.DefaultLimits.MaxDrain, MaxCallbacks: 10000, MaxVirtualMS: 3600 * 1000}
		if hg := o.Hang; o.Endless && hg.Proven {
			lim.MaxIterations = hg.Iterations - 1 // where it was stopped
		} else if o.Endless {
			lim.MaxRuns = hg.Units
		}
		l := loop.New(p, h, &loop.Replay{W: o.Witness}, lim)
		h.Attach(l)
		out, code := h.Run()
		if o.Endless && len(out) >= len(o.Stdout) && slices.Equal(out[:len(o.Stdout)], o.Stdout) {
			// A repetition's output was put in one form (explore's lasso):
			// the replay prints it, and more of it.
			continue
		}
		if !slices.Equal(out, o.Stdout) || code != o.ExitCode {
			t.Errorf("%s: witness %+v replayed\n%s\ninstead of\n%s", name, o.Witness, outKey(out, code), outKey(o.Stdout, o.ExitCode))
		}
	}
}
