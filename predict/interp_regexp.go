package predict

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/looplint/looplint/ir"
	"github.com/looplint/looplint/runtime/inspect/layout"
)

// Regular expressions run on Go's RE2 after a translation of the JS
// pattern: what RE2 lacks (backreferences, lookaround, sticky matching)
// or reads differently is refused with a reason, never guessed.

// jsRegexp is a RegExp object's pattern.
type jsRegexp struct {
	source, flags string
	shown         string // source as V8 gives it (layout.RegExpSource)
	re            *regexp.Regexp
	global        bool
}

// jsSpaceClass is JS's \s (RE2's lacks \v and the Unicode spaces).
const jsSpaceClass = `\t\n\v\f\r \x{00a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}\x{feff}`

// translateRegexp turns a JS pattern into RE2 syntax, or says what it
// cannot carry over.
func translateRegexp(src, flags string) (string, error) {
	var b strings.Builder
	for _, f := range flags {
		switch f {
		case 'i':
			b.WriteString("(?i)")
		case 'm':
			b.WriteString("(?m)")
		case 'g', 's', 'u':
		default:
			return "", fmt.Errorf("the %c flag", f)
		}
	}
	dotAll := strings.ContainsRune(flags, 's')
	rs := []rune(src)
	inClass := false
	for i := 0; i < len(rs); i++ {
		c := rs[i]
		switch {
		case c == '\\':
			if i+1 >= len(rs) {
				return "", fmt.Errorf("a trailing backslash")
			}
			i++
			e := rs[i]
			switch {
			case e >= '1' && e <= '9':
				return "", fmt.Errorf("backreferences")
			case e == '0':
				b.WriteString(`\x{0}`)
			case e == 'k':
				return "", fmt.Errorf("named backreferences")
			case e == 's' && !inClass:
				b.WriteString("[" + jsSpaceClass + "]")
			case e == 'S' && !inClass:
				b.WriteString("[^" + jsSpaceClass + "]")
			case e == 's':
				b.WriteString(jsSpaceClass)
			case e == 'S':
				return "", fmt.Errorf(`\S in a character class`)
			case e == 'b' && inClass:
				b.WriteString(`\x{8}`)
			case e == 'v':
				b.WriteString(`\x{b}`)
			case strings.ContainsRune("dDwWbBfnrt", e):
				b.WriteRune('\\')
				b.WriteRune(e)
			case e == 'u':
				if i+4 < len(rs) && isHex(string(rs[i+1:i+5])) {
					b.WriteString(`\x{` + string(rs[i+1:i+5]) + `}`)
					i += 4
				} else if j := indexRune(rs[i+1:], '}'); strings.ContainsRune(flags, 'u') && i+1 < len(rs) && rs[i+1] == '{' && j > 1 && isHex(string(rs[i+2:i+1+j])) {
					b.WriteString(`\x{` + string(rs[i+2:i+1+j]) + `}`)
					i += 1 + j
				} else {
					return "", fmt.Errorf(`\u without four hex digits`)
				}
			case e == 'x':
				if i+2 < len(rs) && isHex(string(rs[i+1:i+3])) {
					b.WriteString(`\x{` + string(rs[i+1:i+3]) + `}`)
					i += 2
				} else {
					return "", fmt.Errorf(`\x without two hex digits`)
				}
			case e == 'c':
				if i+1 < len(rs) && (rs[i+1] >= 'a' && rs[i+1] <= 'z' || rs[i+1] >= 'A' && rs[i+1] <= 'Z') {
					fmt.Fprintf(&b, `\x{%x}`, rs[i+1]%32)
					i++
				} else {
					return "", fmt.Errorf(`\c without a letter`)
				}
			case e < 128 && !isAlnum(e):
				b.WriteRune('\\')
				b.WriteRune(e)
			default:
				return "", fmt.Errorf(`the escape \%c`, e)
			}
		case inClass:
			if c == ']' {
				inClass = false
			}
			if c == '[' {
				b.WriteString(`\[`)
				continue
			}
			b.WriteRune(c)
		case c == '[':
			switch {
			case strings.HasPrefix(string(rs[i:]), "[^]"):
				b.WriteString(`(?s:.)`)
				i += 2
			case strings.HasPrefix(string(rs[i:]), "[]"):
				b.WriteString(`[^\x{0}-\x{10ffff}]`)
				i++
			default:
				inClass = true
				b.WriteRune(c)
				if i+1 < len(rs) && rs[i+1] == '^' {
					b.WriteRune('^')
					i++
				}
				if i+1 < len(rs) && rs[i+1] == ']' {
					return "", fmt.Errorf("a class starting with ]")
				}
			}
		case c == '(':
			rest := string(rs[i:])
			if strings.HasPrefix(rest, "(?=") || strings.HasPrefix(rest, "(?!") || strings.HasPrefix(rest, "(?<=") || strings.HasPrefix(rest, "(?<!") {
				return "", fmt.Errorf("lookaround")
			}
			b.WriteRune(c)
		case c == '.':
			if dotAll {
				b.WriteString(`(?s:.)`)
			} else {
				b.WriteString(`[^\n\r\x{2028}\x{2029}]`)
			}
		default:
			b.WriteRune(c)
		}
	}
	return b.String(), nil
}

