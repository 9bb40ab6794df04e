package nodeonly_test

import (
	"testing"

	"github.com/looplint/looplint/analyzer/analysistest"
	"github.com/looplint/looplint/analyzer/driver"
	"github.com/looplint/looplint/analyzer/nodeonly"
	"golang.org/x/tools/go/analysis"
)

func Test(t *testing.T) {
	if err := nodeonly.Analyzer.Flags.Set("target", "browser"); err != nil {
		t.Fatal(err)
	}
	defer nodeonly.Analyzer.Flags.Set("target", "node")
	analysistest.Run(t, "testdata", nodeonly.Analyzer)
}

// For Node (the default target) the check reports nothing on the same
// files.
func TestOffForNode(t *testing.T) {
	for _, res := range driver.Run(analysistest.Files(t, "testdata"), []*analysis.Analyzer{nodeonly.Analyzer}, driver.Options{}) {
		if len(res.Diagnostics) > 0 || res.Err != nil {
			t.Errorf("%s with --target node: %v %v", res.Path, res.Diagnostics, res.Err)
		}
	}
}
