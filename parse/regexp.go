package parse

import (
	"strings"

	"github.com/grafana/sobek/ast"
)

// unterminated reports a regular expression literal the engine's lexer
// let through though it never ends: in /[a/ a '/' inside a class does not
// close it, and the lexer reads on past the line where V8 stops with
// "missing /" (the node then has no pattern, or one that runs past the
// line). The node's Literal is not the test: after flags it runs on
// through the next token, so /x/g at the end of a line looked
// unterminated and its file went to esbuild's reprint instead of its
// own text.
func unterminated(r *ast.RegExpLiteral) bool {
	return r.Pattern == "" || !strings.HasPrefix(r.Literal, "/"+r.Pattern+"/") ||
		strings.ContainsAny(r.Pattern, "\n\r\u2028\u2029") || strings.Trim(r.Flags, "dgimsuyv") != "" || !classesClosed(r.Pattern)
}

func classesClosed(p string) bool {
	in := false
	for i := 0; i < len(p); i++ {
		switch p[i] {
		case '\\':
			i++
		case '[':
			in = true
		case ']':
			in = false
		}
	}
	return !in
}
