package main

import (
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"github.com/looplint/looplint/answer"
	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/nodespec"
)

// predict --node 10,20,26: one answer per release group (the versions
// whose answers are the same), with the differences marked. One version
// (or a list naming one release) is predict as before.

// describeNodeList says in predict's help that --node takes a list.
func describeNodeList(cmd *cobra.Command) {
	if fl := cmd.Flags().Lookup("node"); fl != nil {
		fl.Usage = "Node version to model: 10, 22.17, 26.10.0 ..., or a comma-separated list (10,20,26) to compare side by side (default: the node on PATH, else " + loop.Newest.String() + ")"
	}
	cmd.Long += `

Several versions (--node 10,20,26; majors or exact versions, each resolved
as for one) are predicted each on its own, at the same time, and the
versions whose answers are the same (the same orders, marks, hazards and
reasons) form one release group, shown once: first the group of the most
versions, then the others, oldest first. A summary says how each other
group differs from the first, and a ◀ after a printed line says which
groups print it elsewhere (before or after which line) or not at all.
JSON: {"file", "versions", "groups": [{"node", "answer"}],
"differences"} (see the README). The exit status is the worst of the
versions'.`
	cmd.Example += `
  looplint predict --node 10,20,26 puzzle.js`
}

// nodeList reads --node when it lists several versions: nil when it has
// no comma (one version, or the node on PATH: predict as before).
func nodeList(flag string) ([]loop.Version, error) {
	if !strings.Contains(flag, ",") {
		return nil, nil
	}
	vs, err := nodespec.List(flag, nodeOnPathVersion)
	if err != nil {
		return nil, usageErr("--node: %v", err)
	}
	return vs, nil
}

// side is one answer of several shown side by side: a Node version, or a
// browser target (--target node,chromium,firefox).
type side struct {
	node, target string
}

// sideList is what predict shows side by side: each --node version (one
// when it names one) for the node target, and each browser of --target's
// list; nil for one answer.
func sideList(vs []loop.Version, f predictFlags) ([]side, error) {
	var out []side
	for _, t := range strings.Split(f.target, ",") {
		t = strings.TrimSpace(t)
		b, err := loop.ParseTarget(t)
		if err != nil {
			return nil, usageErr("%v", err)
		}
		switch {
		case b != loop.NoBrowser:
			out = append(out, side{node: loop.Newest.String(), target: b.String()})
		case len(vs) > 0:
			for _, v := range vs {
				out = append(out, side{node: v.String(), target: "node"})
			}
		default:
			out = append(out, side{node: f.node, target: "node"})
		}
	}
	if len(out) < 2 {
		return nil, nil
	}
	return out, nil
}

// sideName names an answer among several: its Node version, or its
// browser.
func sideName(rep predictReport) string {
	if rep.Target != "" {
		return rep.Target
	}
	return rep.Node
}

// versionsReport is predict's JSON for several versions.
type versionsReport struct {
	File     string   `json:"file"`
	Versions []string `json:"versions"`
	// Groups: the release groups, the one of the most versions first
	// (the others are compared with it), then the others, oldest first.
	Groups      []versionGroup `json:"groups"`
	Differences []versionDiff  `json:"differences"`
}

type versionGroup struct {
	Node []string `json:"node"`
	// Answer is the report of the group's oldest version (its node and
	// witnesses are that version's; the others' witnesses may differ
	// where the printed answer does not).
	Answer predictReport `json:"answer"`
}

// versionDiff says how the answer of one group (node) differs from the
// first group's (from).
type versionDiff struct {
	Node    []string `json:"node"`
	From    []string `json:"from"`
	Summary string   `json:"summary"`
	// Before: node's group prints first before then, from's never does
	// (always: in each of node's orders that prints both).
	Before []linePair `json:"before"`
	// NotBefore: from's group prints first before then, node's never does
	// (a swap is in both lists, each way round).
	NotBefore []linePair `json:"notBefore"`
	// Lines only node's group prints; MissingLines only from's prints.
	Lines        []printedLine `json:"lines"`
	MissingLines []printedLine `json:"missingLines"`
	// Orders index node's answer.orders that from's answer does not list;
	// MissingOrders index from's answer.orders that node's does not list.
	Orders        []int `json:"orders"`
	MissingOrders []int `json:"missingOrders"`
	// Endings only node's orders end with; MissingEndings only from's.
	Endings        []orderEnding `json:"endings"`
	MissingEndings []orderEnding `json:"missingEndings"`
	// Aspects are the other parts of the answers that differ: "module
	// kind", "engine", "completeness", "number of orders", "hazards",
	// "notes", "commuting callbacks", "unpredicted orders", "paths",
	// "confirmation", "stall marks", "lead (the orders an idle machine
	// prints)", "why", "explanations".
	Aspects []string `json:"aspects"`
	// ListedOnly: an answer lists fewer orders than it counts; only the
	// listed orders were compared.
	ListedOnly bool `json:"listedOnly,omitempty"`
	// Coarse: the orders were too long to compare line against line
	// (before and notBefore are empty).
	Coarse bool `json:"coarse,omitempty"`
}

