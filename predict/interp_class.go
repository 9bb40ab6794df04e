package predict

import (
	"github.com/looplint/looplint/ir"
	"github.com/looplint/looplint/loop"
)

// Classes: a class value holds its constructor, prototype methods and
// getters, instance fields and statics; instances are Objects whose Proto
// is the class.

// ClassVal is a class.
type ClassVal struct {
	Name    string
	Ctor    *Closure  // nil: the default constructor
	Parent  *ClassVal // nil: none
	Methods map[string]Value
	Getters map[string]*Closure
	Setters map[string]*Closure // nil until the class has one
	Fields  []classField
	Statics *Object
	// errBase: the built-in Error class (Error, TypeError, ...) this
	// stands for as a parent; instances are errors of that class.
	errBase string
	// nullParent: extends null (instances print as [C: null prototype]).
	nullParent bool
	// parentFn: extends a plain function (function F() {}): the root
	// class's super() calls it and its prototype object ends the chain.
	parentFn *Closure
	// proto is C.prototype as an object, made when first asked for.
	proto *Object
}

type classField struct {
	key  string
	init *Closure // nil: undefined
}

// chain calls f on c and its ancestors until f returns true.
func (c *ClassVal) chain(f func(*ClassVal) bool) {
	for k := c; k != nil; k = k.Parent {
		if f(k) {
			return
		}
	}
}

func (in *Interp) makeClass(e *ir.Class, sc *Scope, fr *frame) Value {
	c := &ClassVal{Name: e.Name, Methods: map[string]Value{}, Getters: map[string]*Closure{}, Statics: newObject()}
	cs := in.newScope(sc, false)
	if e.Name != "" && !e.Inferred {
		cs.declare(e.Name, c, true)
	}
	if e.Extends != nil {
		switch p := in.eval(e.Extends, sc, fr).(type) {
		case *ClassVal:
			c.Parent = p
		case *Closure:
			if !constructible(p) {
				in.throwType(e.Pos, "Class extends value "+p.Fn.Name+" is not a constructor or null")
			}
			c.parentFn = p
		case nil, nullT:
			// extends null: no parent constructor to call
			c.nullParent = true
		case *Native:
			if p.Props["[[ctor]]"] != true || !isErrorClass(p.Name) {
				in.reason(e.Pos, "a class extending something that is not a known class")
				break
			}
			c.Parent = &ClassVal{Name: p.Name, Methods: map[string]Value{}, Getters: map[string]*Closure{}, Statics: newObject(), errBase: p.Name}
		default:
			in.reason(e.Pos, "a class extending something that is not a known class")
			return unknown{why: "class"}
		}
	}
	if e.Ctor != nil {
		c.Ctor = &Closure{Fn: e.Ctor, Scope: cs, Home: c}
	}
	for _, m := range e.Members {
		key := ""
		if m.Key != nil {
			k, ok := in.propKey(in.eval(m.Key, cs, fr))
			if !ok {
				in.reason(m.Pos, "a class member with an unknown computed name")
				continue
			}
			key = privateKey(k, m.Computed)
		}
		var fn *Closure
		if m.Func != nil {
			fn = &Closure{Fn: m.Func, Scope: cs, Home: c}
		}
		switch {
		case m.Kind == "static-block":
			in.callFunc(fn, c, nil)
		case m.Kind == "field" && m.Static:
			var v Value
			if fn != nil {
				v = in.callFunc(fn, c, nil)
			}
			c.Statics.set(key, v)
		case m.Kind == "field":
			c.Fields = append(c.Fields, classField{key: key, init: fn})
		case m.Kind == "method" && m.Static:
			// Not enumerable: kept out of the statics' keys.
			c.Statics.Props[key] = fn
			c.Statics.hidden = append(c.Statics.hidden, key)
		case m.Kind == "method":
			c.Methods[key] = fn
		case m.Kind == "get" && !m.Static:
			c.Getters[key] = fn
		case m.Kind == "set" && !m.Static:
			if c.Setters == nil {
				c.Setters = map[string]*Closure{}
			}
			c.Setters[key] = fn
		case m.Static && (m.Kind == "get" || m.Kind == "set"):
			// Not enumerable: kept out of the statics' keys.
			if c.Statics.acc == nil {
				c.Statics.acc = map[string]*accessor{}
			}
			a := c.Statics.acc[key]
			if a == nil {
				a = &accessor{}
				c.Statics.acc[key] = a
			}
			if m.Kind == "get" {
				a.get = fn
			} else {
				a.set = fn
			}
		default:
			in.reason(m.Pos, "%s %s accessors are not modelled", map[bool]string{true: "static", false: "instance"}[m.Static], m.Kind)
		}
	}
	return c
}

