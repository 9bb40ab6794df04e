package predict

import (
	"math"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/looplint/looplint/ir"
	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/runtime/inspect/layout"
	"github.com/looplint/looplint/runtime/nodepath"
)

func (in *Interp) cond(e ir.Expr, sc *Scope, fr *frame, pos ir.Pos, what string) bool {
	v := in.eval(e, sc, fr)
	t, ok := truthy(v)
	if !ok {
		return in.fork(pos, what)
	}
	return t
}

func (in *Interp) throwType(pos ir.Pos, msg string) {
	panic(&Thrown{V: in.newError("TypeError", msg)})
}

// throwTypeVague throws a TypeError whose message the predictor does not
// know exactly (V8 renders values into it, differently by release):
// printing the message is a reason, catching the error is not.
func (in *Interp) throwTypeVague() {
	e := in.newError("TypeError", "")
	e.Props["message"] = unknown{why: "TypeError message"}
	panic(&Thrown{V: e})
}

// propertyError is V8's TypeError for reading (verb "read") or setting
// ("set") property k of undefined or null, in this release's wording.
func (in *Interp) propertyError(verb string, of Value, k string) {
	s, _ := toStr(of)
	if in.p.Has(loop.V8PropertiesMessage) {
		ing := map[string]string{"read": "reading", "set": "setting"}[verb]
		in.throwType(ir.Pos{}, "Cannot "+verb+" properties of "+s+" ("+ing+" '"+k+"')")
	}
	in.throwType(ir.Pos{}, "Cannot "+verb+" property '"+k+"' of "+s)
}

// privatePrefix marks a private name's key (#x): no string a program can
// spell starts with it, and objects keep such keys out of their
// enumerable ones (Object.set).
const privatePrefix = "\x00"

// memberKey is the key a member access names; private names (never
// computed) get privatePrefix.
func (in *Interp) memberKey(m *ir.Member, sc *Scope, fr *frame) (string, bool) {
	k, ok := in.propKey(in.eval(m.Prop, sc, fr))
	return privateKey(k, m.Computed), ok
}

// privateKey is the key of a member or class element named k: a private
// name (#x, never computed) gets privatePrefix.
func privateKey(k string, computed bool) string {
	if !computed && strings.HasPrefix(k, "#") {
		return privatePrefix + k
	}
	return k
}

// sourceText is how V8 names an expression in "x is not a function" and
// "x is not iterable": the source of a variable, this, or a path of
// property names; ok is false for anything else.
func sourceText(e ir.Expr) (string, bool) {
	switch e := e.(type) {
	case *ir.Var:
		return e.Name, true
	case *ir.This:
		return "this", true
	case *ir.Member:
		o, ok := sourceText(e.Obj)
		c, isConst := e.Prop.(*ir.Const)
		if !ok || e.Optional || !isConst || c.Kind != ir.String || !identKey.MatchString(c.Value) {
			return "", false
		}
		return o + "." + c.Value, true
	}
	return "", false
}

func (in *Interp) newError(class, msg string) *Object {
	o := newObject()
	o.Class = class
	o.errClass = class
	o.set("message", msg)
	o.Keys = nil // message is not enumerable
	return o
}

// nodeError is an error Node makes with a code: before 12 its name carries
// the code (Profile.ErrorName); its message, which quotes values or
// differs by release, is unknown (printing it is a reason).
func (in *Interp) nodeError(class, code string) *Object {
	e := in.newError(class, "")
	e.Props["message"] = unknown{why: class + " message"}
	e.set("code", code)
	if n := in.p.ErrorName(class, code); n != class {
		e.Props["name"] = n
	}
	return e
}

