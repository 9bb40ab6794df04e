package answer

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/looplint/looplint/explore"
	"github.com/looplint/looplint/internal/nodecase"
	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/parse"
	lrt "github.com/looplint/looplint/runtime"
)

// Each explained step says what waited in each queue just before it ran,
// itself first in the queue it came from: a timer among the timers, an
// immediate in the check queue, a tick in the nextTick queue, a job in
// the microtask queue (where the engine lists its jobs). Both engines.
func TestExplainQueues(t *testing.T) {
	files, _ := filepath.Glob("../testdata/examples/*.js")
	web, _ := filepath.Glob("../web/examples/*.js")
	files = append(files, web...)
	// Answered by the runtime (the interpreter has no zlib streams): it names
	// no jobs before they run.
	c, err := nodecase.Load("../testdata/runtime/pool-zlib-stream.txtar")
	if err != nil {
		t.Fatal(err)
	}
	main, err := c.WriteTo(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	files = append(files, main)
	engines := map[string]int{}
	for _, file := range files {
		for _, vs := range []string{"10.24.1", "22.12.0"} {
			v, _ := loop.ParseVersion(vs)
			f, err := parse.Load(file)
			if err != nil {
				t.Fatal(err)
			}
			prog, err := lrt.Prepare(f, lrt.Options{Node: v, FSDir: filepath.Dir(file)})
			if err != nil {
				t.Fatal(err)
			}
			popts, err := PredictOptions(prog)
			if err != nil {
				t.Fatal(err)
			}
			a := Predict(f, prog, Options{Explain: true, Predict: popts})
			if !a.OK {
				t.Fatalf("%s on %s: not answered", file, vs)
			}
			engines[a.Engine]++
			jobs := 0
			for i, o := range a.Orders {
				for k, st := range o.Explain {
					where := func() string { return fmt.Sprintf("%s on %s, order %d, step %d", filepath.Base(file), vs, i+1, k) }
					var q []string
					unknown := false
					if st.Queued != nil {
						unknown = st.Queued.JobsUnknown
					}
					switch st.Queue {
					case "timer", "interval":
						q = queue(st.Queued, func(q *explore.Queued) []string { return q.Timers })
					case "immediate":
						q = queue(st.Queued, func(q *explore.Queued) []string { return q.Immediates })
					case "nextTick":
						q = queue(st.Queued, func(q *explore.Queued) []string { return q.Ticks })
					case "microtask":
						if st.Jobs > 1 || unknown {
							continue
						}
						jobs++
						q = queue(st.Queued, func(q *explore.Queued) []string { return q.Microtasks })
					default:
						continue
					}
					if len(q) == 0 || q[0] != st.Callback {
						t.Errorf("%s: %s from the %s queue, which held %q", where(), st.Callback, st.Queue, q)
					}
				}
			}
			if a.Engine == Interpreter && jobs == 0 && filepath.Base(file) == "async-await-puzzle.js" {
				t.Errorf("%s on %s: no job was shown in its queue", file, vs)
			}
		}
	}
	if engines[Interpreter] == 0 || engines[Runtime] == 0 {
		t.Errorf("answers by engine: %v; want both", engines)
	}
}

func queue(q *explore.Queued, f func(*explore.Queued) []string) []string {
	if q == nil {
		return nil
	}
	return f(q)
}
