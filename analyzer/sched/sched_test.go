package sched_test

import (
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/looplint/looplint/analyzer/analysistest"
	"github.com/looplint/looplint/analyzer/sched"
)

// kinds reports every scheduling site with its kind, so that the
// testdata pins how sched classifies calls.
var kinds = &analysis.Analyzer{
	Name:     "kinds",
	Doc:      "reports each scheduling site's kind",
	Requires: []*analysis.Analyzer{sched.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		facts := pass.ResultOf[sched.Analyzer].(*sched.Facts)
		for _, c := range facts.Sched {
			d := analysis.Diagnostic{Message: c.Kind.String()}
			d.Pos, d.End = facts.File.Range(c.Node)
			pass.Report(d)
		}
		return nil, nil
	},
}

func TestKinds(t *testing.T) {
	analysistest.Run(t, "testdata", kinds)
}

// summaries reports, at each named function with parameters, how it
// calls each of them (and, for wrappers, how the function it returns
// does), so that the testdata pins the interprocedural summaries.
var summaries = &analysis.Analyzer{
	Name:     "summaries",
	Doc:      "reports each named function's summary",
	Requires: []*analysis.Analyzer{sched.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		facts := pass.ResultOf[sched.Analyzer].(*sched.Facts)
		for _, fn := range facts.Funcs {
			params := sched.ParamNames(fn.Node)
			if fn.Top || fn.Name == "" || len(params) == 0 {
				continue
			}
			sum := facts.Summary(fn)
			var parts []string
			for i, p := range params {
				parts = append(parts, p+"="+timing(sum.Params[i].Known()))
				if w := sum.Wraps[i].Known(); w != 0 {
					parts = append(parts, "wraps "+p+"="+timing(w))
				}
			}
			d := analysis.Diagnostic{Message: fn.Name + ": " + strings.Join(parts, " ")}
			d.Pos, d.End = facts.File.Range(fn.Node)
			pass.Report(d)
		}
		return nil, nil
	},
}

func timing(t sched.Timing) string {
	switch t {
	case sched.Sync:
		return "sync"
	case sched.Async:
		return "async"
	case sched.Sync | sched.Async:
		return "both"
	}
	return "-"
}

func TestSummaries(t *testing.T) {
	analysistest.Run(t, "testdata/summary", summaries)
}

// exports reports, at the file's first statement, the module's fact: each
// export with how it calls its parameters (and its members'), so that
// the testdata pins what other modules see.
var exports = &analysis.Analyzer{
	Name:     "exports",
	Doc:      "reports the module's exported summaries",
	Requires: []*analysis.Analyzer{sched.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		facts := pass.ResultOf[sched.Analyzer].(*sched.Facts)
		m := facts.Module()
		var parts []string
		for name, e := range m.Exports {
			parts = append(parts, describeExport(orDefault(name), e))
		}
		sort.Strings(parts)
		if len(facts.File.Body) > 0 {
			d := analysis.Diagnostic{Message: "exports " + strings.Join(parts, "; ")}
			d.Pos, d.End = facts.File.Range(facts.File.Body[0])
			pass.Report(d)
		}
		return nil, nil
	},
}

func orDefault(name string) string {
	if name == "" {
		return "default"
	}
	return name
}

func describeExport(name string, e *sched.Export) string {
	var ps []string
	for _, t := range e.Params {
		ps = append(ps, timing(t.Known()))
	}
	s := name + "(" + strings.Join(ps, ",") + ")"
	var ms []string
	for k, me := range e.Members {
		ms = append(ms, describeExport(k, me))
	}
	sort.Strings(ms)
	if len(ms) > 0 {
		s += "{" + strings.Join(ms, " ") + "}"
	}
	return s
}

func TestExports(t *testing.T) {
	analysistest.Run(t, "testdata/exports", exports)
}
