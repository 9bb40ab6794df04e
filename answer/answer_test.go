package answer

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/parse"
	"github.com/looplint/looplint/predict"
	lrt "github.com/looplint/looplint/runtime"
)

func answerFor(t *testing.T, src string, timeout time.Duration) Answer {
	t.Helper()
	dir := t.TempDir()
	file := filepath.Join(dir, "main.js")
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := parse.Load(file)
	if err != nil {
		t.Fatal(err)
	}
	prog, err := lrt.Prepare(f, lrt.Options{Node: loop.Version{Major: 20, Minor: 20, Patch: 2}, FSDir: dir, Timeout: timeout})
	if err != nil {
		t.Fatal(err)
	}
	files, err := prog.Files()
	if err != nil {
		t.Fatal(err)
	}
	return Predict(f, prog, Options{Predict: predict.Options{Files: files, Filename: prog.VirtPath, Cwd: prog.Cwd}})
}

// A loop the interpreter counts at once and the sandbox cannot finish in
// its budget: the answer is the interpreter's, the first order says the
// sandbox stopped the runtime, the others were not replayed.
func TestAnswerSandboxBudget(t *testing.T) {
	a := answerFor(t, "let n = 0;\nfor (let i = 0; i < 3e8; i++) n++;\nsetTimeout(() => console.log('t', n));\nsetImmediate(() => console.log('i'));\n", 200*time.Millisecond)
	if a.Engine != Interpreter || !a.Complete || len(a.Orders) != 2 {
		t.Fatalf("engine %s, complete %v, %d orders: %v", a.Engine, a.Complete, len(a.Orders), a.Reasons)
	}
	if a.OK {
		t.Error("OK, though nothing was confirmed")
	}
	if got := []string{a.Orders[0].Replay, a.Orders[1].Replay}; got[0] != string(lrt.StatusTimeout) || got[1] != "skipped" {
		t.Errorf("replays %q, want [timeout skipped]", got)
	}
}

// A loop the interpreter left early: nothing is replayed or explored.
func TestAnswerCutShort(t *testing.T) {
	a := answerFor(t, "let x = 0;\nwhile (true) { x = (x * 7 + 3) % 1000; }\n", 200*time.Millisecond)
	if a.Complete || len(a.Orders) == 0 || a.Orders[0].Replay != "cut short" || a.Runtime.Explored.Runs != 0 {
		t.Errorf("complete %v, orders %+v, runtime runs %d", a.Complete, a.Orders, a.Runtime.Explored.Runs)
	}
}

// Where the interpreter cannot model the program, the runtime answers,
// and says nothing is confirmed when not asked to confirm.
func TestAnswerRuntimeEngine(t *testing.T) {
	a := answerFor(t, "const p = new Proxy({}, { get: (t, k) => k });\nsetTimeout(() => console.log(p.x));\nprocess.nextTick(() => console.log('tick'));\n", 10*time.Second)
	if a.Engine != Runtime || !a.Complete || !a.OK || len(a.Orders) != 1 {
		t.Fatalf("engine %s, complete %v, ok %v, %d orders: %v", a.Engine, a.Complete, a.OK, len(a.Orders), a.Reasons)
	}
	if o := a.Orders[0]; len(o.Stdout) != 2 || o.Stdout[0] != "tick" || o.Stdout[1] != "x" || o.Engine != Runtime {
		t.Errorf("order %+v", o)
	}
}

// A module the sandbox refuses: the runtime's run stops following Node at
// the require, so the error it then prints is no order of Node's and is
// not offered as one the prediction missed.
func TestAnswerSandboxDeparts(t *testing.T) {
	a := answerFor(t, "console.log('a');\nrequire('child_process').exec('ls', () => console.log('done'));\nsetTimeout(() => console.log('t'), 0);\n", 10*time.Second)
	if a.Complete {
		t.Fatalf("complete, though the sandbox lacks child_process")
	}
	if len(a.Unpredicted) != 0 {
		t.Errorf("unpredicted %+v: the sandbox's own refusal offered as an order", a.Unpredicted)
	}
	if len(a.Runtime.Orders) == 0 || !a.Runtime.Orders[0].Departs {
		t.Errorf("runtime orders %+v: want one that departs from Node", a.Runtime.Orders)
	}
}

// Where neither engine answers completely, an order the interpreter
// reaches only by forking on a value it does not know (Math.random() > 2)
// is listed after the ones the runtime printed, whatever their paths.
func TestAnswerConfirmedFirstWhenIncomplete(t *testing.T) {
	a := answerFor(t, "const r = Math.random();\nif (r > 2) { console.log('impossible'); throw new Error('never'); }\nif (r > 3) console.log('also impossible');\nconsole.log('done');\n", 10*time.Second)
	if a.Complete || len(a.Orders) != 3 {
		t.Fatalf("complete %v, %d orders: want an incomplete answer of 3", a.Complete, len(a.Orders))
	}
	if o := a.Orders[0]; o.Confirmed == nil || !*o.Confirmed || strings.Join(o.Stdout, "\n") != "done" {
		t.Errorf("first order %q (confirmed %v): want the runtime's 'done'", o.Stdout, o.Confirmed)
	}
	for _, o := range a.Orders[1:] {
		if o.Confirmed == nil || *o.Confirmed {
			t.Errorf("order %q confirmed: Node never prints it", o.Stdout)
		}
	}
}
