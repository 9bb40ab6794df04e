package runtime_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/parse"
	"github.com/looplint/looplint/runtime"
)

// BenchmarkRun measures one execution of the bundled example (engine
// start-up, built-ins, the snippet and its loop) under the default schedule.
func BenchmarkRun(b *testing.B) {
	f, err := parse.Load(filepath.Join("..", "testdata", "examples", "event-loop-tour.js"))
	if err != nil {
		b.Fatal(err)
	}
	prog, err := runtime.Prepare(f, runtime.Options{Node: loop.Newest})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if r := prog.Run(nil); r.ExitCode != 0 {
			b.Fatalf("exit %d: %v", r.ExitCode, r.Stderr)
		}
	}
}

// BenchmarkExplore100 is `looplint run --explore 100` on the example.
func BenchmarkExplore100(b *testing.B) {
	src, _ := os.ReadFile(filepath.Join("..", "testdata", "examples", "event-loop-tour.js"))
	f, err := parse.Parse("tour.js", src)
	if err != nil {
		b.Fatal(err)
	}
	prog, err := runtime.Prepare(f, runtime.Options{Node: loop.Newest})
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		prog.Explore(100, 1)
	}
}
