package explore

import "testing"

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
