package explore

import (
	"fmt"
	"strings"

	"github.com/looplint/looplint/ir"
	"github.com/looplint/looplint/loop"
)

// Step is one part of an explanation of a run: a phase the loop entered
// (Queue is empty, Waiting says what was queued) or a callback it ran,
// with what that step printed.
type Step struct {
	Phase     string
	Iteration int
	// Queue is where the callback came from: "timer", "immediate",
	// "io", "nextTick", "microtask", ...; "rejection" is Node processing
	// the rejections a drain left unhandled (its warning or uncaught
	// error, 'unhandledRejection' listeners).
	Queue string
	// Callback is the scheduling call ("setTimeout at 3:1"), or for a
	// microtask what the job is ("the reaction of .then at 17:4").
	Callback string
	// Pos is where Callback was scheduled (zero: not known).
	Pos ir.Pos
	// Reason says why a microtask runs where it does, when the answer
	// is not "one job after its promise settled": what an await or the
	// adoption of a promise costs on this release.
	Reason string
	// Jobs is how many microtasks the step stands for: more than 1 for
	// jobs that printed nothing, said together (Silent).
	Jobs int
	// Silent: the step stands for jobs that printed nothing, kept
	// because a job of the same drain that printed waited for them.
	Silent  bool
	Waiting loop.Waiting
	// Queued names what waited in each queue when the step began: a
	// phase's when it began, a callback's or a job's just before it ran
	// (itself first in its queue). Nil when every queue was empty.
	Queued  *Queued
	Printed []string
	// Stderr is what the step wrote to stderr (Node's own reports, such
	// as an uncaught error, included).
	Stderr []string
}

// Queued names the callbacks waiting in each queue (loop.Queued), as
// Step.Callback names one.
type Queued struct {
	Timers     []string `json:",omitempty"`
	Immediates []string `json:",omitempty"`
	IO         []string `json:",omitempty"`
	Pending    []string `json:",omitempty"`
	Close      []string `json:",omitempty"`
	Ticks      []string `json:",omitempty"`
	// A browser's tasks (of every source but timers), the next rendering
	// update's callbacks, its idle callbacks.
	Tasks  []string `json:",omitempty"`
	Frames []string `json:",omitempty"`
	Idle   []string `json:",omitempty"`
	// Microtasks is the engine's queue of jobs (Job.What), oldest first.
	// JobsUnknown: the engine does not say (the runtime's engine names
	// a job only when it runs).
	Microtasks  []string `json:",omitempty"`
	JobsUnknown bool     `json:",omitempty"`
}

// names names the callbacks of q and the engine's queued jobs.
func (s *Steps) names(q *loop.Queued) *Queued {
	if q == nil {
		return nil
	}
	name := func(cbs []any) []string {
		var out []string
		for _, cb := range cbs {
			d, _ := s.describe(cb)
			out = append(out, d)
		}
		return out
	}
	out := &Queued{Timers: name(q.Timers), Immediates: name(q.Immediates), IO: name(q.IO), Pending: name(q.Pending), Close: name(q.Close), Ticks: name(q.Ticks),
		Tasks: name(q.Tasks), Frames: name(q.Frames), Idle: name(q.Idle)}
	if s.jobs != nil {
		for _, j := range s.jobs() {
			out.Microtasks = append(out.Microtasks, j.What)
		}
	} else {
		out.JobsUnknown = true
		return out
	}
	if len(out.Timers)+len(out.Immediates)+len(out.IO)+len(out.Pending)+len(out.Close)+len(out.Ticks)+len(out.Tasks)+len(out.Frames)+len(out.Idle)+len(out.Microtasks) == 0 {
		return nil
	}
	return out
}

// Scheduled names a callback by the call that scheduled it: "setTimeout
// at 3:1"; without a site in the program, Node's own code made the call.
func Scheduled(api string, site ir.Pos) string {
	if site.Line <= 0 {
		return api + " by Node's own code"
	}
	return api + " at " + site.String()
}

// Job describes a microtask for the explanations.
type Job struct {
	What   string // "the reaction of .then at 17:4"
	Pos    ir.Pos
	Reason string // see Step.Reason
}

// Steps turns a run's trace into steps; each engine feeds it the loop's
// events (Event, as loop.Env.Trace) and its own microtask runs.
type Steps struct {
	describe       func(cb any) (string, ir.Pos)
	stdout, stderr func() []string
	// loopQueued and jobs are what waits in the loop's queues and in the
	// engine's microtask queue now (Queues).
	loopQueued     func() *loop.Queued
	jobs           func() []Job
	steps          []Step
	printed, wrote int
}

