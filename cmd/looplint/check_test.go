package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/looplint/looplint/parse"
)

const tickLoop = "function spin() {\n  process.nextTick(spin);\n}\nspin();\n"
const cleanJS = "setImmediate(() => console.log('ok'));\n"

func TestCheckExitCodes(t *testing.T) {
	dir := t.TempDir()
	clean := writeFile(t, dir, "clean.js", []byte(cleanJS))
	bad := writeFile(t, dir, "bad.js", []byte(tickLoop))
	cases := []struct {
		args []string
		code int
	}{
		{[]string{"check", clean}, 0},
		{[]string{"check", bad}, 1},
		{[]string{"check", "--format", "json", bad}, 1},
		{[]string{"check", "--disable", "nexttickloop", bad}, 0},
		{[]string{"check", "--enable", "blockingwait", bad}, 0},
		{[]string{"check", "--enable", "nexttickloop", bad}, 1},
		{[]string{"check", "--enable", "nosuchcheck", bad}, 2},
		{[]string{"check", "--format", "xml", bad}, 2},
		{[]string{"check", "--explain", "nosuchcheck"}, 2},
		{[]string{"check", filepath.Join(dir, "missing.js")}, 2},
		{[]string{"check", filepath.Join(dir, "*.ts")}, 2},
		{[]string{"check", "--fix", "--diff", bad}, 2},
	}
	for _, c := range cases {
		code, out, errs := cliRun(t, c.args...)
		if code != c.code {
			t.Errorf("%v: exit %d, want %d\nstdout:\n%s\nstderr:\n%s", c.args, code, c.code, out, errs)
		}
	}
	// Usage errors are JSON too with --format json.
	code, out, _ := cliRun(t, "check", "--format", "json", "--enable", "nope", bad)
	var e map[string]string
	if code != 2 || json.Unmarshal([]byte(out), &e) != nil || !strings.Contains(e["error"], "nope") {
		t.Errorf("json usage error: exit %d, stdout %q", code, out)
	}
}

func TestCheckTextOutput(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "a.js", []byte(tickLoop))
	code, out, _ := cliRun(t, "check", dir+"/...")
	want := regexp.MustCompile(`(?m)^.*a\.js:2:3: spin re-schedules itself with process\.nextTick.* \(nexttickloop\)$`)
	if code != 1 || !want.MatchString(out) {
		t.Errorf("exit %d, stdout:\n%s", code, out)
	}
}

func TestCheckListExplain(t *testing.T) {
	code, out, _ := cliRun(t, "check", "--list")
	for _, name := range []string{"nexttickloop", "emitbeforelisten", "blockingwait"} {
		if code != 0 || !strings.Contains(out, name) {
			t.Errorf("--list: exit %d, missing %s:\n%s", code, name, out)
		}
	}
	code, out, _ = cliRun(t, "check", "--explain", "nexttickloop")
	if code != 0 || !strings.Contains(out, "Bad:") || !strings.Contains(out, "setImmediate") {
		t.Errorf("--explain: exit %d:\n%s", code, out)
	}
}

func TestCheckGitHubFormat(t *testing.T) {
	dir := t.TempDir()
	p := writeFile(t, dir, "a.js", []byte(tickLoop))
	code, out, _ := cliRun(t, "check", "--format", "github", p)
	want := "::error file=" + ghProp(p) + ",line=2,col=3,"
	if code != 1 || !strings.HasPrefix(out, want) || !strings.Contains(out, "title=looplint nexttickloop::spin re-schedules") {
		t.Errorf("exit %d, got:\n%s\nwant prefix %s", code, out, want)
	}
}

