package main

import (
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/debug"
	"sort"
	"strings"
	"testing"

	"github.com/looplint/looplint/internal/cputime"
)

// BenchmarkCheckTree and BenchmarkCheckTree2 run looplint check (JSON
// output, discarded) over bench/check's trees as internal/benchcheck
// hands them to it: every .js, .cjs and .mjs file under node_modules but
// *.min.js, named on the command line, from the tree's directory. The
// trees are installed by `go run ./internal/benchcheck` (-tree tree2)
// under .cache/bench-check; LOOPLINT_BENCH_CHECK names another such
// directory. Skipped when the tree is not installed. The GC is tuned as
// the command tunes it. Besides wall time each reports the process's CPU
// time (user and system) per run.
//
//	go test ./cmd/looplint -run '^$' -bench CheckTree -benchmem -count 5
func BenchmarkCheckTree(b *testing.B)  { benchCheckTree(b, "tree") }
func BenchmarkCheckTree2(b *testing.B) { benchCheckTree(b, "tree2") }

func benchCheckTree(b *testing.B, name string) {
	cache := os.Getenv("LOOPLINT_BENCH_CHECK")
	if cache == "" {
		cache = filepath.Join("..", "..", ".cache", "bench-check")
	}
	dir, err := filepath.Abs(filepath.Join(cache, name))
	if err != nil {
		b.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "node_modules")); err != nil {
		b.Skipf("%s is not installed (go run ./internal/benchcheck -tree %s)", dir, name)
	}
	var files []string
	err = filepath.WalkDir(filepath.Join(dir, "node_modules"), func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		switch filepath.Ext(p) {
		case ".js", ".cjs", ".mjs":
			if !strings.HasSuffix(p, ".min.js") {
				rel, _ := filepath.Rel(dir, p)
				files = append(files, filepath.ToSlash(rel))
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	sort.Strings(files)
	b.Chdir(dir)
	// The GC as the command sets it (main_cli.go), put back after.
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	tuneGC(1 << 30)
	cpu := cputime.Process()
	for b.Loop() {
		err := runCheckIn(nil, io.Discard, io.Discard, files, checkFlags{format: "json", target: "node", maxWarnings: -1})
		if err != nil && exitCode(err) != 1 {
			b.Fatal(err)
		}
	}
	cputime.Report(b, cpu, b.N)
}
