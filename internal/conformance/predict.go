package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"sort"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/looplint/looplint/answer"
	"github.com/looplint/looplint/explore"
)

// The -predict mode checks `looplint predict` (static) instead of
// `looplint run --explore`: for each case and version, is every stdout Node
// showed among the predicted orders (sound), is the predicted set exactly the
// observed one (exact), is the prediction complete, and did the runtime
// confirm every predicted order by replaying its witness.

// predictOutput is the part of `looplint predict --format json` we read.
type predictOutput struct {
	Complete bool `json:"complete"`
	Reasons  []struct {
		Pos     string `json:"pos"`
		Message string `json:"message"`
	} `json:"reasons"`
	Total  int `json:"total"`
	Orders []struct {
		Stdout    []string `json:"stdout"`
		ExitCode  int      `json:"exitCode"`
		Starves   bool     `json:"starves"`
		Endless   bool     `json:"endless"`
		Confirmed *bool    `json:"confirmed"`
		Replay    string   `json:"replay"`
		Stall     bool     `json:"stall"`
		UnderLoad bool     `json:"underLoad"`
	} `json:"orders"`
	// Patterns stand for orders beyond those listed (commuting I/O
	// callbacks in any order).
	Patterns []struct {
		Stdout   []string `json:"stdout"`
		ExitCode int      `json:"exitCode"`
		Groups   []struct {
			Start  int        `json:"start"`
			Blocks [][]string `json:"blocks"`
		} `json:"groups"`
	} `json:"patterns"`
}

// claim is the prediction the report describes, for answer.JudgeStdout.
func (out predictOutput) claim() answer.Claim {
	c := answer.Claim{Complete: out.Complete, Total: int64(out.Total)}
	for _, o := range out.Orders {
		c.Listed = append(c.Listed, answer.Order{Outcome: explore.Outcome{Stdout: o.Stdout, ExitCode: o.ExitCode, Starves: o.Starves, Endless: o.Endless},
			Confirmed: o.Confirmed, Replay: o.Replay, Stall: o.Stall, UnderLoad: o.UnderLoad})
	}
	for _, p := range out.Patterns {
		o := explore.Outcome{Stdout: p.Stdout, ExitCode: p.ExitCode}
		for _, g := range p.Groups {
			o.Groups = append(o.Groups, explore.Group{Start: g.Start, Blocks: g.Blocks})
		}
		c.Outcomes = append(c.Outcomes, o)
	}
	return c
}

// PredictResult is the verdict for one case on one version.
type PredictResult struct {
	Suite, Case, Version, Family string
	Sound, Exact, Complete       bool
	// CalmExact: the orders predicted without a stall of the machine are
	// the observed set; Stalled counts observed orders predicted only
	// with a stall (a loaded machine).
	CalmExact bool
	Stalled   int
	// UsualExact: the orders predicted for an idle machine (the answer's
	// lead) are the observed set; Loaded counts observed orders predicted
	// only under load.
	UsualExact          bool
	Loaded              int
	Confirmed           bool // every listed order replayed to itself
	OverBudget          bool // not confirmed only because a replay ran out of the sandbox's budget
	Predicted, Observed int
	Missing             []string // observed stdouts not predicted
	Reason              string   // first incompleteness reason
	Error               string   // looplint failed
}

func predictArgs(c Case, version string, maxOrders int) []string {
	return []string{"predict", "--node", version, "--format", "json", "--explore", "0",
		"--max-orders", fmt.Sprint(maxOrders), "--fs", c.FS, c.File}
}

// runPredict runs looplint predict on one case and version and judges it.
func runPredict(bin string, timeout time.Duration, c Case, exp Expectation) PredictResult {
	res := PredictResult{Suite: c.Suite, Case: c.ID, Version: exp.Version, Family: family(exp.Version), Observed: len(exp.Stdouts)}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, predictArgs(c, exp.Version, 1000)...)
	cmd.Dir = c.FS
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var out predictOutput
	var ee *exec.ExitError
	switch {
	case ctx.Err() != nil:
		res.Error = fmt.Sprintf("timed out after %s", timeout)
		return res
	case err != nil && (!errors.As(err, &ee) || ee.ExitCode() != 1):
		if exp.SyntaxError && errors.As(err, &ee) && ee.ExitCode() == 2 && diagnostic.MatchString(firstLine(stderr.String())) {
			res.Sound, res.Exact, res.Complete, res.Confirmed, res.Predicted = true, true, true, true, 1
			return res
		}
		res.Error = firstLine(stderr.String())
		if res.Error == "" && err != nil {
			res.Error = err.Error()
		}
		return res
	}
	if jerr := json.Unmarshal(stdout.Bytes(), &out); jerr != nil {
		res.Error = "output is not the JSON contract: " + jerr.Error()
		return res
	}
	return judgePrediction(res, out, exp)
}

