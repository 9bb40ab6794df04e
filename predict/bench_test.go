package predict

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/looplint/looplint/explore"
	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/parse"
	"github.com/looplint/looplint/runtime/memfs"
)

// BenchmarkEmitter predicts a small EventEmitter program whose timers
// race, so that several paths each load the events module again.
func BenchmarkEmitter(b *testing.B) {
	src := `const EventEmitter = require('events');
class Job extends EventEmitter {}
const job = new Job();
job.on('step', (n) => console.log('step', n));
job.once('done', () => console.log('done'));
setTimeout(() => job.emit('step', 1), 1);
setImmediate(() => job.emit('step', 2));
setTimeout(() => job.emit('done'), 2);
EventEmitter.once(job, 'done').then(() => console.log('once resolved'));
`
	f, err := parse.Parse("main.js", []byte(src))
	if err != nil {
		b.Fatal(err)
	}
	p := loop.Profile{Node: loop.Version{Major: 20, Minor: 20, Patch: 2}}
	var pr explore.Prediction
	for b.Loop() {
		pr = Predict(f, p, Options{})
	}
	if !pr.Complete {
		b.Fatalf("incomplete: %v", pr.Reasons)
	}
	b.ReportMetric(float64(pr.Explored.Runs), "runs")
}

// BenchmarkRequire is one run of a program that only loads a built-in
// written in JavaScript.
func BenchmarkRequire(b *testing.B) {
	for _, m := range []string{"events", "util", "assert", "timers/promises"} {
		b.Run(m, func(b *testing.B) {
			f, err := parse.Parse("main.js", []byte("require('"+m+"');\n"))
			if err != nil {
				b.Fatal(err)
			}
			p := loop.Profile{Node: loop.Version{Major: 20, Minor: 20, Patch: 2}}
			for b.Loop() {
				if pr := Predict(f, p, Options{}); !pr.Complete {
					b.Fatalf("incomplete: %v", pr.Reasons)
				}
			}
		})
	}
}

// BenchmarkPredictHangs predicts programs that never end: ticks or
// reactions that starve the loop, loops that go round forever (proven by
// their state repeating), and one whose state cannot be compared (async
// functions, I/O), explored bounded. Each must take well under a second
// (the issue asked 2 s for looplint predict, the runtime's part included).
func BenchmarkPredictHangs(b *testing.B) {
	for _, c := range []struct{ name, file string }{
		{"recursive-tick", ""},
		{"starve", "../analyzer/checks/testdata/src/starve.js"},
		{"microstarve", "../analyzer/checks/testdata/src/microstarve.js"},
		{"nexttickloop-clean", "../analyzer/nexttickloop/testdata/src/clean.js"},
		{"timerrace-pairs", "../analyzer/timerrace/testdata/src/pairs.js"},
		{"microtaskloop-clean", "../analyzer/microtaskloop/testdata/src/clean.js"},
	} {
		b.Run(c.name, func(b *testing.B) {
			src := []byte("function spin(){process.nextTick(spin)} spin()\n")
			if c.file != "" {
				var err error
				if src, err = os.ReadFile(c.file); err != nil {
					b.Fatal(err)
				}
			}
			f, err := parse.Parse("main.js", src)
			if err != nil {
				b.Fatal(err)
			}
			p := loop.Profile{Node: loop.Version{Major: 20, Minor: 20, Patch: 2}}
			opts := Options{StallMS: 20}
			if c.file != "" {
				// The file's directory is the working directory, as for
				// looplint predict (one reads itself).
				files, err := memfs.New(memfs.Options{MountDir: filepath.Dir(c.file), Cwd: "/app"})
				if err != nil {
					b.Fatal(err)
				}
				opts.Files, opts.Filename, opts.Cwd = files, "/app/"+filepath.Base(c.file), "/app"
			}
			var pr explore.Prediction
			for b.Loop() {
				pr = Predict(f, p, opts)
			}
			if len(pr.Orders) == 0 || pr.Orders[0].Hang == nil {
				b.Fatalf("no order that never ends: %+v", pr.Orders)
			}
			b.ReportMetric(float64(pr.Explored.Runs), "runs")
		})
	}
}