func (in *Interp) eval(e ir.Expr, sc *Scope, fr *frame) Value {
	switch e := e.(type) {
	case *ir.Const:
		return in.constant(e)
	case *ir.Template:
		if e.Tag != nil {
			return in.taggedTemplate(e, sc, fr)
		}
		var b strings.Builder
		for i, q := range e.Quasis {
			b.WriteString(q)
			if i < len(e.Exprs) {
				v, ok := in.toPrimitive(in.eval(e.Exprs[i], sc, fr), "string", e.Pos)
				if isSymbol(v) {
					in.throwType(e.Pos, "Cannot convert a Symbol value to a string")
				}
				s, ok2 := toStr(v)
				if !ok || !ok2 {
					return unknown{why: "template"}
				}
				if in.tooLong(e.Pos, b.Len()+len(s), "a string") {
					return unknown{why: "template", typ: "string"}
				}
				b.WriteString(s)
			}
		}
		return b.String()
	case *ir.Array:
		var vs []Value
		var holes []int
		for _, x := range e.Elems {
			if sp, ok := x.(*ir.Spread); ok {
				xs, ok := in.iterAll(in.eval(sp.X, sc, fr), sp.X, sp.Pos)
				if !ok {
					continue
				}
				if in.tooLong(sp.Pos, len(vs)+len(xs), "an array") {
					return unknown{why: "spread"}
				}
				vs = append(vs, xs...)
				continue
			}
			if x == nil {
				holes = append(holes, len(vs))
				vs = append(vs, nil)
				continue
			}
			vs = append(vs, in.eval(x, sc, fr))
		}
		a := newArray(vs)
		a.born = in.epoch
		for _, i := range holes {
			a.addHoles(i, i+1)
		}
		return a
	case *ir.Object:
		o := newObject()
		o.born = in.epoch
		for _, p := range e.Props {
			if protoProp(p) {
				// __proto__: v sets the prototype (an object or null;
				// anything else is ignored), it makes no property.
				switch v := in.eval(p.Value, sc, fr).(type) {
				case nullT:
					o.protoObj, o.nullProto = nil, true
				case *Object:
					o.protoObj, o.nullProto = v, false
				case unknown:
					in.reason(e.Pos, "__proto__ of an unknown value in an object literal")
				case float64, string, bool, nil, *symbolVal:
				default:
					in.reason(e.Pos, "__proto__ of this value in an object literal is not modelled")
				}
				continue
			}
			switch p.Kind {
			case "value", "method":
				kv := in.eval(p.Key, sc, fr)
				k, ok := in.propKey(kv)
				if !ok {
					in.reason(e.Pos, "computed key")
					continue
				}
				v := in.eval(p.Value, sc, fr)
				if c, ok := v.(*Closure); ok && p.Computed && c.Fn.Name == "" && c.Props == nil {
					// NamedEvaluation with the computed key.
					in.bagOf(c)
					c.Props.Props["name"] = k
					if s, ok := kv.(*symbolVal); ok {
						c.Props.Props["name"] = "[" + s.desc + "]"
					}
				}
				if o.acc[k] != nil {
					// The value replaces the accessor; the key keeps its place.
					delete(o.acc, k)
					o.Props[k] = v
					continue
				}
				o.set(k, v)
			case "get", "set":
				k, ok := in.propKey(in.eval(p.Key, sc, fr))
				fn, isFn := in.eval(p.Value, sc, fr).(*Closure)
				if !ok || !isFn {
					in.reason(e.Pos, "object literal %s property with a computed key", p.Kind)
					continue
				}
				a := o.accessorFor(k)
				if _, had := o.Props[k]; had {
					delete(o.Props, k) // the accessor replaces the value; the key keeps its place
				} else if !slices.Contains(o.Keys, k) {
					o.Keys = layout.InsertKey(o.Keys, k)
				}
				if p.Kind == "get" {
					a.get = fn
				} else {
					a.set = fn
				}
			case "spread":
				src := in.eval(p.Value, sc, fr)
				if src == nil || src == null {
					continue // spreads nothing
				}
				if s, ok := src.(*Object); ok && plainKeys(s) {
					for _, k := range append(slices.Clone(s.Keys), s.syms...) {
						o.set(k, s.Props[k])
					}
					continue
				}
				in.reason(e.Pos, "object spread of this value")
			default:
				in.reason(e.Pos, "object literal %s property", p.Kind)
			}
		}
		return o
	case *ir.FuncLit:
		if e.SelfBind {
			self := in.newScope(sc, false)
			c := &Closure{Fn: e.Func, Scope: self, born: in.epoch}
			self.declare(e.Func.Name, c, true)
			return c
		}
		c := &Closure{Fn: e.Func, Scope: sc, born: in.epoch}
		if e.Func.Arrow {
			c.This, c.Home, c.outer = fr.this, fr.home, fr
		}
		return c
	case *ir.Var:
		if e.Name == "arguments" && e.Kind == ir.Builtin {
			if a := in.arguments(fr); a != nil {
				return a
			}
		}
		return in.varValue(e, sc)
	case *ir.Member:
		if isSuper(e.Obj) {
			k, ok := toStr(in.eval(e.Prop, sc, fr))
			if !ok {
				return unknown{why: "computed member"}
			}
			return in.superMember(fr, k, e.Pos)
		}
		obj := in.eval(e.Obj, sc, fr)
		if e.Optional && (obj == nil || obj == null) {
			panic(optShort{})
		}
		k, ok := in.memberKey(e, sc, fr)
		if !ok {
			return unknown{why: "computed member"}
		}
		return in.getMember(obj, k, e.Pos)
	case *ir.OptChain:
		return in.optChain(e.X, sc, fr)
	case *ir.Call:
		return in.callExpr(e, sc, fr)
	case *ir.Op:
		return in.op(e, sc, fr)
	case *ir.Unary:
		return in.unary(e, sc, fr)
	case *ir.Binary:
		return in.binary(e.Op, in.eval(e.L, sc, fr), in.eval(e.R, sc, fr), e.Pos)
	case *ir.Logical:
		l := in.eval(e.L, sc, fr)
		switch e.Op {
		case "??":
			if _, u := l.(unknown); u {
				if in.fork(e.Pos, "'??'") {
					return l
				}
				return in.eval(e.R, sc, fr)
			}
			if l == nil || l == null {
				return in.eval(e.R, sc, fr)
			}
			return l
		}
		t, ok := truthy(l)
		if !ok {
			t = in.fork(e.Pos, "a logical operator")
		}
		if (e.Op == "&&") == t {
			return in.eval(e.R, sc, fr)
		}
		return l
	case *ir.Cond:
		if in.cond(e.Test, sc, fr, e.Pos, "a conditional expression") {
			return in.eval(e.Then, sc, fr)
		}
		return in.eval(e.Else, sc, fr)
	case *ir.AssignExpr:
		return in.assign(e.Op, e.Target, e.Value, sc, fr, e.Pos)
	case *ir.Sequence:
		var v Value
		for _, x := range e.List {
			v = in.eval(x, sc, fr)
		}
		return v
	case *ir.This:
		return fr.this
	case *ir.Unknown:
		in.reason(e.Pos, "not modelled: %s", e.Reason)
		return unknown{why: e.Reason}
	case *ir.Class:
		return in.makeClass(e, sc, fr)
	case *ir.Yield:
		var v Value
		if e.X != nil {
			v = in.eval(e.X, sc, fr)
		}
		if e.Delegate {
			return in.yieldStar(v, e.X, e.Pos)
		}
		return in.yield(v, false, e.Pos)
	case *ir.Spread:
		in.reason(e.Pos, "spread here is not modelled")
		return unknown{why: "spread"}
	case *ir.Meta:
		if e.Name == "new.target" {
			return fr.newTarget
		}
		if e.Name == "import.meta" && in.opts.Filename != "" {
			// The module's own path in the sandbox, as the runtime gives it.
			m := newObject()
			m.set("url", nodepath.FileURL(in.opts.Filename))
			if in.p.Has(loop.ImportMetaFilename) {
				m.set("filename", in.opts.Filename)
				m.set("dirname", path.Dir(in.opts.Filename))
			}
			return m
		}
		in.reason(e.Pos, "%s is not modelled", e.Name)
		return unknown{why: e.Name}
	case *ir.Super:
		in.reason(e.Pos, "super is not modelled")
		return unknown{why: "super"}
	}
	in.reason(ir.Pos{}, "expression %T is not modelled", e)
	return unknown{why: "expression"}
}