// printedLine is a line of stdout; n is 1 the first time an order prints
// the text, 2 the second time, ...
type printedLine struct {
	Text string `json:"text"`
	N    int    `json:"n"`
}

type linePair struct {
	First  printedLine `json:"first"`
	Then   printedLine `json:"then"`
	Always bool        `json:"always"`
}

type orderEnding struct {
	ExitCode int    `json:"exitCode"`
	Starves  bool   `json:"starves,omitempty"`
	Stderr   string `json:"stderr,omitempty"` // its last line
}

// runPredictVersions is predict over several versions, for each file in
// turn (JSON: one document, or an array of them for several files).
func runPredictVersions(w, errw io.Writer, files []string, vs []side, f predictFlags) error {
	if err := f.check(); err != nil {
		return err
	}
	// One file's error is the command's (its exit code, its message).
	docs, code, err := eachFile(w, errw, files, f, len(files) == 1, func(file string) (versionsReport, bool, error) { return predictVersions(file, vs, f) }, printVersionsText)
	if err != nil {
		return err
	}
	if f.format == "json" {
		switch {
		case len(files) == 1 && len(docs) == 1:
			err = writeJSON(w, docs[0])
		case docs == nil:
			err = writeJSON(w, []versionsReport{})
		default:
			err = writeJSON(w, docs)
		}
		if err != nil {
			return err
		}
	}
	if code != 0 {
		return &exitError{code: code}
	}
	return nil
}

// predictVersions predicts file on each version (as many at once as
// GOMAXPROCS), groups the versions whose answers are the same and compares
// each group with the one of the most versions. ok is every version's.
func predictVersions(file string, vs []side, f predictFlags) (versionsReport, bool, error) {
	reps := make([]predictReport, len(vs))
	oks := make([]bool, len(vs))
	errs := make([]error, len(vs))
	next := make(chan int)
	var wg sync.WaitGroup
	for k := 0; k < min(runtime.GOMAXPROCS(0), len(vs)); k++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				g := f
				g.node, g.target = vs[i].node, vs[i].target
				reps[i], oks[i], errs[i] = predictFile(file, g)
			}
		}()
	}
	for i := range vs {
		next <- i
	}
	close(next)
	wg.Wait()
	ok := true
	for i := range vs {
		if errs[i] != nil {
			return versionsReport{}, false, errs[i]
		}
		ok = ok && oks[i]
	}
	doc := versionsReport{File: file, Differences: []versionDiff{}}
	for _, rep := range reps {
		doc.Versions = append(doc.Versions, sideName(rep))
	}
	doc.Groups = groupVersions(reps)
	for _, g := range doc.Groups[1:] {
		doc.Differences = append(doc.Differences, compareGroups(doc.Groups[0], g))
	}
	return doc, ok, nil
}

// groupVersions puts together the versions whose answers are the same
// (reps oldest first): the group of the most versions first (of two as
// large, the one with the newest version), then the others oldest first.
func groupVersions(reps []predictReport) []versionGroup {
	var groups []versionGroup
	var newest []int // per group, the index in reps of its newest version
	at := map[string]int{}
	for r, rep := range reps {
		k := answerKey(rep)
		i, ok := at[k]
		if !ok {
			i = len(groups)
			at[k] = i
			groups = append(groups, versionGroup{Answer: rep})
			newest = append(newest, r)
		}
		groups[i].Node = append(groups[i].Node, sideName(rep))
		newest[i] = r
	}
	first := 0
	for i, g := range groups {
		if n, m := len(g.Node), len(groups[first].Node); n > m || n == m && newest[i] > newest[first] {
			first = i
		}
	}
	out := []versionGroup{groups[first]}
	out = append(out, groups[:first]...)
	return append(out, groups[first+1:]...)
}

