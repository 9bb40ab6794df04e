package timerrace_test

import (
	"testing"

	"github.com/looplint/looplint/analyzer/analysistest"
	"github.com/looplint/looplint/analyzer/timerrace"
)

func Test(t *testing.T) {
	analysistest.Run(t, "testdata", timerrace.Analyzer)
}