// newInstance is `new C(...args)`.
func (in *Interp) newInstance(c *ClassVal, args []Value, pos ir.Pos) Value {
	o := newObject()
	o.born = in.epoch
	o.Class = c.Name
	o.Proto = c
	if r := in.initInstance(c, o, args, pos, c); isObj(r) {
		return r // a constructor returning an object replaces the instance
	}
	return o
}

// initInstance runs c's constructor (and its parents') on o, made by
// new target.
func (in *Interp) initInstance(c *ClassVal, o *Object, args []Value, pos ir.Pos, target Value) Value {
	switch {
	case c.errBase != "":
		// The Error constructor on a subclass instance: an own,
		// non-enumerable message when one is given, and the cause.
		o.errClass = c.errBase
		if v := arg(args, 0); v != nil {
			m, ok := toStr(v)
			if !ok {
				o.Props["message"] = unknown{why: "error message"}
			} else {
				o.Props["message"] = m
			}
		}
		if opts, ok := arg(args, 1).(*Object); ok {
			if cause, has := opts.Props["cause"]; has {
				if !in.p.Has(loop.ErrorCause) {
					in.reason(pos, "the cause option before Node 16.9 is not modelled")
				} else {
					o.Props["cause"] = cause
				}
			}
		}
		return nil
	case c.Ctor != nil:
		if c.Parent == nil && c.parentFn == nil {
			in.initFields(c, o)
		}
		in.newTarget = target
		return in.callFunc(c.Ctor, o, args)
	case c.Parent != nil:
		in.initInstance(c.Parent, o, args, pos, target)
	case c.parentFn != nil:
		in.callParentFn(c.parentFn, o, args, pos, target)
	}
	in.initFields(c, o)
	return nil
}

func (in *Interp) initFields(c *ClassVal, o *Object) {
	for _, f := range c.Fields {
		var v Value
		if f.init != nil {
			v = in.callFunc(f.init, o, nil)
		}
		o.set(f.key, v)
	}
}

// superCall is super(...args) in a derived constructor.
func (in *Interp) superCall(fr *frame, args []Value, pos ir.Pos) Value {
	o, ok := fr.this.(*Object)
	if !ok || fr.home == nil {
		in.reason(pos, "super() outside a known class constructor")
		return unknown{why: "super"}
	}
	if p := fr.home.Parent; p != nil {
		in.initInstance(p, o, args, pos, fr.newTarget)
	} else if f := fr.home.parentFn; f != nil {
		in.callParentFn(f, o, args, pos, fr.newTarget)
	}
	in.initFields(fr.home, o)
	return nil
}

// callParentFn is super(...args) reaching a plain function.
func (in *Interp) callParentFn(f *Closure, o *Object, args []Value, pos ir.Pos, target Value) {
	if isLib(f.Fn.Pos) && !isLib(pos) && pos.Line > 0 {
		prev := in.site
		in.site = pos
		defer func() { in.site = prev }()
	}
	in.newTarget = target
	if r := in.callFunc(f, o, args); isObj(r) || isCallable(r) {
		in.reason(pos, "a parent constructor that returns an object is not modelled")
	}
}

