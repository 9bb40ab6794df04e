package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/looplint/looplint/answer"
	"github.com/looplint/looplint/explore"
	"github.com/looplint/looplint/ir"
	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/parse"
	lrt "github.com/looplint/looplint/runtime"
	"github.com/looplint/looplint/web"
)

type predictFlags struct {
	node, module, fsDir, format string
	target                      string
	clicks                      []string
	env                         []string
	noConfirm, explain          bool
	maxOrders, explore          int
	timeout                     time.Duration
	stallMS                     int64
}

func newPredictCmd() *cobra.Command {
	var f predictFlags
	cmd := &cobra.Command{
		Use:   "predict FILE...",
		Short: "List every order in which FILE can print, without running it",
		Long: `Predict interprets FILE abstractly against Node's event-loop model for the
chosen version and lists every distinct output order it can produce, each
with a witness (the clock and I/O choices that produce it). Nothing is run
to find them.

By default the sandboxed runtime then explores the same model, path by
path (up to --explore runs): each predicted order it prints is confirmed,
one it did not reach is replayed by its witness, and an order it prints
that was not predicted is a looplint bug, reported loudly. A run that
exhausts the sandbox's budget (a busy loop that takes Node a second takes
the embedded engine minutes) ends that exploration and leaves the orders
unconfirmed, saying so.

Where the interpreter meets something it cannot model (an unknown callee,
eval, a module it does not know, a loop past its cap (a loop that only
counts is computed at once), ...) its result is incomplete, with each
reason and its position. If the runtime then explored every path of the
model, its orders are the answer ("engine": "runtime" in JSON); otherwise
the listed orders are what the modelled part of the program does, not a
guarantee.

The predictor is young: see the README for what it models so far.

Several files are predicted one after the other in one process (text:
one report after another; JSON: an array of reports); a file that cannot
be loaded is reported on stderr and the others go on.

Exit status: 0 when the prediction is complete and every order was
confirmed with nothing unpredicted found; 1 otherwise; 2 for bad input or
usage.`,
		Example: `  looplint predict testdata/examples/event-loop-tour.js
  looplint predict --node 10 --format json app.js`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			vs, err := nodeList(f.node)
			if err != nil {
				return err
			}
			sides, err := sideList(vs, f)
			if err != nil {
				return err
			}
			if f.format == "html" {
				if strings.Contains(f.target, ",") {
					return usageErr("--format html takes one --target")
				}
				return runPredictHTML(cmd.OutOrStdout(), args, vs, f)
			}
			if len(sides) > 1 {
				return runPredictVersions(cmd.OutOrStdout(), cmd.ErrOrStderr(), args, sides, f)
			}
			if len(vs) == 1 {
				f.node = vs[0].String()
			}
			if len(args) == 1 {
				return runPredict(cmd.OutOrStdout(), args[0], f)
			}
			return runPredictFiles(cmd.OutOrStdout(), cmd.ErrOrStderr(), args, f)
		},
	}
	fl := cmd.Flags()
	programFlags(fl, &f.node, &f.module, &f.fsDir, &f.env)
	targetFlag(fl, &f.target, &f.clicks)
	describeNodeList(cmd)
	fl.Int64Var(&f.stallMS, "stall-ms", 20, "a pause of the machine longer than this many ms counts as a stall: orders that only a stall produces are marked (0: mark none)")
	fl.StringVar(&f.format, "format", "text", "output format: text, json, or html (one page showing the answer as the playground does, for one file; --explain implied)")
	fl.BoolVar(&f.noConfirm, "no-confirm", false, "skip confirming the orders with the runtime")
	fl.BoolVar(&f.explain, "explain", false, "explain each listed order step by step: phase by phase, which queue each callback came from")
	fl.IntVar(&f.maxOrders, "max-orders", 24, "list at most N orders (the total is always counted)")
	fl.IntVar(&f.explore, "explore", answer.DefaultRuns, "runs of the runtime's systematic exploration, which confirms the orders and looks for unpredicted ones (ten times as many where the runtime alone answers)")
	fl.DurationVar(&f.timeout, "timeout", time.Minute, "time budget for the prediction, past which the orders found so far are listed and the result is incomplete, and for the random exploration after it, which tries only the schedules that fit (0: none)")
	return cmd
}

