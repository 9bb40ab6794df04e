package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

var testCase = Case{Suite: "corpus", ID: "race", File: "/x/cases/race.js", FS: "/x/fixtures"}

func expect(stdouts map[string]int, exits map[int]int) Expectation {
	return Expectation{Version: "20.20.2", Stdouts: stdouts, Exits: exits}
}

// decode runs a fixed looplint JSON document through interpret.
func decode(t *testing.T, doc string) RunResult {
	t.Helper()
	r := interpret([]byte(doc), "", nil, false, time.Minute)
	if r.Output == nil {
		t.Fatalf("interpret: %s", r.Failed)
	}
	return r
}

const raceJSON = `{"file":"/script/race.js","node":"20.20.2","module":"cjs","outcomes":[
 {"stdout":["immediate","timeout"],"stderr":[],"exitCode":0,"count":120,"witness":{"choices":[1]}},
 {"stdout":["timeout","immediate  ",""],"stderr":[],"exitCode":0,"count":80,"witness":{}}]}`

func TestCompareMatchWithRace(t *testing.T) {
	exp := expect(map[string]int{"immediate\ntimeout": 86, "timeout\nimmediate": 14}, map[int]int{0: 100})
	res := Compare(testCase, exp, decode(t, raceJSON))
	if res.Status != StatusMatch || len(res.Missing) != 0 || len(res.Extra) != 0 || !res.ExitOK || res.Family != "E" || res.Module != "cjs" {
		t.Fatalf("%+v", res)
	}
}

func TestCompareMissingAndExtra(t *testing.T) {
	exp := expect(map[string]int{"immediate\ntimeout": 30, "a\nb": 5, "b\na": 9}, map[int]int{0: 40, 1: 4})
	res := Compare(testCase, exp, decode(t, raceJSON))
	if res.Status != StatusMismatch {
		t.Fatalf("status %s", res.Status)
	}
	wantMissing := []Observed{{Stdout: "b\na", Runs: 9}, {Stdout: "a\nb", Runs: 5}}
	if !reflect.DeepEqual(res.Missing, wantMissing) {
		t.Fatalf("missing %+v", res.Missing)
	}
	if !reflect.DeepEqual(res.Extra, []string{"timeout\nimmediate"}) {
		t.Fatalf("extra %q", res.Extra)
	}
	if res.ExitOK || !reflect.DeepEqual(res.ExitMissing, []int{1}) {
		t.Fatalf("exit: ok=%v missing=%v", res.ExitOK, res.ExitMissing)
	}
}

func TestCompareStackFramesIgnored(t *testing.T) {
	doc := `{"outcomes":[{"stdout":["1","Error: failed","    at /script/c.js:2:16"],"exitCode":0,"count":1}]}`
	exp := expect(map[string]int{nodeStdoutKey(corpusStdoutLines("1\nError: failed\n    at Object.<anonymous> ($CASES/c.js:2:16)\n    at Module._compile (node:internal/modules/cjs/loader:1521:14)\n")): 30}, nil)
	res := Compare(testCase, exp, decode(t, doc))
	if res.Status != StatusMatch || res.ExitChecked {
		t.Fatalf("%+v", res)
	}
}

func TestCompareUnsupported(t *testing.T) {
	// The runtime ran, but the require threw.
	doc := `{"outcomes":[{"stdout":["start"],"stderr":["Error: module 'worker_threads' is not supported in the sandbox"],"exitCode":1,"count":1}]}`
	exp := expect(map[string]int{"start\nworker says hi": 30}, map[int]int{0: 30})
	res := Compare(testCase, exp, decode(t, doc))
	if res.Status != StatusUnsupported || unsupportedModule(res.Unsupported) != "worker_threads" {
		t.Fatalf("%+v", res)
	}
	// looplint refused the file outright.
	run := interpret(nil, "looplint: require('node:net') is not supported in the sandbox\n", exitErr(t, 1), false, time.Minute)
	res = Compare(testCase, exp, run)
	if res.Status != StatusUnsupported || unsupportedModule(res.Unsupported) != "node:net" {
		t.Fatalf("%+v", res)
	}
}

func TestCompareLooplintFailures(t *testing.T) {
	exp := expect(map[string]int{"x": 1}, nil)
	run := interpret(nil, "Error: unknown command \"run\" for \"looplint\"\nRun 'looplint --help'\n", exitErr(t, 2), false, time.Minute)
	res := Compare(testCase, exp, run)
	if res.Status != StatusError || res.Error != `looplint failed: Error: unknown command "run" for "looplint"` {
		t.Fatalf("%+v", res)
	}
	run = interpret([]byte("not json"), "", nil, false, time.Minute)
	if res = Compare(testCase, exp, run); res.Status != StatusError || !strings.Contains(res.Error, "not the JSON contract") {
		t.Fatalf("%+v", res)
	}
	run = interpret(nil, "", errors.New("signal: killed"), true, time.Minute)
	if res = Compare(testCase, exp, run); res.Status != StatusError || res.Error != "looplint timed out after 1m0s" {
		t.Fatalf("%+v", res)
	}
}

