package predict

import (
	"strings"
	"testing"

	"github.com/looplint/looplint/parse"
)

// Regular expressions on regexp2: what it matches as V8 (outputs printed
// by Node 20.20.2), and what it would not, which stays a reason.
func TestInterpRegexp(t *testing.T) {
	exact := []struct{ name, src, want string }{
		{`backref`, `console.log(/(\w)\1/.exec('abccd'), 'aa-bb'.replace(/(\w)\1/g, '<$1>'))`, `[ 'cc', 'c', index: 2, input: 'abccd', groups: undefined ] <a>-<b>`},
		{`lookahead`, `console.log('price 100usd 200eur'.match(/\d+(?=usd)/g), /a(?!b)/.test('ab'), /a(?!b)/.test('ac'))`, `[ '100' ] false true`},
		{`lookbehind`, `console.log('$42 and 7'.replace(/(?<=\$)\d+/, 'N'), /(?<!\$)\b\d+/.exec('$42 and 7')[0])`, `$N and 7 7`},
		{`named`, `const m = /(?<y>\d{4})-(?<mo>\d{2})/.exec('on 2024-05'); console.log(m.index, m.groups.y, m.groups.mo, m[1], '2024-05'.replace(/(?<y>\d+)-(?<m>\d+)/, '$<m>/$<y>'))`, `3 2024 05 2024 05/2024`},
		{`named-backref`, "console.log(/(?<q>['\"]).*?\\k<q>/.exec(`say \"hi\" 'x'`)[0])", `"hi"`},
		{`sticky-lastindex`, `const r = /o/g; console.log(r.exec('foo boo').index, r.lastIndex, r.exec('foo boo').index, r.lastIndex, r.exec('foo boo').index)`, `1 2 2 3 5`},
		{`split-groups`, `console.log('a1b22c'.split(/(\d+)/), 'abc'.split(/(?:)/), ''.split(/x/))`, `[ 'a', '1', 'b', '22', 'c' ] [ 'a', 'b', 'c' ] [ '' ]`},
		{`unicode`, `console.log('😀x😀'.replace(/\u{1F600}/gu, 'E'), /^.$/u.test('😀'), '😀'.match(/./gu).length)`, `ExE true 1`},
		{`ci`, `console.log('Hello WORLD'.replace(/world/i, 'there'), 'x'.match(/X/i)[0])`, `Hello there x`},
		{`matchall`, `console.log([...'a1b2'.matchAll(/([a-z])(\d)/g)].map(m => m[1] + m[2] + m.index).join())`, `a10,b22`},
		{`search`, `console.log('xyz abc'.search(/a(?=b)/), 'abc'.search(/q/))`, `4 -1`},
		{`escapes-empty`, `console.log(/[\0]/.test('\0'), /\cJ/.test('\n'), /\x41\u0042/.test('AB'), 'aXb'.split(/(?<=a)/), 'aaa'.replace(/a*/g, 'X'), 'abc'.match(/x*/g).length)`, `true true true [ 'a', 'Xb' ] XX 4`},
		{`dotall`, `console.log(/a.b/s.test('a\nb'), /a.b/.test('a\nb'), /^b$/m.test('a\nb'))`, `true false true`},
	}
	for _, c := range exact {
		f, err := parse.Parse(c.name+".js", []byte(c.src))
		if err != nil {
			t.Fatal(err)
		}
		pr := Predict(f, node20, Options{})
		switch {
		case !pr.Complete:
			t.Errorf("%s: incomplete: %v", c.name, pr.Reasons)
		case len(pr.Orders) != 1 || strings.Join(pr.Orders[0].Stdout, "|") != c.want:
			t.Errorf("%s: got %v, want %q", c.name, pr.Orders, c.want)
		}
	}
	// Captures of a repeated group, an inline flag (a SyntaxError in
	// V8), case folding beyond ASCII, \r before a multiline $, \1
	// without a group (an octal escape).
	for _, src := range []string{
		`console.log(/(?:(a)|b)+/.exec('ab'))`,
		`console.log(/(?i)a/.test('A'))`,
		`console.log(/\w+/i.exec('ſK'))`,
		`console.log(/a$/m.test('a\r\nb'))`,
		`console.log('a\x01'.replace(/\1/, 'X'))`,
	} {
		f, err := parse.Parse("refused.js", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		if pr := Predict(f, node20, Options{}); pr.Complete {
			t.Errorf("%s: complete: %v", src, pr.Orders)
		}
	}
}
