package predict

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/looplint/looplint/ir"
	"github.com/looplint/looplint/loop"
)

// Scope is one environment record; names resolve dynamically up the
// chain, which matches the lowering's block structure.
type Scope struct {
	vars   map[string]*cell
	parent *Scope
	fn     bool
	born   int32 // epoch (Interp.mut); its cells share it
}

type cell struct {
	v     Value
	konst bool
	born  int32
}

func newScope(parent *Scope, fn bool) *Scope {
	return &Scope{vars: map[string]*cell{}, parent: parent, fn: fn}
}

// newScope is a scope made now (in this epoch).
func (in *Interp) newScope(parent *Scope, fn bool) *Scope {
	s := newScope(parent, fn)
	s.born = in.epoch
	return s
}

func (s *Scope) lookup(name string) *cell {
	for sc := s; sc != nil; sc = sc.parent {
		if c, ok := sc.vars[name]; ok {
			return c
		}
	}
	return nil
}

func (s *Scope) declare(name string, v Value, konst bool) {
	if c, ok := s.vars[name]; ok {
		if _, tdz := c.v.(tdzT); tdz {
			c.v, c.konst = v, konst // the binding its block made (execList)
			return
		}
	}
	s.vars[name] = &cell{v: v, konst: konst, born: s.born}
}

// completion of a statement list.
type ctl int

const (
	cNormal ctl = iota
	cBreak
	cContinue
	cReturn
)

type frame struct {
	this  Value
	scope *Scope
	home  *ClassVal // the class of the running method, for super
	// args are the call's arguments, for the arguments object (made
	// when first read); an arrow's frame points at its function's.
	args    []Value
	argsObj *Object
	argsFr  *frame
	// fn is a sloppy-mode function's own IR, whose simple parameters
	// its arguments object mirrors (mapped arguments); nil otherwise.
	fn *ir.Func
	// strict: strict-mode code, where writing an undeclared name throws.
	strict bool
	// newTarget is new.target: the function or class new was applied to.
	newTarget Value
	born      int32 // epoch (Interp.mut)
}

// argMap ties a mapped arguments object to its function's parameters.
type argMap struct {
	scope *Scope
	names []string // the parameters that had an argument
}

// syncArgs keeps a mapped arguments object equal to a parameter just
// written (c is its binding).
func (in *Interp) syncArgs(fr *frame, c *cell, v Value) {
	for fr != nil && fr.argsFr != nil {
		fr = fr.argsFr
	}
	if fr == nil || fr.argsObj == nil || fr.argsObj.amap == nil {
		return
	}
	m := fr.argsObj.amap
	for i, n := range m.names {
		if m.scope.vars[n] == c && i < len(fr.argsObj.Elems) {
			fr.argsObj.Elems[i] = v
		}
	}
}

// arguments is the running function's arguments object (an arrow sees
// its enclosing function's); nil at the top level.
func (in *Interp) arguments(fr *frame) *Object {
	for fr != nil && fr.argsFr != nil {
		fr = fr.argsFr
	}
	if fr == nil || fr.args == nil {
		return nil
	}
	if fr.argsObj == nil {
		fr.argsObj = newArray(append([]Value(nil), fr.args...))
		fr.argsObj.Class, fr.argsObj.born = "Arguments", in.epoch
		if params := mappedParams(fr.fn); params != nil {
			// Mapped: each parameter that got an argument and its
			// arguments[i] are one binding (a write to either shows in
			// both); the parameter may have been written already.
			m := &argMap{scope: fr.scope}
			for i, n := range params {
				if i >= len(fr.args) {
					break
				}
				m.names = append(m.names, n)
				if c := fr.scope.vars[n]; c != nil {
					fr.argsObj.Elems[i] = c.v
				}
			}
			fr.argsObj.amap = m
		}
	}
	return fr.argsObj
}

type completion struct {
	c     ctl
	label string
	v     Value
}

func (in *Interp) execList(list []ir.Stmt, sc *Scope, fr *frame) completion {
	// let, const and class bindings exist from the start of their block,
	// uninitialised until their declaration runs (the TDZ): a use before
	// it throws instead of reaching an outer binding of the same name.
	var cells []cell // one allocation for the block's bindings
	for _, s := range list {
		if d, ok := s.(*ir.VarDecl); ok && d.Kind != ir.DeclVar && d.Kind != "" {
			patternNames(d.Target, func(name string) {
				if _, ok := sc.vars[name]; !ok {
					if len(cells) == cap(cells) {
						cells = make([]cell, 0, len(list))
					}
					cells = append(cells, cell{v: tdzT{}, born: sc.born})
					sc.vars[name] = &cells[len(cells)-1]
				}
			})
		}
	}
	for _, s := range list {
		if c := in.exec(s, sc, fr); c.c != cNormal {
			return c
		}
	}
	return completion{}
}

