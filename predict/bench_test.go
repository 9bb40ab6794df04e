package predict

import (
	"testing"

	"github.com/looplint/looplint/explore"
	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/parse"
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
