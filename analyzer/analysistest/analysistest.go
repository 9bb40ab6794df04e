// Package analysistest checks analyzers against JavaScript test data, in
// the style of golang.org/x/tools/go/analysis/analysistest: every file in
// DIR/src carries `// want "regexp" ...` comments on the lines that must
// be reported; each diagnostic must match a want on its line, and each
// want must be matched. A FILE.golden beside a file holds the file after
// its suggested fixes are applied.
package analysistest

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/looplint/looplint/analyzer/driver"
)

// Exts are the extensions of test files.
var Exts = []string{".js", ".cjs", ".mjs", ".jsx", ".ts", ".tsx", ".mts", ".cts"}

// Files lists the test files in dir/src.
func Files(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	for _, ext := range Exts {
		m, err := filepath.Glob(filepath.Join(dir, "src", "*"+ext))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, m...)
	}
	sort.Strings(out)
	if len(out) == 0 {
		t.Fatalf("no test files in %s/src", dir)
	}
	return out
}

// Run runs the analyzers over every file in dir/src and checks the
// diagnostics against the files' want comments.
func Run(t *testing.T, dir string, analyzers ...*analysis.Analyzer) {
	t.Helper()
	for _, a := range analyzers {
		if err := analysis.Validate([]*analysis.Analyzer{a}); err != nil {
			t.Fatal(err)
		}
	}
	files := Files(t, dir)
	results := driver.Run(files, analyzers, driver.Options{})
	for _, res := range results {
		Check(t, res)
	}
}

type want struct {
	line int
	re   *regexp.Regexp
	hit  bool
}

var wantRE = regexp.MustCompile(`//\s*want\s+(.*)$`)

// Wants parses the want comments of src.
func wants(t *testing.T, path, src string) []*want {
	t.Helper()
	var out []*want
	for i, line := range strings.Split(src, "\n") {
		m := wantRE.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		rest := strings.TrimSpace(m[1])
		for rest != "" {
			q, err := strconv.QuotedPrefix(rest)
			if err != nil {
				t.Errorf("%s:%d: bad want comment: %v", path, i+1, err)
				break
			}
			s, _ := strconv.Unquote(q)
			re, err := regexp.Compile(s)
			if err != nil {
				t.Errorf("%s:%d: bad want regexp: %v", path, i+1, err)
			} else {
				out = append(out, &want{line: i + 1, re: re})
			}
			rest = strings.TrimSpace(rest[len(q):])
		}
	}
	return out
}

// Check checks one file's result against its want comments and golden
// file.
func Check(t *testing.T, res driver.Result) {
	t.Helper()
	if res.Err != nil {
		t.Errorf("%v", res.Err)
		return
	}
	src, err := os.ReadFile(res.Path)
	if err != nil {
		t.Fatal(err)
	}
	ws := wants(t, res.Path, string(src))
	for _, d := range res.Diagnostics {
		matched := false
		for _, w := range ws {
			if !w.hit && w.line == d.Pos.Line && w.re.MatchString(d.Message) {
				w.hit, matched = true, true
				break
			}
		}
		if !matched {
			t.Errorf("%s:%d:%d: unexpected diagnostic: %s (%s)", res.Path, d.Pos.Line, d.Pos.Col, d.Message, d.Check)
		}
	}
	for _, w := range ws {
		if !w.hit {
			t.Errorf("%s:%d: no diagnostic matching %q", res.Path, w.line, w.re)
		}
	}
	golden := res.Path + ".golden"
	if want, err := os.ReadFile(golden); err == nil {
		got, _, _ := driver.ApplyFixes(res.Source, res.Diagnostics)
		if got != string(want) {
			t.Errorf("%s: fixed file differs from %s:\n%s", res.Path, golden, driver.Diff(filepath.Base(res.Path), string(want), got))
		}
	}
}
