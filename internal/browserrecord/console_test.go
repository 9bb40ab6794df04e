package main

import (
	"encoding/json"
	"io"
	"net/http"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/txtar"
)

func TestParseFirefoxLine(t *testing.T) {
	for _, tc := range []struct {
		line   string
		method string
		text   string
		ok     bool
	}{
		{`console.log: "hi" 1 ({a:1})`, "log", "hi 1 ({a:1})", true},
		{`console.log: "two\nlines"`, "log", "two\nlines", true},
		{`console.error: "err x"`, "error", "err x", true},
		{`console.warn: "say \"hi\" \\ \u00e9 \x41"`, "warn", `say "hi" \ é A`, true},
		{`console.log: "\uD83D\uDE00"`, "log", "😀", true},
		{`console.log: ({a:"x y", b:[1, 2]}) "z"`, "log", `({a:"x y", b:[1, 2]}) z`, true},
		{`console.log: `, "log", "", true},
		{`console.log:`, "log", "", true},
		{`console.info: true null undefined`, "info", "true null undefined", true},
		{`[GFX1-]: RenderCompositorSWGL failed mapping default framebuffer, no dt`, "", "", false},
		{`*** You are running in headless mode.`, "", "", false},
		{`console.Log: "x"`, "", "", false},
	} {
		l, ok := parseFirefoxLine(tc.line)
		if ok != tc.ok || l.method != tc.method || l.text != tc.text {
			t.Errorf("parseFirefoxLine(%q) = %q, %q, %v; want %q, %q, %v", tc.line, l.method, l.text, ok, tc.method, tc.text, tc.ok)
		}
	}
}

func TestConsoleCall(t *testing.T) {
	params := `{"type":"log","args":[{"type":"string","value":"a b"},{"type":"number","value":1,"description":"1"},
		{"type":"number","unserializableValue":"-0","description":"-0"},{"type":"undefined"},{"type":"object","subtype":"null","value":null},
		{"type":"boolean","value":false},{"type":"object","className":"Object","description":"Object"}]}`
	l, ok := consoleCall(json.RawMessage(params))
	if !ok || l.method != "log" || l.text != "a b 1 -0 undefined null false Object" {
		t.Errorf("consoleCall = %q, %q, %v", l.method, l.text, ok)
	}
}

func TestRuns(t *testing.T) {
	rs := newRuns()
	feed := func(method, text string) int { return rs.add(consoleLine{method, text}) }
	feed("log", "before any run")
	feed("log", marker(beginPrefix, 0))
	feed("log", "lost: the page loaded again")
	feed("log", marker(beginPrefix, 0))
	feed("log", "a\nb")
	feed("error", "Uncaught ReferenceError: x is not defined")
	if got := feed("log", marker(endPrefix, 0)); got != 0 {
		t.Errorf("end of run 0 returned %d", got)
	}
	feed("log", marker(beginPrefix, 1))
	feed("log", "c")
	o := outcome(rs.done[0])
	if want := []string{"a", "b"}; !reflect.DeepEqual(o.Stdout, want) {
		t.Errorf("run 0 stdout %q, want %q", o.Stdout, want)
	}
	if want := []string{"Uncaught ReferenceError: x is not defined"}; !reflect.DeepEqual(o.Stderr, want) {
		t.Errorf("run 0 stderr %q, want %q", o.Stderr, want)
	}
	if _, ok := rs.done[1]; ok || len(rs.lines[1]) != 1 {
		t.Errorf("run 1: done %v, lines %v", rs.done[1], rs.lines[1])
	}
	if _, ok := parseMarker(endPrefix+"x", endPrefix); ok {
		t.Error("parseMarker accepted a bad number")
	}
}

func TestInjectHarness(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"<!doctype html><html><head><title>x</title></head></html>", "<!doctype html><html><head>H<title>x</title></head></html>"},
		{"<!DOCTYPE html>\n<HEAD lang=en><script>1</script>", "<!DOCTYPE html>\n<HEAD lang=en>H<script>1</script>"},
		{"<!doctype html>\n<body>x", "<!doctype html>H\n<body>x"},
		{"<script>1</script>", "H<script>1</script>"},
	} {
		if got := string(injectHarness([]byte(tc.in), "H")); got != tc.want {
			t.Errorf("injectHarness(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestParseCaseAndServe(t *testing.T) {
	ar := txtar.Parse([]byte(`A click case.
# runs: 7
# click: #inner
# quiet: 1s
-- page.html --
<!doctype html><head></head><script src="x.js"></script>
-- x.js --
console.log(1);
-- browser.json --
{"chromium": {"1.2.3": {"runs": 1, "outcomes": [{"stdout":["1"],"stderr":[],"exitCode":0,"count":1}]}}}
`))
	c, old, err := parseCase(ar)
	if err != nil {
		t.Fatal(err)
	}
	if c.runs != 7 || c.click != "#inner" || c.quiet != time.Second || !reflect.DeepEqual(c.browsers, allBrowsers) || len(c.files) != 2 {
		t.Errorf("parseCase: %+v", c)
	}
	if old["chromium"]["1.2.3"].Runs != 1 {
		t.Errorf("old records: %+v", old)
	}
	data, err := encode(old)
	if err != nil {
		t.Fatal(err)
	}
	var back map[string]map[string]Record
	if err := json.Unmarshal(data, &back); err != nil || !reflect.DeepEqual(back, old) {
		t.Errorf("encode round trip: %v\n%s", err, data)
	}

	srv := serve(c, 2, true)
	defer srv.Close()
	get := func(path string) (int, string) {
		res, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(b)
	}
	if code, body := get("/run/0/"); code != 200 || !strings.Contains(body, `location.replace(next)`) || !strings.Contains(body, `"/run/1/"`) || !strings.Contains(body, marker(endPrefix, 0)) {
		t.Errorf("/run/0/: %d %s", code, body)
	}
	if code, body := get("/run/1/"); code != 200 || !strings.Contains(body, `const next = "";`) {
		t.Errorf("/run/1/: %d %s", code, body)
	}
	if code, body := get("/run/1/x.js"); code != 200 || body != "console.log(1);\n" {
		t.Errorf("/run/1/x.js: %d %q", code, body)
	}
	for _, p := range []string{"/run/2/", "/run/0/browser.json", "/favicon.ico"} {
		if code, _ := get(p); code != 404 {
			t.Errorf("%s: %d, want 404", p, code)
		}
	}
}

// Every recorded case parses, and holds at least 20 runs per browser it
// names, each run ended by its harness.
func TestRecordedCases(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/browser/*.txtar")
	if len(files) < 15 {
		t.Fatalf("%d cases in testdata/browser, want at least 15", len(files))
	}
	for _, f := range files {
		ar, err := txtar.ParseFile(f)
		if err != nil {
			t.Fatal(err)
		}
		c, recs, err := parseCase(ar)
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		for _, b := range c.browsers {
			if len(recs[b]) == 0 {
				t.Errorf("%s: nothing recorded in %s", f, b)
			}
			for v, rec := range recs[b] {
				n := 0
				for _, o := range rec.Outcomes {
					n += o.Count
					for _, l := range o.Stderr {
						if strings.HasPrefix(l, "<browserrecord: ") {
							t.Errorf("%s: %s %s: a run did not end: %q", f, b, v, o.Stdout)
						}
					}
				}
				if n != rec.Runs || rec.Runs < 20 {
					t.Errorf("%s: %s %s: %d runs, outcomes count %d", f, b, v, rec.Runs, n)
				}
			}
		}
	}
}
