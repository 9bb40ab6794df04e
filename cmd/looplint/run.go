package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/looplint/looplint/answer"
	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/nodespec"
	"github.com/looplint/looplint/parse"
	lrt "github.com/looplint/looplint/runtime"
)

type runFlags struct {
	node, module, fsDir, format, witness string
	target                               string
	clicks                               []string
	env                                  []string
	explore                              int
	seed                                 uint64
	timeout                              time.Duration
	maxDrain, maxCallbacks               int
	maxHeapMB                            int
}

func newRunCmd() *cobra.Command {
	var f runFlags
	cmd := &cobra.Command{
		Use:   "run FILE",
		Short: "Execute a snippet in the sandbox under Node's event-loop model",
		Long: `Run executes FILE in looplint's sandbox: a pure-Go JavaScript engine with
Node's built-ins (console, timers, process, events, fs over an in-memory file
system, util, assert, timers/promises) and an event loop that follows the
ordering rules of the chosen Node version. Time is virtual and nothing on
the host is touched: the snippet sees its own file and, with --fs, a
read-only copy of DIR as its working directory.

Schedules. A plain run uses the default schedule: no time passes except
1 ms at each clock read the program makes (Date.now, performance.now,
process.hrtime) and whatever the loop sleeps waiting for a timer; every
I/O round trip completes at the first poll phase after it starts, in the
order it was started. --explore N runs N schedules instead (the default one
and N-1 chosen at random from --seed) and reports every distinct outcome
with how often it came up. --witness FILE replays one exact schedule, a
JSON document {"clock": [ms advanced at each clock read, ...],
"poll": [[I/O ids delivered at each poll phase], ...]} (with a browser
--target also "tasks": [the runnable task source taken at each choice, ...]);
the outcomes of --explore and the predictor carry their witness.

Browsers. --target chromium, firefox or browser runs FILE on looplint's
model of a browser's event loop instead of Node's: a .js file as a page's
classic script (window, timers, messages, requestAnimationFrame,
requestIdleCallback, scheduler.postTask, a minimal DOM; no setImmediate,
process or require), or an .html page with its scripts; --click SELECTOR
clicks an element once the page has loaded (docs/semantics.md §15).

Exit status: 0 when every outcome exited with code 0, 1 when one exited
non-zero or was stopped by a budget (starvation, timeout, memory,
callbacks), 2 for bad input or usage.`,
		Example: `  looplint run testdata/examples/timeout-vs-immediate.js
  looplint run --node 10 --explore 200 --format json app.js
  looplint run --fs ./fixtures --witness schedule.json app.js`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runRun(cmd.OutOrStdout(), args[0], f)
		},
	}
	fl := cmd.Flags()
	programFlags(fl, &f.node, &f.module, &f.fsDir, &f.env)
	targetFlag(fl, &f.target, &f.clicks)
	fl.StringVar(&f.format, "format", "text", "output format: text or json")
	fl.IntVar(&f.explore, "explore", 0, "run N schedules (the default one and N-1 random ones) and report each distinct outcome")
	fl.Uint64Var(&f.seed, "seed", 1, "seed for --explore")
	fl.StringVar(&f.witness, "witness", "", "replay the schedule in FILE (JSON)")
	fl.DurationVar(&f.timeout, "timeout", 10*time.Second, "wall-clock budget per run")
	fl.IntVar(&f.maxDrain, "max-drain", loop.DefaultLimits.MaxDrain, "ticks+microtasks allowed after one callback before reporting starvation")
	fl.IntVar(&f.maxCallbacks, "max-callbacks", loop.DefaultLimits.MaxCallbacks, "callbacks allowed per run")
	fl.IntVar(&f.maxHeapMB, "max-heap", 1024, "heap growth allowed per run, in MiB")
	return cmd
}

// nodeVersion resolves --node for a file in dir (nodespec.Resolve: the
// flag, else the project's .nvmrc, .node-version or engines.node, else the
// node on PATH, else the newest modelled).
func nodeVersion(flag, dir string) (loop.Version, error) {
	c, err := nodespec.Resolve(flag, dir, nodeOnPathVersion)
	return c.Version, err
}

type outcome struct {
	Stdout   []string      `json:"stdout"`
	Stderr   []string      `json:"stderr"`
	ExitCode int           `json:"exitCode"`
	Status   string        `json:"status"`
	Message  string        `json:"message,omitempty"`
	Count    int           `json:"count"`
	Witness  *loop.Witness `json:"witness"`
}

type runReport struct {
	File     string          `json:"file"`
	Target   string          `json:"target,omitempty"` // as predict's
	Node     string          `json:"node"`
	Module   loop.ModuleKind `json:"module"`
	Family   string          `json:"family"`
	Runs     int             `json:"runs"`
	Outcomes []outcome       `json:"outcomes"`
	Notes    []string        `json:"notes,omitempty"` // as predict's
}