// TestCheckSARIF checks the output against the required properties of
// the SARIF 2.1.0 schema for every object looplint emits.
func TestCheckSARIF(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "a.js", []byte(tickLoop))
	writeFile(t, dir, "broken.js", []byte("let = ;\n"))
	code, out, _ := cliRun(t, "check", "--format", "sarif", dir)
	if code != 1 {
		t.Fatalf("exit %d", code)
	}
	var log map[string]any
	if err := json.Unmarshal([]byte(out), &log); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	required := func(what string, v any, keys ...string) map[string]any {
		t.Helper()
		m, ok := v.(map[string]any)
		if !ok {
			t.Fatalf("%s: not an object: %v", what, v)
		}
		for _, k := range keys {
			if _, ok := m[k]; !ok {
				t.Errorf("%s: missing required property %q", what, k)
			}
		}
		return m
	}
	arr := func(what string, v any) []any {
		t.Helper()
		a, ok := v.([]any)
		if !ok {
			t.Fatalf("%s: not an array: %v", what, v)
		}
		return a
	}
	required("sarifLog", log, "version", "runs")
	if log["version"] != "2.1.0" {
		t.Errorf("version %v", log["version"])
	}
	runs := arr("runs", log["runs"])
	if len(runs) != 1 {
		t.Fatalf("%d runs", len(runs))
	}
	run := required("run", runs[0], "tool")
	tool := required("tool", run["tool"], "driver")
	drv := required("toolComponent", tool["driver"], "name")
	rules := arr("rules", drv["rules"])
	for _, r := range rules {
		rule := required("reportingDescriptor", r, "id")
		if sd, ok := rule["shortDescription"]; ok {
			required("multiformatMessageString", sd, "text")
		}
	}
	results := arr("results", run["results"])
	if len(results) != 1 {
		t.Fatalf("%d results, want 1", len(results))
	}
	for _, r := range results {
		res := required("result", r, "message")
		required("message", res["message"], "text")
		idx := int(res["ruleIndex"].(float64))
		if rules[idx].(map[string]any)["id"] != res["ruleId"] {
			t.Errorf("ruleIndex %d does not point at %v", idx, res["ruleId"])
		}
		for _, l := range arr("locations", res["locations"]) {
			loc := required("location", l)
			pl := required("physicalLocation", loc["physicalLocation"])
			required("artifactLocation", pl["artifactLocation"])
			reg := required("region", pl["region"])
			if reg["startLine"].(float64) < 1 {
				t.Errorf("startLine < 1")
			}
		}
		for _, f := range arr("fixes", res["fixes"]) {
			fx := required("fix", f, "artifactChanges")
			for _, c := range arr("artifactChanges", fx["artifactChanges"]) {
				ch := required("artifactChange", c, "artifactLocation", "replacements")
				for _, rp := range arr("replacements", ch["replacements"]) {
					required("replacement", rp, "deletedRegion")
				}
			}
		}
	}
	invs := arr("invocations", run["invocations"])
	inv := required("invocation", invs[0], "executionSuccessful")
	notes := arr("toolExecutionNotifications", inv["toolExecutionNotifications"])
	if len(notes) != 1 {
		t.Errorf("%d notifications, want 1 (the syntax error)", len(notes))
	}
	for _, n := range notes {
		required("message", required("notification", n, "message")["message"], "text")
	}
}

func TestCheckJSONReport(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "a.js", []byte(tickLoop))
	writeFile(t, dir, "b.js", []byte("let x = ;\n"))
	code, out, _ := cliRun(t, "check", "--format", "json", dir)
	var rep checkReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil || code != 1 {
		t.Fatalf("exit %d, %v:\n%s", code, err, out)
	}
	if rep.Files != 2 || len(rep.Diagnostics) != 1 || len(rep.Errors) != 1 || rep.Errors[0].Kind != "input" || rep.Errors[0].Line != 1 {
		t.Errorf("report: %+v", rep)
	}
}

func TestCheckSuppression(t *testing.T) {
	dir := t.TempDir()
	ok := writeFile(t, dir, "ok.js", []byte("function spin() {\n  // looplint-ignore nexttickloop -- demo of the hazard\n  process.nextTick(spin);\n}\n"))
	trailing := writeFile(t, dir, "trail.js", []byte("function spin() {\n  process.nextTick(spin); // looplint-ignore nexttickloop -- demo\n}\n"))
	noReason := writeFile(t, dir, "noreason.js", []byte("function spin() {\n  // looplint-ignore nexttickloop\n  process.nextTick(spin);\n}\n"))
	unused := writeFile(t, dir, "unused.js", []byte("// looplint-ignore nexttickloop -- nothing here\nsetImmediate(() => {});\n"))
	unknown := writeFile(t, dir, "unknown.js", []byte("// looplint-ignore nosuch -- typo\nsetImmediate(() => {});\n"))
	inString := writeFile(t, dir, "str.js", []byte("const s = '// looplint-ignore nexttickloop';\n"))

	for _, p := range []string{ok, trailing, inString} {
		if code, out, errs := cliRun(t, "check", p); code != 0 {
			t.Errorf("%s: exit %d\n%s%s", p, code, out, errs)
		}
	}
	code, out, _ := cliRun(t, "check", noReason)
	if code != 1 || !strings.Contains(out, "noreason.js:2:3: looplint-ignore needs a reason") || !strings.Contains(out, "(nexttickloop)") {
		t.Errorf("no reason: exit %d\n%s", code, out)
	}
	code, out, _ = cliRun(t, "check", unused)
	if code != 1 || !strings.Contains(out, "unused.js:1:1: unused looplint-ignore for nexttickloop") {
		t.Errorf("unused: exit %d\n%s", code, out)
	}
	// A suppression for a check that did not run is not "unused".
	if code, out, _ := cliRun(t, "check", "--disable", "nexttickloop", unused); code != 0 {
		t.Errorf("unused, check disabled: exit %d\n%s", code, out)
	}
	code, out, _ = cliRun(t, "check", unknown)
	if code != 1 || !strings.Contains(out, `unknown check "nosuch"`) {
		t.Errorf("unknown: exit %d\n%s", code, out)
	}
	// The words inside a template literal are not a comment: the
	// finding below them stands.
	inTemplate := writeFile(t, dir, "tmpl.js", []byte("const s = `\n// looplint-ignore nexttickloop -- not a comment\n`; function spin() { process.nextTick(spin) }\n"))
	if code, out, _ := cliRun(t, "check", inTemplate); code != 1 || !strings.Contains(out, "(nexttickloop)") {
		t.Errorf("in a template: exit %d\n%s", code, out)
	}
}

