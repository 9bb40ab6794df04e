package predict

import (
	"fmt"

	"github.com/looplint/looplint/explore"
	"github.com/looplint/looplint/ir"
	"github.com/looplint/looplint/loop"
)

// Explain replays one order's witness through the interpreter and
// returns, step by step, which phase ran which callback from which queue
// and what each printed; each microtask says what it is and, for an
// await or a promise resolved with a promise, why it costs the jobs it
// costs on this release. Phases where nothing ran and nothing printed
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
	rec := explore.NewSteps(in.describe, func() []string { return in.stdout }, func() []string { return in.stderr })
	in.l.SetTrace(rec.Event)
	in.onMicrotask = rec.Microtask
	rec.Queues(in.l.Snapshot, func() []explore.Job {
		var out []explore.Job
		for _, j := range in.e.Queue() {
			out = append(out, in.jobOf(j))
		}
		return out
	})
	in.Run()
	return rec.Done()
}

// origin is where a promise operation at pos comes from, for the
// explanations: in a built-in's JavaScript, the program's call into it.
func (in *Interp) origin(kind string, pos ir.Pos) Origin {
	if isLib(pos) {
		return Origin{Kind: "library", Pos: in.site}
	}
	return Origin{Kind: kind, Pos: pos}
}

// at is " at L:C", or nothing when the site is not known.
func at(p ir.Pos) string {
	if p.Line <= 0 {
		return ""
	}
	return " at " + p.String()
}

// subject names the operation o in a sentence.
func (o Origin) subject() string {
	switch o.Kind {
	case "then", "catch", "finally":
		return "the ." + o.Kind + " callback" + at(o.Pos) + ", which returned a promise"
	case "resolve":
		return "resolve()" + at(o.Pos)
	case "return":
		return "the return" + at(o.Pos)
	case "", "library":
		if o.Pos.Line > 0 {
			return "the library call" + at(o.Pos)
		}
		return "Node's own code"
	case "module":
		return "Node's module loader, which reports the module's throw some jobs later"
	}
	return o.Kind + at(o.Pos)
}

// awaitRule names the releases that share this one's cost of awaiting a
// native promise (loop.Profile.OldAwait, SyncAdopt).
func (in *Interp) awaitRule() string {
	switch {
	case in.p.OldAwait():
		return "Node 10 and 11"
	case in.p.SyncAdopt():
		return "Node 8"
	}
	return "Node 12 and later"
}

// oldAwaitWhy is why an await of a native promise costs 3 jobs before V8 7.2.
const oldAwaitWhy = "V8 before 7.2 wraps it in a new promise, which adopts it in 2 jobs first"

// adoptJobs are the 2 extra jobs of resolving a promise with a promise.
const adoptJobs = "a NewPromiseResolveThenableJob calls its then, and that reaction settles it"

const extraJobs = "the 2 extra jobs of resolving a promise with a promise"

// jobOf says in words what the job j is and why it runs where it does.
func (in *Interp) jobOf(j JobInfo) explore.Job {
	job := explore.Job{Pos: j.At.Pos}
	wrap := j.At.Kind == "await" && in.p.OldAwait() && j.Native
	switch j.Kind {
	case JobPlain:
		if j.At.Kind == "queueMicrotask" {
			job.What = "queueMicrotask" + at(j.At.Pos)
		} else {
			job.What = "a job of " + j.At.subject()
		}
	case JobThenable:
		job.What = "NewPromiseResolveThenableJob of " + j.At.subject()
		switch {
		case wrap:
			job.Reason = fmt.Sprintf("1st of the 3 jobs of awaiting a native promise on %s: V8 before 7.2 wraps it in a new promise, and this job calls its then for the wrapper", in.awaitRule())
		case !j.Native:
			job.Reason = "resolving a promise with a thenable calls its then in a job of its own"
		default:
			job.Reason = "1st of " + extraJobs + ": this job calls its then"
		}
	case JobAdopt:
		job.What = "the reaction that settles the promise of " + j.At.subject()
		if wrap {
			job.Reason = fmt.Sprintf("2nd of the 3 jobs of awaiting a native promise on %s: the wrapper V8 before 7.2 makes takes the awaited promise's state", in.awaitRule())
		} else {
			job.Reason = "2nd of " + extraJobs + ": this reaction gives it the promise's state"
		}
	case JobReaction:
		job.What, job.Reason = in.reactionWords(j)
	}
	return job
}

func (in *Interp) reactionWords(j JobInfo) (what, why string) {
	o := j.At
	switch o.Kind {
	case "then", "catch", "finally":
		what = "the ." + o.Kind + " callback" + at(o.Pos)
		if j.Pass {
			what = "the ." + o.Kind + at(o.Pos) + ", passing the outcome on (it has no callback for it)"
		}
	case "await":
		what = "the continuation after await" + at(o.Pos)
	case "", "library":
		what = "a reaction in " + o.subject()
	default:
		what = "a reaction of " + o.subject()
	}
	via := ""
	if j.Via != nil && j.Via.Kind != "await" {
		via = fmt.Sprintf("2 jobs later than for a plain value: its promise was resolved with a promise by %s (%s)", j.Via.subject(), adoptJobs)
	}
	if o.Kind != "await" {
		return what, via
	}
	rule := in.awaitRule()
	switch {
	case j.Native && j.Pending:
		why = "the awaited promise was pending: the continuation was queued when it settled"
		if in.p.OldAwait() {
			why += fmt.Sprintf(", 2 jobs later on %s (%s)", rule, oldAwaitWhy)
		}
	case j.Native && in.p.OldAwait():
		why = fmt.Sprintf("3rd of the 3 jobs of awaiting a native promise on %s (1 from Node 12): %s", rule, oldAwaitWhy)
	case j.Native:
		why = fmt.Sprintf("awaiting a native promise costs 1 job on %s", rule)
		if !in.p.SyncAdopt() {
			why += " (V8 7.2 and later await it directly; 3 jobs on Node 10 and 11)"
		}
	case j.Via != nil:
		why = "awaiting a thenable costs 2 jobs: a NewPromiseResolveThenableJob called its then first"
	default:
		why = "awaiting a value that is not a promise costs 1 job"
	}
	if via != "" {
		why += "; " + via
	}
	return what, why
}
