// Command conformance runs the shared probes and corpus through `looplint run`
// and checks that every stdout real Node showed is among the outcomes the
// runtime reaches; with -predict it checks `looplint predict` instead.
//
//	go run ./internal/conformance -shared ../shared [-probes|-corpus] [-only RE]
//	    [-versions 10,20.20.2] [-explore 200] [-json report.json] [-predict]
//
// It exits 0 when every selected case matched (or is unsupported), 1 when some
// case mismatched or looplint failed, 2 on a setup error.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"time"
)

func main() {
	os.Exit(run())
}

func run() int {
	shared := flag.String("shared", "../shared", "path to the shared folder (probes/ and corpus/)")
	explore := flag.Int("explore", 200, "schedules to explore per run (looplint --explore)")
	seed := flag.Int("seed", 1, "oracle seed (looplint --seed)")
	only := flag.String("only", "", "run only cases whose id matches this regexp")
	versions := flag.String("versions", "", "comma-separated Node versions or majors to run (default: all recorded)")
	jsonOut := flag.String("json", "", "also write the machine-readable report to this file")
	probes := flag.Bool("probes", false, "run the probes suite (default: both suites)")
	corpus := flag.Bool("corpus", false, "run the corpus suite (default: both suites)")
	jobs := flag.Int("j", 2, "looplint runs in parallel")
	timeout := flag.Duration("timeout", 60*time.Second, "timeout per looplint run")
	bin := flag.String("looplint", "", "use this looplint binary instead of building ./cmd/looplint")
	predictMode := flag.Bool("predict", false, "check `looplint predict` (static prediction) instead of `looplint run --explore`")
	flag.Parse()

	var onlyRE *regexp.Regexp
	if *only != "" {
		var err error
		if onlyRE, err = regexp.Compile(*only); err != nil {
			fmt.Fprintf(os.Stderr, "conformance: -only: %v\n", err)
			return 2
		}
	}
	var versionList []string
	if *versions != "" {
		versionList = strings.Split(*versions, ",")
	}
	if !*probes && !*corpus {
		*probes, *corpus = true, true
	}

	var cases []Case
	for _, s := range []struct {
		on   bool
		load func(string) ([]Case, error)
	}{{*probes, loadProbes}, {*corpus, loadCorpus}} {
		if !s.on {
			continue
		}
		cs, err := s.load(*shared)
		if err != nil {
			fmt.Fprintf(os.Stderr, "conformance: %v\n", err)
			return 2
		}
		cases = append(cases, cs...)
	}

	if *bin == "" {
		tmp, err := os.MkdirTemp("", "looplint-conformance-")
		if err != nil {
			fmt.Fprintf(os.Stderr, "conformance: %v\n", err)
			return 2
		}
		defer os.RemoveAll(tmp)
		*bin = filepath.Join(tmp, "looplint")
		build := exec.Command("go", "build", "-o", *bin, "./cmd/looplint")
		build.Stdout, build.Stderr = os.Stderr, os.Stderr
		if err := build.Run(); err != nil {
			fmt.Fprintf(os.Stderr, "conformance: building ./cmd/looplint (run from the module root, or pass -looplint): %v\n", err)
			return 2
		}
	} else if abs, err := filepath.Abs(*bin); err == nil {
		*bin = abs // runs use the case's directory as cwd
	}

	var todo []job
	for _, c := range cases {
		if onlyRE != nil && !onlyRE.MatchString(c.ID) {
			continue
		}
		for _, e := range c.Expect {
			if versionSelected(e.Version, versionList) {
				todo = append(todo, job{c, e})
			}
		}
	}
	if len(todo) == 0 {
		fmt.Fprintln(os.Stderr, "conformance: no case selected")
		return 2
	}

	// Progress goes to a terminal only, so that logs of `make conformance` stay clean.
	fi, err := os.Stderr.Stat()
	progress := err == nil && fi.Mode()&os.ModeCharDevice != 0
	fmt.Fprintf(os.Stderr, "conformance: %d looplint runs (%d cases), %d at a time\n", len(todo), countCases(todo), max(*jobs, 1))

	if *predictMode {
		return runPredictSuite(todo, *bin, *timeout, max(*jobs, 1), progress, *jsonOut)
	}
	runner := Runner{Bin: *bin, Explore: *explore, Seed: *seed, Timeout: *timeout}
	results := make([]Result, len(todo))
	next := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	done := 0
	for w := 0; w < max(*jobs, 1); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				j := todo[i]
				results[i] = Compare(j.c, j.exp, runner.Run(j.c, j.exp.Version))
				mu.Lock()
				done++
				if progress {
					fmt.Fprintf(os.Stderr, "\r%d/%d runs", done, len(todo))
				}
				mu.Unlock()
			}
		}()
	}
	for i := range todo {
		next <- i
	}
	close(next)
	wg.Wait()
	if progress {
		fmt.Fprintln(os.Stderr)
	}

	rep := buildReport(results, *explore, *seed)
	printReport(os.Stdout, rep)
	if *jsonOut != "" {
		if err := writeJSON(*jsonOut, rep); err != nil {
			fmt.Fprintf(os.Stderr, "conformance: %v\n", err)
			return 2
		}
	}
	for _, r := range results {
		if r.Status == StatusMismatch || r.Status == StatusError {
			return 1
		}
	}
	return 0
}

type job struct {
	c   Case
	exp Expectation
}

func countCases(todo []job) int {
	seen := map[string]bool{}
	for _, j := range todo {
		seen[j.c.Suite+"/"+j.c.ID] = true
	}
	return len(seen)
}

// runPredictSuite is the -predict mode: every job through looplint predict.
func runPredictSuite(todo []job, bin string, timeout time.Duration, jobs int, progress bool, jsonOut string) int {
	results := make([]PredictResult, len(todo))
	next := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	done := 0
	for w := 0; w < jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				results[i] = runPredict(bin, timeout, todo[i].c, todo[i].exp)
				mu.Lock()
				done++
				if progress {
					fmt.Fprintf(os.Stderr, "\r%d/%d runs", done, len(todo))
				}
				mu.Unlock()
			}
		}()
	}
	for i := range todo {
		next <- i
	}
	close(next)
	wg.Wait()
	if progress {
		fmt.Fprintln(os.Stderr)
	}
	printPredictReport(os.Stdout, results)
	if jsonOut != "" {
		data, err := json.MarshalIndent(results, "", " ")
		if err == nil {
			err = os.WriteFile(jsonOut, append(data, '\n'), 0o644)
		}
		if err != nil {
			fmt.Fprintf(os.Stderr, "conformance: %v\n", err)
			return 2
		}
	}
	for _, r := range results {
		if r.Error != "" || r.Complete && (!r.Confirmed || !r.Sound) {
			return 1
		}
	}
	return 0
}