type optShort struct{}

func (in *Interp) optChain(x ir.Expr, sc *Scope, fr *frame) (v Value) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(optShort); !ok {
				panic(r)
			}
			v = nil
		}
	}()
	return in.eval(x, sc, fr)
}

func (in *Interp) constant(c *ir.Const) Value {
	switch c.Kind {
	case ir.Number:
		f, ok := numberValue(c.Value)
		if !ok {
			in.reason(c.Pos, "number literal %s", c.Value)
			return unknown{why: "number"}
		}
		return f
	case ir.String:
		return c.Value
	case ir.Bool:
		return c.Value == "true"
	case ir.Null:
		return null
	case ir.Undefined:
		return nil
	case ir.Regexp:
		return in.regexpLiteral(c.Value, c.Pos)
	case ir.BigInt:
		in.reason(c.Pos, "BigInt values are left to the runtime (the interpreter does not model them)")
		return unknown{why: "BigInt"}
	}
	in.reason(c.Pos, "%s literals are not modelled", c.Kind)
	return unknown{why: string(c.Kind)}
}

// numberValue is a number literal's value (decimal, hex, octal, binary;
// numeric separators allowed).
func numberValue(lit string) (float64, bool) {
	s := strings.ReplaceAll(lit, "_", "")
	if digits, base := radixDigits(s); base != 10 {
		n, _ := strconv.ParseUint(digits, base, 64)
		return float64(n), true
	}
	f, err := strconv.ParseFloat(s, 64)
	return f, err == nil
}

// radixDigits splits a numeric literal's 0x/0o/0b prefix off: its digits
// and base (10 and s itself without one).
func radixDigits(s string) (string, int) {
	if len(s) > 2 && s[0] == '0' {
		switch s[1] {
		case 'x', 'X':
			return s[2:], 16
		case 'o', 'O':
			return s[2:], 8
		case 'b', 'B':
			return s[2:], 2
		}
	}
	return s, 10
}

func (in *Interp) varValue(v *ir.Var, sc *Scope) Value {
	if c := sc.lookup(v.Name); c != nil {
		if _, tdz := c.v.(tdzT); tdz {
			in.throwTDZ(v.Name)
		}
		return c.v
	}
	if in.absent(v.Name) {
		panic(&Thrown{V: in.newError("ReferenceError", v.Name+" is not defined")})
	}
	if b, ok := in.libGlobal(v.Name); ok {
		return b
	}
	if b, ok := in.builtins[v.Name]; ok {
		return b
	}
	if t, global := in.p.Global(v.Name); v.Kind == ir.Builtin || global {
		if g := in.opaqueGlobal(v.Name, t); global && g != nil {
			return g
		}
		in.reason(v.Pos, "builtin %s is not modelled", v.Name)
		return unknown{why: v.Name, typ: t}
	}
	panic(&Thrown{V: in.newError("ReferenceError", v.Name+" is not defined")})
}