func TestCheckBrokenTree(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "a.js", []byte(tickLoop))
	writeFile(t, dir, "syntax.js", []byte("let ok = 1;\nlet x = ;\n"))
	writeFile(t, dir, "binary.js", []byte("\x7fELF\x02\x01\x01\x00\x00\x00\xff\xfe"))
	writeFile(t, dir, "z.mjs", []byte("import fs from 'fs';\nsetTimeout(() => fs.readFileSync('x'));\n"))
	if err := os.Symlink(".", filepath.Join(dir, "loop")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("self.js", filepath.Join(dir, "self.js")); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	var code int
	var out, errs string
	go func() {
		defer close(done)
		code, out, errs = cliRun(t, "check", dir)
	}()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("check did not finish (symlink loop?)")
	}
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	for _, want := range []string{"a.js:2:3: spin", "z.mjs:2:18: fs.readFileSync blocks the event loop"} {
		if !strings.Contains(out, want) {
			t.Errorf("stdout lacks %q:\n%s", want, out)
		}
	}
	for _, want := range []string{"syntax.js:2:", "binary.js: binary or non-UTF-8 file", "self.js: broken symbolic link"} {
		if !strings.Contains(errs, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errs)
		}
	}
}

func TestCheckIgnoredAndGlobs(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, ".git", "info"), 0o755) // a repository: its ignore files apply below its root
	writeFile(t, dir, ".gitignore", []byte("# build output\ndist/\n*.gen.js\n"))
	for _, sub := range []string{"dist", "node_modules/dep", "src/deep"} {
		if err := os.MkdirAll(filepath.Join(dir, sub), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	writeFile(t, dir, "dist/out.js", []byte(tickLoop))
	writeFile(t, dir, "node_modules/dep/index.js", []byte(tickLoop))
	writeFile(t, dir, "src/x.gen.js", []byte(tickLoop))
	writeFile(t, dir, "src/deep/y.ts", []byte("function spin(): void {\n  process.nextTick(spin);\n}\n"))
	writeFile(t, dir, "src/readme.md", []byte("not js"))

	_, out, _ := cliRun(t, "check", "--format", "json", dir)
	files := reportFiles(t, out)
	if strings.Join(files, ",") != "src/deep/y.ts" {
		t.Errorf("default walk found %v", files)
	}
	_, out, _ = cliRun(t, "check", "--format", "json", "--include-ignored", dir)
	files = reportFiles(t, out)
	if strings.Join(files, ",") != "dist/out.js,src/deep/y.ts,src/x.gen.js" {
		t.Errorf("--include-ignored found %v", files)
	}
	_, out, _ = cliRun(t, "check", "--format", "json", filepath.Join(dir, "src", "**", "*.ts"))
	if files = reportFiles(t, out); strings.Join(files, ",") != "src/deep/y.ts" {
		t.Errorf("glob found %v", files)
	}
	// Braces, and a .gitignore character class negated git's way ([!k]).
	writeFile(t, dir, "src/deep/z.js", []byte(tickLoop))
	writeFile(t, dir, "src/deep/k.js", []byte(tickLoop))
	_, out, _ = cliRun(t, "check", "--format", "json", filepath.Join(dir, "src", "**", "*.{js,ts}"))
	if files = reportFiles(t, out); strings.Join(files, ",") != "src/deep/k.js,src/deep/y.ts,src/deep/z.js" {
		t.Errorf("brace glob found %v", files)
	}
	writeFile(t, dir, "src/deep/.gitignore", []byte("[!k]*.js\n"))
	_, out, _ = cliRun(t, "check", "--format", "json", filepath.Join(dir, "src"))
	if files = reportFiles(t, out); strings.Join(files, ",") != "src/deep/k.js,src/deep/y.ts" {
		t.Errorf("with [!k]*.js ignored, the walk found %v", files)
	}
	writeFile(t, dir, ".git/info/exclude", []byte("k.js\n"))
	_, out, _ = cliRun(t, "check", "--format", "json", filepath.Join(dir, "src"))
	if files = reportFiles(t, out); strings.Join(files, ",") != "src/deep/y.ts" {
		t.Errorf("with .git/info/exclude, the walk found %v", files)
	}
}

func reportFiles(t *testing.T, out string) []string {
	t.Helper()
	var rep checkReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v:\n%s", err, out)
	}
	var files []string
	for _, d := range rep.Diagnostics {
		p := filepath.ToSlash(d.File)
		if i := strings.Index(p, "/src/"); i >= 0 {
			p = p[i+1:]
		} else if i := strings.Index(p, "/dist/"); i >= 0 {
			p = p[i+1:]
		}
		files = append(files, p)
	}
	return files
}

