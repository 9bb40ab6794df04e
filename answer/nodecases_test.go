package answer

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/looplint/looplint/explore"
	"github.com/looplint/looplint/internal/nodecase"
	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/parse"
	"github.com/looplint/looplint/predict"
	lrt "github.com/looplint/looplint/runtime"
)

func outKey(stdout []string, code int) string {
	return fmt.Sprintf("%s\n[exit %d]", strings.Join(stdout, "\n"), code)
}

// stallDependent cases are deterministic on the machines they were
// recorded on, yet the usual timing of an idle machine (loop.Limits.Usual)
// still has other orders: what the usual timing leaves open decides them.
// For them a single Node outcome checks soundness only. (Cases whose other
// orders need only load are "lead exact".)
var stallDependent = map[string]bool{
	"abort-signal-timeout": true, // 5/30/100/50/20 ms set in sequence, AbortSignal.timeout's own timer among them
	"fs-write":             true, // thread-pool round trips against the immediate (how long a write takes is not modelled)
	// T2 made right after the program's first timer can read the next
	// millisecond (a few runs in 100: probe 24); 3 runs recorded.
	"tick-throws-handled-timer": true,
	// On Node 10 the usual timing's upper ends add up to a tie between the
	// 5 ms timer and the 12 ms one; 12 and later lead with Node's order.
	"lead-race-then-timer": true,
}

// stalledOnRecord cases were recorded on a loaded machine, and Node
// printed an order that needs a stall of over 20 ms there.
var stalledOnRecord = map[string]bool{
	"timer-gap-first-log": true, // 200 ms between two creations on 20.20.2
	"timer-gap-work":      true, // 40 ms between two creations on 11.15.0 and 22.18.0
	"net-pause-resume":    true, // a 5 ms timer over 25 ms late on 14.21.3, 16.14.0 and 26.10.0
}

// wider cases are deterministic on Node, and looplint knowingly predicts
// more: the value says why. Each must still be sound. An extra order that a
// perturbed run printed (noderecord -perturb: the record's "perturbed"
// entry) is shown reachable; a case whose extra orders all are, on every
// version, is "extras shown reachable" and leaves this map.
var wider = map[string]string{
	// How long a pool request's work takes is estimated, with spans
	// of half to twice the usual (loop/poolclock.go): equal work on
	// several workers, and a request that waits for one of them,
	// complete in any order of overlapping spans, where Node's runs saw
	// one on some releases; a randomBytes against a 1 ms timer depends
	// on whether the main module took a millisecond. Perturbed runs
	// showed some of the extras; the others need a worker or the main
	// thread stalled for a pbkdf2's length in one place (semantics §6.2).
	// (pool-pbkdf2-then-stat's left: noderecord -starve -one-cpu showed
	// them all.)
	"pool-random-pbkdf2": "on 10, 18 and 22, a randomBytes and a slow pbkdf2 against a 1 ms timer: 4 of 5 extras need a 35 ms stall",
	"pool-zlib-stream":   "on 11, a gunzip stream's write and a bad inflate's against an immediate: 4 of 7 extras not seen perturbed",
	// Which refused query c-ares ends first is its own order, one per
	// release, not timing: no perturbed run changed it.
	"pool-dns-resolve-refused": "three refused DNS queries and an immediate: c-ares's order",
	// loop.Domain: performance.now() is a clock of its own that the loop
	// may trail by a millisecond: true where libuv reads the coarse
	// monotonic clock (1 ms ticks), not on the recording machine.
	"perf-now-busy-wait-then-timer": "performance.now() modelled as a clock the loop may trail (libuv's coarse clock)",
	// Requests in flight together complete in any order in the model
	// (the thread pool's timing is not); perturbed runs showed one extra.
	"fs-inflight-rename-readdir": "a rename and a stat, a writeFile and a readdir, in the thread pool together",
	// Two loopback events ready in one poll phase (the client's shutdown,
	// the server's read) complete in either order in the model; Node ran
	// the shutdown first in every run, perturbed or not. Before libuv 1.42
	// the shutdown completes in the pending phase before (modelled:
	// loop.Libuv142, exact there); from 1.42 (14.18, 16.7) epoll's ready
	// list puts it first, which the model does not follow (semantics §6.2).
	"net-end-finish": "from libuv 1.42, a socket's shutdown and its peer's read in one poll phase: epoll's ready-list order",
	// The same: the client's read of the server's FIN and the server's
	// read of the client's data, ready in one poll phase.
	"net-duplex-half-open": "a socket's read of its peer's FIN and the peer's read of its data in one poll phase: epoll's ready-list order",
	"fs-write-data-checks": "on 12, a writeFile, a promised writeFile and a readFile in the thread pool together: 3 of 5 extras not seen perturbed",
}

