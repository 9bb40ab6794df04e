package predict

import (
	"strings"
	"testing"

	"github.com/looplint/looplint/parse"
)

// TestStallMarks checks Options.StallMS: the orders that only a stall of
// the machine produces are told from the others, and only those. Node's
// own records of such programs are in testdata (timer-gap-*).
func TestStallMarks(t *testing.T) {
	cases := []struct {
		name, src string
		calm      []string // the orders without a stall, each "|"-joined
		total     int
	}{
		{"far-delays-back-to-back", `
setTimeout(() => console.log('a-100'), 100);
setTimeout(() => console.log('b-1'), 1);`,
			[]string{"b-1|a-100"}, 2},
		{"near-delays-back-to-back", `
setTimeout(() => console.log('a-2'), 2);
setTimeout(() => console.log('b-1'), 1);`,
			[]string{"b-1|a-2", "a-2|b-1"}, 2},
		// Each gap may be a stall, but a-90 before c-1 needs one of 89 ms
		// across the run, which only a bound from its first creation
		// rules out (two stalls of 45 would make it).
		{"run-gaps-do-not-add-up", `
setTimeout(() => console.log('a-90'), 90);
setTimeout(() => console.log('b-45'), 45);
setTimeout(() => console.log('c-1'), 1);`,
			[]string{"c-1|b-45|a-90", "b-45|c-1|a-90", "c-1|a-90|b-45"}, 6},
		{"work-between-creations", `
setTimeout(() => console.log('a-100'), 100);
for (let i = 0; i < 1e6; i++) {}
setTimeout(() => console.log('b-1'), 1);`,
			[]string{"b-1|a-100", "a-100|b-1"}, 2},
		{"late-first-check", `
setTimeout(() => console.log('timeout-100'), 100);
setImmediate(() => console.log('immediate'));`,
			[]string{"immediate|timeout-100"}, 2},
		{"late-wake-up", `
setTimeout(() => console.log('unref-1000'), 1000).unref();
setTimeout(() => console.log('ref-5'), 5);`,
			[]string{"ref-5"}, 3},
		{"timeout-vs-immediate-stays-racy", `
setTimeout(() => console.log('timeout'), 0);
setImmediate(() => console.log('immediate'));`,
			[]string{"timeout|immediate", "immediate|timeout"}, 2},
		{"busy-wait-longer-than-a-stall", `
setTimeout(() => console.log('a-100'), 100);
const t = Date.now();
while (Date.now() - t < 150) {}
setTimeout(() => console.log('b-1'), 1);`,
			[]string{"a-100|b-1"}, 1},
	}
	for _, c := range cases {
		f, err := parse.Parse(c.name+".js", []byte(c.src))
		if err != nil {
			t.Fatal(err)
		}
		pr := Predict(f, node20, Options{StallMS: 50})
		if !pr.Complete || pr.StallMS != 50 {
			t.Errorf("%s: complete %v, told apart at %d ms: %v", c.name, pr.Complete, pr.StallMS, pr.Reasons)
			continue
		}
		var calm []string
		for _, o := range pr.Orders {
			if !pr.NeedsStall(o) {
				calm = append(calm, strings.Join(o.Stdout, "|"))
			}
		}
		if n, _ := pr.Total(); n != int64(c.total) || strings.Join(calm, " / ") != strings.Join(c.calm, " / ") {
			t.Errorf("%s: %d orders, without a stall %q; want %d, %q", c.name, n, calm, c.total, c.calm)
		}
	}
}
