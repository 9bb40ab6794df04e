// Package answer is the one home of what `looplint predict` answers: the
// orders a program can print, found by the explorer (package explore)
// driving the abstract interpreter (package predict) and the sandboxed
// runtime (package runtime), each order confirmed by the runtime.
//
// The interpreter answers first: it is fast, follows clock readings in
// the program symbolically and groups commuting I/O callbacks. The
// runtime then explores the same model systematically: its orders
// confirm the interpreter's (an order it prints that the interpreter did
// not list is a looplint bug, reported as unpredicted), and where the
// interpreter could not model the program (an API it lacks) and the
// runtime explored every path, the runtime's orders are the answer.
package answer

import (
	"fmt"
	"sort"
	"time"

	"github.com/looplint/looplint/explore"
	"github.com/looplint/looplint/ir"
	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/parse"
	"github.com/looplint/looplint/predict"
	lrt "github.com/looplint/looplint/runtime"
)

// Engines, as the JSON names them.
const (
	Interpreter = "interpreter"
	Runtime     = "runtime"
)

// Options configure an answer. Zero fields take defaults.
type Options struct {
	// Predict are the interpreter's options (the sandbox's files, the
	// program's path, StallMS); Answer sets their deadline.
	Predict predict.Options
	// NoConfirm skips confirming the interpreter's orders; the runtime
	// still answers where the interpreter cannot.
	NoConfirm bool
	// MaxOrders bounds the orders listed (the total is always counted).
	MaxOrders int
	// Runs caps the runtime's runs (DefaultRuns when 0).
	Runs int
	// Timeout is the time budget of the whole answer (0: none).
	Timeout time.Duration
	// Explain replays each listed order step by step.
	Explain bool
}

// DefaultRuns is the runtime's run budget: a program whose model has
// more paths (commuting I/O callbacks: n! of them) is explored this far,
// and its remaining listed orders are replayed one by one.
const DefaultRuns = 200

// AnswerRunsFactor multiplies the runtime's run budget where the
// interpreter could not model the program and the runtime alone answers.
const AnswerRunsFactor = 10

// answerRuns caps the runtime's runs where its orders are the answer.
func (o Options) answerRuns() int { return o.Runs * AnswerRunsFactor }

// Order is one listed order.
type Order struct {
	explore.Outcome
	// Engine found it: Interpreter or Runtime.
	Engine string
	// Confirmed: the runtime printed it (nil when not asked to confirm);
	// Replay says how, when it was replayed by its witness: the runtime's
	// status ("exited", "starvation", "timeout", ...), "skipped" after a
	// replay ran out of the sandbox's budget, "cut short" when the engine
	// left a loop early (nothing to replay), "out of time" past the time
	// budget.
	Confirmed *bool
	Replay    string
	// Stall: only a machine that stalls longer than StallMS prints it.
	Stall bool
	// UnderLoad: only a loaded machine prints it, not the usual timing
	// of an idle one (explore.Prediction.Usual).
	UnderLoad bool
	Explain   []explore.Step
	// Varies lists the Stdout lines (indexes) whose values differ from run
	// to run (crypto's random bytes): Stdout shows one run's; the order
	// itself is as exact as the answer.
	Varies []int
	// StderrBy is the engine whose words Stderr is in: Runtime when the
	// runtime printed this order (it words what Node itself prints, an
	// uncaught error or a warning, as Node does), else Interpreter (it
	// does not word those).
	StderrBy string
}

// Answer is what Predict found.
type Answer struct {
	// Prediction is the answer's (Engine's), with its reasons when
	// incomplete and its hazards.
	explore.Prediction
	Engine string
	// Orders lists up to Options.MaxOrders concrete orders.
	Orders []Order
	// Unpredicted are outcomes the runtime printed that the answer lacks:
	// a looplint bug when the answer is complete.
	Unpredicted []explore.Outcome
	// Runtime is the runtime's own exploration (zero when not run).
	Runtime explore.Prediction
	// OK: complete, every listed order confirmed, nothing unpredicted.
	OK bool
}

