package layout

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf16"
)

// Specs is the scan of util.format's first argument f against the nargs
// arguments of the call (f is argument 0): each specifier that consumes
// an argument is replaced by verb(c, i), c its letter (s j d i f o O) and
// i the argument's index. It returns the text and the index of the first
// argument left over, which the caller appends, space-separated, after
// it; 0 means f had no specifier and is itself the first to append.
//
// As in Node: a specifier with no argument left stays as written (but %%
// still becomes %), an unknown letter stays, and %c takes its argument
// and prints nothing from Node 12 (before, it is not a specifier).
func Specs(major int, f string, nargs int, verb func(c byte, i int) string) (string, int) {
	var sb strings.Builder
	a, lastPos := 0, 0
	for i := 0; i < len(f)-1; i++ {
		if f[i] != '%' {
			continue
		}
		i++
		next := f[i]
		if a+1 == nargs {
			if next == '%' {
				sb.WriteString(f[lastPos:i])
				lastPos = i + 1
			}
			continue
		}
		var s string
		switch next {
		case 's', 'j', 'd', 'i', 'f', 'o', 'O':
			a++
			s = verb(next, a)
		case 'c':
			if major <= 11 {
				continue
			}
			a++
		case '%':
			sb.WriteString(f[lastPos:i])
			lastPos = i + 1
			continue
		default:
			continue
		}
		if lastPos != i-1 {
			sb.WriteString(f[lastPos : i-1])
		}
		sb.WriteString(s)
		lastPos = i + 1
	}
	if lastPos == 0 {
		return "", 0
	}
	if lastPos < len(f) {
		sb.WriteString(f[lastPos:])
	}
	return sb.String(), a + 1
}

var (
	intPrefix   = regexp.MustCompile(`^[+-]?(0[xX][0-9a-fA-F]+|[0-9]+)`)
	floatPrefix = regexp.MustCompile(`^[+-]?(Infinity|([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?)`)
)

// ParseInt is parseInt(s) (radix 10, or 16 after 0x).
func ParseInt(s string) float64 {
	m := intPrefix.FindString(strings.TrimLeft(s, " \t\n\r\v\f"))
	if m == "" {
		return math.NaN()
	}
	neg := m[0] == '-'
	m = strings.TrimLeft(m, "+-")
	var f float64
	if len(m) > 2 && (m[1] == 'x' || m[1] == 'X') {
		for _, d := range m[2:] {
			n, _ := strconv.ParseUint(string(d), 16, 8)
			f = f*16 + float64(n)
		}
	} else {
		f, _ = strconv.ParseFloat(m, 64)
	}
	if neg {
		f = -f
	}
	return f
}

// ParseFloat is parseFloat(s): the conversions of %i and %f, exact
// where the engine's parseInt loses the sign of -0.
func ParseFloat(s string) float64 {
	m := floatPrefix.FindString(strings.TrimLeft(s, " \t\n\r\v\f"))
	switch strings.TrimLeft(m, "+-") {
	case "":
		return math.NaN()
	case "Infinity":
		if m[0] == '-' {
			return math.Inf(-1)
		}
		return math.Inf(1)
	}
	f, _ := strconv.ParseFloat(m, 64)
	return f
}

// SpecZero is how %d, %i and %f print a zero: -0 keeps its sign from 12
// (util.inspect's number); before, the specifiers stringify (0).
func SpecZero(major int, negative bool) string {
	if negative && major >= 12 {
		return "-0"
	}
	return "0"
}

// JSONGapNumber and JSONGapString are JSON.stringify's space argument:
// a number gives that many spaces (at most 10, none below 1), a string
// its first 10 UTF-16 code units.
func JSONGapNumber(n float64) string {
	if math.IsNaN(n) || n < 1 {
		return ""
	}
	return strings.Repeat(" ", int(min(10, math.Trunc(n))))
}

// JSONGapString: see JSONGapNumber.
func JSONGapString(s string) string {
	if u := utf16.Encode([]rune(s)); len(u) > 10 {
		return string(utf16.Decode(u[:10]))
	}
	return s
}

// SymbolKey is how an object's symbol-keyed property is named: [Symbol(s)]
// before Node 24, Symbol(s) from it (measured on 23.0.0 and 24.0.0), its
// description escaped as a string's is but unquoted: ' and \ get a
// backslash, control characters \u00XX through 13 and \xXX (C1 too) from
// 14 (measured on 10.24.1 to 24.21.0).
func SymbolKey(major int, sym string) string {
	var b strings.Builder
	escape(&b, sym, '\'', major <= 13)
	if major >= 24 {
		return b.String()
	}
	return "[" + b.String() + "]"
}
