package driver_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/looplint/looplint/analyzer/checks"
	"github.com/looplint/looplint/analyzer/driver"
)

// Callers' facts come from the modules of the file's own project (the
// nearest package.json above it) that import it, node_modules left out,
// and the importers are among a result's dependencies (check --cache).
func TestImportersInProject(t *testing.T) {
	root := t.TempDir()
	write := func(rel, text string) string {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	write("app/package.json", `{"name": "app"}`)
	helper := write("app/lib/files.js", "const fs = require('fs');\nexports.load = function (p) {\n  return fs.readFileSync(p);\n};\nexports.save = function (p, d) {\n  fs.writeFileSync(p, d);\n};\n")
	server := write("app/server.js", "const http = require('http');\nconst files = require('./lib/files');\nhttp.createServer((req, res) => res.end(files.load('index.html'))).listen(8080);\n")
	// Not the project's: a package under node_modules, and another
	// project beside it.
	write("app/node_modules/saver/package.json", `{"name": "saver"}`)
	write("app/node_modules/saver/index.js", "const files = require('../../lib/files');\nsetInterval(() => files.save('x', ''), 10);\n")
	write("other/package.json", `{"name": "other"}`)
	write("other/tick.js", "const files = require('../app/lib/files');\nsetInterval(() => files.save('y', ''), 10);\n")

	res := driver.Run([]string{helper}, checks.All, driver.Options{})[0]
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	if len(res.Diagnostics) != 1 || res.Diagnostics[0].Pos.Line != 3 || !strings.Contains(res.Diagnostics[0].Message, "which ../server.js calls at line 3") {
		t.Fatalf("want one finding at line 3 naming ../server.js, got %+v", res.Diagnostics)
	}
	if _, ok := res.Deps[server]; !ok {
		t.Errorf("the importer %s is not among the result's dependencies %v", server, res.Deps)
	}
}
