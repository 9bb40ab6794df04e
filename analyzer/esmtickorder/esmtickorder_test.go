package esmtickorder_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/looplint/looplint/analyzer/analysistest"
	"github.com/looplint/looplint/analyzer/driver"
	"github.com/looplint/looplint/analyzer/esmtickorder"
)

func Test(t *testing.T) {
	analysistest.Run(t, "testdata", esmtickorder.Analyzer)
}

// TestPackageType: the nearest package.json "type" decides a .js file's
// kind, and the message says so.
func TestPackageType(t *testing.T) {
	const src = "process.nextTick(() => console.log('tick'));\nPromise.resolve().then(() => console.log('promise'));\n"
	for _, c := range []struct{ typ, want string }{
		{"module", `an ES module (package.json "type": "module"), so the promise job runs first here`},
		{"commonjs", `CommonJS (package.json "type": "commonjs"), so the nextTick callback runs first here`},
	} {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "package.json"), []byte(`{"type": "`+c.typ+`"}`), 0o644); err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, "main.js")
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		res := driver.Run([]string{p}, []*analysis.Analyzer{esmtickorder.Analyzer}, driver.Options{})
		if len(res) != 1 || res[0].Err != nil || len(res[0].Diagnostics) != 1 || !strings.Contains(res[0].Diagnostics[0].Message, c.want) {
			t.Errorf("type %s: %+v", c.typ, res)
		}
	}
}