// rootFn is the plain function at the end of c's class chain, if any.
func (c *ClassVal) rootFn() *Closure {
	for k := c; k != nil; k = k.Parent {
		if k.parentFn != nil {
			return k.parentFn
		}
	}
	return nil
}

// classProto is C.prototype: an object whose own properties come before
// the class's methods for C's instances (C.prototype.x = ...). A derived
// class's is, as in JavaScript, an instance of what it extends (which
// names it when printed).
func (in *Interp) classProto(c *ClassVal) *Object {
	if c.proto == nil {
		c.proto = newObject()
		c.proto.protoOf = c
		c.proto.Props["constructor"] = c // not enumerable: not in Keys
		switch {
		case c.Parent != nil:
			c.proto.Proto, c.proto.Class = c.Parent, c.Parent.Name
		case c.parentFn != nil:
			c.proto.ctor = c.parentFn
		}
	}
	return c.proto
}

// protoAbove is what C.prototype inherits from: the parent class's
// prototype, the parent function's, or Object.prototype (nil).
func (in *Interp) protoAbove(c *ClassVal) *Object {
	switch {
	case c.Parent != nil:
		return in.classProto(c.Parent)
	case c.parentFn != nil:
		return in.protoObject(c.parentFn)
	}
	return nil
}

// superMember is super.k: the parent's prototype member.
func (in *Interp) superMember(fr *frame, k string, pos ir.Pos) Value {
	if fr.home == nil || fr.home.Parent == nil {
		in.reason(pos, "super outside a known class method")
		return unknown{why: "super"}
	}
	if v, ok := in.protoMember(fr.home.Parent, fr.this, k, pos); ok {
		return v
	}
	return nil
}

// protoMember looks k up along c's prototype chain for receiver this.
func (in *Interp) protoMember(c *ClassVal, this Value, k string, pos ir.Pos) (v Value, found bool) {
	if k == "constructor" && c.proto == nil {
		// Every class's prototype has its own constructor; a base class
		// whose prototype was written to is not where it is found.
		return c, true
	}
	c.chain(func(k2 *ClassVal) bool {
		if k2.proto != nil {
			if v, found = in.readProp(k2.proto, k, this); found {
				return true
			}
		}
		if g, ok := k2.Getters[k]; ok {
			v, found = in.callFunc(g, this, nil), true
			return true
		}
		if m, ok := k2.Methods[k]; ok {
			v, found = m, true
			return true
		}
		return false
	})
	if !found && k == "constructor" {
		return c, true
	}
	if f := c.rootFn(); !found && f != nil {
		p := in.protoObject(f)
		if v, found = in.readProp(p, k, this); !found {
			v, found = in.inherited(p, k, this, pos)
		}
	}
	return v, found
}

// classMember is C.k: statics, inherited statics, name.
func (in *Interp) classMember(c *ClassVal, k string, pos ir.Pos) Value {
	if v, ok := in.readProp(c.Statics, k, c); ok {
		return v
	}
	switch k { // its own, before what it inherits
	case "name":
		return c.Name
	case "prototype":
		return in.classProto(c)
	}
	var v Value
	found := false
	c.chain(func(k2 *ClassVal) bool {
		v, found = in.readProp(k2.Statics, k, c)
		return found
	})
	if found {
		return v
	}
	if f := c.rootFn(); f != nil && f.Props != nil {
		if v, ok := in.readProp(f.Props, k, c); ok {
			return v
		}
	}
	return in.fnProtoMember(k, pos)
}

// instanceOfClass is o instanceof c.
func instanceOfClass(a Value, c *ClassVal) bool {
	o, ok := a.(*Object)
	if !ok || o.Proto == nil {
		return false
	}
	found := false
	o.Proto.chain(func(k *ClassVal) bool {
		found = k == c
		return found
	})
	return found
}
