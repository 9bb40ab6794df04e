package parse

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// StripOnly is the first TypeScript construct that Node's type stripping
// (22.18.0 and 23.6.0 on, unflagged) refuses because removing its types
// would not leave JavaScript: Node throws ERR_UNSUPPORTED_TYPESCRIPT_SYNTAX
// with Msg before running anything (messages as Node 24 words them). ok is
// false when the source has none. It reads tokens, not a full parse: the
// constructs are found by their keywords where a statement or an
// expression can begin.
func StripOnly(src string) (line, col int, msg string, ok bool) {
	toks := tsTokens(src)
	for i, t := range toks {
		prev := tsTok{}
		if i > 0 {
			prev = toks[i-1]
		}
		next := func(k int) tsTok {
			if i+k < len(toks) {
				return toks[i+k]
			}
			return tsTok{}
		}
		declared := prev.text == "declare" || prev.text == "const" && i > 1 && toks[i-2].text == "declare"
		if prev.text == "." || prev.text == "?." || declared {
			continue
		}
		switch {
		case t.text == "enum" && next(1).ident() && next(2).text == "{":
			if prev.text == "const" {
				t = prev
			}
			return t.line, t.col, "TypeScript enum is not supported in strip-only mode", true
		case t.text == "module" && next(1).ident() && moduleBody(toks, i+1):
			return t.line, t.col, "`module` keyword is not supported. Use `namespace` instead.", true
		case t.text == "namespace" && next(1).ident():
			if body := moduleBodyAt(toks, i+1); body > 0 && !typeOnlyBody(toks, body) {
				return t.line, t.col, "TypeScript namespace declaration is not supported in strip-only mode", true
			}
		case t.text == "import" && next(1).ident() && next(2).text == "=":
			return t.line, t.col, "TypeScript import equals declaration is not supported in strip-only mode", true
		case t.text == "export" && next(1).text == "=":
			return t.line, t.col, "TypeScript export assignment is not supported in strip-only mode", true
		case t.text == "constructor" && next(1).text == "(":
			if p, ok := parameterProperty(toks, i+1); ok {
				return p.line, p.col, "TypeScript parameter property is not supported in strip-only mode", true
			}
		case t.text == "<" && exprStart(prev) && !genericArrow(toks, i):
			return t.line, t.col, "The angle-bracket syntax for type assertions, `<T>expr`, is not supported in type strip mode. Instead, use the 'as' syntax: `expr as T`.", true
		}
	}
	return 0, 0, "", false
}

// TypeScript reports a .ts, .mts or .cts file.
func (f *File) TypeScript() bool {
	return f.Ext == ".ts" || f.Ext == ".mts" || f.Ext == ".cts"
}

// StripOnlyError is the error Node's type stripping throws for this file
// before running it ("" for none, or a file that is not TypeScript).
func (f *File) StripOnlyError() (line, col int, msg string) {
	if !f.TypeScript() {
		return 0, 0, ""
	}
	line, col, m, ok := StripOnly(f.Text)
	if !ok {
		return 0, 0, ""
	}
	return line, col, "SyntaxError [ERR_UNSUPPORTED_TYPESCRIPT_SYNTAX]: " + m
}

type tsTok struct {
	text      string
	kind      byte // 'i' identifier or keyword, 'p' punctuator, 's' string, template or regexp, 'n' number
	line, col int
}

func (t tsTok) ident() bool { return t.kind == 'i' }

// moduleBody reports a body after `module A.B` (not `declare module 'x'`).
func moduleBody(toks []tsTok, i int) bool { return moduleBodyAt(toks, i) > 0 }

// moduleBodyAt is the index of the { after a dotted name starting at i;
// 0 when there is none.
func moduleBodyAt(toks []tsTok, i int) int {
	for i < len(toks) && toks[i].ident() {
		if i+1 < len(toks) && toks[i+1].text == "." {
			i += 2
			continue
		}
		if i+1 < len(toks) && toks[i+1].text == "{" {
			return i + 1
		}
		return 0
	}
	return 0
}

// typeOnlyBody reports a namespace body (its { at open) whose statements
// only declare types, which stripping can remove whole.
func typeOnlyBody(toks []tsTok, open int) bool {
	depth := 0
	start := true // a statement can begin here
	for i := open; i < len(toks); i++ {
		switch t := toks[i].text; {
		case t == "{":
			depth++
			if depth > 1 {
				start = false
			}
			continue
		case t == "}":
			depth--
			if depth == 0 {
				return true
			}
			start = depth == 1
			continue
		case depth == 1 && t == ";":
			start = true
			continue
		}
		if depth != 1 || !start {
			continue
		}
		start = false
		t := toks[i].text
		if t == "export" && i+1 < len(toks) {
			t = toks[i+1].text
			i++
		}
		switch t {
		case "type", "interface", "declare":
		case "namespace":
			if b := moduleBodyAt(toks, i+1); b > 0 && typeOnlyBody(toks, b) {
				i = closing(toks, b)
				start = true
				continue
			}
			return false
		default:
			return false
		}
	}
	return true
}

// closing is the index of the bracket that closes toks[open].
func closing(toks []tsTok, open int) int {
	o := toks[open].text
	c := map[string]string{"{": "}", "(": ")", "[": "]", "<": ">"}[o]
	depth := 0
	for i := open; i < len(toks); i++ {
		switch toks[i].text {
		case o:
			depth++
		case c:
			if depth--; depth == 0 {
				return i
			}
		}
	}
	return len(toks) - 1
}

