package ir

import (
	"fmt"
	"strconv"
	"strings"
)

// Print renders p as text: a header, then every Func in ID order with its
// body one statement per line, indented by nesting, each ending in
// @line:col. Names print as x (local), x^N (captured N functions out),
// $x (global) and #x (builtin); function literals as fN; ops as
// kind[.name](receiver; args) @line:col, print as `print stdout (args)`.
func Print(p *Program) string {
	pr := &printer{}
	fmt.Fprintf(&pr.b, "program %s (%s)\n", p.File, p.Module)
	if p.Depth > maxPrintDepth {
		// Each level indents or wraps the one inside: the text grows
		// with the square of the depth (200 MB for 10,000 nested ifs).
		fmt.Fprintf(&pr.b, "\n(not printed: the source nests %d levels deep, past %d)\n", p.Depth, maxPrintDepth)
		return pr.b.String()
	}
	for _, f := range p.Funcs {
		pr.b.WriteString("\n")
		pr.fn(f)
	}
	return pr.b.String()
}

// maxPrintDepth is the deepest nesting Print writes out.
const maxPrintDepth = 1000

type printer struct {
	b      strings.Builder
	indent int
}

func (pr *printer) line(pos Pos, format string, args ...any) {
	pr.b.WriteString(strings.Repeat("  ", pr.indent))
	fmt.Fprintf(&pr.b, format, args...)
	if at := " @" + pos.String(); pos != (Pos{}) && !strings.HasSuffix(pr.b.String(), at) {
		pr.b.WriteString(at)
	}
	pr.b.WriteString("\n")
}

func (pr *printer) fn(f *Func) {
	var flags []string
	for _, fl := range []struct {
		on   bool
		name string
	}{{f.Async, "async"}, {f.Generator, "generator"}, {f.Arrow, "arrow"}, {f.Kind != "", f.Kind}} {
		if fl.on {
			flags = append(flags, fl.name)
		}
	}
	head := fmt.Sprintf("func f%d", f.ID)
	if f.Name != "" {
		head += " " + f.Name
	}
	var ps []string
	for _, p := range f.Params {
		ps = append(ps, pattern(p))
	}
	head += "(" + strings.Join(ps, ", ") + ")"
	if len(flags) > 0 {
		head += " " + strings.Join(flags, " ")
	}
	if len(f.Locals) > 0 {
		head += " locals(" + strings.Join(f.Locals, ", ") + ")"
	}
	pr.line(f.Pos, "%s", head)
	pr.indent++
	pr.stmts(f.Body)
	pr.indent--
}

func (pr *printer) stmts(list []Stmt) {
	for _, s := range list {
		pr.stmt(s, "")
	}
}

func (pr *printer) block(pos Pos, head string, body []Stmt) {
	if head != "" {
		head += " "
	}
	pr.line(pos, "%s{", head)
	pr.indent++
	pr.stmts(body)
	pr.indent--
	pr.line(Pos{}, "}")
}

