package parse

import (
	"strings"
	"testing"
)

func TestArrowNesting(t *testing.T) {
	for _, c := range []struct {
		src  string
		want int
	}{
		{"const f = a => b => c => 1;", 3},
		{"f(a => 1, b => 2); g(c => 3)", 1},
		{"x => { return y => 1 }", 1},
		{"a => (b => (c => 1))", 3},
		{"const s = '=> => =>', t = \"=>\"; // => =>\n/* => */", 0},
		{"const r = /=>=>/g, t = `=> ${x => y => 1} =>`;", 2},
		{"c ? x => 1 : y => 2", 1},
		{"a = b / c; d => e / f", 1},
	} {
		if got, _ := arrowNesting(c.src); got != c.want {
			t.Errorf("arrowNesting(%q) = %d, want %d", c.src, got, c.want)
		}
	}
}

// A chain of expression-bodied arrows is refused with its position before
// the engine's parser, which takes quadratic time on it, ever sees it.
func TestDeepArrowChain(t *testing.T) {
	src := "// deep\nconst f = " + strings.Repeat("()=>", maxArrowNesting+1) + "1;\n"
	_, err := Parse("deep.js", []byte(src))
	e, ok := err.(*Error)
	if !ok || e.Line != 2 || e.Col != 13+4*maxArrowNesting || !strings.Contains(e.Msg, "arrow functions nest") {
		t.Fatalf("Parse = %v, want deep.js:2:%d: arrow functions nest ...", err, 13+4*maxArrowNesting)
	}
	ok2 := "const f = " + strings.Repeat("()=>", maxArrowNesting) + "1;\n"
	if _, err := Parse("ok.js", []byte(ok2)); err != nil {
		t.Fatalf("Parse at the limit: %v", err)
	}
}
