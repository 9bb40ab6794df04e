package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/looplint/looplint/internal/nodecase"
)

// TestPredictMatchesNode predicts a racy case of testdata/runtime and
// compares the set of orders with the set real Node printed (both orders
// of setTimeout(0) vs setImmediate from the main module, on Node 20.20.2).
func TestPredictMatchesNode(t *testing.T) {
	c, err := nodecase.Load("../../testdata/runtime/timeout-vs-immediate-main.txtar")
	if err != nil {
		t.Fatal(err)
	}
	main, err := c.WriteTo(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, o := range c.Node["20.20.2"].Outcomes {
		want = append(want, strings.Join(o.Stdout, "|"))
	}
	var out, errb bytes.Buffer
	code := execute([]string{"predict", "--node", "20.20.2", "--format", "json", "--explore", "50", main}, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errb.String(), out.String())
	}
	var rep predictReport
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, o := range rep.Orders {
		got = append(got, strings.Join(o.Stdout, "|"))
		if o.Confirmed == nil || !*o.Confirmed {
			t.Errorf("order %v not confirmed by replay", o.Stdout)
		}
	}
	sort.Strings(got)
	sort.Strings(want)
	if !rep.Complete || strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("complete=%v predicted:\n%s\nNode printed:\n%s", rep.Complete, strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if len(rep.Unpredicted) != 0 {
		t.Errorf("unpredicted runtime orders: %+v", rep.Unpredicted)
	}
}

func TestPredictBadInput(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.js")
	os.WriteFile(bad, []byte("const = 1;\n"), 0o644)
	var out, errb bytes.Buffer
	if code := execute([]string{"predict", bad}, &out, &errb); code != 2 || !strings.Contains(errb.String(), "bad.js:1:") {
		t.Errorf("exit %d, stderr %q", code, errb.String())
	}
	if code := execute([]string{"predict", "--format", "xml", bad}, &out, &errb); code != 2 {
		t.Errorf("bad --format: exit %d", code)
	}
	good := filepath.Join(dir, "good.js")
	os.WriteFile(good, []byte("console.log(1)\n"), 0o644)
	for _, flags := range [][]string{
		{"--timeout", "-1s"}, {"--explore", "-3"}, {"--max-orders", "0"}, {"--stall-ms", "-5"},
		{"--node", "99"}, {"--node", "20.99.0"}, {"--node", "7"},
	} {
		errb.Reset()
		if code := execute(append(append([]string{"predict"}, flags...), good), &out, &errb); code != 2 || !strings.Contains(errb.String(), strings.TrimPrefix(flags[0], "--")) && !strings.Contains(errb.String(), "Node") {
			t.Errorf("predict %v: exit %d, stderr %q; want 2 and a message", flags, code, errb.String())
		}
	}
}

// TestPredictExplainAndHazards: --explain accounts for every printed line
// in order, phase by phase, and the main-module race is a hazard with the
// timer's position and a why for each order.
func TestPredictExplainAndHazards(t *testing.T) {
	c, err := nodecase.Load("../../testdata/runtime/timeout-vs-immediate-main.txtar")
	if err != nil {
		t.Fatal(err)
	}
	main, err := c.WriteTo(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	code := execute([]string{"predict", "--node", "22", "--format", "json", "--explain", "--explore", "0", main}, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var rep predictReport
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Orders) != 2 || len(rep.Hazards) != 1 || rep.Hazards[0].Check != "timerrace" ||
		!strings.HasPrefix(rep.Hazards[0].Pos, main+":") {
		t.Fatalf("orders/hazards: %+v", rep)
	}
	for _, o := range rep.Orders {
		if !strings.HasPrefix(o.Why, "if the setTimeout at ") {
			t.Errorf("why = %q", o.Why)
		}
		var printed []string
		queues := map[string]bool{}
		for _, st := range o.Explain {
			printed = append(printed, st.Printed...)
			queues[st.Queue] = true
		}
		if strings.Join(printed, "|") != strings.Join(o.Stdout, "|") {
			t.Errorf("explained %v, order %v", printed, o.Stdout)
		}
		if !queues["timer"] || !queues["immediate"] {
			t.Errorf("queues in the explanation: %v", queues)
		}
	}
}

// TestPredictMalformedInput: each hostile input gives a result or a clear
// error with the right exit status, never a panic or a hang.
func TestPredictMalformedInput(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	bin := make([]byte, 4096)
	for i := range bin {
		bin[i] = byte(i)
	}
	cases := []struct {
		name, file string
		code       int
		want       string // in stdout (exit 0/1) or stderr (exit 2)
	}{
		{"empty", write("empty.js", nil), 0, "deterministic"},
		{"binary", write("bin.js", bin), 2, "binary or non-UTF-8 file"},
		{"syntax", write("syntax.js", []byte("setTimeout(() => {\n")), 2, "syntax.js:2:1:"},
		// esbuild takes it; the engine refuses it: still the user's line.
		{"engine-syntax", write("private.js", []byte("class A { #x = 1; }\nconsole.log(#x in {});\n")), 2, "private.js:2:"},
		// Node 20's parser overflows its stack on this (RangeError at
		// load); the prediction says it cannot know where that happens.
		{"nested", write("nested.js", []byte("console.log("+strings.Repeat("[", 100000)+strings.Repeat("]", 100000)+");")), 1, "nests 100002 levels deep"},
		{"minified", write("min.js", []byte("var a=0;"+strings.Repeat("a=a+1;", 170000)+"setTimeout(()=>console.log(a));")), 0, "170000"},
	}
	for _, c := range cases {
		var out, errb bytes.Buffer
		code := execute([]string{"predict", "--explore", "0", c.file}, &out, &errb)
		text := out.String()
		if c.code == 2 {
			text = errb.String()
		}
		if code != c.code || !strings.Contains(text, c.want) || strings.Contains(errb.String(), "goroutine") {
			t.Errorf("%s: exit %d (want %d)\nstdout: %.300s\nstderr: %.300s", c.name, code, c.code, out.String(), errb.String())
		}
	}
}

// Parallel reads whose callbacks only print: the total counts every
// arrangement, the listed ones are confirmed by replay, the pattern
// describes the rest, and the runtime finds nothing unpredicted.
func TestPredictCommutingReads(t *testing.T) {
	dir := t.TempDir()
	for i := 1; i <= 5; i++ {
		writeFile(t, dir, fmt.Sprintf("f%d.txt", i), []byte(fmt.Sprint("data", i)))
	}
	main := writeFile(t, dir, "main.js", []byte("const fs = require('fs');\nfor (let i = 1; i <= 5; i++) fs.readFile(__dirname + `/f${i}.txt`, 'utf8', (e, d) => console.log(d));\n"))
	code, out, errs := cliRun(t, "predict", "--node", "22", "--fs", dir, "--format", "json", "--max-orders", "7", "--explore", "300", main)
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}
	var rep predictReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if !rep.Complete || rep.Total != 120 || rep.TotalAtMost || len(rep.Orders) != 7 || len(rep.Unpredicted) != 0 {
		t.Fatalf("complete %v, total %d (at most %v), %d listed, %d unpredicted", rep.Complete, rep.Total, rep.TotalAtMost, len(rep.Orders), len(rep.Unpredicted))
	}
	seen := map[string]bool{}
	for _, o := range rep.Orders {
		if o.Confirmed == nil || !*o.Confirmed {
			t.Errorf("order %v not confirmed", o.Stdout)
		}
		seen[strings.Join(o.Stdout, ",")] = true
	}
	if len(seen) != 7 {
		t.Errorf("listed orders repeat: %v", seen)
	}
	if len(rep.Patterns) != 1 || rep.Patterns[0].Count != 120 || len(rep.Patterns[0].Groups) != 1 || len(rep.Patterns[0].Groups[0].Blocks) != 5 {
		t.Fatalf("patterns %+v", rep.Patterns)
	}
	code, out, _ = cliRun(t, "predict", "--node", "22", "--fs", dir, "--max-orders", "2", main)
	// (The usual timing takes the pool's requests first in, first out.)
	if code != 0 || !strings.Contains(out, "deterministic on an idle machine; 119 more under load") || !strings.Contains(out, "then these 5, in any order (fs.readFile at 2:30 (5 callbacks))") ||
		!strings.Contains(out, "118 more orders not listed") {
		t.Errorf("text output:\n%s", out)
	}
}

// Several files in one process: reports in order (a JSON array), a file
// that cannot be loaded on stderr while the others go on, exit 2.
func TestPredictSeveralFiles(t *testing.T) {
	dir := t.TempDir()
	a := writeFile(t, dir, "a.js", []byte("setTimeout(() => console.log('a'), 0);\n"))
	b := writeFile(t, dir, "b.js", []byte("setImmediate(() => console.log('b'));\nprocess.nextTick(() => console.log('tick'));\n"))
	bad := writeFile(t, dir, "bad.js", []byte("let = ;\n"))
	code, out, errs := cliRun(t, "predict", "--node", "20", "--format", "json", a, b)
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}
	var reps []predictReport
	if err := json.Unmarshal([]byte(out), &reps); err != nil {
		t.Fatal(err)
	}
	if len(reps) != 2 || reps[0].File != a || reps[1].File != b || strings.Join(reps[1].Orders[0].Stdout, ",") != "tick,b" {
		t.Fatalf("reports %+v", reps)
	}
	code, out, errs = cliRun(t, "predict", "--node", "20", a, bad, b)
	if code != 2 || !strings.Contains(errs, "bad.js:1:") || strings.Count(out, " · Node 20.") != 2 {
		t.Errorf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errs)
	}
}

