package parse

import "strings"

// tokKind is what scan found: punctuation worth telling apart, a comment,
// or something skipped whole (a string, template part, regular expression,
// identifier or number).
type tokKind byte

const (
	tokOther   tokKind = iota // identifier, number, string, regexp, template part, other punctuation
	tokOpen                   // ( [ {, or a template's ${
	tokClose                  // ) ] }, or the } that resumes a template
	tokSep                    // , ; :
	tokArrow                  // =>
	tokComment                // // or /* */
)

// scan is a lexical pass over JavaScript that knows where comments,
// strings, templates and regular expressions begin and end, without
// parsing: enough for the front end's guards and for finding real
// comments. A '/' is a regular expression where an expression may start
// (after punctuation or a keyword like return), as the grammar has it for
// almost every program. visit gets each token's kind and byte span.
func scan(src string, visit func(kind tokKind, start, end int)) {
	var (
		tmpl    []int // bracket depths at which a template's ${ was opened
		depth   int
		regexOK = true
	)
	for i := 0; i < len(src); {
		c, start := src[i], i
		kind := tokOther
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
			continue
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			if j := strings.IndexByte(src[i:], '\n'); j >= 0 {
				i += j
			} else {
				i = len(src)
			}
			visit(tokComment, start, i)
			continue
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			if j := strings.Index(src[i+2:], "*/"); j >= 0 {
				i += j + 4
			} else {
				i = len(src)
			}
			visit(tokComment, start, i)
			continue
		case c == '\'' || c == '"':
			i += quoted(src[i:], c)
			regexOK = false
		case c == '`':
			n, inExpr := templatePart(src[i:])
			if i += n; inExpr {
				tmpl = append(tmpl, depth)
				depth++
				kind = tokOpen
			}
			regexOK = inExpr
		case c == '/' && regexOK:
			i += regexpLiteral(src[i:])
			regexOK = false
		case c == '(' || c == '[' || c == '{':
			depth++
			i++
			kind, regexOK = tokOpen, true
		case c == ')' || c == ']' || c == '}':
			depth--
			i++
			kind, regexOK = tokClose, c == '}'
			if c == '}' && len(tmpl) > 0 && tmpl[len(tmpl)-1] == depth {
				tmpl = tmpl[:len(tmpl)-1]
				visit(tokClose, start, i)
				n, inExpr := templatePart(src[start:])
				start, i = i, start+n
				if inExpr {
					tmpl = append(tmpl, depth)
					depth++
					visit(tokOpen, start, i)
				} else {
					visit(tokOther, start, i)
				}
				regexOK = inExpr
				continue
			}
		case c == ',' || c == ';' || c == ':':
			i++
			kind, regexOK = tokSep, true
		case c == '=' && i+1 < len(src) && src[i+1] == '>':
			i += 2
			kind, regexOK = tokArrow, true
		case isIdentByte(c) || c >= 0x80:
			for i < len(src) && (isIdentByte(src[i]) || src[i] >= 0x80) {
				i++
			}
			switch src[start:i] {
			case "return", "typeof", "instanceof", "in", "of", "new", "delete", "void", "throw", "case", "do", "else", "yield", "await":
				regexOK = true
			default:
				regexOK = false
			}
		default:
			i++
			regexOK = true
		}
		visit(kind, start, min(i, len(src)))
	}
}

// Comments lists the byte spans of src's comments (not a // or /* inside
// a string, template or regular expression).
func Comments(src string) [][2]int {
	var out [][2]int
	scan(src, func(kind tokKind, start, end int) {
		if kind == tokComment {
			out = append(out, [2]int{start, end})
		}
	})
	return out
}
