package predict

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/dlclark/regexp2"

	"github.com/looplint/looplint/ir"
	"github.com/looplint/looplint/runtime/inspect/layout"
)

// Regular expressions run on regexp2 in ECMAScript mode, as the
// runtime's engine runs them. What regexp2 does otherwise than V8 is
// refused with a reason, never guessed: see checkPattern and rxSubject.

// jsRegexp is a RegExp object's pattern.
type jsRegexp struct {
	source, flags string
	shown         string // source as V8 gives it (layout.RegExpSource)
	re            *regexp2.Regexp
	global        bool
	// names are the capture groups' names in JS's numbering ("" for an
	// unnamed one); groups are the same groups as regexp2 names them
	// (it numbers named groups after the others).
	names, groups []string
	// repeated: a capture group is repeated by a quantifier; JS clears
	// its captures each time round, regexp2 keeps the last.
	repeated bool
}

// checkPattern scans a JS pattern for what regexp2 reads otherwise than
// V8; it returns the capture groups' names in order.
func checkPattern(src string, unicode bool) (names []string, repeated bool, err error) {
	rs := []rune(src)
	inClass, backref, maxRef := false, false, 0
	var open []int // per open group: how many capture groups came before it
	for i := 0; i < len(rs); i++ {
		c := rs[i]
		switch {
		case c == '\\':
			if i+1 >= len(rs) {
				return nil, false, fmt.Errorf("a trailing backslash")
			}
			i++
			e := rs[i]
			hex := func(n int) bool {
				return i+n < len(rs) && strings.Trim(string(rs[i+1:i+1+n]), "0123456789abcdefABCDEF") == ""
			}
			switch {
			case e >= '1' && e <= '9' && !inClass:
				n := int(e - '0')
				for ; i+1 < len(rs) && rs[i+1] >= '0' && rs[i+1] <= '9'; i++ {
					n = n*10 + int(rs[i+1]-'0')
				}
				backref, maxRef = true, max(maxRef, n)
			case e == 'k':
				backref = true
			case e >= '0' && e <= '9' && (e != '0' || i+1 < len(rs) && rs[i+1] >= '0' && rs[i+1] <= '9'):
				return nil, false, fmt.Errorf("an octal escape")
			case e == 'x' && !hex(2), e == 'u' && !hex(4) && !(unicode && i+1 < len(rs) && rs[i+1] == '{'),
				e == 'c' && (i+1 >= len(rs) || !(rs[i+1] >= 'a' && rs[i+1] <= 'z' || rs[i+1] >= 'A' && rs[i+1] <= 'Z')):
				return nil, false, fmt.Errorf(`\%c without its digits or letter`, e)
			case e == 'p' || e == 'P':
				if !unicode {
					return nil, false, fmt.Errorf(`\%c without the u flag`, e)
				}
			case e == 'u' && unicode && i+4 < len(rs) && rs[i+1] == 'd' && strings.ContainsRune("89abAB", rs[i+2]):
				return nil, false, fmt.Errorf("surrogate escapes with the u flag")
			case e < 128 && isAlnum(e) && !strings.ContainsRune("dDwWsSbBfnrtv0cxu", e):
				return nil, false, fmt.Errorf(`the escape \%c`, e)
			}
		case inClass:
			inClass = c != ']'
		case c == '[':
			inClass = true
		case c == '(':
			rest := string(rs[i+1:])
			open = append(open, len(names))
			switch {
			case !strings.HasPrefix(rest, "?"):
				names = append(names, "")
			case strings.HasPrefix(rest, "?<") && !strings.HasPrefix(rest, "?<=") && !strings.HasPrefix(rest, "?<!"):
				name, _, _ := strings.Cut(rest[2:], ">")
				names = append(names, name)
			case strings.HasPrefix(rest, "?:") || strings.HasPrefix(rest, "?=") || strings.HasPrefix(rest, "?!") || strings.HasPrefix(rest, "?<"):
			default:
				return nil, false, fmt.Errorf("the group syntax (%s", string(rs[i+1:min(i+3, len(rs))]))
			}
		case c == ')' && len(open) > 0:
			before := open[len(open)-1]
			open = open[:len(open)-1]
			// A quantifier on a group with capture groups in it.
			if i+1 < len(rs) && strings.ContainsRune("*+{", rs[i+1]) && len(names) > before {
				repeated = true
			}
		}
	}
	named := slices.ContainsFunc(names, func(n string) bool { return n != "" })
	if named && backref && slices.Contains(names, "") {
		// regexp2 numbers the named groups last, \1 too.
		return nil, false, fmt.Errorf("numbered backreferences beside named groups")
	}
	if maxRef > len(names) {
		return nil, false, fmt.Errorf("a backreference past the last group") // an octal escape in JS
	}
	if repeated && backref {
		return nil, false, fmt.Errorf("a backreference to a repeated group")
	}
	return names, repeated, nil
}