// answerKey is what makes two answers the same for a reader: the orders
// (what each prints, how it ends, whether it needs load or a stall), the
// hazards' kinds and places, completeness and its reasons. How many paths
// reach an order and the words of its branching points differ between
// releases whose loops take different steps to the same output; they do
// not split a group (the JSON still carries each group's own).
func answerKey(rep predictReport) string {
	type order struct {
		Stdout, Stderr   []string
		ExitCode         int
		Starves          bool
		Stall, UnderLoad bool
		PauseMs          int64
		Confirmed        bool
	}
	k := struct {
		Module      any
		Complete    bool
		Total       int64
		Orders      []order
		Hazards     []string
		Reasons     []predictReason
		Unpredicted int
	}{Module: rep.Module, Complete: rep.Complete, Total: rep.Total, Reasons: rep.Reasons, Unpredicted: len(rep.Unpredicted)}
	for _, o := range rep.Orders {
		k.Orders = append(k.Orders, order{o.Stdout, o.Stderr, o.ExitCode, o.Starves, o.Stall, o.UnderLoad, o.PauseMs, o.Confirmed == nil || *o.Confirmed})
	}
	for _, h := range rep.Hazards {
		k.Hazards = append(k.Hazards, h.Check+" "+h.Pos)
	}
	b, err := json.Marshal(k)
	if err != nil {
		// Cannot happen for these types; never group what cannot be told.
		return fmt.Sprintf("%p", &rep)
	}
	return string(b)
}

func printedOf(rep predictReport) []answer.Printed {
	out := make([]answer.Printed, len(rep.Orders))
	for i, o := range rep.Orders {
		out[i] = answer.Printed{Stdout: o.Stdout, Stderr: o.Stderr, ExitCode: o.ExitCode, Starves: o.Starves}
	}
	return out
}

// compareGroups says how group g's answer differs from base's.
func compareGroups(base, g versionGroup) versionDiff {
	ahead := answer.CompareOrders(printedOf(base.Answer), printedOf(g.Answer))
	behind := answer.CompareOrders(printedOf(g.Answer), printedOf(base.Answer))
	d := versionDiff{Node: g.Node, From: base.Node, Before: linePairs(ahead.Precedes), NotBefore: linePairs(behind.Precedes),
		Lines: printedLines(ahead.Lines), MissingLines: printedLines(behind.Lines), Orders: nonNilInts(ahead.Orders),
		MissingOrders: nonNilInts(behind.Orders), Endings: orderEndings(ahead.Endings), MissingEndings: orderEndings(behind.Endings),
		Coarse: ahead.Coarse || behind.Coarse}
	d.ListedOnly = listsFewer(base.Answer) || listsFewer(g.Answer)
	d.Aspects = aspects(base.Answer, g.Answer, ahead.Empty() && behind.Empty())
	d.Summary = summary(d)
	return d
}

func listsFewer(rep predictReport) bool { return rep.TotalAtMost || rep.Total > int64(len(rep.Orders)) }

func nonNilInts(s []int) []int {
	if s == nil {
		return []int{}
	}
	return s
}

func linePairs(ps []answer.Precedes) []linePair {
	out := []linePair{}
	for _, p := range ps {
		out = append(out, linePair{First: printedLine(p.First), Then: printedLine(p.Then), Always: p.Always})
	}
	return out
}

func printedLines(ls []answer.Line) []printedLine {
	out := []printedLine{}
	for _, l := range ls {
		out = append(out, printedLine(l))
	}
	return out
}

func orderEndings(es []answer.Ending) []orderEnding {
	out := []orderEnding{}
	for _, e := range es {
		out = append(out, orderEnding(e))
	}
	return out
}

