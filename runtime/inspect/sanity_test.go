package inspect

import (
	"testing"

	"github.com/grafana/sobek"
)

func TestSobekErrorStack(t *testing.T) {
	rt := sobek.New()
	v, err := rt.RunString("(function f() { return new Error('x'); })()")
	if err != nil {
		t.Fatal(err)
	}
	got := Inspect(rt, v, Options{})
	if got[:9] != "Error: x\n" {
		t.Fatalf("sobek-style stack should print unbracketed, got %q", got)
	}
}
