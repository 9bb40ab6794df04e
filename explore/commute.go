package explore

import (
	"fmt"
	"slices"
	"strings"

	"github.com/looplint/looplint/ir"
	"github.com/looplint/looplint/loop"
)

// Commutation. N parallel I/O requests whose callbacks only print give N!
// orders, and exploring each is hopeless past a handful (12 reads:
// 479,001,600 paths). Two I/O callbacks delivered one after the other in a
// poll phase commute when neither touches anything older than itself: no
// variable, object, emitter or promise that existed when it began is
// written, settled or awaited; nothing is scheduled, cleared or exited;
// no clock is read; nothing is chosen; nothing goes to stderr. Ticks and
// microtasks it queues drain before the next callback, so they belong to
// its block. Delivered the other way round, the two print the same blocks
// swapped and leave the same state behind (their own new objects aside,
// which nothing older can reach).
//
// Such callbacks are "pure" (decided by running them, not guessed). The
// explorer runs each stretch of pure callbacks in one order only,
// ascending operation IDs: a path that delivers two adjacent pure
// callbacks in descending order is abandoned as redundant once both have
// run, since the ascending path covers it. The stretch is reported as a
// Group whose blocks print in every order. Impure callbacks are barriers:
// nothing is swapped across them, so the orders they decide are explored
// one by one as before. A callback whose request waited for a pool
// worker when its phase began is a barrier too: only requests already on a
// worker complete in any order (loop/pool.go).

// Group is a stretch of two or more pure I/O callbacks delivered one after
// the other in one poll phase: their blocks print in any order.
type Group struct {
	Poll   int        // the poll phase: index in Witness.Poll
	Start  int        // index in stdout of the first block's first line
	Blocks [][]string // each callback's lines (with its ticks and microtasks), as explored
	Ops    []int      // the operation of each block (IDs as in witnesses)
	Descs  []string   // each block's callback, e.g. "fs.readFile at 3:1"
	Pos    []ir.Pos   // where each was scheduled
	// After is, per block, how many of the group's blocks must come
	// before it: its request waited for a pool worker that only they
	// could free (nil when none did). Arrangements honour it.
	After []int
	ends  []int // end of each block in stdout (while exploring)
}

// Len is the number of stdout lines the group covers.
func (g Group) Len() int {
	n := 0
	for _, b := range g.Blocks {
		n += len(b)
	}
	return n
}

func (g Group) key() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d@%d:", g.Poll, g.Start)
	for _, blk := range g.Blocks {
		fmt.Fprintf(&b, "%d,", len(blk))
	}
	return b.String()
}

func groupsKey(gs []Group) string {
	var b strings.Builder
	for _, g := range gs {
		b.WriteString(g.key())
		b.WriteByte(';')
	}
	return b.String()
}

// block is one I/O callback's run, from its start to the next macrotask
// or phase.
type block struct {
	id, start, end   int
	pooled           int // pool trips the phase delivered before it
	effects, choices int
	pure             bool
	desc             string
	pos              ir.Pos
}

// macrotask reports whether a run from queue begins a new block (ticks
// and microtasks belong to the callback they drain after).
func macrotask(queue string) bool { return queue != "nextTick" && queue != "microtask" }

// commuting reports that the reduction is on: a host that judges purity,
// an attached loop, and Config.NoCommute unset.
func (x *Exec) commuting() bool { return x.Pure != nil && x.lp != nil && !x.noCommute }

// commuteEvent follows the trace for the reduction: blocks end at the next
// macrotask or phase, a poll phase's pure stretches become groups.
func (x *Exec) commuteEvent(e loop.Event) {
	if !x.commuting() {
		return
	}
	// A continuation (Event.More) is part of its completion's block.
	if e.Kind == loop.EventPhase || e.Kind == loop.EventRun && macrotask(e.Queue) && !e.More {
		x.endBlock()
	}
	if e.Kind == loop.EventPhase {
		x.endPhase()
	}
	if e.Kind == loop.EventRun && e.Queue == "io" && e.IO > 0 && !e.More {
		x.Fresh()
		b := block{id: e.IO, start: x.OutLen(), effects: x.lp.Effects(), choices: len(x.trace), pooled: x.pooledBefore(e.IO)}
		if x.Describe != nil {
			b.desc, b.pos = x.Describe(e.Cb)
		}
		x.open = &b
	}
}