func (in *Interp) block(list []ir.Stmt, sc *Scope, fr *frame) completion {
	return in.execList(list, in.newScope(sc, false), fr)
}

func (in *Interp) exec(s ir.Stmt, sc *Scope, fr *frame) completion {
	in.meter.Statements(1)
	if in.x != nil {
		in.x.Tick()
	}
	switch s := s.(type) {
	case *ir.ExprStmt:
		in.eval(s.X, sc, fr)
	case *ir.VarDecl:
		var v Value
		if s.Init != nil {
			v = in.eval(s.Init, sc, fr)
		} else if s.Kind == ir.DeclVar {
			return completion{}
		}
		in.bind(s.Target, v, s.Kind, sc, fr, s.Pos)
	case *ir.FuncDecl:
		in.mut(sc.born)
		sc.declare(s.Name.Name, &Closure{Fn: s.Func, Scope: sc, born: in.epoch}, false)
		if fs := funcScope(sc); fs != sc {
			in.mut(fs.born)
			fs.declare(s.Name.Name, sc.vars[s.Name.Name].v, false)
		}
	case *ir.Assign:
		in.assign(s.Op, s.Target, s.Value, sc, fr, s.Pos)
	case *ir.If:
		t := in.cond(s.Cond, sc, fr, s.Pos, "an if condition")
		if t {
			return in.block(s.Then, sc, fr)
		}
		if s.Else != nil {
			return in.block(s.Else, sc, fr)
		}
	case *ir.Block:
		return in.block(s.Body, sc, fr)
	case *ir.While:
		if c := in.countingOf(s.Cond, nil, s.Body); c != nil {
			in.skipCounting(c, sc, fr)
		}
		return in.loop(s.Pos, "", sc, fr, nil, func(sc *Scope) bool { return in.cond(s.Cond, sc, fr, s.Pos, "a loop condition") }, s.Body, nil, nil)
	case *ir.DoWhile:
		first := true
		return in.loop(s.Pos, "", sc, fr, nil, func(sc *Scope) bool {
			if first {
				first = false
				return true
			}
			return in.cond(s.Cond, sc, fr, s.Pos, "a loop condition")
		}, s.Body, nil, nil)
	case *ir.For:
		return in.forStmt(s, "", sc, fr)
	case *ir.ForOf:
		return in.forOf(s, "", sc, fr)
	case *ir.ForIn:
		return in.forIn(s, "", sc, fr)
	case *ir.Labeled:
		switch b := s.Body.(type) {
		case *ir.For:
			return in.unlabel(in.forStmt(b, s.Label, sc, fr), s.Label)
		case *ir.ForOf:
			return in.unlabel(in.forOf(b, s.Label, sc, fr), s.Label)
		case *ir.ForIn:
			return in.unlabel(in.forIn(b, s.Label, sc, fr), s.Label)
		}
		return in.unlabel(in.exec(s.Body, sc, fr), s.Label)
	case *ir.Return:
		var v Value
		if s.X != nil {
			v = in.eval(s.X, sc, fr)
		}
		in.returned = s.Pos
		return completion{c: cReturn, v: v}
	case *ir.Throw:
		panic(&Thrown{V: in.eval(s.X, sc, fr)})
	case *ir.Try:
		return in.try(s, sc, fr)
	case *ir.Break:
		return completion{c: cBreak, label: s.Label}
	case *ir.Continue:
		return completion{c: cContinue, label: s.Label}
	case *ir.Import:
		in.importStmt(s, sc)
	case *ir.Export:
		in.exportStmt(s, sc, fr)
	case *ir.Switch:
		return in.switchStmt(s, sc, fr)
	case *ir.Unknown:
		in.reason(s.Pos, "not modelled: %s", s.Reason)
	default:
		in.reason(stmtPos(s), "statement %T is not modelled", s)
	}
	return completion{}
}

func stmtPos(s ir.Stmt) ir.Pos {
	switch s := s.(type) {
	case *ir.Switch:
		return s.Pos
	case *ir.ForIn:
		return s.Pos
	}
	return ir.Pos{}
}

