package loop

import "slices"

// Tracing exists for explanations: which phase ran which callback from
// which queue, and what the loop was asking when the clock or the I/O
// chooser had more than one answer. It costs nothing when Env.Trace is nil.

// EventKind says what an Event reports.
type EventKind int

const (
	// EventPhase: the loop entered a phase (or main/beforeExit/exit).
	EventPhase EventKind = iota
	// EventRun: a callback is about to run.
	EventRun
	// EventDue: the loop found whether Timer is due (Due) at this timers
	// phase; Timer's list is the one it decided about.
	EventDue
	// EventRejections: a drain ended with rejections to process (still
	// unhandled, or handled late); what that prints (a warning, an
	// uncaught error, a listener's output) is Node's doing, not the last
	// callback's. Queue is "rejection".
	EventRejections
)

// Event is one step of a run.
type Event struct {
	Kind EventKind
	// Phase is "main", "timers", "pending", "poll", "check", "close", "beforeExit"
	// or "exit"; Iteration is the loop iteration (0 for main).
	Phase     string
	Iteration int
	// Queue is where a run callback came from: "timer", "interval",
	// "immediate", "io", "pending", "close", "nextTick" (hosts report "microtask").
	Queue string
	Cb    any
	// IO is the operation's ID (as in witnesses) when Queue is "io".
	IO int
	// More: an "io" callback the running one continued with
	// (Loop.Continue): part of the same completion, not a new one.
	More bool
	// Waiting is what was queued when a phase began (an EventPhase's).
	// Queued is the callbacks waiting in each queue: when a phase began,
	// or, an EventRun's, just before its callback ran (that callback
	// first in its queue).
	Waiting Waiting
	Queued  *Queued
	// Timer and Due are an EventDue's: whether Timer's list is due at
	// the phase's clock reading. Clean: that reading is the newest, and
	// nothing in the loop refers to it but this comparison (no list was
	// re-queued against it).
	Timer *Timer
	Due   bool
	Clean bool
}

// Waiting counts the work queued at one moment.
type Waiting struct {
	Timers, Immediates, IO, Close, Ticks int
}

// AskKind says what the loop was deciding when its clock or I/O chooser
// was asked a question with several possible answers.
type AskKind int

const (
	AskNone    AskKind = iota
	AskExpired         // has Timer expired at this phase's clock reading?
	AskBefore          // does Timer's list expire before Other's?
	AskRearm           // timer bookkeeping (re-arm, re-queue)
	AskPoll            // which I/O round trips completed by this poll phase?
	// AskTask: a browser comparing a timer's due time, the next frame or
	// two tasks' queue times as it picks its next task.
	AskTask
)

// Question is what the loop is deciding right now.
type Question struct {
	Kind         AskKind
	Timer, Other *Timer
	Phase        string
	Iteration    int
}

// Question returns what the loop is deciding at this moment (AskNone when
// the host itself is comparing readings, e.g. a busy-wait).
func (l *Loop) Question() Question { return l.q }

// IOCallback is the callback of in-flight operation id, nil if unknown.
func (l *Loop) IOCallback(id int) any {
	for _, op := range l.io {
		if op.id == id {
			return op.cb
		}
	}
	return nil
}

// Msecs is the timer's duration after coercion.
func (t *Timer) Msecs() float64 { return t.msecs }

func (l *Loop) ask(q Question) {
	q.Phase, q.Iteration = l.phase, l.iterations
	l.q = q
}

func (l *Loop) phaseEvent(name string) {
	l.phase = name
	if l.trace == nil {
		return
	}
	l.trace(Event{Kind: EventPhase, Phase: name, Iteration: l.iterations, Waiting: l.Pending(), Queued: l.queued()})
}

// Queued holds the callbacks waiting in each queue at one moment, in the
// order each queue runs them; timers list by list, in the heap's order
// (which list is due first is the clock's to say, and tracing asks it
// nothing). An operation in flight is there by its callback.
type Queued struct {
	Timers, Immediates, IO, Pending, Close, Ticks []any
	// A browser's (loop/browser.go): its tasks of every source but
	// timers in queue order, the next rendering update's animation frame
	// callbacks and observer deliveries, its idle callbacks.
	Tasks, Frames, Idle []any
	browser             bool
}

