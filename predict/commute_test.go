package predict

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/looplint/looplint/explore"
	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/parse"
	"github.com/looplint/looplint/runtime/memfs"
)

// predictFiles predicts src (CommonJS, /app/main.js) with files in its
// working directory.
func predictFiles(t testing.TB, src string, files map[string]string, node string, cfg explore.Config) explore.Prediction {
	t.Helper()
	dir := t.TempDir()
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	f, err := parse.Parse("main.js", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	fsys, err := memfs.New(memfs.Options{MountDir: dir, Cwd: "/app"})
	if err != nil {
		t.Fatal(err)
	}
	v, err := loop.ParseVersion(node)
	if err != nil {
		t.Fatal(err)
	}
	return Predict(f, loop.Profile{Node: v, Module: loop.CommonJS}, Options{Files: fsys, Filename: "/app/main.js", Cwd: "/app", Explore: cfg})
}

var abcd = map[string]string{"a.txt": "alpha", "b.txt": "bravo", "c.txt": "charlie", "d.txt": "delta"}

// concrete lists every order a prediction stands for.
func concrete(p explore.Prediction) map[string]bool {
	out := map[string]bool{}
	for _, o := range p.Orders {
		o.Expand(func(c explore.Outcome) bool {
			out[fmt.Sprintf("%s\x00%d\x00%v", strings.Join(c.Stdout, "\n"), c.ExitCode, c.Starves)] = true
			return true
		})
	}
	return out
}

// Reads whose callbacks only print are explored once and counted by
// structure; the orders listed are the arrangements, each with a witness
// that delivers the reads in the order it prints them.
func TestCommutingReadsExploredOnce(t *testing.T) {
	src := "const fs = require('fs');\nfor (const n of ['a', 'b', 'c', 'd']) fs.readFile(n + '.txt', 'utf8', (err, d) => console.log(d));\n"
	p := predictFiles(t, src, abcd, "20", explore.Config{})
	if !p.Complete {
		t.Fatalf("incomplete: %v", p.Reasons)
	}
	if p.Explored.Paths != 1 || len(p.Orders) != 1 || len(p.Orders[0].Groups) != 1 {
		t.Fatalf("%d paths, %d outcomes: want one outcome with one group", p.Explored.Paths, len(p.Orders))
	}
	if n, exact := p.Total(); n != 24 || !exact {
		t.Fatalf("total %d (exact %v), want 24", n, exact)
	}
	list := p.List(100)
	if len(list) != 24 {
		t.Fatalf("listed %d orders, want 24", len(list))
	}
	g := p.Orders[0].Groups[0]
	byOp := map[int]string{}
	for i, id := range g.Ops {
		byOp[id] = g.Blocks[i][0]
	}
	for _, o := range list {
		var delivered []string
		for _, id := range o.Witness.Poll[g.Poll] {
			if s, ok := byOp[id]; ok {
				delivered = append(delivered, s)
			}
		}
		if !slices.Equal(delivered, o.Stdout) {
			t.Errorf("order %v has a witness delivering %v", o.Stdout, delivered)
		}
		if !p.Has(o.Stdout, 0, false) {
			t.Errorf("Has(%v) is false", o.Stdout)
		}
	}
	if p.Has([]string{"alpha", "alpha", "bravo", "charlie"}, 0, false) {
		t.Error("Has accepts an order that is not an arrangement")
	}
	if len(p.Hazards) != 1 || p.Hazards[0].Check != "iorace" {
		t.Errorf("hazards %v, want one iorace", p.Hazards)
	}
}

// Callbacks that emit on an emitter made before them, whose listener
// only prints, or that make and use an emitter of their own, touch
// nothing older than themselves (events.js's emit only reads the
// emitter): explored once, as reads that print.
func TestEmittingReadsExploredOnce(t *testing.T) {
	for name, body := range map[string]string{
		"shared emitter": `const ee = new EventEmitter();
ee.on('x', (d) => console.log(d));
for (const n of ['a', 'b', 'c', 'd']) fs.readFile(n + '.txt', 'utf8', (err, d) => ee.emit('x', d));`,
		"own emitter": `for (const n of ['a', 'b', 'c', 'd']) fs.readFile(n + '.txt', 'utf8', (err, d) => {
  const e = new EventEmitter();
  e.once('x', (v) => console.log(v));
  e.emit('x', d);
  e.emit('x', 'again');
});`,
	} {
		t.Run(name, func(t *testing.T) {
			src := "const fs = require('fs');\nconst EventEmitter = require('events');\n" + body + "\n"
			p := predictFiles(t, src, abcd, "20", explore.Config{})
			if !p.Complete {
				t.Fatalf("incomplete: %v", p.Reasons)
			}
			if p.Explored.Paths != 1 {
				t.Errorf("%d paths, want 1", p.Explored.Paths)
			}
			if n, exact := p.Total(); n != 24 || !exact {
				t.Errorf("total %d (exact %v), want 24", n, exact)
			}
		})
	}
}

// process, made when the program first names it, here in a callback, is
// older than every callback: callbacks that only write to stdout through
// it are explored once, as reads that print.
func TestProcessNamedInCallbacks(t *testing.T) {
	src := "const fs = require('fs');\nfor (const n of ['a', 'b', 'c', 'd']) fs.readFile(n + '.txt', 'utf8', (err, d) => process.stdout.write(d + '\\n'));\n"
	p := predictFiles(t, src, abcd, "20", explore.Config{})
	if !p.Complete {
		t.Fatalf("incomplete: %v", p.Reasons)
	}
	if n, exact := p.Total(); p.Explored.Paths != 1 || n != 24 || !exact {
		t.Errorf("%d paths, total %d (exact %v): want 1 path, 24 orders", p.Explored.Paths, n, exact)
	}
}

// Twelve parallel reads: 12! orders, counted, not enumerated.
func TestTwelveReadsCounted(t *testing.T) {
	files := map[string]string{}
	for i := 1; i <= 12; i++ {
		files[fmt.Sprintf("f%d.txt", i)] = fmt.Sprint("data ", i)
	}
	src := "const fs = require('fs');\nfor (let i = 1; i <= 12; i++) fs.readFile(`f${i}.txt`, 'utf8', (err, d) => { console.log('read', i); console.log(d); });\nconsole.log('start');\n"
	p := predictFiles(t, src, files, "22", explore.Config{})
	if !p.Complete {
		t.Fatalf("incomplete: %v", p.Reasons)
	}
	if n, exact := p.Total(); n != 479001600 || !exact {
		t.Fatalf("total %d (exact %v), want 12! = 479001600", n, exact)
	}
	if p.Explored.Runs > 10 {
		t.Errorf("%d runs for one pattern", p.Explored.Runs)
	}
}

// The reduction against plain exploration: the same concrete orders on
// every program, whether callbacks commute or not.
func TestCommuteMatchesFullExploration(t *testing.T) {
	head := "const fs = require('fs');\nconst names = ['a', 'b', 'c', 'd'];\n"
	cases := map[string]string{
		"pure": `for (const n of names) fs.readFile(n + '.txt', 'utf8', (e, d) => console.log(n, d));`,
		"shared counter": `let k = 0;
for (const n of names) fs.readFile(n + '.txt', 'utf8', (e, d) => { k++; console.log(k, n); });`,
		"one schedules": `for (const n of names) fs.readFile(n + '.txt', () => {
  console.log(n);
  if (n === 'b') setImmediate(() => console.log('imm from b'));
});`,
		"timer pending": `setTimeout(() => console.log('timeout'), 1);
for (const n of names.slice(0, 3)) fs.readFile(n + '.txt', () => console.log(n));`,
		"immediate in main": `setImmediate(() => console.log('imm'));
for (const n of names.slice(0, 3)) fs.stat(n + '.txt', () => console.log(n));`,
		"push to shared array": `const seen = [];
process.on('exit', () => console.log(seen.join()));
for (const n of names.slice(0, 3)) fs.readFile(n + '.txt', () => { seen.push(n); console.log(n); });`,
		"shared object": `const state = {count: 0};
for (const n of names.slice(0, 3)) fs.readFile(n + '.txt', () => { state.count = state.count + 1; console.log(n, state.count); });`,
		"fresh object": `for (const n of names) fs.readFile(n + '.txt', () => { const o = {n: n}; o.seen = true; const a = [n]; a.push(1); console.log(o.n, o.seen, a.length); });`,
		"microtasks and ticks": `for (const n of names.slice(0, 3)) fs.readFile(n + '.txt', () => {
  Promise.resolve().then(() => console.log('then', n));
  process.nextTick(() => console.log('tick', n));
  console.log(n);
});`,
		"shared promise": `let done;
const all = new Promise(r => { done = r; });
all.then(() => console.log('settled'));
for (const n of names.slice(0, 3)) fs.readFile(n + '.txt', () => { console.log(n); if (n === 'b') done(); });`,
		"emitter": `const EventEmitter = require('events');
const ee = new EventEmitter();
ee.on('x', (n) => console.log('heard', n));
for (const n of names.slice(0, 3)) fs.readFile(n + '.txt', () => { ee.emit('x', n); if (n === 'c') ee.once('x', () => console.log('once')); });`,
		"nested read": `for (const n of names.slice(0, 3)) fs.readFile(n + '.txt', () => {
  console.log(n);
  if (n === 'a') fs.readFile('d.txt', () => console.log('nested'));
});`,
		"stderr":     `for (const n of names.slice(0, 3)) fs.readFile(n + '.txt', () => { console.log(n); if (n === 'a') console.error('err'); });`,
		"same lines": `for (const n of names) fs.readFile(n + '.txt', () => console.log('done'));`,
		"prefix blocks": `fs.readFile('a.txt', () => console.log('x'));
fs.readFile('b.txt', () => { console.log('x'); console.log('y'); });
fs.readFile('c.txt', () => console.log('y'));`,
		"empty blocks": `for (const n of names.slice(0, 3)) fs.readFile(n + '.txt', () => { if (n === 'b') console.log(n); });
fs.readFile('d.txt', () => console.log('d'));`,
		"var capture":     `for (var i = 0; i < 3; i++) fs.readFile(names[i] + '.txt', () => console.log(i));`,
		"implicit global": `for (const n of names.slice(0, 3)) fs.readFile(n + '.txt', () => { if (n === 'a') leaked = 1; console.log(typeof leaked); });`,
		"async callback":  `for (const n of names.slice(0, 3)) fs.readFile(n + '.txt', async () => { await null; console.log('after await', n); });`,
		"throws": `process.on('uncaughtException', (e) => console.log('caught', e.message));
for (const n of names.slice(0, 3)) fs.readFile(n + '.txt', () => { console.log(n); if (n === 'b') throw new Error(n); });`,
		// process is made when first named, here by a callback: it is
		// older than every callback all the same.
		"process listeners": `for (const n of names.slice(0, 3)) fs.readFile(n + '.txt', () => process.once('exit', () => console.log('exit', n)));`,
		"process emit": `fs.readFile('a.txt', () => { console.log('a'); process.on('x', () => console.log('heard')); });
fs.readFile('b.txt', () => console.log(process.emit('x')));`,
		"warnings": `for (const n of names.slice(0, 3)) fs.readFile(n + '.txt', () => {
  if (n === 'a') process.on('warning', (w) => console.log('warned', w.message));
  process.emitWarning(n);
});`,
		"exit code": `for (const n of names.slice(0, 3)) fs.readFile(n + '.txt', () => { console.log(n); process.exitCode = names.indexOf(n); });`,
		"exit":      `for (const n of names.slice(0, 3)) fs.readFile(n + '.txt', () => { console.log(n); if (n === 'c') process.exit(0); });`,
		"clock": `const t0 = Date.now();
for (const n of names.slice(0, 3)) fs.readFile(n + '.txt', () => { if (Date.now() - t0 > 1000) console.log('late', n); else console.log(n); });`,
	}
	for name, body := range cases {
		for _, node := range []string{"10", "20", "26"} {
			t.Run(name+"/"+node, func(t *testing.T) {
				src := head + body + "\n"
				full := predictFiles(t, src, abcd, node, explore.Config{NoCommute: true})
				red := predictFiles(t, src, abcd, node, explore.Config{})
				if !full.Complete || !red.Complete {
					t.Fatalf("incomplete: full %v, reduced %v", full.Reasons, red.Reasons)
				}
				want, got := concrete(full), concrete(red)
				if !mapsEqual(want, got) {
					t.Fatalf("reduced exploration gives other orders:\nfull:    %s\nreduced: %s", keys(want), keys(got))
				}
				if n, exact := red.Total(); n != int64(len(want)) || !exact {
					t.Errorf("total %d (exact %v), want %d", n, exact, len(want))
				}
				t.Logf("runs: full %d, reduced %d; orders %d", full.Explored.Runs, red.Explored.Runs, len(want))
				if red.Explored.Runs > full.Explored.Runs {
					t.Errorf("reduced exploration took %d runs, full %d", red.Explored.Runs, full.Explored.Runs)
				}
			})
		}
	}
}

func mapsEqual(a, b map[string]bool) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if !b[k] {
			return false
		}
	}
	return true
}

