package runtime_test

import (
	"slices"
	"testing"

	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/parse"
	"github.com/looplint/looplint/runtime"
)

// The runtime's explanation names the microtasks it sees (those with a
// callback) by where they were queued, on releases with and without the
// rewritten await, and prints what real Node printed, in order.
func TestExplainJobSites(t *testing.T) {
	dir, main, rec := loadCase(t, "../testdata/runtime/async-mixed-classic.txtar")
	for _, vs := range []string{"10.24.1", "20.20.2"} {
		v, _ := loop.ParseVersion(vs)
		f, err := parse.Load(main)
		if err != nil {
			t.Fatal(err)
		}
		prog, err := runtime.Prepare(f, runtime.Options{Node: v, FSDir: dir})
		if err != nil {
			t.Fatal(err)
		}
		steps := prog.Explain(loop.Witness{Clock: []int64{}, Poll: [][]int{}})
		var printed []string
		said := map[string]string{}
		for _, st := range steps {
			printed = append(printed, st.Printed...)
			for _, l := range st.Printed {
				said[l] = st.Callback
			}
		}
		if want := rec[vs].Outcomes[0].Stdout; !slices.Equal(printed, want) {
			t.Fatalf("%s: printed %q, Node %q", vs, printed, want)
		}
		for line, want := range map[string]string{"chain-a": "the .then callback at 11:4", "chain-b": "the .then callback at 12:4",
			"outer-resume": "the continuation after await at 4:3", "nexttick": "process.nextTick at 13:1"} {
			if said[line] != want {
				t.Errorf("%s: %q is printed by %q, want %q", vs, line, said[line], want)
			}
		}
	}
}