func TestCheckFixAndDiff(t *testing.T) {
	dir := t.TempDir()
	p := writeFile(t, dir, "a.js", []byte(tickLoop))
	code, out, _ := cliRun(t, "check", "--diff", p)
	if code != 1 || !strings.Contains(out, "-  process.nextTick(spin);\n+  setImmediate(spin);\n") {
		t.Errorf("--diff: exit %d\n%s", code, out)
	}
	if data, _ := os.ReadFile(p); string(data) != tickLoop {
		t.Errorf("--diff changed the file")
	}
	code, out, errs := cliRun(t, "check", "--fix-suggestions", p)
	if code != 0 || !strings.Contains(errs, "fixed 1 finding") {
		t.Errorf("--fix: exit %d\n%s%s", code, out, errs)
	}
	if data, _ := os.ReadFile(p); string(data) != strings.Replace(tickLoop, "process.nextTick", "setImmediate", 1) {
		t.Errorf("--fix wrote:\n%s", data)
	}
	if code, out, _ := cliRun(t, "check", p); code != 0 {
		t.Errorf("after --fix: exit %d\n%s", code, out)
	}
	// A byte-order mark the front end read past stays in the file.
	b := writeFile(t, dir, "bom.js", []byte("\ufeff"+tickLoop))
	if code, out, errs := cliRun(t, "check", "--fix-suggestions", b); code != 0 {
		t.Errorf("--fix with a BOM: exit %d\n%s%s", code, out, errs)
	}
	if data, _ := os.ReadFile(b); string(data) != "\ufeff"+strings.Replace(tickLoop, "process.nextTick", "setImmediate", 1) {
		t.Errorf("--fix with a BOM wrote:\n%q", data)
	}
}

// TestCheckMinifiedFile: a 10 MB file with every statement on one line
// (the shape of a minified bundle) is analyzed in seconds, and its
// findings are reported with character columns far along that line. It
// caught two quadratic spots: zalgo visiting every function of the file
// for each function, and columns counted from the line start for each
// finding.
func TestCheckMinifiedFile(t *testing.T) {
	if testing.Short() {
		t.Skip("10 MB input; skipped with -short")
	}
	var b strings.Builder
	hazards := 0
	for i := 0; b.Len() < 10<<20; i++ {
		fmt.Fprintf(&b, "var a%d=function(b,c){return b+c*%d};a%d(%d,'é');", i, i, i, i)
		if i%2000 == 0 {
			fmt.Fprintf(&b, "function t%d(){process.nextTick(t%d)}", i, i)
			hazards++
		}
	}
	src := b.String()
	if strings.Contains(src, "\n") || len(src) < 10<<20 {
		t.Fatalf("generator: %d bytes", len(src))
	}
	p := writeFile(t, t.TempDir(), "bundle.min.js", []byte(src))
	start := time.Now()
	code, out, errs := cliRun(t, "check", "--format", "json", p)
	took := time.Since(start)
	t.Logf("%d bytes, %d hazards: %v", len(src), hazards, took)
	if took > 20*time.Second {
		t.Errorf("took %v", took)
	}
	var rep checkReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("exit %d, %v\nstderr: %s", code, err, errs)
	}
	if code != 1 || rep.Files != 1 || len(rep.Errors) != 0 || len(rep.Diagnostics) != hazards {
		t.Fatalf("exit %d, %d files, %d errors %v, %d findings (want %d)", code, rep.Files, len(rep.Errors), rep.Errors, len(rep.Diagnostics), hazards)
	}
	// The last finding's column counts characters (é is one), not bytes.
	last := rep.Diagnostics[len(rep.Diagnostics)-1]
	off := strings.LastIndex(src, "process.nextTick(")
	if want := utf8.RuneCountInString(src[:off]) + 1; last.Line != 1 || last.Col != want || last.Check != "nexttickloop" {
		t.Errorf("last finding at %d:%d (%s), want 1:%d", last.Line, last.Col, last.Check, want)
	}
}

// TestCheckUnreadableFile: a file without read permission is reported
// as an input error and the rest of the tree is still checked. As root
// the permission bits do not stop reading, so there the file must simply
// be analyzed like any other.
func TestCheckUnreadableFile(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "a.js", []byte(tickLoop))
	locked := writeFile(t, dir, "locked.js", []byte(tickLoop))
	if err := os.Chmod(locked, 0); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(locked, 0o644) })
	code, out, errs := cliRun(t, "check", "--format", "json", dir)
	var rep checkReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("exit %d, %v\nstderr: %s", code, err, errs)
	}
	if code != 1 || rep.Files != 2 {
		t.Fatalf("exit %d, %d files: %+v", code, rep.Files, rep)
	}
	if os.Geteuid() == 0 {
		// Root reads it anyway: both files are analyzed, no error.
		if len(rep.Errors) != 0 || len(rep.Diagnostics) != 2 {
			t.Errorf("as root: %d errors %v, %d findings (want 0, 2)", len(rep.Errors), rep.Errors, len(rep.Diagnostics))
		}
		return
	}
	if len(rep.Diagnostics) != 1 || len(rep.Errors) != 1 {
		t.Fatalf("%d findings, errors %v (want 1 finding, 1 error)", len(rep.Diagnostics), rep.Errors)
	}
	e := rep.Errors[0]
	if e.File != locked || e.Kind != "input" || !strings.Contains(e.Message, "permission denied") {
		t.Errorf("error %+v", e)
	}
	// The text format says the same on stderr.
	code, _, errs = cliRun(t, "check", locked)
	if code != 1 || !strings.Contains(errs, "locked.js: permission denied") {
		t.Errorf("text: exit %d, stderr %q", code, errs)
	}
}

