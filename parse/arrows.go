package parse

import "strings"

// maxArrowNesting is the deepest chain of expression-bodied arrows handed
// to the engine's parser, which measures each arrow's body end by walking
// down the chain (quadratic: 100,000 nested arrows take minutes). Node's own
// parser overflows its stack at about 6,000 on a default stack.
const maxArrowNesting = 5000

// tooDeepArrows is arrowNesting for a file that may nest arrows past
// maxArrowNesting, and 0 for the others: each open arrow is a "=>" of
// src, so a file with no more of them (nearly every file) is not scanned
// (the scan was about 4% of a check of a node_modules tree).
func tooDeepArrows(src string) (max, at int) {
	// A count of one byte is the fast one: each "=>" has a '>'.
	if strings.Count(src, ">") <= maxArrowNesting || strings.Count(src, "=>") <= maxArrowNesting {
		return 0, 0
	}
	return arrowNesting(src)
}

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
		stack []open // arrows still open, grouped by bracket level
		total int
		level int
	)
	closeTo := func(lvl int) {
		for len(stack) > 0 && stack[len(stack)-1].level >= lvl {
			total -= stack[len(stack)-1].count
			stack = stack[:len(stack)-1]
		}
	}
	body, arrowAt := false, 0 // the token after an arrow: is it an expression body?
	scan(src, func(kind tokKind, start, end int) {
		if kind == tokComment {
			return
		}
		if body {
			body = false
			if src[start] != '{' {
				if n := len(stack); n > 0 && stack[n-1].level == level {
					stack[n-1].count++
				} else {
					stack = append(stack, open{level, 1})
				}
				if total++; total > max {
					max, at = total, arrowAt
				}
			}
		}
		switch kind {
		case tokOpen:
			level++
		case tokClose:
			closeTo(level)
			level--
		case tokSep:
			closeTo(level)
		case tokArrow:
			body, arrowAt = true, start
		}
	})
	return max, at
}
