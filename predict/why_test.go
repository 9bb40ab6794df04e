package predict

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/looplint/looplint/explore"
	"github.com/looplint/looplint/ir"
	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/parse"
)

func predictSource(t *testing.T, src string, version string) explore.Prediction {
	t.Helper()
	path := filepath.Join(t.TempDir(), "main.js")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := parse.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	v, err := loop.ParseVersion(version)
	if err != nil {
		t.Fatal(err)
	}
	return Predict(f, loop.Profile{Node: v, Module: loop.CommonJS}, Options{})
}

// The main-module race: which order needs which answer, and the race
// between the two callbacks with the timer's position.
func TestWhyTimeoutVsImmediate(t *testing.T) {
	p := predictSource(t, "setTimeout(() => console.log('timeout'), 0);\nsetImmediate(() => console.log('immediate'));\n", "20")
	if len(p.Orders) != 2 {
		t.Fatalf("orders: %+v", p.Orders)
	}
	for _, o := range p.Orders {
		want := "had not expired yet"
		if o.Stdout[0] == "timeout" {
			want = "had expired"
		}
		if len(o.Why) != 1 || !strings.Contains(o.Why[0], "the setTimeout at 1:1 (1 ms) "+want+" when the loop checked timers in iteration 1") {
			t.Errorf("%v: why = %q", o.Stdout, o.Why)
		}
	}
	if len(p.Hazards) != 1 {
		t.Fatalf("hazards: %+v", p.Hazards)
	}
	h := p.Hazards[0]
	if h.Check != "timerrace" || h.Pos.Line != 1 || !strings.Contains(h.Message, "setImmediate at 2:1") {
		t.Errorf("hazard: %+v", h)
	}
}

// Inside an I/O callback the order is fixed: no reason, no race.
func TestWhyDeterministicHasNoRace(t *testing.T) {
	p := predictSource(t, "require('fs').readFile(__filename, () => {\n  setTimeout(() => console.log('t'), 0);\n  setImmediate(() => console.log('i'));\n});\n", "22")
	if len(p.Orders) != 1 || len(p.Hazards) != 0 || len(p.Orders[0].Why) != 0 {
		t.Fatalf("orders %+v hazards %+v", p.Orders, p.Hazards)
	}
}

// A recursive nextTick starves a timer: one order that never exits, the
// hazard at the re-queueing call, and the prediction stays complete.
func TestStarvationHazard(t *testing.T) {
	src := "function f() { process.nextTick(f); }\nsetTimeout(() => console.log('never'), 0);\nconsole.log('a');\nf();\n"
	p := predictSource(t, src, "20")
	if !p.Complete || len(p.Orders) != 1 || !p.Orders[0].Starves || strings.Join(p.Orders[0].Stdout, ",") != "a" {
		t.Fatalf("prediction: %+v", p)
	}
	if len(p.Hazards) != 1 || p.Hazards[0].Check != "nexttickloop" || p.Hazards[0].Pos.Line != 1 ||
		!strings.Contains(p.Hazards[0].Message, "1 timer never runs") {
		t.Fatalf("hazards: %+v", p.Hazards)
	}
	src = "function f() { Promise.resolve().then(f); }\nsetImmediate(() => {});\nf();\n"
	p = predictSource(t, src, "10")
	if len(p.Hazards) != 1 || p.Hazards[0].Check != "microtaskloop" {
		t.Fatalf("hazards: %+v", p.Hazards)
	}
}

// One clock reading can decide two things (the 1 ms timer had expired,
// the 5 ms one had not): a race is explained by what differs, and a chain
// that starves with different callbacks pending is one hazard.
func TestRaceNamesTheDecidingTimer(t *testing.T) {
	src := "setTimeout(() => console.log('timeout'), 0);\nsetImmediate(() => console.log('immediate'));\nfunction spin() { process.nextTick(spin); }\nsetTimeout(spin, 5);\n"
	p := predictSource(t, src, "20")
	var races, loops []explore.Hazard
	for _, h := range p.Hazards {
		switch h.Check {
		case "timerrace":
			races = append(races, h)
		case "nexttickloop":
			loops = append(loops, h)
		}
	}
	if len(loops) != 1 {
		t.Errorf("nexttickloop hazards: %+v, want one", loops)
	}
	found := false
	for _, r := range races {
		if strings.HasPrefix(r.Message, "setImmediate at 2:1 and setTimeout at 4:1") {
			found = true
			if !strings.Contains(r.Message, "whether the setTimeout at 4:1 (5 ms) had expired") {
				t.Errorf("race explained by the wrong timer: %s", r.Message)
			}
		}
	}
	if !found {
		t.Errorf("no race between the 5 ms timer and the immediate: %+v", races)
	}
}

