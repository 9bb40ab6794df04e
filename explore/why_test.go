package explore

import (
	"strings"
	"testing"
)

func TestIterations(t *testing.T) {
	for in, want := range map[string]string{"1": "in iteration 1", "1,2,3": "in iterations 1–3", "1,3": "in iterations 1 and 3", "1,3,4": "in iterations 1, 3 and 4"} {
		var its []int
		for _, s := range strings.Split(in, ",") {
			its = append(its, int(s[0]-'0'))
		}
		if got := iterations(its); got != want {
			t.Errorf("%s: %q, want %q", in, got, want)
		}
	}
}
