package predict

import (
	"github.com/looplint/looplint/explore"
	"github.com/looplint/looplint/ir"
	"github.com/looplint/looplint/loop"
)

// Explain replays one order's witness through the interpreter and
// returns, step by step, which phase ran which callback from which queue
// and what each printed. Phases where nothing ran and nothing printed
// are left out.
func Explain(prog *ir.Program, p loop.Profile, opts Options, w loop.Witness) []explore.Step {
	if opts.MaxIter <= 0 {
		opts.MaxIter = 10000
	}
	if opts.Limits.MaxCallbacks == 0 {
		opts.Limits = loop.Limits{MaxDrain: loop.DefaultLimits.MaxDrain, MaxCallbacks: 10000, MaxVirtualMS: 3600 * 1000, MaxIterations: opts.Limits.MaxIterations, MaxRuns: opts.Limits.MaxRuns}
	}
	in := NewHost(prog, p, opts)
	in.l = loop.New(p, in, &loop.Replay{W: w}, opts.Limits)
	rec := explore.NewSteps(func(cb any) string { d, _ := in.describe(cb); return d }, func() []string { return in.stdout })
	in.l.SetTrace(rec.Event)
	in.onMicrotask = rec.Microtask
	in.Run()
	return rec.Done()
}
