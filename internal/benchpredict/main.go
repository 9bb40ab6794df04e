// Command benchpredict measures `looplint predict` (static prediction plus
// confirmation of every order by runtime replay) on each corpus snippet,
// side by side with one `node file.js` run of the same file, and prints
// the median times and their ratio; then the same for the recorded cases
// of Node's I/O world (testdata/runtime: sockets, http, streams, the
// thread pool, messaging), by area.
//
//	go run ./internal/benchpredict -shared ../shared [-node node] [-runs 3] [-cases 'testdata/runtime/*.txtar'] [-areas net,http,stream,pool,msg]
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/looplint/looplint/internal/nodecase"
)

func main() {
	shared := flag.String("shared", "../shared", "path to the shared folder (corpus/cases)")
	node := flag.String("node", "node", "the node binary to compare with")
	runs := flag.Int("runs", 3, "runs per file and tool (the median is kept)")
	cases := flag.String("cases", "testdata/runtime/*.txtar", "recorded cases to time by area (a glob; empty: none)")
	areas := flag.String("areas", "net,http,stream,pool,msg", "the areas: a case NAME.txtar belongs to the area its name starts with (area-...)")
	flag.Parse()
	// Absolute paths: each command runs in the snippet's directory, so a path
	// relative to ours would name nothing there (both tools would then only
	// time their "file not found" error).
	root, err := filepath.Abs(*shared)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	files, _ := filepath.Glob(filepath.Join(root, "corpus", "cases", "*.*js"))
	if len(files) == 0 {
		fmt.Fprintln(os.Stderr, "benchpredict: no corpus cases found under", *shared)
		os.Exit(2)
	}
	tmp, err := os.MkdirTemp("", "looplint-bench-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	defer os.RemoveAll(tmp)
	bin := filepath.Join(tmp, "looplint")
	// Built as `make build` builds it: static (CGO_ENABLED=0), which skips
	// the dynamic loader at every start.
	build := exec.Command("go", "build", "-o", bin, "./cmd/looplint")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "benchpredict: build: %v\n%s", err, out)
		os.Exit(2)
	}
	var lt, nt, ratios []float64
	var slow, bad []string
	for _, f := range files {
		dir := filepath.Dir(f)
		l := median(*runs, func() {
			// Exit status 2 is bad input or usage: nothing was predicted.
			// Default flags, as a new user runs it: the prediction, then the
			// runtime's exploration that confirms it.
			if code := run(dir, bin, "predict", "--format", "json", "--fs", dir, f); code == 2 {
				bad = append(bad, filepath.Base(f))
			}
		})
		n := median(*runs, func() { run(dir, *node, f) })
		lt, nt = append(lt, l), append(nt, n)
		ratios = append(ratios, n/l)
		if l > n {
			slow = append(slow, fmt.Sprintf("  %-50s looplint %6.1f ms  node %6.1f ms", filepath.Base(f), l, n))
		}
	}
	fmt.Printf("looplint predict --format json (default flags: prediction and the runtime's confirming exploration) vs one `node file.js` run, %d corpus files, median of %d runs each\n", len(files), *runs)
	fmt.Printf("  looplint: median %.1f ms per file (p90 %.1f ms)\n", pct(lt, 50), pct(lt, 90))
	fmt.Printf("  node:     median %.1f ms per file (p90 %.1f ms)\n", pct(nt, 50), pct(nt, 90))
	fmt.Printf("  ratio node/looplint: median %.2f×, p10 %.2f× (above 1 means looplint is faster)\n", pct(ratios, 50), pct(ratios, 10))
	if len(bad) > 0 {
		fmt.Printf("looplint rejected the input (exit 2) %d times: %s\n", len(bad), strings.Join(bad, ", "))
	}
	if len(slow) > 0 {
		fmt.Printf("files where looplint is slower than one node run (%d):\n%s\n", len(slow), strings.Join(slow, "\n"))
	}
	batch(bin, files, nt)
	if *cases != "" {
		byArea(bin, *node, *runs, *cases, strings.Split(*areas, ","), tmp)
	}
}

