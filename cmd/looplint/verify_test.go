package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/looplint/looplint/explore"
	"github.com/looplint/looplint/internal/nodecase"
	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/realnode"
)

const (
	racySnippet = "setTimeout(() => console.log('timeout'), 0);\nsetImmediate(() => console.log('immediate'));\n"
	detSnippet  = "console.log('a');\nPromise.resolve().then(() => console.log('b'));\nprocess.nextTick(() => console.log('c'));\n"
)

// fakeRunner answers every run of a node version with the given outputs in
// turn (stdout text; "TIMEOUT" is a run killed by the time limit).
type fakeRunner struct {
	outputs map[string][]string // version -> stdout of each run
	mu      sync.Mutex
	jobs    []runJob
}

func (f *fakeRunner) Run(_ context.Context, j runJob) ([]realnode.Result, error) {
	f.mu.Lock()
	f.jobs = append(f.jobs, j)
	f.mu.Unlock()
	outs := f.outputs[j.Node.Version.String()]
	if len(outs) == 0 {
		return nil, errors.New("no fake outputs for " + j.Node.Version.String())
	}
	var res []realnode.Result
	for i := 0; i < j.Runs; i++ {
		o := outs[i%len(outs)]
		r := realnode.Result{Stdout: o, Cwd: "/tmp/fake-cwd"}
		switch {
		case o == "TIMEOUT":
			r = realnode.Result{TimedOut: true, ExitCode: -1}
		case strings.HasPrefix(o, "EXIT1:"):
			r.Stdout, r.ExitCode, r.Stderr = strings.TrimPrefix(o, "EXIT1:"), 1, "Error: boom\n    at x (file.js:1:1)\n"
		case o == "SYNTAX":
			r.Stdout, r.ExitCode, r.Stderr = "", 1, "file.js:2\n  await x;\n  ^^^^^\n\nSyntaxError: await is only valid in async functions\n"
		}
		res = append(res, r)
	}
	return res, nil
}

func fakeBins(versions ...string) []*realnode.Binary {
	var bins []*realnode.Binary
	for _, v := range versions {
		pv, err := loop.ParseVersion(v)
		if err != nil {
			panic(err)
		}
		bins = append(bins, &realnode.Binary{Path: "/fake/node-" + v, Version: pv})
	}
	return bins
}

func verifyWith(t *testing.T, args []string, f verifyFlags, r nodeRunner, bins []*realnode.Binary) (verifyReport, string, error) {
	t.Helper()
	if f.format == "" {
		f.format = "json"
	}
	if f.runs == 0 {
		f.runs = 6
	}
	if f.timeout == 0 {
		f.timeout = 5 * time.Second
	}
	if f.predictTimeout == 0 {
		f.predictTimeout = time.Minute
	}
	var out, log bytes.Buffer
	err := runVerify(context.Background(), &out, &log, args, f, r, bins)
	var rep verifyReport
	if f.format == "json" {
		if jerr := json.Unmarshal(out.Bytes(), &rep); jerr != nil {
			t.Fatalf("not JSON (%v):\n%s\nlog:\n%s", jerr, out.String(), log.String())
		}
	}
	return rep, out.String(), err
}

func exitCode(err error) int {
	var ee *exitError
	if errors.As(err, &ee) {
		return ee.code
	}
	if err != nil {
		return -1
	}
	return 0
}