type predictedOrder struct {
	Stdout []string `json:"stdout"`
	Stderr []string `json:"stderr"`
	// StderrBy is the engine whose words stderr is in: "runtime" (what
	// Node itself prints, an uncaught error or a warning, as Node words
	// it) when the runtime printed the order, else "interpreter" (which
	// does not word those).
	StderrBy string `json:"stderrBy,omitempty"`
	ExitCode int    `json:"exitCode"`
	// Starves: the process never exits (see hazards); exitCode is then 0.
	Starves bool `json:"starves,omitempty"`
	// Endless: the process never exits, the loop going round forever
	// (or, hang.proven false, as far as it was followed); stdout is what
	// it printed until then, exitCode 0.
	Endless bool `json:"endless,omitempty"`
	// Hang says how an order that never ends goes on (starves or endless).
	Hang    *predictHang `json:"hang,omitempty"`
	Paths   int64        `json:"paths"`
	Witness loop.Witness `json:"witness"`
	// Engine found the order: "interpreter" or "runtime".
	Engine    string `json:"engine"`
	Confirmed *bool  `json:"confirmed"` // null when --no-confirm
	// Replay is how the confirming replay ended (the runtime's status:
	// "exited", "starvation", "timeout", "budget", "memory", "crash"), or
	// "skipped" after an earlier replay ran out of the sandbox's budget,
	// "cut short" when the prediction left a loop early (nothing replayed).
	Replay string `json:"replay,omitempty"`
	// Varies: indexes of the stdout lines whose values differ from run to
	// run (random bytes): stdout shows one run's.
	Varies []int  `json:"varies,omitempty"`
	Why    string `json:"why"`
	// PauseMs: the least time (ms) the code between two timer creations
	// in one callback must take for this order; without a busy-wait
	// there, only a stall of the machine makes it (absent: none needed).
	PauseMs int64 `json:"pauseMs,omitempty"`
	// Stall: only a machine that pauses the program or the loop for
	// longer than the report's stallMs somewhere prints this order.
	Stall bool `json:"stall,omitempty"`
	// UnderLoad: an idle machine, where each piece of code takes its
	// usual time, timers fire on time and I/O completes first in first
	// out, does not print this order; a loaded one can.
	UnderLoad bool          `json:"underLoad,omitempty"`
	Explain   []explainStep `json:"explain,omitempty"`
}

// explainStep is one step of --explain: a phase entered (queue empty,
// waiting set) or a callback run, with what it printed.
type explainStep struct {
	Phase     string `json:"phase"`
	Iteration int    `json:"iteration"`
	// Queue is where the callback came from ("timer", "nextTick",
	// "microtask", ...); "rejection" is Node processing the rejections a
	// drain left unhandled.
	Queue string `json:"queue,omitempty"`
	// Callback names it: the scheduling call, or what a microtask is.
	Callback string `json:"callback,omitempty"`
	// Pos is where it was scheduled (file:line:col).
	Pos string `json:"pos,omitempty"`
	// Reason says why a microtask runs where it does (what an await or
	// resolving a promise with a promise costs on this release).
	Reason string `json:"reason,omitempty"`
	// Jobs is how many microtasks the step stands for (more than 1: jobs
	// that printed nothing, said together).
	Jobs    int           `json:"jobs,omitempty"`
	Waiting *loop.Waiting `json:"waiting,omitempty"`
	// Queued names what waited in each queue when the step began (a
	// phase's when it began; a callback's or a job's just before it ran,
	// itself first in its queue): keys as Waiting's, Pending and
	// Microtasks (JobsUnknown where the engine cannot list its jobs).
	Queued  *explore.Queued `json:"queued,omitempty"`
	Printed []string        `json:"printed,omitempty"`
	Stderr  []string        `json:"stderr,omitempty"`
	// Repeat: the steps from this one, Repeat.Steps of them, came again
	// Repeat.Times more times in a row (collapseRepeats).
	Repeat *stepRepeat `json:"repeat,omitempty"`
	// Omitted: the run went on for this many more steps, not listed (an
	// order that goes round without end, as far as it was followed).
	Omitted int `json:"omitted,omitempty"`
}

// predictPattern is an explored order whose groups of commuting I/O
// callbacks print in any order: it stands for count orders.
type predictPattern struct {
	Stdout   []string       `json:"stdout"` // as explored
	ExitCode int            `json:"exitCode"`
	Count    int64          `json:"count"`
	Groups   []predictGroup `json:"groups"`
}