// TestCheckDeepNesting: 100,000 nested brackets. Balanced, they are
// valid JavaScript and are analyzed (the parser and every walk recurse
// on Go's growable stacks); unbalanced, they are a syntax error with a
// position. Neither may crash.
func TestCheckDeepNesting(t *testing.T) {
	const n = 100_000
	dir := t.TempDir()
	arrays := writeFile(t, dir, "arrays.js", []byte("x = "+strings.Repeat("[", n)+strings.Repeat("]", n)+";\n"))
	parens := writeFile(t, dir, "parens.js", []byte("x = "+strings.Repeat("(", n)+"1"+strings.Repeat(")", n)+";\n"))
	blocks := writeFile(t, dir, "blocks.js", []byte(strings.Repeat("{", n)+"process.nextTick(f);"+strings.Repeat("}", n)+"\n"))
	open := writeFile(t, dir, "open.js", []byte("x = "+strings.Repeat("[", n)+";\n"))
	for _, p := range []string{arrays, parens, blocks} {
		code, out, errs := cliRun(t, "check", p)
		if code != 0 || out != "" || errs != "" {
			t.Errorf("%s: exit %d\nstdout: %.300s\nstderr: %.300s", filepath.Base(p), code, out, errs)
		}
	}
	code, out, errs := cliRun(t, "check", "--format", "json", open)
	var rep checkReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("exit %d, %v\nstderr: %s", code, err, errs)
	}
	if code != 1 || len(rep.Errors) != 1 || rep.Errors[0].Kind != "input" || rep.Errors[0].Line != 1 || rep.Errors[0].Message == "" || len(rep.Errors[0].Message) > 200 {
		t.Errorf("unbalanced: exit %d, errors %+v", code, rep.Errors)
	}
}

// --predict adds the predictor's findings: a race between two I/O
// callbacks (no analyzer reports those) and a starving chain reached only
// through a timer; a file gets the same findings alone or in a directory.
func TestCheckPredicts(t *testing.T) {
	dir := t.TempDir()
	io := writeFile(t, dir, "io.js", []byte("const fs = require('fs');\nfs.readFile(__filename, () => console.log('a'));\nfs.stat(__filename, () => console.log('b'));\n"))
	ioRace := regexp.MustCompile(`(?m)^.*io\.js:2:1: fs\.readFile at 2:1 and fs\.stat at 3:1 run in either order: .* \(predicted for Node 20\.\d+\.\d+\) \(iorace\)$`)

	code, out, errs := cliRun(t, "check", "--predict", "--node", "20", io)
	if code != 1 || !ioRace.MatchString(out) {
		t.Errorf("single file: exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errs)
	}
	if code, dirOut, _ := cliRun(t, "check", "--predict", "--node", "20", dir); code != 1 || dirOut != out {
		t.Errorf("the directory: exit %d, stdout:\n%s\nwant what the file alone gave:\n%s", code, dirOut, out)
	}
	writeFile(t, dir, "looplint.json", []byte(`{"predict": true, "node": "20"}`))
	if code, cfgOut, _ := cliRun(t, "check", dir); code != 1 || cfgOut != out {
		t.Errorf("\"predict\": true in looplint.json: exit %d, stdout:\n%s", code, cfgOut)
	}
	os.Remove(filepath.Join(dir, "looplint.json"))
	for _, args := range [][]string{
		{"check", "--node", "20", io}, // the predictor is asked for
		{"check", "--predict", "--node", "20", "--no-predict", io},
		{"check", "--predict", "--node", "20", "--disable", "iorace", io},
	} {
		if code, out, _ := cliRun(t, args...); code != 0 || out != "" {
			t.Errorf("%v: exit %d, stdout:\n%s", args, code, out)
		}
	}
	if code, out, _ := cliRun(t, "check", "--predict", "--node", "20", "--enable", "iorace", io); code != 1 || !ioRace.MatchString(out) {
		t.Errorf("--enable iorace: exit %d, stdout:\n%s", code, out)
	}

	// Suppressed like any finding, and the suppression counts as used.
	sup := writeFile(t, dir, "sup.js", []byte("const fs = require('fs');\n// looplint-ignore iorace -- order does not matter here\nfs.readFile(__filename, () => console.log('a'));\nfs.stat(__filename, () => console.log('b'));\n"))
	if code, out, _ := cliRun(t, "check", "--predict", "--node", "20", sup); code != 0 || out != "" {
		t.Errorf("suppressed: exit %d, stdout:\n%s", code, out)
	}

	// SARIF names the rule of a predicted finding.
	_, out, _ = cliRun(t, "check", "--predict", "--node", "20", "--format", "sarif", io)
	var s struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Rules []struct{ ID string }
				}
			}
			Results []struct {
				RuleID    string
				RuleIndex int
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &s); err != nil || len(s.Runs) != 1 || len(s.Runs[0].Results) != 1 {
		t.Fatalf("sarif: %v\n%s", err, out)
	}
	r := s.Runs[0].Results[0]
	if rules := s.Runs[0].Tool.Driver.Rules; r.RuleID != "iorace" || r.RuleIndex >= len(rules) || rules[r.RuleIndex].ID != "iorace" {
		t.Errorf("sarif result %+v does not point at the iorace rule", r)
	}

	// A starving chain two callbacks deep: the analyzer's finding and the
	// predictor's on the same line are one finding.
	deep := writeFile(t, dir, "deep.js", []byte("function spin() {\n  process.nextTick(spin);\n}\nsetTimeout(() => setImmediate(spin), 1);\n"))
	code, out, _ = cliRun(t, "check", "--predict", "--node", "20", deep)
	if n := strings.Count(out, "(nexttickloop)"); code != 1 || n != 1 {
		t.Errorf("deep: exit %d, %d nexttickloop findings, want 1:\n%s", code, n, out)
	}
}