// judgePrediction compares a prediction with what Node showed (its
// stdouts; the suites record exit codes apart).
func judgePrediction(res PredictResult, out predictOutput, exp Expectation) PredictResult {
	if len(out.Reasons) > 0 {
		r := out.Reasons[0]
		res.Reason = strings.TrimSpace(r.Pos + " " + r.Message)
	}
	keys := make([]string, 0, len(exp.Stdouts))
	for k := range exp.Stdouts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var printed []answer.Observed
	for _, k := range keys {
		printed = append(printed, answer.Observed{Stdout: strings.Split(k, "\n"), Runs: exp.Stdouts[k]})
	}
	v := answer.JudgeStdout(out.claim(), printed)
	res.Complete, res.Predicted = v.Complete, int(v.Predicted)
	res.Confirmed, res.OverBudget = v.Confirmed, v.OverBudget
	for _, o := range v.Orders {
		if o.Runs > 0 && !o.Predicted {
			res.Missing = append(res.Missing, strings.Join(o.Stdout, "\n"))
		}
	}
	sort.Strings(res.Missing)
	res.Sound, res.Exact, res.CalmExact, res.Stalled = v.Sound(), v.Exact(), v.CalmExact(), v.Stalled
	res.UsualExact, res.Loaded = v.UsualExact(), v.Loaded
	return res
}

