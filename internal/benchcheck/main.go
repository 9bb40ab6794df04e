// Command benchcheck times `looplint check` against oxlint and ESLint on
// a pinned real-world node_modules tree (make bench-check). It is a
// developer tool that needs Node, npm and the npm registry; make test
// never runs it.
//
// It installs bench/check/tree and bench/check/tools (package.json and
// the committed package-lock.json) with `npm ci --ignore-scripts` under
// .cache/bench-check/, builds looplint there, and lists every .js, .cjs
// and .mjs file under the tree's node_modules (symbolic links are not
// followed; *.min.js files are left out because oxlint refuses minified
// files even when named explicitly). Each tool is handed that same list
// of files on its command line, from the tree's directory, and each
// tool's own count of the files it linted is printed next to the count
// passed, so a tool that skipped files shows.
//
// The tools run in turns (looplint, oxlint, ESLint, looplint, ...), so
// load from other processes on the machine falls on all of them alike;
// the medians of wall time and of peak memory (the child's max RSS from
// wait4) are compared.
//
// Usage:
//
//	go run ./internal/benchcheck [-runs 5] [-eslint-runs 3] [-no-eslint] [-eslint-concurrency off]
//	    [-looplint BINARY] [-baseline BINARY] [-json FILE] [-tree tree|tree2] [-pgo FILE]
//
// With -pgo it times nothing: it writes a CPU profile of -runs checks of
// the tree (make pgo merges the two trees' into cmd/looplint/default.pgo,
// which go build uses for profile-guided optimization).
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
)

var (
	runs       = flag.Int("runs", 5, "timed runs of looplint and of oxlint")
	eslintRuns = flag.Int("eslint-runs", 3, "timed runs of ESLint")
	noESLint   = flag.Bool("no-eslint", false, "skip ESLint (it takes minutes)")
	eslintConc = flag.String("eslint-concurrency", "off", "ESLint's --concurrency (off is ESLint's default: one thread)")
	jsonOut    = flag.String("json", "", "also write the measurements to this file")
	prebuilt   = flag.String("looplint", "", "use this looplint binary instead of building ./cmd/looplint")
	baseline   = flag.String("baseline", "", "also time this looplint binary (an older build), as looplint@base")
	treeName   = flag.String("tree", "tree", "the tree to lint: a directory of bench/check with a package.json and its package-lock.json (tree, tree2)")
	pgoOut     = flag.String("pgo", "", "instead of timing, write to this file a CPU profile of -runs checks of the tree (for cmd/looplint/default.pgo: make pgo)")
)

// pairedRatio is the median over rounds of a's wall time over b's in the
// same round: the two ran one after the other, so a slow stretch of the
// machine falls on both (oxlint's own times on a 2-core machine come in
// two groups, about 0.85 s and 1.2 s, and a ratio of medians moves with
// which group its median lands in).
func pairedRatio(a, b *tool) float64 {
	var rs []float64
	for i := range min(len(a.Measurements), len(b.Measurements)) {
		rs = append(rs, a.Measurements[i].Wall.Seconds()/b.Measurements[i].Wall.Seconds())
	}
	if len(rs) == 0 {
		return 0
	}
	slices.Sort(rs)
	if n := len(rs); n%2 == 0 {
		return (rs[n/2-1] + rs[n/2]) / 2
	}
	return rs[len(rs)/2]
}

func main() {
	flag.Parse()
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "benchcheck:", err)
		os.Exit(1)
	}
}

// measurement is one timed run.
type measurement struct {
	Wall   time.Duration
	CPU    time.Duration // user + system
	MaxRSS int64         // bytes
}

// tool is one linter under test.
type tool struct {
	Name string
	Args []string // argv before the file list
	Runs int
	// parse reads the tool's output and returns the number of files it
	// says it linted, its number of findings, and notes (errors it had).
	parse func(stdout, stderr []byte) (files, findings int, note string, err error)
	// okExit says whether an exit status means the run worked.
	okExit func(code int) bool

	Measurements []measurement
	Files        int
	Findings     int
	Note         string
}

