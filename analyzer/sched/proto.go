package sched

import "github.com/grafana/sobek/ast"

// Old-style classes: a constructor function F becomes a Class when the
// file assigns to F.prototype (F.prototype.m = function, F.prototype =
// {m: function}, F.prototype = Object.create(S.prototype)), calls
// util.inherits(F, S), Object.setPrototypeOf(F.prototype, S.prototype),
// or S.call(this) inside F.

// protoOf returns F for F.prototype.
func protoOf(e ast.Expression) ast.Expression {
	d, ok := e.(*ast.DotExpression)
	if !ok || d.Identifier.Name != "prototype" {
		return nil
	}
	return d.Left
}

// prototypeAssign handles `F.prototype.m = fn`, `F.prototype = {...}` and
// `F.prototype = Object.create(S.prototype)`.
func (w *walker) prototypeAssign(l *ast.DotExpression, right ast.Expression) {
	if ctor := protoOf(l.Left); ctor != nil {
		fn := w.resolveFunc(ctor)
		m := w.resolveFunc(right)
		if fn == nil || m == nil {
			return
		}
		c := w.fnClass(fn, "")
		w.method(c, l.Identifier.Name.String(), m)
		return
	}
	if l.Identifier.Name != "prototype" {
		return
	}
	fn := w.resolveFunc(l.Left)
	if fn == nil {
		return
	}
	switch r := right.(type) {
	case *ast.ObjectLiteral:
		c := w.fnClass(fn, "")
		for _, p := range r.Value {
			if k, ok := p.(*ast.PropertyKeyed); ok {
				if m := w.resolveFunc(k.Value); m != nil {
					w.method(c, propName(k.Key), m)
				}
			}
		}
	case *ast.CallExpression:
		// Object.create(S.prototype[, props])
		if w.canon(r.Callee) == "Object.create" && len(r.ArgumentList) > 0 {
			if sup := protoOf(r.ArgumentList[0]); sup != nil {
				w.inherits(l.Left, sup)
			}
		}
	}
}

func (w *walker) method(c *Class, name string, m *Func) {
	if name == "" || name == "constructor" {
		return
	}
	c.Methods[name] = m
	if m.Class == nil {
		m.Class, m.Method = c, name
	}
}

// classOfThis returns the class whose instance `this` (or an alias of it)
// is at a site in fn: the class of fn's method or constructor, looking
// out through arrow functions (and, for an alias, any function).
func (f *Facts) classOfThis(fn *Func, alias bool) *Class {
	for g := fn; g != nil && !g.Top; g = g.Parent {
		if g.Class != nil {
			return g.Class
		}
		if _, arrow := g.Node.(*ast.ArrowFunctionLiteral); !arrow && !alias {
			return nil
		}
	}
	return nil
}

// resolveThisMethods resolves this.m(...) (and self.m(...)) to the
// class's method once every prototype assignment of the file is known,
// and so do the arguments this.m and this.m.bind(this) of any call
// (process.nextTick(this.receive.bind(this))).
func (f *Facts) resolveThisMethods() {
	for _, c := range f.Calls {
		for _, a := range c.Args {
			if m := f.thisMethod(c.Func, a); m != nil && !hasFunc(c.Funcs, m) {
				c.Funcs = append(c.Funcs, m)
			}
		}
	}
	for _, c := range f.Calls {
		if c.Target != nil || c.Method == "" || c.Recv == nil {
			continue
		}
		if _, isNew := c.Node.(*ast.NewExpression); isNew || !f.IsThis(c.Recv) {
			continue
		}
		_, isThis := c.Recv.(*ast.ThisExpression)
		cls := f.classOfThis(c.Func, !isThis)
		for seen := 0; cls != nil && seen < 32; seen++ {
			if m := cls.Methods[c.Method]; m != nil {
				c.Target = m
				break
			}
			cls = cls.SuperClass
		}
	}
}

// thisMethod: the method of fn's class that e (this.m, self.m, or either
// .bind(...)) denotes.
func (f *Facts) thisMethod(fn *Func, e ast.Expression) *Func {
	if c, ok := e.(*ast.CallExpression); ok {
		if d, ok := c.Callee.(*ast.DotExpression); ok && d.Identifier.Name == "bind" {
			e = d.Left
		}
	}
	d, ok := e.(*ast.DotExpression)
	if !ok || !f.IsThis(d.Left) {
		return nil
	}
	_, isThis := d.Left.(*ast.ThisExpression)
	cls := f.classOfThis(fn, !isThis)
	for seen := 0; cls != nil && seen < 32; seen++ {
		if m := cls.Methods[d.Identifier.Name.String()]; m != nil {
			return m
		}
		cls = cls.SuperClass
	}
	return nil
}

func hasFunc(fs []*Func, g *Func) bool {
	for _, x := range fs {
		if x == g {
			return true
		}
	}
	return false
}