// printPredictReport writes the per-version table and the failures.
func printPredictReport(w io.Writer, results []PredictResult) {
	sort.Slice(results, func(i, j int) bool {
		a, b := results[i], results[j]
		if a.Suite != b.Suite {
			return a.Suite > b.Suite
		}
		if a.Case != b.Case {
			return a.Case < b.Case
		}
		return versionLess(a.Version, b.Version)
	})
	type row struct {
		suite, version, family                                                string
		total, sound, exact, incomplete, unconfirmed, overBudget, errs, wrong int
		calmExact, stalled, usualExact, loaded                                int
	}
	rows := map[[2]string]*row{}
	var keys [][2]string
	for _, r := range results {
		k := [2]string{r.Suite, r.Version}
		if rows[k] == nil {
			rows[k] = &row{suite: r.Suite, version: r.Version, family: r.Family}
			keys = append(keys, k)
		}
		x := rows[k]
		x.total++
		switch {
		case r.Error != "":
			x.errs++
			continue
		case r.Sound:
			x.sound++
		case r.Complete:
			x.wrong++ // complete and unsound: a looplint bug
		}
		if r.Exact {
			x.exact++
		}
		if r.CalmExact {
			x.calmExact++
		}
		if r.Stalled > 0 {
			x.stalled++
		}
		if r.UsualExact && r.Complete {
			x.usualExact++
		}
		if r.Loaded > 0 {
			x.loaded++
		}
		if !r.Complete {
			x.incomplete++
		}
		if !r.Confirmed && r.Complete {
			x.unconfirmed++ // an incomplete prediction models another program
		}
		if r.OverBudget && r.Complete {
			x.overBudget++
		}
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i][0] != keys[j][0] {
			return keys[i][0] > keys[j][0]
		}
		return versionLess(keys[i][1], keys[j][1])
	})
	fmt.Fprintln(w, "looplint predict conformance: sound = every stdout Node showed was predicted; exact = predicted set is the observed set;")
	fmt.Fprintln(w, "unconfirmed = a complete prediction with an order the runtime's replay does not print;")
	fmt.Fprintln(w, "replay budget = complete, the orders not replayed because the sandbox's budget ran out first (e.g. a 2e9-iteration loop);")
	fmt.Fprintln(w, "exact w/o stall = the orders predicted for a machine that does not stall are the observed set;")
	fmt.Fprintln(w, "stall seen = Node printed an order predicted only for a machine that stalls;")
	fmt.Fprintln(w, "usual exact = the orders predicted for an idle machine (the answer's lead) are the observed set;")
	fmt.Fprintln(w, "load seen = Node printed an order predicted only under load")
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "suite\tversion\tfamily\tcases\tsound\texact\texact w/o stall\tstall seen\tusual exact\tload seen\tcomplete:false\tunsound+complete\tunconfirmed\treplay budget\terror\t")
	for _, k := range keys {
		x := rows[k]
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t\n", x.suite, x.version, x.family,
			x.total, x.sound, x.exact, x.calmExact, x.stalled, x.usualExact, x.loaded, x.incomplete, x.wrong, x.unconfirmed, x.overBudget, x.errs)
	}
	tw.Flush()
	printLeadFigures(w, results)
	var bad, errs, incomplete []PredictResult
	for _, r := range results {
		switch {
		case r.Error != "":
			errs = append(errs, r)
		case r.Complete && (!r.Sound || !r.Confirmed):
			bad = append(bad, r)
		case !r.Complete:
			incomplete = append(incomplete, r)
		}
	}
	if len(bad) > 0 {
		fmt.Fprintf(w, "\nunsound or unconfirmed (looplint bugs):\n")
		for _, r := range bad {
			fmt.Fprintf(w, "  %s/%s on %s: predicted %d, observed %d", r.Suite, r.Case, r.Version, r.Predicted, r.Observed)
			if !r.Confirmed {
				fmt.Fprint(w, ", an order did not replay")
			}
			fmt.Fprintln(w)
			for _, m := range r.Missing {
				fmt.Fprintf(w, "      not predicted: %s\n", abbreviate(m, abbrev))
			}
		}
	}
	// Complete and sound, but more orders than Node showed: one line per
	// case, the versions beside it.
	inexact := map[string][]string{}
	var inexactIDs []string
	for _, r := range results {
		if r.Error == "" && r.Complete && r.Sound && !r.UsualExact {
			id := r.Suite + "/" + r.Case
			if inexact[id] == nil {
				inexactIDs = append(inexactIDs, id)
			}
			note := ""
			if r.Loaded > 0 {
				note = fmt.Sprintf(" (%d seen predicted only under load)", r.Loaded)
			}
			inexact[id] = append(inexact[id], fmt.Sprintf("%s %d/%d%s", r.Version, r.Predicted, r.Observed, note))
		}
	}
	if len(inexactIDs) > 0 {
		fmt.Fprintf(w, "\nusual orders not the observed set (complete and sound; version predicted/observed):\n")
		for _, id := range inexactIDs {
			fmt.Fprintf(w, "  %s: %s\n", id, strings.Join(inexact[id], ", "))
		}
	}
	var slow []PredictResult
	for _, r := range results {
		if r.OverBudget && r.Complete && r.Error == "" {
			slow = append(slow, r)
		}
	}
	if len(slow) > 0 {
		fmt.Fprintf(w, "\nreplay budget (complete; the sandbox's budget ran out before a replay finished):\n")
		for _, r := range slow {
			fmt.Fprintf(w, "  %s/%s on %s: predicted %d, observed %d, sound %v\n", r.Suite, r.Case, r.Version, r.Predicted, r.Observed, r.Sound)
		}
	}
	if len(errs) > 0 {
		fmt.Fprintf(w, "\nerrors:\n")
		for _, r := range errs {
			fmt.Fprintf(w, "  %s/%s on %s: %s\n", r.Suite, r.Case, r.Version, r.Error)
		}
	}
	if len(incomplete) > 0 {
		// One line per case: the reason rarely depends on the version.
		fmt.Fprintf(w, "\nincomplete (first reason):\n")
		seen := map[string]bool{}
		for _, r := range incomplete {
			id := r.Suite + "/" + r.Case
			if seen[id] {
				continue
			}
			seen[id] = true
			miss := ""
			if len(r.Missing) > 0 {
				miss = fmt.Sprintf(" [misses %d observed on %s]", len(r.Missing), r.Version)
			}
			fmt.Fprintf(w, "  %s: %s%s\n", id, r.Reason, miss)
		}
	}
}

// printLeadFigures says, per suite, how often the answer's lead (the
// usual orders) is Node's order where Node printed one order in every
// run: over all such (case, version) pairs, and over those answered
// completely.
func printLeadFigures(w io.Writer, results []PredictResult) {
	for _, suite := range []string{"probes", "corpus"} {
		n, complete, usual := 0, 0, 0
		for _, r := range results {
			if r.Suite != suite || r.Observed != 1 {
				continue
			}
			n++
			if r.Error == "" && r.Complete {
				complete++
			}
			if r.Error == "" && r.Complete && r.UsualExact {
				usual++
			}
		}
		if n == 0 {
			continue
		}
		fmt.Fprintf(w, "%s: where Node printed one order, the usual answer is that order in %d of %d pairs (%.1f%%); %d of the %d answered completely (%.1f%%)\n",
			suite, usual, n, 100*float64(usual)/float64(n), usual, complete, 100*float64(usual)/float64(max(complete, 1)))
	}
}
