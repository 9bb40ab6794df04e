package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"
)

// TestPredictMatchesNode predicts a racy case of testdata/runtime and
// compares the set of orders with the set real Node printed (both orders
// of setTimeout(0) vs setImmediate from the main module, on Node 20.20.2).
func TestPredictMatchesNode(t *testing.T) {
	ar, err := txtar.ParseFile("../../testdata/runtime/timeout-vs-immediate-main.txtar")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var want []string
	for _, f := range ar.Files {
		switch f.Name {
		case "main.js":
			os.WriteFile(filepath.Join(dir, "main.js"), f.Data, 0o644)
		case "node.json":
			var rec map[string]struct {
				Outcomes []struct {
					Stdout []string `json:"stdout"`
				} `json:"outcomes"`
			}
			if err := json.Unmarshal(f.Data, &rec); err != nil {
				t.Fatal(err)
			}
			for _, o := range rec["20.20.2"].Outcomes {
				want = append(want, strings.Join(o.Stdout, "|"))
			}
		}
	}
	var out, errb bytes.Buffer
	code := execute([]string{"predict", "--node", "20.20.2", "--format", "json", "--explore", "50", filepath.Join(dir, "main.js")}, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errb.String(), out.String())
	}
	var rep predictReport
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, o := range rep.Orders {
		got = append(got, strings.Join(o.Stdout, "|"))
		if o.Confirmed == nil || !*o.Confirmed {
			t.Errorf("order %v not confirmed by replay", o.Stdout)
		}
	}
	sort.Strings(got)
	sort.Strings(want)
	if !rep.Complete || strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("complete=%v predicted:\n%s\nNode printed:\n%s", rep.Complete, strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if len(rep.Unpredicted) != 0 {
		t.Errorf("unpredicted runtime orders: %+v", rep.Unpredicted)
	}
}

func TestPredictBadInput(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.js")
	os.WriteFile(bad, []byte("const = 1;\n"), 0o644)
	var out, errb bytes.Buffer
	if code := execute([]string{"predict", bad}, &out, &errb); code != 2 || !strings.Contains(errb.String(), "bad.js:1:") {
		t.Errorf("exit %d, stderr %q", code, errb.String())
	}
	if code := execute([]string{"predict", "--format", "xml", bad}, &out, &errb); code != 2 {
		t.Errorf("bad --format: exit %d", code)
	}
}