// interpreted cases show that the interpreter models a construct itself:
// on every version its own prediction must be complete (the runtime's
// answer would hide the gap).
var interpreted = map[string]bool{
	"pool-hash-digests": true, // timingSafeEqual: a Buffer is an ArrayBuffer view
}

// complete cases exist to show that a construct is modelled: on every
// version the prediction must be complete (the test fails otherwise).
var complete = map[string]bool{
	"fs-unlink-rename":                true,
	"readfile-callback-busy-wait":     true, // a wait in a callback handed a Buffer
	"timer-gap-work":                  true,
	"unref-timer-after-last-callback": true,
	"timer-refresh-list-expiry":       true,
	"thenable-inherited-getter":       true,
	"function-name-inference":         true,
	"globals-by-release":              true,
	"value-details":                   true,
	"inspect-custom":                  true,
	"events-error-non-error":          true,
	"typescript-strip":                true,
	"abort-signal-once-throw":         true,
	"process-exit-code-values":        true,
	"process-exit-code-high":          true,
	"process-exit-string":             true,
	"events-capture-rejections":       true,
	"inspect-string-width":            true,
	"typescript-strip-only-enum":      true,
	"destructure-nullish":             true,
	"timer-gap-first-log":             true,
	"inspect-circular-proto":          true,
	"regexp-source":                   true,
	"string-utf16":                    true,
	"global-object":                   true,
	"setters-on-chain":                true,
	"set-methods":                     true,
	"tagged-templates":                true,
	"timers-promises-interval":        true,
	"string-codes-uri":                true,
	"to-primitive":                    true,
	"object-operators":                true,
	"string-unicode-rules":            true,
	"to-string-tag":                   true,
	"number-precision-math":           true,
	"pow-exact":                       true,
	"error-cause-aggregate":           true,
	"fs-write":                        true,
	"local-modules-cjs-named":         true,
	"timer-idle-start":                true,
	"array-holes":                     true,
	"array-splice-copy":               true,
	"prototype-chains":                true,
	"define-property":                 true,
	"date-fixed":                      true,
	"date-iso-edges":                  true,
	"local-modules-cjs":               true,
	"local-modules-esm":               true,
	"local-modules-esm-link-error":    true,
	"bigint":                          true,
	"object-prototype-call":           true,
	"console-table":                   true,
	"console-table-cells":             true,
	"console-table-one-line":          true,
	"abort-signal-timeout":            true,
	"tick-throws-handled":             true,
	"tick-throws-handled-timer":       true,
	"utf16-string-order":              true,
	"arguments-mapped":                true,
	"require-missing-builtin":         true,
	"inspect-depth":                   true,
	"object-null-prototype":           true,
	"buffers-hasref":                  true,
	"structured-clone":                true,
	"structured-clone-kinds":          true,
	"timers-promises-scheduler":       true,
	"regexp":                          true,
	"regexp-named-groups":             true,
	"path-module":                     true,
	"pending-coroutines":              true,
	"abort-controller":                true,
	"number-object-helpers":           true,
	"inspect-strings-json-parse":      true,
	"json-parse-errors":               true,
	"events-on":                       true,
	"arguments-weak":                  true,
	"generators":                      true, // generators, iterables, symbols, function constructors
	"counting-loops":                  true, // counting loops past the iteration cap
	"fs-sync":                         true, // fs.*Sync, fs.writeSync to 1 and 2
	"fs-relative-path":                true,
	"object-accessors":                true,
	"map-set-layout":                  true,
	"inspect-legacy-layout":           true,
	"esm-top-level-await":             true,
	"import-meta":                     true,
	// date-clock is not here: it counts its busy-wait's passes, which the
	// predictor follows only so far (SymClock.spinning).
	"busy-wait-tick-chain":   true,
	"clock-skew-busy-wait":   true,
	"clock-skew-same-ms":     true,
	"clock-skew-timer-early": true,
	"busy-wait-two-checks":   true,
	"map-set":                true,
	"console-group-count":    true,
	"events-max-listeners":   true,
	"number-helpers":         true,
	"relational-chains":      true,
	"tdz":                    true,
	"math-round":             true,
	"custom-errors":          true, // Error subclasses; FooError classes that are not errors
	"array-object-helpers":   true, // sort(cmp), flat, Array.from, Object.entries, JSON indent
	"class-private-static":   true, // private names, static writes
	"v8-error-messages":      true,
	"console-format":         true, // format specifiers on primitives
	"fs-stats":               true,
	"assert-throws-object":   true,
	"stdout-write":           true, // process.stdout.write
	"json-stringify":         true,
	"array-methods":          true,
	"invalid-callback":       true,
	"error-print":            true, // errors printed by console.log
	"node8-sync-adopt":       true, // V8 6.2 adopts settled native promises at once
	"inspect-layout":         true, // multi-line objects and arrays
	"this-binding":           true,
	"promise-withresolvers":  true,
	"function-names":         true,
	"inspect-functions":      true,
	"fs-open":                true,
	"events-rawlisteners":    true,
	"fs-readfile-buffer":     true,
	"fs-errors":              true,
	"class-instances":        true,
	"stdout-write-callback":  true,
}