// A new timer list's place in the heap is a comparison of two timers'
// due times, and the reason says which two (it had read "a clock
// comparison in the program", in a program that compares no clock).
func TestWhyNewListNamesItsTimers(t *testing.T) {
	p := predictSource(t, "setTimeout(() => console.log('a'), 20);\nsetTimeout(() => console.log('b'), 10);\n", "20")
	if len(p.Orders) == 0 {
		t.Fatalf("no orders: %+v", p)
	}
	for _, o := range p.Orders {
		for _, w := range o.Why {
			if strings.Contains(w, "in the program") {
				t.Errorf("%v: why = %q", o.Stdout, o.Why)
			}
		}
	}
	first := p.Orders[0]
	if len(first.Why) == 0 || !strings.Contains(first.Why[0], "the setTimeout at 2:1 (10 ms) is due before the setTimeout at 1:1 (20 ms)") {
		t.Errorf("first order %v: why = %q", first.Stdout, first.Why)
	}
}

// Positions in a TypeScript file are the user's, not those of esbuild's
// output (which drops the interface and the blank lines here).
func TestWhyPositionsInTypeScript(t *testing.T) {
	path := filepath.Join(t.TempDir(), "main.ts")
	src := "interface P { x: number }\nconst p: P = { x: 1 };\n\n\nfunction f(a: number): void {\n  setTimeout(() => console.log('t', a), 0);\n}\nf(p.x);\nsetImmediate(() => console.log('i'));\n"
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := parse.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	v, _ := loop.ParseVersion("20")
	p := Predict(f, loop.Profile{Node: v, Module: loop.CommonJS}, Options{})
	if len(p.Orders) != 2 {
		t.Fatalf("orders: %+v", p.Orders)
	}
	for _, o := range p.Orders {
		if len(o.Why) != 1 || !strings.Contains(o.Why[0], "the setTimeout at 6:3 ") {
			t.Errorf("%v: why = %q", o.Stdout, o.Why)
		}
	}
	if len(p.Hazards) != 1 || p.Hazards[0].Pos.Line != 6 {
		t.Errorf("hazards: %+v", p.Hazards)
	}
}

// An order that needs the loop's clock behind Date.now() says so; the
// order that does not need it does not.
func TestWhyTrailingClock(t *testing.T) {
	src := "setTimeout(() => console.log('A'), 4);\nconst s = Date.now();\nwhile (Date.now() - s < 3) {}\nsetTimeout(() => console.log('B'), 1);\n"
	p := predictSource(t, src, "20")
	if len(p.Orders) != 2 {
		t.Fatalf("orders: %+v", p.Orders)
	}
	for _, o := range p.Orders {
		says := strings.Contains(strings.Join(o.Why, "; "), "behind Date.now()")
		if want := o.Stdout[0] == "B"; says != want {
			t.Errorf("%v: why = %q", o.Stdout, o.Why)
		}
	}
}

// A callback a built-in's JavaScript schedules is told by the program's
// call into it: timers/promises' timer by the sleep call, a
// captureRejections tick by the emit whose listener rejected.
func TestWhyInBuiltinsNamesTheCall(t *testing.T) {
	src := `const { setTimeout: sleep } = require('timers/promises');
sleep(0).then(() => console.log('timeout'));
setImmediate(() => console.log('immediate'));
`
	p := predictSource(t, src, "20")
	if len(p.Orders) != 2 {
		t.Fatalf("orders: %+v", p.Orders)
	}
	for _, o := range p.Orders {
		if len(o.Why) != 1 || !strings.Contains(o.Why[0], "the setTimeout at 2:1") {
			t.Errorf("%v: why = %q", o.Stdout, o.Why)
		}
	}
	src = `const EventEmitter = require('events');
const ee = new EventEmitter({ captureRejections: true });
ee.on('error', (e) => console.log('error', e.message));
ee.on('x', async () => { throw new Error('boom'); });
ee.emit('x');
`
	f, err := parse.Parse("main.js", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	node := loop.Profile{Node: loop.Version{Major: 20, Minor: 20, Patch: 2}}
	pr := Predict(f, node, Options{})
	if !pr.Complete || len(pr.Orders) != 1 {
		t.Fatalf("prediction: %+v", pr)
	}
	prog, err := ir.Lower(f, false)
	if err != nil {
		t.Fatal(err)
	}
	steps := Explain(prog, node, Options{}, pr.Orders[0].Witness)
	found := false
	for _, s := range steps {
		if s.Queue == "nextTick" {
			found = true
			if s.Callback != "process.nextTick at 5:1" {
				t.Errorf("the rejection's tick is %q, want the emit at 5:1", s.Callback)
			}
		}
	}
	if !found {
		t.Errorf("no nextTick step: %+v", steps)
	}
}
