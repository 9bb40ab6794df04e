package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// TestPredictHTML: --format html is one page holding the reports of
// --format json --explain, one per version, and no reference to a file
// it would have to fetch.
func TestPredictHTML(t *testing.T) {
	file := "../../testdata/examples/event-loop-tour.js"
	var out, errb bytes.Buffer
	if code := execute([]string{"predict", "--format", "html", "--node", "10,22", "--explore", "20", file}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	page := out.String()
	const mark = "window.LOOPLINT_STATIC = "
	i := strings.Index(page, mark)
	if i < 0 {
		t.Fatalf("the page holds no reports:\n%.500s", page)
	}
	var data struct {
		File    string          `json:"file"`
		Source  string          `json:"source"`
		Reports []predictReport `json:"reports"`
	}
	if err := json.NewDecoder(strings.NewReader(page[i+len(mark):])).Decode(&data); err != nil {
		t.Fatal(err)
	}
	if len(data.Reports) != 2 || data.Reports[0].Node != "10.24.1" || data.Reports[1].Node != "22.23.3" {
		t.Fatalf("reports for %d versions, want 10.24.1 and 22.23.3", len(data.Reports))
	}
	for _, r := range data.Reports {
		if len(r.Orders) == 0 || len(r.Orders[0].Explain) == 0 {
			t.Errorf("Node %s: no orders, or no steps", r.Node)
		}
	}
	for _, ref := range []string{`src="`, `href="style.css"`} {
		if strings.Contains(page, ref) {
			t.Errorf("the page refers to %s", ref)
		}
	}
	if code := execute([]string{"predict", "--format", "html", file, file}, &out, &errb); code != 2 {
		t.Errorf("two files with --format html: exit %d, want 2", code)
	}
}

// TestServeRefuses: serve listens on loopback only, and says how to build
// the playground when the binary holds none.
func TestServeRefuses(t *testing.T) {
	var out, errb bytes.Buffer
	if code := execute([]string{"serve", "--addr", "0.0.0.0:0", "--dir", t.TempDir()}, &out, &errb); code != 2 || !strings.Contains(errb.String(), "make web") && !strings.Contains(errb.String(), "loopback") {
		t.Errorf("serve on 0.0.0.0: exit %d, %q", code, errb.String())
	}
	errb.Reset()
	if code := execute([]string{"serve", "--dir", t.TempDir()}, &out, &errb); code != 2 || !strings.Contains(errb.String(), "make web") {
		t.Errorf("serve of an empty directory: exit %d, %q", code, errb.String())
	}
}