func TestCompareSyntaxError(t *testing.T) {
	run := interpret(nil, "/script/ce027.js:3:9: SyntaxError: await is only valid in async functions\n", exitErr(t, 2), false, time.Minute)
	if !run.SyntaxError {
		t.Fatal("diagnostic not recognised")
	}
	exp := expect(map[string]int{"": 30}, map[int]int{1: 30})
	exp.SyntaxError = true
	if res := Compare(testCase, exp, run); res.Status != StatusMatch || !res.ExitOK {
		t.Fatalf("%+v", res)
	}
	exp.SyntaxError = false // Node ran the file: a looplint syntax error is a failure
	if res := Compare(testCase, exp, run); res.Status != StatusError {
		t.Fatalf("%+v", res)
	}
}

func TestReportCounts(t *testing.T) {
	results := []Result{
		{Suite: "corpus", Case: "a", Version: "20.20.2", Family: "E", Status: StatusMatch, ExitChecked: true, ExitOK: true},
		{Suite: "corpus", Case: "b", Version: "20.20.2", Family: "E", Status: StatusMismatch, Missing: []Observed{{Stdout: "x", Runs: 3}}},
		{Suite: "corpus", Case: "c", Version: "22.12.0", Family: "E", Status: StatusUnsupported, Unsupported: "'net' is not supported in the sandbox"},
		{Suite: "corpus", Case: "d", Version: "10.24.1", Family: "B", Status: StatusError, Error: "looplint failed: boom"},
	}
	rep := buildReport(results, 200, 1)
	if len(rep.ByVersion) != 3 || len(rep.ByFamily) != 2 {
		t.Fatalf("rows %+v %+v", rep.ByVersion, rep.ByFamily)
	}
	e := rep.ByFamily[1]
	if e.Family != "E" || e.Total != 3 || e.Matched != 1 || e.Mismatched != 1 || e.Unsupported != 1 || e.ExitOK != 1 {
		t.Fatalf("family E row %+v", e)
	}
	var buf bytes.Buffer
	printReport(&buf, rep)
	for _, want := range []string{"Mismatches (1)", "missing  (3 runs) x", "Unsupported in the sandbox (1)", "net", "looplint failed: boom"} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, buf.String())
		}
	}
}

// TestRunnerInvocation checks the command line and cwd with a stand-in script.
func TestRunnerInvocation(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "looplint")
	script := "#!/bin/sh\nprintf '{\"node\":\"%s\",\"file\":\"%s\",\"outcomes\":[{\"stdout\":[\"%s\"],\"exitCode\":0,\"count\":1}]}' \"$3\" \"$*\" \"$(pwd)\"\n"
	if err := os.WriteFile(bin, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	c := Case{ID: "x", File: "/cases/x.js", FS: dir}
	r := Runner{Bin: bin, Explore: 7, Seed: 1, Timeout: 10 * time.Second}.Run(c, "22.12.0")
	if r.Output == nil {
		t.Fatalf("run failed: %s", r.Failed)
	}
	want := "run --node 22.12.0 --explore 7 --seed 1 --format json --fs " + dir + " /cases/x.js"
	if r.Output.Node != "22.12.0" || r.Output.File != want {
		t.Fatalf("got node %q args %q", r.Output.Node, r.Output.File)
	}
	if cwd, _ := filepath.EvalSymlinks(r.Output.Outcomes[0].Stdout[0]); cwd != mustEval(t, dir) {
		t.Fatalf("cwd %q, want %q", cwd, dir)
	}
}

func mustEval(t *testing.T, p string) string {
	t.Helper()
	r, err := filepath.EvalSymlinks(p)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// exitErr produces a real *exec.ExitError with the given code.
func exitErr(t *testing.T, code int) error {
	t.Helper()
	err := exec.Command("sh", "-c", "exit "+string(rune('0'+code))).Run()
	if err == nil {
		t.Fatal("expected an exit error")
	}
	return err
}

func TestDivergencePoint(t *testing.T) {
	doc := `{"outcomes":[{"stdout":["s","a","b","c","d"],"exitCode":0,"count":1}]}`
	exp := expect(map[string]int{"s\na\nb\nd\nc": 7}, nil)
	res := Compare(testCase, exp, decode(t, doc))
	if len(res.Missing) != 1 || res.Missing[0].SameLines != 3 {
		t.Fatalf("%+v", res.Missing)
	}
	if got := abbreviateFrom(res.Missing[0].Stdout, res.Missing[0].SameLines, 80); got != "[2 lines omitted] … b / d / c" {
		t.Fatalf("abbreviateFrom = %q", got)
	}
	if got := abbreviateFrom("x\ny", 1, 80); got != "x / y" {
		t.Fatalf("abbreviateFrom = %q", got)
	}
}