func (x *Exec) endBlock() {
	b := x.open
	if b == nil {
		return
	}
	x.open = nil
	b.end = x.OutLen()
	b.pure = x.Pure() && x.lp.Effects() == b.effects && len(x.trace) == b.choices
	// What the block did after pure ones only is what it does after any
	// pure ones: later runs sharing this phase's prefix may rely on it.
	if x.purity != nil && !slices.ContainsFunc(x.blocks, func(p block) bool { return !p.pure }) {
		m := x.purity[x.phase]
		if m == nil {
			m = map[int]bool{}
			x.purity[x.phase] = m
		}
		m[b.id] = b.pure
	}
	if n := len(x.blocks); n > 0 {
		// (Unless the swap is one the pool forbids: b could not have
		// come where prev did.)
		if prev := x.blocks[n-1]; prev.pure && b.pure && prev.id > b.id && x.need[b.id] <= prev.pooled {
			panic(redundant{})
		}
	}
	x.blocks = append(x.blocks, *b)
}

// endPhase turns the poll phase's stretches of pure blocks into groups.
func (x *Exec) endPhase() {
	bs := x.blocks
	x.blocks = nil
	// Each pass takes the stretch of pure blocks from i; bs[j] ends it
	// (impure, or past the end) and is skipped.
	for i := 0; i < len(bs); i++ {
		j := i
		for j < len(bs) && bs[j].pure {
			j++
		}
		if j-i >= 2 {
			g := Group{Poll: len(x.polls) - 1, Start: bs[i].start}
			for _, b := range bs[i:j] {
				g.After = append(g.After, max(0, x.need[b.id]-bs[i].pooled))
				g.Ops = append(g.Ops, b.id)
				g.Descs = append(g.Descs, b.desc)
				g.Pos = append(g.Pos, b.pos)
				g.ends = append(g.ends, b.end)
			}
			x.groups = append(x.groups, g)
		}
		i = j
	}
}

// phaseKey names a poll phase by the trace length and poll count where
// it began: runs that agree on the choices before it reach it alike.
type phaseKey struct{ trace, poll int }

// pollStep is one decision of a poll phase: which of opts (operation IDs,
// -1 to stop) to deliver next after delivered; quiet: when the phase
// began, nothing else could run before the next poll phase (no timer,
// immediate or close callback, every operation in flight on its last
// round trip).
type pollStep struct {
	phase     phaseKey
	opts      []int
	delivered []int
	quiet     bool
	need      map[int]int  // Exec.need
	pooled    map[int]bool // Exec.pooled
}

// pooledBefore counts the pool trips the current poll phase delivered
// before operation id's.
func (x *Exec) pooledBefore(id int) int {
	if len(x.polls) == 0 {
		return 0
	}
	n := 0
	for _, d := range x.polls[len(x.polls)-1] {
		if d == id {
			break
		}
		if x.pooled[d] {
			n++
		}
	}
	return n
}

func (x *Exec) quiet(inflight []int) bool {
	if !x.commuting() {
		return false
	}
	w := x.lp.Pending()
	if w.Timers > 0 || w.Immediates > 0 || w.Close > 0 {
		return false
	}
	for _, id := range inflight {
		if !x.lp.IOFinal(id) {
			return false
		}
	}
	return true
}