func runRun(w io.Writer, file string, f runFlags) error {
	if f.format != "text" && f.format != "json" {
		return usageErr("--format must be text or json, not %q", f.format)
	}
	if f.explore < 0 {
		return usageErr("--explore must be positive")
	}
	// A zero or negative budget would silently mean the default (or, for
	// --max-heap, wrap around to no budget at all).
	switch {
	case f.timeout <= 0:
		return usageErr("--timeout must be positive, not %v", f.timeout)
	case f.maxHeapMB <= 0:
		return usageErr("--max-heap must be a positive number of MiB, not %d", f.maxHeapMB)
	case f.maxDrain <= 0:
		return usageErr("--max-drain must be positive, not %d", f.maxDrain)
	case f.maxCallbacks <= 0:
		return usageErr("--max-callbacks must be positive, not %d", f.maxCallbacks)
	}
	if f.explore > 0 && f.witness != "" {
		return usageErr("--explore and --witness cannot be used together")
	}
	if f.maxHeapMB > 1024 {
		tuneGC(uint64(f.maxHeapMB) << 20)
	}
	env, err := parseEnv(f.env)
	if err != nil {
		return err
	}
	browser, err := loop.ParseTarget(f.target)
	if err != nil {
		return usageErr("%v", err)
	}
	v, pf, prog, err := loadProgram(file, f.node, lrt.Options{
		Browser: browser,
		Clicks:  f.clicks,
		Module:  f.module, FSDir: f.fsDir, Timeout: f.timeout, HostPaths: true, Env: env,
		MaxHeap: uint64(f.maxHeapMB) << 20,
		Limits:  loop.Limits{MaxDrain: f.maxDrain, MaxCallbacks: f.maxCallbacks},
	})
	if err != nil {
		return err
	}
	var outs []lrt.Outcome
	switch {
	case f.witness != "":
		data, err := parse.ReadFile(f.witness)
		if err != nil {
			return usageErr("--witness: %v", err)
		}
		var wt loop.Witness
		if err := json.Unmarshal(data, &wt); err != nil {
			return usageErr("--witness %s: not a witness document: %v", f.witness, err)
		}
		if err := wt.Validate(); err != nil {
			return usageErr("--witness %s: %v", f.witness, err)
		}
		outs = lrt.Group([]lrt.Result{prog.Run(&loop.Replay{W: wt})})
	case f.explore > 0:
		outs = prog.Explore(f.explore, f.seed)
	default:
		outs = lrt.Group([]lrt.Result{prog.Run(nil)})
	}
	rep := runReport{File: file, Node: v.String(), Target: targetOf(prog.Profile), Module: prog.Profile.Module, Family: prog.Profile.Family(),
		Notes: answer.Notes(file, pf, prog.Profile, f.fsDir)}
	for _, o := range outs {
		rep.Runs += o.Count
		wt := o.Witness
		rep.Outcomes = append(rep.Outcomes, outcome{Stdout: nonNil(o.Stdout), Stderr: nonNil(o.Stderr), ExitCode: o.ExitCode,
			Status: string(o.Status), Message: o.Message, Count: o.Count, Witness: &wt})
	}
	if f.format == "json" {
		if err := writeJSON(w, rep); err != nil {
			return err
		}
	} else {
		printRunText(w, rep, f)
	}
	for _, o := range rep.Outcomes {
		if o.ExitCode != 0 || o.Status != string(lrt.StatusExited) {
			return &exitError{code: 1}
		}
	}
	return nil
}

// nodeFlagHelp is --node's help, one rule for every command.
const nodeFlagHelp = "Node version to model: 10, 22.17, 26.10.0, 22.x, lts, lts/iron, >=20 ... (default: the project's .nvmrc, .node-version or package.json engines.node, nearest the file; else the node on PATH; else the newest modelled)"

// programFlags are the flags that say which program run and predict
// load, and how (see loadProgram).
func programFlags(fl *pflag.FlagSet, node, module, fsDir *string, env *[]string) {
	fl.StringVar(node, "node", "", nodeFlagHelp)
	fl.StringVar(module, "module", "", "treat the file as cjs or esm instead of detecting it as Node would")
	fl.StringVar(fsDir, "fs", "", "mount DIR read-only as the snippet's working directory")
	envFlag(fl, env)
}

// targetOf is a report's target: the browser's name, "" for Node.
func targetOf(p loop.Profile) string {
	if p.Browser == loop.NoBrowser {
		return ""
	}
	return p.Browser.String()
}

// targetName is a target in the text reports.
func targetName(t string) string {
	switch t {
	case "chromium":
		return "Chromium (browser model)"
	case "firefox":
		return "Firefox (browser model)"
	case "browser":
		return "a browser (every choice the HTML standard leaves open)"
	}
	return t + " (browser model)"
}

// targetFlag is --target: Node, or a browser's event loop.
func targetFlag(fl *pflag.FlagSet, target *string, clicks *[]string) {
	fl.StringVar(target, "target", "node", "whose event loop runs the file: node, chromium, firefox, or browser (every choice the HTML standard leaves to the engine); a browser runs a .js file as a page's classic script, or an .html page")
	fl.StringArrayVar(clicks, "click", nil, "with a browser --target: the user clicks the element this selector (#id, .class, tag) names once the page has loaded and is quiet (repeatable)")
}