func isHex(s string) bool {
	_, err := strconv.ParseUint(s, 16, 32)
	return err == nil && s != ""
}

func isAlnum(r rune) bool {
	return r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r == '_'
}

func indexRune(rs []rune, r rune) int {
	for i, x := range rs {
		if x == r {
			return i
		}
	}
	return -1
}

// canonicalFlags orders flags as RegExp.prototype.flags does.
func canonicalFlags(f string) string {
	var b strings.Builder
	for _, c := range "dgimsuvy" {
		if strings.ContainsRune(f, c) {
			b.WriteRune(c)
		}
	}
	return b.String()
}

// newRegexp makes a RegExp object; nil after a reason when the pattern
// cannot be carried over.
func (in *Interp) newRegexp(source, flags string, pos ir.Pos) *Object {
	for i, c := range flags {
		if !strings.ContainsRune("dgimsuvy", c) || strings.ContainsRune(flags[i+1:], c) {
			panic(&Thrown{V: in.newError("SyntaxError", "Invalid flags supplied to RegExp constructor '"+flags+"'")})
		}
	}
	tr, err := translateRegexp(source, flags)
	var re *regexp.Regexp
	if err == nil {
		re, err = regexp.Compile(tr)
	}
	if err != nil {
		in.reason(pos, "a regular expression with %v is not modelled", err)
		return nil
	}
	o := newObject()
	o.Class, o.born = "RegExp", in.epoch
	o.rx = &jsRegexp{source: source, shown: layout.RegExpSource(in.p.Node.Major, source), flags: canonicalFlags(flags), re: re, global: strings.ContainsRune(flags, 'g')}
	o.Props["lastIndex"] = 0.0 // own but not enumerable
	return o
}

// regexpLiteral is /source/flags.
func (in *Interp) regexpLiteral(lit string, pos ir.Pos) Value {
	i := strings.LastIndexByte(lit, '/')
	if !strings.HasPrefix(lit, "/") || i <= 0 {
		in.reason(pos, "regexp literal %s", lit)
		return unknown{why: "regexp"}
	}
	if o := in.newRegexp(lit[1:i], lit[i+1:], pos); o != nil {
		return o
	}
	return unknown{why: "regexp", made: true, typ: "object"}
}

// regexpCtor is RegExp(pattern, flags), with or without new.
func (in *Interp) regexpCtor() *Native {
	return &Native{Name: "RegExp", Props: map[string]Value{"[[ctor]]": true}, Fn: func(_ Value, a []Value, pos ir.Pos) Value {
		var src, flags string
		switch p := arg(a, 0).(type) {
		case *Object:
			if p.rx == nil {
				in.reason(pos, "RegExp of this value")
				return unknown{why: "RegExp", made: true, typ: "object"}
			}
			src, flags = p.rx.source, p.rx.flags
		case nil:
			src = "(?:)"
		default:
			s, ok := toStr(p)
			if !ok {
				in.reason(pos, "RegExp of an unknown pattern")
				return unknown{why: "RegExp", made: true, typ: "object"}
			}
			src = s
			if src == "" {
				src = "(?:)"
			}
		}
		if f := arg(a, 1); f != nil {
			s, ok := toStr(f)
			if !ok {
				return unknown{why: "RegExp", made: true, typ: "object"}
			}
			flags = s
		}
		if o := in.newRegexp(src, flags, pos); o != nil {
			return o
		}
		return unknown{why: "RegExp", made: true, typ: "object"}
	}}
}

