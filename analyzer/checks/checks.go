// Package checks lists looplint's analyzers, the checks `looplint check`
// runs.
package checks

import (
	"golang.org/x/tools/go/analysis"

	"github.com/looplint/looplint/analyzer/blockingwait"
	"github.com/looplint/looplint/analyzer/emitbeforelisten"
	"github.com/looplint/looplint/analyzer/esmtickorder"
	"github.com/looplint/looplint/analyzer/microtaskloop"
	"github.com/looplint/looplint/analyzer/nexttickloop"
	"github.com/looplint/looplint/analyzer/nodeonly"
	"github.com/looplint/looplint/analyzer/timerrace"
	"github.com/looplint/looplint/analyzer/zalgo"
)

// All is every check, by name.
var All = []*analysis.Analyzer{
	blockingwait.Analyzer,
	emitbeforelisten.Analyzer,
	esmtickorder.Analyzer,
	microtaskloop.Analyzer,
	nexttickloop.Analyzer,
	nodeonly.Analyzer,
	timerrace.Analyzer,
	zalgo.Analyzer,
}

// Lookup finds a check by name.
func Lookup(name string) *analysis.Analyzer {
	for _, a := range All {
		if a.Name == name {
			return a
		}
	}
	return nil
}