func (in *Interp) throwTDZ(name string) {
	msg := name + " is not defined"
	if in.p.Has(loop.V8TDZMessage) {
		msg = "Cannot access '" + name + "' before initialization"
	}
	panic(&Thrown{V: in.newError("ReferenceError", msg)})
}

// absent reports a global this Node version does not have (the profile's
// feature table, as the runtime strips them).
func (in *Interp) absent(name string) bool { return in.p.Absent(name) }

// opFunctions are globals the IR turns into operations when called; as
// values they are functions.
var opFunctions = map[string]bool{"setTimeout": true, "setInterval": true, "setImmediate": true,
	"clearTimeout": true, "clearInterval": true, "clearImmediate": true, "queueMicrotask": true}

func (in *Interp) assign(op string, t ir.Pattern, x ir.Expr, sc *Scope, fr *frame, pos ir.Pos) Value {
	if op == "=" {
		v := in.eval(x, sc, fr)
		in.assignPattern(t, v, sc, fr, pos)
		return v
	}
	old := in.load(t, sc, fr, pos)
	switch op {
	case "&&=", "||=", "??=":
		var keep bool
		switch op {
		case "??=":
			keep = old != nil && old != null
		default:
			tr, ok := truthy(old)
			if !ok {
				tr = in.fork(pos, "a logical assignment")
			}
			keep = tr == (op == "||=")
		}
		if keep {
			return old
		}
		v := in.eval(x, sc, fr)
		in.store(t, v, sc, fr, pos)
		return v
	}
	v := in.binary(strings.TrimSuffix(op, "="), old, in.eval(x, sc, fr), pos)
	in.store(t, v, sc, fr, pos)
	return v
}

// load reads a simple target (for compound assignment and ++).
func (in *Interp) load(t ir.Pattern, sc *Scope, fr *frame, pos ir.Pos) Value {
	switch t := t.(type) {
	case *ir.Var:
		return in.eval(t, sc, fr)
	case *ir.Member:
		return in.eval(t, sc, fr)
	}
	in.reason(pos, "compound assignment to a pattern")
	return unknown{why: "pattern"}
}

func (in *Interp) store(t ir.Pattern, v Value, sc *Scope, fr *frame, pos ir.Pos) {
	switch t := t.(type) {
	case *ir.Var:
		if c := sc.lookup(t.Name); c != nil {
			if _, tdz := c.v.(tdzT); tdz {
				in.throwTDZ(t.Name)
			}
			if c.konst {
				in.throwType(pos, "Assignment to constant variable.")
			}
			in.mutCell(c, v)
			c.v = v
			in.syncArgs(fr, c, v)
			return
		}
		if fr.strict {
			panic(&Thrown{V: in.newError("ReferenceError", t.Name+" is not defined")})
		}
		in.setGlobal(t.Name, v, pos)
	case *ir.Member:
		obj := in.eval(t.Obj, sc, fr)
		k, ok := in.memberKey(t, sc, fr)
		if !ok {
			in.reason(pos, "assignment to a computed member")
			return
		}
		in.setMember(obj, k, v, pos)
	default:
		in.destructure(t, v, sc, fr, pos, func(p ir.Pattern, v Value) { in.store(p, v, sc, fr, pos) })
	}
}

// taggedTemplate is tag`...`: the tag gets the cooked strings (with
// .raw, both frozen) and the substitutions; a member tag gets its object
// as this.
func (in *Interp) taggedTemplate(e *ir.Template, sc *Scope, fr *frame) Value {
	var this, fn Value
	if m, ok := e.Tag.(*ir.Member); ok {
		this = in.eval(m.Obj, sc, fr)
		k, ok := in.memberKey(m, sc, fr)
		if !ok {
			in.reason(e.Pos, "a tag read through a computed member")
			return unknown{why: "tagged template"}
		}
		fn = in.getMember(this, k, e.Pos)
	} else {
		fn = in.eval(e.Tag, sc, fr)
	}
	cooked := make([]Value, len(e.Quasis))
	raw := make([]Value, len(e.Raw))
	for i, q := range e.Quasis {
		cooked[i] = q
		if i < len(e.Invalid) && e.Invalid[i] {
			cooked[i] = nil
		}
	}
	for i, r := range e.Raw {
		raw[i] = strings.ReplaceAll(strings.ReplaceAll(r, "\r\n", "\n"), "\r", "\n") // line ends normalize
	}
	strs := newArray(cooked)
	rawArr := newArray(raw)
	rawArr.frozen = true
	strs.Props["raw"] = rawArr // not enumerable
	strs.frozen = true
	args := []Value{strs}
	for _, x := range e.Exprs {
		args = append(args, in.eval(x, sc, fr))
	}
	if !isCallable(fn) {
		in.throwTypeVague()
	}
	return in.call(fn, this, args, e.Pos)
}

