package layout

import "testing"

// Expected sources as Node printed them (testdata/runtime/regexp-source
// records the same on real Node).
func TestRegExpSource(t *testing.T) {
	for _, c := range []struct {
		major     int
		raw, want string
	}{
		{20, "", "(?:)"},
		{20, `a\/b[/]\d`, `a\/b[/]\d`},
		{10, `a\/b[/]\d`, `a\/b[\/]\d`},
		{20, "a/b", `a\/b`},
		{20, "[/]", "[/]"},
		{11, "[/]", `[\/]`},
		{20, "\n", `\n`},
		{10, "\n", "\n"},
		{20, "\\\n", `\n`},
		{20, `\/`, `\/`},
		{20, "/", `\/`},
		{20, `[\]/]/`, `[\]/]\/`},
	} {
		if got := RegExpSource(c.major, c.raw); got != c.want {
			t.Errorf("RegExpSource(%d, %q) = %q, want %q", c.major, c.raw, got, c.want)
		}
	}
}
