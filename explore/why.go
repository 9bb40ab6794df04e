package explore

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/looplint/looplint/ir"
	"github.com/looplint/looplint/loop"
)

// Explanations: every branching point of a path is said in words when it
// is taken (Fork), and afterwards only the forks whose alternatives lead
// to different outputs are kept as the reason an order exists. Two paths
// that part at such a fork and then run different callbacks first give
// a race: those two callbacks, and the fork that decides between them.

func timerName(t *loop.Timer, describe func(any) string) string {
	if t == nil {
		return "a timer"
	}
	return fmt.Sprintf("the %s (%s ms)", describe(t.Cb), loop.FormatDuration(t.Msecs()))
}

// sayClock puts a clock comparison with answer r (<0, 0, >0) in words.
func sayClock(q loop.Question, r int, describe func(any) string, busy string, gapMs int64) string {
	when := "the loop checked timers" + iterMark
	switch q.Kind {
	case loop.AskExpired:
		if r <= 0 {
			after := ""
			if q.Timer != nil && q.Timer.Msecs() > 1 {
				after = fmt.Sprintf(" (%s ms or more after it was set)", loop.FormatDuration(q.Timer.Msecs()))
			}
			return fmt.Sprintf("%s had expired%s when %s", timerName(q.Timer, describe), after, when)
		}
		return fmt.Sprintf("%s had not expired yet when %s", timerName(q.Timer, describe), when)
	case loop.AskBefore:
		rel := map[bool]string{true: "before", false: "after"}[r < 0]
		gap := ""
		if gapMs > 0 {
			gap = fmt.Sprintf(needsMark+"the code that made both to take at least %d ms)", gapMs)
		}
		if r == 0 {
			return fmt.Sprintf("%s and %s are due in the same millisecond%s", timerName(q.Timer, describe), timerName(q.Other, describe), gap)
		}
		return fmt.Sprintf("%s is due %s %s%s", timerName(q.Timer, describe), rel, timerName(q.Other, describe), gap)
	case loop.AskTask:
		rel := map[int]string{-1: "before", 0: "at the same millisecond as", 1: "after"}[sign(r)]
		return fmt.Sprintf("as the browser picked its next task, a due or queue time came %s the one it was compared with", rel)
	case loop.AskRearm:
		return fmt.Sprintf("how long the callback of %s took before it was re-armed", timerName(q.Timer, describe))
	}
	rel := map[int]string{-1: "not yet reached", 0: "exactly reached", 1: "passed"}[sign(r)]
	if busy == "" {
		busy = "a clock comparison in the program"
	}
	return fmt.Sprintf("at %s the time it waits for had %s", busy, rel)
}

// creationGap is how many milliseconds must pass between the clock
// reads that started timers a and b for a's list to be due before
// (r < 0), with (0) or after (r > 0) b's; 0 when the answer holds
// however close they were. A longer timer made first can only be due
// first if the shorter one came that much later: in one synchronous run
// without a busy-wait, only a stall does that.
func creationGap(a, b *loop.Timer, r int) int64 {
	sa, sb := a.Start(), b.Start()
	if sa.Base == sb.Base || a.Repeat() || b.Repeat() {
		return 0 // an interval's start is its last beat, not a creation
	}
	if sa.Base > sb.Base {
		a, b, sa, sb, r = b, a, sb, sa, -r
	}
	d := sa.Off + int64(a.Msecs()) - sb.Off - int64(b.Msecs())
	switch {
	case r < 0 && d >= 0:
		return d + 1
	case r == 0 && d > 0:
		return d
	}
	return 0
}

func sign(r int) int {
	switch {
	case r < 0:
		return -1
	case r > 0:
		return 1
	}
	return 0
}

// sayPoll puts a poll-phase choice in words.
func sayPoll(l *loop.Loop, inflight, chosen []int, describe func(any) string) string {
	name := func(id int) string {
		if l == nil {
			return fmt.Sprintf("I/O #%d", id)
		}
		return describe(l.IOCallback(id))
	}
	if len(chosen) == 0 {
		return "no I/O had completed by the poll phase" + iterMark
	}
	var done, open []string
	in := map[int]bool{}
	for _, id := range chosen {
		in[id] = true
		done = append(done, name(id))
	}
	for _, id := range inflight {
		if !in[id] {
			open = append(open, name(id))
		}
	}
	s := fmt.Sprintf("by the poll phase%s a round trip of %s had completed", iterMark, done[0])
	if len(done) > 1 {
		s = fmt.Sprintf("by the poll phase%s round trips of %s had completed", iterMark, strings.Join(collapse(done), ", then "))
	}
	if len(open) > 0 {
		s += " (not yet: " + strings.Join(collapse(open), ", ") + ")"
	}
	return s
}