// TestPredictNodeCases answers every testdata/runtime and testdata/predict
// case and version as `looplint predict` does (the interpreter, then the
// runtime's exploration). A complete answer must be sound (every recorded
// outcome predicted) and, where Node printed one outcome, exact. Where
// both engines explored every path, they must agree: a difference is a
// bug in one of them (testdata/predict aside: its cases show what the
// runtime's engine words or times otherwise than V8).
func TestPredictNodeCases(t *testing.T) {
	files, _ := filepath.Glob("../testdata/runtime/*.txtar")
	// Cases the runtime cannot reproduce (V8's own wording; see its README).
	only, _ := filepath.Glob("../testdata/predict/*.txtar")
	files = append(files, only...)
	if len(files) == 0 {
		t.Fatal("no cases")
	}
	var mu sync.Mutex
	var table []string
	counts := map[string]int{}
	engines := map[string]int{}
	// The table is written once every case has run (Cleanup waits for the
	// parallel subtests), and each case is a subtest of its own name:
	// -run 'TestPredictNodeCases/net-' picks cases as TestNodeCases does.
	t.Cleanup(func() {
		sort.Strings(table)
		t.Logf("per case and version:\n%s\ntotals: %v\nengines: %v", strings.Join(table, "\n"), counts, engines)
	})
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".txtar")
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			rows, cs, es := answerCase(t, name, file)
			mu.Lock()
			defer mu.Unlock()
			table = append(table, rows...)
			for k, v := range cs {
				counts[k] += v
			}
			for k, v := range es {
				engines[k] += v
			}
		})
	}
}