type predictGroup struct {
	Start     int        `json:"start"` // index in stdout of the first line
	Blocks    [][]string `json:"blocks"`
	Callbacks []string   `json:"callbacks"`
}

type predictHazard struct {
	Check   string `json:"check"`
	Pos     string `json:"pos"`
	Message string `json:"message"`
}

type predictReason struct {
	Pos     string `json:"pos"`
	Message string `json:"message"`
}

type predictReport struct {
	File string `json:"file"`
	Node string `json:"node"`
	// Target is the browser whose loop ran the file (--target), absent
	// for Node.
	Target string `json:"target,omitempty"`
	// label names the answers a text report stands for when several
	// were alike (versions and browsers side by side).
	label  string
	Module loop.ModuleKind `json:"module"`
	// Verdict is the text report's verdict: "deterministic", "3 possible
	// orders", "starves: …", "never ends: …", with what qualifies it.
	Verdict string `json:"verdict"`
	// Engine is the engine whose answer this is: "interpreter", or
	// "runtime" when the interpreter could not model the program and
	// the runtime explored every path of it.
	Engine   string          `json:"engine"`
	Complete bool            `json:"complete"`
	Reasons  []predictReason `json:"reasons"`
	Total    int64           `json:"total"`
	// TotalAtMost: total is an upper bound (orders that may print alike
	// were too many to list and compare).
	TotalAtMost bool  `json:"totalAtMost,omitempty"`
	Paths       int64 `json:"paths"` // paths of the model, over all orders (see patterns)
	// Patterns describe, when some I/O callbacks commute, the orders by
	// their structure: each stands for every arrangement of its groups.
	Patterns    []predictPattern `json:"patterns,omitempty"`
	Orders      []predictedOrder `json:"orders"`
	Unpredicted []outcome        `json:"unpredicted"`
	Hazards     []predictHazard  `json:"hazards"`
	// Notes say what the sandbox lacks that the snippet seems to expect
	// (a local module next to it, without --fs).
	Notes []string `json:"notes,omitempty"`
	// StallMs is --stall-ms when the orders were told apart by it (see
	// predictedOrder.Stall); absent when they were not.
	StallMs int64 `json:"stallMs,omitempty"`
}

func runPredict(w io.Writer, file string, f predictFlags) error {
	if err := f.check(); err != nil {
		return err
	}
	rep, ok, err := predictFile(file, f)
	if err != nil {
		return err
	}
	if err := writePredict(w, rep, f); err != nil {
		return err
	}
	if !ok {
		return &exitError{code: 1}
	}
	return nil
}

func (f predictFlags) check() error {
	if f.format != "text" && f.format != "json" && f.format != "html" {
		return usageErr("--format must be text, json or html, not %q", f.format)
	}
	if f.maxOrders < 1 {
		return usageErr("--max-orders must be at least 1")
	}
	if f.stallMS < 0 {
		return usageErr("--stall-ms must be 0 or more, not %d", f.stallMS)
	}
	if f.timeout < 0 {
		return usageErr("--timeout must be 0 or more, not %s", f.timeout)
	}
	if f.explore < 0 {
		return usageErr("--explore must be 0 or more, not %d", f.explore)
	}
	return nil
}

// runPredictHTML writes one self-contained page showing file's answer on
// each version (vs, or the one --node picks) as the playground shows it:
// the reports of --format json --explain, computed here, not in the
// page.
func runPredictHTML(w io.Writer, files []string, vs []loop.Version, f predictFlags) error {
	if err := f.check(); err != nil {
		return err
	}
	if len(files) != 1 {
		return usageErr("--format html shows one file, not %d", len(files))
	}
	file := files[0]
	f.explain = true
	nodes := []string{f.node}
	if len(vs) > 0 {
		nodes = nil
		for _, v := range vs {
			nodes = append(nodes, v.String())
		}
	}
	reps := make([]predictReport, 0, len(nodes))
	allOK := true
	for _, node := range nodes {
		g := f
		g.node = node
		rep, ok, err := predictFile(file, g)
		if err != nil {
			return err
		}
		reps = append(reps, rep)
		allOK = allOK && ok
	}
	data, err := json.Marshal(reps)
	if err != nil {
		return err
	}
	src, err := parse.ReadFile(file)
	if err != nil {
		return err
	}
	if err := web.Page(w, file, string(src), data); err != nil {
		return err
	}
	if !allOK {
		return &exitError{code: 1}
	}
	return nil
}

