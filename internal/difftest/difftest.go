// Package difftest checks the interpreter against the runtime on generated
// programs (package gen), as looplint predict confirms (package answer):
// the runtime explores the same model and must print every predicted order
// (or replay its witness to it) and no order outside the prediction. A disagreement is
// minimized over the program's tree (gen.Reduce) and can be written out as
// a test case. Real Node is not involved (see looplint verify for that).
package difftest

import (
	"fmt"
	"strings"
	"time"

	"github.com/looplint/looplint/answer"
	"github.com/looplint/looplint/explore"
	"github.com/looplint/looplint/gen"
	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/parse"
	"github.com/looplint/looplint/predict"
	lrt "github.com/looplint/looplint/runtime"
)

// Config bounds one check.
type Config struct {
	// Explore caps the runtime's runs (its exploration of the model's
	// paths). Default 30.
	Explore int
	// MaxRuns caps the predictor's exploration; a truncated exploration
	// is an incomplete prediction. Default 20000.
	MaxRuns int
	// Timeout is the runtime's wall-clock budget per run. Default 5s.
	Timeout time.Duration
}

func (c Config) withDefaults() Config {
	if c.Explore <= 0 {
		c.Explore = 30
	}
	if c.MaxRuns <= 0 {
		c.MaxRuns = 20000
	}
	if c.Timeout <= 0 {
		c.Timeout = 5 * time.Second
	}
	return c
}

// Kind classifies a check.
type Kind string

const (
	Agree      Kind = "agree"      // every order confirmed, nothing unpredicted
	Incomplete Kind = "incomplete" // the predictor did not model all of it: skipped
	// Disagreements.
	Unconfirmed Kind = "unconfirmed" // a predicted order's witness replays to something else
	Unpredicted Kind = "unpredicted" // the runtime printed an order the prediction lacks
	Abnormal    Kind = "abnormal"    // a runtime run ended other than by exiting (budget, crash, ...)
	Broken      Kind = "broken"      // the program did not parse or load, or the predictor panicked
)

// Disagrees reports whether k is a disagreement.
func (k Kind) Disagrees() bool { return k != Agree && k != Incomplete }

// Verdict is the result of checking one program on one Node version.
type Verdict struct {
	Node    loop.Version
	Kind    Kind
	Orders  int      // predicted orders
	Detail  string   // for disagreements: what differs
	Reasons []string // for incomplete predictions: why
}

func (v Verdict) String() string {
	s := fmt.Sprintf("node %s: %s (%d predicted orders)", v.Node, v.Kind, v.Orders)
	if v.Detail != "" {
		s += ": " + v.Detail
	}
	if len(v.Reasons) > 0 {
		s += ": " + strings.Join(v.Reasons, "; ")
	}
	return s
}

func orderKey(stdout []string, code int) string {
	return strings.Join(stdout, " ") + fmt.Sprintf(" [exit %d]", code)
}

// Check predicts the program src (a CommonJS file named name) on Node v
// and checks the prediction against the runtime.
func Check(name, src string, v loop.Version, cfg Config) (verdict Verdict) {
	cfg = cfg.withDefaults()
	verdict.Node = v
	f, err := parse.Parse(name, []byte(src))
	if err != nil {
		return Verdict{Node: v, Kind: Broken, Detail: "parse: " + err.Error()}
	}
	prog, err := lrt.Prepare(f, lrt.Options{Node: v, Module: "cjs", Timeout: cfg.Timeout})
	if err != nil {
		return Verdict{Node: v, Kind: Broken, Detail: "prepare: " + err.Error()}
	}
	files, err := prog.Files()
	if err != nil {
		return Verdict{Node: v, Kind: Broken, Detail: "sandbox files: " + err.Error()}
	}
	// The interpreter sees the runtime's own sandbox file system, as
	// looplint predict does.
	popts := predict.Options{Explore: explore.Config{MaxRuns: cfg.MaxRuns}, Files: files, Filename: prog.VirtPath, Cwd: lrt.AppDir}
	var a answer.Answer
	if perr := func() (perr any) {
		defer func() { perr = recover() }()
		a = answer.Predict(f, prog, answer.Options{Predict: popts, Runs: cfg.Explore, MaxOrders: replayed})
		return nil
	}(); perr != nil {
		return Verdict{Node: v, Kind: Broken, Detail: fmt.Sprintf("predictor panicked: %v", perr)}
	}
	total, _ := a.Total()
	verdict.Orders = int(total)
	if a.Engine != answer.Interpreter || !a.Complete {
		verdict.Kind = Incomplete
		for _, r := range a.Reasons {
			verdict.Reasons = append(verdict.Reasons, r.String())
		}
		return verdict
	}
	if s := a.Runtime.Explored.Stopped; s != "" {
		verdict.Kind = Abnormal
		verdict.Detail = fmt.Sprintf("a runtime run ended %s: %v", s, a.Runtime.Explored.CutReasons)
		return verdict
	}
	for _, o := range a.Orders {
		if o.Confirmed != nil && !*o.Confirmed {
			verdict.Kind = Unconfirmed
			verdict.Detail = fmt.Sprintf("predicted %q, witness %s: the runtime does not print it (replay %s)", orderKey(o.Stdout, o.ExitCode), witness(o.Witness), o.Replay)
			return verdict
		}
	}
	if len(a.Unpredicted) > 0 {
		u := a.Unpredicted[0]
		verdict.Kind = Unpredicted
		verdict.Detail = fmt.Sprintf("runtime printed %q under witness %s", orderKey(u.Stdout, u.ExitCode), witness(u.Witness))
		return verdict
	}
	verdict.Kind = Agree
	return verdict
}

func witness(w loop.Witness) string {
	return fmt.Sprintf("{clock %v, poll %v}", w.Clock, w.Poll)
}

// Minimize reduces p while checking it on v still gives a disagreement of
// the same kind, and returns the reduced program with its verdict.
func Minimize(p *gen.Program, v loop.Version, kind Kind, cfg Config) (*gen.Program, Verdict) {
	name := fmt.Sprintf("gen-%d.js", p.Seed)
	small := gen.Reduce(p, func(q *gen.Program) bool {
		return Check(name, q.Source(), v, cfg).Kind == kind
	})
	return small, Check(name, small.Source(), v, cfg)
}

// replayed caps the predicted orders whose witnesses a check replays.
const replayed = 2000