// inheritedSetter finds the accessor for k on o's class chain or
// prototype objects: its setter (nil for a getter alone); found is false
// when none (or a data property comes first).
func (in *Interp) inheritedSetter(o *Object, k string) (Value, bool) {
	if o.Proto != nil {
		var set Value
		found := false
		o.Proto.chain(func(c *ClassVal) bool {
			if s, ok := c.Setters[k]; ok {
				set, found = s, true
				return true
			}
			if _, ok := c.Getters[k]; ok {
				found = true
				return true
			}
			_, m := c.Methods[k]
			return m
		})
		return set, found
	}
	for p, depth := in.nextProto(o), 0; p != nil && depth < 1000; p, depth = in.nextProto(p), depth+1 {
		if a := p.acc[k]; a != nil {
			return a.set, true
		}
		if _, ok := p.Props[k]; ok {
			return nil, false
		}
	}
	return nil, false
}

// deleteMember is delete o.k / delete o[k] on the snippet's plain objects,
// arrays (a hole) and class instances; other operands are a reason.
func (in *Interp) deleteMember(e *ir.Unary, sc *Scope, fr *frame) (res Value) {
	if oc, ok := e.X.(*ir.OptChain); ok {
		if m, ok := oc.X.(*ir.Member); ok {
			// delete o?.a?.b: true when the chain short-circuits.
			defer func() {
				if r := recover(); r != nil {
					if _, ok := r.(optShort); !ok {
						panic(r)
					}
					res = true
				}
			}()
			return in.deleteOf(e, m, sc, fr)
		}
	}
	m, ok := e.X.(*ir.Member)
	if !ok {
		in.eval(e.X, sc, fr)
		if _, isVar := e.X.(*ir.Var); isVar {
			in.reason(e.Pos, "delete of a variable is not modelled")
		}
		return true // delete of a non-reference
	}
	return in.deleteOf(e, m, sc, fr)
}

// deleteOf is delete m.
func (in *Interp) deleteOf(e *ir.Unary, m *ir.Member, sc *Scope, fr *frame) Value {
	obj := in.eval(m.Obj, sc, fr)
	if m.Optional && (obj == nil || obj == null) {
		panic(optShort{})
	}
	k, ok := in.memberKey(m, sc, fr)
	if !ok {
		in.reason(e.Pos, "delete of a computed member")
		return unknown{why: "delete"}
	}
	o, isObject := obj.(*Object)
	switch {
	case obj == in.globalObj && in.globals.vars[k] != nil:
		// An implicit global is configurable (a top-level var, which
		// would not be, is the module's).
		in.mut(in.globals.born)
		delete(in.globals.vars, k)
		return true
	case obj == nil || obj == null:
		in.throwType(e.Pos, "Cannot convert undefined or null to object")
	case !isObject:
		if _, u := obj.(unknown); u || isCallable(obj) {
			in.reason(e.Pos, "delete on this value is not modelled")
			return unknown{why: "delete"}
		}
		return true // a primitive's property: nothing to delete
	case o.frozen || o.gen != nil || o.coll != nil || o.rx != nil || o.amap != nil || o.readonly[k]:
		in.reason(e.Pos, "delete on this object is not modelled")
		return unknown{why: "delete"}
	}
	in.mut(o.born)
	if o.Arr {
		if k == "length" {
			return false // not configurable: sloppy code gets false
		}
		if i, idx := layout.ArrayIndex(k); idx {
			if int(i) < len(o.Elems) {
				o.Elems[i] = nil
				o.addHoles(int(i), int(i)+1)
			}
			return true
		}
	}
	if _, has := o.Props["[[stack]]"]; has && k == "stack" {
		// Without its stack an error prints as [Error: message].
		delete(o.Props, "[[stack]]")
		o.Props["[[stackless]]"] = true
	}
	in.deleteProp(o, k) // a class's method too, from C.prototype
	return true
}