// runPredictFiles predicts several files in one process: reports in
// order (a JSON array), load errors on stderr; the exit status is the
// worst of them (2 if any file could not be loaded).
func runPredictFiles(w, errw io.Writer, files []string, f predictFlags) error {
	if err := f.check(); err != nil {
		return err
	}
	reps, code, _ := eachFile(w, errw, files, f, false, func(file string) (predictReport, bool, error) { return predictFile(file, f) }, printPredictText)
	if f.format == "json" {
		if reps == nil {
			reps = []predictReport{}
		}
		if err := writeJSON(w, reps); err != nil {
			return err
		}
	}
	if code != 0 {
		return &exitError{code: code}
	}
	return nil
}

// eachFile answers for each file in turn with one: a file that cannot be
// answered is said on errw (exit 2; the others go on), one whose answer
// is not OK makes the exit 1, and text answers are printed, a blank line
// apart. It returns the answers for JSON, in order, and the exit code;
// with alone, a file's error is returned as the command's instead.
func eachFile[T any](w, errw io.Writer, files []string, f predictFlags, alone bool, one func(string) (T, bool, error), text func(io.Writer, T, predictFlags)) ([]T, int, error) {
	code := 0
	var out []T
	for i, file := range files {
		a, ok, err := one(file)
		if err != nil && alone {
			return nil, 0, err
		}
		if err != nil {
			var ee *exitError
			if errors.As(err, &ee) && ee.msg != "" {
				fmt.Fprintln(errw, ee.msg)
			} else {
				fmt.Fprintf(errw, "looplint: %s: %v\n", file, err)
			}
			code = 2
			continue
		}
		if !ok && code == 0 {
			code = 1
		}
		if f.format == "json" {
			out = append(out, a)
			continue
		}
		if i > 0 {
			fmt.Fprintln(w)
		}
		text(w, a, f)
	}
	return out, code, nil
}

// writeJSON writes v as indented JSON, the form of every --format json.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

func writePredict(w io.Writer, rep predictReport, f predictFlags) error {
	if f.format == "json" {
		return writeJSON(w, rep)
	}
	printPredictText(w, rep, f)
	return nil
}

// predictFile predicts one file and confirms its orders; ok is false when
// the prediction is incomplete, an order is not confirmed or the runtime
// printed one that was not predicted.
func predictFile(file string, f predictFlags) (predictReport, bool, error) {
	// The runtime decides the module kind exactly as for run; the predictor
	// uses the same profile.
	env, err := parseEnv(f.env)
	if err != nil {
		return predictReport{}, false, err
	}
	browser, err := loop.ParseTarget(f.target)
	if err != nil {
		return predictReport{}, false, usageErr("%v", err)
	}
	v, pf, prog, err := loadProgram(file, f.node, lrt.Options{Browser: browser, Clicks: f.clicks, Module: f.module, FSDir: f.fsDir, Timeout: 10 * time.Second, HostPaths: true, Env: env})
	if err != nil {
		return predictReport{}, false, err
	}
	return predictProgram(file, v, pf, prog, f)
}