// astral reports whether s has characters outside the BMP, which a
// pattern without the u flag matches as two UTF-16 units (RE2 as one).
func astral(s string) bool {
	for _, r := range s {
		if r > 0xffff {
			return true
		}
	}
	return false
}

// rxSubject checks that matching rx against s is modelled.
func (in *Interp) rxSubject(rx *jsRegexp, s string, pos ir.Pos) bool {
	if !strings.ContainsRune(rx.flags, 'u') && astral(s) {
		in.reason(pos, "a regular expression without the u flag over characters outside the BMP")
		return false
	}
	return true
}

// u16 is the UTF-16 length of s[:b].
func u16(s string, b int) int {
	n := 0
	for _, r := range s[:b] {
		n += utf16.RuneLen(r)
	}
	return n
}

// byteAt is the byte offset of UTF-16 index i in s (len(s) past the end).
func byteAt(s string, i int) int {
	n := 0
	for b, r := range s {
		if n >= i {
			return b
		}
		n += utf16.RuneLen(r)
	}
	return len(s)
}

// matchArray is exec's result for match m (byte offsets) in s.
func (in *Interp) matchArray(rx *jsRegexp, s string, m []int) *Object {
	vs := make([]Value, len(m)/2)
	for g := range vs {
		if m[2*g] >= 0 {
			vs[g] = s[m[2*g]:m[2*g+1]]
		}
	}
	a := newArray(vs)
	a.born = in.epoch
	a.set("index", float64(u16(s, m[0])))
	a.set("input", s)
	var groups Value
	for g, name := range rx.re.SubexpNames() {
		if name == "" {
			continue
		}
		o, _ := groups.(*Object)
		if o == nil {
			// A null-prototype object, as Node makes it.
			o = newObject()
			o.nullProto, o.born = true, in.epoch
			groups = o
		}
		o.set(name, vs[g])
	}
	a.set("groups", groups)
	return a
}

// regexpExec is RegExp.prototype.exec: a global expression searches from
// lastIndex and moves it (found among the matches from the start, which
// is exact while lastIndex is where the previous one left it).
func (in *Interp) regexpExec(o *Object, s string, pos ir.Pos) Value {
	rx := o.rx
	if !in.rxSubject(rx, s, pos) {
		return unknown{why: "exec"}
	}
	if !rx.global {
		m := rx.re.FindStringSubmatchIndex(s)
		if m == nil {
			return null
		}
		return in.matchArray(rx, s, m)
	}
	li, ok := o.Props["lastIndex"].(float64)
	if !ok {
		in.reason(pos, "a RegExp's lastIndex that is not a number")
		return unknown{why: "exec"}
	}
	in.mut(o.born)
	if li > float64(len(utf16.Encode([]rune(s)))) {
		o.Props["lastIndex"] = 0.0
		return null
	}
	from := byteAt(s, int(li))
	for _, m := range rx.re.FindAllStringSubmatchIndex(s, -1) {
		if m[0] >= from {
			end := u16(s, m[1])
			o.Props["lastIndex"] = float64(end)
			return in.matchArray(rx, s, m)
		}
	}
	o.Props["lastIndex"] = 0.0
	return null
}

// regexpMember is a RegExp's methods and properties.
func (in *Interp) regexpMember(o *Object, k string, pos ir.Pos) (Value, bool) {
	rx := o.rx
	strArg := func(a []Value) (string, bool) {
		s, ok := toStr(arg(a, 0))
		if !ok {
			in.reason(pos, "RegExp.prototype.%s of an unknown string", k)
		}
		return s, ok
	}
	switch k {
	case "exec", "test":
		return native(k, func(_ Value, a []Value, pos ir.Pos) Value {
			s, ok := strArg(a)
			if !ok {
				return unknown{why: k}
			}
			r := in.regexpExec(o, s, pos)
			if k == "test" {
				if _, u := r.(unknown); u {
					return r
				}
				return r != null
			}
			return r
		}), true
	case "source":
		return rx.shown, true
	case "flags":
		return rx.flags, true
	case "global", "ignoreCase", "multiline", "dotAll", "unicode", "sticky", "hasIndices":
		f := map[string]rune{"global": 'g', "ignoreCase": 'i', "multiline": 'm', "dotAll": 's', "unicode": 'u', "sticky": 'y', "hasIndices": 'd'}[k]
		return strings.ContainsRune(rx.flags, f), true
	case "toString":
		return native(k, func(Value, []Value, ir.Pos) Value { return regexpText(o) }), true
	}
	return nil, false
}