func (in *Interp) setMember(obj Value, k string, v Value, pos ir.Pos) {
	switch o := obj.(type) {
	case *Object:
		in.mut(o.born)
	case *Closure:
		in.mut(o.born)
	case *Native:
		if o.made {
			in.mut(o.own.born)
		} else {
			in.mut(0) // builtins: old
		}
	default:
		in.mut(0) // classes: old
	}
	switch o := obj.(type) {
	case *Object:
		if o.Class == "Arguments" && o.Arr {
			// Its length is its own property, which a write past it does
			// not move (and writing it is not modelled).
			if i, err := strconv.Atoi(k); k == "length" || err == nil && i >= len(o.Elems) {
				in.reason(pos, "a write to arguments' length or past it")
				return
			}
		}
		if o.amap != nil {
			// A mapped arguments object: arguments[i] writes parameter i.
			if i, err := strconv.Atoi(k); err == nil && i >= 0 && i < len(o.amap.names) {
				if c := o.amap.scope.vars[o.amap.names[i]]; c != nil {
					in.mut(c.born)
					c.v = v
				}
			}
		}
		if o.frozen || o.readonly[k] {
			// Ignored in sloppy code, a TypeError in strict code.
			in.reason(pos, "assignment to a read-only property")
			return
		}
		if a := o.acc[k]; a != nil {
			if a.set == nil {
				in.reason(pos, "assignment to a property with only a getter")
				return
			}
			in.call(a.set, o, []Value{v}, pos)
			return
		}
		if o.Arr && k == "length" {
			// Truncation, or growth with holes.
			n, ok := v.(float64)
			if !ok || n != math.Trunc(n) || n < 0 || n > 1<<20 {
				in.reason(pos, "setting an array's length to this value is not modelled")
				return
			}
			if int(n) > len(o.Elems) {
				if n > 1e5 {
					in.reason(pos, "growing an array past 100000 entries is not modelled")
					return
				}
				o.addHoles(len(o.Elems), int(n))
				o.Elems = append(o.Elems, make([]Value, int(n)-len(o.Elems))...)
			}
			o.truncate(int(n))
			return
		}
		if i, ok := layout.ArrayIndex(k); o.Arr && ok && int(i) > len(o.Elems) {
			if i >= 1e5 {
				in.reason(pos, "an array write far past its end is not modelled")
				return
			}
		}
		if _, own := o.Props[k]; !own && !o.Arr {
			// An accessor up the chain takes the write.
			if set, found := in.inheritedSetter(o, k); found {
				if set == nil {
					in.reason(pos, "assignment to a property with only a getter")
					return
				}
				in.call(set, o, []Value{v}, pos)
				return
			}
		}
		o.set(k, v)
	case *Closure:
		in.setOwn(in.bagOf(o), o, k, v, pos)
	case nil, nullT:
		in.propertyError("set", o, k)
	case unknown:
		in.reason(pos, "assignment to a property of an unknown value")
	case *Native:
		if o == in.globalObj {
			in.setGlobal(k, v, pos)
			return
		}
		if o.made {
			in.setOwn(o.own, o, k, v, pos)
			return
		}
		in.reason(pos, "assignment to %s.%s", o.Name, k)
	case *ClassVal:
		if k == "name" || k == "length" || k == "prototype" {
			in.reason(pos, "assignment to %s.%s is not modelled", o.Name, in.keyName(k))
			return
		}
		var acc *accessor
		o.chain(func(k2 *ClassVal) bool { acc = k2.Statics.acc[k]; return acc != nil })
		if acc != nil {
			if acc.set == nil {
				in.reason(pos, "assignment to a static property with only a getter")
				return
			}
			in.call(acc.set, o, []Value{v}, pos)
			return
		}
		// A static data property: the class's own, shadowing a parent's.
		o.Statics.set(k, v)
	case float64, string, bool, timeVal, timeDiff:
		// primitives ignore property writes in sloppy mode
	default:
		// A promise, a timer, a class...: a write the model would lose
		// (a promise's own then changes how it is adopted).
		in.reason(pos, "assignment to a property of this value (%s) is not modelled", k)
	}
}

func (in *Interp) unary(e *ir.Unary, sc *Scope, fr *frame) Value {
	switch e.Op {
	case "++", "--":
		t, ok := e.X.(ir.Pattern)
		if !ok {
			in.reason(e.Pos, "update of a non-target")
			return unknown{why: "update"}
		}
		old := in.load(t, sc, fr, e.Pos)
		n, ok := toNumber(old)
		if !ok {
			in.store(t, unknown{why: "update"}, sc, fr, e.Pos)
			return unknown{why: "update"}
		}
		nv := n + 1
		if e.Op == "--" {
			nv = n - 1
		}
		in.store(t, nv, sc, fr, e.Pos)
		if e.Postfix {
			return n
		}
		return nv
	case "typeof":
		var v Value
		vr, isVar := e.X.(*ir.Var)
		switch {
		case isVar && (vr.Kind == ir.Global || vr.Kind == ir.Builtin) && sc.lookup(vr.Name) == nil:
			// typeof of an undeclared name: what the release's global
			// object has, its measured type where the predictor does
			// not model it, else undefined.
			in.libGlobal(vr.Name)
			switch b := in.builtins[vr.Name]; {
			case in.absent(vr.Name):
				return "undefined"
			case opFunctions[vr.Name]:
				return "function"
			case b != nil:
				v = b
			case in.globalType(vr.Name) != "":
				return in.globalType(vr.Name)
			case vr.Kind == ir.Global:
				return "undefined"
			default:
				v = in.eval(e.X, sc, fr)
			}
		case isVar && vr.Kind == ir.Global:
			v = sc.lookup(vr.Name).v
		default:
			v = in.eval(e.X, sc, fr)
		}
		t := typeOf(v)
		if t == "" {
			return unknown{why: "typeof"}
		}
		return t
	case "delete":
		return in.deleteMember(e, sc, fr)
	}
	v := in.eval(e.X, sc, fr)
	switch e.Op {
	case "!":
		t, ok := truthy(v)
		if !ok {
			return unknown{why: "!"}
		}
		return !t
	case "void":
		return nil
	case "-", "+", "~":
		if d, ok := v.(*dateObj); ok {
			v = d.num()
		}
		switch v.(type) {
		case *Object, *timerHandle:
			var ok bool
			if v, ok = in.toPrimitive(v, "number", e.Pos); !ok {
				return unknown{why: "unary"}
			}
		}
		if t, ok := v.(timeVal); ok && e.Op == "+" {
			return t // +Date.now(), +new Date(): still the reading
		}
		n, ok := toNumber(v)
		if !ok {
			return unknown{why: "unary"}
		}
		switch e.Op {
		case "-":
			return -n
		case "~":
			return float64(^toInt32(n))
		}
		return n
	}
	in.reason(e.Pos, "operator %s", e.Op)
	return unknown{why: e.Op}
}