func keys(m map[string]bool) string {
	var ks []string
	for k := range m {
		ks = append(ks, strings.ReplaceAll(strings.ReplaceAll(k, "\n", " "), "\x00", " | "))
	}
	slices.Sort(ks)
	return fmt.Sprintf("%d\n  %s", len(ks), strings.Join(ks, "\n  "))
}

// BenchmarkParallelReads: n parallel fs.readFile calls whose callbacks
// only print, with the commutation reduction (one run, n! orders
// counted) and without it (every order explored; 7 is already 5040).
func BenchmarkParallelReads(b *testing.B) {
	files := map[string]string{}
	for i := 1; i <= 16; i++ {
		files[fmt.Sprintf("f%d.txt", i)] = fmt.Sprint("data ", i)
	}
	src := func(n int) string {
		return fmt.Sprintf("const fs = require('fs');\nfor (let i = 1; i <= %d; i++) fs.readFile(`f${i}.txt`, 'utf8', (err, d) => console.log(i, d));\n", n)
	}
	run := func(name string, n int, cfg explore.Config) {
		b.Run(name, func(b *testing.B) {
			var p explore.Prediction
			for b.Loop() {
				p = predictFiles(b, src(n), files, "20", cfg)
			}
			total, _ := p.Total()
			if !p.Complete {
				b.Fatalf("incomplete: %v", p.Reasons)
			}
			b.ReportMetric(float64(total), "orders")
			b.ReportMetric(float64(p.Explored.Runs), "runs")
		})
	}
	for _, n := range []int{4, 8, 12, 16} {
		run(fmt.Sprintf("commute/reads=%d", n), n, explore.Config{})
	}
	for _, n := range []int{4, 6, 7} {
		run(fmt.Sprintf("full/reads=%d", n), n, explore.Config{NoCommute: true})
	}
}
