package runtime

import (
	"math"
	"strconv"

	"github.com/grafana/sobek/ast"
	"github.com/grafana/sobek/token"

	"github.com/looplint/looplint/parse"
)

// minSkippedLoop is the number of passes from which an empty counting loop
// is skipped: below it the engine's own run is cheap.
const minSkippedLoop = 100_000

// countingLoops makes empty counting loops, the "block the loop for a
// while" of many event-loop examples (`for (let i = 0; i < 2e9; i++) {}`),
// end at once: the engine takes minutes where V8 takes a second, and the
// loop's only effect is its variable's final value, since time is the
// oracle's here, not the engine's. The test gains a first step that
// sets the variable to that value:
//
//	for (let i = 0; (i < 2e9 && (i = 2e9), i < 2e9); i++) {}
//
// Only loops whose variable is declared in the loop with an integer
// literal, compared with an integer literal, and stepped by one towards
// it, with an empty body, are rewritten.
func countingLoops(prog *ast.Program, offset int, add func(at int, text string, open bool)) {
	parse.Walk(prog, func(n any) bool {
		fs, ok := n.(*ast.ForStatement)
		if !ok {
			return true
		}
		name, cond, final, ok := countingLoop(fs)
		if !ok {
			return true
		}
		add(int(fs.Test.Idx0())-1-offset, "("+cond+" && ("+name+" = "+final+"), ", true)
		add(int(fs.Test.Idx1())-1-offset, ")", false)
		return true
	})
}

// countingLoop reports a loop countingLoops rewrites: its variable, its
// test with the bound written as a plain integer, and the value it ends
// with (when the loop runs at all).
func countingLoop(fs *ast.ForStatement) (name, cond, final string, ok bool) {
	switch b := fs.Body.(type) {
	case *ast.EmptyStatement:
	case *ast.BlockStatement:
		if len(b.List) > 0 {
			return "", "", "", false
		}
	default:
		return "", "", "", false
	}
	var bind *ast.Binding
	switch in := fs.Initializer.(type) {
	case *ast.ForLoopInitializerVarDeclList:
		if len(in.List) == 1 {
			bind = in.List[0]
		}
	case *ast.ForLoopInitializerLexicalDecl:
		if in.LexicalDeclaration.Token == token.LET && len(in.LexicalDeclaration.List) == 1 {
			bind = in.LexicalDeclaration.List[0]
		}
	}
	if bind == nil {
		return "", "", "", false
	}
	id, isID := bind.Target.(*ast.Identifier)
	from, isInt := intLiteral(bind.Initializer)
	if !isID || !isInt {
		return "", "", "", false
	}
	name = id.Name.String()
	test, isBin := fs.Test.(*ast.BinaryExpression)
	if !isBin || !isIdent(test.Left, name) {
		return "", "", "", false
	}
	to, isInt := intLiteral(test.Right)
	if !isInt {
		return "", "", "", false
	}
	step := 0
	switch u := fs.Update.(type) {
	case *ast.UnaryExpression:
		if isIdent(u.Operand, name) {
			step = map[token.Token]int{token.INCREMENT: 1, token.DECREMENT: -1}[u.Operator]
		}
	case *ast.AssignExpression:
		if one, isInt := intLiteral(u.Right); isInt && one == 1 && isIdent(u.Left, name) {
			step = map[token.Token]int{token.PLUS: 1, token.MINUS: -1}[u.Operator]
		}
	}
	var end int64
	switch {
	case step == 1 && test.Operator == token.LESS:
		end = to
	case step == 1 && test.Operator == token.LESS_OR_EQUAL:
		end = to + 1
	case step == -1 && test.Operator == token.GREATER:
		end = to
	case step == -1 && test.Operator == token.GREATER_OR_EQUAL:
		end = to - 1
	default:
		return "", "", "", false
	}
	if d := end - from; d*int64(step) < minSkippedLoop {
		return "", "", "", false
	}
	cond = name + " " + test.Operator.String() + " " + strconv.FormatInt(to, 10)
	return name, cond, strconv.FormatInt(end, 10), true
}

// intLiteral is a number literal's value, or its negation's, when it is
// an integer the loop counts to exactly (a float64 steps by one up to
// 2^53).
func intLiteral(e ast.Expression) (int64, bool) {
	if u, ok := e.(*ast.UnaryExpression); ok && u.Operator == token.MINUS && !u.Postfix {
		v, ok := intLiteral(u.Operand)
		return -v, ok
	}
	n, ok := e.(*ast.NumberLiteral)
	if !ok {
		return 0, false
	}
	var f float64
	switch v := n.Value.(type) {
	case int64:
		f = float64(v)
	case float64:
		f = v
	default:
		return 0, false
	}
	if f != math.Trunc(f) || math.Abs(f) > 1<<52 {
		return 0, false
	}
	return int64(f), true
}

func isIdent(e ast.Expression, name string) bool {
	id, ok := e.(*ast.Identifier)
	return ok && id.Name.String() == name
}
