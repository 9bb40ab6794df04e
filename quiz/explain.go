package quiz

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/looplint/looplint/loop"
)

// The explanation's words for the steps' queues and phases.
var (
	queueWords = map[string]string{"timer": "timer queue", "interval": "timer queue", "immediate": "immediate queue",
		"io": "I/O callbacks", "close": "close callbacks", "nextTick": "nextTick queue", "microtask": "microtask queue"}
	phaseWords = map[string]string{"timers": "timers phase", "poll": "poll phase (I/O callbacks)",
		"check": "check phase (setImmediate callbacks)", "close": "close phase"}
)

func job(queue string) bool { return queue == "nextTick" || queue == "microtask" }

// phase names step i's phase: "the main module" or "the timers phase of
// loop iteration 1".
func (p *Puzzle) phase(i int) string {
	st := p.Steps[i]
	if st.Phase == "main" {
		return "the main module"
	}
	w := phaseWords[st.Phase]
	if w == "" {
		w = st.Phase + " phase"
	}
	return fmt.Sprintf("the %s of loop iteration %d", w, st.Iteration)
}

// callback names the callback of step i: "the setTimeout at 3:1".
func (p *Puzzle) callback(i int) string {
	st := p.Steps[i]
	if st.Callback == "" || st.Callback == "a callback" {
		return "a callback from the " + queueWords[st.Queue]
	}
	return "the " + st.Callback
}

// segment is the index of the phase step that step i belongs to (-1:
// none before it).
func (p *Puzzle) segment(i int) int {
	for ; i >= 0; i-- {
		if p.Steps[i].Queue == "" {
			return i
		}
	}
	return -1
}

// lastCallback is the last callback (not a job) run before step i in its
// phase, or -1.
func (p *Puzzle) lastCallback(i int) int {
	for j := i - 1; j > p.segment(i); j-- {
		if q := p.Steps[j].Queue; q != "" && !job(q) {
			return j
		}
	}
	return -1
}

// Describe says where step i runs: "the main module's synchronous code",
// "the setTimeout at 3:1, run by the timers phase of loop iteration 1",
// "the microtask queue, emptied after the main module".
func (p *Puzzle) Describe(i int) string {
	st := p.Steps[i]
	switch {
	case st.Queue == "" && st.Phase == "main":
		return "the main module's synchronous code"
	case st.Queue == "":
		return p.phase(i)
	case job(st.Queue):
		s := "the " + queueWords[st.Queue]
		if st.Callback != "" && st.Callback != "a callback" {
			s += " (" + st.Callback + ")"
		}
		if c := p.lastCallback(i); c >= 0 {
			return fmt.Sprintf("%s, emptied after %s in %s", s, p.callback(c), p.phase(c))
		}
		return s + ", emptied after " + p.phase(i)
	}
	return fmt.Sprintf("%s, run by %s", p.callback(i), p.phase(i))
}

// why says why step e prints line expected before step u prints given
// (e <= u: expected comes first in the order).
func (p *Puzzle) why(e, u int, expected, given string) string {
	se, su := p.Steps[e], p.Steps[u]
	E, U := strconv.Quote(expected), strconv.Quote(given)
	batch := loop.Profile{Node: p.Node}.PerListTimers()
	switch {
	case e == u && se.Queue == "":
		s := fmt.Sprintf("the main module runs from top to bottom, and the console.log that prints %s runs before the one that prints %s", E, U)
		if runsAtOnce(expected) || runsAtOnce(given) {
			s += " (a promise executor, and an async function up to its first await, run at once, where they are called)"
		}
		return s
	case e == u:
		return fmt.Sprintf("both lines print from the same callback, %s first", E)
	case se.Queue == "" && se.Phase == "main":
		return fmt.Sprintf("synchronous code runs to its end before anything queued runs; %s is printed later, by %s", U, p.Describe(u))
	case p.segment(e) != p.segment(u):
		pe, pu := p.segment(e), p.segment(u)
		switch {
		case pe < 0 || pu < 0:
		case p.Steps[pe].Phase == "main":
			return fmt.Sprintf("after the main module Node empties the nextTick and microtask queues before the event loop starts; %s is printed only in %s", U, p.phase(u))
		case p.Steps[pe].Iteration == p.Steps[pu].Iteration:
			return fmt.Sprintf("each loop iteration runs the timers phase, then the poll phase (I/O callbacks), then the check phase (setImmediate callbacks): %s comes before %s", p.phase(e), p.phase(u))
		}
		s := fmt.Sprintf("%s is printed only in %s: when the loop ran %s, its callback was not queued or not due yet", U, p.phase(u), p.phase(e))
		if su.Queue == "io" {
			s += " (an I/O callback is queued when its operation completes; fs.readFile is several operations in the thread pool, each seen by a later poll phase)"
		}
		return s
	case job(se.Queue) && !job(su.Queue):
		return fmt.Sprintf("after a callback Node empties the nextTick and microtask queues before it runs the next callback: the job that prints %s was queued before %s ran", E, p.callback(u))
	case !job(se.Queue) && job(su.Queue):
		if batch && (se.Queue == "timer" || se.Queue == "immediate") {
			return fmt.Sprintf("on Node %d the %s runs all its due callbacks before Node empties the nextTick and microtask queues (Node 11 and later empty them after each callback): %s is printed by a job that waits until then", p.Node.Major, queueWords[se.Queue], U)
		}
		if c := p.lastCallback(u); c > e {
			return fmt.Sprintf("%s is printed by a job of the %s that runs after %s, which runs after the callback that prints %s", U, queueWords[su.Queue], p.callback(c), E)
		}
		return fmt.Sprintf("%s is printed by a job of the %s that runs only once the callback that prints %s has returned: jobs wait for the running callback to end", U, queueWords[su.Queue], E)
	case !job(se.Queue):
		s := fmt.Sprintf("both callbacks wait in the %s, which runs them in the order they were queued: %s before %s", queueWords[se.Queue], p.callback(e), p.callback(u))
		if se.Queue == "timer" {
			s = fmt.Sprintf("both callbacks are timers run by the same timers phase, the one due first first (equal delays: the one set first): %s before %s", p.callback(e), p.callback(u))
		}
		return s
	case se.Queue == su.Queue && se.Queue == "nextTick":
		return fmt.Sprintf("the nextTick queue is first in, first out: the tick that prints %s was queued before the one that prints %s", E, U)
	case se.Queue == su.Queue:
		return fmt.Sprintf("the microtask queue is first in, first out: the job that prints %s was queued before the one that prints %s. "+
			"A job is queued only when what it waits for settles: a then callback when the promise before it settles "+
			"(a then callback that returns a promise or a thenable settles its promise only some jobs later), "+
			"the code after an await when the awaited value settles", E, U)
	case se.Queue == "nextTick":
		return "Node empties the nextTick queue before it runs the microtask queue"
	}
	return fmt.Sprintf("the tick that prints %s was queued while microtasks ran: Node runs the microtask queue to its end, jobs queued meanwhile included, before it returns to the nextTick queue", U)
}

// runsAtOnce: the label is gen's name for code that runs where it is
// called, though it sits in a function.
func runsAtOnce(label string) bool {
	return strings.HasPrefix(label, "executor") || strings.HasPrefix(label, "async body")
}
