package predict

import (
	"strings"
	"testing"
	"time"

	"github.com/looplint/looplint/explore"
	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/parse"
)

// A spent time budget stops the exploration: the first run is cut once
// it has taken a thousand-odd steps, and the result says why instead of
// listing what it found as complete.
func TestTimeBudget(t *testing.T) {
	src := "let n = 0;\nfor (let i = 0; i < 5000; i++) { n += i % 2; }\nsetTimeout(() => console.log('t', n), 0);\nsetImmediate(() => console.log('i'));\n"
	f, err := parse.Parse("main.js", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	v, err := loop.ParseVersion("20")
	if err != nil {
		t.Fatal(err)
	}
	prof := loop.Profile{Node: v, Module: loop.CommonJS}

	free := Predict(f, prof, Options{})
	if !free.Complete || len(free.Orders) != 2 {
		t.Fatalf("without a budget: complete %v, %d orders, reasons %v", free.Complete, len(free.Orders), free.Reasons)
	}

	spent := Predict(f, prof, Options{Explore: explore.Config{Deadline: time.Now().Add(-time.Second)}})
	if spent.Complete {
		t.Fatalf("a spent budget gave a complete prediction: %+v", spent.Orders)
	}
	found := false
	for _, r := range spent.Reasons {
		found = found || strings.Contains(r.Msg, "time budget")
		if strings.Contains(r.Msg, "exploration cut") {
			t.Errorf("the budget is said once, not as a cut too: %v", spent.Reasons)
		}
	}
	if !found {
		t.Errorf("reasons do not name the time budget: %v", spent.Reasons)
	}
	if e := spent.Explored; e.Runs != 1 || e.Cut != 1 || e.Paths != 0 {
		t.Errorf("after the budget was spent: %d runs, %d cut, %d complete; want the one run cut", e.Runs, e.Cut, e.Paths)
	}
}

// Doubling a string, an array or a shared JSON subtree 40 times would
// take terabytes: past maxLen the value is unknown and the prediction
// incomplete, saying where and why.
func TestLengthCaps(t *testing.T) {
	v, err := loop.ParseVersion("20")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ src, reason string }{
		{"let s = 'x'; for (let i = 0; i < 40; i++) s += s; console.log(s.length);", "a string longer than"},
		{"let s = 'ab'; for (let i = 0; i < 40; i++) s = `${s}${s}`; console.log(s.length);", "a string longer than"},
		{"let a = [1]; for (let i = 0; i < 40; i++) a = a.concat(a); console.log(a.length);", "an array longer than"},
		{"let a = [1]; for (let i = 0; i < 40; i++) a = [...a, ...a]; console.log(a.length);", "an array longer than"},
		{"let o = {a: 1}; for (let i = 0; i < 40; i++) o = {l: o, r: o}; console.log(JSON.stringify(o).length);", "JSON.stringify of more than"},
	} {
		f, err := parse.Parse("main.js", []byte(c.src))
		if err != nil {
			t.Fatal(err)
		}
		p := Predict(f, loop.Profile{Node: v, Module: loop.CommonJS}, Options{})
		var reasons []string
		for _, r := range p.Reasons {
			reasons = append(reasons, r.Msg)
		}
		if p.Complete || !strings.Contains(strings.Join(reasons, "\n"), c.reason) {
			t.Errorf("%s\ncomplete %v, reasons %q; want incomplete with %q", c.src, p.Complete, reasons, c.reason)
		}
	}
}