// predictProgram is predictFile's report once the program is loaded: the
// same for a file (the CLI) and a source given whole (the playground's
// WebAssembly, main_js.go).
func predictProgram(file string, v loop.Version, pf *parse.File, prog *lrt.Program, f predictFlags) (predictReport, bool, error) {
	popts, err := answer.PredictOptions(prog)
	if err != nil {
		return predictReport{}, false, usageErr("%v", err)
	}
	popts.StallMS = f.stallMS
	popts.Usual = true
	ans := answer.Predict(pf, prog, answer.Options{Predict: popts, NoConfirm: f.noConfirm, MaxOrders: f.maxOrders,
		Runs: f.explore, Timeout: f.timeout, Explain: f.explain})
	pred := ans.Prediction
	total, exact := pred.Total()
	rep := predictReport{File: file, Node: v.String(), Target: targetOf(prog.Profile), Module: prog.Profile.Module, Engine: ans.Engine, Complete: pred.Complete,
		Reasons: []predictReason{}, Total: total, TotalAtMost: !exact, Orders: []predictedOrder{}, Unpredicted: []outcome{},
		Hazards: []predictHazard{}}
	for _, h := range pred.Hazards {
		rep.Hazards = append(rep.Hazards, predictHazard{Check: h.Check, Pos: posOf(file, h.Pos), Message: h.Message})
	}
	for _, r := range pred.Reasons {
		rep.Reasons = append(rep.Reasons, predictReason{Pos: posOf(file, r.Pos), Message: r.Msg})
	}
	rep.Notes = answer.Notes(file, pf, prog.Profile, f.fsDir)
	rep.StallMs = pred.StallMS
	rep.Paths = pred.Paths()
	for _, o := range pred.Orders {
		if len(o.Groups) == 0 {
			continue
		}
		n, _ := o.Count()
		pp := predictPattern{Stdout: nonNil(o.Stdout), ExitCode: o.ExitCode, Count: n}
		for _, g := range o.Groups {
			pp.Groups = append(pp.Groups, predictGroup{Start: g.Start, Blocks: g.Blocks, Callbacks: g.Descs})
		}
		rep.Patterns = append(rep.Patterns, pp)
	}
	for _, o := range ans.Orders {
		po := predictedOrder{Stdout: nonNil(o.Stdout), Stderr: nonNil(o.Stderr), StderrBy: o.StderrBy, ExitCode: o.ExitCode, Starves: o.Starves,
			Paths: int64(o.Paths), Witness: o.Witness, Engine: o.Engine, Confirmed: o.Confirmed, Replay: o.Replay,
			Varies: o.Varies, Why: whyText(o.Why), PauseMs: o.Pause, Stall: o.Stall, UnderLoad: o.UnderLoad, Endless: o.Endless, Hang: hangOf(file, o.Hang)}
		for _, st := range o.Explain {
			po.Explain = append(po.Explain, toExplainStep(file, st))
		}
		po.Explain = capFollowed(collapseRepeats(po.Explain), po.Hang, po.Stdout)
		rep.Orders = append(rep.Orders, po)
	}
	for _, u := range ans.Unpredicted {
		wt := u.Witness
		rep.Unpredicted = append(rep.Unpredicted, outcome{Stdout: nonNil(u.Stdout), Stderr: nonNil(u.Stderr),
			ExitCode: u.ExitCode, Status: string(lrt.StatusExited), Count: u.Paths, Witness: &wt})
	}
	rep.Verdict = verdictOf(rep)
	return rep, ans.OK, nil
}

// toExplainStep is a step as predict --explain shows it (positions in
// file, the program's path).
func toExplainStep(file string, st explore.Step) explainStep {
	es := explainStep{Phase: st.Phase, Iteration: st.Iteration, Queue: st.Queue, Callback: st.Callback, Pos: posOf(file, st.Pos),
		Reason: st.Reason, Jobs: st.Jobs, Printed: st.Printed, Stderr: st.Stderr, Queued: st.Queued}
	if st.Queue == "" {
		w := st.Waiting
		es.Waiting = &w
	}
	return es
}

// whyText joins the forks that decide an order into one sentence.
func whyText(forks []string) string {
	if len(forks) == 0 {
		return ""
	}
	return "if " + strings.Join(forks, ", and ")
}

func posIn(file string, line, col int) string {
	if line <= 0 {
		return ""
	}
	return fmt.Sprintf("%s:%d:%d", file, line, col)
}

// posOf is file:line:col for a position in the snippet, or in a module
// it loaded (the sandbox lies at the host's paths: shown relative to the
// current directory when below it, as the snippet's own path was given).
func posOf(file string, p ir.Pos) string {
	if p.File != "" {
		file = filepath.FromSlash(p.File)
		if wd, err := os.Getwd(); err == nil {
			if rel, err := filepath.Rel(wd, file); err == nil && !strings.HasPrefix(rel, "..") {
				file = rel
			}
		}
	}
	return posIn(file, p.Line, p.Col)
}

