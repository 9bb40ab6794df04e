package sched_test

import (
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
