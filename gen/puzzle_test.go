package gen

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/looplint/looplint/parse"
)

// levelShows finds what a level adds in a program's text.
var levelShows = map[int]*regexp.Regexp{
	1: regexp.MustCompile(`.`),
	2: regexp.MustCompile(`setImmediate|queueMicrotask|new Promise|Promise\.reject|\.catch|\.finally|\n +(setTimeout|process\.nextTick|Promise\.resolve)`),
	3: regexp.MustCompile(`async|fs\.readFile|return [^0-9]|then\(resolve\)|Promise\.(all|race)`),
}

var puzzleLog = regexp.MustCompile(`console\.log\('([^']*)'\)`)

// Puzzles parse, reproduce per seed, and label every log distinctly with
// what prints it.
func TestPuzzleValid(t *testing.T) {
	for _, vs := range []string{"8", "10", "20", "26"} {
		v := version(t, vs)
		for level := MinLevel; level <= MaxLevel; level++ {
			for seed := uint64(0); seed < 100; seed++ {
				name := fmt.Sprintf("node %s level %d seed %d", vs, level, seed)
				p := Puzzle(seed, level, v)
				src := p.Code()
				if again := Puzzle(seed, level, v).Code(); again != src {
					t.Fatalf("%s: two programs:\n%s\n---\n%s", name, src, again)
				}
				if _, err := parse.Parse("quiz.js", []byte(src)); err != nil {
					t.Fatalf("%s: %v\n%s", name, err, src)
				}
				if v.Less(p.MinNode) {
					t.Errorf("%s: needs Node %s", name, p.MinNode)
				}
				labels := p.Labels()
				var inCode []string
				for _, m := range puzzleLog.FindAllStringSubmatch(src, -1) {
					inCode = append(inCode, m[1])
				}
				if strings.Join(inCode, "|") != strings.Join(labels, "|") {
					t.Errorf("%s: Labels %q, code logs %q", name, labels, inCode)
				}
				seen := map[string]bool{}
				for _, l := range labels {
					if seen[l] {
						t.Errorf("%s: label %q twice:\n%s", name, l, src)
					}
					seen[l] = true
					if strings.HasPrefix(l, "L") || l == "" {
						t.Errorf("%s: label %q names nothing", name, l)
					}
				}
				if len(labels) < 3 || len(labels) > MaxLabels {
					t.Errorf("%s: %d labels", name, len(labels))
				}
				if !levelShows[level].MatchString(src) {
					t.Errorf("%s: nothing of its level:\n%s", name, src)
				}
				if level == 1 && regexp.MustCompile(`setImmediate|queueMicrotask|async|readFile`).MatchString(src) {
					t.Errorf("%s: level 1 uses more than ticks, promises and timeouts:\n%s", name, src)
				}
				if strings.Contains(src, "setImmediate") && strings.Contains(src, "\nsetTimeout") && strings.Contains(src, "\nsetImmediate") {
					t.Errorf("%s: setTimeout and setImmediate both in the main module:\n%s", name, src)
				}
			}
		}
	}
}

// A nested callback's label names its parent's; several of a kind in one
// callback are numbered in the text's order.
func TestPuzzleLabels(t *testing.T) {
	kinds := regexp.MustCompile(`^(sync|nextTick|then|catch|finally|timeout|immediate|microtask|executor|thenable|async body|after await|readFile)( \d+)?( in .+)?$`)
	found := map[string]bool{}
	for seed := uint64(0); seed < 200; seed++ {
		for level := MinLevel; level <= MaxLevel; level++ {
			p := Puzzle(seed, level, version(t, "20"))
			for _, l := range p.Labels() {
				m := kinds.FindStringSubmatch(l)
				if m == nil {
					t.Fatalf("seed %d level %d: label %q", seed, level, l)
				}
				found[m[1]] = true
				if m[3] != "" && !contains(p.Labels(), strings.TrimPrefix(m[3], " in ")) {
					t.Errorf("seed %d level %d: %q names a parent that prints nothing", seed, level, l)
				}
			}
		}
	}
	if len(found) != 13 {
		t.Errorf("kinds drawn: %v", found)
	}
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
