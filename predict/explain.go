package predict

import (
	"github.com/looplint/looplint/ir"
	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/parse"
)

// Step is one part of an explanation: a phase the loop entered (Queue is
// empty, Waiting says what was queued) or a callback it ran, with what
// that step printed.
type Step struct {
	Phase     string
	Iteration int
	Queue     string // "timer", "immediate", "io", "nextTick", "microtask", ...
	Callback  string // the scheduling call, e.g. "setTimeout at 3:1"
	Waiting   loop.Waiting
	Printed   []string
}

// Explain replays one order's witness through the interpreter and
// returns, step by step, which phase ran which callback from which queue
// and what each printed. Phases where nothing ran and nothing printed
// are left out.
func Explain(prog *ir.Program, p loop.Profile, opts Options, w loop.Witness) []Step {
	if opts.MaxIter <= 0 {
		opts.MaxIter = 10000
	}
	if opts.Limits.MaxCallbacks == 0 {
		opts.Limits = loop.Limits{MaxDrain: loop.DefaultLimits.MaxDrain, MaxCallbacks: 10000, MaxVirtualMS: 3600 * 1000}
	}
	in := NewHost(prog, p, opts)
	in.l = loop.New(p, in, &loop.Replay{W: w}, opts.Limits)
	var steps []Step
	printed := 0
	flush := func() {
		if printed < len(in.stdout) && len(steps) > 0 {
			last := &steps[len(steps)-1]
			last.Printed = append(last.Printed, in.stdout[printed:]...)
		}
		printed = len(in.stdout)
	}
	in.l.SetTrace(func(e loop.Event) {
		if e.Kind == loop.EventDue {
			return
		}
		flush()
		st := Step{Phase: e.Phase, Iteration: e.Iteration, Waiting: e.Waiting}
		if e.Kind == loop.EventRun {
			st.Queue = e.Queue
			st.Callback, _ = in.describe(e.Cb)
		}
		steps = append(steps, st)
	})
	in.onMicrotask = func() {
		flush()
		steps = append(steps, Step{Phase: steps[len(steps)-1].Phase, Iteration: steps[len(steps)-1].Iteration, Queue: "microtask"})
	}
	in.Run()
	flush()
	// Drop empty phases and silent microtask runs (a chain of reactions
	// that print nothing says little).
	var out []Step
	for i, st := range steps {
		if st.Queue == "" {
			busy := len(st.Printed) > 0 || i+1 < len(steps) && steps[i+1].Queue != ""
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

// ExplainFile is Explain on a parsed file.
func ExplainFile(f *parse.File, p loop.Profile, opts Options, w loop.Witness) ([]Step, error) {
	prog, err := ir.Lower(f, p.Module == loop.ESModule)
	if err != nil {
		return nil, err
	}
	return Explain(prog, p, opts, w), nil
}