// byArea times the recorded cases of each area, each written to a
// directory of its own (its main file and the files it reads), as the
// corpus is timed: looplint predict against one node run.
func byArea(bin, node string, runs int, glob string, areas []string, tmp string) {
	paths, _ := filepath.Glob(glob)
	fmt.Printf("recorded cases by area (%s), looplint predict vs one `%s FILE` run, median of %d runs each\n", glob, node, runs)
	for _, area := range areas {
		var lt, nt, ratios []float64
		for _, p := range paths {
			name := strings.TrimSuffix(filepath.Base(p), ".txtar")
			if !strings.HasPrefix(name, area+"-") {
				continue
			}
			c, err := nodecase.Load(p)
			if err != nil {
				fmt.Fprintln(os.Stderr, err)
				continue
			}
			dir := filepath.Join(tmp, "cases", name)
			f, err := c.WriteTo(dir)
			if err != nil {
				fmt.Fprintln(os.Stderr, err)
				continue
			}
			l := median(runs, func() { run(dir, bin, "predict", "--format", "json", "--fs", dir, f) })
			n := median(runs, func() { run(dir, node, f) })
			lt, nt, ratios = append(lt, l), append(nt, n), append(ratios, n/l)
		}
		if len(lt) == 0 {
			fmt.Printf("  %-7s no cases\n", area)
			continue
		}
		fmt.Printf("  %-7s %3d cases  looplint median %7.1f ms (p90 %7.1f)  node median %6.1f ms  ratio node/looplint median %.2f×, p10 %.2f×\n",
			area, len(lt), pct(lt, 50), pct(lt, 90), pct(nt, 50), pct(ratios, 50), pct(ratios, 10))
	}
}

// batch times the same files predicted by one process (`looplint predict
// FILE...`, as a CI job over a folder of snippets runs it): each file's
// time is from the end of the previous report to the end of its own (the
// first pays the process start). nt are the node medians, in file order.
func batch(bin string, files []string, nt []float64) {
	dir := filepath.Dir(files[0])
	names := make([]string, len(files))
	for i, f := range files {
		names[i] = filepath.Base(f)
	}
	args := append([]string{"predict", "--fs", dir}, names...)
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	out, err := cmd.StdoutPipe()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return
	}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return
	}
	// A report is printed when its file is done; it begins with
	// "FILE · Node ...".
	index := map[string]int{}
	for i, n := range names {
		index[n] = i
	}
	took := make([]float64, len(files))
	seen := make([]bool, len(files))
	last := start
	sc := bufio.NewScanner(out)
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	for sc.Scan() {
		head, _, ok := strings.Cut(sc.Text(), " · Node ")
		if i, known := index[head]; ok && known && !seen[i] {
			now := time.Now()
			took[i], seen[i], last = float64(now.Sub(last).Microseconds())/1000, true, now
		}
	}
	cmd.Wait()
	var lt, ratios []float64
	for i := range files {
		if seen[i] {
			lt = append(lt, took[i])
			ratios = append(ratios, nt[i]/took[i])
		}
	}
	if len(lt) == 0 {
		fmt.Println("batch: no report came back")
		return
	}
	fmt.Printf("one process for all %d files (looplint predict FILE...; %d reports, %.1f s in all)\n", len(files), len(lt), time.Since(start).Seconds())
	fmt.Printf("  looplint: median %.1f ms per file (p90 %.1f ms)\n", pct(lt, 50), pct(lt, 90))
	fmt.Printf("  ratio node/looplint: median %.2f×, p10 %.2f×\n", pct(ratios, 50), pct(ratios, 10))
}

// run runs a command to completion and returns its exit status, which
// mostly does not matter (snippets may exit non-zero, predictions may be
// incomplete); -1 when it could not be started.
func run(dir, name string, args ...string) int {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode()
	}
	if err != nil {
		return -1
	}
	return 0
}

func median(n int, f func()) float64 {
	var ts []float64
	for i := 0; i < n; i++ {
		start := time.Now()
		f()
		ts = append(ts, float64(time.Since(start).Microseconds())/1000)
	}
	return pct(ts, 50)
}

func pct(xs []float64, p int) float64 {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	return s[(len(s)-1)*p/100]
}
