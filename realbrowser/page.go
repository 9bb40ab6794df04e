package realbrowser

import (
	"fmt"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"path"
	"strconv"
	"strings"
	"time"
)

// The harness is a classic inline script put first in every page (the
// first thing in <head>). It prints a begin line, reports uncaught errors
// on the console (console.error("Uncaught " + String(error)), which both
// browsers print alike), and once the page has loaded and then stayed
// quiet for the case's quiet period it prints the end line and, in
// Firefox when the recorder does not drive it, goes on to the next run.
// In a click case the recorder prints the end line itself, the quiet
// period after its click. It keeps its own setTimeout, so that a
// perturbing script after it (Perturb) leaves its timer alone.
const harness = `<script>(() => {
const setTimeout = window.setTimeout;
console.log(%[1]q);
addEventListener('error', e => console.error('Uncaught ' + (e.error !== undefined ? String(e.error) : e.message)));
if (%[4]d >= 0) addEventListener('load', () => setTimeout(() => {
console.log(%[2]q);
const next = %[3]q;
if (next) location.replace(next);
}, %[4]d));
})();</script>
`

const (
	beginPrefix = "browserrecord: begin run "
	endPrefix   = "browserrecord: end of run "
)

// marker is the begin or end line of run i, and parses it back.
func marker(prefix string, i int) string { return prefix + strconv.Itoa(i) }

func parseMarker(line, prefix string) (int, bool) {
	s, ok := strings.CutPrefix(line, prefix)
	if !ok {
		return 0, false
	}
	i, err := strconv.Atoi(s)
	return i, err == nil && i >= 0
}

// runHTML is the HTML of one run in browser: the page with the harness
// (and the perturbing script) inserted, or a page whose one inline
// classic script is the page's JS.
func runHTML(c *Page, browser string, run int, next string) []byte {
	quiet := c.Quiet.Milliseconds()
	if len(c.Clicks) > 0 {
		quiet = -1
	}
	h := fmt.Sprintf(harness, marker(beginPrefix, run), marker(endPrefix, run), next, quiet)
	if c.Perturb != nil {
		h += c.Perturb.script(browser, run)
	}
	if c.HTML == nil {
		return []byte("<!doctype html>\n<html><head><meta charset=\"utf-8\">" + h + "</head><body>\n<script>\n" + string(c.JS) + "</script>\n</body></html>\n")
	}
	return injectHarness(c.HTML, h)
}

// injectHarness puts h right after <head ...>, else after <!doctype ...>,
// else first.
func injectHarness(html []byte, h string) []byte {
	s := string(html)
	lower := strings.ToLower(s)
	at := 0
	if i := strings.Index(lower, "<head"); i >= 0 {
		if j := strings.Index(s[i:], ">"); j >= 0 {
			at = i + j + 1
		}
	} else if strings.HasPrefix(strings.TrimSpace(lower), "<!doctype") {
		at = strings.Index(s, ">") + 1
	}
	return []byte(s[:at] + h + s[at:])
}

// serve serves a page's runs on a loopback address: /run/I/ is run I's
// page and /run/I/NAME the file NAME beside it, so that a page's relative
// URLs (module and defer scripts) name a fresh URL each run. chain says
// whether a run's page goes on to the next run by itself (Firefox).
// Perturbed, it waits a while before it serves a file beside the page.
func serve(c *Page, browser string, runs int, chain bool) *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		rest, ok := strings.CutPrefix(r.URL.Path, "/run/")
		if !ok {
			http.NotFound(w, r)
			return
		}
		num, name, _ := strings.Cut(rest, "/")
		run, err := strconv.Atoi(num)
		if err != nil || run < 0 || run >= runs {
			http.NotFound(w, r)
			return
		}
		if name == "" || name == "index.html" {
			next := ""
			if chain && run+1 < runs {
				next = fmt.Sprintf("/run/%d/", run+1)
			}
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Write(runHTML(c, browser, run, next))
			return
		}
		if c.Perturb != nil {
			time.Sleep(c.Perturb.netDelay(browser, run, name))
		}
		var data []byte
		if c.Files != nil && fs.ValidPath(name) {
			data, err = fs.ReadFile(c.Files, name)
		}
		if data == nil || err != nil {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", contentType(name))
		w.Write(data)
	}))
}

func contentType(name string) string {
	switch path.Ext(name) {
	case ".js", ".mjs":
		return "text/javascript; charset=utf-8"
	case ".html":
		return "text/html; charset=utf-8"
	case ".css":
		return "text/css; charset=utf-8"
	case ".json":
		return "application/json"
	}
	return "text/plain; charset=utf-8"
}