func answerCase(t *testing.T, name, file string) (table []string, counts, engines map[string]int) {
	counts, engines = map[string]int{}, map[string]int{}
	stillWider := false // some version of the case is known wider
	c, err := nodecase.Load(file)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	main, err := c.WriteTo(dir)
	if err != nil {
		t.Fatal(err)
	}
	rec := c.Node
	for _, vs := range c.Versions() {
		v, err := loop.ParseVersion(vs)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parse.Load(main)
		if err != nil {
			table = append(table, fmt.Sprintf("%-40s %-8s parse error", name, vs))
			counts["incomplete"]++
			continue
		}
		// The case's directory is the working directory, as for
		// `looplint predict --fs`.
		prog, err := lrt.Prepare(f, lrt.Options{Node: v, FSDir: dir, Timeout: 10 * time.Second, Env: c.Env})
		if err != nil {
			table = append(table, fmt.Sprintf("%-40s %-8s does not load: %v", name, vs, err))
			counts["incomplete"]++
			continue
		}
		files, err := prog.Files()
		if err != nil {
			t.Fatal(err)
		}
		popts := predict.Options{Explore: explore.Config{MaxRuns: 5000}, Files: files, Filename: prog.VirtPath, Cwd: prog.Cwd, StallMS: 20, Usual: true, Env: c.Env}
		a := Predict(f, prog, Options{Predict: popts, MaxOrders: 1000, Timeout: time.Minute})
		pr := a.Prediction
		engines[a.Engine]++
		sound := true
		for _, o := range rec[vs].Outcomes {
			if o.Killed() {
				// Node never ended: a run that never ends and prints that first.
				sound = sound && pr.HasHang(o.Stdout)
				continue
			}
			if !pr.Has(o.Stdout, o.ExitCode, false) {
				sound = false
			} else if pr.Complete && pr.NeedsStall(explore.Outcome{Stdout: o.Stdout, ExitCode: o.ExitCode}) && !stalledOnRecord[name] {
				t.Errorf("%s %s: Node printed an order predicted only for a machine that stalls:\n%s", name, vs, outKey(o.Stdout, o.ExitCode))
			}
		}
		// What perturbed runs printed must be predicted too (a perturbed
		// machine is a loaded one, whose orders the answer covers).
		if p := rec[vs].Perturbed; p != nil {
			for _, o := range p.Outcomes {
				if o.Killed() {
					sound = sound && pr.HasHang(o.Stdout)
				} else if !pr.Has(o.Stdout, o.ExitCode, false) {
					sound = false
					t.Logf("%s %s: a perturbed run printed an order not predicted:\n%s", name, vs, outKey(o.Stdout, o.ExitCode))
				}
			}
		}
		extra, reached, unseen := extraOrders(pr, rec[vs])
		if pr.Complete && sound && extra > 0 && rec[vs].Perturbed != nil {
			counts["perturbed: extra orders"] += extra
			counts["perturbed: extra orders shown reachable by perturbation"] += reached
			if reached < extra {
				t.Logf("EXTRA %s %s: %d of %d extra orders printed by %d perturbed runs; not:\n%s", name, vs, reached, extra, rec[vs].Perturbed.Runs, strings.Join(unseen, "\n--\n"))
			}
		}
		total, _ := pr.Total()
		hangs := false // Node's record of a hang is what it printed before it was killed
		for _, o := range pr.Orders {
			hangs = hangs || o.Endless || o.Starves
		}
		// Exact: the orders listed are the orders Node printed, no more.
		// Where Node printed several, every one listed was printed by a
		// plain run (extraOrders leaves out orders that never end, so none may).
		exact := sound && len(rec[vs].Outcomes) == 1 && total == 1
		if !exact && sound && pr.Complete && !hangs && len(rec[vs].Outcomes) > 1 && total <= 1000 && extra == 0 {
			exact = true
		}
		calm := 0
		for _, o := range pr.List(1000) {
			if !pr.NeedsStall(o) {
				calm++
			}
		}
		// Node printed one order, and only stalls make others.
		calmExact := sound && len(rec[vs].Outcomes) == 1 && calm == 1 && pr.StallMS > 0
		// The answer's lead, the orders of the usual timing, where Node
		// printed one order.
		leadExact := false
		if len(rec[vs].Outcomes) == 1 && pr.Complete && sound && !hangs {
			var usual []explore.Outcome
			for _, o := range pr.List(1000) {
				if pr.Usual(o) {
					usual = append(usual, o)
				}
			}
			one := rec[vs].Outcomes[0]
			leadExact = len(usual) == 1 && usual[0].ExitCode == one.ExitCode && usual[0].Matches(one.Stdout)
			if leadExact {
				counts["lead: Node's one order"]++
			} else {
				counts["lead: not Node's one order"]++
				t.Logf("LEAD %s %s: the usual orders are not Node's one order (%d usual of %d)", name, vs, len(usual), total)
			}
		}
		if pr.Complete && sound && !hangs && len(rec[vs].Outcomes) > 1 {
			// Node's most frequent order is one an idle machine prints.
			most := rec[vs].Outcomes[0]
			for _, o := range rec[vs].Outcomes[1:] {
				if o.Count > most.Count {
					most = o
				}
			}
			if pr.Usual(explore.Outcome{Stdout: most.Stdout, ExitCode: most.ExitCode}) {
				counts["usual: has Node's most frequent order"]++
			} else {
				counts["usual: lacks Node's most frequent order"]++
				t.Logf("USUAL %s %s: Node's most frequent order (%d of %d runs) is predicted only under load", name, vs, most.Count, rec[vs].Runs)
				if most.Count*3 > rec[vs].Runs*2 {
					t.Errorf("%s %s: Node printed an order in %d of %d runs, predicted only under load:\n%s", name, vs, most.Count, rec[vs].Runs, outKey(most.Stdout, most.ExitCode))
				}
			}
		}
		status := "incomplete"
		list := func(p explore.Prediction) string {
			var got []string
			for _, o := range p.List(100) {
				got = append(got, outKey(o.Stdout, o.ExitCode))
			}
			return strings.Join(got, "\n--\n")
		}
		switch {
		case !pr.Complete:
		case !sound:
			status = "UNSOUND"
			var want []string
			for _, o := range rec[vs].Outcomes {
				want = append(want, outKey(o.Stdout, o.ExitCode))
			}
			t.Errorf("%s %s: complete but unsound (engine %s)\npredicted:\n%s\nNode:\n%s", name, vs, a.Engine, list(pr), strings.Join(want, "\n--\n"))
		case exact:
			status = "exact"
		case calmExact:
			status = "exact without stalls"
		case extra > 0 && reached == extra:
			// Every order predicted that plain runs did not print, a
			// perturbed run printed: stronger evidence than a lead.
			status = "sound (extras shown reachable)"
		case leadExact:
			status = "lead exact (the others under load)"
		case len(rec[vs].Outcomes) == 1 && stallDependent[name]:
			status = "sound (stall-dependent)"
		case len(rec[vs].Outcomes) == 1 && wider[name] != "":
			status = "sound (known wider)"
		case len(rec[vs].Outcomes) == 1 && !exact:
			status = "sound, NOT EXACT"
			t.Errorf("%s %s: Node printed one outcome, predicted %d (%d without a stall; engine %s):\n%s", name, vs, total, calm, a.Engine, list(pr))
		default:
			status = "sound"
		}
		counts[status]++
		if status == "sound (known wider)" {
			stillWider = true
		}
		if interpreted[name] && (a.Engine != Interpreter || !pr.Complete) {
			t.Errorf("%s %s: the interpreter did not answer completely: %v", name, vs, pr.Reasons)
		}
		if !pr.Complete && complete[name] {
			t.Errorf("%s %s: incomplete: %v", name, vs, pr.Reasons)
		}
		if a.Engine == Interpreter && pr.Complete && a.Runtime.Complete && !strings.Contains(file, "testdata/predict/") {
			// Both engines explored every path: the same orders.
			for _, u := range a.Unpredicted {
				t.Errorf("%s %s: the runtime printed an order the interpreter did not predict:\n%s", name, vs, outKey(u.Stdout, u.ExitCode))
			}
			for _, o := range a.Orders {
				if o.Confirmed != nil && !*o.Confirmed && o.Replay != "skipped" {
					t.Errorf("%s %s: the interpreter predicted an order the runtime does not print (%s):\n%s", name, vs, o.Replay, outKey(o.Stdout, o.ExitCode))
				}
			}
		}
		if !pr.Complete {
			if len(pr.Reasons) == 0 {
				t.Errorf("%s %s: incomplete without a reason", name, vs)
			} else {
				status += " (" + pr.Reasons[0].String() + ")"
			}
		}
		table = append(table, fmt.Sprintf("%-40s %-8s %-11s %s", name, vs, a.Engine, status))
	}
	if wider[name] != "" && !stillWider && !t.Failed() {
		t.Errorf("%s: no version is known wider any more: remove it from the wider map", name)
	}
	return table, counts, engines
}

// extraOrders counts the orders the answer lists that Node's plain runs
// never printed, and how many of them its perturbed runs printed: those
// are shown reachable on a real machine. Orders that never end are left
// out (a killed run is what it printed before it was killed).
func extraOrders(pr explore.Prediction, rec nodecase.Record) (extra, reached int, unseen []string) {
	if !pr.Complete {
		return 0, 0, nil
	}
	printed := func(outs []nodecase.Outcome, o explore.Outcome) bool {
		one := explore.Prediction{Orders: []explore.Outcome{o}}
		for _, r := range outs {
			if !r.Killed() && one.Has(r.Stdout, r.ExitCode, false) {
				return true
			}
		}
		return false
	}
	for _, o := range pr.List(1000) {
		if o.Endless || o.Starves || printed(rec.Outcomes, o) {
			continue
		}
		extra++
		if rec.Perturbed != nil && printed(rec.Perturbed.Outcomes, o) {
			reached++
		} else {
			unseen = append(unseen, outKey(o.Stdout, o.ExitCode))
		}
	}
	return extra, reached, unseen
}