// Snapshot is what waits in each queue now (explanations: the engine's
// microtask queue is the engine's to add).
func (l *Loop) Snapshot() *Queued { return l.queued() }

// putBack puts cb, taken from queue to run, back at the head of its
// queue: what waited just before it ran.
func (q *Queued) putBack(queue string, cb any) {
	var at *[]any
	switch queue {
	case "timer", "interval":
		at = &q.Timers
	case "immediate":
		at = &q.Immediates
	case "io":
		at = &q.IO
	case "pending":
		at = &q.Pending
	case "close":
		at = &q.Close
	case "nextTick":
		at = &q.Ticks
	case "raf", "render":
		at = &q.Frames
	case "idle":
		at = &q.Idle
	case "microtask", "rejection":
		return
	default:
		// A browser's other task sources: message, event, script,
		// parser, postTask.
		if !q.browser {
			return
		}
		at = &q.Tasks
	}
	*at = append([]any{cb}, *at...)
}

func (l *Loop) queued() *Queued {
	if b := l.b; b != nil {
		return b.queued()
	}
	q := &Queued{Pending: slices.Clone(l.pending), Close: slices.Clone(l.closing)}
	for _, list := range l.heap.lists {
		for _, t := range list.timers {
			q.Timers = append(q.Timers, t.Cb)
		}
	}
	// The check phase running now runs the rest of what it took first.
	q.Immediates = append(q.Immediates, l.restCbs...)
	for _, im := range l.restImm {
		if !im.cleared {
			q.Immediates = append(q.Immediates, im.Cb)
		}
	}
	q.Immediates = append(q.Immediates, l.outstanding...)
	for _, im := range l.immediates {
		if !im.cleared {
			q.Immediates = append(q.Immediates, im.Cb)
		}
	}
	for _, op := range l.io {
		cb := op.cb
		if s, ok := cb.(Scopes); ok && len(s) > 0 {
			cb = s[0]
		}
		q.IO = append(q.IO, cb)
	}
	for _, t := range l.ticks {
		q.Ticks = append(q.Ticks, t.cb)
	}
	return q
}

func (l *Loop) runEvent(queue string, cb any) {
	if l.trace != nil {
		e := Event{Kind: EventRun, Phase: l.phase, Iteration: l.iterations, Queue: queue, Cb: cb, Queued: l.queued()}
		e.Queued.putBack(queue, cb)
		if queue == "io" {
			e.IO = l.ioRunning
			e.More = l.continuing
		}
		l.trace(e)
	}
}

// FormatDuration prints a timer duration the way Node prints numbers.
func FormatDuration(ms float64) string { return jsNumber(ms) }

// Pending is the work queued right now.
func (l *Loop) Pending() Waiting {
	w := Waiting{Immediates: len(l.immediates), IO: len(l.io), Close: len(l.closing), Ticks: len(l.ticks)}
	for _, list := range l.heap.lists {
		w.Timers += len(list.timers)
	}
	return w
}

// SetTrace sets the tracer of a loop built without Env.Trace (a replay).
func (l *Loop) SetTrace(fn func(Event)) { l.trace = fn }

// queued is a browser's queues: timers in the order they were made
// (which falls due first is the clock's to say, and tracing asks it
// nothing), the other sources' tasks in queue order.
func (b *browser) queued() *Queued {
	q := &Queued{browser: true}
	for _, t := range b.timers {
		q.Timers = append(q.Timers, t.cb)
	}
	for _, t := range b.tasks {
		q.Tasks = append(q.Tasks, t.cb)
	}
	for _, r := range b.rafs {
		q.Frames = append(q.Frames, r.cb)
	}
	q.Frames = append(q.Frames, b.renders...)
	for _, r := range b.idle {
		q.Idle = append(q.Idle, r.cb)
	}
	return q
}
