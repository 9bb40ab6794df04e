package sched_test

import (
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/looplint/looplint/analyzer/jsfile"
	"github.com/looplint/looplint/analyzer/sched"
	"github.com/looplint/looplint/internal/cputime"
	"github.com/looplint/looplint/parse"
)

// BenchmarkFacts computes the facts of every 4th file of bench/check's
// tree (installed by `go run ./internal/benchcheck` under
// .cache/bench-check; LOOPLINT_BENCH_CHECK names another such directory),
// parsed beforehand: "walk" is Compute alone, "summaries" Compute and the
// module's fact (every function's summary; no other module's facts).
// Skipped when the tree is not installed.
//
//	go test ./analyzer/sched -run '^$' -bench Facts -benchmem -count 5
func BenchmarkFacts(b *testing.B) {
	files := benchFiles(b, 4)
	b.Run("walk", func(b *testing.B) {
		cpu := cputime.Process()
		for b.Loop() {
			for _, f := range files {
				sched.Compute(f)
			}
		}
		cputime.Report(b, cpu, b.N)
	})
	b.Run("summaries", func(b *testing.B) {
		cpu := cputime.Process()
		for b.Loop() {
			for _, f := range files {
				sched.Compute(f).Module()
			}
		}
		cputime.Report(b, cpu, b.N)
	})
}

// benchFiles parses every nth .js, .cjs and .mjs file (not *.min.js)
// under the tree's node_modules, in path order.
func benchFiles(b *testing.B, nth int) []*jsfile.File {
	cache := os.Getenv("LOOPLINT_BENCH_CHECK")
	if cache == "" {
		cache = filepath.Join("..", "..", ".cache", "bench-check")
	}
	root := filepath.Join(cache, "tree", "node_modules")
	if _, err := os.Stat(root); err != nil {
		b.Skipf("%s is not installed (go run ./internal/benchcheck)", root)
	}
	var paths []string
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		switch filepath.Ext(p) {
		case ".js", ".cjs", ".mjs":
			if !strings.HasSuffix(p, ".min.js") {
				paths = append(paths, p)
			}
		}
		return nil
	})
	sort.Strings(paths)
	fset := token.NewFileSet()
	var files []*jsfile.File
	for i := 0; i < len(paths); i += nth {
		pf, err := parse.Load(paths[i])
		if err != nil {
			continue
		}
		tf := fset.AddFile(paths[i], -1, len(pf.Source))
		tf.SetLinesForContent([]byte(pf.Source))
		f, err := jsfile.Parse(pf, tf)
		if err != nil {
			continue
		}
		files = append(files, f)
	}
	return files
}