// aspects names the parts of two answers, other than the orders they
// list, that differ. sameOrders: they list the same orders (then the
// number of orders, the commuting callbacks and the paths are said too;
// otherwise the orders say it).
func aspects(a, b predictReport, sameOrders bool) []string {
	out := []string{}
	add := func(differ bool, name string) {
		if differ {
			out = append(out, name)
		}
	}
	same := func(x, y any) bool {
		bx, errx := json.Marshal(x)
		by, erry := json.Marshal(y)
		return errx == nil && erry == nil && string(bx) == string(by)
	}
	var ua, ub [][]string
	for _, u := range a.Unpredicted {
		ua = append(ua, u.Stdout)
	}
	for _, u := range b.Unpredicted {
		ub = append(ub, u.Stdout)
	}
	add(a.Module != b.Module, "module kind")
	add(a.Engine != b.Engine, "engine")
	add(a.Complete != b.Complete || !same(a.Reasons, b.Reasons), "completeness")
	add(sameOrders && (a.Total != b.Total || a.TotalAtMost != b.TotalAtMost), "number of orders")
	hz := func(r predictReport) []string {
		var out []string
		for _, h := range r.Hazards {
			out = append(out, h.Check+" "+h.Pos)
		}
		return out
	}
	add(!same(hz(a), hz(b)), "hazards")
	add(!same(a.Notes, b.Notes), "notes")
	add(sameOrders && !same(a.Patterns, b.Patterns), "commuting callbacks")
	add(!same(ua, ub), "unpredicted orders")
	// The marks of each order both list.
	byOrder := map[string]predictedOrder{}
	for _, o := range b.Orders {
		byOrder[orderKey(o)] = o
	}
	paths := sameOrders && a.Paths != b.Paths
	var confirm, stall, why, explain, idle bool
	for _, o := range a.Orders {
		p, ok := byOrder[orderKey(o)]
		if !ok {
			continue
		}
		confirm = confirm || o.Engine != p.Engine || o.Replay != p.Replay || !same(o.Confirmed, p.Confirmed)
		stall = stall || o.Stall != p.Stall || o.PauseMs != p.PauseMs
		idle = idle || o.UnderLoad != p.UnderLoad
		why = why || o.Why != p.Why
		explain = explain || !same(o.Explain, p.Explain)
		paths = paths || sameOrders && o.Paths != p.Paths
	}
	add(idle, "lead (the orders an idle machine prints)")
	add(paths, "paths")
	add(confirm, "confirmation")
	add(stall || sameOrders && a.StallMs != b.StallMs, "stall marks")
	add(why, "why")
	add(explain, "explanations")
	return out
}

// orderKey is what an order printed and how it ended.
func orderKey(o predictedOrder) string {
	b, _ := json.Marshal([]any{o.Stdout, o.Stderr, o.ExitCode, o.Starves})
	return string(b)
}

func nodeNames(vs []string) string {
	var nodes, browsers []string
	for _, v := range vs {
		if v != "" && v[0] >= '0' && v[0] <= '9' {
			nodes = append(nodes, v)
		} else {
			browsers = append(browsers, browserName(v))
		}
	}
	if len(nodes) > 0 {
		browsers = append([]string{"Node " + strings.Join(nodes, ", ")}, browsers...)
	}
	return strings.Join(browsers, ", ")
}

// browserName is a browser target among other answers.
func browserName(t string) string {
	switch t {
	case "chromium":
		return "Chromium"
	case "firefox":
		return "Firefox"
	}
	return "the HTML standard"
}

// maxSaid is how many differences a summary says before "and N more".
const maxSaid = 4