// asRegexp is a string method's pattern argument as a RegExp object: a
// RegExp as is; for match, matchAll and search a string is compiled (as
// JS does), for the others it stays a string (nil, true).
func (in *Interp) asRegexp(v Value, compile bool, pos ir.Pos) (*Object, bool) {
	if o, ok := v.(*Object); ok && o.rx != nil {
		return o, true
	}
	if !compile {
		return nil, true
	}
	s, ok := toStr(v)
	if !ok {
		return nil, false
	}
	if v == nil {
		s = "(?:)"
	}
	o := in.newRegexp(s, "", pos)
	return o, o != nil
}

// stringRegexpMethod is match, matchAll, search, replace, replaceAll and
// split where a RegExp (or, for replace, a string) is involved; ok is
// false when the method is not one of these.
func (in *Interp) stringRegexpMethod(s, k string, pos ir.Pos) (Value, bool) {
	switch k {
	case "match", "matchAll", "search":
		return native(k, func(_ Value, a []Value, pos ir.Pos) Value {
			o, ok := in.asRegexp(arg(a, 0), true, pos)
			if !ok {
				return unknown{why: k}
			}
			rx := o.rx
			if !in.rxSubject(rx, s, pos) {
				return unknown{why: k}
			}
			switch {
			case k == "search":
				m := rx.re.FindStringIndex(s)
				if m == nil {
					return -1.0
				}
				return float64(u16(s, m[0]))
			case k == "matchAll":
				// A pattern that is not a RegExp is made one with the g flag.
				given, isRx := arg(a, 0).(*Object)
				if !rx.global && isRx && given.rx != nil {
					in.throwType(pos, "String.prototype.matchAll called with a non-global RegExp argument")
				}
				var items []Value
				for _, m := range rx.re.FindAllStringSubmatchIndex(s, -1) {
					items = append(items, in.matchArray(rx, s, m))
				}
				it := newArray(items)
				it.Class, it.born = "RegExp String Iterator", in.epoch
				return it
			case !rx.global:
				return in.regexpExec(o, s, pos)
			}
			in.mut(o.born)
			o.Props["lastIndex"] = 0.0
			ms := rx.re.FindAllString(s, -1)
			if ms == nil {
				return null
			}
			return in.stringArray(ms)
		}), true
	case "replace", "replaceAll":
		return native(k, func(_ Value, a []Value, pos ir.Pos) Value {
			return in.replace(s, k == "replaceAll", arg(a, 0), arg(a, 1), pos)
		}), true
	}
	return nil, false
}

// splitRegexp is String.prototype.split by a RegExp: the pieces between
// matches, each match's groups after its piece; an empty match where the
// last piece ended splits nothing.
func (in *Interp) splitRegexp(s string, rx *jsRegexp, pos ir.Pos) Value {
	if !in.rxSubject(rx, s, pos) {
		return unknown{why: "split"}
	}
	var out []Value
	if s == "" {
		if m := rx.re.FindStringIndex(s); m == nil {
			out = []Value{""}
		}
	} else {
		p := 0
		for _, m := range rx.re.FindAllStringSubmatchIndex(s, -1) {
			if m[0] >= len(s) || m[1] == p && m[0] == m[1] {
				continue
			}
			out = append(out, s[p:m[0]])
			for g := 1; g < len(m)/2; g++ {
				if m[2*g] >= 0 {
					out = append(out, s[m[2*g]:m[2*g+1]])
				} else {
					out = append(out, nil)
				}
			}
			p = m[1]
		}
		out = append(out, s[p:])
	}
	r := newArray(out)
	r.born = in.epoch
	return r
}

