// Package quiz draws ordering puzzles that have one answer: programs of
// package gen whose every order the predictor (package answer) lists,
// keeping only those that print exactly one order on the chosen Node
// release, confirmed by the runtime. It grades a learner's answer and
// explains the first place it went wrong from the predictor's steps.
package quiz

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/looplint/looplint/answer"
	"github.com/looplint/looplint/explore"
	"github.com/looplint/looplint/gen"
	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/parse"
	lrt "github.com/looplint/looplint/runtime"
)

// Options bound a draw. Zero fields take defaults.
type Options struct {
	// Attempts is how many programs are drawn at most (DefaultAttempts).
	Attempts int
	// Timeout bounds the answer for one program (DefaultTimeout).
	Timeout time.Duration
}

// DefaultAttempts and DefaultTimeout are Options' defaults.
const (
	DefaultAttempts = 200
	DefaultTimeout  = 30 * time.Second
)

// stallMS is a machine pause (ms) that the answer must survive: an order
// that only such a stall prints counts as a second answer.
const stallMS = 20

// Puzzle is a program that prints one order.
type Puzzle struct {
	Level   int
	Seed    uint64
	Attempt int // the draw that gave it (0: the first)
	Node    loop.Version
	Source  string // the program, with a header naming the command
	// Order is what the program prints: its labels, one per line.
	Order []string
	// Labels are the same labels shuffled (never in Order's order when
	// there are two or more): what the learner arranges.
	Labels []string
	// Steps replay the order phase by phase, as predict --explain does.
	Steps  []explore.Step
	Engine string // the engine that answered (answer.Interpreter or answer.Runtime)
}

// ErrNone is returned when no draw within the attempts had one order.
var ErrNone = errors.New("no deterministic puzzle found")

// Draw returns the puzzle of seed at level for Node release v: the
// first of the programs drawn from seed whose prediction is complete,
// confirmed and one order. The same arguments give the same puzzle.
func Draw(level int, seed uint64, v loop.Version, o Options) (*Puzzle, error) {
	if level < gen.MinLevel || level > gen.MaxLevel {
		return nil, fmt.Errorf("level must be %d to %d, not %d", gen.MinLevel, gen.MaxLevel, level)
	}
	if err := loop.Modelled(v); err != nil {
		return nil, err
	}
	if o.Attempts <= 0 {
		o.Attempts = DefaultAttempts
	}
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	lrt.Precompile()
	why := ""
	for i := 0; i < o.Attempts; i++ {
		p := gen.Puzzle(drawSeed(seed, level, i), level, v)
		src := fmt.Sprintf("// looplint quiz --level %d --seed %d --node %s\n", level, seed, v) + p.Code()
		pz, reject := check(src, p.Labels(), v, o.Timeout)
		if pz == nil {
			why = reject
			continue
		}
		pz.Level, pz.Seed, pz.Attempt, pz.Node = level, seed, i, v
		pz.Labels = shuffle(pz.Order, drawSeed(seed, level, i)^0x5bd1e995)
		return pz, nil
	}
	return nil, fmt.Errorf("%w at level %d from seed %d on Node %s in %d attempts (the last: %s)", ErrNone, level, seed, v, o.Attempts, why)
}

// drawSeed is the generator's seed of attempt i.
func drawSeed(seed uint64, level, i int) uint64 {
	x := seed*0x9e3779b97f4a7c15 + uint64(level)<<32 + uint64(i)
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// check answers for src and returns it as a puzzle when it prints one
// order, every label once; otherwise why it does not.
func check(src string, labels []string, v loop.Version, timeout time.Duration) (*Puzzle, string) {
	pf, err := parse.Parse("quiz.js", []byte(src))
	if err != nil {
		return nil, "does not parse: " + err.Error() // a generator bug
	}
	prog, err := lrt.Prepare(pf, lrt.Options{Node: v, Module: "cjs"})
	if err != nil {
		return nil, "does not load: " + err.Error()
	}
	popts, err := answer.PredictOptions(prog)
	if err != nil {
		return nil, err.Error()
	}
	popts.StallMS = stallMS
	ans := answer.Predict(pf, prog, answer.Options{Predict: popts, MaxOrders: 2, Timeout: timeout, Explain: true})
	total, exact := ans.Total()
	switch {
	case !ans.Complete:
		return nil, "the prediction is incomplete"
	case !ans.OK:
		return nil, "the runtime did not confirm the prediction"
	case total != 1 || !exact || len(ans.Orders) != 1:
		return nil, fmt.Sprintf("%d possible orders", total)
	case len(ans.Hazards) > 0:
		return nil, "a hazard: " + ans.Hazards[0].Message
	}
	o := ans.Orders[0]
	switch {
	case o.Confirmed == nil || !*o.Confirmed:
		return nil, "the order is not confirmed"
	case o.Stall || o.Pause > 0 || o.Starves:
		return nil, "the order depends on timing"
	case o.ExitCode != 0 || len(o.Stderr) > 0:
		return nil, "the program fails"
	case !samePrinted(o.Stdout, labels):
		return nil, "some log does not print exactly once"
	case len(o.Explain) == 0:
		return nil, "no explanation"
	}
	return &Puzzle{Source: src, Order: o.Stdout, Steps: o.Explain, Engine: ans.Engine}, ""
}

// samePrinted: out holds each label exactly once, and nothing else.
func samePrinted(out, labels []string) bool {
	if len(out) != len(labels) {
		return false
	}
	left := map[string]int{}
	for _, l := range labels {
		left[l]++
	}
	for _, l := range out {
		if left[l] != 1 {
			return false
		}
		left[l] = 0
	}
	return true
}

// shuffle returns order shuffled, never as it was when it has two or
// more distinct entries.
func shuffle(order []string, seed uint64) []string {
	out := append([]string(nil), order...)
	if len(out) < 2 {
		return out
	}
	r := rand.New(rand.NewPCG(seed, 0x73687566))
	for {
		r.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
		for i := range out {
			if out[i] != order[i] {
				return out
			}
		}
	}
}
