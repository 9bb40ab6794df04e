package answer

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/parse"
)

func TestNotes(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	write("helper.js", "module.exports = 1;\n")
	main := write("main.js", "const h = require('./helper');\nrequire('./missing');\nconsole.log(h);\n")
	ts := write("main.ts", "const n: number = 1;\nconsole.log(n);\n")
	jsx := write("main.jsx", "console.log(<b/>);\n")
	notes := func(file, fsDir, node string) string {
		f, err := parse.Load(file)
		if err != nil {
			t.Fatal(err)
		}
		v, err := loop.ParseVersion(node)
		if err != nil {
			t.Fatal(err)
		}
		return strings.Join(Notes(file, f, loop.Profile{Node: v}, fsDir), "\n")
	}
	// Only the module that exists beside it, and only without a mount.
	if got := notes(main, "", "22.12.0"); !strings.Contains(got, "loads ./helper, which the sandbox cannot see") || strings.Contains(got, "missing") {
		t.Errorf("unmounted module: %q", got)
	}
	if got := notes(main, dir, "22.12.0"); got != "" {
		t.Errorf("with --fs: %q", got)
	}
	if got := notes(ts, dir, "20.20.2"); !strings.Contains(got, "runs a TypeScript file as JavaScript") {
		t.Errorf("TypeScript before stripping: %q", got)
	}
	if got := notes(ts, dir, "22.18.0"); got != "" {
		t.Errorf("TypeScript stripped by Node: %q", got)
	}
	if got := notes(jsx, dir, "22.18.0"); !strings.Contains(got, "Node does not run JSX") {
		t.Errorf("JSX: %q", got)
	}
}
