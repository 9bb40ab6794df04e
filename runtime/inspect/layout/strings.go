package layout

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/looplint/looplint/loop"
)

const maxStringLength = 10000

// FormatString is util.inspect of a string inside a value: quoted and
// escaped (Quote), cut after 10,000 characters, and split after each
// newline when it does not fit the line (from Node 12).
func (c *Ctx) FormatString(s string) string {
	trailer := ""
	if u := []rune(s); len(u) > maxStringLength && !c.Legacy {
		rem := len(u) - maxStringLength
		s = string(u[:maxStringLength])
		trailer = "... " + strconv.Itoa(rem) + " more character" + Plural(rem)
	}
	n := Width(s)
	if !c.Legacy && n > 16 && n > c.BreakLength-c.IndentLvl-4 {
		var parts []string
		for rest := s; rest != ""; {
			i := strings.IndexByte(rest, '\n')
			if i < 0 {
				parts = append(parts, Quote(c.Major, rest))
				break
			}
			parts = append(parts, Quote(c.Major, rest[:i+1]))
			rest = rest[i+1:]
		}
		return strings.Join(parts, " +\n"+strings.Repeat(" ", c.IndentLvl+2)) + trailer
	}
	return Quote(c.Major, s) + trailer
}

// Plural is "s" when n is more than one.
func Plural(n int) string {
	if n > 1 {
		return "s"
	}
	return ""
}

// Quote is how util.inspect quotes a string: single quotes, or from Node
// 11 double quotes or backticks when that avoids escaping a quote;
// control characters escaped (\u00XX up to Node 12, \xXX after).
func Quote(major int, s string) string {
	quote := byte('\'')
	if major > 10 && strings.IndexByte(s, '\'') >= 0 {
		if strings.IndexByte(s, '"') < 0 {
			quote = '"'
		} else if strings.IndexByte(s, '`') < 0 && !strings.Contains(s, "${") {
			quote = '`'
		}
	}
	var b strings.Builder
	b.WriteByte(quote)
	escape(&b, s, rune(quote), major <= 12)
	b.WriteByte(quote)
	return b.String()
}

// escape writes s as util.inspect escapes a string's text: quote and \
// get a backslash, \b \t \n \f \r their letters, other control
// characters \u00XX when legacy, else \xXX like the C1 controls, which
// legacy leaves as they are.
func escape(b *strings.Builder, s string, quote rune, legacy bool) {
	for _, r := range s {
		switch {
		case r == quote || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\b':
			b.WriteString(`\b`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\f':
			b.WriteString(`\f`)
		case r == '\r':
			b.WriteString(`\r`)
		case r < 0x20 && legacy:
			b.WriteString(`\u` + Hex(int(r), 4, false))
		case r < 0x20 || r >= 0x7f && r <= 0x9f && !legacy:
			b.WriteString(`\x` + Hex(int(r), 2, true))
		default:
			b.WriteRune(r)
		}
	}
}

// Hex is n in hexadecimal, zero-padded to width.
func Hex(n, width int, upper bool) string {
	s := strconv.FormatInt(int64(n), 16)
	if upper {
		s = strings.ToUpper(s)
	}
	for len(s) < width {
		s = "0" + s
	}
	return s
}

// keyRe is util.inspect's test for a key printed bare (no $: Node
// quotes '$a').
var keyRe = regexp.MustCompile(`^[a-zA-Z_][a-zA-Z_0-9]*$`)

// Key is how util.inspect writes an enumerable string key: bare when
// it is a plain identifier, else quoted.
// Key is Key for this release.
func (c *Ctx) Key(k string) string {
	if k == "__proto__" && c.has(loop.InspectProtoKey) {
		return "['__proto__']"
	}
	return Key(c.Major, k)
}

func Key(major int, k string) string {
	if keyRe.MatchString(k) {
		return k
	}
	return Quote(major, k)
}