// verdictOf is the report's verdict: how many orders, what qualifies
// them, and whether the process ends.
func verdictOf(rep predictReport) string {
	verdict := "deterministic"
	if rep.Total != 1 {
		verdict = fmt.Sprintf("%d possible orders", rep.Total)
		if rep.TotalAtMost {
			verdict = fmt.Sprintf("at most %d possible orders", rep.Total)
		}
	}
	paused, stalled, loaded := 0, 0, 0
	for _, o := range rep.Orders {
		switch {
		case o.Stall:
			stalled++
		case o.PauseMs > 0:
			paused++
		}
		if o.UnderLoad {
			loaded++
		}
	}
	switch {
	case loaded > 0 && !rep.TotalAtMost:
		// Lead with what an idle machine prints. The usual orders are
		// listed first, so with one under load listed they all are.
		usual := int64(len(rep.Orders) - loaded)
		verdict = fmt.Sprintf("%d possible orders on an idle machine", usual)
		if usual == 1 {
			verdict = "deterministic on an idle machine"
		}
		verdict += fmt.Sprintf("; %d more under load", rep.Total-usual)
	case len(rep.Orders) > 1 && stalled > 0 && rep.Total-int64(stalled) == 1 && rep.Total == int64(len(rep.Orders)):
		verdict = fmt.Sprintf("deterministic unless the machine stalls for over %d ms (then %d possible orders)", rep.StallMs, rep.Total)
	case len(rep.Orders) > 1:
		if stalled > 0 {
			verdict += fmt.Sprintf(" (%d of those listed only if the machine stalls for over %d ms)", stalled, rep.StallMs)
		}
		if paused > 0 {
			verdict += fmt.Sprintf(" (%d of those listed only if the code between two timer creations in one callback takes a while)", paused)
		}
	}
	verdict = hangVerdict(rep, verdict)
	if !rep.Complete {
		verdict += " (incomplete: see below)"
	}
	return verdict
}

func printPredictText(w io.Writer, rep predictReport, f predictFlags) {
	verdict := rep.Verdict
	if verdict == "" {
		verdict = verdictOf(rep)
	}
	if rep.label != "" {
		kind := "classic script"
		if rep.Target == "" {
			kind = rep.Module.Name()
		}
		fmt.Fprintf(w, "%s · %s · %s · %s\n", rep.File, rep.label, kind, verdict)
	} else if rep.Target != "" {
		fmt.Fprintf(w, "%s · %s · classic script · %s\n", rep.File, targetName(rep.Target), verdict)
		fmt.Fprintf(w, "note: these are the orders of the sandboxed runtime over looplint's model of the browser's event loop (docs/semantics.md §15)\n")
	} else {
		fmt.Fprintf(w, "%s · Node %s · %s · %s\n", rep.File, rep.Node, rep.Module.Name(), verdict)
	}
	if rep.Engine == answer.Runtime && rep.Target == "" {
		fmt.Fprintf(w, "note: the interpreter cannot model this program; these are the orders of the sandboxed runtime, which ran every path of the model\n")
	}
	for _, n := range rep.Notes {
		fmt.Fprintf(w, "note: %s\n", n)
	}
	paths := rep.Paths
	for i, o := range rep.Orders {
		mark := ""
		if o.Confirmed != nil {
			mark = " · confirmed by the runtime"
			switch {
			case o.Engine == answer.Runtime:
				mark = " · found by the runtime"
			case o.Replay == "skipped":
				mark = " · not replayed (an earlier replay ran out of the sandbox's budget)"
			case o.Replay == "out of time":
				mark = " · not replayed (the time budget ran out)"
			case o.Replay == "cut short":
				mark = " · not replayed (the prediction left a loop early)"
			case o.Replay == "endless":
				mark = " · not replayed (the program does not end)"
			case answer.OutOfBudget(lrt.Status(o.Replay)):
				mark = fmt.Sprintf(" · not confirmed: the replay ran out of the sandbox's budget (%s)", o.Replay)
			case !*o.Confirmed:
				mark = " · NOT confirmed by the runtime"
			case o.Replay == "exited" || o.Replay == "starvation":
				mark = " · confirmed by replay"
			}
		}
		switch {
		case o.Stall:
			mark += fmt.Sprintf(" · only if the machine stalls for over %d ms", rep.StallMs)
		case o.PauseMs > 0:
			mark += fmt.Sprintf(" · only if the code between two timer creations takes %d ms or more", o.PauseMs)
		case o.UnderLoad && rep.StallMs > 0:
			mark += fmt.Sprintf(" · only if the loop runs late or I/O completes out of order (a pause under %d ms)", rep.StallMs)
		case o.UnderLoad:
			// (The runtime's orders are not told apart by stalls.)
			mark += " · only if the loop runs late or I/O completes out of order"
		}
		if o.UnderLoad && (i == 0 || !rep.Orders[i-1].UnderLoad) {
			fmt.Fprintf(w, "\nunder load (these need a pause an idle machine does not make):\n")
		}
		if rep.Total > 1 {
			fmt.Fprintf(w, "\n#%d  %d of %d paths%s\n", i+1, o.Paths, paths, mark)
		} else if mark != "" {
			fmt.Fprintf(w, "%s\n", strings.TrimPrefix(mark, " · "))
		}
		if o.Why != "" && rep.Total > 1 {
			fmt.Fprintf(w, "    %s:\n", o.Why)
		}
		if o.UnderLoad {
			// --explain's steps are for what Node prints; an order under
			// load is its lines and what it needs (JSON keeps its steps).
			o.Explain = nil
		}
		printOrder(w, o)
	}
	if len(rep.Patterns) > 0 && rep.Total > int64(len(rep.Orders)) {
		printPatterns(w, rep)
	}
	if len(rep.Hazards) > 0 {
		fmt.Fprintln(w, "\nhazards:")
		for _, h := range rep.Hazards {
			pos := h.Pos
			if pos == "" {
				pos = rep.File
			}
			fmt.Fprintf(w, "  %s: %s (%s)\n", pos, h.Message, h.Check)
		}
	}
	if rep.Total > int64(len(rep.Orders)) {
		fmt.Fprintf(w, "\n… %d more orders not listed (--max-orders %d)\n", rep.Total-int64(len(rep.Orders)), f.maxOrders)
	}
	if !rep.Complete {
		fmt.Fprintln(w, "\nincomplete prediction:")
		for _, r := range rep.Reasons {
			if r.Pos != "" {
				fmt.Fprintf(w, "  %s: %s\n", r.Pos, r.Message)
			} else {
				fmt.Fprintf(w, "  %s\n", r.Message)
			}
		}
	}
	for _, u := range rep.Unpredicted {
		if rep.Complete {
			fmt.Fprintf(w, "\nUNPREDICTED: the runtime printed an order the predictor did not list (a looplint bug; please report it):\n")
		} else {
			fmt.Fprintf(w, "\nthe runtime also printed (the incomplete prediction does not cover it):\n")
		}
		printOutput(w, u.Stdout, u.Stderr, false, u.ExitCode, false)
	}
}

