// Command realbugs scores looplint check on hazards that public projects
// fixed (bench/realbugs/cases.json): recall and precision per check, on
// our own reproductions of each pattern and, given -repos, on the real
// files (the fix commit's parent, where the hazard is, and the fix commit
// itself, where a finding on the fixed lines is a false positive).
//
//	go run ./internal/realbugs [-cases bench/realbugs/cases.json] [-repos DIR]
//
// A reproduction marks each hazard line with a "// hazard" comment (and a
// "// want" when the check finds it, for analysistest); a finding of the
// case's check on any other line of it is a false positive. With -repos,
// each repository is looked for as DIR/owner+name, DIR/owner/name or
// DIR/name (a clone, bare or not, holding the commit); missing ones are
// skipped and counted. Not part of make test.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/looplint/looplint/analyzer/checks"
	"github.com/looplint/looplint/analyzer/driver"
)

// Case is one fixed hazard.
type Case struct {
	Name   string `json:"name"`
	Repo   string `json:"repository"`
	Commit string `json:"commit"` // the fix; its parent has the hazard
	File   string `json:"file"`
	Lines  [2]int `json:"lines"` // in the parent's file
	Check  string `json:"check"`
	Why    string `json:"why"`
	Repro  string `json:"repro"` // our reproduction, relative to the module root
	Missed string `json:"missed,omitempty"`
}

type score struct{ cases, found, findings, fp int }

func main() {
	casesPath := flag.String("cases", "bench/realbugs/cases.json", "the cases")
	repos := flag.String("repos", "", "a directory of checked-out repositories: also score the real files")
	verbose := flag.Bool("v", false, "list every case")
	flag.Parse()
	data, err := os.ReadFile(*casesPath)
	if err != nil {
		fail(err)
	}
	var cases []Case
	if err := json.Unmarshal(data, &cases); err != nil {
		fail(err)
	}
	repro := map[string]*score{}
	real := map[string]*score{}
	skipped := 0
	for _, c := range cases {
		a := checks.Lookup(c.Check)
		if a == nil {
			fail(fmt.Errorf("%s: unknown check %q", c.Name, c.Check))
		}
		s := get(repro, c.Check)
		found, tp, fp, err := scoreRepro(c, a)
		if err != nil {
			fail(err)
		}
		s.cases++
		s.findings += tp + fp
		s.fp += fp
		if found {
			s.found++
		}
		line := fmt.Sprintf("%-28s %-16s repro:%s", c.Name, c.Check, yes(found))
		if *repos != "" {
			parent, fixed, ok := realFiles(*repos, c)
			if !ok {
				skipped++
				line += " real:absent"
			} else {
				rs := get(real, c.Check)
				rs.cases++
				n := inLines(parent, c, a)
				after := inLines(fixed, c, a)
				rs.findings += n + after
				rs.fp += after
				if n > 0 {
					rs.found++
				}
				line += fmt.Sprintf(" real:%s (findings on the lines: %d before the fix, %d after)", yes(n > 0), n, after)
			}
		}
		if *verbose || !found {
			if c.Missed != "" && !found {
				line += " — " + c.Missed
			}
			fmt.Println(line)
		}
	}
	if tmp != "" {
		os.RemoveAll(tmp)
	}
	fmt.Println()
	table("reproductions", repro)
	if *repos != "" {
		table("real files", real)
		if skipped > 0 {
			fmt.Printf("%d cases' repositories not found under %s\n", skipped, *repos)
		}
	}
}

func get(m map[string]*score, k string) *score {
	if m[k] == nil {
		m[k] = &score{}
	}
	return m[k]
}

func yes(b bool) string {
	if b {
		return "found"
	}
	return "MISSED"
}

func table(title string, m map[string]*score) {
	fmt.Printf("%s:\n%-18s %6s %6s %8s %9s %6s\n", title, "check", "cases", "found", "recall", "findings", "prec")
	var keys []string
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var t score
	for _, k := range keys {
		s := m[k]
		row(k, s)
		t.cases += s.cases
		t.found += s.found
		t.findings += s.findings
		t.fp += s.fp
	}
	row("all", &t)
}