// loopBody decides what one iteration's completion means for a loop
// labelled label: stop (with the completion to propagate) or go on.
func loopBody(c completion, label string) (completion, bool) {
	switch c.c {
	case cBreak:
		if c.label == "" || c.label == label {
			return completion{}, true
		}
		return c, true
	case cContinue:
		if c.label != "" && c.label != label {
			return c, true
		}
	case cReturn:
		return c, true
	}
	return completion{}, false
}

// switchStmt: the case tests are evaluated in order until one is strictly
// equal to the discriminant (an unknown comparison forks), else the
// default is taken; from there the bodies fall through until a break.
// The cases share one block scope.
func (in *Interp) switchStmt(s *ir.Switch, sc *Scope, fr *frame) completion {
	d := in.eval(s.X, sc, fr)
	inner := in.newScope(sc, false)
	start, def := -1, -1
	for i, c := range s.Cases {
		if c.Test == nil {
			def = i
			continue
		}
		eq, ok := strictEq(d, in.eval(c.Test, inner, fr))
		if !ok {
			eq = in.fork(c.Pos, "a switch case")
		}
		if eq {
			start = i
			break
		}
	}
	if start < 0 {
		start = def
	}
	if start < 0 {
		return completion{}
	}
	for _, c := range s.Cases[start:] {
		r := in.execList(c.Body, inner, fr)
		if r.c == cBreak && r.label == "" {
			return completion{}
		}
		if r.c != cNormal {
			return r
		}
	}
	return completion{}
}

func (in *Interp) unlabel(c completion, label string) completion {
	if c.c == cBreak && c.label == label {
		return completion{}
	}
	return c
}

func funcScope(sc *Scope) *Scope {
	for s := sc; s != nil; s = s.parent {
		if s.fn {
			return s
		}
	}
	return sc
}

// loop runs a loop body with the iteration cap. next returns the scope of
// the next iteration (per-iteration let copies); update runs after a body.
func (in *Interp) loop(pos ir.Pos, label string, sc *Scope, fr *frame, next func(*Scope) *Scope,
	test func(*Scope) bool, body []ir.Stmt, update func(*Scope), _ any) completion {
	for i := 0; ; i++ {
		if !test(sc) {
			return completion{}
		}
		if i >= in.opts.MaxIter {
			in.cutShort(pos, "a loop")
			return completion{}
		}
		c := in.block(body, sc, fr)
		if out, stop := loopBody(c, label); stop {
			return out
		}
		if next != nil {
			sc = next(sc)
		}
		if update != nil {
			update(sc)
		}
	}
}

func (in *Interp) forStmt(s *ir.For, label string, sc *Scope, fr *frame) completion {
	ls := in.newScope(sc, false)
	for _, st := range s.Init {
		in.exec(st, ls, fr)
	}
	var next func(*Scope) *Scope
	if len(s.PerIteration) > 0 {
		copyScope := func(from *Scope) *Scope {
			n := in.newScope(ls.parent, false)
			for _, name := range s.PerIteration {
				if c := from.vars[name]; c != nil {
					n.declare(name, c.v, c.konst)
				}
			}
			// const and other names of the head stay shared.
			for k, c := range ls.vars {
				if _, ok := n.vars[k]; !ok {
					n.vars[k] = c
				}
			}
			return n
		}
		ls = copyScope(ls)
		next = copyScope
	}
	test := func(sc *Scope) bool {
		if s.Cond == nil {
			return true
		}
		return in.cond(s.Cond, sc, fr, s.Pos, "a loop condition")
	}
	var update func(*Scope)
	if s.Update != nil {
		update = func(sc *Scope) { in.eval(s.Update, sc, fr) }
	}
	if c := in.countingOf(s.Cond, s.Update, s.Body); c != nil {
		in.skipCounting(c, ls, fr)
	}
	return in.loop(s.Pos, label, ls, fr, next, test, s.Body, update, nil)
}