func TestCompareOrdersVerdicts(t *testing.T) {
	pred := func(complete bool, orders ...string) *explore.Prediction {
		p := &explore.Prediction{Complete: complete}
		for _, o := range orders {
			p.Orders = append(p.Orders, explore.Outcome{Stdout: strings.Split(o, "|")})
		}
		return p
	}
	obs := func(orders ...string) []observation {
		var out []observation
		for _, o := range orders {
			if o == "TIMEOUT" {
				out = append(out, observation{TimedOut: true, ExitCode: -1})
				continue
			}
			out = append(out, observation{Stdout: strings.Split(o, "|")})
		}
		return out
	}
	cases := []struct {
		name        string
		pred        *explore.Prediction
		obs         []observation
		verdict     string
		npred, nobs int
		miss, unobs int
	}{
		{"exact", pred(true, "a|b", "b|a"), obs("a|b", "b|a", "a|b"), verdictExact, 2, 2, 0, 0},
		{"unconfirmed", pred(true, "a|b", "b|a"), obs("a|b", "a|b"), verdictUnconfirmed, 2, 1, 0, 1},
		{"unsound", pred(true, "a|b"), obs("a|b", "b|a"), verdictUnsound, 1, 2, 1, 0},
		{"incomplete misses", pred(false, "a|b"), obs("b|a"), verdictIncomplete, 1, 1, 1, 1},
		{"incomplete covers", pred(false, "a|b"), obs("a|b"), verdictIncomplete, 1, 1, 0, 0},
		{"normalised", pred(true, "a|b"), obs("a  |b|    at f (x.js:1:1)|", "a|b|"), verdictExact, 1, 1, 0, 0},
		{"timeouts ignored", pred(true, "a"), obs("a", "TIMEOUT"), verdictExact, 1, 1, 0, 0},
		{"all timed out", pred(true, "a"), obs("TIMEOUT", "TIMEOUT"), verdictError, 1, 0, 0, 1},
		{"no prediction", nil, obs("a"), verdictError, 0, 1, 1, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := compareOrders(verifyResult{File: "x.js", Node: "20.20.2"}, c.pred, c.obs)
			if r.Verdict != c.verdict || r.Predicted != c.npred || r.Observed != c.nobs || r.Unpredicted != c.miss || r.Unobserved != c.unobs {
				t.Errorf("got verdict %s pred %d obs %d miss %d unobs %d; want %s %d %d %d %d",
					r.Verdict, r.Predicted, r.Observed, r.Unpredicted, r.Unobserved, c.verdict, c.npred, c.nobs, c.miss, c.unobs)
			}
			if r.Runs != len(c.obs) {
				t.Errorf("runs = %d, want %d", r.Runs, len(c.obs))
			}
		})
	}
	// The exit code is part of an order.
	p := &explore.Prediction{Complete: true, Orders: []explore.Outcome{{Stdout: []string{"a"}}}}
	r := compareOrders(verifyResult{}, p, []observation{{Stdout: []string{"a"}, ExitCode: 1}})
	if r.Verdict != verdictUnsound {
		t.Errorf("exit code 1 vs predicted 0: verdict %s, want unsound", r.Verdict)
	}
}

func TestVerifyFakeRunnerJSON(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "racy.js", []byte(racySnippet))
	writeFile(t, dir, "det.js", []byte(detSnippet))
	fr := &fakeRunner{outputs: map[string][]string{
		"20.20.2": {"timeout\nimmediate\n", "immediate\ntimeout\n", "a\nc\nb\n", "TIMEOUT"},
		"10.24.1": {"timeout\nimmediate\n"},
	}}
	// One fake answers for both files: the racy file sees a foreign order
	// (unsound), the deterministic file sees the racy orders (unsound too).
	rep, _, err := verifyWith(t, []string{dir}, verifyFlags{runs: 8, perturb: true}, fr, fakeBins("10", "20.20.2"))
	if exitCode(err) != 1 {
		t.Fatalf("exit = %d (%v), want 1 (unsound)", exitCode(err), err)
	}
	if len(rep.Results) != 4 || rep.Runs != 8 || !rep.Perturb {
		t.Fatalf("report: %+v", rep)
	}
	byKey := map[string]verifyResult{}
	for _, r := range rep.Results {
		byKey[filepath.Base(r.File)+"@"+r.Node] = r
	}
	r := byKey["racy.js@20.20.2"]
	if r.Verdict != verdictUnsound || r.Predicted != 2 || r.Observed != 3 || r.Unpredicted != 1 || r.TimedOut != 2 || r.Runs != 8 || !r.Complete {
		t.Errorf("racy@20: %+v", r)
	}
	if r := byKey["racy.js@10.24.1"]; r.Verdict != verdictUnconfirmed || r.Observed != 1 || r.Unobserved != 1 {
		t.Errorf("racy@10: %+v", r)
	}
	if r := byKey["det.js@10.24.1"]; r.Verdict != verdictUnsound || r.Predicted != 1 {
		t.Errorf("det@10: %+v", r)
	}
	if got := rep.Summary["20.20.2"][verdictUnsound]; got != 2 {
		t.Errorf("summary: %v", rep.Summary)
	}
	// Every job ran the absolute snippet path with the perturbing preload.
	for _, j := range fr.jobs {
		if !filepath.IsAbs(j.Spec.File) || j.Spec.Preload == "" || j.Runs != 8 {
			t.Errorf("job %+v", j)
		}
	}
}