// redundantAlt reports that taking alternative alt at decision c gives
// only paths another branch covers, by what earlier runs learned of the
// phase's callbacks (only known-pure ones count):
//   - delivering pure o right after a pure callback with a higher ID is a
//     descending swap of the ascending order explored;
//   - in a quiet phase where everything delivered so far was pure and
//     every operation left is pure, delivering o while a lower q waits
//     means q comes later after pure callbacks only (a descending swap)
//     or in the next poll phase with nothing in between (the quiet-gap
//     reduction abandons that);
//   - in such a phase, stopping leaves the rest to that same quiet gap.
func (x *Exec) redundantAlt(c choice, alt int) bool {
	st := c.poll
	if st == nil {
		return false
	}
	known := x.purity[st.phase]
	pure := func(id int) bool { return known[id] }
	o := st.opts[alt]
	d := st.delivered
	// (A swap the pool forbids is no swap: o could not have come before
	// the last one delivered.)
	pooled := 0
	for _, id := range d[:max(len(d)-1, 0)] {
		if st.pooled[id] {
			pooled++
		}
	}
	if o >= 0 && len(d) > 0 && pure(o) && pure(d[len(d)-1]) && o < d[len(d)-1] && st.need[o] <= pooled {
		return true
	}
	if !st.quiet || !allOf(d, pure) {
		return false
	}
	var left []int
	for _, id := range st.opts {
		if id >= 0 {
			left = append(left, id)
		}
	}
	if o < 0 {
		return len(left) > 0
	}
	return allOf(left, pure) && slices.Min(left) < o
}

func allOf(ids []int, f func(int) bool) bool {
	for _, id := range ids {
		if !f(id) {
			return false
		}
	}
	return true
}

// forgetAfter drops what was learned of phases that began after trace
// index i: the next run changes the choice at i, so they may differ.
func forgetAfter(purity map[phaseKey]map[int]bool, i int) {
	for k := range purity {
		if k.trace > i {
			delete(purity, k)
		}
	}
}

// finishGroups closes the last block and phase of a complete run and cuts
// the groups' blocks out of its stdout.
func (x *Exec) finishGroups(stdout []string) []Group {
	if !x.commuting() {
		return nil
	}
	x.endBlock()
	x.endPhase()
	for i := range x.groups {
		g := &x.groups[i]
		at := g.Start
		for _, end := range g.ends {
			g.Blocks = append(g.Blocks, stdout[at:end])
			at = end
		}
		g.ends = nil
	}
	return x.groups
}

// groupRaces are the I/O races of the groups: callbacks whose order
// depends on which I/O completes first, one hazard per set of
// scheduling calls (however many callbacks each had in each group).
func groupRaces(outs []Outcome) []Hazard {
	seen := map[string]bool{}
	var hs []Hazard
	for _, o := range outs {
		for _, g := range o.Groups {
			sites := slices.Clone(g.Descs)
			slices.Sort(sites)
			sites = slices.Compact(sites)
			k := strings.Join(sites, "\x00")
			if seen[k] {
				continue
			}
			seen[k] = true
			first := 0
			for i, p := range g.Pos {
				if p.Before(g.Pos[first]) {
					first = i
				}
			}
			msg := "the callbacks of " + joinAnd(sites) + " run in any order: it depends on which I/O completes first (they touch nothing the others use, so every order prints)"
			if len(g.Descs) == 2 && len(sites) == 2 {
				msg = joinAnd(sites) + " run in either order: it depends on which I/O completes first"
			}
			hs = append(hs, Hazard{Check: "iorace", Pos: g.Pos[first], Message: msg})
		}
	}
	return hs
}

// SayCallbacks names callbacks, counting repeats: "fs.readFile at 3:3
// (12 callbacks) and fs.stat at 9:1".
func SayCallbacks(descs []string) string {
	n := map[string]int{}
	var order []string
	for _, d := range descs {
		if n[d] == 0 {
			order = append(order, d)
		}
		n[d]++
	}
	items := make([]string, len(order))
	for i, d := range order {
		items[i] = d
		if n[d] > 1 {
			items[i] = fmt.Sprintf("%s (%d callbacks)", d, n[d])
		}
	}
	return joinAnd(items)
}