func toInt32(f float64) int32 {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return 0
	}
	return int32(uint32(int64(math.Trunc(f))))
}

// dateNumeric are the operators that take a Date as its number.
var dateNumeric = map[string]bool{"-": true, "*": true, "/": true, "%": true, "**": true, "<": true, ">": true,
	"<=": true, ">=": true, "&": true, "|": true, "^": true, "<<": true, ">>": true, ">>>": true}

func (in *Interp) binary(op string, a, b Value, pos ir.Pos) Value {
	// A Date is its reading in arithmetic and comparisons; + joins its
	// text (hint "default" is string for a Date), which is not modelled.
	_, da := a.(*dateObj)
	_, db := b.(*dateObj)
	switch {
	case !da && !db:
	case op == "+":
		in.reason(pos, "a Date's text is not modelled")
		return unknown{why: "Date text"}
	case !dateNumeric[op]:
	default:
		if d, ok := a.(*dateObj); ok {
			a = d.num()
		}
		if d, ok := b.(*dateObj); ok {
			b = d.num()
		}
	}
	// Clock arithmetic and comparisons.
	if r, ok := in.timeOp(op, a, b, pos); ok {
		return r
	}
	_, ua := a.(unknown)
	_, ub := b.(unknown)
	switch op {
	case "===", "!==", "==", "!=":
		var eq, ok bool
		if op[0] == '=' && len(op) == 3 || op == "!==" {
			eq, ok = strictEq(a, b)
		} else {
			// An object against a primitive compares as its primitive.
			_, oa := a.(*Object)
			_, ob := b.(*Object)
			prim := func(v Value) bool {
				switch v.(type) {
				case float64, string, bool, *symbolVal:
					return true
				}
				return false
			}
			switch {
			case oa && prim(b):
				if a, ok = in.toPrimitive(a, "default", pos); !ok {
					return unknown{why: "equality"}
				}
			case ob && prim(a):
				if b, ok = in.toPrimitive(b, "default", pos); !ok {
					return unknown{why: "equality"}
				}
			}
			eq, ok = looseEq(a, b)
		}
		if !ok {
			return unknown{why: "equality"}
		}
		if op[0] == '!' {
			return !eq
		}
		return eq
	case "instanceof":
		return in.instanceOf(a, b, pos)
	case "#in":
		// #x in o: o has the private field, or is an instance of a class
		// with the private method or accessor.
		o, ok := b.(*Object)
		name, _ := a.(string)
		if ub {
			return unknown{why: "in"}
		}
		if !ok {
			in.throwTypeVague()
		}
		k := privatePrefix + name
		if _, has := o.Props[k]; has {
			return true
		}
		found := false
		if o.Proto != nil {
			o.Proto.chain(func(c *ClassVal) bool {
				_, m := c.Methods[k]
				_, g := c.Getters[k]
				found = m || g
				return found
			})
		}
		return found
	case "in":
		o, ok := b.(*Object)
		k, ok2 := toStr(a)
		if !ok || !ok2 || strings.HasPrefix(k, "#") {
			// `#x in o` lowers to the string "#x": not told apart.
			return unknown{why: "in"}
		}
		return in.hasProperty(o, k)
	}
	if ua || ub {
		return unknown{why: "operand"}
	}
	if op == "+" {
		var ok1, ok2 bool
		a, ok1 = in.toPrimitive(a, "default", pos)
		b, ok2 = in.toPrimitive(b, "default", pos)
		if !ok1 || !ok2 {
			return unknown{why: "toPrimitive"}
		}
		pa, pb := toPrim(a), toPrim(b)
		_, sa := pa.(string)
		_, sb := pb.(string)
		if sa || sb || isObj(a) || isObj(b) {
			x, ok1 := toStr(a)
			y, ok2 := toStr(b)
			if !ok1 || !ok2 {
				return unknown{why: "concat"}
			}
			if in.tooLong(pos, len(x)+len(y), "a string") {
				return unknown{why: "concat", typ: "string"}
			}
			return x + y
		}
	}
	if _, o := a.(*Object); o {
		var ok bool
		if a, ok = in.toPrimitive(a, "number", pos); !ok {
			return unknown{why: "toPrimitive"}
		}
	}
	if _, o := b.(*Object); o {
		var ok bool
		if b, ok = in.toPrimitive(b, "number", pos); !ok {
			return unknown{why: "toPrimitive"}
		}
	}
	switch op {
	case "<", ">", "<=", ">=":
		sa, ok1 := a.(string)
		sb, ok2 := b.(string)
		if ok1 && ok2 {
			switch op {
			case "<":
				return utf16Less(sa, sb)
			case ">":
				return utf16Less(sb, sa)
			case "<=":
				return !utf16Less(sb, sa)
			}
			return !utf16Less(sa, sb)
		}
	}
	x, ok1 := toNumber(a)
	y, ok2 := toNumber(b)
	if !ok1 || !ok2 {
		return unknown{why: "arith"}
	}
	switch op {
	case "+":
		return x + y
	case "-":
		return x - y
	case "*":
		return x * y
	case "/":
		return x / y
	case "%":
		return math.Mod(x, y)
	case "**":
		if r, ok := jsPow(x, y); ok {
			return r
		}
		in.reason(pos, "%s ** %s (V8 computes such powers to a last digit that differs by release)", jsNum(x), jsNum(y))
		return unknown{why: "**"}
	case "<":
		return x < y
	case ">":
		return x > y
	case "<=":
		return x <= y
	case ">=":
		return x >= y
	case "&":
		return float64(toInt32(x) & toInt32(y))
	case "|":
		return float64(toInt32(x) | toInt32(y))
	case "^":
		return float64(toInt32(x) ^ toInt32(y))
	case "<<":
		return float64(toInt32(x) << (uint32(toInt32(y)) & 31))
	case ">>":
		return float64(toInt32(x) >> (uint32(toInt32(y)) & 31))
	case ">>>":
		return float64(uint32(toInt32(x)) >> (uint32(toInt32(y)) & 31))
	}
	in.reason(pos, "operator %s", op)
	return unknown{why: op}
}

