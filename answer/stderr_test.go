package answer

import (
	"slices"
	"strings"
	"testing"

	"github.com/looplint/looplint/explore"
	"github.com/looplint/looplint/internal/nodecase"
	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/parse"
	"github.com/looplint/looplint/predict"
	"github.com/looplint/looplint/realnode"
	lrt "github.com/looplint/looplint/runtime"
)

// The runtime's words go where the interpreter's stood for the same
// report; lines both engines print anchor the rest.
func TestPlaceStderr(t *testing.T) {
	steps := []explore.Step{
		{Queue: ""}, {Queue: "microtask", Stderr: []string{"from a job"}},
		{Queue: "rejection", Stderr: []string{"Uncaught Error: boom"}}, {Queue: "timer"},
	}
	placeStderr(steps, []string{"from a job", "main.js:2", "Promise.reject(new Error('boom'));", "               ^", "", "Error: boom"}, 0)
	if got := steps[1].Stderr; !slices.Equal(got, []string{"from a job"}) {
		t.Errorf("the job's line: %q", got)
	}
	if got := steps[2].Stderr; len(got) != 5 || got[0] != "main.js:2" || got[4] != "Error: boom" {
		t.Errorf("the report: %q", got)
	}
	if len(steps[0].Stderr)+len(steps[3].Stderr) != 0 {
		t.Errorf("lines elsewhere: %+v", steps)
	}
}

// An unhandled rejection, explained: the order's stderr is Node's (as
// recorded on real Node), and it is printed by the step that processes
// the rejections on 20, by Node's ticks after the main drain on 10.
func TestExplainUnhandledRejection(t *testing.T) {
	c, err := nodecase.Load("../testdata/runtime/rejection-unhandled-default.txtar")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	main, err := c.WriteTo(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, vs := range []string{"10.24.1", "20.20.2"} {
		v, _ := loop.ParseVersion(vs)
		f, err := parse.Load(main)
		if err != nil {
			t.Fatal(err)
		}
		prog, err := lrt.Prepare(f, lrt.Options{Node: v, FSDir: dir})
		if err != nil {
			t.Fatal(err)
		}
		files, err := prog.Files()
		if err != nil {
			t.Fatal(err)
		}
		a := Predict(f, prog, Options{Explain: true, Predict: predict.Options{Files: files, Filename: prog.VirtPath, Cwd: prog.Cwd}})
		if !a.OK || a.Engine != Interpreter || len(a.Orders) != 1 {
			t.Fatalf("%s: ok %v, engine %s, %d orders", vs, a.OK, a.Engine, len(a.Orders))
		}
		o := a.Orders[0]
		want := c.Node[vs].Outcomes[0].Stderr
		norm := func(lines []string) []string {
			return realnode.NormalizeStderr(strings.ReplaceAll(strings.Join(lines, "\n"), lrt.AppDir, "$DIR"))
		}
		if got := norm(o.Stderr); o.StderrBy != Runtime || !slices.Equal(got, want) {
			t.Errorf("%s: stderr by %s\n  %s\nNode printed\n  %s", vs, o.StderrBy, strings.Join(got, "\n  "), strings.Join(want, "\n  "))
		}
		var placed []string
		last, first := -1, -1
		for i, st := range o.Explain {
			if slices.Contains(st.Printed, "job-still-runs") {
				last = i
			}
			if len(st.Stderr) > 0 && first < 0 {
				first = i
			}
			placed = append(placed, st.Stderr...)
		}
		if !slices.Equal(placed, o.Stderr) {
			t.Errorf("%s: the steps hold %q of %q", vs, placed, o.Stderr)
		}
		if first <= last {
			t.Errorf("%s: stderr begins in step %d, before the drain's last job (%d): %+v", vs, first, last, o.Explain)
		}
		if vs == "20.20.2" && o.Explain[first].Queue != "rejection" {
			t.Errorf("%s: the report is in %+v", vs, o.Explain[first])
		}
	}
}