func run() error {
	root, err := os.Getwd()
	if err != nil {
		return err
	}
	if _, err := os.Stat(filepath.Join(root, "bench/check/tree/package-lock.json")); err != nil {
		return fmt.Errorf("run from the repository root (make bench-check): %v", err)
	}
	if *treeName == "tools" || strings.ContainsAny(*treeName, "/\\") {
		return fmt.Errorf("-tree %q: name a directory of bench/check other than tools", *treeName)
	}
	cache := filepath.Join(root, ".cache", "bench-check")
	treeDir := filepath.Join(cache, *treeName)
	toolsDir := filepath.Join(cache, "tools")
	for _, name := range []string{*treeName, "tools"} {
		if err := install(filepath.Join(root, "bench/check", name), filepath.Join(cache, name)); err != nil {
			return err
		}
	}
	looplint := filepath.Join(cache, "looplint")
	if *prebuilt != "" {
		if looplint, err = filepath.Abs(*prebuilt); err != nil {
			return err
		}
	} else {
		step("building looplint")
		if err := sh(root, "go", "build", "-o", looplint, "./cmd/looplint"); err != nil {
			return err
		}
	}

	files, minified, err := listFiles(treeDir)
	if err != nil {
		return err
	}
	var size int64
	for _, f := range files {
		if st, err := os.Stat(filepath.Join(treeDir, f)); err == nil {
			size += st.Size()
		}
	}
	fmt.Printf("tree: %d files (.js .cjs .mjs under node_modules, %.1f MB; %d *.min.js left out)\n",
		len(files), float64(size)/1e6, minified)
	if *pgoOut != "" {
		return profileRuns(looplint, treeDir, files, filepath.Join(cache, *treeName+".pgo.d"), *pgoOut)
	}
	if err := writeESLintConfig(root, treeDir, files); err != nil {
		return err
	}

	tools := []*tool{
		{
			Name: "looplint",
			Args: []string{looplint, "check", "--format", "json"},
			Runs: *runs,
			parse: func(stdout, _ []byte) (int, int, string, error) {
				var rep struct {
					Files       int `json:"files"`
					Diagnostics []struct {
						Check string `json:"check"`
					} `json:"diagnostics"`
					Errors []struct {
						File, Message, Kind string
					} `json:"errors"`
				}
				if err := json.Unmarshal(stdout, &rep); err != nil {
					return 0, 0, "", fmt.Errorf("looplint output: %v", err)
				}
				by := map[string]int{}
				for _, d := range rep.Diagnostics {
					by[d.Check]++
				}
				note := fmt.Sprintf("%d files not analyzed", len(rep.Errors))
				if len(by) > 0 {
					note += "; by check: " + counts(by)
				}
				return rep.Files - len(rep.Errors), len(rep.Diagnostics), note, nil
			},
			okExit: func(c int) bool { return c == 0 || c == 1 },
		},
		{
			Name: "oxlint",
			Args: []string{filepath.Join(toolsDir, "node_modules/.bin/oxlint")},
			Runs: *runs,
			parse: func(stdout, stderr []byte) (int, int, string, error) {
				out := string(stdout) + string(stderr)
				m := regexp.MustCompile(`Finished in \S+ on (\d+) files? with (\d+) rules`).FindStringSubmatch(out)
				if m == nil {
					return 0, 0, "", fmt.Errorf("oxlint output has no summary line:\n%s", tail(out))
				}
				files, _ := strconv.Atoi(m[1])
				f := regexp.MustCompile(`Found (\d+) warnings? and (\d+) errors?`).FindStringSubmatch(out)
				var w, e int
				if f != nil {
					w, _ = strconv.Atoi(f[1])
					e, _ = strconv.Atoi(f[2])
				}
				return files, w + e, fmt.Sprintf("%s default rules; %d warnings, %d errors", m[2], w, e), nil
			},
			okExit: func(c int) bool { return c == 0 || c == 1 },
		},
	}
	if !*noESLint {
		tools = append(tools, &tool{
			Name: "eslint",
			Args: []string{filepath.Join(toolsDir, "node_modules/.bin/eslint"),
				"--config", "eslint.config.mjs", "--no-error-on-unmatched-pattern",
				"--concurrency", *eslintConc,
				"--format", filepath.Join(root, "bench/check/eslint-count-formatter.cjs")},
			Runs: *eslintRuns,
			parse: func(stdout, _ []byte) (int, int, string, error) {
				var rep struct {
					Files, Ignored, Errors, Warnings, FatalFiles int
					Fatal                                        []string
					Rules                                        map[string]int
				}
				if err := json.Unmarshal(bytes.TrimSpace(stdout), &rep); err != nil {
					return 0, 0, "", fmt.Errorf("eslint output: %v:\n%s", err, tail(string(stdout)))
				}
				note := fmt.Sprintf("n+promise recommended; %d files ignored, %d with a parse error (not linted further)", rep.Ignored, rep.FatalFiles)
				for _, f := range rep.Fatal {
					note += "\n    " + f
				}
				return rep.Files, rep.Errors + rep.Warnings - rep.FatalFiles, note + "\n    by rule: " + counts(rep.Rules), nil
			},
			okExit: func(c int) bool { return c == 0 || c == 1 },
		})
	}

	looplintT, oxlintT := tools[0], tools[1]
	var eslintT *tool
	if !*noESLint {
		eslintT = tools[2]
	}
	if *baseline != "" {
		bin, err := filepath.Abs(*baseline)
		if err != nil {
			return err
		}
		b := *looplintT
		b.Name, b.Args = "looplint@base", append([]string{bin}, looplintT.Args[1:]...)
		tools = append([]*tool{&b}, tools...)
	}
	fmt.Printf("load average before: %s", loadavg())

	// One untimed run of the fast tools checks the set-up and warms the
	// page cache; ESLint's first timed run is checked the same way.
	for _, t := range tools {
		if t == eslintT {
			continue
		}
		step("warm-up: " + t.Name)
		if _, err := t.run(treeDir, files, filepath.Join(cache, t.Name+".out")); err != nil {
			return err
		}
	}
	maxRuns := 0
	for _, t := range tools {
		maxRuns = max(maxRuns, t.Runs)
	}
	for i := range maxRuns {
		for _, t := range tools {
			if i >= t.Runs {
				continue
			}
			m, err := t.run(treeDir, files, filepath.Join(cache, t.Name+".out"))
			if err != nil {
				return err
			}
			t.Measurements = append(t.Measurements, m)
			fmt.Printf("  run %d %-14s wall %7.2fs  cpu %7.2fs  %6.0f MB\n", i+1, t.Name, m.Wall.Seconds(), m.CPU.Seconds(), mb(m.MaxRSS))
		}
	}

	fmt.Printf("\n%-14s %5s %12s %17s %11s %13s %12s %9s\n", "tool", "runs", "wall median", "wall min-max", "cpu median", "maxRSS median", "files linted", "findings")
	for _, t := range tools {
		w, r := t.medians()
		lo, hi := t.spread()
		fmt.Printf("%-14s %5d %11.2fs %8.2f-%6.2fs %10.2fs %10.0f MB %6d/%-5d %9d\n", t.Name, len(t.Measurements), w.Seconds(),
			lo.Seconds(), hi.Seconds(), t.cpuMedian().Seconds(), mb(r), t.Files, len(files), t.Findings)
	}
	fmt.Println()
	for _, t := range tools {
		fmt.Printf("%s: %s\n", t.Name, t.Note)
	}
	fmt.Println()
	fmt.Printf("load average after: %s", loadavg())
	lw, lr := looplintT.medians()
	ow, or := oxlintT.medians()
	lc, oc := looplintT.cpuMedian(), oxlintT.cpuMedian()
	if *baseline != "" {
		bw, br := tools[0].medians()
		fmt.Printf("looplint / looplint@base wall: %.2fx   cpu: %.2fx   max RSS: %.2fx\n",
			lw.Seconds()/bw.Seconds(), lc.Seconds()/tools[0].cpuMedian().Seconds(), float64(lr)/float64(br))
	}
	fmt.Printf("looplint / oxlint wall: %.2fx (issue 23: <= 1.5x)   cpu: %.2fx   max RSS: %.2fx\n",
		lw.Seconds()/ow.Seconds(), lc.Seconds()/oc.Seconds(), float64(lr)/float64(or))
	fmt.Printf("looplint / oxlint wall, median of the rounds' own ratios: %.2fx\n", pairedRatio(looplintT, oxlintT))
	if !*noESLint {
		ew, er := eslintT.medians()
		ec := eslintT.cpuMedian()
		fmt.Printf("eslint / looplint wall: %.1fx (target >= 20x)  cpu: %.1fx   max RSS: %.2fx\n",
			ew.Seconds()/lw.Seconds(), ec.Seconds()/lc.Seconds(), float64(er)/float64(lr))
	}
	for _, t := range tools {
		if t.Files != len(files) {
			fmt.Printf("warning: %s linted %d of the %d files it was given\n", t.Name, t.Files, len(files))
		}
	}
	if *jsonOut != "" {
		type row struct {
			Tool                 string
			Runs                 int
			WallMedianSec        float64
			CPUMedianSec         float64
			MaxRSSMedianMB       float64
			FilesLinted, Files   int
			Findings             int
			Note                 string
			WallSec, MaxRSSMBRun []float64
		}
		var rows []row
		for _, t := range tools {
			w, r := t.medians()
			rw := row{Tool: t.Name, Runs: len(t.Measurements), WallMedianSec: w.Seconds(), CPUMedianSec: t.cpuMedian().Seconds(), MaxRSSMedianMB: mb(r),
				FilesLinted: t.Files, Files: len(files), Findings: t.Findings, Note: t.Note}
			for _, m := range t.Measurements {
				rw.WallSec = append(rw.WallSec, m.Wall.Seconds())
				rw.MaxRSSMBRun = append(rw.MaxRSSMBRun, mb(m.MaxRSS))
			}
			rows = append(rows, rw)
		}
		b, _ := json.MarshalIndent(rows, "", "  ")
		if err := os.WriteFile(*jsonOut, append(b, '\n'), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// run times one run of t over files from dir, keeps its stdout in out,
// and records what the tool reported.
func (t *tool) run(dir string, files []string, out string) (measurement, error) {
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(t.Args[0], append(slices.Clone(t.Args[1:]), files...)...)
	cmd.Dir, cmd.Stdout, cmd.Stderr = dir, &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		return measurement{}, fmt.Errorf("%s: %v", t.Name, err)
	}
	code := cmd.ProcessState.ExitCode()
	os.WriteFile(out, stdout.Bytes(), 0o644)
	if !t.okExit(code) {
		return measurement{}, fmt.Errorf("%s exited with status %d:\n%s", t.Name, code, tail(stderr.String()))
	}
	n, findings, note, err := t.parse(stdout.Bytes(), stderr.Bytes())
	if err != nil {
		return measurement{}, err
	}
	t.Files, t.Findings, t.Note = n, findings, note
	return measurement{Wall: wall, CPU: cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime(), MaxRSS: maxRSS(cmd.ProcessState)}, nil
}

func (t *tool) medians() (time.Duration, int64) {
	var w []time.Duration
	var r []int64
	for _, m := range t.Measurements {
		w, r = append(w, m.Wall), append(r, m.MaxRSS)
	}
	return median(w), median(r)
}

func (t *tool) cpuMedian() time.Duration {
	var c []time.Duration
	for _, m := range t.Measurements {
		c = append(c, m.CPU)
	}
	return median(c)
}

func (t *tool) spread() (time.Duration, time.Duration) {
	var w []time.Duration
	for _, m := range t.Measurements {
		w = append(w, m.Wall)
	}
	if len(w) == 0 {
		return 0, 0
	}
	return slices.Min(w), slices.Max(w)
}

func median[T time.Duration | int64](xs []T) T {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// install runs npm ci in dst for the package.json and lock in src,
// unless dst already holds an install of that same lock.
func install(src, dst string) error {
	lock, err := os.ReadFile(filepath.Join(src, "package-lock.json"))
	if err != nil {
		return err
	}
	pkg, err := os.ReadFile(filepath.Join(src, "package.json"))
	if err != nil {
		return err
	}
	old, _ := os.ReadFile(filepath.Join(dst, "package-lock.json"))
	if _, err := os.Stat(filepath.Join(dst, "node_modules/.package-lock.json")); err == nil && bytes.Equal(old, lock) {
		return nil
	}
	step("npm ci --ignore-scripts in " + dst)
	if err := os.MkdirAll(dst, 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dst, "package.json"), pkg, 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dst, "package-lock.json"), lock, 0o644); err != nil {
		return err
	}
	return sh(dst, "npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund")
}

// listFiles lists the .js, .cjs and .mjs files under dir/node_modules,
// relative to dir and sorted, and counts the *.min.js files left out.
func listFiles(dir string) ([]string, int, error) {
	var files []string
	minified := 0
	err := filepath.WalkDir(filepath.Join(dir, "node_modules"), func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.Type().IsRegular() {
			return nil
		}
		switch filepath.Ext(p) {
		case ".js", ".cjs", ".mjs":
		default:
			return nil
		}
		if strings.HasSuffix(p, ".min.js") {
			minified++
			return nil
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		files = append(files, filepath.ToSlash(rel))
		return nil
	})
	sort.Strings(files)
	if len(files) == 0 && err == nil {
		err = fmt.Errorf("no files under %s/node_modules", dir)
	}
	return files, minified, err
}

// writeESLintConfig puts the ESLint config into the tree's directory with
// module-types.json, which tells it the sourceType Node would use: "dirs"
// are the directories whose package.json sets the type of the .js files
// below them (shallowest first), "esmFiles" the .js files of commonjs
// directories that have import/export statements (Node 20.19+ and 22.7+
// run those as modules, and ESLint would stop at a parse error on them).
func writeESLintConfig(root, treeDir string, files []string) error {
	cfg, err := os.ReadFile(filepath.Join(root, "bench/check/eslint.config.mjs"))
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(treeDir, "eslint.config.mjs"), cfg, 0o644); err != nil {
		return err
	}
	type entry struct {
		Dir  string `json:"dir"`
		Type string `json:"type"`
	}
	typeOf := map[string]string{} // directory -> "module" or "commonjs"
	err = filepath.WalkDir(filepath.Join(treeDir, "node_modules"), func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.Name() != "package.json" || !d.Type().IsRegular() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return nil
		}
		var pkg struct {
			Type string `json:"type"`
		}
		if json.Unmarshal(b, &pkg) != nil {
			return nil
		}
		rel, _ := filepath.Rel(treeDir, filepath.Dir(p))
		typeOf[filepath.ToSlash(rel)] = map[bool]string{true: "module", false: "commonjs"}[pkg.Type == "module"]
		return nil
	})
	if err != nil {
		return err
	}
	// effective is the type a file or directory at p gets from the
	// nearest package.json above it (commonjs without one).
	effective := func(p string) string {
		for d := path.Dir(p); d != "." && d != "/"; d = path.Dir(d) {
			if t, ok := typeOf[d]; ok {
				return t
			}
		}
		return "commonjs"
	}
	var out struct {
		Dirs     []entry  `json:"dirs"`
		ESMFiles []string `json:"esmFiles"`
	}
	for d, t := range typeOf {
		if t != effective(d) {
			out.Dirs = append(out.Dirs, entry{d, t})
		}
	}
	sort.Slice(out.Dirs, func(i, j int) bool {
		di, dj := strings.Count(out.Dirs[i].Dir, "/"), strings.Count(out.Dirs[j].Dir, "/")
		if di != dj {
			return di < dj
		}
		return out.Dirs[i].Dir < out.Dirs[j].Dir
	})
	esm := regexp.MustCompile(`(?m)^(?:import|export)(?:\s+|\s*[{*])`)
	out.ESMFiles = []string{}
	for _, f := range files {
		if !strings.HasSuffix(f, ".js") || effective(f) != "commonjs" {
			continue
		}
		if b, err := os.ReadFile(filepath.Join(treeDir, f)); err == nil && esm.Match(b) {
			out.ESMFiles = append(out.ESMFiles, f)
		}
	}
	b, _ := json.MarshalIndent(out, "", " ")
	return os.WriteFile(filepath.Join(treeDir, "module-types.json"), b, 0o644)
}

