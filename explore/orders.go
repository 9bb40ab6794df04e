package explore

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/looplint/looplint/internal/frames"
)

// An Outcome with Groups stands for every arrangement of its groups'
// blocks (commute.go). This file counts, lists and recognizes those
// concrete orders without enumerating them all.

// expandCap bounds how many concrete orders are listed to deduplicate
// outcomes that may overlap.
const expandCap = 100000

// maxCount is where counts saturate (they are then not exact).
const maxCount = int64(1) << 62

// Count is how many distinct outputs o stands for: 1 without groups. It
// is exact unless a group's blocks can be cut apart in more than one way
// (one block's lines begin another's) and there are too many to list.
func (o Outcome) Count() (n int64, exact bool) {
	n, exact = 1, true
	for _, g := range o.Groups {
		c, ok := g.arrangements()
		exact = exact && ok
		n = mulSat(n, c)
	}
	return n, exact && n < maxCount
}

func mulSat(a, b int64) int64 {
	if a == 0 || b == 0 {
		return 0
	}
	if a > maxCount/b {
		return maxCount
	}
	return a * b
}

// arrangements counts the distinct line sequences the group's blocks
// print in: k!/∏m! for k non-empty blocks with multiplicities m when no
// block's lines are a prefix of another's (the concatenation then
// decodes one way); else by listing them, if few.
func (g Group) arrangements() (int64, bool) {
	var blocks [][]string
	for _, b := range g.Blocks {
		if len(b) > 0 {
			blocks = append(blocks, b)
		}
	}
	mult := map[string]int{}
	var distinct [][]string
	for _, b := range blocks {
		k := strings.Join(b, "\n")
		if mult[k] == 0 {
			distinct = append(distinct, b)
		}
		mult[k]++
	}
	n := int64(1)
	for i := int64(2); i <= int64(len(blocks)); i++ {
		n = mulSat(n, i)
	}
	for _, m := range mult {
		for i := int64(2); i <= int64(m); i++ {
			n /= i
		}
	}
	if prefixFree(distinct) && !g.constrained() {
		return n, n < maxCount
	}
	if n > 40320 {
		return n, false // at most n
	}
	seen := map[string]bool{}
	g.permutations(func(order []int) bool {
		var b strings.Builder
		for _, i := range order {
			b.WriteString(strings.Join(g.Blocks[i], "\n"))
			b.WriteByte('\n')
		}
		seen[b.String()] = true
		return true
	})
	return int64(len(seen)), true
}

func prefixFree(bs [][]string) bool {
	for i, a := range bs {
		for j, b := range bs {
			if i != j && len(a) <= len(b) && slices.Equal(a, b[:len(a)]) {
				return false
			}
		}
	}
	return true
}

// permutations calls yield with each arrangement of the group's block
// indices in lexicographic order from the explored one (0, 1, …),
// skipping those that only swap blocks with the same lines.
func (g Group) permutations(yield func([]int) bool) {
	k := len(g.Blocks)
	// Identical blocks share a class; arranging classes gives each
	// distinct sequence of blocks once.
	class := make([]int, k)
	first := map[string]int{}
	for i, b := range g.Blocks {
		key := strings.Join(b, "\n")
		if c, ok := first[key]; ok {
			class[i] = c
		} else {
			first[key] = i
			class[i] = i
		}
	}
	seq := slices.Clone(class)
	sort.Ints(seq)
	// Blocks of one class go in explored order, or where the pool
	// constrains them (After), the least constrained first.
	for {
		order := make([]int, k)
		used := make([]bool, k)
		ok := true
		for p, c := range seq {
			best := -1
			for i := 0; i < k; i++ {
				if !used[i] && class[i] == c && (best < 0 || g.after(i) < g.after(best)) {
					best = i
				}
			}
			used[best] = true
			order[p] = best
			ok = ok && g.after(best) <= p
		}
		if ok && !yield(order) {
			return
		}
		if !nextPermutation(seq) {
			return
		}
	}
}

func (g Group) after(i int) int {
	if i < len(g.After) {
		return g.After[i]
	}
	return 0
}