// collapse says repeats next to each other once: "fs.stat at 3:1 (6 of
// them)".
func collapse(names []string) []string {
	var out []string
	for i := 0; i < len(names); {
		j := i
		for j < len(names) && names[j] == names[i] {
			j++
		}
		if j-i > 1 {
			out = append(out, fmt.Sprintf("%s (%d of them)", names[i], j-i))
		} else {
			out = append(out, names[i])
		}
		i = j
	}
	return out
}

// Race is two callbacks whose order depends on a fork.
type Race struct {
	First, Second string // callback names, in the first path's order
	Pos           ir.Pos // where First was scheduled
	IO            bool   // decided by I/O completion rather than the clock
	Why           string
}

// whyIndex finds, over all complete paths, the forks that matter and the
// races they decide.
type whyIndex struct {
	outAt map[string]int // choice prefix -> output index, or -1 if several
	paths []Path         // the first path through each (prefix, next pick)
	first map[string]int // prefix+pick -> index in paths
	pause map[int]int64  // output index -> the least pause a path to it needs
}

func newWhyIndex() *whyIndex {
	return &whyIndex{outAt: map[string]int{}, first: map[string]int{}, pause: map[int]int64{}}
}

// pauseOf is the shortest pause between two timers' creations that
// some path to output out needs (0: one needs none).
// needsMark begins what a branching point needs of the machine: an
// order under load is said by these alone when it has some (apart).
const needsMark = " (which needs "

func (w *whyIndex) pauseOf(out int) int64 { return w.pause[out] }

func prefixKey(c []int) string {
	buf, _ := prefixKeys(c)
	return string(buf)
}

// prefixKeys is prefixKey(c) with, at offs[i], the end of prefixKey(c[:i]):
// every prefix's key in one pass (races asks for many of one path's).
func prefixKeys(c []int) (buf []byte, offs []int) {
	buf = make([]byte, 0, len(c)*3)
	offs = make([]int, len(c)+1)
	for i, x := range c {
		buf = strconv.AppendInt(buf, int64(x), 10)
		buf = append(buf, ',')
		offs[i+1] = len(buf)
	}
	return buf, offs
}

// add records a path whose output has index out.
func (w *whyIndex) add(p Path, out int) {
	var g int64
	for _, f := range p.Forks {
		g = max(g, f.Gap)
	}
	if cur, ok := w.pause[out]; !ok || g < cur {
		w.pause[out] = g
	}
	var b strings.Builder
	keep := false
	for i := 0; i <= len(p.Choices); i++ {
		k := b.String()
		if o, ok := w.outAt[k]; !ok {
			w.outAt[k] = out
		} else if o != out {
			w.outAt[k] = -1
		}
		if i < len(p.Choices) {
			b.WriteString(strconv.Itoa(p.Choices[i]))
			b.WriteByte(',')
			if _, ok := w.first[b.String()]; !ok {
				w.first[b.String()] = len(w.paths)
				keep = true
			}
		}
	}
	if keep {
		w.paths = append(w.paths, p)
	}
}

// matters reports whether the outputs below the fork differ.
func (w *whyIndex) matters(p Path, f Fork) bool {
	return w.outAt[prefixKey(p.Choices[:f.Choice])] == -1
}

// iterMark stands in a fork's text for "in iteration N", so that the same
// fork in consecutive iterations can be said once.
const iterMark = "\x00"

// reasons are the forks of p that decide its output, the same fork in
// several iterations said once ("in iterations 1–3").
func (w *whyIndex) reasons(p Path) []string {
	var out []string
	var its []int
	last := ""
	flush := func() {
		if last != "" {
			out = append(out, strings.Replace(last, iterMark, " "+iterations(its), 1))
		}
	}
	for _, f := range p.Forks {
		if !w.matters(p, f) {
			continue
		}
		if f.Text == last && strings.Contains(last, iterMark) {
			its = append(its, f.Iter)
			continue
		}
		flush()
		last, its = f.Text, []int{f.Iter}
	}
	flush()
	return out
}

