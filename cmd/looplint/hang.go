package main

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/looplint/looplint/explore"
	"github.com/looplint/looplint/loop"
)

// predictHang is how an order that never ends goes on.
type predictHang struct {
	// Kind: "starves" (a nextTick or microtask chain never drains) or
	// "loops" (the event loop goes round forever).
	Kind string `json:"kind"`
	// Proven (loops): the program's state at the start of iteration from
	// came back exactly period iterations later, so the loop repeats them
	// forever. Unproven, the run was stopped in iteration iterations, its
	// last callbacks repeating a pattern of period callbacks since
	// iteration from: what it does later is not known.
	Proven     bool `json:"proven,omitempty"`
	From       int  `json:"from,omitempty"`
	Period     int  `json:"period,omitempty"`
	Iterations int  `json:"iterations,omitempty"`
	// Repeats: the callbacks each repetition runs; prints: it prints.
	Repeats []string `json:"repeats,omitempty"`
	Prints  bool     `json:"prints,omitempty"`
	// Lines (proven): the last lines of stdout, one repetition's, repeat
	// forever.
	Lines int `json:"lines,omitempty"`
	// Starves: the queue ("nextTick", "microtask"), the callback that
	// keeps re-queueing and where it was scheduled, and what never runs.
	Queue    string        `json:"queue,omitempty"`
	Callback string        `json:"callback,omitempty"`
	Pos      string        `json:"pos,omitempty"`
	NeverRun *loop.Waiting `json:"neverRun,omitempty"`
}

func hangOf(file string, h *explore.Hang) *predictHang {
	if h == nil {
		return nil
	}
	if h.Loops {
		return &predictHang{Kind: "loops", Proven: h.Proven, From: h.From, Period: h.Period, Iterations: h.Iterations,
			Repeats: h.Repeats, Prints: h.Prints, Lines: h.Lines}
	}
	ph := &predictHang{Kind: "starves", Queue: h.Queue, Callback: h.Callback, Pos: posOf(file, h.Pos)}
	if h.Waiting != (loop.Waiting{}) {
		w := h.Waiting
		ph.NeverRun = &w
	}
	return ph
}

// hangVerdict is the verdict when orders never end: what hangs, and how,
// instead of "deterministic" (base, the verdict on the orders, otherwise).
func hangVerdict(rep predictReport, base string) string {
	var hangs []*predictHang
	for _, o := range rep.Orders {
		if o.Hang != nil {
			hangs = append(hangs, o.Hang)
		}
	}
	if len(hangs) == 0 {
		return base
	}
	text := hangText(hangs[0])
	for _, h := range hangs[1:] {
		if hangText(h) != text {
			text = "the process never exits in any of them"
			if !hangs[0].Proven && hangs[0].Kind == "loops" {
				text = "none ends as far as followed"
			}
			break
		}
	}
	all := len(hangs) == len(rep.Orders) && rep.Total == int64(len(rep.Orders))
	switch {
	case all && rep.Total == 1:
		return text
	case all:
		return base + "; " + text
	}
	return fmt.Sprintf("%s (%d of those listed never end: %s)", base, len(hangs), text)
}

// hangText says how a run hangs, in a sentence: "starves: the nextTick
// queue never drains (spin (process.nextTick at 1:19)); the 1 timer never
// runs; the process never exits", "never ends: spin (setImmediate at 3:3)
// re-queues itself every iteration".
func hangText(h *predictHang) string {
	if h.Kind == "starves" {
		s := fmt.Sprintf("starves: the %s queue never drains", h.Queue)
		switch {
		case h.Callback != "":
			s += " (" + h.Callback + ")"
		case h.Pos != "" && h.Queue == "nextTick":
			s += " (process.nextTick at " + shortPos(h.Pos) + ")"
		}
		if h.NeverRun != nil {
			var parts []string
			n := 0
			for _, c := range []struct {
				n    int
				name string
			}{{h.NeverRun.Timers, "timer"}, {h.NeverRun.Immediates, "immediate"}, {h.NeverRun.IO, "I/O callback"}, {h.NeverRun.Close, "close callback"}} {
				if c.n > 0 {
					n += c.n
					name := c.name
					if c.n > 1 {
						name += "s"
					}
					parts = append(parts, fmt.Sprintf("%d %s", c.n, name))
				}
			}
			verb := "never run"
			if n == 1 {
				verb = "never runs"
			}
			s += "; the " + strings.Join(parts, ", ") + " " + verb
		}
		return s + "; the process never exits"
	}
	who := explore.SayRepeats(h.Repeats)
	verb := "re-queues itself"
	if len(h.Repeats) > 1 {
		verb = "re-queue themselves"
	}
	if !h.Proven {
		return fmt.Sprintf("does not end as far as followed (to iteration %d): %s %s each time", h.Iterations, who, verb)
	}
	every := "every iteration"
	if h.Period > 1 {
		every = fmt.Sprintf("every %d iterations", h.Period)
	}
	s := fmt.Sprintf("never ends: %s %s %s", who, verb, every)
	if h.Prints {
		s += ", printing each time"
	}
	return s
}

// shortPos is line:col of file:line:col.
func shortPos(pos string) string {
	parts := strings.Split(pos, ":")
	if len(parts) < 2 {
		return pos
	}
	return strings.Join(parts[len(parts)-2:], ":")
}

