package explore

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/looplint/looplint/ir"
	"github.com/looplint/looplint/loop"
)

// Host runs the program for the explorer, once per path. A host is an
// engine: the abstract interpreter (package predict) or the sandboxed
// runtime (package runtime).
type Host interface {
	// Run runs the program once along x's answers. It builds its loop
	// with loop.NewWith(profile, host, x.Env(), limits), with
	// limits.StallMS = x.StallMS, calls x.Attach on it, runs the program
	// to its end and says how it ended. It must be deterministic given
	// the answers, and must let the explorer's panics through.
	Run(x *Exec) Ending
}

// HostFunc is a Host in one function.
type HostFunc func(x *Exec) Ending

// Run implements Host.
func (f HostFunc) Run(x *Exec) Ending { return f(x) }

// Ending is how one run ended.
type Ending struct {
	Stdout, Stderr []string
	ExitCode       int
	// Reasons: what this run could not model (the answer is then
	// incomplete); Hazards: what it found going wrong.
	Reasons []Reason
	Hazards []Hazard
	// Stopped, when set, says the host's own budget stopped the run
	// before the program ended (the runtime's "timeout", "memory"): its
	// output is no outcome, and the exploration ends (Result.Stopped),
	// since other paths would meet the same wall. Reasons[0] says why.
	Stopped string
}

// Reason says why a prediction is incomplete.
type Reason struct {
	Pos ir.Pos
	Msg string
	// CutShort: a loop or an iteration was left early, so the orders
	// end where the engine stopped, not where the program does (a
	// replay of them cannot confirm anything).
	CutShort bool
	// Departs: the run stops following Node here (the sandbox lacks what
	// the program uses), so what it prints afterwards is the sandbox's,
	// not an order of Node's.
	Departs bool
}

func (r Reason) String() string { return r.Pos.String() + ": " + r.Msg }

// Outcome is one distinct (stdout, exit code) with the number of paths
// reaching it and the witness of the first; Stderr is that path's stderr.
type Outcome struct {
	Stdout   []string
	Stderr   []string
	ExitCode int
	// Starves: the program never exits; a nextTick or microtask chain
	// keeps the loop from moving on (see the hazards).
	Starves bool
	// Endless: the program never exits; the loop goes round forever, or
	// was followed only so far (Hang.Proven). Stdout is what it printed
	// until then, ExitCode 0.
	Endless bool
	// Hang says how a run that never ends goes on (Starves or Endless).
	Hang    *Hang
	Paths   int
	Witness loop.Witness
	// Why lists the branching points that decide this order, in words.
	Why []string
	// Pause is the least time (ms) the code between two timer creations
	// in one callback must take for this order (0: none): without a
	// busy-wait there, only a stall of the machine makes it.
	Pause int64
	// Groups are stretches of I/O callbacks whose blocks print in any
	// order: the outcome stands for every arrangement (Count, Expand),
	// Stdout and Witness show the explored one.
	Groups []Group
	// Departs: every path to this outcome went past a point where the
	// host stopped following Node (Reason.Departs): it is no order Node
	// prints, only what the engine did there.
	Departs bool
}

// Hazard is something in the program that goes wrong at run time.
type Hazard struct {
	Check   string // "nexttickloop", "microtaskloop", "timerrace", "iorace"
	Pos     ir.Pos // zero when not known
	Message string
}

// Prediction is what Predict found. Complete means every reachable
// outcome of the model is listed and nothing was approximated.
type Prediction struct {
	Orders   []Outcome
	Complete bool
	Reasons  []Reason
	Hazards  []Hazard
	Explored Result
	// StallMS is Options.StallMS when the orders were told apart by it
	// (NeedsStall); 0 when they were not (it was 0, or the second
	// exploration did not finish in the time budget).
	StallMS int64
	calm    []Outcome // the orders without a stall (nil: all of them)
	usual   []Outcome // the orders of the usual timing (nil: all of them)
}

