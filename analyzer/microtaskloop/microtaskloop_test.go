package microtaskloop_test

import (
	"testing"

	"github.com/looplint/looplint/analyzer/analysistest"
	"github.com/looplint/looplint/analyzer/microtaskloop"
)

func Test(t *testing.T) {
	analysistest.Run(t, "testdata", microtaskloop.Analyzer)
}