// constrained reports that the pool forbids some arrangements.
func (g Group) constrained() bool {
	return slices.ContainsFunc(g.After, func(n int) bool { return n > 0 })
}

// nextPermutation advances s to its next lexicographic permutation (with
// repeats); false after the last.
func nextPermutation(s []int) bool {
	i := len(s) - 2
	for i >= 0 && s[i] >= s[i+1] {
		i--
	}
	if i < 0 {
		return false
	}
	j := len(s) - 1
	for s[j] <= s[i] {
		j--
	}
	s[i], s[j] = s[j], s[i]
	slices.Reverse(s[i+1:])
	return true
}

// Expand calls yield with each concrete order o stands for (o itself when
// it has no groups): stdout with the blocks arranged, the witness's poll
// phases delivering in that arrangement, and Why saying so. Orders that
// print alike (see Count) may come more than once.
func (o Outcome) Expand(yield func(Outcome) bool) {
	if len(o.Groups) == 0 {
		yield(o)
		return
	}
	orders := make([][]int, len(o.Groups))
	var rec func(gi int) bool
	rec = func(gi int) bool {
		if gi == len(o.Groups) {
			return yield(o.arranged(orders))
		}
		cont := true
		o.Groups[gi].permutations(func(ord []int) bool {
			orders[gi] = ord
			cont = rec(gi + 1)
			return cont
		})
		return cont
	}
	rec(0)
}

// arranged is o with group gi's blocks in orders[gi].
func (o Outcome) arranged(orders [][]int) Outcome {
	c := o
	c.Groups = nil
	c.Stdout = slices.Clone(o.Stdout)
	c.Witness.Clock = slices.Clone(o.Witness.Clock)
	c.Witness.Poll = make([][]int, len(o.Witness.Poll))
	for i, p := range o.Witness.Poll {
		c.Witness.Poll[i] = slices.Clone(p)
	}
	c.Why = slices.Clone(o.Why)
	for gi, g := range o.Groups {
		ord := orders[gi]
		at := g.Start
		for _, i := range ord {
			at += copy(c.Stdout[at:], g.Blocks[i])
		}
		// The group's operations sit in the poll phase in explored order;
		// deliver them in the new one.
		poll := c.Witness.Poll[g.Poll]
		j := 0
		for p, id := range poll {
			if slices.Contains(g.Ops, id) {
				poll[p] = g.Ops[ord[j]]
				j++
			}
		}
		c.Why = append(c.Why, fmt.Sprintf("the I/O of %s completed in the order printed", SayCallbacks(g.Descs)))
	}
	return c
}

// Matches reports whether stdout is one of the arrangements of o's stdout
// (stack frames aside).
func (o Outcome) Matches(stdout []string) bool {
	stdout = frames.Drop(stdout) // predictions print none
	if len(stdout) != len(o.Stdout) {
		return false
	}
	at := 0
	for _, g := range o.Groups {
		if !slices.Equal(stdout[at:g.Start], o.Stdout[at:g.Start]) {
			return false
		}
		end := g.Start + g.Len()
		if !g.decomposes(stdout[g.Start:end]) {
			return false
		}
		at = end
	}
	return slices.Equal(stdout[at:], o.Stdout[at:])
}

// decomposes reports whether lines are the group's blocks in some order.
func (g Group) decomposes(lines []string) bool {
	used := make([]bool, len(g.Blocks))
	placed := 0
	failed := map[string]bool{} // (position, used set) known to fail
	var rec func(at int) bool
	rec = func(at int) bool {
		if at == len(lines) {
			for i, u := range used {
				if !u && len(g.Blocks[i]) > 0 {
					return false
				}
			}
			return true
		}
		key := fmt.Sprint(at, used)
		if failed[key] {
			return false
		}
		tried := map[string]bool{}
		for i, b := range g.Blocks {
			if used[i] || len(b) == 0 || len(b) > len(lines)-at || g.after(i) > placed {
				continue
			}
			k := fmt.Sprint(g.after(i), "\x00", strings.Join(b, "\n"))
			if tried[k] {
				continue
			}
			tried[k] = true
			if slices.Equal(lines[at:at+len(b)], b) {
				used[i] = true
				placed++
				if rec(at + len(b)) {
					return true
				}
				placed--
				used[i] = false
			}
		}
		failed[key] = true
		return false
	}
	return rec(0)
}

