package parse

import (
	"sort"
	"strings"

	"github.com/grafana/sobek/ast"
	"github.com/grafana/sobek/file"
	"github.com/grafana/sobek/token"
)

// SyntaxUse is a use of syntax that older Node releases refuse to
// compile; loop.Profile.SyntaxRejected says which releases and with what
// message. Line and Col are in the user's file.
type SyntaxUse struct {
	Feature   string // a loop.Profile feature: "syntax:??", "syntax:private method", ...
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
	add := func(feature string, at file.Idx, detail string) {
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
				add("syntax:??", n.Left.Idx1(), "")
			case isPrivate(n.Left):
				add("syntax:#x in", n.Left.Idx0(), "")
			}
		case *ast.AssignExpression:
			// The parser keeps a compound assignment's binary operator.
			if op, ok := map[token.Token]string{token.COALESCE: "??=", token.LOGICAL_OR: "||=", token.LOGICAL_AND: "&&="}[n.Operator]; ok {
				add("syntax:logical assignment", n.Left.Idx1(), op)
			}
		case *ast.Optional:
			add("syntax:?.", n.Idx0(), "")
		case *ast.NumberLiteral:
			if strings.Contains(n.Literal, "_") {
				add("syntax:numeric separator", n.Idx, "")
			}
			if strings.HasSuffix(n.Literal, "n") {
				add("syntax:bigint", n.Idx, "")
			}
		case *ast.FieldDefinition:
			detail := ""
			if n.Initializer != nil {
				detail = "="
			}
			if isPrivate(n.Key) {
				add("syntax:private field", n.Idx, detail)
			} else {
				add("syntax:class field", n.Idx, detail)
			}
		case *ast.MethodDefinition:
			if isPrivate(n.Key) {
				add("syntax:private method", n.Idx, "")
			}
		case *ast.ClassStaticBlock:
			add("syntax:static block", n.Static, "")
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
func (f *File) FirstRejected(rejected func(feature, detail string) (string, bool)) (u SyntaxUse, msg string, ok bool) {
	for _, u := range f.SyntaxUses() {
		if msg, r := rejected(u.Feature, u.Detail); r {
			return u, msg, true
		}
	}
	return SyntaxUse{}, "", false
}