// --diff writes what git applies: hunks with context, paths relative to the
// working directory (given relative or absolute).
func TestCheckDiffGitApply(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := t.TempDir()
	t.Chdir(dir)
	if out, err := exec.Command("git", "init", "-q").CombinedOutput(); err != nil {
		t.Fatalf("git init: %v %s", err, out)
	}
	src := "// a comment\n'use strict';\n" + tickLoop + "console.log('after');\n"
	os.MkdirAll(filepath.Join(dir, "src"), 0o755)
	os.WriteFile(filepath.Join(dir, "src", "a.js"), []byte(src), 0o644)
	for _, arg := range []string{"src/a.js", filepath.Join(dir, "src", "a.js")} {
		code, out, errs := cliRun(t, "check", "--diff", arg)
		if code != 1 || !strings.Contains(out, "--- a/src/a.js\n+++ b/src/a.js\n") || !strings.Contains(out, " console.log('after');") {
			t.Fatalf("--diff %s: exit %d\n%s%s", arg, code, out, errs)
		}
		cmd := exec.Command("git", "apply", "--check", "-")
		cmd.Stdin = strings.NewReader(out)
		if msg, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("git apply --check refused --diff %s: %v %s\n%s", arg, err, msg, out)
		}
	}
}

// No fix that plain --fix applies reorders callbacks: over every check's
// testdata, --fix leaves each file as it was and says how many suggestions
// it held back; --fix-suggestions then writes what --diff showed.
func TestCheckFixKeepsOrder(t *testing.T) {
	srcs, _ := filepath.Glob("../../analyzer/*/testdata/src/*.*")
	dir := t.TempDir()
	held := 0
	for _, s := range srcs {
		if strings.HasSuffix(s, ".golden") {
			continue
		}
		data, err := os.ReadFile(s)
		if err != nil {
			t.Fatal(err)
		}
		p := writeFile(t, dir, strings.ReplaceAll(strings.TrimPrefix(s, "../../analyzer/"), "/", "_"), data)
		_, _, errs := cliRun(t, "check", "--no-predict", "--fix", p)
		if got, _ := os.ReadFile(p); string(got) != string(data) {
			t.Errorf("--fix rewrote %s", s)
		}
		if strings.Contains(errs, "suggested fix(es) not applied") {
			held++
			_, diff, _ := cliRun(t, "check", "--no-predict", "--diff", p)
			cliRun(t, "check", "--no-predict", "--fix-suggestions", p)
			if got, _ := os.ReadFile(p); string(got) == string(data) || diff == "" {
				t.Errorf("%s: --fix-suggestions wrote nothing, though --fix held suggestions back", s)
			}
		}
	}
	if held < 4 {
		t.Errorf("--fix held suggestions back in %d files; the fix.js testdata of four checks have them", held)
	}
}

// check - reads standard input as the file --stdin-filename names (its
// positions, its module kind, the predictor's findings as for that file),
// as an editor without a language server runs it.
func TestCheckStdin(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "buf.js")
	run := func(stdin string, args ...string) (int, string, string) {
		var out, errb bytes.Buffer
		code := executeIn(append([]string{"check"}, args...), strings.NewReader(stdin), &out, &errb)
		return code, out.String(), errb.String()
	}
	code, out, errs := run(tickLoop, "--stdin-filename", name, "-")
	if code != 1 || !strings.Contains(out, name+":2:3: ") || !strings.Contains(out, "(nexttickloop)") {
		t.Errorf("check -: exit %d\n%s%s", code, out, errs)
	}
	// The same finding as for the file on disk.
	p := writeFile(t, dir, "disk.js", []byte(tickLoop))
	_, disk, _ := cliRun(t, "check", p)
	if strings.ReplaceAll(disk, p, name) != out {
		t.Errorf("stdin and file differ:\n%s\n%s", out, disk)
	}
	if code, out, _ := run(tickLoop, "--diff", "-"); code != 1 || !strings.Contains(out, "+++ b/stdin.js") {
		t.Errorf("check --diff -: exit %d\n%s", code, out)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-", p}, "only pattern"},
		{[]string{"--fix", "-"}, "use --diff"},
		{[]string{"--stdin-filename", name, p}, "needs -"},
	} {
		if code, _, errs := run("", c.args...); code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("check %v: exit %d, stderr %q, want 2 and %q", c.args, code, errs, c.want)
		}
	}
	if code, out, errs := run("let x = ;\n", "--stdin-filename", name, "-"); code != 1 || !strings.Contains(out+errs, name+":1:9: Unexpected") {
		t.Errorf("a syntax error on stdin: exit %d %s", code, errs)
	}
}