func isObj(v Value) bool {
	switch v.(type) {
	case *Object, *Promise:
		return true
	}
	return false
}

func toPrim(v Value) Value {
	if isObj(v) {
		s, ok := toStr(v)
		if !ok {
			return unknown{why: "toPrimitive"}
		}
		return s
	}
	return v
}

// timeOp handles arithmetic and comparisons involving clock readings:
// each comparison is one question to the loop's clock.
func (in *Interp) timeOp(op string, a, b Value, pos ir.Pos) (Value, bool) {
	ta, aT := a.(timeVal)
	tb, bT := b.(timeVal)
	da, aD := a.(timeDiff)
	if !aT && !bT && !aD {
		if _, ok := b.(timeDiff); ok {
			in.reason(pos, "arithmetic on clock readings")
			return unknown{why: "time"}, true
		}
		return nil, false
	}
	if aT && bT && ta.clock != tb.clock {
		in.reason(pos, "readings of different clocks (Date.now(), performance.now(), a timer's _idleStart) count from different origins")
		return unknown{why: "time"}, true
	}
	num := func(v Value) (int64, bool) {
		f, ok := v.(float64)
		if !ok || f != math.Trunc(f) {
			return 0, false
		}
		return int64(f), true
	}
	clk := in.l.Clock()
	cmp := func(x, y timeVal) Value {
		if in.x != nil {
			in.x.Busy = "the clock comparison at " + pos.String()
			defer func() { in.x.Busy = "" }()
		}
		c := clk.Cmp(x.t, y.t)
		switch op {
		case "<":
			return c < 0
		case "<=":
			return c <= 0
		case ">":
			return c > 0
		case ">=":
			return c >= 0
		}
		return nil
	}
	switch {
	case aT && bT && op == "-":
		return timeDiff{ta.t, tb.t}, true
	case aT && op == "+" || aT && op == "-":
		if n, ok := num(b); ok {
			if op == "-" {
				n = -n
			}
			return timeVal{t: ta.t.Add(n), clock: ta.clock}, true
		}
	case bT && op == "+":
		if n, ok := num(a); ok {
			return timeVal{t: tb.t.Add(n), clock: tb.clock}, true
		}
	case aT && bT:
		if r := cmp(ta, tb); r != nil {
			return r, true
		}
	case aD:
		// (x - y) op n  <=>  x op y + n
		if n, ok := num(b); ok {
			if r := cmp(timeVal{t: da.a}, timeVal{t: da.b.Add(n)}); r != nil {
				return r, true
			}
		}
	}
	in.reason(pos, "clock readings used in '%s' beyond comparisons and offsets", op)
	return unknown{why: "time"}, true
}

// protoProp reports whether an object literal's property is `__proto__:
// v`, which sets the prototype (not a computed key, a method or the
// shorthand `{ __proto__ }`, which make an own property).
func protoProp(p ir.Prop) bool {
	if p.Kind != "value" || p.Computed || p.Short {
		return false
	}
	k, ok := p.Key.(*ir.Const)
	return ok && k.Kind == ir.String && k.Value == "__proto__"
}

// setOwn writes k on a function's own properties bag (recv is the
// function): a setter there takes the write, a read-only key ignores it.
func (in *Interp) setOwn(bag *Object, recv Value, k string, v Value, pos ir.Pos) {
	if a := bag.acc[k]; a != nil {
		if a.set == nil {
			in.reason(pos, "assignment to a property with only a getter")
			return
		}
		in.call(a.set, recv, []Value{v}, pos)
		return
	}
	if bag.readonly[k] || bag.frozen {
		in.reason(pos, "assignment to a read-only property")
		return
	}
	bag.set(k, v)
}
