package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCollapseRepeats: a step or block of steps that comes three times or
// more in a row, alike but for the iteration, is kept once with a count.
func TestCollapseRepeats(t *testing.T) {
	tick := explainStep{Phase: "main", Queue: "nextTick", Callback: "process.nextTick at 1:17"}
	var steps []explainStep
	steps = append(steps, explainStep{Phase: "main", Printed: []string{"start"}})
	for range 1000 {
		steps = append(steps, tick)
	}
	got := collapseRepeats(steps)
	if len(got) != 2 || got[1].Repeat == nil || *got[1].Repeat != (stepRepeat{Steps: 1, Times: 999}) {
		t.Fatalf("ticks: %+v", got)
	}
	if s := repeatText(got[1]); s != "… this step again 999 more times" {
		t.Errorf("text %q", s)
	}
	// An iteration's phase and callback, again each iteration.
	steps = nil
	for i := 1; i <= 5; i++ {
		steps = append(steps, explainStep{Phase: "check", Iteration: i}, explainStep{Phase: "check", Iteration: i, Queue: "immediate", Callback: "setImmediate at 3:3"})
	}
	got = collapseRepeats(steps)
	if len(got) != 2 || got[1].Repeat == nil || *got[1].Repeat != (stepRepeat{Steps: 2, Times: 4, Through: 5}) {
		t.Fatalf("iterations: %+v", got)
	}
	// Twice is not collapsed, nor steps that print otherwise.
	steps = []explainStep{tick, tick, {Phase: "main", Queue: "nextTick", Printed: []string{"1"}}, {Phase: "main", Queue: "nextTick", Printed: []string{"2"}}, {Phase: "main", Queue: "nextTick", Printed: []string{"3"}}}
	if got = collapseRepeats(steps); len(got) != len(steps) {
		t.Errorf("collapsed %+v", got)
	}
}

// hangFiles are programs that never end: the analyzers' testdata and the
// shared hazard samples (when ../shared is there), with what the verdict
// says.
var hangFiles = []struct {
	file, verdict string
	lines         int // --explain's lines at most
}{
	{"../../analyzer/checks/testdata/src/starve.js", "starves: the nextTick queue never drains (loop (process.nextTick at 6:3)); the 1 timer never runs; the process never exits", 50},
	{"../../analyzer/checks/testdata/src/microstarve.js", "starves: the microtask queue never drains (check (a promise reaction at 6:3)); the 1 timer never runs; the process never exits", 50},
	{"../../analyzer/nexttickloop/testdata/src/loops.js", "starves: the nextTick queue never drains (pump (process.nextTick at 5:3)); the 1 timer never runs", 50},
	{"../../analyzer/nexttickloop/testdata/src/fix.js", "starves: the nextTick queue never drains (spin (process.nextTick at 2:3)); the process never exits", 50},
	{"../../analyzer/microtaskloop/testdata/src/benchtree.js", "starves: the microtask queue never drains (spin (a promise reaction at 30:3)); the process never exits", 50},
	{"../../analyzer/microtaskloop/testdata/src/reactions.js", "starves: the microtask queue never drains (a promise reaction at 21:5); the 1 timer never runs", 50},
	{"../../analyzer/nexttickloop/testdata/src/clean.js", "never ends: setTimeout at 8:3, later (process.nextTick at 8:20) and spinFair (setImmediate at 3:3) re-queue themselves every iteration", 50},
	// Three orders, racing timers, each explained (and five hazards).
	{"../../analyzer/timerrace/testdata/src/pairs.js", "deterministic on an idle machine; 2 more under load; never ends: setInterval at 11:3 re-queues itself every iteration, printing each time", 50},
	// A suspended async function and I/O in flight: not compared, the
	// loop is followed so far (and its hazards listed).
	{"../../analyzer/microtaskloop/testdata/src/clean.js", "does not end as far as followed", 50},
	{"../../../shared/hazards/01-recursive-nexttick.js", "starves: the nextTick queue never drains (spin (process.nextTick at 5:3)); the 1 timer never runs; the process never exits", 50},
	{"../../../shared/hazards/08-microtask-starvation.js", "starves: the microtask queue never drains (again (a promise reaction at 2:20)); the 1 timer never runs; the process never exits", 50},
}

// TestPredictHangs: every program that never ends is predicted with a
// verdict that says so, each order saying how it hangs, and --explain in
// bounded space. (How fast: BenchmarkPredictHangs.)
func TestPredictHangs(t *testing.T) {
	for _, c := range hangFiles {
		t.Run(filepath.Base(c.file), func(t *testing.T) {
			if _, err := os.Stat(c.file); err != nil {
				t.Skip(err)
			}
			var out, errb bytes.Buffer
			execute([]string{"predict", "--node", "20.20.2", "--format", "json", c.file}, &out, &errb)
			var rep predictReport
			if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
				t.Fatalf("%v: %s %s", err, out.String(), errb.String())
			}
			if !strings.Contains(rep.Verdict, c.verdict) {
				t.Errorf("verdict %q, want it to say %q", rep.Verdict, c.verdict)
			}
			if len(rep.Orders) == 0 {
				t.Fatal("no orders")
			}
			for _, o := range rep.Orders {
				if o.Hang == nil || o.Starves == o.Endless {
					t.Errorf("order %q: starves=%v endless=%v hang=%+v", o.Stdout, o.Starves, o.Endless, o.Hang)
				}
			}
			out.Reset()
			execute([]string{"predict", "--node", "20.20.2", "--explain", c.file}, &out, &errb)
			if n := strings.Count(out.String(), "\n"); n > c.lines {
				t.Errorf("--explain printed %d lines:\n%s", n, out.String())
			}
		})
	}
}

// TestPredictRecursiveTick: the classic, explained in a few lines that
// say how often the tick came (the loop's drain limit) and that it never
// drains.
func TestPredictRecursiveTick(t *testing.T) {
	file := filepath.Join(t.TempDir(), "spin.js")
	if err := os.WriteFile(file, []byte("function spin(){process.nextTick(spin)} spin()\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if code := execute([]string{"predict", "--node", "20.20.2", "--explain", file}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	text := out.String()
	if n := strings.Count(text, "\n"); n > 50 || !strings.Contains(text, "· starves: the nextTick queue never drains (spin (process.nextTick at 1:17)); the process never exits\n") ||
		!strings.Contains(text, "    nextTick queue: process.nextTick at 1:17\n  … this step again 99,999 more times\n") {
		t.Errorf("%d lines:\n%s", n, text)
	}
}
