package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestTargetBadInput: a browser target's bad input is a clear error with
// the file (and the place, where there is one), exit code 2, no panic.
func TestTargetBadInput(t *testing.T) {
	dir := t.TempDir()
	js := writeFile(t, dir, "a.js", []byte("console.log(1)\n"))
	page := writeFile(t, dir, "p.html", []byte("<p>x</p>\n"))
	unclosed := writeFile(t, dir, "u.html", []byte("<body>\n  <script>console.log(1)\n"))
	remote := writeFile(t, dir, "r.html", []byte(`<script src="https://example.com/x.js"></script>`))
	outside := writeFile(t, dir, "o.html", []byte(`<script src="../x.js"></script>`))
	badScript := writeFile(t, dir, "s.html", []byte("<p>\n<script>let x = ;</script>\n"))
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"unknown target", runArgs("--target", "edge", js), `unknown --target "edge"`},
		{"page without a browser", runArgs(page), "an HTML page runs in a browser"},
		{"click without a browser", runArgs("--click", "#x", js), "--click needs a browser --target"},
		{"unclosed script", runArgs("--target", "chromium", unclosed), "u.html:2:11: <script> without </script>"},
		{"remote script", runArgs("--target", "firefox", remote), "the sandbox has no network"},
		{"script outside the page's directory", runArgs("--target", "firefox", outside), "only scripts in the page's directory"},
		{"syntax error in a page's script", runArgs("--target", "chromium", badScript), filepath.Base(badScript) + ":2:9"},
	} {
		code, stdout, stderr := cliRun(t, c.args...)
		if code != 2 || !strings.Contains(stderr, c.want) {
			t.Errorf("%s: exit %d, stderr %q (stdout %q); want 2 and %q", c.name, code, stderr, stdout, c.want)
		}
	}
}

// TestTargetRun: a .js file as a classic script and a page with a click,
// each printing what the recorded browsers printed
// (testdata/browser/node_apis_reference_errors, click_real_microtasks).
func TestTargetRun(t *testing.T) {
	dir := t.TempDir()
	js := writeFile(t, dir, "a.js", []byte("try { setImmediate(() => {}); } catch (e) { console.log(e.message); }\nsetTimeout(() => console.log('t'), 0);\nrequire('fs');\n"))
	code, stdout, _ := cliRun(t, runArgs("--target", "chromium", js)...)
	if code != 0 || !strings.Contains(stdout, "setImmediate is not defined\n  t\n  stderr| Uncaught ReferenceError: require is not defined") {
		t.Errorf("a.js: exit %d:\n%s", code, stdout)
	}
	page := writeFile(t, dir, "p.html", []byte(`<div id="outer"><button id="inner">x</button></div>
<script>
inner.addEventListener("click", () => { queueMicrotask(() => console.log("m1")); console.log("l1"); });
document.getElementById("outer").addEventListener("click", () => { queueMicrotask(() => console.log("m2")); console.log("l2"); });
</script>`))
	code, stdout, _ = cliRun(t, runArgs("--target", "firefox", "--click", "#inner", page)...)
	if code != 0 || !strings.Contains(stdout, "l1\n  m1\n  l2\n  m2\n") {
		t.Errorf("p.html: exit %d:\n%s", code, stdout)
	}
}

// TestTargetSideBySide: the seed's two timers with a promise each, on
// Node 10, Node 26 and the browsers side by side (Node 10 can run both
// timers before their promises: testdata/runtime/drain-between-timers;
// the browsers run t1, p1, t2, p2: testdata/browser/two_timers_promise_each).
func TestTargetSideBySide(t *testing.T) {
	dir := t.TempDir()
	js := writeFile(t, dir, "seed.js", []byte(`setTimeout(() => { console.log("t1"); Promise.resolve().then(() => console.log("p1")); }, 0);
setTimeout(() => { console.log("t2"); Promise.resolve().then(() => console.log("p2")); }, 0);
`))
	code, stdout, stderr := cliRun(t, "predict", "--node", "10,26", "--target", "node,chromium,firefox", js)
	want := "Node 10.24.1, 26.10.0, Chromium, Firefox · 2 different answers\n  Node 10.24.1 differs from Node 26.10.0, Chromium, Firefox: 't2' can come before 'p1'"
	if code != 0 || !strings.Contains(stdout, want) {
		t.Errorf("exit %d, stderr %q:\n%s\nwant %q", code, stderr, stdout, want)
	}
	if code, _, stderr := cliRun(t, "predict", "--target", "node,edge", js); code != 2 || !strings.Contains(stderr, `unknown --target "edge"`) {
		t.Errorf("a bad target in a list: exit %d, %q", code, stderr)
	}
}