// Options bound a prediction.
type Options struct {
	Explore Config
	// StallMS, when positive, tells the orders that only a stall of the
	// machine longer than this produces (NeedsStall) from the others,
	// which a second exploration with Exec.StallMS finds.
	StallMS int64
	// Usual tells the orders an idle machine prints (Prediction.Usual:
	// each piece of code takes its usual time, timers run on time, I/O
	// completes first in, first out) from those only a loaded one does,
	// which another exploration with Exec.Usual finds.
	Usual bool
}

// starvedKey ends the output key of a run that starved (else "exit:N").
const starvedKey = "starved"

// Predict explores every path of the program h runs and gathers the
// distinct outcomes, with why each happens, the hazards and what could
// not be modelled. A program whose loop does not end, unproven, is
// explored again bounded (endless.go).
func Predict(h Host, opts Options) Prediction {
	g := gather(h, opts.Explore, true)
	if g.res.Endless {
		g = deepen(h, opts.Explore, g)
	}
	reasons, hazards, outs, res := g.reasons, g.hazards, g.outs, g.res
	why, clockForks := g.why, g.clockForks
	if res.Endless || res.Pinned {
		reasons[horizonReason(g.horizon, g.stopped, res.Truncated)] = true
	}
	outs = mergeFollowed(outs)
	pr := Prediction{Orders: outs, Explored: res}
	if opts.StallMS > 0 {
		// Without a choice about time, bounding it changes nothing; with
		// one order, the calm orders (a non-empty subset) are that one.
		if !clockForks || len(outs) == 1 && res.Complete() {
			pr.StallMS = opts.StallMS
		} else if res.TimedOut || g.horizon > 0 {
			// The budget is spent: a second exploration would overrun it
			// by at least one run (seconds, for a long program). Or the
			// loop does not end: the answer is incomplete anyway.
		} else if calm, ok := calmOrders(h, opts); ok {
			pr.StallMS, pr.calm = opts.StallMS, calm
		}
	}
	if opts.Usual {
		pr = pr.WithUsual(h, opts)
	}
	pr.Hazards = append(mergeStarvation(hazards), groupRaces(outs)...)
	for _, r := range why.races() {
		h := Hazard{Check: "timerrace", Pos: r.Pos, Message: fmt.Sprintf("%s and %s run in either order: it depends on whether %s", r.First, r.Second, r.Why)}
		if r.IO {
			h.Check = "iorace"
		}
		pr.Hazards = append(pr.Hazards, h)
	}
	sort.SliceStable(pr.Hazards, func(i, j int) bool {
		a, b := pr.Hazards[i], pr.Hazards[j]
		if a.Pos != b.Pos {
			return a.Pos.Before(b.Pos)
		}
		return a.Message < b.Message
	})
	for _, c := range res.CutReasons {
		if c == budgetCut {
			continue // said once below
		}
		reasons[Reason{Msg: "exploration cut: " + c}] = true
	}
	switch {
	case res.TimedOut || slices.Contains(res.CutReasons, budgetCut):
		reasons[Reason{Msg: "exploration stopped at the time budget: more orders may exist"}] = true
	case res.Truncated:
		reasons[Reason{Msg: "exploration truncated at the run limit"}] = true
	}
	for r := range reasons {
		pr.Reasons = append(pr.Reasons, r)
	}
	SortReasons(pr.Reasons)
	pr.Complete = len(pr.Reasons) == 0
	return pr
}

// SortReasons puts positioned reasons first, in source order.
func SortReasons(rs []Reason) {
	sort.Slice(rs, func(i, j int) bool {
		a, b := rs[i], rs[j]
		if (a.Pos.Line == 0) != (b.Pos.Line == 0) {
			return b.Pos.Line == 0
		}
		if a.Pos != b.Pos {
			return a.Pos.Before(b.Pos)
		}
		return a.Msg < b.Msg
	})
}