// NewSteps records the steps of one run: describe names a callback the
// loop holds, stdout and stderr are what the run printed so far (stderr
// may be nil).
func NewSteps(describe func(cb any) (string, ir.Pos), stdout, stderr func() []string) *Steps {
	return &Steps{describe: describe, stdout: stdout, stderr: stderr}
}

// Queues lets the steps say what waited in each queue as each began:
// loopQueued is the loop's queues now (loop.Loop.Snapshot), jobs the
// engine's microtask queue, oldest first, the job about to run included
// when Microtask is called; nil where the engine cannot list it.
func (s *Steps) Queues(loopQueued func() *loop.Queued, jobs func() []Job) {
	s.loopQueued, s.jobs = loopQueued, jobs
}

// flush gives the lines printed since the last step to that step.
func (s *Steps) flush() {
	out := s.stdout()
	var errs []string
	if s.stderr != nil {
		errs = s.stderr()
	}
	if len(s.steps) > 0 {
		last := &s.steps[len(s.steps)-1]
		if s.printed < len(out) {
			last.Printed = append(last.Printed, out[s.printed:]...)
		}
		if s.wrote < len(errs) {
			last.Stderr = append(last.Stderr, errs[s.wrote:]...)
		}
	}
	s.printed, s.wrote = len(out), len(errs)
}

// Event is a loop.Env.Trace.
func (s *Steps) Event(e loop.Event) {
	if e.Kind == loop.EventDue {
		return
	}
	s.flush()
	st := Step{Phase: e.Phase, Iteration: e.Iteration, Waiting: e.Waiting, Queued: s.names(e.Queued)}
	switch e.Kind {
	case loop.EventRun:
		st.Queue = e.Queue
		st.Callback, st.Pos = s.describe(e.Cb)
	case loop.EventRejections:
		st.Queue = e.Queue
	}
	s.steps = append(s.steps, st)
}

// Microtask records that the engine runs the microtask j.
func (s *Steps) Microtask(j Job) {
	s.flush()
	if len(s.steps) == 0 {
		return
	}
	last := s.steps[len(s.steps)-1]
	st := Step{Phase: last.Phase, Iteration: last.Iteration, Queue: "microtask",
		Callback: j.What, Pos: j.Pos, Reason: j.Reason, Jobs: 1}
	if s.loopQueued != nil {
		st.Queued = s.names(s.loopQueued())
	}
	s.steps = append(s.steps, st)
}

func (st Step) wrote() bool { return len(st.Printed) > 0 || len(st.Stderr) > 0 }

// Done ends the run and returns its steps, without phases where nothing
// ran and nothing printed. Microtasks that printed nothing are said
// (together, when several follow each other) only where a microtask of
// the same drain that printed ran after them: they are why it ran late.
func (s *Steps) Done() []Step {
	s.flush()
	var out, silent []Step
	for i, st := range s.steps {
		if st.Queue == "rejection" && !st.wrote() {
			silent = nil
			continue // handled by a listener that printed nothing
		}
		if st.Queue == "microtask" {
			if !st.wrote() {
				silent = append(silent, st)
				continue
			}
			if len(silent) > 0 {
				out = append(out, summary(silent))
			}
		}
		silent = nil
		if st.Queue == "" {
			busy := st.wrote() || i+1 < len(s.steps) && s.steps[i+1].Queue != ""
			if !busy {
				continue
			}
		}
		out = append(out, st)
	}
	return out
}

// maxSaid is how many different jobs a summary names.
const maxSaid = 4

// summary is one step for microtasks that printed nothing.
func summary(jobs []Step) Step {
	if len(jobs) == 1 {
		st := jobs[0]
		st.Silent = true
		return st
	}
	st := Step{Phase: jobs[0].Phase, Iteration: jobs[0].Iteration, Queue: "microtask", Jobs: len(jobs), Silent: true, Queued: jobs[0].Queued}
	var said []string
	count := map[string]int{}
	for _, j := range jobs {
		w := j.Callback
		if w == "" {
			w = "a job"
		}
		if count[w] == 0 {
			said = append(said, w)
		}
		count[w]++
	}
	var parts []string
	for i, w := range said {
		if i == maxSaid {
			parts = append(parts, fmt.Sprintf("and %d more", len(said)-i))
			break
		}
		if n := count[w]; n > 1 {
			w = fmt.Sprintf("%s (%d jobs)", w, n)
		}
		parts = append(parts, w)
	}
	st.Callback = strings.Join(parts, "; ")
	return st
}