// envFlag is --env, repeatable: the sandbox's process.env, which holds
// nothing of the host's environment.
func envFlag(fl *pflag.FlagSet, env *[]string) {
	fl.StringArrayVar(env, "env", nil, "set NAME=VALUE in the program's process.env (repeatable; nothing else of the host's environment enters the sandbox); UV_THREADPOOL_SIZE sizes the thread pool")
}

// parseEnv reads --env's NAME=VALUE pairs.
func parseEnv(pairs []string) (map[string]string, error) {
	if len(pairs) == 0 {
		return nil, nil
	}
	env := map[string]string{}
	for _, p := range pairs {
		name, value, ok := strings.Cut(p, "=")
		if !ok || name == "" || strings.ContainsRune(name, 0) || strings.ContainsRune(value, 0) {
			return nil, usageErr("--env %q: want NAME=VALUE", p)
		}
		env[name] = value
	}
	return env, nil
}

// loadProgram is what run and predict share: the Node version, the
// --fs check, the file through parse and the runtime's preparation (which
// also decides the module kind). Errors are already exit errors.
func loadProgram(file, node string, o lrt.Options) (loop.Version, *parse.File, *lrt.Program, error) {
	// Every caller runs the program (predict to confirm, unless
	// --no-confirm): compile the runtime's JavaScript meanwhile.
	lrt.Precompile()
	v, err := nodeVersion(node, filepath.Dir(file))
	if err != nil {
		return v, nil, nil, usageErr("%v", err)
	}
	if o.FSDir != "" {
		if st, err := os.Stat(o.FSDir); err != nil || !st.IsDir() {
			return v, nil, nil, usageErr("--fs %s: not a readable directory", o.FSDir)
		}
	}
	var pf *parse.File
	switch {
	case strings.EqualFold(filepath.Ext(file), ".html") && o.Browser == loop.NoBrowser:
		return v, nil, nil, usageErr("%s: an HTML page runs in a browser: give --target chromium, firefox or browser", file)
	case strings.EqualFold(filepath.Ext(file), ".html"):
		pf, err = parse.LoadPage(file)
	default:
		pf, err = parse.Load(file)
	}
	if err != nil {
		return v, nil, nil, &exitError{code: 2, msg: err.Error()}
	}
	if len(o.Clicks) > 0 && o.Browser == loop.NoBrowser {
		return v, nil, nil, usageErr("--click needs a browser --target")
	}
	o.Node = v
	prog, err := lrt.Prepare(pf, o)
	if err != nil {
		if pe, ok := err.(*parse.Error); ok {
			return v, nil, nil, &exitError{code: 2, msg: pe.Error()}
		}
		return v, nil, nil, usageErr("%v", err)
	}
	if o.FSDir != "" {
		// The mount is checked now (a kernel file system is refused),
		// not when the first run needs it.
		if _, err := prog.Files(); err != nil {
			return v, nil, nil, usageErr("--fs %s: %v", o.FSDir, strings.TrimPrefix(err.Error(), "memfs: "))
		}
	}
	return v, pf, prog, nil
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func printRunText(w io.Writer, rep runReport, f runFlags) {
	sched := "default schedule"
	switch {
	case f.witness != "":
		sched = "schedule from " + f.witness
	case f.explore > 0:
		sched = fmt.Sprintf("%d schedules (seed %d): %d distinct outcome(s)", rep.Runs, f.seed, len(rep.Outcomes))
	}
	if rep.Target != "" {
		fmt.Fprintf(w, "%s · %s · classic script · %s\n", rep.File, targetName(rep.Target), sched)
	} else {
		fmt.Fprintf(w, "%s · Node %s (family %s) · %s · %s\n", rep.File, rep.Node, rep.Family, rep.Module.Name(), sched)
	}
	for _, n := range rep.Notes {
		fmt.Fprintf(w, "note: %s\n", n)
	}
	for i, o := range rep.Outcomes {
		if len(rep.Outcomes) > 1 || f.explore > 0 {
			fmt.Fprintf(w, "\n#%d  seen in %d of %d runs\n", i+1, o.Count, rep.Runs)
		}
		for _, l := range o.Stdout {
			fmt.Fprintf(w, "  %s\n", l)
		}
		for _, l := range o.Stderr {
			fmt.Fprintf(w, "  stderr| %s\n", l)
		}
		switch o.Status {
		case string(lrt.StatusExited):
			fmt.Fprintf(w, "  exit code %d\n", o.ExitCode)
		default:
			fmt.Fprintf(w, "  %s: %s\n", strings.ToUpper(o.Status), o.Message)
		}
	}
}

func usageErr(format string, args ...any) error {
	return &exitError{code: 2, msg: "looplint: " + fmt.Sprintf(format, args...)}
}