// On a tree of ignore-rule edge cases, check visits exactly the files git
// lists (tracked, or untracked and not ignored), whichever directory it
// is given.
func TestCheckFilesLikeGit(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	root := t.TempDir()
	git := func(args ...string) string {
		cmd := exec.Command("git", append([]string{"-C", root, "-c", "user.email=t@t", "-c", "user.name=t"}, args...)...)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("git %v: %v", args, err)
		}
		return string(out)
	}
	git("init", "-q")
	files := []string{
		"a.js", "b.js", "k.js", "kx.js", "ax.js", "sp ace.js", "#hash.js", "!bang.js", "x.log.js",
		"dir/x.js", "dir/sub/y.js", "dir/sub/z.ts", "build/out.js", "src/build/keep.js",
		"deep/a/b/c.js", "deep/c.js", "neg/keep.js", "neg/drop.js", "lib/[x].js", "lib/tracked.js",
		"docs/{a,b}.js", "docs/a.js", ".hidden.js", "m/n/o/p.mjs", "t/x.cts",
	}
	for _, f := range files {
		p := filepath.Join(root, f)
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte(cleanJS), 0o644)
	}
	os.WriteFile(filepath.Join(root, ".gitignore"), []byte(strings.Join([]string{
		"# a comment", "/b.js", "build/", "deep/**/c.js", "neg/*", "!neg/keep.js", `\#hash.js`, `\!bang.js`,
		"sp\\ ace.js", "[!k]x.js", "*.log.js", "lib/*.js", "docs/{a,b}.js", "/m/**/p.mjs", "trailing.js   ",
	}, "\n")+"\n"), 0o644)
	os.WriteFile(filepath.Join(root, "dir", ".gitignore"), []byte("sub/*\n!sub/z.ts\n"), 0o644)
	os.WriteFile(filepath.Join(root, ".git", "info", "exclude"), []byte("a.js\n"), 0o644)
	git("add", "-f", "lib/tracked.js") // tracked, though lib/*.js is ignored
	for _, dir := range []string{".", "dir", "lib", "deep"} {
		want := map[string]bool{}
		for _, f := range strings.Split(git("ls-files", "--cached", "--others", "--exclude-standard", "--", dir), "\n") {
			if f != "" && parse.SourceExt(strings.ToLower(filepath.Ext(f))) {
				want[filepath.Join(root, filepath.FromSlash(f))] = true
			}
		}
		code, out, errs := cliRun(t, "check", "--list-files", filepath.Join(root, dir))
		if len(want) == 0 {
			if code != 2 || !strings.Contains(errs, "no JavaScript or TypeScript files") {
				t.Errorf("%s: git lists nothing; check: exit %d %s%s", dir, code, out, errs)
			}
			continue
		}
		if code != 0 {
			t.Fatalf("--list-files %s: exit %d %s", dir, code, errs)
		}
		got := map[string]bool{}
		for _, f := range strings.Split(strings.TrimSpace(out), "\n") {
			if f != "" {
				got[f] = true
			}
		}
		for f := range want {
			if !got[f] {
				t.Errorf("%s: git lists %s, check does not visit it", dir, f)
			}
		}
		for f := range got {
			if !want[f] {
				t.Errorf("%s: check visits %s, which git ignores", dir, f)
			}
		}
	}
}

// File-level and range suppressions, each with its reason; a disable
// without an enable runs to the end of the file; unused ones are said.
func TestCheckSuppressFileAndRange(t *testing.T) {
	dir := t.TempDir()
	spin := func(name string) string {
		return "function " + name + "() {\n  process.nextTick(" + name + ");\n}\n" + name + "();\n"
	}
	for _, c := range []struct {
		name, src string
		want      []string // finding lines, with the check
	}{
		{"file.js", "// looplint-ignore-file nexttickloop -- a demo of starvation\n" + spin("a") + spin("b"), nil},
		{"range.js", spin("a") + "// looplint-disable nexttickloop -- generated code\n" + spin("b") + "// looplint-enable nexttickloop\n" + spin("c"),
			[]string{":2:3: ", ":12:3: "}},
		{"open.js", spin("a") + "/* looplint-disable nexttickloop -- the rest is a fixture */\n" + spin("b"), []string{":2:3: "}},
		{"noreason.js", "// looplint-ignore-file nexttickloop\n" + spin("a"), []string{":1:1: looplint-ignore-file needs a reason", ":3:3: "}},
		{"unused.js", "// looplint-ignore-file zalgo -- none here\n// looplint-enable zalgo\nsetImmediate(() => {});\n",
			[]string{":1:1: unused looplint-ignore-file for zalgo: no zalgo finding in this file", ":2:1: looplint-enable zalgo ends no looplint-disable"}},
	} {
		p := writeFile(t, dir, c.name, []byte(c.src))
		_, out, _ := cliRun(t, "check", p)
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if out == "" {
			lines = nil
		}
		if len(lines) != len(c.want) {
			t.Errorf("%s: %d findings, want %d:\n%s", c.name, len(lines), len(c.want), out)
			continue
		}
		for i, w := range c.want {
			if !strings.Contains(lines[i], p+w) {
				t.Errorf("%s: finding %q, want %q", c.name, lines[i], w)
			}
		}
	}
}

