package runtime

import "testing"

// Which loops countingLoops ends at once, and the test it gives them.
func TestCountingLoops(t *testing.T) {
	cases := []struct{ src, want string }{
		{"for (let i = 0; i < 1e9; i++) {}", "for (let i = 0; (i < 1000000000 && (i = 1000000000), i < 1e9); i++) {}"},
		{"for (var k = 3e8; k > 7; k--);", "for (var k = 3e8; (k > 7 && (k = 7), k > 7); k--);"},
		{"for (var m = 0; m <= 2e6; m += 1) {}", "for (var m = 0; (m <= 2000000 && (m = 2000001), m <= 2e6); m += 1) {}"},
		{"for (var d = 1e6; d >= -5; d -= 1) {}", "for (var d = 1e6; (d >= -5 && (d = -6), d >= -5); d -= 1) {}"},
		{"for (let q = -3e6; q < -2; ++q);", "for (let q = -3e6; (q < -2 && (q = -2), q < -2); ++q);"},
		// Left alone: a body, too few passes, a step the wrong way or not
		// one, a bound that is not an integer literal, an outer variable,
		// a const, past 2^52.
		{"for (let i = 0; i < 1e9; i++) { n++; }", ""},
		{"for (let i = 0; i < 1000; i++) {}", ""},
		{"for (let i = 0; i < 1e9; i--) {}", ""},
		{"for (let i = 0; i < 1e9; i += 2) {}", ""},
		{"for (let i = 0; i < 1e9 + 0.5; i++) {}", ""},
		{"for (let i = 0; i < 1.5e6 + x; i++) {}", ""},
		{"for (let i = 0; i < 2.5; i++) {}", ""},
		{"for (i = 0; i < 1e9; i++) {}", ""},
		{"for (let i = 0, j = 0; i < 1e9; i++) {}", ""},
		{"for (let i = 0; j < 1e9; i++) {}", ""},
		{"for (let i = 0; i < 1e20; i++) {}", ""},
	}
	for _, c := range cases {
		got := rewriteEngineGaps(c.src, false)
		want := c.want
		if want == "" {
			want = c.src
		}
		if got != want {
			t.Errorf("%s\n got %s\nwant %s", c.src, got, want)
		}
	}
}
