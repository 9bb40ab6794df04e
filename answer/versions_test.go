package answer

import (
	"fmt"
	"strings"
	"testing"
)

// Constructed orders (not what any Node printed): the comparison's own
// logic.

func orders(seqs ...string) []Printed {
	var out []Printed
	for _, s := range seqs {
		out = append(out, Printed{Stdout: strings.Fields(s)})
	}
	return out
}

func say(d OrderDiff) string {
	var parts []string
	for _, p := range d.Precedes {
		always := "can"
		if p.Always {
			always = "always"
		}
		parts = append(parts, fmt.Sprintf("%s<%s %s", p.First.Text, p.Then.Text, always))
	}
	for _, l := range d.Lines {
		parts = append(parts, fmt.Sprintf("+%s#%d", l.Text, l.N))
	}
	parts = append(parts, fmt.Sprintf("orders%v", d.Orders))
	for _, e := range d.Endings {
		parts = append(parts, fmt.Sprintf("exit%d:%s", e.ExitCode, e.Stderr))
	}
	if d.Coarse {
		parts = append(parts, "coarse")
	}
	return strings.Join(parts, " ")
}

func TestCompareOrders(t *testing.T) {
	cases := []struct {
		name       string
		a, b       []Printed
		want, back string
	}{
		{"identical", orders("x y z"), orders("x y z"), "orders[]", "orders[]"},
		{"one swap", orders("s e a p t"), orders("s e p a t"), "p<a always orders[0]", "a<p always orders[0]"},
		// One line jumps ahead of three: it is said once, against the
		// first it passes (the others follow from the order b keeps).
		{"jump ahead", orders("a b c x"), orders("x a b c"), "x<a always orders[0]", "c<x always orders[0]"},
		{"new and lost lines", orders("a b"), orders("a c"), "+c#1 orders[0]", "+b#1 orders[0]"},
		// The second 'tick' is another line than the first.
		{"repeated text", orders("tick a tick"), orders("tick tick a"), "tick<a always orders[0]", "a<tick always orders[0]"},
		// b can print either order of a race that a always prints one
		// way; a prints nothing b cannot.
		{"race on one side", orders("t i"), orders("t i", "i t"), "i<t can orders[1]", "orders[]"},
		{"subset", orders("a b", "b a", "c"), orders("a b"), "orders[]", "b<a can +c#1 orders[1 2]"},
		{"empty", nil, orders("a"), "+a#1 orders[0] exit0:", "orders[]"},
	}
	for _, c := range cases {
		if got := say(CompareOrders(c.a, c.b)); got != c.want {
			t.Errorf("%s: CompareOrders(a, b) = %s; want %s", c.name, got, c.want)
		}
		if got := say(CompareOrders(c.b, c.a)); got != c.back {
			t.Errorf("%s: CompareOrders(b, a) = %s; want %s", c.name, got, c.back)
		}
	}
}

func TestCompareOrdersEndings(t *testing.T) {
	a := []Printed{{Stdout: []string{"1"}}}
	b := []Printed{{Stderr: []string{"SyntaxError: Unexpected token ."}, ExitCode: 1}}
	if got := say(CompareOrders(a, b)); got != "orders[0] exit1:SyntaxError: Unexpected token ." {
		t.Errorf("got %s", got)
	}
	if d := CompareOrders(b, b); !d.Empty() {
		t.Errorf("an answer differs from itself: %s", say(d))
	}
}

// Long orders are compared by their lines and endings only, without
// running out of time or memory.
func TestCompareOrdersLong(t *testing.T) {
	var x, y []string
	for i := 0; i < 20000; i++ {
		x = append(x, fmt.Sprint(i))
		y = append(y, fmt.Sprint(19999-i))
	}
	d := CompareOrders([]Printed{{Stdout: x}}, []Printed{{Stdout: y}})
	if !d.Coarse || len(d.Precedes) != 0 || len(d.Orders) != 1 {
		t.Errorf("got %s", say(d))
	}
	// Many inversions, under the work bound: the facts are bounded too.
	d = CompareOrders([]Printed{{Stdout: x[:1000]}}, []Printed{{Stdout: y[19000:]}})
	if !d.Coarse {
		t.Errorf("reversed 1000 lines: got %d facts, not coarse", len(d.Precedes))
	}
}
