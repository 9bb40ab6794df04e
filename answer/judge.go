package answer

import (
	"fmt"
	"sort"
	"strings"

	"github.com/looplint/looplint/explore"
	"github.com/looplint/looplint/realnode"
	lrt "github.com/looplint/looplint/runtime"
)

// The judgement of a prediction against what real Node printed, as
// looplint verify and the conformance suite (internal/conformance) give it.

// Claim is a prediction as Judge reads it: `looplint verify` takes it
// from the prediction (ClaimOf), the conformance suite from predict's
// JSON report, which holds the same parts.
type Claim struct {
	Complete bool
	// Listed are the orders listed, with their stall marks and, when
	// asked, the runtime's confirmation.
	Listed []Order
	// Total counts the orders claimed, listed or not.
	Total int64
	// Outcomes recognise the orders beyond those listed: each stands for
	// every arrangement of its groups of commuting callbacks.
	Outcomes []explore.Outcome
}

// ClaimOf is p's claim with up to max orders listed.
func ClaimOf(p explore.Prediction, max int) Claim {
	total, _ := p.Total()
	return Claim{Complete: p.Complete, Listed: list(p, "", max), Total: total, Outcomes: p.Orders}
}

// Observed is an output real Node printed.
type Observed struct {
	Stdout   []string
	ExitCode int
	Runs     int      // how many runs printed it
	Stderr   []string // of the first of them
}

// Judged is a distinct output, claimed or printed, its stdout normalised
// as realnode.NormalizeLines does.
type Judged struct {
	Stdout    []string
	ExitCode  int
	Predicted bool
	Stall     bool     // claimed only for a machine that stalls
	UnderLoad bool     // claimed only for a loaded machine
	Runs      int      // runs that printed it
	Stderr    []string // of the first of them
}

// Verdict is a claim judged against what Node printed.
type Verdict struct {
	Complete bool
	// Orders are the claimed ones first, in the claim's order, then those
	// only Node printed, the most printed first.
	Orders      []Judged
	Predicted   int64 // orders claimed, listed or not
	Observed    int   // distinct outputs Node printed
	Unpredicted int   // printed, not claimed
	Unobserved  int64 // claimed, never printed
	// Stalled counts the printed outputs claimed only for a machine that
	// stalls; StallOnly the listed outputs claimed only so.
	Stalled, StallOnly int
	// Loaded counts the printed outputs claimed only under load;
	// LoadOnly the listed outputs claimed only so.
	Loaded, LoadOnly int
	// Confirmed: every listed order the runtime replayed printed itself,
	// those whose replay ran out of the sandbox's budget aside (that says
	// nothing about the order); OverBudget: confirmed, and some did.
	Confirmed, OverBudget bool
}

// Sound: Node printed nothing the claim lacks.
func (v Verdict) Sound() bool { return v.Unpredicted == 0 }

// Exact: the claimed orders are the printed ones.
func (v Verdict) Exact() bool { return v.Sound() && v.Unobserved == 0 }

// CalmExact: the orders claimed for a machine that does not stall are the
// printed ones.
func (v Verdict) CalmExact() bool {
	return v.Sound() && v.Stalled == 0 && v.Unobserved == int64(v.StallOnly)
}

// UsualExact: the orders claimed for an idle machine (the usual timing)
// are the printed ones.
func (v Verdict) UsualExact() bool {
	return v.Sound() && v.Loaded == 0 && v.Unobserved == int64(v.LoadOnly)
}

// Judge judges c against the outputs Node printed, told apart by stdout
// and exit code.
func Judge(c Claim, observed []Observed) Verdict { return judge(c, observed, true) }

// JudgeStdout judges c against stdouts whose exit codes were not recorded
// with them (the shared corpus tallies them apart): orders are told apart
// by stdout alone.
func JudgeStdout(c Claim, observed []Observed) Verdict { return judge(c, observed, false) }

func judge(c Claim, observed []Observed, exits bool) Verdict {
	v := Verdict{Complete: c.Complete, Predicted: c.Total, Confirmed: true}
	index := map[string]int{}
	row := func(stdout []string, exit int) (*Judged, bool) {
		stdout = realnode.NormalizeLines(stdout)
		k := strings.Join(stdout, "\n")
		if exits {
			k += fmt.Sprintf("\x00%d", exit)
		}
		if i, ok := index[k]; ok {
			return &v.Orders[i], false
		}
		index[k] = len(v.Orders)
		v.Orders = append(v.Orders, Judged{Stdout: stdout, ExitCode: exit})
		return &v.Orders[len(v.Orders)-1], true
	}
	for _, o := range c.Listed {
		r, fresh := row(o.Stdout, o.ExitCode)
		// Orders that print alike are one output: it needs a stall only
		// if each of them does.
		r.Stall = o.Stall && (fresh || r.Stall)
		r.UnderLoad = o.UnderLoad && (fresh || r.UnderLoad)
		r.Predicted = true
		if o.Confirmed != nil && !*o.Confirmed {
			if o.Replay == "skipped" || OutOfBudget(lrt.Status(o.Replay)) {
				v.OverBudget = true
			} else {
				v.Confirmed = false
			}
		}
	}
	v.OverBudget = v.OverBudget && v.Confirmed
	for _, o := range observed {
		r, fresh := row(o.Stdout, o.ExitCode)
		if fresh {
			r.Stderr = o.Stderr
			// An arrangement of commuting callbacks beyond those listed.
			r.Predicted = c.recognises(r.Stdout, r.ExitCode, exits)
		}
		r.Runs += o.Runs
	}
	seen := int64(0) // claimed orders Node printed
	for _, r := range v.Orders {
		if r.Predicted && r.Stall {
			v.StallOnly++
		}
		if r.Predicted && r.UnderLoad {
			v.LoadOnly++
		}
		if r.Runs == 0 {
			continue
		}
		v.Observed++
		if r.Predicted && r.UnderLoad {
			v.Loaded++
		}
		switch {
		case !r.Predicted:
			v.Unpredicted++
		case r.Stall:
			v.Stalled++
			seen++
		default:
			seen++
		}
	}
	// Listed orders that print alike after normalisation count apart:
	// Node's output cannot tell which of them it was.
	v.Unobserved = v.Predicted - seen
	sort.SliceStable(v.Orders, func(i, j int) bool {
		a, b := v.Orders[i], v.Orders[j]
		if a.Predicted != b.Predicted {
			return a.Predicted
		}
		return !a.Predicted && a.Runs > b.Runs
	})
	return v
}

// recognises reports whether one of c's outcomes stands for stdout (with
// exit, unless exits is false).
func (c Claim) recognises(stdout []string, exit int, exits bool) bool {
	for _, o := range c.Outcomes {
		if (!exits || !o.Starves && !o.Endless && o.ExitCode == exit) && o.Matches(stdout) {
			return true
		}
	}
	return false
}