// parameterProperty finds `public x` (private, protected, readonly,
// override) among a constructor's parameters, the ( at open.
func parameterProperty(toks []tsTok, open int) (tsTok, bool) {
	end := closing(toks, open)
	depth := 0
	for i := open; i < end; i++ {
		switch toks[i].text {
		case "(", "[", "{":
			depth++
			continue
		case ")", "]", "}":
			depth--
			continue
		}
		if depth != 1 || (toks[i-1].text != "(" && toks[i-1].text != ",") {
			continue
		}
		switch toks[i].text {
		case "public", "private", "protected", "readonly", "override":
			if n := toks[i+1]; n.ident() || n.text == "{" || n.text == "[" {
				return toks[i], true
			}
		}
	}
	return tsTok{}, false
}

// exprStart reports whether an expression (not an operand's end) may
// begin after prev: there a < opens a type assertion, in a .ts file.
func exprStart(prev tsTok) bool {
	switch prev.kind {
	case 0:
		return true
	case 'i':
		switch prev.text {
		case "return", "typeof", "void", "delete", "await", "yield", "case", "throw", "in", "of", "new", "instanceof", "else", "do":
			return true
		}
		return false
	case 'p':
		switch prev.text {
		case ")", "]", "}", "++", "--", "!": // an operand's end (x! asserts non-null)
			return false
		}
		return true
	}
	return false
}

// genericArrow reports that the < at i begins a generic arrow function's
// type parameters: <T>(x: T) => x.
func genericArrow(toks []tsTok, i int) bool {
	gt := closing(toks, i)
	if gt+1 >= len(toks) || toks[gt+1].text != "(" {
		return false
	}
	rp := closing(toks, gt+1)
	if rp+1 >= len(toks) {
		return false
	}
	n := toks[rp+1].text
	return n == "=>" || n == ":"
}

// tsTokens splits TypeScript source into tokens, skipping comments and
// reading strings, templates and regular expressions whole (a / where an
// expression begins starts a regular expression).
func tsTokens(src string) []tsTok {
	var toks []tsTok
	line, col := 1, 1
	i := 0
	advance := func(n int) {
		for _, r := range src[i : i+n] {
			if r == '\n' {
				line, col = line+1, 1
			} else {
				col++
			}
		}
		i += n
	}
	var braces []bool // per open {: whether it is a template's ${
	for i < len(src) {
		c := src[i]
		startLine, startCol := line, col
		add := func(text string, kind byte) {
			toks = append(toks, tsTok{text: text, kind: kind, line: startLine, col: startCol})
		}
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			advance(1)
		case strings.HasPrefix(src[i:], "//"):
			n := strings.IndexByte(src[i:], '\n')
			if n < 0 {
				n = len(src) - i
			}
			advance(n)
		case strings.HasPrefix(src[i:], "/*"):
			n := strings.Index(src[i+2:], "*/")
			if n < 0 {
				n = len(src) - i - 2
			}
			advance(n + min(4, len(src)-i))
		case c == '\'' || c == '"':
			advance(quoted(src[i:], c))
			add("''", 's')
		case c == '`' || c == '}' && len(braces) > 0 && braces[len(braces)-1]:
			if c == '}' {
				braces = braces[:len(braces)-1]
			}
			n, opens := templatePart(src[i:])
			advance(n)
			if opens {
				braces = append(braces, true)
			}
			add("``", 's')
		case c == '/' && (len(toks) == 0 || exprStart(toks[len(toks)-1])):
			advance(regexpLiteral(src[i:]))
			add("//", 's')
		case c >= '0' && c <= '9' || c == '.' && i+1 < len(src) && src[i+1] >= '0' && src[i+1] <= '9':
			n := 1
			for n < len(src)-i && (isIdentByte(src[i+n]) || src[i+n] == '.') {
				n++
			}
			advance(n)
			add("0", 'n')
		case isIdentStart(src[i:]):
			n := 0
			for n < len(src)-i {
				r, size := utf8.DecodeRuneInString(src[i+n:])
				if !(r == '$' || r == '_' || r == '#' && n == 0 || unicode.IsLetter(r) || unicode.IsDigit(r)) {
					break
				}
				n += size
			}
			text := src[i : i+n]
			advance(n)
			add(text, 'i')
		default:
			n := 1
			for _, op := range []string{"...", "=>", "?.", "++", "--", "&&", "||", "??"} {
				if strings.HasPrefix(src[i:], op) {
					n = len(op)
					break
				}
			}
			text := src[i : i+n]
			if text == "{" {
				braces = append(braces, false)
			} else if text == "}" && len(braces) > 0 {
				braces = braces[:len(braces)-1]
			}
			advance(n)
			add(text, 'p')
		}
	}
	return toks
}

func isIdentByte(b byte) bool {
	return b == '_' || b == '$' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}

func isIdentStart(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return r == '$' || r == '_' || r == '#' || unicode.IsLetter(r)
}

// quoted is the length of the string literal at s, quote q.
func quoted(s string, q byte) int {
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case q, '\n':
			return i + 1
		}
	}
	return len(s)
}

// templatePart is the length of a template's text from its ` or the } that
// ends a substitution, and whether it ends by opening another ${.
func templatePart(s string) (int, bool) {
	for i := 1; i < len(s); i++ {
		switch {
		case s[i] == '\\':
			i++
		case s[i] == '`':
			return i + 1, false
		case s[i] == '$' && i+1 < len(s) && s[i+1] == '{':
			return i + 2, true
		}
	}
	return len(s), false
}

// regexpLiteral is the length of the regular expression literal at s,
// flags included.
func regexpLiteral(s string) int {
	class := false
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '[':
			class = true
		case ']':
			class = false
		case '\n':
			return i
		case '/':
			if !class {
				i++
				for i < len(s) && isIdentByte(s[i]) {
					i++
				}
				return i
			}
		}
	}
	return len(s)
}
