package predict

import (
	"strings"

	"github.com/looplint/looplint/ir"
	"github.com/looplint/looplint/loop"
)

// Classes: a class value holds its constructor, prototype methods and
// getters, instance fields and statics; instances are Objects whose Proto
// is the class. EventEmitter is such a class with built-in methods, so a
// subclass works like any other (emit is synchronous).

// ClassVal is a class (or a built-in one: EventEmitter).
type ClassVal struct {
	Name    string
	Ctor    *Closure  // nil: the default constructor
	Parent  *ClassVal // nil: none
	Methods map[string]Value
	Getters map[string]*Closure
	Setters map[string]*Closure // nil until the class has one
	Fields  []classField
	Statics *Object
	native  bool // EventEmitter: instances get an emitter
	// errBase: the built-in Error class (Error, TypeError, ...) this
	// stands for as a parent; instances are errors of that class.
	errBase string
	// nullParent: extends null (instances print as [C: null prototype]).
	nullParent bool
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
			c.Statics.set(key, fn)
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
	if r := in.initInstance(c, o, args, pos); isObj(r) {
		return r // a constructor returning an object replaces the instance
	}
	return o
}

// initInstance runs c's constructor (and its parents') on o.
func (in *Interp) initInstance(c *ClassVal, o *Object, args []Value, pos ir.Pos) Value {
	switch {
	case c.native:
		o.emitter = &emitter{listeners: map[string][]listener{}, born: o.born}
		if opts, ok := arg(args, 0).(*Object); ok && in.p.Has(loop.EventsCaptureRejections) {
			switch v := opts.Props["captureRejections"]; v {
			case true:
				o.emitter.capture = true
			case nil, false:
			default:
				in.reason(pos, "captureRejections: %v is not modelled", v)
			}
		}
		return nil
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
		if c.Parent == nil {
			in.initFields(c, o)
		}
		return in.callFunc(c.Ctor, o, args)
	case c.Parent != nil:
		in.initInstance(c.Parent, o, args, pos)
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
		in.initInstance(p, o, args, pos)
	}
	in.initFields(fr.home, o)
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
	c.chain(func(k2 *ClassVal) bool {
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
	if !found && c.isEmitter() && !strings.HasPrefix(k, symbolPrefix) {
		// EventEmitter has more methods than the predictor models
		// (rawListeners, ...): never pretend they are missing. It has
		// no symbol-keyed ones a program can name.
		in.reason(pos, "EventEmitter.prototype.%s is not modelled", k)
		return unknown{why: k}, true
	}
	return v, found
}

// classMember is C.k: statics, inherited statics, name.
func (in *Interp) classMember(c *ClassVal, k string, pos ir.Pos) Value {
	var v Value
	found := false
	c.chain(func(k2 *ClassVal) bool {
		v, found = in.readProp(k2.Statics, k, c)
		return found
	})
	if found {
		return v
	}
	if c.isEmitter() && k == "once" && c.native && in.p.Has(loop.EventsOnce) {
		// require('events').once as a value (destructured, passed on).
		return native("once", func(_ Value, a []Value, p ir.Pos) Value { return in.eventsOnce(a, p) })
	}
	if c.isEmitter() && k == "on" && c.native && in.p.Has(loop.EventsOn) {
		return native("on", func(_ Value, a []Value, p ir.Pos) Value { return in.eventsOn(a, p) })
	}
	if c.isEmitter() && c.native && (k == "once" || k == "on") {
		return nil // a later release's (events.once 10.16/11.13, events.on 12.16/13.6)
	}
	if c.isEmitter() && k != "name" {
		in.reason(pos, "events.%s is not modelled", k)
		return unknown{why: k}
	}
	switch k {
	case "name":
		return c.Name
	case "prototype":
		in.reason(pos, "class prototypes are not modelled")
		return unknown{why: "prototype"}
	}
	return nil
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
