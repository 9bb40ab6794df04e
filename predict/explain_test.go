package predict

import (
	"slices"
	"strings"
	"testing"

	"github.com/looplint/looplint/explore"
	"github.com/looplint/looplint/internal/nodecase"
	"github.com/looplint/looplint/ir"
	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/parse"
)

// explainCase explains the one order the interpreter predicts for a
// recorded case on version, checking that its steps print, in order,
// what real Node printed.
func explainCase(t *testing.T, name, version string) []explore.Step {
	t.Helper()
	c, err := nodecase.Load("../testdata/runtime/" + name + ".txtar")
	if err != nil {
		t.Fatal(err)
	}
	main, err := c.WriteTo(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	f, err := parse.Load(main)
	if err != nil {
		t.Fatal(err)
	}
	v, err := loop.ParseVersion(version)
	if err != nil {
		t.Fatal(err)
	}
	p := loop.Profile{Node: v, Module: loop.CommonJS}
	pr := Predict(f, p, Options{})
	if !pr.Complete || len(pr.Orders) != 1 {
		t.Fatalf("%s on %s: %+v", name, version, pr)
	}
	prog, err := ir.Lower(f, false)
	if err != nil {
		t.Fatal(err)
	}
	steps := Explain(prog, p, Options{}, pr.Orders[0].Witness)
	var printed []string
	for _, st := range steps {
		printed = append(printed, st.Printed...)
	}
	if want := recorded(t, name, version); !slices.Equal(printed, want) {
		t.Fatalf("%s on %s: the steps print %q, Node printed %q", name, version, printed, want)
	}
	return steps
}

// stepOf is the step that printed line.
func stepOf(t *testing.T, steps []explore.Step, line string) (int, explore.Step) {
	t.Helper()
	for i, st := range steps {
		if slices.Contains(st.Printed, line) {
			return i, st
		}
	}
	t.Fatalf("no step printed %q", line)
	return 0, explore.Step{}
}

// The await of a native promise costs 3 jobs on Node 10 and 1 on Node
// 20: the continuation says so, at the await's position, and on 10 the
// two jobs that print nothing before it are said where they ran.
func TestExplainAwaitJobs(t *testing.T) {
	for _, v := range []string{"10.24.1", "20.20.2"} {
		steps := explainCase(t, "async-mixed-classic", v)
		i, resume := stepOf(t, steps, "outer-resume")
		if resume.Queue != "microtask" || resume.Pos != (ir.Pos{Line: 4, Col: 3}) || !strings.Contains(resume.Callback, "await at 4:3") {
			t.Errorf("%s: the continuation is %+v", v, resume)
		}
		_, a := stepOf(t, steps, "chain-a")
		_, b := stepOf(t, steps, "chain-b")
		if a.Callback != "the .then callback at 11:4" || b.Callback != "the .then callback at 12:4" {
			t.Errorf("%s: the chain's steps are %q and %q", v, a.Callback, b.Callback)
		}
		var silent []explore.Step
		for _, st := range steps[:i] {
			if st.Silent {
				silent = append(silent, st)
			}
		}
		if v == "10.24.1" {
			if !strings.Contains(resume.Reason, "3rd of the 3 jobs") || !strings.Contains(resume.Reason, "Node 10 and 11") {
				t.Errorf("%s: reason %q", v, resume.Reason)
			}
			// The wrapper's NewPromiseResolveThenableJob and the reaction
			// that settles it ran before chain-a and chain-b.
			if len(silent) != 2 || !strings.Contains(silent[0].Callback, "NewPromiseResolveThenableJob of await at 4:3") ||
				!strings.Contains(silent[1].Reason, "2nd of the 3 jobs") {
				t.Errorf("%s: the jobs that print nothing before the continuation: %+v", v, silent)
			}
		} else {
			if !strings.Contains(resume.Reason, "costs 1 job on Node 12 and later") {
				t.Errorf("%s: reason %q", v, resume.Reason)
			}
			if len(silent) != 0 {
				t.Errorf("%s: jobs that print nothing: %+v", v, silent)
			}
		}
	}
}

// `async f() { return p }` adopts p: 2 extra jobs, said on the jobs
// themselves and on the .then callback that waited for them.
func TestExplainAdoptionJobs(t *testing.T) {
	for _, v := range []string{"12.22.12", "20.20.2"} {
		steps := explainCase(t, "async-return-vs-return-await", v)
		i, st := stepOf(t, steps, "return-p settled")
		if st.Callback != "the .then callback at 4:13" || !strings.Contains(st.Reason, "2 jobs later than for a plain value") ||
			!strings.Contains(st.Reason, "the return at 2:30") {
			t.Errorf("%s: %+v", v, st)
		}
		said := ""
		for _, s := range steps[:i] {
			if s.Silent {
				said += s.Callback + " / " + s.Reason + "\n"
			}
		}
		if !strings.Contains(said, "NewPromiseResolveThenableJob of the return at 2:30") ||
			!strings.Contains(said, "the reaction that settles the promise of the return at 2:30 / 2nd of the 2 extra jobs") {
			t.Errorf("%s: the jobs that print nothing before it:\n%s", v, said)
		}
	}
}

// What processing an unhandled rejection prints is its own step, after
// the drain whose jobs printed before it.
func TestExplainRejectionStep(t *testing.T) {
	steps := explainCase(t, "rejection-unhandled-default", "20.20.2")
	j, _ := stepOf(t, steps, "job-still-runs")
	for i, st := range steps {
		if len(st.Stderr) == 0 {
			continue
		}
		if st.Queue != "rejection" || i < j {
			t.Errorf("stderr in step %d %+v (the last job printed in step %d)", i, st, j)
		}
	}
}
