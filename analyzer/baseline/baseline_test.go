package baseline

import (
	"path/filepath"
	"testing"
)

func TestBaseline(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "looplint-baseline.json")
	a := filepath.Join(dir, "src", "a.js")
	if err := Write(p, [][3]string{{a, "zalgo", "m1"}, {a, "zalgo", "m1"}, {a, "nexttickloop", "m2"}}); err != nil {
		t.Fatal(err)
	}
	b, err := Read(p)
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range []struct {
		path, check, msg string
		known            bool
	}{
		{a, "zalgo", "m1", true}, {a, "zalgo", "m1", true}, {a, "zalgo", "m1", false}, // a third alike is new
		{a, "nexttickloop", "m2", true}, {a, "nexttickloop", "other", false},
		{filepath.Join(dir, "b.js"), "zalgo", "m1", false},
	} {
		if got := b.Known(c.path, c.check, c.msg); got != c.known {
			t.Errorf("%d: Known(%s %s %s) = %v", i, c.path, c.check, c.msg, got)
		}
	}
	if _, err := Read(filepath.Join(dir, "nope.json")); err == nil {
		t.Error("a missing baseline read")
	}
}