// Predict answers for the program prog (prepared from f): every order it
// can print on prog's Node version, confirmed by the runtime.
func Predict(f *parse.File, prog *lrt.Program, o Options) Answer {
	if o.MaxOrders <= 0 {
		o.MaxOrders = 24
	}
	if o.Runs <= 0 {
		o.Runs = DefaultRuns
	}
	var deadline time.Time
	if o.Timeout > 0 {
		deadline = time.Now().Add(o.Timeout)
		o.Predict.Explore.Deadline = deadline
	}
	if o.Predict.Explore.IncompleteRuns == 0 {
		// Where the interpreter cannot model the program the runtime
		// answers: past a thousand runs after its first reason, more of
		// the interpreter's unknown branches only cost time (a stream
		// with setEncoding took it to the one-minute budget).
		o.Predict.Explore.IncompleteRuns = 1000
	}
	if prog.Profile.Browser != loop.NoBrowser {
		return browserAnswer(f, prog, o, deadline)
	}
	pi := predict.Predict(f, prog.Profile, o.Predict)
	a := Answer{Prediction: pi, Engine: Interpreter}
	cutShort := pi.CutShort()
	rtOpts := explore.Options{Explore: explore.Config{MaxRuns: o.Runs, Deadline: deadline}} // the runtime's exploration
	if !pi.Complete {
		// The runtime's orders are then the answer, not a confirmation
		// of the interpreter's: it gets more runs (a few thread-pool
		// requests beside timers take a few hundred).
		rtOpts.Explore.MaxRuns = o.answerRuns()
	}
	if !cutShort && (!o.NoConfirm || !pi.Complete) {
		// (A prediction that left a loop early met an endless one: the
		// runtime would spend its whole budget on it.)
		a.Runtime = explore.Predict(prog.Host(), rtOpts)
	}
	rt := a.Runtime
	if !pi.Complete && rt.Complete && rt.Explored.Paths > 0 {
		// The interpreter could not model the program; the runtime ran
		// every path of it. Its work is metered as the interpreter's
		// is, but for the statements it ran: so its usual orders are
		// told apart too, where the interpreter asked for them.
		if o.Predict.Usual {
			rt = rt.WithUsual(prog.Host(), rtOpts)
		}
		a.Prediction, a.Engine = rt, Runtime
		a.Orders = list(rt, Runtime, o.MaxOrders)
		if !o.NoConfirm {
			yes := true
			for i := range a.Orders {
				a.Orders[i].Confirmed = &yes
			}
		}
		a.varies(prog)
		a.explain(f, prog, o)
		a.OK = true
		return a
	}
	if !pi.Complete && len(rt.Reasons) > 0 {
		// Neither engine could answer: say what stopped each.
		for _, r := range rt.Reasons {
			r.Msg = "the runtime: " + r.Msg
			a.Reasons = append(a.Reasons, r)
		}
		explore.SortReasons(a.Reasons)
	}
	a.Orders = list(pi, Interpreter, o.MaxOrders)
	a.OK = pi.Complete
	if o.NoConfirm {
		a.explain(f, prog, o)
		return a
	}
	// The runtime's run of an order ran out of the sandbox's budget: its
	// first unconfirmed order says so, the others are not replayed.
	overBudget, said := rt.Explored.Stopped != "", false
	for i := range a.Orders {
		ord := &a.Orders[i]
		c := false
		switch {
		case cutShort:
			ord.Replay = "cut short"
		case rt.HasOutcome(ord.Outcome):
			c = true
			ro, _ := rt.Find(ord.Stdout, ord.ExitCode, ord.Starves)
			ord.takeStderr(ro.Stderr, prog.Profile.Node)
		case ord.Endless:
			// A replay would go round until the sandbox's budget.
			ord.Replay = "endless"
		case !deadline.IsZero() && time.Now().After(deadline):
			// Past the time budget, a replay would only overrun it.
			ord.Replay = "out of time"
		case overBudget && !said && rt.Explored.Stopped != "":
			ord.Replay, said = rt.Explored.Stopped, true
		case overBudget:
			// The witnesses differ only after main, where a slow
			// snippet spends its time: another replay would run out too.
			ord.Replay = "skipped"
		default:
			r := prog.Run(&loop.Replay{W: ord.Witness})
			want := lrt.StatusExited
			if ord.Starves {
				want = lrt.StatusStarvation
			}
			c = r.Status == want && ord.Matches(r.Stdout) && (ord.Starves || r.ExitCode == ord.ExitCode)
			if c {
				ord.takeStderr(r.Stderr, prog.Profile.Node)
			}
			ord.Replay = string(r.Status)
			overBudget = OutOfBudget(r.Status)
		}
		ord.Confirmed = &c
		a.OK = a.OK && c
	}
	if !pi.Complete {
		// An incomplete interpreter forks on values it does not know, and
		// an order only such a fork reaches may be none of Node's: the
		// orders the runtime printed come first, each among its kind
		// (those of an idle machine before those under load).
		sort.SliceStable(a.Orders, func(i, j int) bool {
			oi, oj := a.Orders[i], a.Orders[j]
			if oi.UnderLoad != oj.UnderLoad {
				return !oi.UnderLoad
			}
			return *oi.Confirmed && !*oj.Confirmed
		})
	}
	a.varies(prog)
	for _, ro := range rt.Orders {
		ro.Expand(func(c explore.Outcome) bool {
			if !c.Departs && !pi.HasOutcome(c) {
				a.Unpredicted = append(a.Unpredicted, c)
				a.OK = false
			}
			return len(a.Unpredicted) < o.MaxOrders
		})
	}
	a.explain(f, prog, o)
	return a
}

