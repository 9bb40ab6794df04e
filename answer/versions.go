package answer

import (
	"sort"
	"strconv"
	"strings"
)

// Comparing the answers of several Node versions (`looplint predict --node
// 10,20,26`): CompareOrders says what the orders of one answer do that the
// orders of another never do, in terms a reader checks against the two
// lists: a line printed before another, a line printed at all, an ending.

// Line is a printed line, told apart from the same text printed earlier
// in its order: N is 1 the first time an order prints Text, 2 the second
// time, and so on.
type Line struct {
	Text string
	N    int
}

// Printed is one listed order as CompareOrders sees it.
type Printed struct {
	Stdout   []string
	Stderr   []string
	ExitCode int
	Starves  bool
}

// Ending is how an order ends.
type Ending struct {
	ExitCode int
	Starves  bool
	// Stderr is the last line the order wrote to stderr ("" when none).
	Stderr string
}

func (p Printed) ending() Ending {
	e := Ending{ExitCode: p.ExitCode, Starves: p.Starves}
	if len(p.Stderr) > 0 {
		e.Stderr = p.Stderr[len(p.Stderr)-1]
	}
	return e
}

func (p Printed) key() string {
	var b strings.Builder
	for _, l := range p.Stdout {
		b.WriteString(strconv.Quote(l))
	}
	b.WriteString("|")
	for _, l := range p.Stderr {
		b.WriteString(strconv.Quote(l))
	}
	b.WriteString("|" + strconv.Itoa(p.ExitCode) + "|" + strconv.FormatBool(p.Starves))
	return b.String()
}

// Precedes says that First is printed before Then.
type Precedes struct {
	First, Then Line
	// Always: every order that prints both prints First first; otherwise
	// only some do.
	Always bool
}

// OrderDiff is what the orders of one answer (b) do that the orders of
// another (a) never do. CompareOrders(a, b) and CompareOrders(b, a)
// together say every way the two lists differ.
type OrderDiff struct {
	// Precedes: b prints First before Then (Always: in each of its orders
	// that prints both), while every order of a that prints both prints
	// Then first. A fact that follows from another listed one and an
	// order b always keeps is left out: when b moves one line ahead of
	// three that a prints in a row, the list says it is before the first.
	Precedes []Precedes
	// Lines b prints that no order of a prints, each once, in the order b
	// first prints them.
	Lines []Line
	// Orders are the indices of b's orders that a does not list (the same
	// lines on stdout and stderr, the same ending).
	Orders []int
	// Endings are the endings of b's orders that no order of a ends with.
	Endings []Ending
	// Coarse: the orders were too long to compare line against line;
	// Precedes is empty.
	Coarse bool
}

// Empty reports whether b's orders do nothing a's do not.
func (d OrderDiff) Empty() bool {
	return len(d.Precedes) == 0 && len(d.Lines) == 0 && len(d.Orders) == 0 && len(d.Endings) == 0 && !d.Coarse
}

// Bounds on the line-by-line comparison: the pairs of lines looked at
// (over every order of b that a lacks, times a's orders), and the facts
// kept before reducing them.
const (
	maxPairWork = 20_000_000
	maxPrecedes = 4096
)

// order is one order's lines and where each is.
type order struct {
	lines []Line
	pos   map[Line]int
}

func index(p Printed) order {
	o := order{lines: make([]Line, len(p.Stdout)), pos: make(map[Line]int, len(p.Stdout))}
	seen := map[string]int{}
	for i, t := range p.Stdout {
		seen[t]++
		l := Line{Text: t, N: seen[t]}
		o.lines[i] = l
		o.pos[l] = i
	}
	return o
}

// before says whether some order of os prints x before y (can), and
// whether some order prints both (both).
func before(os []order, x, y Line) (can, both bool) {
	for _, o := range os {
		px, okx := o.pos[x]
		py, oky := o.pos[y]
		if okx && oky {
			both = true
			if px < py {
				return true, true
			}
		}
	}
	return false, both
}

// must says whether some order of os prints both x and y and every order
// that does prints x first.
func must(os []order, x, y Line) bool {
	can, both := before(os, y, x)
	return both && !can
}

// CompareOrders says what the orders b lists do that those a lists never
// do. Only the listed orders are compared: an answer that lists fewer
// orders than it counts may print more than either list shows.
func CompareOrders(a, b []Printed) OrderDiff {
	var d OrderDiff
	keys := map[string]bool{}
	endings := map[Ending]bool{}
	ai := make([]order, len(a))
	printed := map[Line]bool{}
	for i, p := range a {
		keys[p.key()] = true
		endings[p.ending()] = true
		ai[i] = index(p)
		for _, l := range ai[i].lines {
			printed[l] = true
		}
	}
	bi := make([]order, len(b))
	newLine := map[Line]bool{}
	newEnding := map[Ending]bool{}
	work := 0
	for i, p := range b {
		bi[i] = index(p)
		for _, l := range bi[i].lines {
			if !printed[l] && !newLine[l] {
				newLine[l] = true
				d.Lines = append(d.Lines, l)
			}
		}
		if e := p.ending(); !endings[e] && !newEnding[e] {
			newEnding[e] = true
			d.Endings = append(d.Endings, e)
		}
		if !keys[p.key()] {
			d.Orders = append(d.Orders, i)
			n := len(p.Stdout)
			work += n * n / 2 * max(len(a), 1)
		}
	}
	if work > maxPairWork {
		d.Coarse = true
		return d
	}
	// An order a also lists prints nothing before anything that a does
	// not: only the others are looked at.
	type pair struct{ x, y Line }
	var facts []pair
	seen := map[pair]bool{}
	for _, i := range d.Orders {
		ls := bi[i].lines
		for j, x := range ls {
			for _, y := range ls[j+1:] {
				p := pair{x, y}
				if seen[p] {
					continue
				}
				seen[p] = true
				if can, both := before(ai, x, y); both && !can {
					facts = append(facts, p)
					if len(facts) > maxPrecedes {
						d.Coarse = true
						return d
					}
				}
			}
		}
	}
	// Shortest first (how close b prints them at the closest), so that a
	// fact is left out only for one that is kept.
	span := func(p pair) int {
		s := -1
		for _, o := range bi {
			px, okx := o.pos[p.x]
			py, oky := o.pos[p.y]
			if okx && oky && px < py && (s < 0 || py-px < s) {
				s = py - px
			}
		}
		return s
	}
	spans := make([]int, len(facts))
	for i, p := range facts {
		spans[i] = span(p)
	}
	idx := make([]int, len(facts))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(i, j int) bool { return spans[idx[i]] < spans[idx[j]] })
	from := map[Line][]Line{}
	to := map[Line][]Line{}
	var kept []int
	for _, k := range idx {
		p := facts[k]
		implied := false
		for _, z := range from[p.x] {
			if must(bi, z, p.y) {
				implied = true
				break
			}
		}
		for _, z := range to[p.y] {
			if implied {
				break
			}
			implied = must(bi, p.x, z)
		}
		if implied {
			continue
		}
		from[p.x] = append(from[p.x], p.y)
		to[p.y] = append(to[p.y], p.x)
		kept = append(kept, k)
	}
	// In the order b prints them.
	sort.Ints(kept)
	for _, k := range kept {
		p := facts[k]
		back, _ := before(bi, p.y, p.x)
		d.Precedes = append(d.Precedes, Precedes{First: p.x, Then: p.y, Always: !back})
	}
	return d
}
