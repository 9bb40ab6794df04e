package parse

import (
	"github.com/grafana/sobek/ast"
	"github.com/grafana/sobek/token"
)

// CJSExports are the names an ES module may import from this CommonJS
// file: the subset of what Node's cjs-module-lexer detects that looplint
// recognises (exports.x = ..., exports['x'] = ..., module.exports.x = ...,
// and module.exports = { a, b: c, 'd': e } up to its first other
// property). Node may detect more; a name missing here is not known to
// be missing there.
func (f *File) CJSExports() []string {
	if f.prog == nil || f.ESMSyntax {
		return nil
	}
	var names []string
	seen := map[string]bool{}
	add := func(n string) {
		if n != "" && !seen[n] {
			seen[n] = true
			names = append(names, n)
		}
	}
	isExports := func(e ast.Expression) bool {
		switch e := e.(type) {
		case *ast.Identifier:
			return e.Name == "exports"
		case *ast.DotExpression:
			m, ok := e.Left.(*ast.Identifier)
			return ok && m.Name == "module" && e.Identifier.Name == "exports"
		}
		return false
	}
	Walk(f.prog, func(n any) bool {
		a, ok := n.(*ast.AssignExpression)
		if !ok || a.Operator != token.ASSIGN {
			return true
		}
		switch l := a.Left.(type) {
		case *ast.DotExpression:
			if isExports(l.Left) {
				add(l.Identifier.Name.String())
			} else if isExports(l) {
				if o, ok := a.Right.(*ast.ObjectLiteral); ok {
					for _, p := range o.Value {
						switch p := p.(type) {
						case *ast.PropertyShort:
							if p.Initializer != nil {
								return true
							}
							add(p.Name.Name.String())
							continue
						case *ast.PropertyKeyed:
							if _, id := p.Value.(*ast.Identifier); !id || p.Computed || p.Kind != ast.PropertyKindValue {
								return true
							}
							switch k := p.Key.(type) {
							case *ast.StringLiteral:
								add(k.Value.String())
								continue
							case *ast.Identifier:
								add(k.Name.String())
								continue
							}
						}
						return true // the lexer stops at the first other property
					}
				}
			}
		case *ast.BracketExpression:
			if s, ok := l.Member.(*ast.StringLiteral); ok && isExports(l.Left) {
				add(s.Value.String())
			}
		}
		return true
	})
	return names
}
