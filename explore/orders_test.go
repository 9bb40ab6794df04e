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
