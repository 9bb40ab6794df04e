package explore

import (
	"slices"
	"strings"
	"testing"
)

// Blocks that can be cut apart more than one way are counted by their
// distinct concatenations, and recognized in any arrangement.
func TestGroupArrangements(t *testing.T) {
	g := Group{Blocks: [][]string{{"x"}, {"x", "y"}, {"y"}}}
	if n, exact := g.arrangements(); n != 5 || !exact {
		t.Errorf("arrangements %d (exact %v), want 5", n, exact)
	}
	g = Group{Blocks: [][]string{{"a"}, {"a", "a"}}}
	if n, _ := g.arrangements(); n != 1 {
		t.Errorf("arrangements of a|aa: %d, want 1", n)
	}
	g = Group{Blocks: [][]string{{"a"}, {"b"}, {"a"}, {}}}
	if n, _ := g.arrangements(); n != 3 {
		t.Errorf("arrangements of a|b|a|empty: %d, want 3", n)
	}
	g = Group{Blocks: [][]string{{"x", "y"}, {"x"}, {"z"}}}
	for _, lines := range [][]string{{"x", "x", "y", "z"}, {"z", "x", "y", "x"}, {"x", "z", "x", "y"}} {
		if !g.decomposes(lines) {
			t.Errorf("%v is an arrangement of %v", lines, g.Blocks)
		}
	}
	for _, lines := range [][]string{{"x", "y", "y", "z"}, {"x", "x", "z", "z"}} {
		if g.decomposes(lines) {
			t.Errorf("%v is not an arrangement of %v", lines, g.Blocks)
		}
	}
}

// The usual orders lead the list; an order under load is said by what sets
// it apart from the closest usual order, the pause it needs when it needs
// one, and orders said alike are told apart.
func TestListLeadsWithUsual(t *testing.T) {
	need := "b before a" + needsMark + "the code that made both to take at least 6 ms)"
	pr := Prediction{
		Orders: []Outcome{
			{Stdout: []string{"b", "a"}, Why: []string{"x", need, "late 1"}},
			{Stdout: []string{"a", "b"}, Why: []string{"x", "y"}},
			{Stdout: []string{"b", "a", "c"}, Why: []string{"x", need, "late 2"}},
			{Stdout: []string{"a", "c", "b"}, Why: []string{"x", "z"}},
		},
		usual: []Outcome{{Stdout: []string{"a", "b"}, Why: []string{"y"}}},
	}
	got := pr.List(10)
	if len(got) != 4 || got[0].Stdout[0] != "a" || len(got[0].Why) != 1 || got[0].Why[0] != "y" {
		t.Fatalf("want the usual order first, with its own why: %+v", got)
	}
	if !pr.Usual(got[0]) || pr.Usual(got[1]) {
		t.Errorf("Usual: %v %v", pr.Usual(got[0]), pr.Usual(got[1]))
	}
	want := map[string][]string{"b a": {need, "late 1"}, "b a c": {need, "late 2"}, "a c b": {"z"}}
	for _, o := range got[1:] {
		k := strings.Join(o.Stdout, " ")
		if !slices.Equal(o.Why, want[k]) {
			t.Errorf("%s: why %q, want %q", k, o.Why, want[k])
		}
	}
}

// TestLasso: the output of a run that repeats forever, printing, has one
// form however many repetitions came before the cycle was found.
func TestLasso(t *testing.T) {
	for _, c := range []struct {
		stdout []string
		lines  int
		want   []string
		cycle  int
	}{
		{[]string{"fast", "slow", "tick", "tick"}, 1, []string{"fast", "slow", "tick"}, 1},
		{[]string{"fast", "slow", "tick", "tick", "tick"}, 1, []string{"fast", "slow", "tick"}, 1},
		{[]string{"fast", "tick", "slow", "tick"}, 1, []string{"fast", "tick", "slow", "tick"}, 1},
		{[]string{"a", "b", "a", "b", "a", "b"}, 4, []string{"a", "b"}, 2},
		{[]string{"x", "b", "a", "b", "a"}, 2, []string{"x", "b", "a"}, 2},
		{[]string{"one"}, 0, []string{"one"}, 0},
	} {
		h := &Hang{Loops: true, Proven: true, Lines: c.lines}
		if got := lasso(c.stdout, h); !slices.Equal(got, c.want) || h.Lines != c.cycle {
			t.Errorf("lasso(%q, %d) = %q, %d lines; want %q, %d", c.stdout, c.lines, got, h.Lines, c.want, c.cycle)
		}
	}
}

// TestHasOutcome: a run followed only so far is included by any order that
// begins with what it printed; a proven one only by one that goes round
// too and prints alike.
func TestHasOutcome(t *testing.T) {
	pr := Prediction{Orders: []Outcome{
		{Stdout: []string{"start", "stopped"}},
		{Stdout: []string{"a", "tick"}, Endless: true, Hang: &Hang{Loops: true, Proven: true, Lines: 1}},
	}}
	followed := func(out ...string) Outcome {
		return Outcome{Stdout: out, Endless: true, Hang: &Hang{Loops: true}}
	}
	proven := func(out ...string) Outcome {
		return Outcome{Stdout: out, Endless: true, Hang: &Hang{Loops: true, Proven: true}}
	}
	for _, c := range []struct {
		o    Outcome
		want bool
	}{
		{followed(), true},
		{followed("start"), true},
		{followed("start", "stopped", "more"), false},
		{followed("a", "tick", "tick"), true},
		{followed("b"), false},
		{proven("start"), false},
		{proven("a", "tick", "tick"), true},
		{Outcome{Stdout: []string{"start", "stopped"}}, true},
		{Outcome{Stdout: []string{"start"}}, false},
	} {
		if got := pr.HasOutcome(c.o); got != c.want {
			t.Errorf("HasOutcome(%q, endless=%v, proven=%v) = %v", c.o.Stdout, c.o.Endless, c.o.Hang != nil && c.o.Hang.Proven, got)
		}
	}
}