// summary says in a line how d's group differs from the first group.
func summary(d versionDiff) string {
	var says []string
	vb := func(one, many string) string { return plural(len(d.Node), one, many) }
	for _, p := range d.Before {
		verb := " before "
		if !p.Always {
			verb = " can come before "
		}
		says = append(says, quoteLine(p.First)+verb+quoteLine(p.Then))
	}
	// A line the first group always prints before another, which d's
	// never does, is the other side of a swap that Before says; one the
	// first group only can print first is news.
	for _, p := range d.NotBefore {
		if !p.Always {
			says = append(says, "never "+quoteLine(p.First)+" before "+quoteLine(p.Then))
		}
	}
	for _, l := range d.Lines {
		says = append(says, vb("prints ", "print ")+quoteLine(l))
	}
	for _, l := range d.MissingLines {
		says = append(says, vb("does", "do")+" not print "+quoteLine(l))
	}
	for _, e := range d.Endings {
		says = append(says, endingText(e, len(d.Node) > 1))
	}
	if len(d.Endings) == 0 {
		for _, e := range d.MissingEndings {
			if e.Starves {
				says = append(says, vb("never runs", "never run")+" forever")
			} else {
				says = append(says, fmt.Sprintf("%s with code %d", vb("never exits", "never exit"), e.ExitCode))
			}
		}
	}
	if d.Coarse {
		says = append(says, "its orders differ (too long to compare line by line)")
	}
	if len(says) == 0 {
		if n := len(d.Orders); n > 0 {
			says = append(says, fmt.Sprintf("%s %d %s that %s does not", vb("lists", "list"), n, plural(n, "order", "orders"), nodeNames(d.From)))
		}
		if n := len(d.MissingOrders); n > 0 {
			says = append(says, fmt.Sprintf("%s not list %d of its %s", vb("does", "do"), n, plural(n, "order", "orders")))
		}
	}
	if len(says) > maxSaid {
		says = append(says[:maxSaid], fmt.Sprintf("and %d more", len(says)-maxSaid))
	}
	head := nodeNames(d.Node) + " " + plural(len(d.Node), "differs", "differ") + " from " + nodeNames(d.From)
	switch {
	case len(says) == 0 && len(d.Aspects) == 0:
		// Only the witnesses differ, which grouping ignores: not reached.
		return head
	case len(says) == 0:
		return head + " in its " + andList(d.Aspects) + " (the same orders)"
	}
	s := head + ": " + strings.Join(says, "; ")
	if d.ListedOnly {
		s += " (of the listed orders)"
	}
	if len(d.Aspects) > 0 {
		s += "; also in its " + andList(d.Aspects)
	}
	return s
}