// profileRuns runs looplint check over the tree's files -runs times with
// --cpuprofile and merges the profiles into out (go tool pprof -proto):
// the profile that profile-guided optimization builds cmd/looplint with.
func profileRuns(looplint, treeDir string, files []string, tmp, out string) error {
	if err := os.MkdirAll(tmp, 0o755); err != nil {
		return err
	}
	var profs []string
	for i := range *runs {
		prof := filepath.Join(tmp, fmt.Sprintf("run%d.prof", i))
		step(fmt.Sprintf("profile run %d of %d", i+1, *runs))
		cmd := exec.Command(looplint, append([]string{"check", "--format", "json", "--cpuprofile", prof}, files...)...)
		cmd.Dir = treeDir
		if err := cmd.Run(); err != nil {
			if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 { // 1: findings
				return fmt.Errorf("looplint check --cpuprofile: %v", err)
			}
		}
		profs = append(profs, prof)
	}
	merged, err := exec.Command("go", append([]string{"tool", "pprof", "-proto"}, profs...)...).Output()
	if err != nil {
		return fmt.Errorf("go tool pprof -proto: %v", err)
	}
	if err := os.WriteFile(out, merged, 0o644); err != nil {
		return err
	}
	fmt.Printf("wrote %s (%d runs over %d files)\n", out, len(profs), len(files))
	return nil
}

func sh(dir, name string, args ...string) error {
	cmd := exec.Command(name, args...)
	cmd.Dir, cmd.Stdout, cmd.Stderr = dir, os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%s %s: %v", name, strings.Join(args, " "), err)
	}
	return nil
}

// loadavg is the first three fields of /proc/loadavg: other work on the
// machine skews wall times (CPU times much less).
func loadavg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown\n"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown\n"
	}
	return strings.Join(f[:3], " ") + "\n"
}

func step(s string) { fmt.Fprintln(os.Stderr, "==>", s) }

func mb(b int64) float64 { return float64(b) / (1 << 20) }

func counts(m map[string]int) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return m[keys[i]] > m[keys[j]] || m[keys[i]] == m[keys[j]] && keys[i] < keys[j] })
	var parts []string
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%s %d", k, m[k]))
	}
	return strings.Join(parts, ", ")
}

func tail(s string) string {
	if len(s) > 2000 {
		return "..." + s[len(s)-2000:]
	}
	return s
}
