package realbrowser

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/grafana/sobek"
)

// TestPerturbScript: a perturbed run's page has the perturbing script
// right after the harness, before the page's own, with the run's seed and
// the bound filled in, and the script compiles; a plain run's has none.
func TestPerturbScript(t *testing.T) {
	p := &Page{JS: []byte("console.log(1);\n"), Quiet: time.Second, Perturb: &Perturb{Seed: 7, MaxUs: 1500, NetMs: 5}}
	html := string(runHTML(p, "chromium", 3, ""))
	harnessAt, perturbAt, pageAt := strings.Index(html, marker(beginPrefix, 3)), strings.Index(html, "xorshift32"), strings.Index(html, "console.log(1);")
	if harnessAt < 0 || perturbAt < harnessAt || pageAt < perturbAt {
		t.Fatalf("harness at %d, perturbing script at %d, page at %d:\n%s", harnessAt, perturbAt, pageAt, html)
	}
	if strings.Contains(html, "__SEED__") || strings.Contains(html, "__MAX_US__") || !strings.Contains(html, "const maxUs = 1500;") {
		t.Errorf("placeholders left or bound missing:\n%s", html)
	}
	seed := regexp.MustCompile(`let state = \((\d+) >>> 0\)`).FindStringSubmatch(html)
	if seed == nil || seed[1] == "0" {
		t.Fatalf("no seed in the script")
	}
	if other := string(runHTML(p, "chromium", 4, "")); strings.Contains(other, "let state = ("+seed[1]+" ") {
		t.Errorf("runs 3 and 4 have the same seed %s", seed[1])
	}
	script := html[strings.LastIndex(html[:perturbAt], "<script>")+len("<script>"):]
	script = script[:strings.Index(script, "</script>")]
	if _, err := sobek.Compile("perturb.js", script, false); err != nil {
		t.Errorf("the perturbing script does not compile: %v", err)
	}
	p.Perturb = nil
	if strings.Contains(string(runHTML(p, "chromium", 3, "")), "xorshift32") {
		t.Error("a plain run has the perturbing script")
	}
}

func TestNetDelay(t *testing.T) {
	p := Perturb{Seed: 1, NetMs: 20}
	some := false
	for i := 0; i < 50; i++ {
		d := p.netDelay("firefox", i, "x.js")
		if d < 0 || d > 20*time.Millisecond || d != p.netDelay("firefox", i, "x.js") {
			t.Fatalf("netDelay run %d: %v", i, d)
		}
		some = some || d > 0
	}
	if !some {
		t.Error("no delay in 50 runs")
	}
	if (Perturb{Seed: 1}).netDelay("firefox", 0, "x.js") != 0 {
		t.Error("a delay with NetMs 0")
	}
}
