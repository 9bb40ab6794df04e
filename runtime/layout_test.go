package runtime_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/parse"
	"github.com/looplint/looplint/runtime"
)

// With HostPaths the sandbox lies at the host's paths, as `cd DIR && node
// FILE` sees them (symbolic links resolved); without, at /app.
func TestHostPaths(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	proj := filepath.Join(root, "proj")
	if err := os.MkdirAll(filepath.Join(proj, "src"), 0o755); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(proj, "src", "main.js")
	src := "console.log(__filename); console.log(__dirname); console.log(process.cwd());\n" +
		"console.log(require('fs').readFileSync('data.txt', 'utf8'));\n"
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(proj, "data.txt"), []byte("mounted"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(root, "link")
	if err := os.Symlink(proj, link); err != nil {
		t.Fatal(err)
	}
	pf, err := parse.Load(filepath.Join(link, "src", "main.js"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		host bool
		want []string
	}{
		{true, []string{file, filepath.Dir(file), proj, "mounted"}},
		{false, []string{"/app/src/main.js", "/app/src", "/app", "mounted"}},
	} {
		p, err := runtime.Prepare(pf, runtime.Options{Node: loop.Newest, FSDir: link, HostPaths: c.host})
		if err != nil {
			t.Fatal(err)
		}
		r := p.Run(nil)
		if got := strings.Join(r.Stdout, "\n"); got != strings.Join(c.want, "\n") {
			t.Errorf("HostPaths %v: printed\n%s\nwant\n%s", c.host, got, strings.Join(c.want, "\n"))
		}
	}
}

// Node's hint after the first warning names --trace-deprecation for a
// DeprecationWarning (measured on 14.21.3 and 20.20.2; the recorded
// testdata drops the hint line).
func TestWarningHint(t *testing.T) {
	r, _ := hostileRun(t, "", "", "process.emitWarning('x', 'DeprecationWarning', 'DEP0999');\nprocess.emitWarning('z');\n", hostileOpts())
	want := "(node:4242) [DEP0999] DeprecationWarning: x\n(Use `node --trace-deprecation ...` to show where the warning was created)\n(node:4242) Warning: z"
	if got := strings.Join(r.Stderr, "\n"); got != want {
		t.Errorf("stderr\n%s\nwant\n%s", got, want)
	}
}