func TestVerifyTextTable(t *testing.T) {
	dir := t.TempDir()
	racy := writeFile(t, dir, "racy.js", []byte(racySnippet))
	fr := &fakeRunner{outputs: map[string][]string{"20.20.2": {"timeout\nimmediate\n", "EXIT1:boom\n"}}}
	_, out, err := verifyWith(t, []string{racy}, verifyFlags{format: "text"}, fr, fakeBins("20.20.2"))
	if exitCode(err) != 1 {
		t.Fatalf("exit %d, want 1", exitCode(err))
	}
	for _, want := range []string{
		"FILE", "VERDICT", racy, "20.20.2", "unsound",
		"summary per Node version:",
		"UNSOUND " + racy,
		"NOT PREDICTED, seen 3×", "boom  [exit 1]",
		"predicted, not seen", "immediate / timeout",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("text output lacks %q:\n%s", want, out)
		}
	}
}

func TestVerifyPathsNormalised(t *testing.T) {
	dir := t.TempDir()
	abs, _ := filepath.Abs(dir)
	f := writeFile(t, dir, "paths.js", []byte("console.log(__filename);\nconsole.log(process.cwd());\n"))
	fr := &fakeRunner{outputs: map[string][]string{"20.20.2": {abs + "/paths.js\n/tmp/fake-cwd\n"}}}
	rep, _, err := verifyWith(t, []string{f}, verifyFlags{}, fr, fakeBins("20.20.2"))
	if err != nil {
		t.Fatal(err)
	}
	// __filename and process.cwd() are not modelled by the predictor; only
	// the observed order matters here.
	for _, o := range rep.Results[0].Orders {
		if o.Observed > 0 {
			if got := strings.Join(o.Stdout, "|"); got != "/app/paths.js|/app" {
				t.Errorf("stdout %q", got)
			}
			return
		}
	}
	t.Errorf("nothing observed: %+v", rep.Results[0])
}

func TestVerifyRecord(t *testing.T) {
	dir := t.TempDir()
	abs, _ := filepath.Abs(dir)
	racy := writeFile(t, dir, "racy.js", []byte(racySnippet+"console.log(__filename);\n"))
	out := filepath.Join(dir, "out.txtar")
	fr := &fakeRunner{outputs: map[string][]string{
		"20.20.2": {abs + "/racy.js\ntimeout\nimmediate\n", abs + "/racy.js\nimmediate\ntimeout\n", abs + "/racy.js\ntimeout\nimmediate\n"},
		"26.10.0": {abs + "/racy.js\nimmediate\ntimeout\n", "TIMEOUT"},
	}}
	if _, _, err := verifyWith(t, []string{racy}, verifyFlags{runs: 6, record: out}, fr, fakeBins("20.20.2", "26.10.0")); err != nil {
		t.Fatal(err)
	}
	c, err := nodecase.Load(out)
	if err != nil {
		t.Fatal(err)
	}
	if c.Main != "main.js" || string(c.Files["main.js"]) != racySnippet+"console.log(__filename);\n" {
		t.Errorf("files: %v", c.Files)
	}
	r20 := c.Node["20.20.2"]
	if r20.Runs != 6 || len(r20.Outcomes) != 2 || r20.Outcomes[0].Count != 4 ||
		strings.Join(r20.Outcomes[0].Stdout, "|") != "$DIR/main.js|timeout|immediate" {
		t.Errorf("20.20.2 record: %+v", r20)
	}
	r26 := c.Node["26.10.0"]
	if r26.Runs != 6 || len(r26.Outcomes) != 2 || !strings.Contains(strings.Join(r26.Outcomes[0].Stderr, "|")+strings.Join(r26.Outcomes[1].Stderr, "|"), "killed after") {
		t.Errorf("26.10.0 record: %+v", r26)
	}
	data, _ := os.ReadFile(out)
	if !strings.Contains(string(data), "# runs: 6\n# versions: 20.20.2,26.10.0\n") {
		t.Errorf("archive comment:\n%s", data)
	}
}

func TestVerifyUsage(t *testing.T) {
	dir := t.TempDir()
	a := writeFile(t, dir, "a.js", []byte("console.log(1)\n"))
	writeFile(t, dir, "b.mjs", []byte("console.log(2)\n"))
	for _, args := range [][]string{
		{"verify", "--format", "xml", a},
		{"verify", "--runs", "0", a},
		{"verify", "--record", filepath.Join(dir, "x.txtar"), dir},
		{"verify", filepath.Join(dir, "missing.js")},
		{"verify", "--fs", filepath.Join(dir, "nope"), a},
		{"verify", t.TempDir()},
	} {
		if code, _, stderr := cliRun(t, args...); code != 2 || stderr == "" {
			t.Errorf("%v: exit %d, stderr %q; want 2 with a message", args, code, stderr)
		}
	}
}

