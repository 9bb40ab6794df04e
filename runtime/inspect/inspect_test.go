package inspect

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/grafana/sobek"
	"golang.org/x/tools/txtar"
)

var outName = regexp.MustCompile(`^node-(\d+)\.[\d.]+\.out$`)

// runCases executes src in a bare runtime whose console.log is Format.
func runCases(t *testing.T, src string, major int) string {
	t.Helper()
	rt := sobek.New()
	var out strings.Builder
	console := rt.NewObject()
	_ = console.Set("log", func(call sobek.FunctionCall) sobek.Value {
		out.WriteString(Format(rt, call.Arguments, Options{Major: major}))
		out.WriteByte('\n')
		return sobek.Undefined()
	})
	_ = rt.Set("console", console)
	// A minimal util for cases that call util.inspect/format directly.
	util := rt.NewObject()
	_ = util.Set("inspect", func(call sobek.FunctionCall) sobek.Value {
		o := Options{Major: major}
		if opts, ok := call.Argument(1).(*sobek.Object); ok {
			if d := opts.Get("depth"); d != nil && !sobek.IsUndefined(d) {
				switch {
				case sobek.IsNull(d):
					o.Depth = -1
				case d.ToInteger() == 0:
					o.Depth = DepthNone
				default:
					o.Depth = int(d.ToInteger())
				}
			}
			if sh := opts.Get("showHidden"); sh != nil {
				o.ShowHidden = sh.ToBoolean()
			}
		}
		return rt.ToValue(Inspect(rt, call.Argument(0), o))
	})
	_ = util.Set("format", func(call sobek.FunctionCall) sobek.Value {
		return rt.ToValue(Format(rt, call.Arguments, Options{Major: major}))
	})
	_ = rt.Set("util", util)
	if _, err := rt.RunString(src); err != nil {
		t.Fatalf("running cases: %v", err)
	}
	return out.String()
}

func TestAgainstNode(t *testing.T) {
	time.Local = time.UTC // record.sh runs Node with TZ=UTC
	files, _ := filepath.Glob("testdata/*.txtar")
	if len(files) == 0 {
		t.Fatal("no testdata")
	}
	for _, file := range files {
		ar, err := txtar.ParseFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var src string
		for _, f := range ar.Files {
			if f.Name == "cases.js" {
				src = string(f.Data)
			}
		}
		for _, f := range ar.Files {
			m := outName.FindStringSubmatch(f.Name)
			if m == nil {
				continue
			}
			major, _ := strconv.Atoi(m[1])
			t.Run(filepath.Base(file)+"/"+f.Name, func(t *testing.T) {
				got := runCases(t, src, major)
				if d := lineDiff(string(f.Data), got); d != "" {
					t.Errorf("output differs from %s (-node +ours):\n%s", f.Name, d)
				}
			})
		}
	}
}

// lineDiff is a minimal LCS diff; enough to point at the failing cases.
func lineDiff(want, got string) string {
	a, b := strings.Split(want, "\n"), strings.Split(got, "\n")
	n, m := len(a), len(b)
	lcs := make([][]int, n+1)
	for i := range lcs {
		lcs[i] = make([]int, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if a[i] == b[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var sb strings.Builder
	i, j := 0, 0
	for i < n || j < m {
		switch {
		case i < n && j < m && a[i] == b[j]:
			i, j = i+1, j+1
		case j < m && (i == n || lcs[i][j+1] >= lcs[i+1][j]):
			fmt.Fprintf(&sb, "%4d + %s\n", j+1, b[j])
			j++
		default:
			fmt.Fprintf(&sb, "%4d - %s\n", i+1, a[i])
			i++
		}
	}
	return sb.String()
}
