package runtime_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/looplint/looplint/explore"
	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/parse"
	"github.com/looplint/looplint/predict"
	"github.com/looplint/looplint/runtime"
)

// hostPredict explores src (main.js in a fresh directory) with the
// runtime as the explorer's host.
func hostPredict(t *testing.T, src string, node string) explore.Prediction {
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
	v, err := loop.ParseVersion(node)
	if err != nil {
		t.Fatal(err)
	}
	prog, err := runtime.Prepare(f, runtime.Options{Node: v, FSDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	return explore.Predict(prog.Host(), explore.Options{Explore: explore.Config{MaxRuns: 1000}})
}

func stdouts(p explore.Prediction) []string {
	var out []string
	for _, o := range p.List(100) {
		out = append(out, strings.Join(o.Stdout, " "))
	}
	slices.Sort(out)
	return out
}

// The runtime explored as a host visits every schedule of the model, as
// the interpreter does: a timeout against an immediate goes both ways in
// main, one way in an I/O callback (which may come before the timeout);
// the race is named at the calls' starts.
func TestHostExploresEverySchedule(t *testing.T) {
	src := `const fs = require('fs');
setTimeout(() => console.log('timeout'), 0);
setImmediate(() => console.log('immediate'));
fs.readFile(__filename, () => {
  setTimeout(() => console.log('t2'), 0);
  setImmediate(() => console.log('i2'));
});
`
	p := hostPredict(t, src, "20")
	if !p.Complete {
		t.Fatalf("incomplete: %v", p.Reasons)
	}
	f, err := parse.Parse("main.js", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	pi := predict.Predict(f, loop.Profile{Node: loop.Version{Major: 20, Minor: 20, Patch: 2}}, predict.Options{})
	if got, want := stdouts(p), stdouts(pi); !slices.Equal(got, want) || len(got) != 3 {
		t.Errorf("runtime's orders %q, the interpreter's %q", got, want)
	}
	race := false
	for _, h := range p.Hazards {
		if h.Check == "timerrace" && h.Pos.Line == 2 && h.Pos.Col == 1 && strings.Contains(h.Message, "setImmediate at 3:1") {
			race = true
		}
	}
	if !race {
		t.Errorf("no timerrace at 2:1 naming setImmediate at 3:1: %v", p.Hazards)
	}
}

// What the runtime hands the program as a number, and what the sandbox
// lacks, make its answer incomplete at the place it happens; an error in
// the engine's own words too.
func TestHostIncomplete(t *testing.T) {
	for _, c := range []struct{ name, src, reason string }{
		{"clock", "const s = Date.now();\nsetTimeout(() => console.log(Date.now() - s >= 1));\n", "2:30: the clock"},
		{"random", "console.log(Math.random() < 2);\n", "1:13: Math.random()"},
		{"module", "try { require('https') } catch (e) {}\nconsole.log('x');\n", "module 'https' is not supported"},
		{"net pauseOnConnect", "const net = require('net');\nnet.createServer({ pauseOnConnect: true });\n", "net.Server pauseOnConnect is not modelled"},
		{"member", "const fs = require('fs');\nconsole.log(typeof fs.watch, typeof fs.nope);\n", "2:40: fs.nope is not in the sandbox"},
		{"watch", "try { require('fs').watch('x') } catch (e) {}\n", "fs.watch is not supported"},
		{"wording", "try { [].reduce((a, b) => a) } catch (e) { console.log(e.message) }\n", "embedded engine's own words"},
		{"table width", "console.table([{ w: '漢字' }]);\n", "console.table is not modelled here (console.table of text whose width"},
		{"table iterator", "console.table(new Map([[1, 2]]).entries());\n", "console.table of an iterator"},
		{"clone wording", "try { structuredClone(new WeakMap()) } catch (e) { console.log(e.message) }\n", "the wording of structuredClone's DataCloneError for this object is not modelled"},
		{"clone binary", "console.log(structuredClone(new Uint8Array(2)));\n", "structuredClone of [object Uint8Array] is not modelled"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := hostPredict(t, c.src, "22")
			if p.Complete {
				t.Fatalf("complete: %q", stdouts(p))
			}
			var rs []string
			for _, r := range p.Reasons {
				rs = append(rs, r.String())
			}
			if !slices.ContainsFunc(rs, func(r string) bool { return strings.Contains(r, c.reason) }) {
				t.Errorf("reasons %q lack %q", rs, c.reason)
			}
		})
	}
}

// A busy-wait on the clock ends (each reading moves on a millisecond)
// and is reported, not explored forever.
func TestHostBusyWaitEnds(t *testing.T) {
	p := hostPredict(t, "const s = Date.now();\nwhile (Date.now() - s < 50);\nconsole.log('done');\n", "20")
	if got := stdouts(p); !slices.Equal(got, []string{"done"}) {
		t.Errorf("orders %q", got)
	}
	if p.Complete {
		t.Error("complete, though the program reads the clock")
	}
}