// Total is how many distinct orders the prediction lists or stands for.
// It is exact unless outcomes that may print alike are too many to list
// (then it is an upper bound).
func (pr Prediction) Total() (n int64, exact bool) {
	exact = true
	sum := int64(0)
	for _, o := range pr.Orders {
		c, ok := o.Count()
		exact = exact && ok
		sum += c
		if sum >= maxCount {
			return maxCount, false
		}
	}
	if sum <= int64(len(pr.Orders)) {
		return sum, exact // no groups: outcomes are distinct already
	}
	// Outcomes can overlap only if they print the same lines.
	classes := map[string][]int{}
	for i, o := range pr.Orders {
		classes[o.classKey()] = append(classes[o.classKey()], i)
	}
	n = 0
	for _, idx := range classes {
		if len(idx) == 1 {
			c, _ := pr.Orders[idx[0]].Count()
			n += c
			continue
		}
		total := int64(0)
		for _, i := range idx {
			c, _ := pr.Orders[i].Count()
			total += c
		}
		if total > expandCap {
			n += total
			exact = false
			continue
		}
		seen := map[string]bool{}
		for _, i := range idx {
			pr.Orders[i].Expand(func(c Outcome) bool {
				seen[c.key()] = true
				return true
			})
		}
		n += int64(len(seen))
	}
	return n, exact
}

func (o Outcome) key() string {
	return fmt.Sprintf("%s\x00%d\x00%v\x00%v", strings.Join(o.Stdout, "\n"), o.ExitCode, o.Starves, o.Endless)
}

// classKey is the same for outcomes whose arrangements may coincide.
func (o Outcome) classKey() string {
	lines := slices.Clone(o.Stdout)
	sort.Strings(lines)
	return fmt.Sprintf("%s\x00%d\x00%v\x00%v", strings.Join(lines, "\n"), o.ExitCode, o.Starves, o.Endless)
}

// Paths counts the model's paths over every order: each outcome's
// explored paths once per arrangement it stands for (saturating).
func (pr Prediction) Paths() int64 {
	sum := int64(0)
	for _, o := range pr.Orders {
		n, _ := o.Count()
		if sum += mulSat(int64(o.Paths), n); sum >= maxCount {
			return maxCount
		}
	}
	return sum
}

// List returns up to max concrete orders, distinct, in the outcomes'
// order (each outcome's explored arrangement first).
func (pr Prediction) List(max int) []Outcome {
	var out []Outcome
	seen := map[string]bool{}
	// The usual orders first, each with the branching points that decide
	// it under the usual timing.
	for _, u := range pr.usual {
		if len(out) >= max {
			break
		}
		for _, o := range pr.Orders {
			if (Prediction{Orders: []Outcome{o}}).HasOutcome(u) {
				if k := u.key(); !seen[k] {
					seen[k] = true
					// (Each arrangement of a group counts the group's paths,
					// as Paths does; u's own are the usual exploration's.)
					u.Paths = o.Paths
					out = append(out, u)
				}
				break
			}
		}
	}
	usual := len(out)
	var full [][]string // per order past usual: all that sets it apart
	for _, o := range pr.Orders {
		if len(out) >= max {
			break
		}
		o.Expand(func(c Outcome) bool {
			if k := c.key(); !seen[k] {
				seen[k] = true
				if usual > 0 {
					var all []string
					c.Why, all = apart(c.Why, out[:usual], pr.Orders)
					full = append(full, all)
				}
				out = append(out, c)
			}
			return len(out) < max
		})
	}
	// Orders said alike are told apart by what each has and the others
	// said alike lack.
	alike := map[string][]int{}
	for i := range full {
		k := strings.Join(out[usual+i].Why, "\x00")
		alike[k] = append(alike[k], i)
	}
	for _, is := range alike {
		if len(is) < 2 {
			continue
		}
		for _, i := range is {
			var own []string
			for _, w := range full[i] {
				shared := false
				for _, j := range is {
					shared = shared || j != i && slices.Contains(full[j], w)
				}
				if !shared && !slices.Contains(out[usual+i].Why, w) {
					own = append(own, w)
				}
			}
			out[usual+i].Why = append(slices.Clone(out[usual+i].Why), own...)
		}
	}
	return out
}