func isAlnum(r rune) bool {
	return r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r == '_'
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
	var opts regexp2.RegexOptions = regexp2.ECMAScript
	for _, f := range flags {
		switch f {
		case 'i':
			opts |= regexp2.IgnoreCase
		case 'm':
			opts |= regexp2.Multiline
		case 's':
			opts |= regexp2.Singleline
		case 'u':
			opts |= regexp2.Unicode
		case 'g':
		default: // d's indices, v's sets, y's anchoring
			in.reason(pos, "a regular expression with the %c flag is not modelled", f)
			return nil
		}
	}
	names, repeated, err := checkPattern(source, opts&regexp2.Unicode != 0)
	var re *regexp2.Regexp
	if err == nil {
		re, err = regexp2.Compile(source, opts)
	}
	if err != nil {
		in.reason(pos, "a regular expression with %v is not modelled", err)
		return nil
	}
	re.MatchTimeout = time.Second
	rx := &jsRegexp{source: source, shown: layout.RegExpSource(in.p.Node.Major, source), flags: canonicalFlags(flags), re: re,
		global: strings.ContainsRune(flags, 'g'), names: names, repeated: repeated}
	unnamed := 0
	for _, n := range names {
		if n == "" {
			unnamed++
			n = strconv.Itoa(unnamed)
		}
		rx.groups = append(rx.groups, n)
	}
	o := newObject()
	o.Class, o.born = "RegExp", in.epoch
	o.rx = rx
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

// rxSubject checks that matching rx against s is modelled: regexp2
// matches code points, JS without the u flag UTF-16 units; it folds
// case by Unicode's rules, V8 without the u flag by its own; and its
// multiline anchors know only \n as a line terminator.
func (in *Interp) rxSubject(rx *jsRegexp, s string, pos ir.Pos) bool {
	u := strings.ContainsRune(rx.flags, 'u')
	for _, r := range s {
		switch {
		case r > 0xffff && !u:
			in.reason(pos, "a regular expression without the u flag over characters outside the BMP")
		case r >= 0x80 && strings.ContainsRune(rx.flags, 'i'):
			in.reason(pos, "a case-insensitive regular expression over characters outside ASCII")
		case (r == '\r' || r == '\u2028' || r == '\u2029') && strings.ContainsRune(rx.flags, 'm'):
			in.reason(pos, "a multiline regular expression over line terminators other than \\n")
		default:
			continue
		}
		return false
	}
	return true
}

// groupsUsed checks that rx's captures, which the caller reads, are
// regexp2's as V8's.
func (in *Interp) groupsUsed(rx *jsRegexp, pos ir.Pos) bool {
	if rx.repeated {
		in.reason(pos, "the captures of a repeated group (JS clears them each time round)")
	}
	return !rx.repeated
}

// find is the first match of rx in s at or after byte offset from:
// each group's start and end byte offsets, in JS's numbering (-1 for a
// group that took no part); nil for none, or after a reason.
func (in *Interp) find(rx *jsRegexp, s string, from int, pos ir.Pos) []int {
	rs := []rune(s)
	at := make([]int, len(rs)+1) // byte offset of each rune
	for i, b := 0, 0; i < len(rs); i++ {
		at[i], b = b, b+utf8.RuneLen(rs[i])
	}
	at[len(rs)] = len(s)
	start, _ := slices.BinarySearch(at, from)
	m, err := rx.re.FindRunesMatchStartingAt(rs, start)
	if err != nil {
		in.reason(pos, "a regular expression that backtracks past the time limit")
		return nil
	}
	if m == nil {
		return nil
	}
	out := []int{at[m.Index], at[m.Index+m.Length]}
	for _, g := range rx.groups {
		if grp := m.GroupByName(g); grp != nil && len(grp.Captures) > 0 {
			out = append(out, at[grp.Index], at[grp.Index+grp.Length])
		} else {
			out = append(out, -1, -1)
		}
	}
	return out
}

// findAll is every match of rx in s, an empty one moving on by one
// character.
func (in *Interp) findAll(rx *jsRegexp, s string, pos ir.Pos) [][]int {
	var ms [][]int
	for from := 0; from <= len(s); {
		m := in.find(rx, s, from, pos)
		if m == nil {
			break
		}
		ms = append(ms, m)
		from = m[1]
		if m[0] == m[1] {
			if from >= len(s) {
				break
			}
			_, w := utf8.DecodeRuneInString(s[from:])
			from += w
		}
	}
	return ms
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
	for g, name := range rx.names {
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
		o.set(name, vs[g+1])
	}
	a.set("groups", groups)
	return a
}

// regexpExec is RegExp.prototype.exec: a global expression searches from
// lastIndex and moves it.
func (in *Interp) regexpExec(o *Object, s string, pos ir.Pos) Value {
	rx := o.rx
	if !in.rxSubject(rx, s, pos) {
		return unknown{why: "exec"}
	}
	if !rx.global {
		m := in.find(rx, s, 0, pos)
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
	if m := in.find(rx, s, byteAt(s, int(li)), pos); m != nil {
		o.Props["lastIndex"] = float64(u16(s, m[1]))
		return in.matchArray(rx, s, m)
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
			if !ok || k == "exec" && !in.groupsUsed(rx, pos) {
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
				m := in.find(rx, s, 0, pos)
				if m == nil {
					return -1.0
				}
				return float64(u16(s, m[0]))
			case k != "search" && !(k == "match" && rx.global) && !in.groupsUsed(rx, pos):
				return unknown{why: k}
			case k == "matchAll":
				// A pattern that is not a RegExp is made one with the g flag.
				given, isRx := arg(a, 0).(*Object)
				if !rx.global && isRx && given.rx != nil {
					in.throwType(pos, "String.prototype.matchAll called with a non-global RegExp argument")
				}
				var items []Value
				for _, m := range in.findAll(rx, s, pos) {
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
			var ms []string
			for _, m := range in.findAll(rx, s, pos) {
				ms = append(ms, s[m[0]:m[1]])
			}
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
	if !in.rxSubject(rx, s, pos) || len(rx.names) > 0 && !in.groupsUsed(rx, pos) {
		return unknown{why: "split"}
	}
	var out []Value
	if s == "" {
		if m := in.find(rx, s, 0, pos); m == nil {
			out = []Value{""}
		}
	} else {
		p := 0
		for _, m := range in.findAll(rx, s, pos) {
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
		if !in.rxSubject(rx, s, pos) || len(rx.names) > 0 && !in.groupsUsed(rx, pos) {
			return unknown{why: "replace", made: true, typ: "string"}
		}
		if all && !rx.global {
			in.throwType(pos, "replaceAll must be called with a global RegExp")
		}
		if rx.global {
			matches = in.findAll(rx, s, pos)
			in.mut(o.born)
			o.Props["lastIndex"] = 0.0
		} else if m := in.find(rx, s, 0, pos); m != nil {
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
			if rx != nil && hasNamed(rx) {
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
			if rx != nil && hasNamed(rx) {
				names = map[string]int{}
				for g, n := range rx.names {
					if n != "" {
						names[n] = g + 1
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

func hasNamed(rx *jsRegexp) bool {
	return slices.ContainsFunc(rx.names, func(n string) bool { return n != "" })
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
