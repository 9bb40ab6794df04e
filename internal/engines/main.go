// Command engines measures the explorer's two hosts side by side: for
// every recorded case (testdata/runtime, testdata/predict) and version,
// and for the shared probes and corpus (-shared), it explores the program
// with the abstract interpreter and with the runtime, and reports per
// host how many it answers completely, the paths and the time each
// needs, and every program both answer completely with different orders
// (a bug in one of them). docs/architecture.md quotes its summary.
//
//	go run ./internal/engines [-shared ../shared] [-versions 10,20,22,26] [-v]
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/looplint/looplint/explore"
	"github.com/looplint/looplint/internal/nodecase"
	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/parse"
	"github.com/looplint/looplint/predict"
	lrt "github.com/looplint/looplint/runtime"
)

type job struct {
	suite, name, file, dir string
	version                loop.Version
}

type side struct {
	complete bool
	paths    int
	runs     int
	took     time.Duration
	reason   string
	orders   explore.Prediction
}

func main() {
	shared := flag.String("shared", "", "also measure ../shared's probes and corpus")
	versions := flag.String("versions", "10,20,22,26", "versions for the shared suites")
	verbose := flag.Bool("v", false, "one line per program")
	flag.Parse()
	var jobs []job
	for _, dir := range []string{"testdata/runtime", "testdata/predict"} {
		files, _ := filepath.Glob(filepath.Join(dir, "*.txtar"))
		for _, f := range files {
			c, err := nodecase.Load(f)
			if err != nil {
				fail(err)
			}
			tmp, err := os.MkdirTemp("", "engines-")
			if err != nil {
				fail(err)
			}
			defer os.RemoveAll(tmp)
			main, err := c.WriteTo(tmp)
			if err != nil {
				fail(err)
			}
			for vs := range c.Node {
				v, err := loop.ParseVersion(vs)
				if err != nil {
					fail(err)
				}
				jobs = append(jobs, job{"testdata", strings.TrimSuffix(filepath.Base(f), ".txtar"), main, tmp, v})
			}
		}
	}
	if *shared != "" {
		var vs []loop.Version
		for _, s := range strings.Split(*versions, ",") {
			v, err := loop.ParseVersion(s)
			if err != nil {
				fail(err)
			}
			vs = append(vs, v)
		}
		probes, _ := filepath.Glob(filepath.Join(*shared, "probes", "*.*js"))
		for _, f := range probes {
			for _, v := range vs {
				jobs = append(jobs, job{"probes", filepath.Base(f), f, filepath.Dir(f), v})
			}
		}
		var corpus []struct {
			File string `json:"file"`
		}
		if b, err := os.ReadFile(filepath.Join(*shared, "corpus", "corpus.json")); err == nil {
			_ = json.Unmarshal(b, &corpus)
		}
		fixtures := filepath.Join(*shared, "corpus", "fixtures")
		for _, c := range corpus {
			for _, v := range vs {
				jobs = append(jobs, job{"corpus", filepath.Base(c.File), filepath.Join(*shared, "corpus", c.File), fixtures, v})
			}
		}
	}
	type row struct {
		job
		in, rt side
	}
	var rows []row
	for _, j := range jobs {
		in, rt, ok := measure(j)
		if !ok {
			continue
		}
		rows = append(rows, row{j, in, rt})
		if *verbose {
			fmt.Printf("%-8s %-45s %-8s interp %-5v %4d paths %8s | runtime %-5v %4d paths %8s  %s | %s\n", j.suite, j.name, j.version,
				in.complete, in.paths, in.took.Round(time.Microsecond), rt.complete, rt.paths, rt.took.Round(time.Microsecond), in.reason, rt.reason)
		}
	}
	suites := []string{"testdata", "probes", "corpus"}
	fmt.Printf("%-9s %6s | %-28s | %-28s | %s\n", "suite", "progs", "interpreter: complete, paths, time", "runtime: complete, paths, time", "both complete: agree / differ; only one complete")
	for _, s := range suites {
		var n, inC, rtC, both, agree, onlyIn, onlyRt int
		var inT, rtT []time.Duration
		var inP, rtP []int
		var differ []string
		for _, r := range rows {
			if r.suite != s {
				continue
			}
			n++
			inT, rtT = append(inT, r.in.took), append(rtT, r.rt.took)
			inP, rtP = append(inP, r.in.paths), append(rtP, r.rt.paths)
			switch {
			case r.in.complete && r.rt.complete:
				both++
				if same(r.in.orders, r.rt.orders) {
					agree++
				} else {
					differ = append(differ, fmt.Sprintf("%s@%s", r.name, r.version))
				}
			case r.in.complete:
				onlyIn++
			case r.rt.complete:
				onlyRt++
			}
			if r.in.complete {
				inC++
			}
			if r.rt.complete {
				rtC++
			}
		}
		if n == 0 {
			continue
		}
		fmt.Printf("%-9s %6d | %4d, median %3d, %8s | %4d, median %3d, %8s | %d / %d; interpreter only %d, runtime only %d\n", s, n,
			inC, medianInt(inP), median(inT), rtC, medianInt(rtP), median(rtT), agree, len(differ), onlyIn, onlyRt)
		if len(differ) > 0 {
			fmt.Printf("          differ: %s\n", strings.Join(differ, ", "))
		}
	}
}

// measure explores j with each host; false when the file does not load.
func measure(j job) (in, rt side, ok bool) {
	f, err := parse.Load(j.file)
	if err != nil {
		return in, rt, false
	}
	prog, err := lrt.Prepare(f, lrt.Options{Node: j.version, FSDir: j.dir, Timeout: 10 * time.Second})
	if err != nil {
		return in, rt, false
	}
	files, err := prog.Files()
	if err != nil {
		return in, rt, false
	}
	cfg := explore.Config{MaxRuns: 5000, Deadline: time.Now().Add(time.Minute)}
	start := time.Now()
	pi := predict.Predict(f, prog.Profile, predict.Options{Explore: cfg, Files: files, Filename: prog.VirtPath, Cwd: prog.Cwd})
	in = sideOf(pi, time.Since(start))
	cfg.Deadline = time.Now().Add(time.Minute)
	start = time.Now()
	pr := explore.Predict(prog.Host(), explore.Options{Explore: cfg})
	rt = sideOf(pr, time.Since(start))
	return in, rt, true
}

func sideOf(p explore.Prediction, took time.Duration) side {
	s := side{complete: p.Complete, paths: p.Explored.Paths, runs: p.Explored.Runs, took: took, orders: p}
	if len(p.Reasons) > 0 {
		s.reason = p.Reasons[0].Msg
	}
	return s
}

// same: both predictions stand for the same set of outputs.
func same(a, b explore.Prediction) bool {
	for _, o := range a.List(1000) {
		if !b.HasOutcome(o) {
			return false
		}
	}
	for _, o := range b.List(1000) {
		if !a.HasOutcome(o) {
			return false
		}
	}
	return true
}

func median(d []time.Duration) time.Duration {
	if len(d) == 0 {
		return 0
	}
	s := slices.Clone(d)
	slices.Sort(s)
	return s[len(s)/2].Round(10 * time.Microsecond)
}

func medianInt(d []int) int {
	if len(d) == 0 {
		return 0
	}
	s := slices.Clone(d)
	sort.Ints(s)
	return s[len(s)/2]
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "engines:", err)
	os.Exit(2)
}
