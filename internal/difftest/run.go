package difftest

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"

	"github.com/looplint/looplint/gen"
	"github.com/looplint/looplint/loop"
)

// Run is a differential run over many generated programs.
type Run struct {
	From, N uint64 // seeds From .. From+N-1
	// Gen are the generator's options; Node is set per program: each
	// program is generated for Versions[seed%len] and checked on every
	// version that has its APIs.
	Gen      gen.Options
	Versions []loop.Version
	Check    Config
	Workers  int // programs checked in parallel (default GOMAXPROCS)
	// Progress, if set, is called after each program (from one goroutine at a time).
	Progress func(done uint64, s *Summary)
}

// Result is one program's verdicts.
type Result struct {
	Seed     uint64
	Program  *gen.Program
	Verdicts []Verdict
}

// Disagreement returns the first disagreeing verdict, if any.
func (r Result) Disagreement() (Verdict, bool) {
	for _, v := range r.Verdicts {
		if v.Kind.Disagrees() {
			return v, true
		}
	}
	return Verdict{}, false
}

// Summary counts a run: checks are (program, version) pairs; a program
// agrees when all its checks do, disagrees when one does, and is
// incomplete otherwise.
type Summary struct {
	Programs, Checks            int
	Agree, Incomplete, Disagree int // programs
	CheckKinds                  map[Kind]int
	Disagreements               []Result // in seed order
	IncompleteReasons           map[string]int
}

func (s *Summary) String() string {
	var kinds []string
	for k, n := range s.CheckKinds {
		kinds = append(kinds, fmt.Sprintf("%s %d", k, n))
	}
	sort.Strings(kinds)
	return fmt.Sprintf("%d programs: %d agree, %d incomplete (skipped), %d disagree; %d checks: %s",
		s.Programs, s.Agree, s.Incomplete, s.Disagree, s.Checks, strings.Join(kinds, ", "))
}

// Program generates the program of seed for the run.
func (r *Run) Program(seed uint64) *gen.Program {
	o := r.Gen
	o.Node = r.Versions[seed%uint64(len(r.Versions))]
	return gen.Generate(seed, o)
}

// CheckProgram checks p on every version of the run that has its APIs.
func (r *Run) CheckProgram(p *gen.Program) Result {
	res := Result{Seed: p.Seed, Program: p}
	src := p.Source()
	for _, v := range r.Versions {
		if !v.AtLeast(p.MinNode.Major, p.MinNode.Minor) {
			continue
		}
		res.Verdicts = append(res.Verdicts, Check(fmt.Sprintf("gen-%d.js", p.Seed), src, v, r.Check))
	}
	return res
}

// Do runs the checks.
func (r *Run) Do() *Summary {
	workers := r.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	s := &Summary{CheckKinds: map[Kind]int{}, IncompleteReasons: map[string]int{}}
	seeds := make(chan uint64)
	var mu sync.Mutex
	var wg sync.WaitGroup
	done := uint64(0)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for seed := range seeds {
				res := r.CheckProgram(r.Program(seed))
				mu.Lock()
				s.add(res)
				done++
				if r.Progress != nil {
					r.Progress(done, s)
				}
				mu.Unlock()
			}
		}()
	}
	for i := uint64(0); i < r.N; i++ {
		seeds <- r.From + i
	}
	close(seeds)
	wg.Wait()
	sort.Slice(s.Disagreements, func(i, j int) bool { return s.Disagreements[i].Seed < s.Disagreements[j].Seed })
	return s
}

func (s *Summary) add(res Result) {
	s.Programs++
	incomplete := false
	for _, v := range res.Verdicts {
		s.Checks++
		s.CheckKinds[v.Kind]++
		if v.Kind == Incomplete {
			incomplete = true
			if len(v.Reasons) > 0 {
				s.IncompleteReasons[trimPos(v.Reasons[0])]++
			}
		}
	}
	switch _, dis := res.Disagreement(); {
	case dis:
		s.Disagree++
		s.Disagreements = append(s.Disagreements, res)
	case incomplete:
		s.Incomplete++
	default:
		s.Agree++
	}
}

// trimPos drops a reason's "line:col: " prefix so that reasons group.
func trimPos(r string) string {
	if i := strings.Index(r, ": "); i >= 0 && strings.IndexAny(r[:i], "0123456789") >= 0 && !strings.Contains(r[:i], " ") {
		return r[i+2:]
	}
	return r
}

// Minimized is a disagreement reduced to a small program.
type Minimized struct {
	Seed     uint64
	Original Verdict   // the disagreement the original program showed
	Others   []Verdict // its other disagreeing versions
	Program  *gen.Program
	Verdict  Verdict // the reduced program's verdict on Original.Node
}

// Minimize reduces a disagreeing result on its first disagreeing version.
func (r *Run) Minimize(res Result) Minimized {
	first, _ := res.Disagreement()
	m := Minimized{Seed: res.Seed, Original: first}
	for _, v := range res.Verdicts {
		if v.Kind.Disagrees() && v.Node != first.Node {
			m.Others = append(m.Others, v)
		}
	}
	m.Program, m.Verdict = Minimize(res.Program, first.Node, first.Kind, r.Check)
	return m
}

// File is the minimized case as a test file: a comment header stating the
// disagreement, then the program.
func (m Minimized) File() string {
	var b strings.Builder
	fmt.Fprintf(&b, "// difftest disagreement, seed %d, minimized on Node %s (%s)\n", m.Seed, m.Original.Node, m.Verdict.Kind)
	fmt.Fprintf(&b, "// original program: %s\n", m.Program.Header()[3:])
	fmt.Fprintf(&b, "// minimized: %s\n", comment(m.Verdict.String()))
	fmt.Fprintf(&b, "// original:  %s\n", comment(m.Original.String()))
	for _, o := range m.Others {
		fmt.Fprintf(&b, "// also on:   %s\n", comment(o.String()))
	}
	b.WriteString("// reproduce: looplint predict --node " + m.Original.Node.String() + " FILE\n")
	b.WriteString(m.Program.Code())
	return b.String()
}

func comment(s string) string { return strings.ReplaceAll(s, "\n", " ") }

// Write puts the minimized case in dir as SEED.js.
func (m Minimized) Write(dir string) (string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	p := filepath.Join(dir, fmt.Sprintf("%d.js", m.Seed))
	return p, os.WriteFile(p, []byte(m.File()), 0o644)
}