func TestCollectSnippets(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"b.js", "a.mjs", "c.cjs", "notes.txt", "sub/d.js", "node_modules/x/e.js"} {
		p := filepath.Join(dir, n)
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte("1\n"), 0o644)
	}
	names := func(files []string) string {
		var s []string
		for _, f := range files {
			r, _ := filepath.Rel(dir, f)
			s = append(s, r)
		}
		return strings.Join(s, ",")
	}
	flat, err := collectSnippets([]string{dir}, false)
	if err != nil || names(flat) != "a.mjs,b.js,c.cjs" {
		t.Errorf("flat: %v %v", names(flat), err)
	}
	deep, err := collectSnippets([]string{dir}, true)
	if err != nil || names(deep) != "a.mjs,b.js,c.cjs,sub/d.js" {
		t.Errorf("recursive: %v %v", names(deep), err)
	}
}

// systemNode is the node on PATH, or the test is skipped.
func systemNode(t *testing.T) *realnode.Binary {
	t.Helper()
	b, err := realnode.Open(context.Background(), "node")
	if err != nil {
		t.Skipf("no usable node on PATH: %v", err)
	}
	return b
}

// TestVerifySystemNode runs real Node (the one on PATH, when there is one).
func TestVerifySystemNode(t *testing.T) {
	if testing.Short() {
		t.Skip("runs node")
	}
	node := systemNode(t)
	dir := t.TempDir()
	det := writeFile(t, dir, "det.js", []byte(detSnippet))
	racy := writeFile(t, dir, "racy.js", []byte(racySnippet))
	bins := []*realnode.Binary{node}

	rep, _, err := verifyWith(t, []string{det}, verifyFlags{runs: 4}, newLocalRunner(2), bins)
	if err != nil {
		t.Fatal(err)
	}
	if r := rep.Results[0]; r.Verdict != verdictExact || r.Observed != 1 || strings.Join(r.Orders[0].Stdout, "|") != "a|c|b" {
		t.Errorf("deterministic snippet: %+v", r)
	}

	// The racy one, perturbed: whatever Node shows must have been predicted.
	rep, _, err = verifyWith(t, []string{racy}, verifyFlags{runs: 12, perturb: true, record: filepath.Join(dir, "racy.txtar")}, newLocalRunner(2), bins)
	if err != nil {
		t.Fatal(err)
	}
	r := rep.Results[0]
	if !r.Complete || r.Predicted != 2 || r.Unpredicted != 0 || r.Observed < 1 || r.TimedOut != 0 {
		t.Errorf("racy snippet: %+v", r)
	}
	c, err := nodecase.Load(filepath.Join(dir, "racy.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	if rec := c.Node[node.Version.String()]; rec.Runs != 0 || rec.Perturbed == nil || rec.Perturbed.Runs != 12 {
		t.Errorf("record: %+v", c.Node)
	}
}

// A node that cannot run one snippet gives that cell an error verdict; the
// others are still verified.
func TestVerifyRunnerErrorIsACellError(t *testing.T) {
	dir := t.TempDir()
	det := writeFile(t, dir, "det.js", []byte(detSnippet))
	fr := &fakeRunner{outputs: map[string][]string{"20.20.2": {"a\nc\nb\n"}}} // none for 26
	rep, _, err := verifyWith(t, []string{det}, verifyFlags{}, fr, fakeBins("20.20.2", "26.10.0"))
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Results) != 2 || rep.Results[0].Verdict != verdictExact || rep.Results[1].Verdict != verdictError ||
		!strings.Contains(rep.Results[1].Error, "no fake outputs") {
		t.Errorf("results: %+v", rep.Results)
	}
}

// A file looplint cannot parse is exact when Node rejects it too, and an
// error (no prediction) when Node runs it.
func TestVerifySyntaxError(t *testing.T) {
	dir := t.TempDir()
	bad := writeFile(t, dir, "bad.js", []byte("function f() {\n  await x;\n}\n"))
	for _, c := range []struct {
		node, verdict string
	}{{"SYNTAX", verdictExact}, {"ran\n", verdictError}} {
		fr := &fakeRunner{outputs: map[string][]string{"20.20.2": {c.node}}}
		rep, _, _ := verifyWith(t, []string{bad}, verifyFlags{}, fr, fakeBins("20.20.2"))
		if len(rep.Results) != 1 || rep.Results[0].Verdict != c.verdict {
			t.Errorf("node %q: %+v, want verdict %s", c.node, rep.Results, c.verdict)
		}
	}
}
