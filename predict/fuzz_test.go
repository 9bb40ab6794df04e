package predict

import (
	"fmt"
	"path/filepath"
	"runtime/debug"
	"testing"
	"time"
	"unicode/utf8"

	"golang.org/x/tools/txtar"

	"github.com/looplint/looplint/explore"
	"github.com/looplint/looplint/gen"
	"github.com/looplint/looplint/internal/nodecase"
	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/parse"
)

var fuzzVersions = []string{"10", "11", "12", "20", "22.17", "26"}

// fuzzOptions are tight budgets: a fuzz input must be predicted quickly.
var fuzzOptions = Options{
	Explore: explore.Config{MaxRuns: 300, MaxChoices: 100, MaxReads: 300},
	MaxIter: 300,
	Limits:  loop.Limits{MaxDrain: 1000, MaxCallbacks: 1000, MaxVirtualMS: 600_000},
}

// fuzzPredictLimit bounds one prediction's wall-clock time under
// fuzzOptions (generous: fuzzing shares a loaded machine).
const fuzzPredictLimit = 30 * time.Second

// FuzzPredict runs parse → lower → predict on arbitrary source: no panic,
// parse and prediction return in time under tight budgets, says why when it is
// incomplete, and a complete prediction has at least one order. Seeds:
// the testdata/ir and testdata/runtime sources and generated programs.
func FuzzPredict(f *testing.F) {
	irs, _ := filepath.Glob("../testdata/ir/*.txtar")
	for i, file := range irs {
		ar, err := txtar.ParseFile(file)
		if err != nil {
			f.Fatal(err)
		}
		for _, af := range ar.Files {
			if filepath.Ext(af.Name) == ".js" || filepath.Ext(af.Name) == ".mjs" {
				f.Add(string(af.Data), uint8(i), filepath.Ext(af.Name) == ".mjs")
			}
		}
	}
	runs, _ := filepath.Glob("../testdata/runtime/*.txtar")
	for i, file := range runs {
		c, err := nodecase.Load(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(c.Files[c.Main]), uint8(i), filepath.Ext(c.Main) == ".mjs")
	}
	for seed := uint64(0); seed < 16; seed++ {
		f.Add(gen.Generate(seed, gen.Options{Size: 6}).Source(), uint8(seed), false)
	}
	f.Fuzz(func(t *testing.T, src string, node uint8, esm bool) {
		if !utf8.ValidString(src) || len(src) > 1<<14 {
			return
		}
		v, err := loop.ParseVersion(fuzzVersions[int(node)%len(fuzzVersions)])
		if err != nil {
			t.Fatal(err)
		}
		p := loop.Profile{Node: v}
		if esm {
			p.Module = loop.ESModule
		}
		type result struct {
			pr     explore.Prediction
			panic  string
			loaded bool
		}
		done := make(chan result, 1)
		start := time.Now()
		go func() {
			defer func() {
				if x := recover(); x != nil {
					done <- result{panic: fmt.Sprintf("%v\n%s", x, debug.Stack())}
				}
			}()
			name := "main.js"
			if esm {
				name = "main.mjs"
			}
			pf, err := parse.Parse(name, []byte(src))
			if err != nil {
				done <- result{}
				return
			}
			done <- result{pr: Predict(pf, p, fuzzOptions), loaded: true}
		}()
		var r result
		select {
		case r = <-done:
		case <-time.After(fuzzPredictLimit):
			t.Fatalf("node %s: parse+Predict still running after %s", v, time.Since(start).Round(time.Millisecond))
		}
		if r.panic != "" {
			t.Fatalf("node %s: Predict panicked: %s", v, r.panic)
		}
		if !r.loaded {
			return
		}
		pr := r.pr
		if pr.Complete != (len(pr.Reasons) == 0) {
			t.Fatalf("node %s: complete=%v with reasons %v", v, pr.Complete, pr.Reasons)
		}
		if pr.Complete && len(pr.Orders) == 0 {
			t.Fatalf("node %s: complete prediction without an order", v)
		}
		if pr.Explored.Runs > fuzzOptions.Explore.MaxRuns+1 {
			t.Fatalf("node %s: %d runs past the cap of %d", v, pr.Explored.Runs, fuzzOptions.Explore.MaxRuns)
		}
	})
}