func row(k string, s *score) {
	prec := "-"
	if s.findings > 0 {
		prec = fmt.Sprintf("%.0f%%", 100*float64(s.findings-s.fp)/float64(s.findings))
	}
	fmt.Printf("%-18s %6d %6d %7.0f%% %9d %6s\n", k, s.cases, s.found, 100*float64(s.found)/float64(max(s.cases, 1)), s.findings, prec)
}

// scoreRepro: whether the check finds a hazard line of the reproduction,
// the findings on hazard lines and those elsewhere.
func scoreRepro(c Case, a *analysis.Analyzer) (found bool, tp, fp int, err error) {
	src, err := os.ReadFile(c.Repro)
	if err != nil {
		return false, 0, 0, fmt.Errorf("%s: %v", c.Name, err)
	}
	hazard := map[int]bool{}
	for i, l := range strings.Split(string(src), "\n") {
		if strings.Contains(l, "// hazard") {
			hazard[i+1] = true
		}
	}
	if len(hazard) == 0 {
		return false, 0, 0, fmt.Errorf("%s: %s marks no line with // hazard", c.Name, c.Repro)
	}
	res := driver.Run([]string{c.Repro}, []*analysis.Analyzer{a}, driver.Options{})
	for _, r := range res {
		if r.Err != nil {
			return false, 0, 0, fmt.Errorf("%s: %v", c.Name, r.Err)
		}
		for _, d := range r.Diagnostics {
			if d.Check != c.Check {
				continue
			}
			if hazard[d.Pos.Line] {
				tp++
				found = true
			} else {
				fp++
			}
		}
	}
	return found, tp, fp, nil
}

// realFiles: the case's file at the fix's parent and at the fix, each
// in a checkout of the whole tree at that commit (so that the modules it
// requires are there for their facts).
func realFiles(dir string, c Case) (parent, fixed string, ok bool) {
	owner, name, _ := strings.Cut(c.Repo, "/")
	for _, d := range []string{filepath.Join(dir, owner+"+"+name), filepath.Join(dir, owner+"+"+name, "repo"), filepath.Join(dir, owner, name), filepath.Join(dir, name)} {
		if _, err := os.Stat(d); err != nil {
			continue
		}
		p, err1 := checkout(d, c.Commit+"^")
		f, err2 := checkout(d, c.Commit)
		if err1 == nil && err2 == nil {
			return filepath.Join(p, c.File), filepath.Join(f, c.File), true
		}
	}
	return "", "", false
}

var tmp string

// checkout extracts the tree of rev in the repository at d into a
// temporary directory (once per commit).
func checkout(d, rev string) (string, error) {
	id, err := exec.Command("git", "-C", d, "rev-parse", rev).Output()
	if err != nil {
		return "", err
	}
	if tmp == "" {
		if tmp, err = os.MkdirTemp("", "realbugs-"); err != nil {
			return "", err
		}
	}
	out := filepath.Join(tmp, strings.TrimSpace(string(id)))
	if _, err := os.Stat(out); err == nil {
		return out, nil
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return "", err
	}
	cmd := exec.Command("sh", "-c", `git -C "$1" archive "$2" | tar -x -C "$3"`, "sh", d, rev, out)
	if err := cmd.Run(); err != nil {
		os.RemoveAll(out)
		return "", err
	}
	return out, nil
}

// inLines counts the check's findings on the case's lines of the file.
func inLines(path string, c Case, a *analysis.Analyzer) int {
	res := driver.Run([]string{path}, []*analysis.Analyzer{a}, driver.Options{})[0]
	n := 0
	for _, d := range res.Diagnostics {
		if d.Check == c.Check && d.Pos.Line >= c.Lines[0] && d.Pos.Line <= c.Lines[1] {
			n++
		}
	}
	return n
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "realbugs:", err)
	os.Exit(1)
}
