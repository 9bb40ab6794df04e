package predict

import (
	"slices"
	"strings"
	"testing"

	"github.com/looplint/looplint/explore"
	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/parse"
)

// predictSrc predicts src as a CommonJS main module on Node 20.20.2.
func predictSrc(t *testing.T, src string) explore.Prediction {
	t.Helper()
	f, err := parse.Parse("main.js", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return Predict(f, loop.Profile{Node: loop.Version{Major: 20, Minor: 20, Patch: 2}}, Options{})
}

// TestEndlessProven: a loop whose state comes back exactly goes round
// forever, and the prediction says so, complete, at its first repetition.
func TestEndlessProven(t *testing.T) {
	for _, c := range []struct {
		name, src string
		stdout    []string
		repeats   string // one of the callbacks a repetition runs
		lines     int    // lines a repetition prints
	}{
		{"immediate", "function spin() { setImmediate(spin); }\nspin();\nconsole.log('start');\n",
			[]string{"start"}, "spin (setImmediate at 1:19)", 0},
		// A fresh arrow and scope each time round, a timer found due or
		// not: what was made since is compared by its shape.
		{"timer chain", "function spinFair() { setImmediate(spinFair); }\nspinFair();\nfunction later() { setTimeout(() => process.nextTick(later), 10); }\nlater();\nprocess.nextTick(() => console.log('done'));\n",
			[]string{"done"}, "later (process.nextTick at 3:37)", 0},
		{"interval", "setInterval(() => console.log('tick'), 5);\n", []string{"tick"}, "setInterval at 1:1", 1},
		{"interval object", "const state = { on: true };\nsetInterval(function beat() { if (state.on) console.log('beat'); }, 3);\n",
			[]string{"beat"}, "beat (setInterval at 2:1)", 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			pr := predictSrc(t, c.src)
			if !pr.Complete || len(pr.Orders) != 1 {
				t.Fatalf("complete=%v reasons=%v orders=%+v", pr.Complete, pr.Reasons, pr.Orders)
			}
			o := pr.Orders[0]
			if !o.Endless || o.Hang == nil || !o.Hang.Proven || !o.Hang.Loops || !slices.Equal(o.Stdout, c.stdout) {
				t.Fatalf("order %q endless=%v hang=%+v", o.Stdout, o.Endless, o.Hang)
			}
			if !slices.Contains(o.Hang.Repeats, c.repeats) || o.Hang.Lines != c.lines || o.Hang.Prints != (c.lines > 0) {
				t.Errorf("hang %+v: want %q among the repeats, %d lines", o.Hang, c.repeats, c.lines)
			}
		})
	}
}

// TestEndlessNotClaimed: loops that end, or whose end depends on time
// passing, are never said to go round forever.
func TestEndlessNotClaimed(t *testing.T) {
	for _, c := range []struct {
		name, src string
		stdout    []string
	}{
		// Going round while the timer is not due needs time to stand
		// still: the timer fires, the loop ends.
		{"spin until a timer", "let done = false;\nsetTimeout(() => { done = true; console.log('timer'); }, 10);\nfunction spin() { if (!done) setImmediate(spin); }\nspin();\n",
			[]string{"timer"}},
		// The state is written each time round (an old object).
		{"counter in an object", "const s = { n: 0 };\nfunction f() { if (++s.n < 5) setImmediate(f); else console.log('n', s.n); }\nf();\n",
			[]string{"n 5"}},
		// More alike callbacks than a run is followed unbounded: the
		// bounded explorations cover it all.
		{"long counter", "let n = 0;\nfunction f() { if (++n < 100) setImmediate(f); else console.log('done', n); }\nf();\n",
			[]string{"done 100"}},
		// A timer that is cleared after three beats.
		{"interval cleared", "let n = 0;\nconst t = setInterval(() => { console.log('beat', ++n); if (n === 3) clearInterval(t); }, 2);\n",
			[]string{"beat 1", "beat 2", "beat 3"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			pr := predictSrc(t, c.src)
			if !pr.Complete || len(pr.Orders) != 1 {
				t.Fatalf("complete=%v reasons=%v orders=%+v", pr.Complete, pr.Reasons, pr.Orders)
			}
			o := pr.Orders[0]
			if o.Endless || o.Starves || o.Hang != nil || !slices.Equal(o.Stdout, c.stdout) || o.ExitCode != 0 {
				t.Errorf("order %q exit %d endless=%v hang=%+v", o.Stdout, o.ExitCode, o.Endless, o.Hang)
			}
		})
	}
}

// TestEndlessUnproven: where states do not compare (a counter that keeps
// growing, a suspended async function), a loop that does not end is
// followed so far, and the prediction says what it covers, incomplete.
func TestEndlessUnproven(t *testing.T) {
	for _, c := range []struct{ name, src string }{
		{"counter", "let n = 0;\nfunction spin() { n++; setImmediate(spin); }\nspin();\nsetTimeout(() => console.log('timer'), 5);\n"},
		{"async", "async function tick() { for (;;) { await new Promise((r) => setTimeout(r, 10)); console.log('tick'); } }\ntick();\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			pr := predictSrc(t, c.src)
			if pr.Complete || !slices.ContainsFunc(pr.Reasons, func(r explore.Reason) bool { return strings.Contains(r.Msg, "the loop did not end") }) {
				t.Fatalf("complete=%v reasons=%v", pr.Complete, pr.Reasons)
			}
			if len(pr.Orders) == 0 {
				t.Fatal("no orders")
			}
			for _, o := range pr.Orders {
				if !o.Endless || o.Hang == nil || o.Hang.Proven || len(o.Hang.Repeats) == 0 {
					t.Errorf("order %q endless=%v hang=%+v", o.Stdout, o.Endless, o.Hang)
				}
			}
		})
	}
}

// TestStarvingHang: a chain that never drains names its callback and what
// never runs.
func TestStarvingHang(t *testing.T) {
	pr := predictSrc(t, "let n = 0;\nfunction spin() { n++; process.nextTick(spin); }\nsetTimeout(() => console.log('timer', n), 0);\nspin();\n")
	if !pr.Complete || len(pr.Orders) != 1 {
		t.Fatalf("complete=%v reasons=%v orders=%+v", pr.Complete, pr.Reasons, pr.Orders)
	}
	h := pr.Orders[0].Hang
	if !pr.Orders[0].Starves || h == nil || h.Loops || h.Queue != "nextTick" || h.Callback != "spin (process.nextTick at 2:24)" ||
		h.Waiting != (loop.Waiting{Timers: 1}) {
		t.Errorf("hang %+v", h)
	}
}
