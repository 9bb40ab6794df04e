package predict

import (
	"fmt"
	"testing"

	"github.com/looplint/looplint/explore"
	"github.com/looplint/looplint/gen"
	"github.com/looplint/looplint/loop"
)

// The timer-deferral reduction (Exec.due) keeps every order: the reduced
// exploration gives exactly the orders of the full one.
func TestDeferCutKeepsOrders(t *testing.T) {
	cases := map[string]string{
		"ladder": `for (let i = 0; i < 8; i++) setTimeout(() => console.log(i), i);
setImmediate(() => console.log('imm'));`,
		"ladder with ticks": `for (let i = 0; i < 6; i++) setTimeout(() => { console.log(i); process.nextTick(() => console.log('tick', i)); Promise.resolve().then(() => console.log('then', i)); }, i * 2);`,
		"immediate from a timer": `setTimeout(() => { console.log('a'); setImmediate(() => console.log('imm')); }, 1);
setTimeout(() => console.log('b'), 3);
setTimeout(() => console.log('c'), 5);`,
		"refresh": `const t = setTimeout(() => console.log('t'), 100);
setTimeout(() => {
  setTimeout(() => console.log('b'), 50);
  t.refresh();
  const s = Date.now(); while (Date.now() - s < 200);
}, 90);`,
		"clock in callbacks": `const t0 = Date.now();
for (let i = 1; i <= 4; i++) setTimeout(() => console.log(i, Date.now() - t0 >= 3 ? 'late' : 'early'), i);`,
		"timers made in a timer": `setTimeout(() => {
  console.log('outer');
  setTimeout(() => console.log('x'), 1);
  setTimeout(() => console.log('y'), 2);
}, 2);
setTimeout(() => console.log('z'), 4);`,
		"interval": `let n = 0;
const iv = setInterval(() => { console.log('iv', ++n); if (n === 3) clearInterval(iv); }, 2);
setTimeout(() => console.log('t3'), 3);
setTimeout(() => console.log('t5'), 5);`,
		"io": `const fs = require('fs');
setTimeout(() => console.log('t1'), 1);
setTimeout(() => console.log('t2'), 2);
fs.readFile('a.txt', 'utf8', (e, d) => { console.log(d); setTimeout(() => console.log('t0'), 0); });
setTimeout(() => console.log('t4'), 4);`,
		"unref": `setTimeout(() => console.log('a'), 1);
setTimeout(() => console.log('b'), 3).unref();
setTimeout(() => console.log('c'), 2);`,
		"throw": `process.on('uncaughtException', (e) => console.log('caught', e.message));
setTimeout(() => { console.log('a'); throw new Error('x'); }, 1);
setTimeout(() => console.log('b'), 1);
setTimeout(() => console.log('c'), 2);`,
	}
	for name, src := range cases {
		for _, node := range []string{"8", "10", "11", "20.2", "20", "26"} {
			t.Run(name+"/"+node, func(t *testing.T) {
				compareDeferCut(t, src+"\n", node, true)
			})
		}
	}
}

// The same on generated programs (timers of 0 to 10 ms among ticks,
// immediates, promises, emitters and reads).
func TestDeferCutKeepsOrdersGenerated(t *testing.T) {
	n := uint64(120)
	if testing.Short() {
		n = 30
	}
	for _, node := range []string{"10", "20", "26"} {
		v, err := loop.ParseVersion(node)
		if err != nil {
			t.Fatal(err)
		}
		for seed := uint64(1); seed <= n; seed++ {
			src := gen.Generate(seed, gen.Options{Size: 5, Node: v}).Source()
			t.Run(fmt.Sprintf("%s/%d", node, seed), func(t *testing.T) {
				compareDeferCut(t, src, node, false)
			})
		}
	}
}

func compareDeferCut(t *testing.T, src, node string, mustFinish bool) {
	t.Helper()
	cfg := explore.Config{MaxRuns: 20000}
	full := predictFiles(t, src, abcd, node, explore.Config{MaxRuns: cfg.MaxRuns, NoDeferCut: true})
	red := predictFiles(t, src, abcd, node, cfg)
	if !full.Explored.Complete() || !red.Explored.Complete() {
		if mustFinish {
			t.Fatalf("exploration did not finish: full %v, reduced %v", full.Explored, red.Explored)
		}
		t.Skipf("exploration did not finish: full %v, reduced %v", full.Explored, red.Explored)
	}
	want, got := concrete(full), concrete(red)
	if !mapsEqual(want, got) {
		t.Fatalf("reduced exploration gives other orders:\nfull:    %s\nreduced: %s\n%s", keys(want), keys(got), src)
	}
	if red.Explored.Runs > full.Explored.Runs {
		t.Errorf("reduced exploration took %d runs, full %d", red.Explored.Runs, full.Explored.Runs)
	}
}
