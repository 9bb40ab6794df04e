package explore

import "github.com/looplint/looplint/loop"

// Step is one part of an explanation of a run: a phase the loop entered
// (Queue is empty, Waiting says what was queued) or a callback it ran,
// with what that step printed.
type Step struct {
	Phase     string
	Iteration int
	Queue     string // "timer", "immediate", "io", "nextTick", "microtask", ...
	Callback  string // the scheduling call, e.g. "setTimeout at 3:1"
	Waiting   loop.Waiting
	Printed   []string
}

// Steps turns a run's trace into steps; each engine feeds it the loop's
// events (Event, as loop.Env.Trace) and its own microtask runs.
type Steps struct {
	describe func(cb any) string
	stdout   func() []string
	steps    []Step
	printed  int
}

// NewSteps records the steps of one run: describe names a callback the
// loop holds, stdout is what the run printed so far.
func NewSteps(describe func(cb any) string, stdout func() []string) *Steps {
	return &Steps{describe: describe, stdout: stdout}
}

// flush gives the lines printed since the last step to that step.
func (s *Steps) flush() {
	out := s.stdout()
	if s.printed < len(out) && len(s.steps) > 0 {
		last := &s.steps[len(s.steps)-1]
		last.Printed = append(last.Printed, out[s.printed:]...)
	}
	s.printed = len(out)
}

// Event is a loop.Env.Trace.
func (s *Steps) Event(e loop.Event) {
	if e.Kind == loop.EventDue {
		return
	}
	s.flush()
	st := Step{Phase: e.Phase, Iteration: e.Iteration, Waiting: e.Waiting}
	if e.Kind == loop.EventRun {
		st.Queue = e.Queue
		st.Callback = s.describe(e.Cb)
	}
	s.steps = append(s.steps, st)
}

// Microtask records that the engine runs a microtask.
func (s *Steps) Microtask() {
	s.flush()
	if len(s.steps) == 0 {
		return
	}
	last := s.steps[len(s.steps)-1]
	s.steps = append(s.steps, Step{Phase: last.Phase, Iteration: last.Iteration, Queue: "microtask"})
}

// Done ends the run and returns its steps, without phases where nothing
// ran and nothing printed, and without silent microtasks (a chain of
// reactions that print nothing says little).
func (s *Steps) Done() []Step {
	s.flush()
	var out []Step
	for i, st := range s.steps {
		if st.Queue == "" {
			busy := len(st.Printed) > 0 || i+1 < len(s.steps) && s.steps[i+1].Queue != ""
			if !busy {
				continue
			}
		} else if st.Queue == "microtask" && len(st.Printed) == 0 {
			continue
		}
		out = append(out, st)
	}
	return out
}