func (pr *printer) stmt(s Stmt, label string) {
	switch s := s.(type) {
	case *VarDecl:
		if s.Init == nil {
			pr.line(s.Pos, "%s%s %s", label, s.Kind, pattern(s.Target))
		} else {
			pr.line(s.Pos, "%s%s %s = %s", label, s.Kind, pattern(s.Target), expr(s.Init))
		}
	case *FuncDecl:
		pr.line(s.Pos, "%sfunction %s = f%d", label, expr(s.Name), s.Func.ID)
	case *Import:
		var ns []string
		for _, n := range s.Names {
			ns = append(ns, n.Name+" as "+n.Local)
		}
		pr.line(s.Pos, "%simport {%s} from %s", label, strings.Join(ns, ", "), strconv.Quote(s.Source))
	case *Export:
		pr.line(s.Pos, "%sexport %s = %s", label, s.Name, expr(s.Local))
	case *Assign:
		pr.line(s.Pos, "%s%s %s %s", label, pattern(s.Target), s.Op, expr(s.Value))
	case *ExprStmt:
		pos := s.Pos
		if _, ok := s.X.(*Op); ok {
			pos = Pos{} // the op prints its own
		}
		pr.line(pos, "%s%s", label, expr(s.X))
	case *If:
		pr.line(s.Pos, "%sif %s {", label, expr(s.Cond))
		pr.indent++
		pr.stmts(s.Then)
		pr.indent--
		if s.Else != nil {
			pr.line(Pos{}, "} else {")
			pr.indent++
			pr.stmts(s.Else)
			pr.indent--
		}
		pr.line(Pos{}, "}")
	case *While:
		pr.block(s.Pos, label+"while "+expr(s.Cond), s.Body)
	case *DoWhile:
		pr.line(s.Pos, "%sdo {", label)
		pr.indent++
		pr.stmts(s.Body)
		pr.indent--
		pr.line(Pos{}, "} while %s", expr(s.Cond))
	case *For:
		var init []string
		for _, st := range s.Init {
			init = append(init, inline(st))
		}
		head := fmt.Sprintf("%sfor (%s; %s; %s)", label, strings.Join(init, ", "), exprOr(s.Cond, ""), exprOr(s.Update, ""))
		if len(s.PerIteration) > 0 {
			head += " per-iteration(" + strings.Join(s.PerIteration, ", ") + ")"
		}
		pr.block(s.Pos, head, s.Body)
	case *ForOf:
		pr.block(s.Pos, fmt.Sprintf("%sfor %s of %s", label, declTarget(s.Kind, s.Target), expr(s.Iter)), s.Body)
	case *ForIn:
		pr.block(s.Pos, fmt.Sprintf("%sfor %s in %s", label, declTarget(s.Kind, s.Target), expr(s.Obj)), s.Body)
	case *Block:
		pr.block(s.Pos, strings.TrimSuffix(label, " "), s.Body)
	case *Labeled:
		pr.stmt(s.Body, label+s.Label+": ")
	case *Return:
		pr.line(s.Pos, "%sreturn%s", label, prefixed(" ", s.X))
	case *Throw:
		pr.line(s.Pos, "%sthrow%s", label, prefixed(" ", s.X))
	case *Break:
		pr.line(s.Pos, "%sbreak%s", label, prefixedStr(" ", s.Label))
	case *Continue:
		pr.line(s.Pos, "%scontinue%s", label, prefixedStr(" ", s.Label))
	case *Try:
		pr.line(s.Pos, "%stry {", label)
		pr.indent++
		pr.stmts(s.Body)
		pr.indent--
		if c := s.Catch; c != nil {
			param := ""
			if c.Param != nil {
				param = " " + pattern(c.Param)
			}
			pr.line(c.Pos, "} catch%s {", param)
			pr.indent++
			pr.stmts(c.Body)
			pr.indent--
		}
		if s.Finally != nil {
			pr.line(Pos{}, "} finally {")
			pr.indent++
			pr.stmts(s.Finally)
			pr.indent--
		}
		pr.line(Pos{}, "}")
	case *Switch:
		pr.line(s.Pos, "%sswitch %s {", label, exprOr(s.X, ""))
		pr.indent++
		for _, c := range s.Cases {
			if c.Test == nil {
				pr.line(c.Pos, "default:")
			} else {
				pr.line(c.Pos, "case %s:", expr(c.Test))
			}
			pr.indent++
			pr.stmts(c.Body)
			pr.indent--
		}
		pr.indent--
		pr.line(Pos{}, "}")
	case *Unknown:
		pr.line(s.Pos, "%sunknown(%s)", label, strconv.Quote(s.Reason))
	default:
		pr.line(Pos{}, "%s?%T", label, s)
	}
}

