package parse

import (
	"github.com/grafana/sobek/ast"
	"github.com/grafana/sobek/token"
)

// FixRelational makes chains of relational operators left-associative in
// prog, an AST the engine's parser made from src. That parser nests them
// to the right: 1 < 2 < 3 came out as 1 < (2 < 3), false where Node says
// true. Every parse whose tree is compiled or lowered goes through here,
// so that the runtime, the predictor and the analyzers see one tree; no
// position changes.
//
// A right operand the source itself parenthesized is left alone. The
// tree has no node for parentheses, so the source between the operands
// tells: a right operand is parenthesized when more '(' follow the outer
// operator than ')' close its own left operand before its operator.
func FixRelational(prog *ast.Program, src string) { fixTree(prog, src) }

// fixTree is FixRelational, returning from the same walk the start of the
// first regular expression literal the engine let through unterminated
// (badRegExp), or -1, and whether the tree has an async generator
// function, which the engine parses but cannot compile (one walk of the
// tree instead of two: the walk is a tenth of a parse).
func fixTree(prog *ast.Program, src string) (badRE int, asyncGen bool) {
	badRE = -1
	if prog == nil {
		return
	}
	base := 1
	if prog.File != nil {
		base = prog.File.Base()
	}
	var visit func(n ast.Node)
	visit = func(n ast.Node) {
		switch n := n.(type) {
		case *ast.BinaryExpression:
			rotate(n, src, base)
		case *ast.RegExpLiteral:
			if badRE < 0 && unterminated(n) {
				badRE = int(n.Idx) - base
			}
		case *ast.FunctionLiteral:
			if n.Async && n.Generator {
				asyncGen = true
			}
		case *ast.MethodDefinition:
			if n.Body != nil && n.Body.Async && n.Body.Generator {
				asyncGen = true
			}
		}
		// Children after the node: a rotated chain's new operands are
		// walked too, as Walk did.
		Children(n, visit)
	}
	visit(prog)
	return badRE, asyncGen
}

func relational(t token.Token) bool {
	switch t {
	case token.LESS, token.LESS_OR_EQUAL, token.GREATER, token.GREATER_OR_EQUAL, token.INSTANCEOF, token.IN:
		return true
	}
	return false
}

// rotate turns L op1 (RL op2 RR), RR unparenthesized by the source, into
// (L op1 RL) op2 RR, as often as the chain is long.
func rotate(e *ast.BinaryExpression, src string, base int) {
	for relational(e.Operator) {
		r, ok := e.Right.(*ast.BinaryExpression)
		if !ok || !relational(r.Operator) || parenthesized(e, r, src, base) {
			return
		}
		if _, priv := e.Left.(*ast.PrivateIdentifier); priv {
			return // `#x in o`: parsed on its own path
		}
		left := &ast.BinaryExpression{Operator: e.Operator, Left: e.Left, Right: r.Left, Comparison: e.Comparison}
		e.Operator, e.Comparison, e.Left, e.Right = r.Operator, r.Comparison, left, r.Right
	}
}

func parenthesized(e, r *ast.BinaryExpression, src string, base int) bool {
	open := count(src, int(e.Left.Idx1())-base, int(r.Idx0())-base, '(')
	closed := count(src, int(r.Left.Idx1())-base, int(r.Right.Idx0())-base, ')')
	return open > closed
}

// count counts c in src[from:to] outside comments (only punctuation,
// space and comments lie between two operands).
func count(src string, from, to int, c byte) int {
	if from < 0 || to > len(src) || from > to {
		return 0
	}
	n := 0
	for i := from; i < to; i++ {
		switch {
		case src[i] == '/' && i+1 < to && src[i+1] == '*':
			for i += 2; i+1 < to && !(src[i] == '*' && src[i+1] == '/'); i++ {
			}
			i++
		case src[i] == '/' && i+1 < to && src[i+1] == '/':
			for i < to && src[i] != '\n' {
				i++
			}
		case src[i] == c:
			n++
		}
	}
	return n
}
