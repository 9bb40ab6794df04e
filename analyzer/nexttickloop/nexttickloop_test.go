package nexttickloop_test

import (
	"testing"

	"github.com/looplint/looplint/analyzer/analysistest"
	"github.com/looplint/looplint/analyzer/nexttickloop"
)

func Test(t *testing.T) {
	analysistest.Run(t, "testdata", nexttickloop.Analyzer)
}
