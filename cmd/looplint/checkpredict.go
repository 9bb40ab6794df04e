package main

import (
	"fmt"
	"time"

	"github.com/looplint/looplint/analyzer/driver"
	"github.com/looplint/looplint/answer"
	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/parse"
	lrt "github.com/looplint/looplint/runtime"
)

// looplint check --predict also runs the predictor on each small file and
// reports its hazards (starvation, races) as findings: it sees what the
// analyzers' syntactic patterns cannot, such as a race decided three
// callbacks deep.

// maxPredictSize is the largest file check predicts; larger ones get the
// analyzers only.
const maxPredictSize = 256 << 10

// predictedOnly are the checks only the predictor reports.
var predictedOnly = []struct{ Name, Doc string }{
	{"iorace", `report output that depends on which of two I/O operations completes first (predicted: check --predict)

Callbacks of I/O operations that are in flight together (fs.readFile of
two files, a read and a stat, ...) run in the order the operations
complete, which depends on the disk, the cache and the thread pool, not
on the program. Code that prints, or builds state, in callback order then
behaves differently from run to run. Only looplint check --predict reports
it: the predictor finds it by exploring the completion orders.

Bad:

	fs.readFile('a.txt', () => console.log('a done'));
	fs.readFile('b.txt', () => console.log('b done'));

Fix: start the second in the first's callback, or wait for both and act
in a fixed order:

	Promise.all([fsp.readFile('a.txt'), fsp.readFile('b.txt')])
		.then(() => { console.log('a done'); console.log('b done'); });`},
}

func predictedOnlyDoc(name string) (string, bool) {
	for _, c := range predictedOnly {
		if c.Name == name {
			return c.Doc, true
		}
	}
	return "", false
}

// predictedFindings predicts f on Node v within budget and turns the
// hazards of enabled checks into findings. A file the runtime cannot
// prepare gives none: the analyzers still report on it.
func predictedFindings(f *parse.File, v loop.Version, budget time.Duration, on map[string]bool) []driver.Diagnostic {
	prog, err := lrt.Prepare(f, lrt.Options{Node: v, Timeout: budget, HostPaths: true})
	if err != nil {
		return nil
	}
	pred, err := answer.Unconfirmed(f, prog, budget)
	if err != nil {
		return nil
	}
	var out []driver.Diagnostic
	for _, h := range pred.Hazards {
		if !on[h.Check] || h.Pos.Line == 0 {
			continue
		}
		out = append(out, driver.Diagnostic{
			Check:   h.Check,
			Pos:     driver.Position{Line: h.Pos.Line, Col: h.Pos.Col},
			Message: fmt.Sprintf("%s (predicted for Node %s)", h.Message, v),
		})
	}
	return out
}
