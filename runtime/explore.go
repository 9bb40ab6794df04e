package runtime

import (
	"fmt"
	goruntime "runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/looplint/looplint/loop"
)

// Outcome is a distinct result and how many runs produced it; Witness is
// the schedule of the first of them.
type Outcome struct {
	Result
	Count int
}

// Explore runs the default schedule and n-1 random ones derived from seed,
// in parallel, and returns the distinct outcomes, most frequent first.
func (p *Program) Explore(n int, seed uint64) []Outcome {
	return p.ExploreUntil(n, seed, time.Time{})
}

// ExploreUntil is Explore that starts no schedule past deadline (zero:
// none), so that a snippet whose every run takes seconds (a long counting
// loop) does not keep the caller for minutes.
func (p *Program) ExploreUntil(n int, seed uint64, deadline time.Time) []Outcome {
	// The default schedule runs first, alone: a snippet that exhausts the
	// wall-clock or memory budget would do so under every schedule.
	start := time.Now()
	first := p.Run(loop.Default{})
	if first.Status == StatusTimeout || first.Status == StatusMemory || n <= 1 {
		return Group([]Result{first})
	}
	if !deadline.IsZero() {
		// Runs take about as long as the first: as many as fit.
		per := max(time.Since(start), time.Millisecond)
		workers := time.Duration(max(1, goruntime.GOMAXPROCS(0)))
		if fit := int(time.Until(deadline) * workers / per); fit < n-1 {
			n = max(1, fit+1)
		}
	}
	var oracles []func() loop.Oracle
	for i := 1; i < n; i++ {
		s := seed*1_000_003 + uint64(i)
		oracles = append(oracles, func() loop.Oracle { return loop.NewRandom(s) })
	}
	return Group(append([]Result{first}, p.RunAll(oracles)...))
}

// RunAll runs one schedule per oracle constructor, in parallel.
func (p *Program) RunAll(oracles []func() loop.Oracle) []Result {
	results := make([]Result, len(oracles))
	var wg sync.WaitGroup
	sem := make(chan struct{}, goruntime.GOMAXPROCS(0))
	for i, mk := range oracles {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			results[i] = p.Run(mk())
			<-sem
		}()
	}
	wg.Wait()
	return results
}

// Group merges identical results (same output, exit code and status).
func Group(results []Result) []Outcome {
	var out []Outcome
	index := map[string]int{}
	for _, r := range results {
		key := strings.Join(r.Stdout, "\n") + "\x00" + strings.Join(r.Stderr, "\n") + fmt.Sprintf("\x00%d\x00%s", r.ExitCode, r.Status)
		if i, ok := index[key]; ok {
			out[i].Count++
			continue
		}
		index[key] = len(out)
		out = append(out, Outcome{Result: r, Count: 1})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Count > out[j].Count })
	return out
}
