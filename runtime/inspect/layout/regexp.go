package layout

import "strings"

// RegExpSource is V8's RegExp.prototype.source for a pattern as written
// (a literal's text between the slashes, or the string given to RegExp):
// the empty pattern is (?:); a slash not already escaped gets a backslash,
// from V8 7 (Node 12) only outside a character class, and line
// terminators become \n, \r, \u2028 and \u2029; before (Node 10 and 11)
// every unescaped slash is escaped and line terminators stay as they are
// (measured on 10.24.1, 11.15.0, 12.22.12 and 20.20.2).
func RegExpSource(major int, raw string) string {
	if raw == "" {
		return "(?:)"
	}
	modern := major >= 12
	var b strings.Builder
	inClass := false
	rs := []rune(raw)
	for i := 0; i < len(rs); i++ {
		c := rs[i]
		switch {
		case c == '\\' && i+1 < len(rs) && modern && isLineTerminator(rs[i+1]):
			continue // the terminator is escaped below; this backslash goes
		case c == '\\' && i+1 < len(rs):
			b.WriteRune(c)
			i++
			c = rs[i]
		case c == '/' && (!inClass || !modern):
			b.WriteByte('\\')
		case c == '[':
			inClass = true
		case c == ']':
			inClass = false
		case modern && c == '\n':
			b.WriteString(`\n`)
			continue
		case modern && c == '\r':
			b.WriteString(`\r`)
			continue
		case modern && c == '\u2028':
			b.WriteString(`\u2028`)
			continue
		case modern && c == '\u2029':
			b.WriteString(`\u2029`)
			continue
		}
		b.WriteRune(c)
	}
	return b.String()
}

func isLineTerminator(c rune) bool { return c == '\n' || c == '\r' || c == '\u2028' || c == '\u2029' }
