package driver_test

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/looplint/looplint/analyzer/checks"
	"github.com/looplint/looplint/analyzer/driver"
)

// A chain of modules, each answering from a cache at once and otherwise
// through the next module's function (the last reads a file), each also
// requiring the first (a cycle): every file gets the same findings alone
// as in one concurrent run over all of them (go test -race runs both).
// Facts look six modules deep, so only the last five files see the read.
func TestFactsSameAloneAndTogether(t *testing.T) {
	dir := t.TempDir()
	const n = 24
	var paths []string
	for i := range n {
		next := fmt.Sprintf("./m%d", i+1)
		body := fmt.Sprintf("const { get: next } = require('%s');\nconst back = require('./m0');\nconst seen = {};\nexports.get = function (k, cb) {\n  if (seen[k]) return cb(null, seen[k]);\n  next(k, cb);\n};\n", next)
		if i == n-1 {
			body = "const fs = require('fs');\nconst back = require('./m0');\nexports.get = function (k, cb) {\n  fs.readFile(k, cb);\n};\n"
		}
		p := filepath.Join(dir, fmt.Sprintf("m%d.js", i))
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	all := driver.Run(paths, checks.All, driver.Options{Jobs: 4})
	for i, p := range paths {
		alone := driver.Run([]string{p}, checks.All, driver.Options{})[0]
		if !reflect.DeepEqual(alone.Diagnostics, all[i].Diagnostics) {
			t.Errorf("%s: alone %+v\ntogether %+v", filepath.Base(p), alone.Diagnostics, all[i].Diagnostics)
		}
		want := 0
		if i >= n-6 && i < n-1 {
			want = 1
		}
		if len(alone.Diagnostics) != want {
			t.Errorf("%s: %d findings, want %d: %+v", filepath.Base(p), len(alone.Diagnostics), want, alone.Diagnostics)
		}
	}
}

// Every analyzer's testdata file gets the same findings alone as with
// all the others named: facts across modules (classes' kept callbacks,
// packages' functions) do not depend on what else the run names.
func TestTestdataSameAloneAndTogether(t *testing.T) {
	var paths []string
	for _, pat := range []string{"*.js", "*.mjs", "*.ts"} {
		m, err := filepath.Glob(filepath.Join("..", "*", "testdata", "src", pat))
		if err != nil {
			t.Fatal(err)
		}
		paths = append(paths, m...)
	}
	if len(paths) < 50 {
		t.Fatalf("found %d testdata files", len(paths))
	}
	all := driver.Run(paths, checks.All, driver.Options{Jobs: 2})
	for i, p := range paths {
		alone := driver.Run([]string{p}, checks.All, driver.Options{})[0]
		if !reflect.DeepEqual(alone.Diagnostics, all[i].Diagnostics) {
			t.Errorf("%s: alone %+v\ntogether %+v", p, alone.Diagnostics, all[i].Diagnostics)
		}
	}
}
