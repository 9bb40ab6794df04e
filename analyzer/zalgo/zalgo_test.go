package zalgo_test

import (
	"testing"

	"github.com/looplint/looplint/analyzer/analysistest"
	"github.com/looplint/looplint/analyzer/zalgo"
)

func Test(t *testing.T) {
	analysistest.Run(t, "testdata", zalgo.Analyzer)
}
