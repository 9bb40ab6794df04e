package parse

import (
	"sort"
	"strings"

	"github.com/grafana/sobek/ast"
	"github.com/grafana/sobek/file"
	"github.com/grafana/sobek/token"

	"github.com/looplint/looplint/loop"
)

// SyntaxUse is a use of syntax that older Node releases refuse to
// compile; loop.Profile.SyntaxRejected says which releases and with what
// message. Line and Col are in the user's file.
type SyntaxUse struct {
	Feature   loop.Feature // loop.SyntaxNullish, loop.SyntaxPrivateMethod, ...
	Line, Col int
	Detail    string // what the message depends on beyond the feature ("=" or "" after a field name)
	idx       file.Idx
}

// SyntaxUses lists the file's uses of such syntax in source order. It
// walks the tree on each call: only a run on an old release asks.
func (f *File) SyntaxUses() []SyntaxUse {
	if f.prog == nil {
		return nil
	}
	var out []SyntaxUse
	add := func(feature loop.Feature, at file.Idx, detail string) {
		u := SyntaxUse{Feature: feature, Detail: detail, idx: at}
		if f.prog.File != nil {
			p := f.prog.File.Position(int(at) - f.prog.File.Base())
			line, col := p.Line, p.Column
			if line == 1 && !f.ESMSyntax {
				col -= len(CJSPrefix)
			}
			u.Line, u.Col, _ = f.Original(line, col)
		}
		out = append(out, u)
	}
	Walk(f.prog, func(n any) bool {
		switch n := n.(type) {
		case *ast.BinaryExpression:
			switch {
			case n.Operator == token.COALESCE:
				add(loop.SyntaxNullish, n.Left.Idx1(), "")
			case isPrivate(n.Left):
				add(loop.SyntaxPrivateIn, n.Left.Idx0(), "")
			}
		case *ast.AssignExpression:
			// The parser keeps a compound assignment's binary operator.
			if op, ok := map[token.Token]string{token.COALESCE: "??=", token.LOGICAL_OR: "||=", token.LOGICAL_AND: "&&="}[n.Operator]; ok {
				add(loop.SyntaxLogicalAssignment, n.Left.Idx1(), op)
			}
		case *ast.Optional:
			add(loop.SyntaxOptionalChain, n.Idx0(), "")
		case *ast.NumberLiteral:
			if strings.Contains(n.Literal, "_") {
				add(loop.SyntaxNumericSeparator, n.Idx, "")
			}
			if strings.HasSuffix(n.Literal, "n") {
				add(loop.SyntaxBigInt, n.Idx, "")
			}
		case *ast.FieldDefinition:
			detail := ""
			if n.Initializer != nil {
				detail = "="
			}
			if isPrivate(n.Key) {
				add(loop.SyntaxPrivateField, n.Idx, detail)
			} else {
				add(loop.SyntaxClassField, n.Idx, detail)
			}
		case *ast.MethodDefinition:
			if isPrivate(n.Key) {
				add(loop.SyntaxPrivateMethod, n.Idx, "")
			}
		case *ast.ClassStaticBlock:
			add(loop.SyntaxStaticBlock, n.Static, "")
		}
		return true
	})
	// The walk visits a node before its children, and children in
	// field order, so a left operand may come after its parent's use.
	sort.SliceStable(out, func(i, j int) bool { return out[i].idx < out[j].idx })
	return out
}

func isPrivate(e ast.Expression) bool {
	_, ok := e.(*ast.PrivateIdentifier)
	return ok
}

// FirstRejected is the file's first use of syntax that rejected refuses
// (loop.Profile.SyntaxRejected for a release), with its message ("" when
// not known); ok is false when the release compiles every use.
func (f *File) FirstRejected(rejected func(feature loop.Feature, detail string) (string, bool)) (u SyntaxUse, msg string, ok bool) {
	for _, u := range f.SyntaxUses() {
		if msg, r := rejected(u.Feature, u.Detail); r {
			return u, msg, true
		}
	}
	return SyntaxUse{}, "", false
}