func (in *Interp) forOf(s *ir.ForOf, label string, sc *Scope, fr *frame) completion {
	v := in.eval(s.Iter, sc, fr)
	if o, ok := v.(*Object); ok && o.coll != nil {
		// Entries added during the loop would be visited: a change
		// while it runs is a reason (collMember).
		o.coll.iterating++
		defer func() { o.coll.iterating-- }()
	}
	it := in.openIter(v, s.Iter, s.Pos)
	if it == nil {
		return completion{}
	}
	// A loop left by break, return or an exception closes the iterator
	// (a generator's finally blocks run); one that ran out does not.
	closed := false
	defer func() {
		if !closed {
			if r := recover(); r != nil {
				_, thrown := r.(*Thrown)
				_, ret := r.(*genReturn)
				if thrown || ret {
					func() {
						defer func() {
							if r2 := recover(); r2 != nil {
								if _, ok := r2.(*Thrown); !ok {
									panic(r2)
								}
							}
						}()
						in.iterClose(it, s.Pos)
					}()
				}
				panic(r)
			}
		}
	}()
	n := 0
	c := in.forEachNext(s.Kind, s.Target, func() (Value, bool) {
		if n++; n > in.opts.MaxIter {
			return nil, true
		}
		return in.iterStep(it, s.Pos)
	}, s.Body, s.Pos, label, sc, fr)
	closed = true
	if n > in.opts.MaxIter {
		in.cutShort(s.Pos, "a loop")
		return completion{}
	}
	if _, done := c.v.(loopDone); done {
		return completion{}
	}
	in.iterClose(it, s.Pos)
	return c
}

// forIn iterates the enumerable own keys (see enumKeys); null and
// undefined give none.
func (in *Interp) forIn(s *ir.ForIn, label string, sc *Scope, fr *frame) completion {
	var items []Value
	switch v := in.eval(s.Obj, sc, fr).(type) {
	case nil:
	case *Object:
		if v.Class == "process" {
			in.reason(s.Pos, "for-in over process is not modelled")
			return completion{}
		}
		seen := map[string]bool{}
		for p, depth := v, 0; p != nil && depth < 1000; p, depth = in.nextProto(p), depth+1 {
			// Inherited enumerable keys follow the own ones; a name
			// seen nearer (enumerable or not) hides them.
			for _, k := range enumKeys(p) {
				if !seen[k] {
					seen[k] = true
					items = append(items, k)
				}
			}
			for k := range p.Props {
				seen[k] = true
			}
		}
	case string:
		for i := range []rune(v) {
			items = append(items, strconv.Itoa(i))
		}
	default:
		if v == null {
			break
		}
		in.reason(s.Pos, "for-in over a value the slice does not iterate")
		return completion{}
	}
	return in.forEach(s.Kind, s.Target, items, s.Body, s.Pos, label, sc, fr)
}

// enumKeys are an object's enumerable own string keys in the order
// for-in and Object.keys give them: array indices and other integer keys
// ascending, then the rest in insertion order.
func enumKeys(o *Object) []string {
	out := make([]string, 0, len(o.Elems)+len(o.Keys))
	for i := range o.Elems {
		if !o.holes[i] {
			out = append(out, strconv.Itoa(i))
		}
	}
	// Keys are kept in JS order as they are added (insertKey), and an
	// array's own integer keys past its elements are larger than theirs.
	return append(out, o.Keys...)
}

// forEach runs body once per item, binding target (a fresh scope per
// iteration holds let/const bindings).
func (in *Interp) forEach(kind ir.DeclKind, target ir.Pattern, items []Value, body []ir.Stmt, pos ir.Pos, label string, sc *Scope, fr *frame) completion {
	n := 0
	c := in.forEachNext(kind, target, func() (Value, bool) {
		if n >= len(items) {
			return nil, true
		}
		if n >= in.opts.MaxIter {
			in.cutShort(pos, "a loop")
			return nil, true
		}
		n++
		return items[n-1], false
	}, body, pos, label, sc, fr)
	if _, done := c.v.(loopDone); done {
		return completion{}
	}
	return c
}

// loopDone is the completion value of a forEachNext whose items ran out.
type loopDone struct{}

// forEachNext runs body once per item next gives, binding target (a
// fresh scope per iteration holds let/const bindings).
func (in *Interp) forEachNext(kind ir.DeclKind, target ir.Pattern, next func() (Value, bool), body []ir.Stmt, pos ir.Pos, label string, sc *Scope, fr *frame) completion {
	for {
		v, done := next()
		if done {
			return completion{v: loopDone{}}
		}
		cur := in.newScope(sc, false)
		if kind == "" || kind == ir.DeclVar {
			in.assignPattern(target, v, sc, fr, pos)
		} else {
			in.bind(target, v, kind, cur, fr, pos)
		}
		c := in.block(body, cur, fr)
		if out, stop := loopBody(c, label); stop {
			return out
		}
	}
}

