package realbrowser

import (
	"encoding/json"
	"io"
	"net/http"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"
	"time"
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
	o := result(rs.done[0])
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

func TestServe(t *testing.T) {
	p := &Page{HTML: []byte(`<!doctype html><head></head><script src="x.js"></script>`), Quiet: time.Second,
		Files: fstest.MapFS{"x.js": {Data: []byte("console.log(1);\n")}}}
	srv := serve(p, "firefox", 2, true)
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
	for _, p := range []string{"/run/2/", "/run/0/y.js", "/run/0/../x.js", "/favicon.ico"} {
		if code, _ := get(p); code != 404 {
			t.Errorf("%s: %d, want 404", p, code)
		}
	}
}

func TestFindUnknown(t *testing.T) {
	if _, err := Find("safari", ""); err == nil || !strings.Contains(err.Error(), "unknown browser") {
		t.Errorf("Find(safari): %v", err)
	}
	t.Setenv("LOOPLINT_FIREFOX", "")
	t.Setenv("PATH", t.TempDir())
	if _, err := Find("firefox", ""); err == nil || !strings.Contains(err.Error(), "apt-get") || !strings.Contains(err.Error(), "firefox-esr") {
		t.Errorf("Find(firefox) with none installed: %v", err)
	}
	t.Setenv("LOOPLINT_CHROMIUM", "")
	if _, err := Find("chromium", ""); err == nil || !strings.Contains(err.Error(), "chromium-headless-shell") {
		t.Errorf("Find(chromium) with none installed: %v", err)
	}
	t.Setenv("LOOPLINT_CHROMIUM", "/nonexistent/chromium")
	if _, err := Find("chromium", ""); err == nil || !strings.Contains(err.Error(), "apt-get install -y chromium-headless-shell") {
		t.Errorf("Find(chromium) with $LOOPLINT_CHROMIUM missing: %v", err)
	}
}