// Facts across modules: a.js answers from a cache at once and otherwise
// through b.js's function, which calls back from a file read. a.js gets
// the same findings alone, with b.js named too, and in its directory;
// b.js (which requires a.js back: a cycle) and a package under
// node_modules give facts without being reported.
func TestCheckAcrossModules(t *testing.T) {
	dir := t.TempDir()
	a := writeFile(t, dir, "a.js", []byte("const { open } = require('./b');\nconst wait = require('waiter');\nconst seen = {};\nfunction load(k, cb) {\n  if (seen[k]) {\n    cb(null, seen[k]);\n    return;\n  }\n  open(k, cb);\n}\nfunction later(cb) {\n  if (!seen.x) return cb();\n  wait(cb);\n}\nmodule.exports = { load, later };\n"))
	b := writeFile(t, dir, "b.js", []byte("const fs = require('fs');\nconst a = require('./a');\nexports.open = function (k, done) {\n  fs.readFile(k, (err, d) => done(err, d));\n};\n"))
	if err := os.MkdirAll(filepath.Join(dir, "node_modules", "waiter"), 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, "node_modules", "waiter"), "index.js", []byte("module.exports = (cb) => setTimeout(cb, 1);\n"))
	want := regexp.MustCompile(`(?s)^[^\n]*a\.js:6:5: load calls its callback cb synchronously here but asynchronously on other paths \(through open \(b\.js line 3\), line 9\).*\(zalgo\)\n[^\n]*a\.js:12:23: later calls its callback cb synchronously here but asynchronously on other paths \(through wait \(index\.js line 1\), line 13\).*\(zalgo\)\n$`)
	code, alone, errs := cliRun(t, "check", a)
	if code != 1 || !want.MatchString(alone) {
		t.Fatalf("a.js alone: exit %d\nstdout:\n%s\nstderr:\n%s", code, alone, errs)
	}
	for _, args := range [][]string{{"check", a, b}, {"check", b, a}, {"check", dir}} {
		if code, out, _ := cliRun(t, args...); code != 1 || out != alone {
			t.Errorf("%v: exit %d, stdout:\n%s\nwant what a.js alone gave:\n%s", args[1:], code, out, alone)
		}
	}
	if code, out, _ := cliRun(t, "check", b); code != 0 || out != "" {
		t.Errorf("b.js alone: exit %d, stdout:\n%s", code, out)
	}
	// A kept result is good only while the files its facts came from are
	// unchanged: b.js calling back at once leaves load in the clear.
	loc := filepath.Join(t.TempDir(), "cache")
	if _, out, _ := cliRun(t, "check", "--cache", "--cache-location", loc, a); out != alone {
		t.Errorf("cached run: %s", out)
	}
	writeFile(t, dir, "b.js", []byte("exports.open = function (k, done) {\n  done(null, k);\n};\n"))
	if _, out, _ := cliRun(t, "check", "--cache", "--cache-location", loc, a); strings.Contains(out, "load calls") || !strings.Contains(out, "later calls") {
		t.Errorf("after b.js changed, the kept result was used:\n%s", out)
	}
}

// --target names the loop that runs the files: for a browser, nodeonly
// reports Node's own globals; for Node (the default) it reports nothing,
// and a run for a browser leaves the next run's default alone.
func TestCheckTarget(t *testing.T) {
	dir := t.TempDir()
	f := writeFile(t, dir, "shared.js", []byte("setImmediate(() => console.log('later'));\nconsole.log('now');\n"))
	want := regexp.MustCompile(`(?m)^.*shared\.js:1:1: setImmediate is Node's: a browser \(--target firefox\) has none.* \(nodeonly\)$`)
	for _, c := range []struct {
		args []string
		code int
		re   *regexp.Regexp
	}{
		{[]string{"check", f}, 0, nil},
		{[]string{"check", "--target", "firefox", f}, 1, want},
		{[]string{"check", "--target", "node", f}, 0, nil},
		{[]string{"check", "--target", "netscape", f}, 2, nil},
	} {
		code, out, errs := cliRun(t, c.args...)
		if code != c.code || c.re != nil && !c.re.MatchString(out) || strings.Count(out, "(nodeonly)") > 1 {
			t.Errorf("%v: exit %d, want %d\nstdout:\n%s\nstderr:\n%s", c.args, code, c.code, out, errs)
		}
	}
}