// try runs try/catch/finally; explorer and exit panics pass through
// catch but still run finally only for JS completions, and a
// generator's return() (resumed in the try or the catch) runs finally
// but not catch.
func (in *Interp) try(s *ir.Try, sc *Scope, fr *frame) (out completion) {
	var thrown *Thrown
	var ret *genReturn
	guarded := func(body []ir.Stmt, bsc *Scope) {
		defer func() {
			if r := recover(); r != nil {
				switch t := r.(type) {
				case *Thrown:
					thrown = t
				case *genReturn:
					if s.Finally == nil {
						panic(r)
					}
					ret = t
				default:
					panic(r)
				}
			}
		}()
		out = in.block(body, bsc, fr)
	}
	guarded(s.Body, sc)
	if thrown != nil && s.Catch != nil {
		cs := in.newScope(sc, false)
		if s.Catch.Param != nil {
			in.bind(s.Catch.Param, thrown.V, ir.DeclLet, cs, fr, s.Catch.Pos)
		}
		thrown = nil
		guarded(s.Catch.Body, cs)
	}
	if s.Finally != nil {
		if c := in.block(s.Finally, sc, fr); c.c != cNormal {
			return c
		}
	}
	if ret != nil {
		panic(ret)
	}
	if thrown != nil {
		panic(thrown)
	}
	return out
}

// bind declares the names of a binding pattern in sc.
// patternNames calls f with each name a declaration's pattern binds.
func patternNames(p ir.Pattern, f func(string)) {
	switch p := p.(type) {
	case *ir.Var:
		f(p.Name)
	case *ir.PDefault:
		patternNames(p.Target, f)
	case *ir.PRest:
		patternNames(p.Target, f)
	case *ir.PArray:
		for _, e := range p.Elems {
			if e != nil {
				patternNames(e, f)
			}
		}
		if p.Rest != nil {
			patternNames(p.Rest, f)
		}
	case *ir.PObject:
		for _, pp := range p.Props {
			patternNames(pp.Value, f)
		}
		if p.Rest != nil {
			patternNames(p.Rest, f)
		}
	}
}

func (in *Interp) bind(p ir.Pattern, v Value, kind ir.DeclKind, sc *Scope, fr *frame, pos ir.Pos) {
	in.destructure(p, v, sc, fr, pos, func(t ir.Pattern, v Value) {
		switch t := t.(type) {
		case *ir.Var:
			target := sc
			if kind == ir.DeclVar || kind == "" {
				target = funcScope(sc)
				if c := target.vars[t.Name]; c != nil {
					in.mutCell(c, v)
					c.v = v
					in.syncArgs(fr, c, v)
					return
				}
			}
			in.mut(target.born)
			target.declare(t.Name, v, kind == ir.DeclConst)
		default:
			in.reason(pos, "binding target %T", t)
		}
	})
}

func (in *Interp) assignPattern(p ir.Pattern, v Value, sc *Scope, fr *frame, pos ir.Pos) {
	in.destructure(p, v, sc, fr, pos, func(t ir.Pattern, v Value) { in.store(t, v, sc, fr, pos) })
}

// plainKeys reports whether o's own enumerable properties are exactly
// o.Keys with their values in Props: a plain object or instance, not an
// array or error, and without accessors (reading them runs code).
func plainKeys(o *Object) bool {
	return !o.Arr && o.Class == "Object" && len(o.acc) == 0
}

// objectRest is the ...rest of an object pattern: a new plain object
// with v's own enumerable properties but the ones named before it, in
// v's order. Only plain objects and instances whose keys are not
// integer-like (which JS orders first) are modelled.
func (in *Interp) objectRest(v Value, used map[string]bool, pos ir.Pos) Value {
	if o, ok := v.(*Object); ok && plainKeys(o) {
		r := newObject()
		r.born = in.epoch
		for _, k := range append(slices.Clone(o.Keys), o.syms...) {
			if !used[k] {
				r.set(k, o.Props[k])
			}
		}
		return r
	}
	in.reason(pos, "object rest pattern of this value")
	return unknown{why: "object rest"}
}

