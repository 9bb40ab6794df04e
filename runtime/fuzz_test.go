package runtime

import (
	"path/filepath"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/looplint/looplint/gen"
	"github.com/looplint/looplint/internal/nodecase"
	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/parse"
)

// fuzzVersions are the families the fuzzers pick from (input byte % len).
var fuzzVersions = []string{"10", "11", "12", "20", "22.17", "26"}

// fuzzRunTimeout is each run's wall-clock budget; a run may overshoot it
// by the watchdog's reaction time, never by fuzzRunSlack.
const (
	fuzzRunTimeout = 2 * time.Second
	fuzzRunSlack   = 20 * time.Second // generous: fuzzing shares a loaded machine
)

// FuzzRun executes arbitrary source in the sandbox under tight budgets:
// no panic escapes, the run never reports looplint's own crash, its status
// is one of the known ones and it returns within its wall-clock budget.
// Seeds: the testdata/runtime snippets and generated programs.
func FuzzRun(f *testing.F) {
	files, _ := filepath.Glob("../testdata/runtime/*.txtar")
	for i, file := range files {
		c, err := nodecase.Load(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(c.Files[c.Main]), uint8(i), filepath.Ext(c.Main) == ".mjs", uint64(i))
	}
	for seed := uint64(0); seed < 16; seed++ {
		p := gen.Generate(seed, gen.Options{Size: 6})
		f.Add(p.Source(), uint8(seed), false, seed)
	}
	f.Fuzz(func(t *testing.T, src string, node uint8, esm bool, seed uint64) {
		if !utf8.ValidString(src) || len(src) > 1<<14 {
			return
		}
		v, err := loop.ParseVersion(fuzzVersions[int(node)%len(fuzzVersions)])
		if err != nil {
			t.Fatal(err)
		}
		// Parse, preparation and the run together must end in time: the
		// watchdog covers only the run, so a slow front end shows up here.
		done := make(chan *fuzzOutcome, 1)
		start := time.Now()
		go func() {
			done <- fuzzExec(src, esm, v, seed)
		}()
		var o *fuzzOutcome
		select {
		case o = <-done:
			if o == nil {
				return
			}
		case <-time.After(fuzzRunTimeout + fuzzRunSlack):
			t.Fatalf("node %s: parse+prepare+run still going after %s (run budget %s)", v, time.Since(start).Round(time.Millisecond), fuzzRunTimeout)
		}
		prog, r := o.prog, o.r
		switch r.Status {
		case StatusExited, StatusStarvation, StatusBudget, StatusTimeout, StatusMemory:
		case StatusCrash:
			t.Fatalf("node %s: looplint crashed: %s\nstderr: %q", v, r.Message, r.Stderr)
		default:
			t.Fatalf("node %s: unknown status %q", v, r.Status)
		}
		// Replaying the run's own witness gives the same outcome when the
		// run was not cut short by the wall clock or the heap.
		if r.Status != StatusTimeout && r.Status != StatusMemory {
			r2 := prog.Run(&loop.Replay{W: r.Witness})
			if r2.Status != r.Status && r2.Status != StatusTimeout && r2.Status != StatusMemory || r2.Status == r.Status && !sameLines(r.Stdout, r2.Stdout) {
				t.Fatalf("node %s: replaying its witness %+v gave %s %q instead of %s %q", v, r.Witness, r2.Status, r2.Stdout, r.Status, r.Stdout)
			}
		}
	})
}

type fuzzOutcome struct {
	prog *Program
	r    Result
}

// fuzzExec parses, prepares and runs src once; nil when it does not load.
func fuzzExec(src string, esm bool, v loop.Version, seed uint64) *fuzzOutcome {
	name := "main.js"
	if esm {
		name = "main.mjs"
	}
	pf, err := parse.Parse(name, []byte(src))
	if err != nil {
		return nil
	}
	prog, err := Prepare(pf, Options{Node: v, Timeout: fuzzRunTimeout, MaxHeap: 256 << 20,
		Limits: loop.Limits{MaxDrain: 2000, MaxCallbacks: 2000, MaxVirtualMS: 600_000}})
	if err != nil {
		return nil
	}
	var oracle loop.Oracle = loop.Default{}
	if seed%2 == 1 {
		oracle = loop.NewRandom(seed)
	}
	return &fuzzOutcome{prog, prog.Run(oracle)}
}

func sameLines(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
