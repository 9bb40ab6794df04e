package layout

import (
	"unicode"

	"golang.org/x/text/unicode/norm"
	"golang.org/x/text/width"
)

// StringWidth is Node's getStringWidth, what util.inspect lays array
// columns out by from 12.17.0 and 13.10.0 (before, .length: Width): a
// printable ASCII character 1, a control character 0; from the first
// other one on, the text in NFC with ICU's widths: East Asian wide and
// fullwidth 2 (emoji are wide), nonspacing and enclosing marks, format
// and control characters and emoji modifiers 0, anything else 1.
func StringWidth(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 127 {
			return n + icuWidth(norm.NFC.String(s[i:]))
		}
		if c >= 32 {
			n++
		}
	}
	return n
}

func icuWidth(s string) int {
	n := 0
	for _, r := range s {
		switch k := width.LookupRune(r).Kind(); {
		case k == width.EastAsianWide || k == width.EastAsianFullwidth:
			n += 2
		case r >= 0x1F3FB && r <= 0x1F3FF: // emoji modifiers
		case r != 0x00AD && (unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf, unicode.Cc)):
		case r >= 0x1F300 && r <= 0x1FAFF && k == width.Neutral:
			n += 2 // emoji presentation (the tables predate some)
		default:
			n++
		}
	}
	return n
}