// destructure walks a pattern, calling leaf for each simple target.
func (in *Interp) destructure(p ir.Pattern, v Value, sc *Scope, fr *frame, pos ir.Pos, leaf func(ir.Pattern, Value)) {
	switch p := p.(type) {
	case *ir.Var, *ir.Member:
		leaf(p, v)
	case *ir.PDefault:
		if v == nil {
			v = in.eval(p.Default, sc, fr)
		}
		in.destructure(p.Target, v, sc, fr, pos, leaf)
	case *ir.PArray:
		o, ok := v.(*Object)
		if _, str := v.(string); str || ok && (o.gen != nil || o.coll != nil || isIterator(o) || in.ownSymbolMethod(o, "iterator") != nil) {
			in.destructureIter(p, v, sc, fr, pos, leaf)
			return
		}
		if !ok || !o.Arr {
			in.reason(p.Pos, "array destructuring of a value that is not a known array")
			for _, e := range p.Elems {
				if e != nil {
					in.destructure(e, unknown{why: "destructured"}, sc, fr, pos, leaf)
				}
			}
			return
		}
		in.patDepth++
		defer func() { in.patDepth-- }()
		for i, e := range p.Elems {
			if e == nil {
				continue
			}
			var x Value
			if i < len(o.Elems) {
				x = o.Elems[i]
			}
			in.destructure(e, x, sc, fr, pos, leaf)
		}
		if p.Rest != nil {
			var rest []Value
			if len(p.Elems) < len(o.Elems) {
				rest = append(rest, o.Elems[len(p.Elems):]...)
			}
			in.destructure(p.Rest, newArray(rest), sc, fr, pos, leaf)
		}
	case *ir.PObject:
		if v == nil || v == null {
			in.destructureNullish(p, v)
		}
		used := map[string]bool{}
		in.patDepth++
		defer func() { in.patDepth-- }()
		for _, pp := range p.Props {
			k, ok := in.propKey(in.eval(pp.Key, sc, fr))
			if !ok {
				in.reason(p.Pos, "computed key")
			}
			used[k] = true
			in.destructure(pp.Value, in.getMember(v, k, p.Pos), sc, fr, pos, leaf)
		}
		if p.Rest != nil {
			in.destructure(p.Rest, in.objectRest(v, used, p.Pos), sc, fr, pos, leaf)
		}
	case *ir.PRest:
		in.destructure(p.Target, v, sc, fr, pos, leaf)
	default:
		in.reason(pos, "pattern %T is not modelled", p)
	}
}

// destructureNullish throws V8's TypeError for an object pattern over
// undefined or null: "Cannot destructure property 'a' of 'undefined' as
// it is undefined." (from 12; before, "Cannot destructure property `a`
// of 'undefined' or 'null'."), without the property when the first key
// is computed or there is none, and from 12 a property read's message
// for a pattern nested in another (measured on 10.24.1 to 26.10.0).
func (in *Interp) destructureNullish(p *ir.PObject, v Value) {
	key := ""
	if len(p.Props) > 0 && !p.Props[0].Computed {
		if c, ok := p.Props[0].Key.(*ir.Const); ok {
			key = c.Value
		}
	}
	what, _ := toStr(v)
	modern := in.p.Has(loop.V8DestructureMessage)
	var msg string
	switch {
	case modern && in.patDepth > 0 && key != "":
		in.propertyError("read", v, key)
	case modern && key != "":
		msg = fmt.Sprintf("Cannot destructure property '%s' of '%s' as it is %s.", key, what, what)
	case modern:
		msg = fmt.Sprintf("Cannot destructure '%s' as it is %s.", what, what)
	case key != "":
		msg = "Cannot destructure property `" + key + "` of 'undefined' or 'null'."
	default:
		msg = "Cannot destructure 'undefined' or 'null'."
	}
	panic(&Thrown{V: in.newError("TypeError", msg)})
}

// destructureIter is an array pattern over an iterator: each element
// takes the next value, a rest takes the remainder, and an iterator
// left unfinished is closed.
func (in *Interp) destructureIter(p *ir.PArray, v Value, sc *Scope, fr *frame, pos ir.Pos, leaf func(ir.Pattern, Value)) {
	it := in.openIter(v, nil, p.Pos)
	if it == nil {
		return
	}
	done := false
	step := func() Value {
		if done {
			return nil
		}
		var x Value
		x, done = in.iterStep(it, p.Pos)
		return x
	}
	for _, e := range p.Elems {
		x := step()
		if e != nil {
			in.destructure(e, x, sc, fr, pos, leaf)
		}
	}
	if p.Rest != nil {
		var rest []Value
		for n := 0; !done; n++ {
			if n >= in.opts.MaxIter {
				in.cutShort(p.Pos, "an iteration")
				break
			}
			if x := step(); !done {
				rest = append(rest, x)
			}
		}
		in.destructure(p.Rest, newArray(rest), sc, fr, pos, leaf)
	}
	if !done {
		in.iterClose(it, p.Pos)
	}
}