// printOrder writes one order: its steps (--explain) or its lines, then
// how it ends.
func printOrder(w io.Writer, o predictedOrder) {
	switch {
	case len(o.Explain) > 0:
		printExplain(w, o.Explain)
		if len(o.Stderr) > 0 && o.StderrBy != answer.Runtime {
			fmt.Fprintf(w, "  (stderr in the interpreter's words: %s)\n", notNodeWords)
		}
	case o.Endless:
		printBounded(w, o.Stdout)
	default:
		stdout := o.Stdout
		if len(o.Varies) > 0 {
			stdout = slices.Clone(stdout)
			for _, i := range o.Varies {
				stdout[i] += "   (varies from run to run: random values, one run's shown)"
			}
		}
		printOutput(w, stdout, o.Stderr, o.StderrBy != answer.Runtime, o.ExitCode, o.Starves)
		return
	}
	if o.Endless {
		fmt.Fprintf(w, "  %s\n", endlessTail(o.Hang))
		return
	}
	printEnd(w, o.ExitCode, o.Starves)
}

const notNodeWords = "without the runtime's confirmation, what Node itself prints (an uncaught error, a warning) is not worded as Node words it"

// printOutput writes stdout, then stderr (marked: the two are separate
// streams, so only --explain places stderr among stdout's lines), then
// how the run ends. Nothing at all is said so.
func printOutput(w io.Writer, stdout, stderr []string, approx bool, code int, starves bool) {
	for _, l := range stdout {
		fmt.Fprintf(w, "  %s\n", l)
	}
	for _, l := range stderr {
		fmt.Fprintf(w, "  stderr| %s\n", l)
	}
	if len(stderr) > 0 && approx {
		fmt.Fprintf(w, "  (stderr in the interpreter's words: %s)\n", notNodeWords)
	}
	if len(stdout) == 0 && len(stderr) == 0 {
		fmt.Fprintf(w, "  (prints nothing)\n")
	}
	printEnd(w, code, starves)
}

func printEnd(w io.Writer, code int, starves bool) {
	switch {
	case starves:
		fmt.Fprintf(w, "  … then nothing more: the process never exits (see hazards)\n")
	case code != 0:
		fmt.Fprintf(w, "  exit code %d\n", code)
	}
}

