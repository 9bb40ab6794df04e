package parse

import "strings"

// maxArrowNesting is the deepest chain of expression-bodied arrows handed
// to the engine's parser, which measures each arrow's body end by walking
// down the chain (quadratic: 100,000 nested arrows take minutes). Node's own
// parser overflows its stack at about 6,000 on a default stack.
const maxArrowNesting = 5000

// arrowNesting estimates how many expression-bodied arrows are open at
// once anywhere in src, returning the largest count and the byte offset of
// the arrow that reached it. It is a lexical scan, not a parse: an arrow
// stays open until a ',' ';' or ':' at its bracket level or a bracket that
// closes below it; strings, templates, comments and regular expressions
// are skipped. It overestimates rather than underestimates, and only its
// order of magnitude matters.
func arrowNesting(src string) (max, at int) {
	type open struct{ level, count int }
	var (
		stack   []open // arrows still open, grouped by bracket level
		total   int
		level   int
		tmpl    []int // bracket levels at which a template's ${ was opened
		regexOK = true
	)
	closeTo := func(lvl int, inclusive bool) {
		for len(stack) > 0 {
			top := stack[len(stack)-1]
			if top.level < lvl || (top.level == lvl && !inclusive) {
				break
			}
			total -= top.count
			stack = stack[:len(stack)-1]
		}
	}
	skipTemplate := func(i int) (int, bool) { // from after '`' or '}': to after '`' or '${'
		for ; i < len(src); i++ {
			switch src[i] {
			case '\\':
				i++
			case '`':
				return i + 1, false
			case '$':
				if i+1 < len(src) && src[i+1] == '{' {
					return i + 2, true
				}
			}
		}
		return i, false
	}
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
			continue
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			for i < len(src) && src[i] != '\n' {
				i++
			}
			continue
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			j := strings.Index(src[i+2:], "*/")
			if j < 0 {
				return max, at
			}
			i += j + 4
			continue
		case c == '\'' || c == '"':
			i++
			for i < len(src) && src[i] != c && src[i] != '\n' {
				if src[i] == '\\' {
					i++
				}
				i++
			}
			i++
			regexOK = false
			continue
		case c == '`':
			var inExpr bool
			i, inExpr = skipTemplate(i + 1)
			if inExpr {
				tmpl = append(tmpl, level)
				level++
				regexOK = true
			} else {
				regexOK = false
			}
			continue
		case c == '/' && regexOK:
			i++
			inClass := false
			for i < len(src) && src[i] != '\n' {
				if src[i] == '\\' {
					i += 2
					continue
				}
				if src[i] == '[' {
					inClass = true
				} else if src[i] == ']' {
					inClass = false
				} else if src[i] == '/' && !inClass {
					break
				}
				i++
			}
			i++
			regexOK = false
			continue
		case c == '(' || c == '[' || c == '{':
			level++
			regexOK = true
		case c == ')' || c == ']' || c == '}':
			closeTo(level, true)
			level--
			if c == '}' && len(tmpl) > 0 && tmpl[len(tmpl)-1] == level {
				tmpl = tmpl[:len(tmpl)-1]
				var inExpr bool
				i, inExpr = skipTemplate(i + 1)
				if inExpr {
					tmpl = append(tmpl, level)
					level++
					regexOK = true
				} else {
					regexOK = false
				}
				continue
			}
			regexOK = c == '}'
		case c == ',' || c == ';' || c == ':':
			closeTo(level, true)
			regexOK = true
		case c == '=' && i+1 < len(src) && src[i+1] == '>':
			j := i + 2
			for j < len(src) && (src[j] == ' ' || src[j] == '\t' || src[j] == '\n' || src[j] == '\r') {
				j++
			}
			if j < len(src) && src[j] != '{' {
				if n := len(stack); n > 0 && stack[n-1].level == level {
					stack[n-1].count++
				} else {
					stack = append(stack, open{level, 1})
				}
				total++
				if total > max {
					max, at = total, i
				}
			}
			i += 2
			regexOK = true
			continue
		case isIdentByte(c) || c >= 0x80:
			j := i
			for j < len(src) && (isIdentByte(src[j]) || src[j] >= 0x80) {
				j++
			}
			switch src[i:j] {
			case "return", "typeof", "instanceof", "in", "of", "new", "delete", "void", "throw", "case", "do", "else", "yield", "await":
				regexOK = true
			default:
				regexOK = false
			}
			i = j
			continue
		default:
			regexOK = true
		}
		i++
	}
	return max, at
}