// browserAnswer is the runtime's: the interpreter models Node's loop
// only. Its orders are the runtime's own runs, so each is confirmed; the
// answer is incomplete where the program reads a clock (each run pins
// the reading to one number).
func browserAnswer(f *parse.File, prog *lrt.Program, o Options, deadline time.Time) Answer {
	rtOpts := explore.Options{Explore: explore.Config{MaxRuns: o.answerRuns(), Deadline: deadline}}
	rt := explore.Predict(prog.Host(), rtOpts)
	if o.Predict.Usual && rt.Explored.Paths > 0 {
		rt = rt.WithUsual(prog.Host(), rtOpts)
	}
	a := Answer{Prediction: rt, Engine: Runtime, Runtime: rt}
	a.Orders = list(rt, Runtime, o.MaxOrders)
	if !o.NoConfirm {
		yes := true
		for i := range a.Orders {
			a.Orders[i].Confirmed = &yes
		}
	}
	a.OK = rt.Complete
	a.explain(f, prog, o)
	return a
}

// variesSeed is the second seed of the runtime's random bytes.
const variesSeed = 0x5eed

// varies marks the lines of each listed order that print random values:
// replayed by its witness with the random bytes drawn from another seed,
// the runtime prints other text there. Under that seed zlib's compressor
// writes other bytes too: a line that changes in a run that compressed
// shows Go's compressed bytes, which are not zlib's, and the answer is
// incomplete there. A program that draws and compresses nothing in the
// first order's replay is not replayed again, nor is one none of whose
// runs so far (the runtime's exploration, the confirming replays) did.
func (a *Answer) varies(prog *lrt.Program) {
	if !prog.Seeded() {
		return
	}
	for i := range a.Orders {
		ord := &a.Orders[i]
		if ord.Endless || ord.Starves {
			continue
		}
		r := prog.RunSeed(&loop.Replay{W: ord.Witness}, variesSeed)
		if !r.Random && !r.Compressed {
			if i == 0 {
				return
			}
			continue
		}
		var changed []int
		if len(r.Stdout) != len(ord.Stdout) {
			changed = []int{min(len(r.Stdout), len(ord.Stdout))}
		} else {
			for j, line := range r.Stdout {
				if line != ord.Stdout[j] {
					changed = append(changed, j)
				}
			}
		}
		if len(changed) == 0 {
			continue
		}
		if r.Compressed || len(r.Stdout) != len(ord.Stdout) {
			a.Complete, a.OK = false, false
			a.Reasons = append(a.Reasons, explore.Reason{Msg: fmt.Sprintf("stdout line %d prints what zlib's compressor or random values decide (Go's compressor writes other bytes than zlib's): not modelled", changed[0]+1)})
			return
		}
		ord.Varies = changed
	}
}

// takeStderr makes the runtime's stderr of this order the order's: it
// words what Node itself prints as Node does, unless the engine put an
// error in its own words.
func (o *Order) takeStderr(stderr []string, v loop.Version) {
	if _, ok := lrt.EngineWording(stderr, v); !ok {
		o.Stderr, o.StderrBy = stderr, Runtime
	}
}

// OutOfBudget: the sandbox stopped the run, which says nothing about the
// order (a snippet that counts to 2e9 takes Node a second and the
// embedded engine minutes).
func OutOfBudget(s lrt.Status) bool {
	return s == lrt.StatusTimeout || s == lrt.StatusBudget || s == lrt.StatusMemory
}

func list(p explore.Prediction, engine string, max int) []Order {
	var out []Order
	for _, o := range p.List(max) {
		out = append(out, Order{Outcome: o, Engine: engine, Stall: p.NeedsStall(o), UnderLoad: !p.Usual(o), StderrBy: engine})
	}
	return out
}

// explain adds each listed order's steps, replayed by the engine that
// found it.
func (a *Answer) explain(f *parse.File, prog *lrt.Program, o Options) {
	if !o.Explain {
		return
	}
	var lowered *ir.Program
	if a.Engine == Interpreter {
		var err error
		if lowered, err = ir.Lower(f, prog.Profile.Module == loop.ESModule); err != nil {
			return
		}
	}
	for i := range a.Orders {
		ord := &a.Orders[i]
		// An order that never ends is replayed as far as it was explored:
		// to the iteration where its state came back, or the callbacks
		// it ran.
		var lim loop.Limits
		if h := ord.Hang; h != nil && h.Loops && h.Proven {
			lim.MaxIterations = max(1, h.Iterations-1)
		} else if h != nil && h.Loops {
			lim.MaxRuns = max(1, h.Units)
		}
		if lowered != nil {
			popts := o.Predict
			popts.Limits.MaxIterations, popts.Limits.MaxRuns = lim.MaxIterations, lim.MaxRuns
			ord.Explain = predict.Explain(lowered, prog.Profile, popts, ord.Witness)
			if ord.StderrBy == Runtime && (len(ord.Stderr) > 0 || hasStderr(ord.Explain)) {
				useRuntimeStderr(ord.Explain, prog.ExplainUpTo(ord.Witness, lim), ord.Stderr)
			}
		} else {
			ord.Explain = prog.ExplainUpTo(ord.Witness, lim)
		}
	}
}