// mergeStarvation lists the hazards, one per check and position: a chain
// that starves in several orders, with different callbacks pending, is
// said once in general terms.
func mergeStarvation(hazards map[Hazard]bool) []Hazard {
	type at struct {
		check string
		pos   ir.Pos
	}
	var out []Hazard
	index := map[at]int{}
	for h := range hazards {
		k := at{h.Check, h.Pos}
		i, ok := index[k]
		if !ok {
			index[k] = len(out)
			out = append(out, h)
			continue
		}
		if out[i].Message != h.Message {
			if head, _, ok := strings.Cut(h.Message, "): "); ok {
				out[i].Message = head + "): " + starvesAll + ", and the process never exits"
			}
		}
	}
	// Map order is random: one order for every run of looplint.
	sort.Slice(out, func(i, j int) bool {
		if out[i].Pos != out[j].Pos {
			return out[i].Pos.Before(out[j].Pos)
		}
		return out[i].Message < out[j].Message
	})
	return out
}

// calmOrders explores again on a loop whose clock cannot stall longer
// than opts.StallMS (loop.Limits.StallMS); false when that exploration did
// not finish.
func calmOrders(h Host, opts Options) ([]Outcome, bool) {
	return reexplore(h, opts, func(c *Config) { c.stallMS = opts.StallMS })
}

// WithUsual returns pr with the orders of the usual timing told apart
// (Options.Usual), for a prediction explored without: h and opts are
// those it was explored with.
func (pr Prediction) WithUsual(h Host, opts Options) Prediction {
	// One outcome with a group of commuting callbacks stands for several
	// orders: the usual timing picks among them too.
	if n, _ := pr.Total(); n > 1 && !pr.Explored.TimedOut {
		// Without commuting, the usual timing's ties (equal work on the
		// pool) are explored arrangement by arrangement: past a few times
		// the first exploration's runs, every order stays usual.
		opts.Explore.MaxRuns = min(opts.Explore.maxRuns(), 4*pr.Explored.Runs+1000)
		if usual, ok := usualOrders(h, opts); ok && len(usual) > 0 {
			pr.usual = usual
		}
	}
	return pr
}

// usualOrders explores again with the usual timing (loop.Limits.Usual,
// first-in first-out I/O); false when that exploration did not finish.
func usualOrders(h Host, opts Options) ([]Outcome, bool) {
	return reexplore(h, opts, func(c *Config) {
		c.usual = true
		// Each order of commuting callbacks is its own: the usual
		// timing picks one.
		c.NoCommute = true
	})
}

// reexplore explores again with the clock bounded as bound says, for the
// orders alone (no further bounded explorations inside); false when that
// exploration did not finish.
func reexplore(h Host, opts Options, bound func(*Config)) ([]Outcome, bool) {
	again := Options{Explore: opts.Explore}
	again.Explore.NoDeferCut = true
	again.Explore.Each = nil
	bound(&again.Explore)
	p := Predict(h, again)
	if p.Explored.TimedOut || !p.Explored.Complete() {
		return nil, false
	}
	return p.Orders, true
}

// Usual reports whether o is an order of the usual timing, which an idle
// machine prints (Options.Usual); every order is when they were not
// told apart.
func (pr Prediction) Usual(o Outcome) bool {
	if pr.usual == nil {
		return true
	}
	return Prediction{Orders: pr.usual}.HasOutcome(o)
}

// NeedsStall reports whether only a machine that stalls longer than
// StallMS somewhere (a loaded machine, a long GC pause) prints o.
func (pr Prediction) NeedsStall(o Outcome) bool {
	if pr.calm == nil {
		return false
	}
	c := Prediction{Orders: pr.calm}
	return !c.Has(o.Stdout, o.ExitCode, o.Starves)
}

// CutShort reports whether some loop was left early (Reason.CutShort).
func (pr Prediction) CutShort() bool {
	for _, r := range pr.Reasons {
		if r.CutShort {
			return true
		}
	}
	return false
}

// gathered is one exploration's outcomes, with why each happens, and
// what the runs found on the way.
type gathered struct {
	reasons    map[Reason]bool
	hazards    map[Hazard]bool
	outs       []Outcome
	why        *whyIndex
	clockForks bool
	res        Result
	// horizon is the exploration's Config.Horizon; stopped the first run
	// stopped going round without end, unproven.
	horizon int
	stopped *Hang
}