func iterations(its []int) string {
	if len(its) == 1 {
		return fmt.Sprintf("in iteration %d", its[0])
	}
	run := true
	for i := 1; i < len(its); i++ {
		run = run && its[i] == its[i-1]+1
	}
	if run {
		return fmt.Sprintf("in iterations %d–%d", its[0], its[len(its)-1])
	}
	var b strings.Builder
	for i, it := range its {
		switch {
		case i == len(its)-1:
			b.WriteString(" and ")
		case i > 0:
			b.WriteString(", ")
		}
		fmt.Fprint(&b, it)
	}
	return "in iterations " + b.String()
}

// general is a fork's text without its iteration.
func general(text string) string { return strings.Replace(text, iterMark, "", 1) }

// races compares, at every fork that matters, the first paths of its
// alternatives: the first callback where they part is the race.
func (w *whyIndex) races() []Race {
	var out []Race
	seen := map[string]bool{}
	for _, p := range w.paths {
		var buf []byte
		var offs []int
		for _, f := range p.Forks {
			if !w.matters(p, f) {
				continue
			}
			if offs == nil {
				buf, offs = prefixKeys(p.Choices)
			}
			pre := string(buf[:offs[f.Choice]])
			mine := p.Choices[f.Choice]
			for alt := 0; alt < 8; alt++ {
				j, ok := w.first[pre+strconv.Itoa(alt)+","]
				if !ok || alt == mine || saysSame(w.paths[j], f) {
					continue
				}
				a, b, ok := firstDifference(p.Runs, w.paths[j].Runs)
				if !ok {
					continue
				}
				key := a.Desc + "\x00" + b.Desc
				if a.Desc > b.Desc {
					key = b.Desc + "\x00" + a.Desc
				}
				if seen[key] {
					continue
				}
				seen[key] = true
				if b.Pos.Before(a.Pos) {
					a, b = b, a // said in source order, at the earlier one
				}
				out = append(out, Race{First: a.Desc, Second: b.Desc, Pos: a.Pos, IO: f.IO, Why: general(f.Text)})
			}
		}
	}
	return out
}

// saysSame reports whether q, at f's choice, also says what f says: one
// clock reading can decide several things (the 1 ms timer had expired,
// the 5 ms one had not), and only what differs explains the race.
func saysSame(q Path, f Fork) bool {
	for _, g := range q.Forks {
		if g.Choice == f.Choice && g.Text == f.Text {
			return true
		}
	}
	return false
}

func firstDifference(a, b []Run) (Run, Run, bool) {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i].Desc != b[i].Desc || a[i].Queue != b[i].Queue {
			return a[i], b[i], true
		}
	}
	return Run{}, Run{}, false
}

// starved is the hazard of a tick or microtask chain that never drains;
// st.Pos is "line:col" or "file:line:col" of the call that re-queues.
func starved(st loop.Stop, w loop.Waiting) Hazard {
	h := Hazard{Check: "nexttickloop"}
	what := "process.nextTick"
	if st.Queue == "microtask" {
		h.Check, what = "microtaskloop", "a promise reaction or queueMicrotask"
	}
	if p, ok := parsePos(st.Pos); ok {
		h.Pos = p
		what += " at " + p.String()
	}
	var left []string
	for _, c := range []struct {
		n    int
		name string
	}{{w.Timers, "timer"}, {w.Immediates, "immediate"}, {w.IO, "I/O callback"}, {w.Close, "close callback"}} {
		if c.n > 0 {
			left = append(left, plural(c.n, c.name))
		}
	}
	starves := starvesAll
	if len(left) > 0 {
		verb := " never run"
		if len(left) == 1 && strings.HasPrefix(left[0], "1 ") {
			verb = " never runs"
		}
		starves = "the pending " + strings.Join(left, ", ") + verb
	}
	h.Message = fmt.Sprintf("the %s queue never drains (%s keeps re-queueing work): %s, and the process never exits", st.Queue, what, starves)
	return h
}

// parsePos reads "line:col" or "file:line:col".
func parsePos(s string) (ir.Pos, bool) {
	parts := strings.Split(s, ":")
	if len(parts) < 2 {
		return ir.Pos{}, false
	}
	line, err1 := strconv.Atoi(parts[len(parts)-2])
	col, err2 := strconv.Atoi(parts[len(parts)-1])
	if err1 != nil || err2 != nil {
		return ir.Pos{}, false
	}
	return ir.Pos{File: strings.Join(parts[:len(parts)-2], ":"), Line: line, Col: col}, true
}

const starvesAll = "timers, I/O and immediates never get a turn"

func plural(n int, s string) string {
	if n == 1 {
		return "1 " + s
	}
	return fmt.Sprintf("%d %ss", n, s)
}
