package predict

import (
	"math"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"golang.org/x/text/cases"
	"golang.org/x/text/language"

	"github.com/looplint/looplint/ir"
)

// UTF-16 views of strings (charCodeAt, codePointAt, String.fromCharCode,
// String.fromCodePoint) and the URI functions. The predictor keeps
// strings as UTF-8, so a lone surrogate, which it cannot hold, is a
// reason.

// utf16At is the code unit at index i of s, ok false past its end.
func utf16At(s string, i float64) (uint16, bool) {
	if math.IsNaN(i) {
		i = 0
	}
	u := utf16.Encode([]rune(s))
	if i < 0 || i >= float64(len(u)) {
		return 0, false
	}
	return u[int(i)], true
}

// jsUpper and jsLower are toUpperCase and toLowerCase: Unicode's full
// case mappings (ß is SS, a final Σ is ς, İ lowers to i̇), which Go's
// strings package does not make (x/text/cases does, as V8).
func jsUpper(s string) string {
	if isASCII(s) {
		return strings.ToUpper(s)
	}
	return cases.Upper(language.Und).String(s)
}

func jsLower(s string) string {
	if isASCII(s) {
		return strings.ToLower(s)
	}
	return cases.Lower(language.Und).String(s)
}

// stringCodeMethod is s.charCodeAt(i) or s.codePointAt(i); nil for other k.
func (in *Interp) stringCodeMethod(s, k string) Value {
	switch k {
	case "charCodeAt", "codePointAt":
	default:
		return nil
	}
	return native(k, func(_ Value, a []Value, pos ir.Pos) Value {
		i, ok := toNumber(arg(a, 0))
		if !ok {
			in.reason(pos, "String.prototype.%s with an unknown index", k)
			return unknown{why: k}
		}
		i = math.Trunc(i)
		c, in16 := utf16At(s, i)
		if !in16 {
			if k == "charCodeAt" {
				return math.NaN()
			}
			return nil
		}
		if k == "codePointAt" && utf16.IsSurrogate(rune(c)) {
			if d, ok := utf16At(s, i+1); ok {
				if r := utf16.DecodeRune(rune(c), rune(d)); r != utf8.RuneError {
					return float64(r)
				}
			}
		}
		return float64(c)
	})
}

// stringStatics are String.fromCharCode and String.fromCodePoint.
func (in *Interp) stringStatics() map[string]Value {
	from := func(name string, units bool) Value {
		return native(name, func(_ Value, a []Value, pos ir.Pos) Value {
			var u []uint16
			for _, v := range a {
				n, ok := toNumber(v)
				if !ok {
					in.reason(pos, "String.%s of an unknown value", name)
					return unknown{why: name}
				}
				if units {
					u = append(u, uint16(uint32(int64(n))))
					continue
				}
				if n != math.Trunc(n) || n < 0 || n > 0x10FFFF {
					in.throwRange(pos, "Invalid code point "+jsNum(n))
				}
				u = utf16.AppendRune(u, rune(n))
			}
			for i := 0; i < len(u); i++ {
				switch {
				case utf16.IsSurrogate(rune(u[i])) && i+1 < len(u) && u[i] < 0xDC00 && u[i+1] >= 0xDC00 && u[i+1] < 0xE000:
					i++
				case utf16.IsSurrogate(rune(u[i])):
					in.reason(pos, "a string with a lone surrogate is not modelled")
					return unknown{why: name}
				}
			}
			return string(utf16.Decode(u))
		})
	}
	raw := native("raw", func(_ Value, a []Value, pos ir.Pos) Value {
		strs, ok := arg(a, 0).(*Object)
		if !ok {
			in.reason(pos, "String.raw of this value is not modelled")
			return unknown{why: "String.raw"}
		}
		r, ok := in.getMember(strs, "raw", pos).(*Object)
		if !ok || !r.Arr {
			in.reason(pos, "String.raw of this value is not modelled")
			return unknown{why: "String.raw"}
		}
		var b strings.Builder
		for i, part := range r.Elems {
			s, ok := toStr(part)
			if !ok {
				return unknown{why: "String.raw"}
			}
			b.WriteString(s)
			if i+1 < len(r.Elems) && i+1 < len(a) {
				v, ok := in.toPrimitive(a[i+1], "string", pos)
				sub, ok2 := toStr(v)
				if !ok || !ok2 {
					return unknown{why: "String.raw"}
				}
				b.WriteString(sub)
			}
		}
		return b.String()
	})
	return map[string]Value{"fromCharCode": from("fromCharCode", true), "fromCodePoint": from("fromCodePoint", false), "raw": raw}
}

// uriUnescaped are the characters encodeURIComponent leaves alone;
// encodeURI also leaves uriReserved and #.
const (
	uriUnescaped = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'()"
	uriReserved  = ";/?:@&=+$,#"
)

// uriFunctions are encodeURI(Component) and decodeURI(Component).
func (in *Interp) uriFunctions() map[string]Value {
	encode := func(name, keep string) Value {
		return native(name, func(_ Value, a []Value, pos ir.Pos) Value {
			s, ok := toStr(arg(a, 0))
			if !ok {
				return unknown{why: name}
			}
			var b strings.Builder
			for i := 0; i < len(s); i++ {
				c := s[i]
				if c < 0x80 && strings.IndexByte(keep, c) >= 0 {
					b.WriteByte(c)
					continue
				}
				b.WriteString("%" + strings.ToUpper(string("0123456789abcdef"[c>>4])+string("0123456789abcdef"[c&15])))
			}
			return b.String()
		})
	}
	decode := func(name, keep string) Value {
		return native(name, func(_ Value, a []Value, pos ir.Pos) Value {
			s, ok := toStr(arg(a, 0))
			if !ok {
				return unknown{why: name}
			}
			malformed := func() Value {
				panic(&Thrown{V: in.newError("URIError", "URI malformed")})
			}
			hex := func(c byte) int {
				switch {
				case c >= '0' && c <= '9':
					return int(c - '0')
				case c >= 'a' && c <= 'f':
					return int(c-'a') + 10
				case c >= 'A' && c <= 'F':
					return int(c-'A') + 10
				}
				return -1
			}
			var out []byte
			for i := 0; i < len(s); i++ {
				if s[i] != '%' {
					out = append(out, s[i])
					continue
				}
				// A character's escapes: one byte, or a UTF-8 sequence.
				var seq []byte
				start := i
				for {
					if i+2 >= len(s) || hex(s[i+1]) < 0 || hex(s[i+2]) < 0 {
						return malformed()
					}
					seq = append(seq, byte(hex(s[i+1])<<4|hex(s[i+2])))
					if utf8.FullRune(seq) || len(seq) == 4 {
						break
					}
					if seq[0] < 0xC0 {
						return malformed()
					}
					i += 3
					if i >= len(s) || s[i] != '%' {
						return malformed()
					}
				}
				i += 2
				r, n := utf8.DecodeRune(seq)
				if r == utf8.RuneError || n != len(seq) {
					return malformed()
				}
				if len(seq) == 1 && strings.IndexByte(keep, seq[0]) >= 0 {
					out = append(out, s[start:i+1]...) // decodeURI keeps reserved escapes
					continue
				}
				out = append(out, seq...)
			}
			return string(out)
		})
	}
	return map[string]Value{
		"encodeURIComponent": encode("encodeURIComponent", uriUnescaped),
		"encodeURI":          encode("encodeURI", uriUnescaped+uriReserved),
		"decodeURIComponent": decode("decodeURIComponent", ""),
		"decodeURI":          decode("decodeURI", uriReserved),
	}
}
