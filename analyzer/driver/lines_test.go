package driver

import (
	"go/token"
	"slices"
	"testing"
)

// lineOffsets gives the lines SetLinesForContent would.
func TestLineOffsets(t *testing.T) {
	for _, s := range []string{"", "a", "\n", "a\n", "a\nb", "\n\n", "ab\n\ncd\n", "x\r\ny"} {
		fs := token.NewFileSet()
		a := fs.AddFile("a", -1, len(s))
		a.SetLinesForContent([]byte(s))
		b := fs.AddFile("b", -1, len(s))
		b.SetLines(lineOffsets(s))
		if !slices.Equal(a.Lines(), b.Lines()) {
			t.Errorf("%q: %v vs %v", s, a.Lines(), b.Lines())
		}
	}
}