// replace is String.prototype.replace / replaceAll with a string or a
// RegExp pattern and a string (with $ patterns) or function replacement.
func (in *Interp) replace(s string, all bool, pat, rep Value, pos ir.Pos) Value {
	var matches [][]int
	var rx *jsRegexp
	if o, ok := pat.(*Object); ok && o.rx != nil {
		rx = o.rx
		if !in.rxSubject(rx, s, pos) {
			return unknown{why: "replace", made: true, typ: "string"}
		}
		if all && !rx.global {
			in.throwType(pos, "replaceAll must be called with a global RegExp")
		}
		if rx.global {
			matches = rx.re.FindAllStringSubmatchIndex(s, -1)
			in.mut(o.born)
			o.Props["lastIndex"] = 0.0
		} else if m := rx.re.FindStringSubmatchIndex(s); m != nil {
			matches = [][]int{m}
		}
	} else {
		p, ok := toStr(pat)
		if !ok {
			in.reason(pos, "String.prototype.%s with an unknown pattern", map[bool]string{false: "replace", true: "replaceAll"}[all])
			return unknown{why: "replace", made: true, typ: "string"}
		}
		for from := 0; from <= len(s); {
			i := strings.Index(s[from:], p)
			if i < 0 {
				break
			}
			matches = append(matches, []int{from + i, from + i + len(p)})
			if !all {
				break
			}
			from += i + len(p)
			if p == "" {
				if from >= len(s) {
					break
				}
				_, w := utf8.DecodeRuneInString(s[from:])
				from += w
			}
		}
	}
	var b strings.Builder
	last := 0
	for _, m := range matches {
		b.WriteString(s[last:m[0]])
		var groups []Value
		for g := 1; g < len(m)/2; g++ {
			if m[2*g] >= 0 {
				groups = append(groups, s[m[2*g]:m[2*g+1]])
			} else {
				groups = append(groups, nil)
			}
		}
		matched := s[m[0]:m[1]]
		if isCallable(rep) {
			args := append([]Value{matched}, groups...)
			args = append(args, float64(u16(s, m[0])), s)
			if rx != nil && len(rx.re.SubexpNames()) > 0 && hasNamed(rx.re) {
				args = append(args, in.matchArray(rx, s, m).Props["groups"])
			}
			r, ok := toStr(in.call(rep, nil, args, pos))
			if !ok {
				return unknown{why: "replace", made: true, typ: "string"}
			}
			b.WriteString(r)
		} else {
			t, ok := toStr(rep)
			if !ok {
				in.reason(pos, "a replacement that is not known")
				return unknown{why: "replace", made: true, typ: "string"}
			}
			var names map[string]int
			if rx != nil && hasNamed(rx.re) {
				names = map[string]int{}
				for g, n := range rx.re.SubexpNames() {
					if n != "" {
						names[n] = g
					}
				}
			}
			b.WriteString(expandReplacement(t, s, m, groups, names))
		}
		last = m[1]
	}
	b.WriteString(s[last:])
	return b.String()
}

func hasNamed(re *regexp.Regexp) bool {
	for _, n := range re.SubexpNames() {
		if n != "" {
			return true
		}
	}
	return false
}

// expandReplacement is GetSubstitution: $$, $&, $`, $', $n, $nn, $<name>.
func expandReplacement(t, s string, m []int, groups []Value, names map[string]int) string {
	var b strings.Builder
	for i := 0; i < len(t); i++ {
		if t[i] != '$' || i+1 >= len(t) {
			b.WriteByte(t[i])
			continue
		}
		c := t[i+1]
		switch {
		case c == '$':
			b.WriteByte('$')
			i++
		case c == '&':
			b.WriteString(s[m[0]:m[1]])
			i++
		case c == '`':
			b.WriteString(s[:m[0]])
			i++
		case c == '\'':
			b.WriteString(s[m[1]:])
			i++
		case c >= '0' && c <= '9':
			n, w := int(c-'0'), 1
			if i+2 < len(t) && t[i+2] >= '0' && t[i+2] <= '9' {
				if nn := n*10 + int(t[i+2]-'0'); nn >= 1 && nn <= len(groups) {
					n, w = nn, 2
				}
			}
			if n < 1 || n > len(groups) {
				b.WriteByte('$')
				continue
			}
			if g, ok := groups[n-1].(string); ok {
				b.WriteString(g)
			}
			i += w
		case c == '<' && names != nil:
			j := strings.IndexByte(t[i+2:], '>')
			if j < 0 {
				b.WriteByte('$')
				continue
			}
			if g, ok := names[t[i+2:i+2+j]]; ok {
				if v, ok := groups[g-1].(string); ok {
					b.WriteString(v)
				}
			}
			i += 2 + j
		default:
			b.WriteByte('$')
		}
	}
	return b.String()
}