// gather explores h under cfg; abort: stop at the first run stopped going
// round without end, unproven (Predict then explores again, bounded).
func gather(h Host, cfg Config, abort bool) *gathered {
	g := &gathered{reasons: map[Reason]bool{}, hazards: map[Hazard]bool{}, why: newWhyIndex(), horizon: cfg.Horizon}
	var firsts []Path
	var trailing []string // what every path of the order needs of the clocks
	index := map[string]int{}
	each := cfg.Each
	cfg.abortEndless = abort
	cfg.Each = func(path Path) {
		if each != nil {
			each(path)
		}
		if h := path.Hang; h != nil && h.Loops && !h.Proven && g.stopped == nil {
			g.stopped = h
		}
		departs := false
		for _, r := range path.End.Reasons {
			g.reasons[r] = true
			departs = departs || r.Departs
		}
		for _, hz := range path.End.Hazards {
			g.hazards[hz] = true
		}
		for _, f := range path.Forks {
			g.clockForks = g.clockForks || !f.IO
		}
		k := strings.Join(path.Output, "\x00") + "\x01" + groupsKey(path.Groups)
		i, ok := index[k]
		if !ok {
			i = len(g.outs)
			index[k] = i
			e := path.End
			o := Outcome{Stdout: e.Stdout, Stderr: e.Stderr, ExitCode: e.ExitCode, Starves: path.Starved, Witness: path.Witness, Groups: path.Groups,
				Endless: path.Output[len(path.Output)-1] == endlessKey, Hang: path.Hang, Departs: departs}
			if o.Witness.Poll == nil {
				o.Witness.Poll = [][]int{}
			}
			if o.Starves || o.Endless {
				o.ExitCode = 0
			}
			g.outs = append(g.outs, o)
			firsts = append(firsts, path)
			trailing = append(trailing, path.Trailing)
		}
		if path.Trailing == "" {
			trailing[i] = ""
		}
		g.outs[i].Departs = g.outs[i].Departs && departs
		g.outs[i].Paths++
		g.why.add(path, i)
	}
	g.res = Explore(h, cfg)
	for i := range g.outs {
		g.outs[i].Why = g.why.reasons(firsts[i])
		if trailing[i] != "" {
			g.outs[i].Why = append(g.outs[i].Why, trailing[i]+" (Node's clocks tick at different instants)")
		}
		g.outs[i].Pause = g.why.pauseOf(i)
	}
	return g
}

// Bounded explorations of a loop that does not end (endless.go): the
// first horizon, the last, and the callbacks and runs they may take
// together.
const (
	firstHorizon = 4
	lastHorizon  = 256
	boundedUnits = 40000
	boundedRuns  = 500
)

// deepen explores a program whose loop did not end (first found a run
// that goes round, unproven) again, with a horizon that doubles while the
// runs fit in boundedRuns. The answer is the last exploration that
// finished: every schedule of the loop's first horizon callbacks, or all
// of them if no run reached the horizon after all.
func deepen(h Host, cfg Config, first *gathered) *gathered {
	budget := cfg.BoundedUnits
	if budget <= 0 {
		budget = boundedUnits
	}
	maxRuns := boundedRuns
	if cfg.MaxRuns > 0 {
		maxRuns = min(maxRuns, cfg.MaxRuns)
	}
	used, runs := first.res.Units, first.res.Runs
	var best *gathered
	for hz := firstHorizon; hz <= lastHorizon && used < budget && runs < maxRuns; hz *= 2 {
		c := cfg
		c.Horizon, c.MaxUnits, c.MaxRuns = hz, budget-used, maxRuns-runs
		g := gather(h, c, false)
		used += g.res.Units
		runs += g.res.Runs
		if g.res.Truncated && best != nil {
			break
		}
		best = g
		if g.res.Truncated || !g.res.Endless && !g.res.Pinned {
			break
		}
	}
	if best == nil {
		return first
	}
	best.res.Runs = runs
	return best
}