// apart keeps of why, the branching points deciding an order, those that
// set it apart from the closest usual order (the one whose own branching
// points, in the same exploration, share most with it): all of them, and
// the ones that need a pause of the machine when some do (said, since
// that pause is what a learner needs to hear; else all of them).
func apart(why []string, usual []Outcome, orders []Outcome) (said, all []string) {
	var best []string
	bestShared := -1
	for _, u := range usual {
		for _, o := range orders {
			if !o.Matches(u.Stdout) {
				continue
			}
			shared := 0
			for _, w := range why {
				if slices.Contains(o.Why, w) {
					shared++
				}
			}
			if shared > bestShared {
				best, bestShared = o.Why, shared
			}
			break
		}
	}
	var needs []string
	for _, w := range why {
		if !slices.Contains(best, w) {
			all = append(all, w)
			if strings.Contains(w, needsMark) {
				needs = append(needs, w)
			}
		}
	}
	switch {
	case len(all) == 0:
		return why, why
	case len(needs) > 0:
		return needs, all
	}
	return all, all
}

// Has reports whether the prediction includes this output.
func (pr Prediction) Has(stdout []string, exitCode int, starves bool) bool {
	_, ok := pr.Find(stdout, exitCode, starves)
	return ok
}

// Find is the order Has finds.
func (pr Prediction) Find(stdout []string, exitCode int, starves bool) (Outcome, bool) {
	for _, o := range pr.Orders {
		if o.Starves == starves && !o.Endless && (starves || o.ExitCode == exitCode) && o.Matches(stdout) {
			return o, true
		}
	}
	return Outcome{}, false
}

// HasOutcome reports whether the prediction includes o: Has, and for a
// run that goes round forever, one that does too and printed the same
// until one of them stopped following it (the shorter output begins the
// longer, or they are the same). A run followed only so far (its Hang
// not proven) is included by any order whose output begins with what it
// printed: it could have gone on to print that.
func (pr Prediction) HasOutcome(o Outcome) bool {
	if !o.Endless {
		return pr.Has(o.Stdout, o.ExitCode, o.Starves)
	}
	followed := o.Hang == nil || !o.Hang.Proven
	for _, p := range pr.Orders {
		if len(p.Groups) > 0 || len(o.Groups) > 0 {
			continue
		}
		switch {
		case p.Endless && endlessAlike(p, o):
			return true
		case followed && len(o.Stdout) <= len(p.Stdout) && slices.Equal(o.Stdout, p.Stdout[:len(o.Stdout)]):
			return true
		}
	}
	return false
}

// HasHang reports whether the prediction includes a run that never ends
// and prints stdout before it hangs (what Node printed before it was
// killed): one that starves after printing exactly that, or goes round
// forever printing that first (its listed output begins with stdout, or
// is stdout's beginning when it was followed for fewer iterations).
func (pr Prediction) HasHang(stdout []string) bool {
	stdout = frames.Drop(stdout)
	for _, o := range pr.Orders {
		switch {
		case o.Starves && o.Matches(stdout):
			return true
		case o.Endless && len(o.Groups) == 0 && endlessAlike(o, Outcome{Stdout: stdout, Endless: true, Hang: &Hang{Loops: true}}):
			return true
		}
	}
	return false
}

// endlessAlike: two runs that go round forever printed alike as far as
// both were followed. A proven repetition's output continues with its
// repeating part, so it is compared as far as the other went.
func endlessAlike(a, b Outcome) bool {
	x, y := a.Stdout, b.Stdout
	if len(x) > len(y) {
		x, y = y, x
	}
	return slices.Equal(x, y[:len(x)])
}

// joinAnd is "a, b and c".
func joinAnd(s []string) string {
	switch len(s) {
	case 0:
		return ""
	case 1:
		return s[0]
	}
	return strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}
