package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/realnode"
)

func runQuizCLI(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := executeIn(append([]string{"quiz"}, args...), strings.NewReader(stdin), &out, &errb)
	return out.String(), errb.String(), code
}

// quizJSON is the puzzle (or graded answer) of args, as JSON.
func quizJSON(t *testing.T, args ...string) quizReport {
	t.Helper()
	out, errs, code := runQuizCLI(t, "", append(args, "--format", "json")...)
	if code != 0 {
		t.Fatalf("%v: exit %d: %s", args, code, errs)
	}
	var rep quizReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v: %v\n%s", args, err, out)
	}
	return rep
}

// The order of a puzzle, found by grading a wrong answer (json "order").
func quizOrder(t *testing.T, args ...string) (labels, order []string) {
	t.Helper()
	p := quizJSON(t, append(args, "--print")...)
	g := quizJSON(t, append(args, "--answer", strings.Join(p.Labels, ","))...)
	if len(g.Order) != len(p.Labels) || g.Correct == nil || *g.Correct {
		t.Fatalf("%v: the shuffled labels graded %+v", args, g)
	}
	return p.Labels, g.Order
}

func TestQuizPrintIsAProgram(t *testing.T) {
	args := []string{"--level", "2", "--seed", "5", "--node", "20"}
	a, _, code := runQuizCLI(t, "", append(args, "--print")...)
	b, _, _ := runQuizCLI(t, "", append(args, "--print")...)
	if code != 0 || a != b || !strings.HasPrefix(a, "// looplint quiz --level 2 --seed 5 --node 20.20.2\n") {
		t.Fatalf("exit %d:\n%s\n---\n%s", code, a, b)
	}
	c, _, _ := runQuizCLI(t, "", "--level", "2", "--seed", "6", "--node", "20", "--print")
	if c == a {
		t.Error("seeds 5 and 6 print the same puzzle")
	}
	// The printed program predicts as the one order the quiz grades by.
	dir := t.TempDir()
	file := filepath.Join(dir, "quiz.js")
	os.WriteFile(file, []byte(a), 0o644)
	out, errs, code := runCLI(t, "predict", "--node", "20", "--format", "json", file)
	var rep predictReport
	if code != 0 || json.Unmarshal([]byte(out), &rep) != nil {
		t.Fatalf("predict: exit %d %s", code, errs)
	}
	_, order := quizOrder(t, args...)
	if rep.Total != 1 || !slices.Equal(rep.Orders[0].Stdout, order) {
		t.Errorf("predict says %d orders, %q; quiz %q", rep.Total, rep.Orders[0].Stdout, order)
	}
	// The json puzzle does not give the answer away.
	if p := quizJSON(t, append(args, "--print")...); p.Order != nil || p.Explain != nil || p.Program != a {
		t.Errorf("json puzzle: %+v", p)
	}
}

func TestQuizGradesFromStdin(t *testing.T) {
	args := []string{"--level", "1", "--seed", "2", "--node", "26"}
	labels, order := quizOrder(t, args...)
	// Right, as numbers of the shuffled list, one per line.
	var nums []string
	for _, l := range order {
		nums = append(nums, strconv.Itoa(slices.Index(labels, l)+1))
	}
	out, errs, code := runQuizCLI(t, strings.Join(nums, "\n")+"\n", args...)
	if code != 0 || !strings.Contains(out, "In what order does this program print") ||
		!strings.Contains(out, "Right: all "+strconv.Itoa(len(order))+" lines") || strings.Contains(out, "First mistake") {
		t.Fatalf("exit %d %s\n%s", code, errs, out)
	}
	for i, l := range labels {
		if !strings.Contains(out, "  "+strconv.Itoa(i+1)+". "+l+"\n") {
			t.Errorf("label %d %q not listed:\n%s", i+1, l, out)
		}
	}
	// Wrong: the last two swapped, by name, comma-separated.
	wrong := slices.Clone(order)
	n := len(wrong)
	wrong[n-2], wrong[n-1] = wrong[n-1], wrong[n-2]
	out, _, code = runQuizCLI(t, strings.Join(wrong, ", ")+"\n", args...)
	if code != 0 || !strings.Contains(out, "Wrong: "+strconv.Itoa(n-2)+" of "+strconv.Itoa(n)+" positions right") ||
		!strings.Contains(out, "First mistake, position "+strconv.Itoa(n-1)+": Node prints "+strconv.Quote(order[n-2])) ||
		!strings.Contains(out, "Why: ") || !strings.Contains(out, "step by step") {
		t.Errorf("exit %d:\n%s", code, out)
	}
}

