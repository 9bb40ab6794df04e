package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/looplint/looplint/internal/nodecase"
	"github.com/looplint/looplint/loop"
)

// recordedOrders are the orders real Node printed for a case on version v.
func recordedOrders(t *testing.T, c *nodecase.Case, v string) []string {
	t.Helper()
	rec, ok := c.Node[v]
	if !ok {
		t.Fatalf("no record of Node %s", v)
	}
	var out []string
	for _, o := range rec.Outcomes {
		out = append(out, strings.Join(o.Stdout, "|"))
	}
	sort.Strings(out)
	return out
}

// TestPredictVersionsAsyncPuzzle: the classic async1/async2 puzzle on
// Node 10, 20 and 26 (testdata/runtime/async1-async2-classic, recorded on
// real Node) groups 20 and 26, whose recorded orders are the same, and
// marks where Node 10 differs: the pair of lines its recorded order
// prints the other way round.
func TestPredictVersionsAsyncPuzzle(t *testing.T) {
	c, err := nodecase.Load("../../testdata/runtime/async1-async2-classic.txtar")
	if err != nil {
		t.Fatal(err)
	}
	main, err := c.WriteTo(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	old, young := c.Node["10.24.1"].Outcomes, c.Node["20.20.2"].Outcomes
	if len(old) != 1 || len(young) != 1 || strings.Join(recordedOrders(t, c, "20.20.2"), "\n") != strings.Join(recordedOrders(t, c, "26.10.0"), "\n") {
		t.Fatalf("the record no longer shows one order per version, the same on 20 and 26")
	}
	// The lines Node 10 prints the other way round from Node 20.
	var first, then string
	o10, o20 := old[0].Stdout, young[0].Stdout
	for i := range o10 {
		if i+1 < len(o10) && i+1 < len(o20) && o10[i] != o20[i] && o10[i] == o20[i+1] && o10[i+1] == o20[i] {
			first, then = o10[i], o10[i+1]
			break
		}
	}
	if first == "" {
		t.Fatalf("the recorded orders differ by more than one swap: %v, %v", o10, o20)
	}

	var out, errb bytes.Buffer
	if code := execute([]string{"predict", "--node", "10,20,26", "--format", "json", "--explore", "20", main}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errb.String(), out.String())
	}
	var doc versionsReport
	if err := json.Unmarshal(out.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	if strings.Join(doc.Versions, ",") != "10.24.1,20.20.2,26.10.0" || len(doc.Groups) != 2 ||
		strings.Join(doc.Groups[0].Node, ",") != "20.20.2,26.10.0" || strings.Join(doc.Groups[1].Node, ",") != "10.24.1" {
		t.Fatalf("versions %v, groups %+v", doc.Versions, doc.Groups)
	}
	for _, g := range doc.Groups {
		var got []string
		for _, o := range g.Answer.Orders {
			got = append(got, strings.Join(o.Stdout, "|"))
		}
		sort.Strings(got)
		for _, v := range g.Node {
			if want := recordedOrders(t, c, v); strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("group %v: predicted %v, Node %s printed %v", g.Node, got, v, want)
			}
		}
	}
	if len(doc.Differences) != 1 {
		t.Fatalf("differences: %+v", doc.Differences)
	}
	d := doc.Differences[0]
	want := fmt.Sprintf("Node 10.24.1 differs from Node 20.20.2, 26.10.0: '%s' before '%s'", first, then)
	if strings.Join(d.Node, ",") != "10.24.1" || d.Summary != want || len(d.Before) != 1 ||
		d.Before[0].First.Text != first || d.Before[0].Then.Text != then || !d.Before[0].Always || len(d.Aspects) != 0 {
		t.Errorf("difference %+v\nwant summary %q", d, want)
	}

	// The text: the summary, then each group with the two lines marked
	// (and only those), saying where the other group prints them.
	out.Reset()
	if code := execute([]string{"predict", "--node", "26,10,20,20.20.2", "--explore", "20", main}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	text := out.String()
	for _, s := range []string{
		main + " · Node 10.24.1, 20.20.2, 26.10.0 · 2 different answers\n  " + want + "\n",
		main + " · Node 20.20.2, 26.10.0 · CommonJS · deterministic\n",
		main + " · Node 10.24.1 · CommonJS · deterministic\n",
		fmt.Sprintf("◀ Node 10.24.1 prints it after '%s'\n", first),
		fmt.Sprintf("◀ Node 10.24.1 prints it before '%s'\n", then),
		fmt.Sprintf("◀ Node 20.20.2, 26.10.0 print it after '%s'\n", then),
		fmt.Sprintf("◀ Node 20.20.2, 26.10.0 print it before '%s'\n", first),
	} {
		if !strings.Contains(text, s) {
			t.Errorf("text lacks %q:\n%s", s, text)
		}
	}
	if n := strings.Count(text, "◀"); n != 5 { // the legend and two marks per group
		t.Errorf("%d marks:\n%s", n, text)
	}
	for _, l := range strings.Split(text, "\n") {
		if strings.Contains(l, "◀ Node") && !strings.HasPrefix(strings.TrimSpace(l), first) && !strings.HasPrefix(strings.TrimSpace(l), then) {
			t.Errorf("a line that does not move is marked: %q", l)
		}
	}
}

// TestPredictVersionsFlag: errors name the entry, duplicates are merged,
// a list naming one release is predict of that release exactly.
func TestPredictVersionsFlag(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.js")
	os.WriteFile(good, []byte("setTimeout(() => console.log('b'));\nconsole.log('a');\n"), 0o644)
	var out, errb bytes.Buffer
	for flag, names := range map[string]string{
		"10,99": `"99"`, "10,20.99.0": `"20.99.0"`, "10,,20": "empty entry", "x,20": `"x"`, "20,7": `"7"`, ",": "empty entry",
	} {
		out.Reset()
		errb.Reset()
		if code := execute([]string{"predict", "--node", flag, good}, &out, &errb); code != 2 || !strings.Contains(errb.String(), names) || out.Len() != 0 {
			t.Errorf("--node %s: exit %d, stderr %q; want 2 and a message naming %s", flag, code, errb.String(), names)
		}
	}
	// Bad flags other than --node are refused as for one version.
	errb.Reset()
	if code := execute([]string{"predict", "--node", "10,20", "--format", "xml", good}, &out, &errb); code != 2 || !strings.Contains(errb.String(), "--format") {
		t.Errorf("--format xml: exit %d, %q", code, errb.String())
	}
	for _, format := range []string{"text", "json"} {
		var one, list bytes.Buffer
		c1 := execute([]string{"predict", "--node", "20", "--format", format, "--explore", "5", good}, &one, &errb)
		c2 := execute([]string{"predict", "--node", "20.20.2,20, 20", "--format", format, "--explore", "5", good}, &list, &errb)
		if c1 != 0 || c2 != 0 || one.String() != list.String() {
			t.Errorf("%s: --node 20 (exit %d):\n%s\n--node 20.20.2,20, 20 (exit %d):\n%s", format, c1, one.String(), c2, list.String())
		}
	}
	// A file that cannot be loaded: exit 2 with its error, as for one
	// version; among several files, the others are still answered (JSON:
	// an array of documents).
	errb.Reset()
	out.Reset()
	missing := filepath.Join(dir, "missing.js")
	if code := execute([]string{"predict", "--node", "10,20", "--format", "json", "--explore", "5", good, missing}, &out, &errb); code != 2 ||
		!strings.Contains(errb.String(), "missing.js") {
		t.Errorf("exit %d, stderr %q", code, errb.String())
	}
	var docs []versionsReport
	if err := json.Unmarshal(out.Bytes(), &docs); err != nil || len(docs) != 1 || len(docs[0].Groups) != 1 ||
		strings.Join(docs[0].Groups[0].Node, ",") != "10.24.1,20.20.2" || len(docs[0].Differences) != 0 {
		t.Errorf("%v: %s", err, out.String())
	}
}

// Constructed reports (no prediction): grouping, the first group, what
// the summary says and which lines are marked.

func report(node string, orders ...string) predictReport {
	rep := predictReport{File: "f.js", Node: node, Complete: true, Total: int64(len(orders)), Reasons: []predictReason{},
		Hazards: []predictHazard{}, Unpredicted: []outcome{}, Orders: []predictedOrder{}}
	for i, o := range orders {
		rep.Orders = append(rep.Orders, predictedOrder{Stdout: strings.Fields(o), Stderr: []string{}, Paths: 1,
			Witness: loop.Witness{Clock: []int64{int64(len(node) + i)}}, Engine: "interpreter"})
	}
	return rep
}

func TestGroupVersions(t *testing.T) {
	reps := []predictReport{report("10.24.1", "a b"), report("12.22.12", "b a"), report("20.20.2", "b a"), report("26.10.0", "b a", "a b")}
	groups := groupVersions(reps)
	var got []string
	for _, g := range groups {
		got = append(got, strings.Join(g.Node, ","))
	}
	// The witnesses differ (every report's clock is its own): ignored.
	if strings.Join(got, " ") != "12.22.12,20.20.2 10.24.1 26.10.0" {
		t.Errorf("groups %v", got)
	}
	// A tie: the group with the newest version first.
	groups = groupVersions([]predictReport{report("10.24.1", "a b"), report("20.20.2", "b a")})
	if groups[0].Node[0] != "20.20.2" {
		t.Errorf("first group %v", groups[0].Node)
	}
	groups = groupVersions([]predictReport{report("10.24.1", "a b"), report("12.22.12", "b a"), report("20.20.2", "b a"), report("26.10.0", "a b")})
	if strings.Join(groups[0].Node, ",") != "10.24.1,26.10.0" || strings.Join(groups[1].Node, ",") != "12.22.12,20.20.2" {
		t.Errorf("groups %v, %v", groups[0].Node, groups[1].Node)
	}

	d := compareGroups(versionGroup{Node: []string{"12.22.12", "20.20.2"}, Answer: reps[1]}, versionGroup{Node: []string{"26.10.0"}, Answer: reps[3]})
	if d.Summary != "Node 26.10.0 differs from Node 12.22.12, 20.20.2: 'a' can come before 'b'" {
		t.Errorf("summary %q", d.Summary)
	}
	d = compareGroups(versionGroup{Node: []string{"26.10.0"}, Answer: reps[3]}, versionGroup{Node: []string{"10.24.1", "12.22.12"}, Answer: reps[0]})
	if d.Summary != "Node 10.24.1, 12.22.12 differ from Node 26.10.0: never 'b' before 'a'" {
		t.Errorf("summary %q", d.Summary)
	}

	// The same orders, another hazard: the summary names it.
	h := report("22.23.3", "b a")
	h.Hazards = []predictHazard{{Check: "timerrace", Pos: "f.js:1:1", Message: "m"}}
	d = compareGroups(versionGroup{Node: []string{"20.20.2"}, Answer: reps[2]}, versionGroup{Node: []string{"22.23.3"}, Answer: h})
	if d.Summary != "Node 22.23.3 differs from Node 20.20.2 in its hazards (the same orders)" {
		t.Errorf("summary %q", d.Summary)
	}

	// Marks: a repeated line is told apart by its occurrence; a line the
	// other group does not print is said so.
	doc := versionsReport{Groups: []versionGroup{
		{Node: []string{"20.20.2", "26.10.0"}, Answer: report("20.20.2", "tick x tick y")},
		{Node: []string{"10.24.1"}, Answer: report("10.24.1", "tick tick x")},
	}}
	var lines []string
	for _, o := range markedReport(doc.Groups[0].Answer, lineMarks(doc, 0)).Orders {
		lines = append(lines, o.Stdout...)
	}
	want := []string{"tick", "x     ◀ Node 10.24.1 prints it after 'tick' (2nd time)", "tick  ◀ Node 10.24.1 prints it before 'x'",
		"y     ◀ Node 10.24.1 does not print it"}
	if strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Errorf("marked:\n%s\nwant:\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
	if doc.Groups[0].Answer.Orders[0].Stdout[1] != "x" {
		t.Errorf("marking changed the report itself")
	}
}

// Without --node, predict models the release the project declares nearest
// the file; --node takes the names people use (lts, 22.x, ranges).
func TestPredictProjectNode(t *testing.T) {
	root := t.TempDir()
	os.Mkdir(filepath.Join(root, ".git"), 0o755)
	os.WriteFile(filepath.Join(root, "package.json"), []byte(`{"engines":{"node":">=8 <11"}}`), 0o644)
	os.MkdirAll(filepath.Join(root, "sub"), 0o755)
	os.WriteFile(filepath.Join(root, "sub", ".nvmrc"), []byte("lts/iron\n"), 0o644)
	src := []byte("setTimeout(() => console.log('b'));\nconsole.log('a');\n")
	top, sub := filepath.Join(root, "top.js"), filepath.Join(root, "sub", "sub.js")
	os.WriteFile(top, src, 0o644)
	os.WriteFile(sub, src, 0o644)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"predict", "--format", "json", top}, `"node": "10.24.1"`},
		{[]string{"predict", "--format", "json", sub}, `"node": "20.20.2"`},
		{[]string{"predict", "--format", "json", "--node", "22.x", sub}, `"node": "22.23.3"`},
	} {
		var out, errb bytes.Buffer
		if code := execute(c.args, &out, &errb); code != 0 || !strings.Contains(out.String(), c.want) {
			t.Errorf("%v: exit %d, want %s in %.200s %s", c.args, code, c.want, out.String(), errb.String())
		}
	}
	bad := filepath.Join(root, "bad")
	os.MkdirAll(bad, 0o755)
	os.WriteFile(filepath.Join(bad, ".node-version"), []byte("banana\n"), 0o644)
	os.WriteFile(filepath.Join(bad, "x.js"), src, 0o644)
	var out, errb bytes.Buffer
	if code := execute([]string{"predict", filepath.Join(bad, "x.js")}, &out, &errb); code != 2 || !strings.Contains(errb.String(), ".node-version") {
		t.Errorf("an unreadable .node-version: exit %d, stderr %q", code, errb.String())
	}
}