// inline renders a simple statement (a for-loop initializer) on one line.
func inline(s Stmt) string {
	switch s := s.(type) {
	case *VarDecl:
		if s.Init == nil {
			return fmt.Sprintf("%s %s", s.Kind, pattern(s.Target))
		}
		return fmt.Sprintf("%s %s = %s", s.Kind, pattern(s.Target), expr(s.Init))
	case *Assign:
		return fmt.Sprintf("%s %s %s", pattern(s.Target), s.Op, expr(s.Value))
	case *ExprStmt:
		return expr(s.X)
	}
	return fmt.Sprintf("?%T", s)
}

func declTarget(k DeclKind, t Pattern) string {
	if k == "" {
		return pattern(t)
	}
	return string(k) + " " + pattern(t)
}

func prefixed(p string, e Expr) string {
	if e == nil {
		return ""
	}
	return p + expr(e)
}

func prefixedStr(p, s string) string {
	if s == "" {
		return ""
	}
	return p + s
}

func exprOr(e Expr, def string) string {
	if e == nil {
		return def
	}
	return expr(e)
}

func pattern(p Pattern) string {
	switch p := p.(type) {
	case nil:
		return ""
	case *Var:
		return expr(p)
	case *Member:
		return expr(p)
	case *Unknown:
		return expr(p)
	case *PDefault:
		return pattern(p.Target) + " = " + expr(p.Default)
	case *PRest:
		return "..." + pattern(p.Target)
	case *PArray:
		var parts []string
		for _, e := range p.Elems {
			parts = append(parts, pattern(e))
		}
		if p.Rest != nil {
			parts = append(parts, "..."+pattern(p.Rest))
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case *PObject:
		var parts []string
		for _, pp := range p.Props {
			k, v := key(pp.Key, pp.Computed), pattern(pp.Value)
			if k == v {
				parts = append(parts, k)
			} else {
				parts = append(parts, k+": "+v)
			}
		}
		if p.Rest != nil {
			parts = append(parts, "..."+pattern(p.Rest))
		}
		return "{" + strings.Join(parts, ", ") + "}"
	}
	return fmt.Sprintf("?%T", p)
}

func key(k Expr, computed bool) string {
	if k == nil {
		return "?"
	}
	if c, ok := k.(*Const); ok && !computed && c.Kind == String && isIdent(c.Value) {
		return c.Value
	}
	if computed {
		return "[" + expr(k) + "]"
	}
	return expr(k)
}

func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if !(r == '_' || r == '$' || r == '#' && i == 0 || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

func list(es []Expr) string {
	parts := make([]string, len(es))
	for i, e := range es {
		if e != nil {
			parts[i] = expr(e)
		}
	}
	return strings.Join(parts, ", ")
}

// sub renders an operand, parenthesised when it is itself an operator
// expression, so the printed form never depends on precedence rules.
func sub(e Expr) string {
	switch e.(type) {
	case *Binary, *Logical, *Cond, *AssignExpr, *Sequence, *Unary, *Yield, *Op, *Class:
		return "(" + expr(e) + ")"
	}
	return expr(e)
}

func expr(e Expr) string {
	switch e := e.(type) {
	case nil:
		return "<nil>"
	case *Const:
		switch e.Kind {
		case String:
			return strconv.Quote(e.Value)
		}
		return e.Value
	case *Template:
		var b strings.Builder
		if e.Tag != nil {
			b.WriteString(sub(e.Tag))
		}
		b.WriteString("`")
		for i, q := range e.Quasis {
			qs := strconv.Quote(q)
			b.WriteString(strings.ReplaceAll(qs[1:len(qs)-1], "`", "\\`"))
			if i < len(e.Exprs) {
				b.WriteString("${" + expr(e.Exprs[i]) + "}")
			}
		}
		b.WriteString("`")
		return b.String()
	case *Array:
		return "[" + list(e.Elems) + "]"
	case *Object:
		var parts []string
		for _, p := range e.Props {
			switch p.Kind {
			case "spread":
				parts = append(parts, "..."+expr(p.Value))
			case "value":
				parts = append(parts, key(p.Key, p.Computed)+": "+expr(p.Value))
			default:
				parts = append(parts, p.Kind+" "+key(p.Key, p.Computed)+": "+expr(p.Value))
			}
		}
		return "{" + strings.Join(parts, ", ") + "}"
	case *FuncLit:
		return fmt.Sprintf("f%d", e.Func.ID)
	case *Var:
		switch e.Kind {
		case Captured:
			return fmt.Sprintf("%s^%d", e.Name, e.Depth)
		case Global:
			return "$" + e.Name
		case Builtin:
			return "#" + e.Name
		}
		return e.Name
	case *Member:
		dot := "."
		if e.Optional {
			dot = "?."
		}
		if e.Computed {
			if e.Optional {
				return sub(e.Obj) + "?.[" + expr(e.Prop) + "]"
			}
			return sub(e.Obj) + "[" + expr(e.Prop) + "]"
		}
		return sub(e.Obj) + dot + keyName(e.Prop)
	case *Call:
		s := sub(e.Callee)
		if e.Optional {
			s += "?."
		}
		s += "(" + list(e.Args) + ")"
		if e.New {
			s = "new " + s
		}
		if e.Eval {
			s += " <eval>"
		}
		return s
	case *OptChain:
		return "chain(" + expr(e.X) + ")"
	case *Spread:
		return "..." + sub(e.X)
	case *Unary:
		switch {
		case e.Postfix:
			return sub(e.X) + e.Op
		case len(e.Op) > 2:
			return e.Op + " " + sub(e.X)
		}
		return e.Op + sub(e.X)
	case *Binary:
		return sub(e.L) + " " + e.Op + " " + sub(e.R)
	case *Logical:
		return sub(e.L) + " " + e.Op + " " + sub(e.R)
	case *Cond:
		return sub(e.Test) + " ? " + sub(e.Then) + " : " + sub(e.Else)
	case *AssignExpr:
		return pattern(e.Target) + " " + e.Op + " " + sub(e.Value)
	case *Sequence:
		return list(e.List)
	case *Yield:
		s := "yield"
		if e.Delegate {
			s += "*"
		}
		return s + prefixed(" ", e.X)
	case *Class:
		return class(e)
	case *This:
		return "this"
	case *Super:
		return "super"
	case *Meta:
		return e.Name
	case *Unknown:
		return fmt.Sprintf("unknown(%s)", strconv.Quote(e.Reason))
	case *Op:
		return op(e)
	}
	return fmt.Sprintf("?%T", e)
}

func class(c *Class) string {
	s := "class"
	if c.Name != "" {
		s += " " + c.Name
	}
	if c.Extends != nil {
		s += " extends " + sub(c.Extends)
	}
	var parts []string
	if c.Ctor != nil {
		parts = append(parts, fmt.Sprintf("constructor: f%d", c.Ctor.ID))
	}
	for _, m := range c.Members {
		p := m.Kind
		if m.Static && m.Kind != "static-block" {
			p = "static " + p
		}
		if m.Key != nil {
			p += " " + key(m.Key, m.Computed)
		}
		if m.Func != nil {
			p += fmt.Sprintf(": f%d", m.Func.ID)
		}
		parts = append(parts, p)
	}
	return s + " {" + strings.Join(parts, "; ") + "}"
}

func op(o *Op) string {
	var args []string
	if a := list(o.Args); a != "" {
		args = append(args, a)
	}
	opt := ""
	if o.Optional {
		opt = "?"
	}
	at := ""
	if o.Pos != (Pos{}) {
		at = " @" + o.Pos.String()
	}
	if o.Kind == OpPrint {
		return fmt.Sprintf("print %s%s (%s)%s", o.Name, opt, strings.Join(args, " "), at)
	}
	name := string(o.Kind)
	if o.Name != "" {
		name += "." + o.Name
	}
	return fmt.Sprintf("%s%s(%s)%s", name, opt, strings.Join(args, " "), at)
}
