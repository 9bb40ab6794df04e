package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/looplint/looplint/realbrowser"
)

func browserFlags(target string) verifyFlags {
	return verifyFlags{target: target, runs: 5, format: "json", timeout: 10 * time.Second, predictTimeout: 2 * time.Minute,
		quiet: realbrowser.DefaultQuiet}
}

// verify --target chromium on recorded cases of testdata/browser, in real
// headless Chromium: nothing the browser printed is missing from the
// prediction.
func TestVerifyChromium(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: runs headless Chromium")
	}
	if _, err := realbrowser.Find("chromium", ""); err != nil {
		t.Skipf("%v: to run verify --target chromium's test", err)
	}
	cases := []string{"click_real_microtasks", "defer_async_module", "microtask_between_scripts"}
	var args []string
	for _, c := range cases {
		args = append(args, filepath.Join("..", "..", "testdata", "browser", c+".txtar"))
	}
	var out, log bytes.Buffer
	if err := runVerify(context.Background(), &out, &log, args, browserFlags("chromium"), nil, nil); err != nil {
		t.Fatalf("verify: %v\n%s\n%s", err, out.String(), log.String())
	}
	var rep verifyReport
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	if rep.Target != "chromium" || !strings.HasPrefix(rep.Browser, "Chromium ") || len(rep.Results) != len(cases) {
		t.Fatalf("report: target %q, browser %q, %d results\n%s", rep.Target, rep.Browser, len(rep.Results), out.String())
	}
	for _, r := range rep.Results {
		if r.Verdict == verdictUnsound || r.Verdict == verdictError || r.Runs != 5 || r.Browser != rep.Browser {
			t.Errorf("%s: %s in %s, %d runs (%s)", r.File, r.Verdict, r.Browser, r.Runs, r.Error)
		}
	}
	// The text report names the browser.
	f := browserFlags("chromium")
	f.format, f.runs = "text", 2
	out.Reset()
	if err := runVerify(context.Background(), &out, &log, args[:1], f, nil, nil); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "runs per page in Chromium ") || !strings.Contains(out.String(), "BROWSER") {
		t.Errorf("text report:\n%s", out.String())
	}
}

func TestVerifyBrowserUsage(t *testing.T) {
	// Any binary: each case fails before a browser starts.
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	t.Setenv("LOOPLINT_CHROMIUM", sh)
	dir := t.TempDir()
	js := filepath.Join(dir, "a.js")
	if err := os.WriteFile(js, []byte("console.log(1);\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	noCase := filepath.Join(dir, "c.txtar")
	if err := os.WriteFile(noCase, []byte("no page\n-- other.js --\n1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		f    func(*verifyFlags)
		args []string
		want string
	}{
		{func(f *verifyFlags) { f.target = "browser" }, []string{js}, "give --target chromium or firefox"},
		{func(f *verifyFlags) { f.target = "safari" }, []string{js}, "safari"},
		{func(f *verifyFlags) { f.nodes = "20" }, []string{js}, "--node is for Node"},
		{func(f *verifyFlags) { f.fsDir = dir }, []string{js}, "--fs is for Node"},
		{func(f *verifyFlags) { f.target = "node"; f.clicks = []string{"#b"} }, []string{js}, "--click needs a browser --target"},
		{func(f *verifyFlags) {}, []string{noCase}, "no page.html or main.js section"},
		{func(f *verifyFlags) {}, []string{dir + "/missing.html"}, "no such file"},
		// Last: $LOOPLINT_CHROMIUM stays set for the rest of the test.
		{func(f *verifyFlags) { t.Setenv("LOOPLINT_CHROMIUM", filepath.Join(dir, "none")) }, []string{js}, "apt-get install -y chromium-headless-shell"},
	} {
		f := browserFlags("chromium")
		tc.f(&f)
		var out, log bytes.Buffer
		err := runVerify(context.Background(), &out, &log, tc.args, f, nil, nil)
		var ee *exitError
		if !errors.As(err, &ee) || ee.code != 2 || !strings.Contains(ee.msg, tc.want) {
			t.Errorf("%s: got %v, want exit 2 saying %q", tc.want, err, tc.want)
		}
	}
}
