package blockingwait_test

import (
	"testing"

	"github.com/looplint/looplint/analyzer/analysistest"
	"github.com/looplint/looplint/analyzer/blockingwait"
)

func Test(t *testing.T) {
	analysistest.Run(t, "testdata", blockingwait.Analyzer)
}
