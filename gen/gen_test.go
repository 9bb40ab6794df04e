package gen

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/parse"
	lrt "github.com/looplint/looplint/runtime"
)

func version(t *testing.T, s string) loop.Version {
	v, err := loop.ParseVersion(s)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestGenerateDeterministic(t *testing.T) {
	for seed := uint64(0); seed < 50; seed++ {
		a := Generate(seed, Options{}).Source()
		if b := Generate(seed, Options{}).Source(); a != b {
			t.Fatalf("seed %d: two different programs:\n%s\n---\n%s", seed, a, b)
		}
		if c := Generate(seed+1000, Options{}).Source(); a == c {
			t.Errorf("seeds %d and %d gave the same program", seed, seed+1000)
		}
	}
}

var labelRE = regexp.MustCompile(`console\.log\('(L\d+)'`)

// Programs parse, respect --size and --node, and label every log distinctly.
func TestGenerateValid(t *testing.T) {
	apis := map[string]loop.Version{"queueMicrotask": {Major: 11}, "Promise.allSettled": {Major: 12, Minor: 9}, "Promise.any": {Major: 15}}
	for _, vs := range []string{"10", "12.8", "14", "26"} {
		v := version(t, vs)
		for _, size := range []int{1, 3, 6, 12} {
			for seed := uint64(0); seed < 150; seed++ {
				o := Options{Size: size, Node: v, NoEmitters: seed%3 == 0, NoMissingFile: seed%4 == 0, NoFS: seed%5 == 0}
				p := Generate(seed, o)
				src := p.Source()
				name := fmt.Sprintf("node %s size %d seed %d", vs, size, seed)
				if _, err := parse.Parse("gen.js", []byte(src)); err != nil {
					t.Fatalf("%s: %v\n%s", name, err, src)
				}
				if n := p.Scheduling(); n > size {
					t.Errorf("%s: %d scheduling statements", name, n)
				}
				seen := map[string]bool{}
				for _, m := range labelRE.FindAllStringSubmatch(src, -1) {
					if seen[m[1]] {
						t.Errorf("%s: label %s used twice", name, m[1])
					}
					seen[m[1]] = true
				}
				if len(seen) == 0 {
					t.Errorf("%s: no log", name)
				}
				for api, since := range apis {
					used := strings.Contains(src, api+"(")
					if used && !v.AtLeast(since.Major, since.Minor) {
						t.Errorf("%s: uses %s", name, api)
					}
					if used && !p.MinNode.AtLeast(since.Major, since.Minor) {
						t.Errorf("%s: uses %s but MinNode is %s", name, api, p.MinNode)
					}
				}
				if o.NoEmitters && strings.Contains(src, "EventEmitter") || o.NoMissingFile && strings.Contains(src, ".missing") ||
					o.NoFS && strings.Contains(src, "readFile(__filename,") {
					t.Errorf("%s: production not enabled:\n%s", name, src)
				}
			}
		}
	}
}

// Every program terminates normally in the runtime.
func TestGenerateTerminates(t *testing.T) {
	n := uint64(120)
	if testing.Short() {
		n = 20
	}
	for _, vs := range []string{"10", "26"} {
		v := version(t, vs)
		for seed := uint64(0); seed < n; seed++ {
			p := Generate(seed, Options{Size: 8, Node: v})
			f, err := parse.Parse("gen.js", []byte(p.Source()))
			if err != nil {
				t.Fatal(err)
			}
			prog, err := lrt.Prepare(f, lrt.Options{Node: v})
			if err != nil {
				t.Fatal(err)
			}
			r := prog.Run(loop.NewRandom(seed))
			if r.Status != lrt.StatusExited || r.ExitCode != 0 {
				t.Errorf("node %s seed %d: %s exit %d %s\nstderr: %s\n%s", vs, seed, r.Status, r.ExitCode, r.Message,
					strings.Join(r.Stderr, "\n"), p.Source())
			}
		}
	}
}

func TestReduce(t *testing.T) {
	for seed := uint64(0); seed < 40; seed++ {
		p := Generate(seed, Options{Size: 8})
		// The last label: reduce to what keeps it.
		labels := labelRE.FindAllStringSubmatch(p.Code(), -1)
		want := "'" + labels[len(labels)-1][1] + "'"
		calls := 0
		r := Reduce(p, func(q *Program) bool {
			calls++
			src := q.Source()
			if _, err := parse.Parse("r.js", []byte(src)); err != nil {
				t.Fatalf("seed %d: a reduction does not parse: %v\n%s", seed, err, src)
			}
			return strings.Contains(src, want)
		})
		if !strings.Contains(r.Code(), want) {
			t.Fatalf("seed %d: reduced program lost %s", seed, want)
		}
		// 1-minimal: only the log and its ancestors remain, one per line.
		if n := len(labelRE.FindAllString(r.Code(), -1)); n != 1 {
			t.Errorf("seed %d: %d logs left:\n%s", seed, n, r.Code())
		}
		if r.Units() > p.Units() {
			t.Errorf("seed %d: reduction grew", seed)
		}
	}
}
