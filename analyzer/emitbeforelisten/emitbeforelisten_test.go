package emitbeforelisten_test

import (
	"testing"

	"github.com/looplint/looplint/analyzer/analysistest"
	"github.com/looplint/looplint/analyzer/emitbeforelisten"
)

func Test(t *testing.T) {
	analysistest.Run(t, "testdata", emitbeforelisten.Analyzer)
}
