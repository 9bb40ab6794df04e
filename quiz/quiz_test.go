package quiz

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/looplint/looplint/answer"
	"github.com/looplint/looplint/gen"
	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/parse"
	lrt "github.com/looplint/looplint/runtime"
)

func version(t *testing.T, s string) loop.Version {
	t.Helper()
	v, err := loop.ParseVersion(s)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// drawn are puzzles of every level on three releases.
func drawn(t *testing.T, seeds int) []*Puzzle {
	t.Helper()
	var out []*Puzzle
	for _, vs := range []string{"10", "20", "26"} {
		for level := gen.MinLevel; level <= gen.MaxLevel; level++ {
			for seed := uint64(1); seed <= uint64(seeds); seed++ {
				p, err := Draw(level, seed, version(t, vs), Options{})
				if err != nil {
					t.Fatalf("node %s level %d seed %d: %v", vs, level, seed, err)
				}
				out = append(out, p)
			}
		}
	}
	return out
}

func name(p *Puzzle) string { return fmt.Sprintf("node %s level %d seed %d", p.Node, p.Level, p.Seed) }

// A drawn puzzle is one order by a fresh prediction of its own source:
// complete, confirmed, with a machine stall considered, and that order
// is Order, every label once.
func TestDrawIsDeterministicByThePredictor(t *testing.T) {
	for _, p := range drawn(t, 4) {
		pf, err := parse.Parse("quiz.js", []byte(p.Source))
		if err != nil {
			t.Fatalf("%s: %v", name(p), err)
		}
		prog, err := lrt.Prepare(pf, lrt.Options{Node: p.Node, Module: "cjs"})
		if err != nil {
			t.Fatal(err)
		}
		popts, _ := answer.PredictOptions(prog)
		popts.StallMS = 5 // stricter than Draw's
		ans := answer.Predict(pf, prog, answer.Options{Predict: popts, Timeout: time.Minute})
		total, exact := ans.Total()
		if !ans.OK || total != 1 || !exact || len(ans.Unpredicted) > 0 || len(ans.Hazards) > 0 {
			t.Errorf("%s: ok %v, %d orders (exact %v), hazards %v:\n%s", name(p), ans.OK, total, exact, ans.Hazards, p.Source)
			continue
		}
		if got := ans.Orders[0].Stdout; !slices.Equal(got, p.Order) {
			t.Errorf("%s: prints %q, puzzle says %q", name(p), got, p.Order)
		}
		if len(p.Labels) != len(p.Order) || slices.Equal(p.Labels, p.Order) {
			t.Errorf("%s: labels %q for order %q", name(p), p.Labels, p.Order)
		}
		sorted := slices.Sorted(slices.Values(p.Labels))
		if !slices.Equal(sorted, slices.Sorted(slices.Values(p.Order))) || len(slices.Compact(sorted)) != len(sorted) {
			t.Errorf("%s: labels %q are not the printed lines %q, once each", name(p), p.Labels, p.Order)
		}
		if !strings.HasPrefix(p.Source, fmt.Sprintf("// looplint quiz --level %d --seed %d --node %s\n", p.Level, p.Seed, p.Node)) {
			t.Errorf("%s: header: %s", name(p), strings.SplitN(p.Source, "\n", 2)[0])
		}
	}
}

// The same level, seed and release give the same puzzle; other seeds
// give others.
func TestDrawReproduces(t *testing.T) {
	v := version(t, "20")
	seen := map[string]uint64{}
	for seed := uint64(0); seed < 12; seed++ {
		a, err := Draw(3, seed, v, Options{})
		if err != nil {
			t.Fatal(err)
		}
		b, _ := Draw(3, seed, v, Options{})
		if a.Source != b.Source || !slices.Equal(a.Labels, b.Labels) || !slices.Equal(a.Order, b.Order) || a.Attempt != b.Attempt {
			t.Fatalf("seed %d: two puzzles", seed)
		}
		body := a.Source[strings.Index(a.Source, "\n"):]
		if s, dup := seen[body]; dup {
			t.Errorf("seeds %d and %d: the same program", s, seed)
		}
		seen[body] = seed
	}
}

func TestDrawErrors(t *testing.T) {
	v := version(t, "20")
	for _, level := range []int{0, 4, -1} {
		if _, err := Draw(level, 1, v, Options{}); err == nil || !strings.Contains(err.Error(), "level must be") {
			t.Errorf("level %d: %v", level, err)
		}
	}
	if _, err := Draw(1, 1, loop.Version{Major: 99}, Options{}); err == nil {
		t.Error("Node 99: no error")
	}
	// One attempt that finds none says so (seed 6, level 2 on Node 20 is
	// drawn at its second attempt or later, as the loop below finds).
	for seed := uint64(0); seed < 40; seed++ {
		p, err := Draw(2, seed, v, Options{})
		if err != nil || p.Attempt == 0 {
			continue
		}
		_, err = Draw(2, seed, v, Options{Attempts: 1})
		if !errors.Is(err, ErrNone) || !strings.Contains(err.Error(), "the last: ") {
			t.Errorf("seed %d, one attempt: %v", seed, err)
		}
		return
	}
	t.Error("every draw succeeded at its first attempt: ErrNone untested")
}

// Grading: the order is right; any two lines swapped are wrong at the
// first of them, explained from the steps that print each.
func TestGrade(t *testing.T) {
	for _, p := range drawn(t, 3) {
		g := p.Grade(p.Order)
		if !g.Correct || g.Right != len(p.Order) || g.Mistake != nil {
			t.Fatalf("%s: the order itself graded %+v", name(p), g)
		}
		for i := 0; i+1 < len(p.Order); i++ {
			for j := i + 1; j < len(p.Order); j++ {
				a := slices.Clone(p.Order)
				a[i], a[j] = a[j], a[i]
				g := p.Grade(a)
				m := g.Mistake
				if g.Correct || g.Right != len(a)-2 || m == nil {
					t.Fatalf("%s: swap %d,%d graded %+v", name(p), i, j, g)
				}
				if m.Position != i+1 || m.Expected != p.Order[i] || m.Given != p.Order[j] {
					t.Errorf("%s: swap %d,%d: mistake %+v", name(p), i, j, m)
				}
				e, u := m.ExpectedFrom, m.GivenFrom
				if e.Index > u.Index || !slices.Contains(e.Printed, m.Expected) || !slices.Contains(u.Printed, m.Given) {
					t.Errorf("%s: swap %d,%d: steps %+v, %+v", name(p), i, j, e, u)
				}
				if m.Why == "" || e.Text == "" || u.Text == "" {
					t.Errorf("%s: swap %d,%d: no explanation %+v", name(p), i, j, m)
				}
				checkWhy(t, p, m)
			}
		}
	}
}

// checkWhy: the reason given names the rule that fits the two steps.
func checkWhy(t *testing.T, p *Puzzle, m *Mistake) {
	t.Helper()
	e, u := m.ExpectedFrom, m.GivenFrom
	want := ""
	switch {
	case e.Index == u.Index && e.Queue == "":
		want = "top to bottom"
	case e.Index == u.Index:
		want = "same callback"
	case e.Queue == "":
		want = "synchronous code runs to its end"
	case p.segment(e.Index) != p.segment(u.Index):
		want = "printed only in"
		if p.Steps[p.segment(e.Index)].Iteration == p.Steps[p.segment(u.Index)].Iteration && e.Phase != "main" {
			want = "each loop iteration runs"
		}
	case job(e.Queue) && !job(u.Queue):
		want = "empties the nextTick and microtask queues"
	case !job(e.Queue) && job(u.Queue):
		want = "is printed by a job"
	case !job(e.Queue):
		want = "both callbacks"
	case e.Queue == u.Queue:
		want = "first in, first out"
	case e.Queue == "nextTick":
		want = "nextTick queue before it runs the microtask queue"
	default:
		want = "queued while microtasks ran"
	}
	if !strings.Contains(m.Why, want) {
		t.Errorf("%s: %q before %q (steps %d %s/%s, %d %s/%s): why %q lacks %q", name(p), m.Expected, m.Given,
			e.Index, e.Phase, e.Queue, u.Index, u.Phase, u.Queue, m.Why, want)
	}
}

// puzzleOf is src as a puzzle on vs, for the explanations of chosen
// programs.
func puzzleOf(t *testing.T, vs, src string, labels ...string) *Puzzle {
	t.Helper()
	v := version(t, vs)
	p, why := check(src, labels, v, time.Minute)
	if p == nil {
		t.Fatalf("not a puzzle on %s: %s", vs, why)
	}
	p.Node, p.Labels = v, labels
	return p
}

// On Node 10 the check phase runs its whole queue before the ticks (as
// testdata/runtime/drain-between-immediates records on real Node): the
// explanation says so where the order differs from Node 11 and later.
func TestWhyNode10Immediates(t *testing.T) {
	src := `setImmediate(() => {
  console.log('immediate 1');
  process.nextTick(() => console.log('nextTick in immediate 1'));
});
setImmediate(() => console.log('immediate 2'));
`
	labels := []string{"immediate 1", "nextTick in immediate 1", "immediate 2"}
	perCallback := []string{"immediate 1", "nextTick in immediate 1", "immediate 2"}
	old := puzzleOf(t, "10", src, labels...)
	g := old.Grade(perCallback)
	if g.Correct || !strings.Contains(g.Mistake.Why, "on Node 10") {
		t.Errorf("Node 10, order %q: %+v", old.Order, g.Mistake)
	}
	now := puzzleOf(t, "20", src, labels...)
	if g := now.Grade(perCallback); !g.Correct {
		t.Errorf("Node 20, order %q: %+v", now.Order, g.Mistake)
	}
}

func TestParseAnswer(t *testing.T) {
	p := &Puzzle{Order: []string{"sync", "nextTick", "then 1", "timeout"}, Labels: []string{"then 1", "timeout", "sync", "nextTick"}}
	want := []string{"sync", "nextTick", "then 1", "timeout"}
	for _, in := range []string{
		"sync,nextTick,then 1,timeout",
		"  SYNC , nexttick,  Then   1 ,timeout \n",
		"sync\nnextTick\nthen 1\ntimeout\n",
		"3,4,1,2",
		"3\nnextTick, 1\n'timeout'\n\n",
	} {
		got, err := p.ParseAnswer(in)
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("%q: %q, %v", in, got, err)
		}
	}
	for in, msg := range map[string]string{
		"sync,nextTick,then 2,timeout":      `unknown label "then 2"`,
		"sync,nextTick,then 1":              "3 labels given, the program prints 4",
		"sync,nextTick,then 1,3":            `"sync" is given twice`,
		"sync,nextTick,then 1,5":            "5 is not on the list",
		"0,1,2,3":                           "0 is not on the list",
		"":                                  "0 labels given",
		"sync,nextTick,then 1,timeout,sync": `"sync" is given twice`,
	} {
		_, err := p.ParseAnswer(in)
		var ae *AnswerError
		if !errors.As(err, &ae) || !strings.Contains(err.Error(), msg) {
			t.Errorf("%q: %v, want an AnswerError with %q", in, err, msg)
		}
	}
}