var queueNames = map[string]string{"timer": "timers", "interval": "timers (interval)", "immediate": "check queue",
	"io": "I/O", "close": "close queue", "nextTick": "nextTick queue", "microtask": "microtask queue",
	"rejection": "unhandled rejections, which Node processes once the queues drained",
	// A browser's task sources (loop/browser.go).
	"message": "posted messages", "window message": "window messages", "event": "DOM events",
	"raf": "animation frame callbacks", "render": "observers", "idle": "idle callbacks", "script": "scripts"}

// printExplain writes --explain steps: a line per phase that did
// something, then each callback with its queue and what it printed.
func printExplain(w io.Writer, steps []explainStep) {
	for _, st := range steps {
		if st.Queue == "" {
			head := st.Phase + " phase"
			switch st.Phase {
			case "main":
				head = "main module"
			case "page":
				head = "the page's scripts (a browser)"
			case "task":
				head = "the browser picks a task"
			case "rendering":
				head = "rendering update"
			case "beforeExit", "exit":
				head = "process '" + st.Phase + "' event"
			}
			if st.Iteration > 0 && st.Phase != "beforeExit" && st.Phase != "exit" {
				head = fmt.Sprintf("iteration %d · %s", st.Iteration, head)
			}
			if q := waitingText(st.Waiting); q != "" && st.Phase != "main" && st.Phase != "page" {
				head += " (queued: " + q + ")"
			}
			fmt.Fprintf(w, "  %s\n", head)
			for _, l := range st.Printed {
				fmt.Fprintf(w, "      %s\n", l)
			}
			for _, l := range st.Stderr {
				fmt.Fprintf(w, "      stderr| %s\n", l)
			}
			printStepMore(w, st)
			continue
		}
		from := queueNames[st.Queue]
		if from == "" {
			from = st.Queue
		}
		if st.Queue == "microtask" && len(st.Printed) == 0 && len(st.Stderr) == 0 {
			if st.Jobs > 1 {
				from += fmt.Sprintf(", %d jobs that print nothing", st.Jobs)
			} else {
				from += ", a job that prints nothing"
			}
		}
		if st.Callback != "" && st.Callback != "a callback" {
			from += ": " + st.Callback
		}
		if st.Reason != "" {
			from += " — " + st.Reason
		}
		fmt.Fprintf(w, "    %s\n", from)
		for _, l := range st.Printed {
			fmt.Fprintf(w, "      %s\n", l)
		}
		for _, l := range st.Stderr {
			fmt.Fprintf(w, "      stderr| %s\n", l)
		}
		printStepMore(w, st)
	}
}

func waitingText(q *loop.Waiting) string {
	if q == nil {
		return ""
	}
	var parts []string
	for _, c := range []struct {
		n    int
		name string
	}{{q.Timers, "timer"}, {q.Immediates, "immediate"}, {q.IO, "I/O"}, {q.Close, "close"}, {q.Ticks, "tick"}} {
		if c.n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", c.n, c.name))
		}
	}
	return strings.Join(parts, ", ")
}

// maxPatternsShown is how many patterns the text output describes.
const maxPatternsShown = 8

// printPatterns describes the orders by their structure: the explored
// order with each group of commuting callbacks said as "then these k, in
// any order".
func printPatterns(w io.Writer, rep predictReport) {
	fmt.Fprintln(w, "\nall orders, by structure:")
	for i, p := range rep.Patterns {
		if i == maxPatternsShown {
			fmt.Fprintf(w, "  … %d more patterns (all in --format json)\n", len(rep.Patterns)-i)
			break
		}
		fmt.Fprintf(w, "  pattern %d: %d orders\n", i+1, p.Count)
		at := 0
		for _, g := range p.Groups {
			for _, l := range p.Stdout[at:g.Start] {
				fmt.Fprintf(w, "    %s\n", l)
			}
			fmt.Fprintf(w, "    then these %d, in any order (%s):\n", len(g.Blocks), explore.SayCallbacks(g.Callbacks))
			at = g.Start
			for _, b := range g.Blocks {
				if len(b) == 0 {
					fmt.Fprintf(w, "      · (prints nothing)\n")
				}
				for j, l := range b {
					mark := "·"
					if j > 0 {
						mark = " "
					}
					fmt.Fprintf(w, "      %s %s\n", mark, l)
				}
				at += len(b)
			}
		}
		for _, l := range p.Stdout[at:] {
			fmt.Fprintf(w, "    %s\n", l)
		}
		if p.ExitCode != 0 {
			fmt.Fprintf(w, "    exit code %d\n", p.ExitCode)
		}
	}
}