func TestQuizJSONGrade(t *testing.T) {
	args := []string{"--level", "3", "--seed", "4", "--node", "20"}
	_, order := quizOrder(t, args...)
	right := quizJSON(t, append(args, "--answer", strings.Join(order, ","))...)
	if right.Correct == nil || !*right.Correct || right.Right != len(order) || right.Mistake != nil || len(right.Explain) == 0 {
		t.Errorf("right: %+v", right)
	}
	wrong := slices.Clone(order)
	wrong[0], wrong[len(wrong)-1] = wrong[len(wrong)-1], wrong[0]
	g := quizJSON(t, append(args, "--answer", strings.Join(wrong, ","))...)
	m := g.Mistake
	if g.Correct == nil || *g.Correct || m == nil || m.Position != 1 || m.Expected != order[0] || m.Given != order[len(order)-1] ||
		m.Why == "" || m.ExpectedFrom.Text == "" || m.GivenFrom.Step < m.ExpectedFrom.Step || m.GivenFrom.Step >= len(g.Explain) {
		t.Errorf("wrong: %+v", g)
	}
}

// Bad flags and answers that cannot be graded exit 2 with a message.
func TestQuizBadInput(t *testing.T) {
	base := []string{"--level", "1", "--seed", "2", "--node", "20"}
	labels, _ := quizOrder(t, base...)
	for _, c := range []struct {
		stdin string
		args  []string
		msg   string
	}{
		{"", []string{"--level", "4"}, "--level must be 1, 2 or 3"},
		{"", []string{"--level", "1", "--format", "xml"}, "--format must be"},
		{"", []string{"--node", "7"}, ""},
		{"", []string{"--print", "--answer", "x"}, "--print reads no answer"},
		{"", []string{"extra"}, ""},
		{"", base, "no answer given"},
		{"\n\n", base, "no answer given"},
		{"", append(base, "--answer", "nope"), `unknown label "nope"`},
		{"", append(base, "--answer", labels[0]), "1 labels given"},
		{"", append(base, "--answer", "1,1"), "is given twice"},
		{"", append(base, "--answer", "99"), "99 is not on the list"},
		{strings.Join(labels[1:], "\n") + "\n\n", base, " labels given, the program prints "},
	} {
		_, errs, code := runQuizCLI(t, c.stdin, c.args...)
		if code != 2 || !strings.Contains(errs, c.msg) {
			t.Errorf("%v (stdin %q): exit %d, %q; want 2 and %q", c.args, c.stdin, code, errs, c.msg)
		}
	}
}

// Puzzles agree with real Node (the node on PATH): verify finds each one
// order it predicted, in every perturbed run. scripts/quiz-verify.sh runs
// a larger sample on several releases.
func TestQuizVerifiedByNode(t *testing.T) {
	if testing.Short() {
		t.Skip("runs node")
	}
	node := systemNode(t)
	if loop.Modelled(node.Version) != nil {
		t.Skipf("node on PATH is %s, not modelled", node.Version)
	}
	dir := t.TempDir()
	var files []string
	for level := 1; level <= 3; level++ {
		for seed := 1; seed <= 3; seed++ {
			out, errs, code := runQuizCLI(t, "", "--level", strconv.Itoa(level), "--seed", strconv.Itoa(seed), "--node", node.Version.String(), "--print")
			if code != 0 {
				t.Fatalf("level %d seed %d: exit %d %s", level, seed, code, errs)
			}
			files = append(files, writeFile(t, dir, "quiz-"+strconv.Itoa(level)+"-"+strconv.Itoa(seed)+".js", []byte(out)))
		}
	}
	rep, _, err := verifyWith(t, []string{dir}, verifyFlags{runs: 8, perturb: true}, newLocalRunner(2), []*realnode.Binary{node})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Results) != len(files) {
		t.Fatalf("%d results for %d puzzles", len(rep.Results), len(files))
	}
	for _, r := range rep.Results {
		if r.Verdict != verdictExact || r.Predicted != 1 || r.Observed != 1 || r.TimedOut != 0 {
			t.Errorf("%s on %s: %s, predicted %d, observed %d: %+v", filepath.Base(r.File), r.Node, r.Verdict, r.Predicted, r.Observed, r.Orders)
		}
	}
}