// predict runs the snippet at its own path and in --fs DIR as working
// directory, so what Node prints of them is predicted (and confirmed).
func TestPredictHostPaths(t *testing.T) {
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	main := writeFile(t, dir, "paths.js", []byte("console.log(__filename);\nconsole.log(__dirname === process.cwd());\n"))
	var out, errb bytes.Buffer
	code := execute([]string{"predict", "--node", "20.20.2", "--format", "json", "--explore", "0", "--fs", dir, main}, &out, &errb)
	var rep predictReport
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatalf("exit %d: %v\n%s%s", code, err, out.String(), errb.String())
	}
	if code != 0 || !rep.Complete || len(rep.Orders) != 1 || *rep.Orders[0].Confirmed != true {
		t.Fatalf("exit %d: %s%s", code, out.String(), errb.String())
	}
	if got, want := strings.Join(rep.Orders[0].Stdout, "\n"), main+"\ntrue"; got != want {
		t.Errorf("stdout\n%s\nwant\n%s", got, want)
	}
}

// Where the interpreter cannot model a program and the runtime explored
// every path of it, the runtime's orders are the answer, said as such,
// matching what real Node printed, and explained step by step.
func TestPredictRuntimeAnswers(t *testing.T) {
	c, err := nodecase.Load("../../testdata/runtime/promise-own-then.txtar")
	if err != nil {
		t.Fatal(err)
	}
	main, err := c.WriteTo(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	code := execute([]string{"predict", "--node", "20.20.2", "--format", "json", "--explain", main}, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errb.String(), out.String())
	}
	var rep predictReport
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Engine != "runtime" || !rep.Complete {
		t.Fatalf("engine %q, complete %v: %+v", rep.Engine, rep.Complete, rep.Reasons)
	}
	var want, got []string
	for _, o := range c.Node["20.20.2"].Outcomes {
		want = append(want, strings.Join(o.Stdout, "|"))
	}
	for _, o := range rep.Orders {
		got = append(got, strings.Join(o.Stdout, "|"))
		if o.Engine != "runtime" || o.Confirmed == nil || !*o.Confirmed || len(o.Explain) == 0 {
			t.Errorf("order %v: engine %q, confirmed %v, %d steps", o.Stdout, o.Engine, o.Confirmed, len(o.Explain))
		}
	}
	sort.Strings(got)
	sort.Strings(want)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("predicted:\n%s\nNode printed:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	out.Reset()
	execute([]string{"predict", "--node", "20.20.2", main}, &out, &errb)
	if !strings.Contains(out.String(), "note: the interpreter cannot model this program") {
		t.Errorf("the text does not say which engine answered:\n%s", out.String())
	}
}

// An order a replay did not reproduce reads NOT confirmed, whatever the
// replay's status (it exited: that says nothing of what it printed).
func TestPredictTextUnconfirmed(t *testing.T) {
	no := false
	rep := predictReport{File: "x.js", Node: "20.20.2", Complete: true, Total: 1, Paths: 1,
		Orders: []predictedOrder{{Stdout: []string{"a"}, Engine: "interpreter", Confirmed: &no, Replay: "exited"}}}
	var out bytes.Buffer
	printPredictText(&out, rep, predictFlags{maxOrders: 24})
	if !strings.Contains(out.String(), "NOT confirmed") || strings.Contains(out.String(), "confirmed by replay") {
		t.Errorf("an unconfirmed order reads:\n%s", out.String())
	}
}

// TestPredictLeadsWithUsualOrder: on a timers puzzle Node printed one way
// (but for one run under load on Node 10), the answer leads with Node's
// order, says it is the only one on an idle machine, and lists the rest
// apart, under load, every recorded order among them.
func TestPredictLeadsWithUsualOrder(t *testing.T) {
	c, err := nodecase.Load("../../testdata/runtime/lead-timers-two-loops.txtar")
	if err != nil {
		t.Fatal(err)
	}
	main, err := c.WriteTo(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range []string{"10.24.1", "20.20.2", "26.10.0"} {
		rec := c.Node[v]
		most := rec.Outcomes[0]
		for _, o := range rec.Outcomes {
			if o.Count > most.Count {
				most = o
			}
		}
		var out, errb bytes.Buffer
		if code := execute([]string{"predict", "--node", v, "--format", "json", "--no-confirm", main}, &out, &errb); code != 0 {
			t.Fatalf("%s: exit %d: %s", v, code, errb.String())
		}
		var rep predictReport
		if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
			t.Fatal(err)
		}
		if len(rep.Orders) < 2 || rep.Orders[0].UnderLoad || !rep.Orders[1].UnderLoad {
			t.Fatalf("%s: want one usual order first, then orders under load: %+v", v, rep.Orders)
		}
		if got := strings.Join(rep.Orders[0].Stdout, "|"); got != strings.Join(most.Stdout, "|") {
			t.Errorf("%s: the lead is %s, Node printed %s in %d of %d runs", v, got, strings.Join(most.Stdout, "|"), most.Count, rec.Runs)
		}
		listed := map[string]bool{}
		for _, o := range rep.Orders {
			listed[strings.Join(o.Stdout, "|")] = true
		}
		for _, o := range rec.Outcomes {
			if !listed[strings.Join(o.Stdout, "|")] {
				t.Errorf("%s: Node printed %v, not listed", v, o.Stdout)
			}
		}
		out.Reset()
		execute([]string{"predict", "--node", v, "--no-confirm", main}, &out, &errb)
		text := out.String()
		if !strings.Contains(text, "deterministic on an idle machine;") || strings.Index(text, "under load (") < strings.Index(text, "#1 ") {
			t.Errorf("%s: want the verdict to lead with the idle machine and the under-load heading after #1:\n%s", v, text)
		}
	}
}

// An unhandled rejection shows the error as Node prints it, as stderr,
// in the step that processes the rejection (--explain) or after the
// order's lines; JSON steps carry their position, reason and stderr.
func TestPredictUnhandledRejectionText(t *testing.T) {
	main := filepath.Join(t.TempDir(), "main.js")
	src := "console.log('a');\nasync function f() { await null; }\nf().then(() => console.log('b'));\nPromise.reject(new Error('boom'));\n"
	if err := os.WriteFile(main, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	execute([]string{"predict", "--node", "20.20.2", main}, &out, &errb)
	text := out.String()
	for _, want := range []string{"  a\n  b\n  stderr| " + main + ":4\n", "  stderr| Promise.reject(new Error('boom'));\n",
		"  stderr|                ^\n", "  stderr| Error: boom\n", "  stderr| Node.js v20.20.2\n", "  exit code 1\n"} {
		if !strings.Contains(text, want) {
			t.Errorf("no %q in\n%s", want, text)
		}
	}
	if strings.Contains(text, "interpreter's words") {
		t.Errorf("the runtime's words are said to be the interpreter's:\n%s", text)
	}
	out.Reset()
	execute([]string{"predict", "--node", "20.20.2", "--explain", main}, &out, &errb)
	if text := out.String(); !strings.Contains(text, "    unhandled rejections, which Node processes once the queues drained\n      stderr| "+main+":4\n") ||
		!strings.Contains(text, "    microtask queue: the .then callback at 3:5\n      b\n") {
		t.Errorf("--explain:\n%s", text)
	}
	out.Reset()
	execute([]string{"predict", "--node", "20.20.2", "--no-confirm", main}, &out, &errb)
	if text := out.String(); !strings.Contains(text, "(stderr in the interpreter's words") {
		t.Errorf("--no-confirm does not say whose words the stderr is in:\n%s", text)
	}
	out.Reset()
	execute([]string{"predict", "--node", "20.20.2", "--explain", "--format", "json", main}, &out, &errb)
	var rep predictReport
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatal(err)
	}
	o := rep.Orders[0]
	if o.StderrBy != "runtime" {
		t.Errorf("stderrBy %q", o.StderrBy)
	}
	var cont *explainStep
	for i, st := range o.Explain {
		if st.Queue == "microtask" && strings.Contains(st.Callback, "await at 2:22") {
			cont = &o.Explain[i]
		}
	}
	if cont == nil || cont.Pos != main+":2:22" || cont.Jobs != 1 || !strings.Contains(cont.Reason, "costs 1 job") {
		t.Errorf("the await's continuation: %+v in %+v", cont, o.Explain)
	}
}

// No heading is printed with nothing under it: an order or an
// unpredicted output that prints nothing says so.
func TestPredictTextNoEmptyHeadings(t *testing.T) {
	rep := predictReport{File: "x.js", Node: "20.20.2", Complete: false, Total: 2, Paths: 2,
		Reasons:     []predictReason{{Message: "something"}},
		Orders:      []predictedOrder{{Stdout: []string{}, Engine: "interpreter"}, {Stdout: []string{"a"}, Engine: "interpreter"}},
		Unpredicted: []outcome{{Stdout: []string{}, ExitCode: 3}}}
	var out bytes.Buffer
	printPredictText(&out, rep, predictFlags{maxOrders: 24})
	lines := strings.Split(strings.TrimRight(out.String(), "\n"), "\n")
	for i, l := range lines {
		if strings.HasSuffix(l, ":") && (i+1 == len(lines) || lines[i+1] == "" || !strings.HasPrefix(lines[i+1], "  ")) {
			t.Errorf("heading %q has nothing under it:\n%s", l, out.String())
		}
	}
	if !strings.Contains(out.String(), "the runtime also printed (the incomplete prediction does not cover it):\n  (prints nothing)\n  exit code 3\n") {
		t.Errorf("the unpredicted output:\n%s", out.String())
	}
}
