package main

import (
	"encoding/json"
	"io/fs"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/txtar"
)

func TestParseCase(t *testing.T) {
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
	if c.runs != 7 || !reflect.DeepEqual(c.page.Clicks, []string{"#inner"}) || c.page.Quiet != time.Second || !reflect.DeepEqual(c.browsers, allBrowsers) || len(c.files) != 2 {
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
	if data, err := fs.ReadFile(c.page.Files, "x.js"); err != nil || string(data) != "console.log(1);\n" {
		t.Errorf("x.js beside the page: %q, %v", data, err)
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