// endingText says an ending, its verb plural for several versions.
func endingText(e orderEnding, many bool) string {
	n := 1
	if many {
		n = 2
	}
	switch {
	case e.Starves:
		return plural(n, "never exits", "never exit")
	case e.Stderr != "":
		return fmt.Sprintf("%s with code %d (%s)", plural(n, "exits", "exit"), e.ExitCode, clip(e.Stderr, 60))
	}
	return fmt.Sprintf("%s with code %d", plural(n, "exits", "exit"), e.ExitCode)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func andList(xs []string) string {
	if len(xs) <= 1 {
		return strings.Join(xs, "")
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " and " + xs[len(xs)-1]
}

// clip cuts s to n characters, with an ellipsis.
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}

// quoteLine is a printed line as the summaries and marks name it.
func quoteLine(l printedLine) string {
	q := "'" + clip(l.Text, 40) + "'"
	if l.N > 1 {
		q += fmt.Sprintf(" (%s time)", ordinal(l.N))
	}
	return q
}

func ordinal(n int) string {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return fmt.Sprintf("%d%s", n, suffix)
}

// lineMarks are the marks of one group's printed lines: what the groups
// it is compared with print elsewhere or not at all. The first group is
// compared with each other group; the others with the first.
func lineMarks(doc versionsReport, i int) map[answer.Line]string {
	others := []int{0}
	if i == 0 {
		others = others[:0]
		for j := 1; j < len(doc.Groups); j++ {
			others = append(others, j)
		}
	}
	g := doc.Groups[i]
	// What is said of a line, and by which versions: groups that say the
	// same are named together.
	type said struct {
		what string
		node []string
	}
	says := map[answer.Line][]*said{}
	var lines []answer.Line
	say := func(l answer.Line, what string, node []string) {
		if says[l] == nil {
			lines = append(lines, l)
		}
		for _, s := range says[l] {
			if s.what == what {
				s.node = append(s.node, node...)
				return
			}
		}
		says[l] = append(says[l], &said{what: what, node: append([]string(nil), node...)})
	}
	for _, j := range others {
		h := doc.Groups[j]
		ahead := answer.CompareOrders(printedOf(g.Answer), printedOf(h.Answer))
		for _, l := range answer.CompareOrders(printedOf(h.Answer), printedOf(g.Answer)).Lines {
			say(l, "\x00not", h.Node)
		}
		// Where h prints each line, against which others: "before 'x'".
		type where struct{ always, can []string }
		at := map[answer.Line]*where{}
		var moved []answer.Line
		for _, p := range ahead.Precedes {
			for _, side := range []struct {
				l, other answer.Line
				rel      string
			}{{p.First, p.Then, "before "}, {p.Then, p.First, "after "}} {
				w := at[side.l]
				if w == nil {
					w = &where{}
					at[side.l] = w
					moved = append(moved, side.l)
				}
				rel := side.rel + quoteLine(printedLine(side.other))
				if p.Always {
					w.always = append(w.always, rel)
				} else {
					w.can = append(w.can, rel)
				}
			}
		}
		for _, l := range moved {
			w := at[l]
			var parts []string
			if len(w.always) > 0 {
				parts = append(parts, "\x00print it "+relList(w.always))
			}
			if len(w.can) > 0 {
				parts = append(parts, "can print it "+relList(w.can))
			}
			say(l, strings.Join(parts, ", "), h.Node)
		}
	}
	marks := map[answer.Line]string{}
	for _, l := range lines {
		var out []string
		for _, s := range says[l] {
			what := s.what
			switch {
			case what == "\x00not":
				what = plural(len(s.node), "does", "do") + " not print it"
			case strings.HasPrefix(what, "\x00print"):
				what = plural(len(s.node), "prints", "print") + strings.TrimPrefix(what, "\x00print")
			}
			out = append(out, nodeNames(s.node)+" "+what)
		}
		marks[l] = strings.Join(out, "; ")
	}
	return marks
}

// relList joins where a line is against others, the first two of them.
func relList(rels []string) string {
	if len(rels) > 2 {
		return rels[0] + ", " + rels[1] + " and elsewhere"
	}
	return strings.Join(rels, " and ")
}

// maxMarkColumn is the widest a printed line is padded to before its mark.
const maxMarkColumn = 40

// markedReport is rep with marks after its printed lines, for the text
// output (the lines of each order and of its explanation).
func markedReport(rep predictReport, marks map[answer.Line]string) predictReport {
	if len(marks) == 0 {
		return rep
	}
	width := 0
	for _, o := range rep.Orders {
		for _, l := range o.Stdout {
			width = max(width, utf8.RuneCountInString(l))
		}
	}
	width = min(width, maxMarkColumn)
	mark := func(seen map[string]int, text string) string {
		seen[text]++
		m, ok := marks[answer.Line{Text: text, N: seen[text]}]
		if !ok {
			return text
		}
		if pad := width - utf8.RuneCountInString(text); pad > 0 {
			text += strings.Repeat(" ", pad)
		}
		return text + "  ◀ " + m
	}
	orders := make([]predictedOrder, len(rep.Orders))
	for i, o := range rep.Orders {
		seen := map[string]int{}
		out := make([]string, len(o.Stdout))
		for k, l := range o.Stdout {
			out[k] = mark(seen, l)
		}
		o.Stdout = out
		if len(o.Explain) > 0 {
			seen = map[string]int{}
			steps := make([]explainStep, len(o.Explain))
			for k, st := range o.Explain {
				printed := make([]string, len(st.Printed))
				for m, l := range st.Printed {
					printed[m] = mark(seen, l)
				}
				st.Printed = printed
				steps[k] = st
			}
			o.Explain = steps
		}
		orders[i] = o
	}
	rep.Orders = orders
	return rep
}

// printVersionsText writes the answers of several versions: a head line,
// how each group differs from the first, then each group's answer as
// predict writes one version's, its versions in its head and its lines
// marked.
func printVersionsText(w io.Writer, doc versionsReport, f predictFlags) {
	head := fmt.Sprintf("%s · %s · ", doc.File, nodeNames(doc.Versions))
	if len(doc.Groups) == 1 {
		head += "the same answer on each"
	} else {
		head += fmt.Sprintf("%d different answers", len(doc.Groups))
	}
	fmt.Fprintln(w, head)
	for _, d := range doc.Differences {
		fmt.Fprintf(w, "  %s\n", d.Summary)
	}
	marked := false
	reps := make([]predictReport, len(doc.Groups))
	for i, g := range doc.Groups {
		marks := lineMarks(doc, i)
		marked = marked || len(marks) > 0
		reps[i] = markedReport(g.Answer, marks)
		reps[i].Node = strings.Join(g.Node, ", ")
		reps[i].label = nodeNames(g.Node)
	}
	if marked {
		fmt.Fprintln(w, "  (◀ after a printed line: where other versions print it, or that they do not)")
	}
	for _, rep := range reps {
		fmt.Fprintln(w)
		printPredictText(w, rep, f)
	}
}