// endlessTail ends the text of an order whose loop goes round forever.
func endlessTail(h *predictHang) string {
	if h == nil {
		return "… and so on: the loop goes round without end"
	}
	who := explore.SayRepeats(h.Repeats)
	switch {
	case !h.Proven:
		return fmt.Sprintf("… and so on (%s), as far as followed: iteration %d", who, h.Iterations)
	case h.Lines == 1:
		return fmt.Sprintf("… then the last line again and again (%s): the process never exits", who)
	case h.Lines > 1:
		return fmt.Sprintf("… then the last %d lines again and again (%s): the process never exits", h.Lines, who)
	}
	return fmt.Sprintf("… then nothing more, the loop going round forever (%s): the process never exits", who)
}

// maxBoundedLines is how many lines printBounded shows at most.
const maxBoundedLines = 30

// printBounded prints an endless order's stdout in bounded space: a line
// printed several times in a row once with the count, and at most
// maxBoundedLines of them.
func printBounded(w io.Writer, lines []string) {
	shown := 0
	for i := 0; i < len(lines); {
		j := i + 1
		for j < len(lines) && lines[j] == lines[i] {
			j++
		}
		if shown == maxBoundedLines {
			fmt.Fprintf(w, "  … %d more lines\n", len(lines)-i)
			return
		}
		if j-i > 1 {
			fmt.Fprintf(w, "  %s   (× %d)\n", lines[i], j-i)
		} else {
			fmt.Fprintf(w, "  %s\n", lines[i])
		}
		shown++
		i = j
	}
}

// stepRepeat says that the steps of an explanation ending with this one
// came again, alike, in a row.
type stepRepeat struct {
	Steps int `json:"steps"` // the block's length, this step its last
	Times int `json:"times"` // how many more times it came
	// Iterations: the loop iteration the last repetition ran in, when
	// they went on over iterations.
	Through int `json:"through,omitempty"`
}

// The longest block of steps collapseRepeats looks for, and the least
// repetitions it collapses.
const (
	maxRepeatBlock = 16
	minRepeats     = 3
)

// collapseRepeats shortens an explanation: a block of up to
// maxRepeatBlock steps that comes minRepeats times or more in a row,
// alike but for the iteration (a tick that re-queues itself 100,000
// times, an immediate every iteration), is kept once, its last step
// saying how many more times it came.
func collapseRepeats(steps []explainStep) []explainStep {
	var out []explainStep
	for i := 0; i < len(steps); {
		bestK, bestM := 0, 1
		for k := 1; k <= maxRepeatBlock && i+2*k <= len(steps); k++ {
			m := 1
			for i+(m+1)*k <= len(steps) && sameBlock(steps[i:i+k], steps[i+m*k:i+(m+1)*k]) {
				m++
			}
			if m >= minRepeats && k*(m-1) > bestK*(bestM-1) {
				bestK, bestM = k, m
			}
		}
		if bestK == 0 {
			out = append(out, steps[i])
			i++
			continue
		}
		block := slices.Clone(steps[i : i+bestK])
		last := steps[i+bestK*bestM-1]
		r := &stepRepeat{Steps: bestK, Times: bestM - 1}
		if last.Iteration != block[bestK-1].Iteration {
			r.Through = last.Iteration
		}
		block[bestK-1].Repeat = r
		out = append(out, block...)
		i += bestK * bestM
	}
	return out
}

// sameBlock: the steps are alike but for their iteration.
func sameBlock(a, b []explainStep) bool {
	for i := range a {
		x, y := a[i], b[i]
		if x.Phase != y.Phase || x.Queue != y.Queue || x.Callback != y.Callback || !slices.Equal(x.Printed, y.Printed) ||
			(x.Waiting == nil) != (y.Waiting == nil) || x.Waiting != nil && *x.Waiting != *y.Waiting || x.Repeat != nil || y.Repeat != nil {
			return false
		}
	}
	return true
}

// printStepMore says, after a step of --explain, how often the block it
// ends came again (collapseRepeats) and how many steps were left out
// (capFollowed).
func printStepMore(w io.Writer, st explainStep) {
	if st.Repeat != nil {
		fmt.Fprintf(w, "  %s\n", repeatText(st))
	}
	if st.Omitted > 0 {
		fmt.Fprintf(w, "  … %s more steps as the loop went on, as far as it was followed\n", thousands(st.Omitted))
	}
}

// repeatText says how often the steps before came again.
func repeatText(st explainStep) string {
	r := st.Repeat
	what := "this step"
	if r.Steps > 1 {
		what = fmt.Sprintf("these %d steps", r.Steps)
	}
	s := fmt.Sprintf("… %s again %s more times", what, thousands(r.Times))
	if r.Times == 1 {
		s = fmt.Sprintf("… %s once more", what)
	}
	if r.Through > 0 {
		s += fmt.Sprintf(", through iteration %d", r.Through)
	}
	return s
}

// thousands writes n with thousands separators: 99,998.
func thousands(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// maxFollowedSteps is how many steps of an order that goes round without
// end, unproven, --explain lists.
const maxFollowedSteps = 16

// capFollowed bounds the explanation of an order that never ends: one
// that repeats printing ends with the step that printed its last line
// (the rest prints those lines again, which the order says); one
// followed as far as a bounded exploration goes lists maxFollowedSteps
// steps at most (the steps after say little more: the loop goes on
// alike), the last saying how many more.
func capFollowed(steps []explainStep, h *predictHang, stdout []string) []explainStep {
	switch {
	case h == nil || h.Kind != "loops":
		return steps
	case h.Proven && h.Lines > 0:
		printed := 0
		for i, st := range steps {
			if printed += len(st.Printed); printed >= len(stdout) {
				return steps[:i+1]
			}
		}
		return steps
	case h.Proven || len(steps) <= maxFollowedSteps:
		return steps
	}
	out := slices.Clone(steps[:maxFollowedSteps])
	out[len(out)-1].Omitted = len(steps) - maxFollowedSteps
	return out
}
