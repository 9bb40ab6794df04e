package predict

import (
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/looplint/looplint/ir"
	"github.com/looplint/looplint/runtime/inspect/layout"
)

// Property descriptors and reflection (Object.defineProperty and its
// kin, Reflect, Function.prototype), which Node's library in JavaScript
// (runtime/jslib) builds its objects with.

// bagOf is the object holding v's own properties: an object itself, a
// function's Props (made on first use), a class's statics, a native's
// own properties; nil for values whose properties are not kept.
func (in *Interp) bagOf(v Value) *Object {
	switch x := v.(type) {
	case *Object:
		return x
	case *Closure:
		if x.Props == nil {
			x.Props = newObject()
			x.Props.born = x.born
		}
		return x.Props
	case *ClassVal:
		return x.Statics
	case *Native:
		if x.own == nil && x != in.globalObj {
			x.own = newObject()
		}
		return x.own
	}
	return nil
}

// descriptor is a property descriptor read from an object.
type descriptor struct {
	value, get, set                        Value
	hasValue, hasGet, hasSet               bool
	enum, writable, config                 bool
	hasEnum, hasWritable, hasConfig, isAcc bool
}

// toDescriptor is ToPropertyDescriptor: false (after a throw or reason)
// when d is not an object or its fields are not known.
func (in *Interp) toDescriptor(v Value, pos ir.Pos) (descriptor, bool) {
	var d descriptor
	if !isObject(v) {
		in.throwType(pos, "Property description must be an object")
	}
	has := func(k string) (Value, bool) {
		h := in.hasMember(v, k)
		b, ok := h.(bool)
		if !ok {
			in.reason(pos, "a property descriptor the predictor does not know")
			return nil, false
		}
		if !b {
			return nil, false
		}
		return in.getMember(v, k, pos), true
	}
	flag := func(k string, dst, seen *bool) bool {
		x, ok := has(k)
		if !ok {
			return true
		}
		t, known := truthy(x)
		if !known {
			in.reason(pos, "a property descriptor's %s is not known", k)
			return false
		}
		*dst, *seen = t, true
		return true
	}
	if !flag("enumerable", &d.enum, &d.hasEnum) || !flag("configurable", &d.config, &d.hasConfig) {
		return d, false
	}
	d.value, d.hasValue = has("value")
	if !flag("writable", &d.writable, &d.hasWritable) {
		return d, false
	}
	d.get, d.hasGet = has("get")
	d.set, d.hasSet = has("set")
	for _, f := range []struct {
		v   Value
		has bool
	}{{d.get, d.hasGet}, {d.set, d.hasSet}} {
		if f.has && f.v != nil && !isCallable(f.v) {
			if _, u := f.v.(unknown); u {
				in.reason(pos, "a property descriptor's accessor is not known")
				return d, false
			}
			in.throwType(pos, "Getter must be a function")
		}
	}
	d.isAcc = d.hasGet || d.hasSet
	if d.isAcc && (d.hasValue || d.hasWritable) {
		in.throwType(pos, "Invalid property descriptor. Cannot both specify accessors and a value or writable attribute")
	}
	return d, true
}

// hasMember is k in v for any value (HasProperty).
func (in *Interp) hasMember(v Value, k string) Value {
	if o, ok := v.(*Object); ok {
		return in.hasProperty(o, k)
	}
	if b := in.bagOf(v); b != nil {
		if _, ok := b.Props[k]; ok || b.acc[k] != nil {
			return true
		}
	}
	return unknown{why: "in"}
}

// ownKind classifies an own property of a bag.
func ownKind(o *Object, k string) (exists, enum bool) {
	if a := o.acc[k]; a != nil {
		return true, slices.Contains(o.Keys, k) || slices.Contains(o.syms, k)
	}
	if _, ok := o.Props[k]; ok {
		return true, slices.Contains(o.Keys, k) || slices.Contains(o.syms, k)
	}
	return false, false
}

// defineOwn is [[DefineOwnProperty]] of k on v by descriptor d.
func (in *Interp) defineOwn(target, key Value, d descriptor, pos ir.Pos) {
	k, ok := in.propKey(key)
	if !ok {
		in.reason(pos, "Object.defineProperty with an unknown key")
		return
	}
	if n, ok := target.(*Native); ok && !n.made && !isLib(pos) {
		// A built-in the program changes: the ops the IR made of it
		// (console.log, setTimeout) would not see the change.
		in.reason(pos, "Object.defineProperty on %s is not modelled", n.Name)
		return
	}
	o := in.bagOf(target)
	if x, isO := target.(*Object); isO && (x.Arr || x.gen != nil || x.coll != nil || x.rx != nil || isIterator(x) || x.Class == "Arguments" || x.amap != nil) {
		o = nil
	}
	if o == nil {
		if _, u := target.(unknown); !u && !isObject(target) {
			in.throwType(pos, "Object.defineProperty called on non-object")
		}
		in.reason(pos, "Object.defineProperty on this value is not modelled")
		return
	}
	in.mut(o.born)
	if c, isC := target.(*ClassVal); isC && (k == "name" || k == "length" || k == "prototype") {
		in.reason(pos, "Object.defineProperty of %s.%s is not modelled", c.Name, k)
		return
	}
	exists, wasEnum := ownKind(o, k)
	if exists && o.fixed[k] {
		// Redefining what is not configurable throws unless it changes
		// nothing; only that case is modelled.
		old, _ := o.Props[k]
		if d.isAcc || d.hasValue && !identical(old, d.value) || d.hasEnum && d.enum != wasEnum || d.config || d.hasWritable && d.writable && o.readonly[k] {
			in.throwType(pos, "Cannot redefine property: "+in.keyName(k))
		}
	}
	if o.frozen {
		if !exists {
			in.throwType(pos, "Cannot define property "+in.keyName(k)+", object is not extensible")
		}
		in.reason(pos, "Object.defineProperty on a frozen object is not modelled")
		return
	}
	enum := wasEnum
	if d.hasEnum || !exists {
		enum = d.enum
	}
	if !exists || d.hasConfig {
		in.setFlag(&o.fixed, k, !d.config)
	}
	isSym := strings.HasPrefix(k, symbolPrefix)
	// Keys and syms list the enumerable keys; hidden the others, in the
	// order they were made.
	o.Keys = slices.DeleteFunc(o.Keys, func(x string) bool { return x == k })
	o.syms = slices.DeleteFunc(o.syms, func(x string) bool { return x == k })
	switch {
	case !enum:
		if !slices.Contains(o.hidden, k) {
			o.hidden = append(o.hidden, k)
		}
	case isSym:
		o.hidden = slices.DeleteFunc(o.hidden, func(x string) bool { return x == k })
		o.syms = append(o.syms, k)
	default:
		o.hidden = slices.DeleteFunc(o.hidden, func(x string) bool { return x == k })
		o.Keys = layout.InsertKey(o.Keys, k)
	}
	if d.isAcc {
		a := o.accessorFor(k)
		delete(o.Props, k)
		delete(o.readonly, k)
		if d.hasGet {
			a.get = d.get
		}
		if d.hasSet {
			a.set = d.set
		}
		return
	}
	if o.acc[k] != nil && !d.hasValue && !d.hasWritable {
		return // an accessor keeps its functions
	}
	delete(o.acc, k)
	if k == "stack" {
		delete(o.Props, "[[stack]]") // the header printed is no longer the one made
	}
	if d.hasValue {
		o.Props[k] = d.value
	} else if _, ok := o.Props[k]; !ok {
		o.Props[k] = nil
	}
	if d.hasWritable || !exists {
		in.setFlag(&o.readonly, k, !d.writable)
	}
}

func (in *Interp) setFlag(m *map[string]bool, k string, on bool) {
	if on {
		if *m == nil {
			*m = map[string]bool{}
		}
		(*m)[k] = true
		return
	}
	delete(*m, k)
}

// defineProperty is Object.defineProperty(target, key, desc).
func (in *Interp) defineProperty(target, key, desc Value, pos ir.Pos) {
	if !isObject(target) {
		if _, u := target.(unknown); u {
			in.reason(pos, "Object.defineProperty on an unknown value")
			return
		}
		in.throwType(pos, "Object.defineProperty called on non-object")
	}
	d, ok := in.toDescriptor(desc, pos)
	if !ok {
		return
	}
	in.defineOwn(target, key, d, pos)
}

// defineProperties is Object.defineProperties(target, props): every own
// enumerable key's descriptor, read first, then defined in order.
func (in *Interp) defineProperties(target, props Value, pos ir.Pos) {
	p, ok := props.(*Object)
	if !ok || p.Arr {
		in.reason(pos, "Object.defineProperties with these descriptors is not modelled")
		return
	}
	type kd struct {
		k string
		d descriptor
	}
	var all []kd
	for _, k := range append(slices.Clone(p.Keys), p.syms...) {
		d, ok := in.toDescriptor(in.getMember(p, k, pos), pos)
		if !ok {
			return
		}
		all = append(all, kd{k, d})
	}
	for _, x := range all {
		in.defineOwn(target, in.keyValue(x.k), x.d, pos)
	}
}

// keyValue is the value a property key stands for: the symbol, or the
// string itself.
func (in *Interp) keyValue(k string) Value {
	if strings.HasPrefix(k, symbolPrefix) {
		if s := in.symByKey[k]; s != nil {
			return s
		}
	}
	return k
}

// ownKeys is [[OwnPropertyKeys]] of v: integer keys ascending, strings,
// then symbols, each in the order made; ok is false where the order is
// not kept.
func (in *Interp) ownKeys(v Value, pos ir.Pos) ([]Value, bool) {
	var out []Value
	if isCallable(v) && !isLib(pos) {
		// V8's order for a function's own keys (length, name, arguments,
		// caller, prototype) is not the embedded engine's: the runtime
		// could not confirm it.
		in.reason(pos, "the own keys of a function are not modelled")
		return nil, false
	}
	switch x := v.(type) {
	case *Native:
		// A built-in's own keys as Node has them are not known; the
		// library's JavaScript (util.promisify copying a function's) gets
		// its name and what was defined on it.
		if !x.made && !isLib(pos) {
			in.reason(pos, "the own keys of %s are not modelled", x.Name)
			return nil, false
		}
		if !x.Obj {
			out = append(out, "length", "name")
		}
	case *Closure:
		out = append(out, "length", "name")
		if sloppyFn(x) {
			out = append(out, "arguments", "caller") // V8's, null
		}
		if constructible(x) {
			out = append(out, "prototype")
		}
	case *ClassVal:
		out = append(out, "length", "name", "prototype")
	}
	o := in.bagOf(v)
	if ob, isO := v.(*Object); isO && (ob.coll != nil || ob.gen != nil || ob.rx != nil || isIterator(ob) || ob.amap != nil || ob.errClass != "" || ob.Class == "process") {
		o = nil // (an error's stack is an own key too)
	}
	if o == nil {
		in.reason(pos, "the own keys of this value are not modelled")
		return nil, false
	}
	if o.Arr {
		for i := range o.Elems {
			if !o.holes[i] {
				out = append(out, strconv.Itoa(i))
			}
		}
		out = append(out, "length")
	}
	listed := map[string]bool{}
	for _, k := range o.Keys {
		listed[k] = true
	}
	for _, k := range o.syms {
		listed[k] = true
	}
	var hiddenStr, hiddenSym []string
	for _, k := range o.hidden {
		listed[k] = true
		if strings.HasPrefix(k, symbolPrefix) {
			hiddenSym = append(hiddenSym, k)
		} else {
			hiddenStr = append(hiddenStr, k)
		}
	}
	// Properties Go code made without listing them (an error's message,
	// a function's intrinsic ones): their order is kept only alone.
	var untold []string
	for k := range o.Props {
		if !listed[k] && !strings.HasPrefix(k, "[[") && !strings.HasPrefix(k, privatePrefix) && !slices.Contains(out, Value(k)) {
			untold = append(untold, k)
		}
	}
	for k := range o.acc {
		if !listed[k] && !slices.Contains(untold, k) {
			untold = append(untold, k)
		}
	}
	sort.Strings(untold)
	strs := slices.Clone(o.Keys)
	if len(hiddenStr) > 0 && len(strs) > 0 || len(untold) > 1 || len(untold) > 0 && len(strs)+len(hiddenStr) > 0 {
		in.reason(pos, "the order of an object's enumerable and other own keys is not modelled")
		return nil, false
	}
	for _, k := range append(append(strs, hiddenStr...), untold...) {
		if slices.Contains(out, Value(k)) {
			continue // a function's, listed above
		}
		out = append(out, k)
	}
	for _, k := range append(slices.Clone(o.syms), hiddenSym...) {
		out = append(out, in.keyValue(k))
	}
	return out, true
}

// ownDescriptor is Object.getOwnPropertyDescriptor(v, k): a new
// descriptor object, or undefined.
func (in *Interp) ownDescriptor(v, key Value, pos ir.Pos) Value {
	k, ok := in.propKey(key)
	if !ok {
		in.reason(pos, "Object.getOwnPropertyDescriptor with an unknown key")
		return unknown{why: "descriptor"}
	}
	d := newObject()
	d.born = in.epoch
	data := func(val Value, w, e, c bool) Value {
		d.set("value", val)
		d.set("writable", w)
		d.set("enumerable", e)
		d.set("configurable", c)
		return d
	}
	switch x := v.(type) {
	case *Closure:
		if x.Props == nil || !in.hasOwnIn(x.Props, k) {
			switch k {
			case "name", "length":
				return data(in.getMember(x, k, pos), false, false, true)
			case "arguments", "caller":
				if sloppyFn(x) {
					return data(null, false, false, false)
				}
			case "prototype":
				if constructible(x) {
					return data(in.getMember(x, k, pos), true, false, false)
				}
			}
		}
	case *Native:
		if x.own == nil || !in.hasOwnIn(x.own, k) {
			switch {
			case k == "name" && !x.Obj:
				return data(x.Name, false, false, true)
			case k == "length" && !x.Obj:
				return data(unknown{why: "length", typ: "number"}, false, false, true)
			}
			if a, ok := x.Props[k].(*accessor); ok {
				d.set("get", a.get)
				d.set("set", a.set)
				d.set("enumerable", false)
				d.set("configurable", true)
				return d
			}
			if val, ok := x.Props[k]; ok && !strings.HasPrefix(k, "[[") {
				return data(val, true, false, true)
			}
			if x.own == nil {
				return nil
			}
		}
	case *Object:
		if x.Arr {
			if k == "length" {
				return data(float64(len(x.Elems)), !x.frozen, false, false)
			}
			if i, idx := layout.ArrayIndex(k); idx {
				if int(i) >= len(x.Elems) || x.holes[int(i)] {
					return nil
				}
				return data(x.Elems[i], !x.frozen, true, !x.frozen)
			}
		}
		if x.coll != nil || x.gen != nil || x.rx != nil || isIterator(x) {
			in.reason(pos, "Object.getOwnPropertyDescriptor of this object is not modelled")
			return unknown{why: "descriptor"}
		}
	}
	o := in.bagOf(v)
	if o == nil {
		if !isObject(v) {
			if v == nil || v == null {
				in.throwType(pos, "Cannot convert undefined or null to object")
			}
			return nil // a primitive's own properties are not modelled: none listed
		}
		in.reason(pos, "Object.getOwnPropertyDescriptor of this value is not modelled")
		return unknown{why: "descriptor"}
	}
	exists, enum := ownKind(o, k)
	if !exists && o.Class == "process" && !isLib(pos) {
		in.reason(pos, "process's own %s is not modelled", in.keyName(k))
		return unknown{why: "descriptor"}
	}
	if !exists || strings.HasPrefix(k, "[[") {
		return nil
	}
	config := !o.fixed[k] && !o.frozen
	if a := o.acc[k]; a != nil {
		d.set("get", a.get)
		d.set("set", a.set)
		d.set("enumerable", enum)
		d.set("configurable", config)
		return d
	}
	return data(o.Props[k], !o.readonly[k] && !o.frozen, enum, config)
}

func (in *Interp) hasOwnIn(o *Object, k string) bool {
	e, _ := ownKind(o, k)
	return e
}

// reflectBuiltin is the Reflect namespace.
func (in *Interp) reflectBuiltin() *Native {
	r := &Native{Name: "Reflect", Obj: true, Props: map[string]Value{}}
	r.Props["apply"] = native("apply", func(_ Value, a []Value, pos ir.Pos) Value {
		args, ok := in.argList(arg(a, 2), pos)
		if !ok {
			return unknown{why: "Reflect.apply"}
		}
		f := arg(a, 0)
		if _, u := f.(unknown); !u && !isCallable(f) {
			in.throwTypeVague()
		}
		return in.call(f, arg(a, 1), args, pos)
	})
	r.Props["construct"] = native("construct", func(_ Value, a []Value, pos ir.Pos) Value {
		args, ok := in.argList(arg(a, 1), pos)
		if !ok {
			return unknown{why: "Reflect.construct"}
		}
		if len(a) > 2 && a[2] != a[0] {
			in.reason(pos, "Reflect.construct with another new.target is not modelled")
			return unknown{why: "Reflect.construct"}
		}
		return in.construct(arg(a, 0), args, pos)
	})
	r.Props["ownKeys"] = native("ownKeys", func(_ Value, a []Value, pos ir.Pos) Value {
		if !isObject(arg(a, 0)) {
			if _, u := arg(a, 0).(unknown); !u {
				in.throwType(pos, "Reflect.ownKeys called on non-object")
			}
		}
		ks, ok := in.ownKeys(arg(a, 0), pos)
		if !ok {
			return unknown{why: "Reflect.ownKeys"}
		}
		r := newArray(ks)
		r.born = in.epoch
		return r
	})
	r.Props["getPrototypeOf"] = native("getPrototypeOf", func(_ Value, a []Value, pos ir.Pos) Value {
		return in.call(in.builtins["Object"].(*Native).Props["getPrototypeOf"], nil, a, pos)
	})
	r.Props["defineProperty"] = native("defineProperty", func(_ Value, a []Value, pos ir.Pos) Value {
		in.defineProperty(arg(a, 0), arg(a, 1), arg(a, 2), pos)
		return true
	})
	r.Props["has"] = native("has", func(_ Value, a []Value, pos ir.Pos) Value {
		k, ok := in.propKey(arg(a, 1))
		if !ok {
			return unknown{why: "Reflect.has"}
		}
		return in.hasMember(arg(a, 0), k)
	})
	r.Props["get"] = native("get", func(_ Value, a []Value, pos ir.Pos) Value {
		k, ok := in.propKey(arg(a, 1))
		if !ok || len(a) > 2 {
			in.reason(pos, "Reflect.get with these arguments is not modelled")
			return unknown{why: "Reflect.get"}
		}
		return in.getMember(arg(a, 0), k, pos)
	})
	return r
}

// argList is an array-like argument list (Function.prototype.apply,
// Reflect.apply).
func (in *Interp) argList(v Value, pos ir.Pos) ([]Value, bool) {
	switch l := v.(type) {
	case nil, nullT:
		return nil, true
	case *Object:
		if l.Arr {
			return slices.Clone(l.Elems), true
		}
	}
	in.reason(pos, "an argument list that is not an array")
	return nil, false
}

// functionBuiltin is Function: calling it is eval (the IR marks it), its
// prototype holds call, apply, bind and toString for any function.
func (in *Interp) functionBuiltin() *Native {
	proto := &Native{Name: "Function.prototype", Obj: true, Props: map[string]Value{}}
	for _, k := range []string{"call", "apply", "bind"} {
		proto.Props[k] = native(k, func(this Value, a []Value, pos ir.Pos) Value {
			if !isCallable(this) {
				if _, u := this.(unknown); u {
					in.reason(pos, "Function.prototype.%s of an unknown value", k)
					return unknown{why: k}
				}
				in.throwType(pos, "Function.prototype."+k+" called on a value that is not a function")
			}
			name, _ := in.getMember(this, "name", pos).(string)
			return in.call(in.fnMethod(this, name, k), nil, a, pos)
		})
	}
	// isPrototypeOf as functions use it (Error.isPrototypeOf(C): is C a
	// subclass of Error): along the chain Object.getPrototypeOf walks.
	proto.Props["isPrototypeOf"] = native("isPrototypeOf", func(this Value, a []Value, pos ir.Pos) Value {
		v := arg(a, 0)
		for i := 0; i < 1000; i++ {
			p, ok := in.protoOfValue(v)
			if !ok {
				if isObj(v) {
					in.reason(pos, "isPrototypeOf of this value is not modelled")
					return unknown{why: "isPrototypeOf"}
				}
				return false
			}
			if p == this {
				return true
			}
			if p == null || p == nil {
				return false
			}
			v = p
		}
		return false
	})
	proto.Props["toString"] = native("toString", func(this Value, _ []Value, pos ir.Pos) Value {
		if !isCallable(this) {
			in.throwType(pos, "Function.prototype.toString requires that 'this' be a Function")
		}
		return unknown{why: "function source", made: true, typ: "string"}
	})
	return &Native{Name: "Function", Props: map[string]Value{"prototype": proto}, Fn: func(_ Value, _ []Value, pos ir.Pos) Value {
		in.reason(pos, "eval / new Function: code the predictor cannot see")
		return unknown{why: "Function"}
	}}
}

// isObject: v is an object to JavaScript (typeof 'object' or 'function',
// not null), a namespace such as Math included.
func isObject(v Value) bool {
	if n, ok := v.(*Native); ok && n.Obj {
		return true
	}
	return isObj(v) || isCallable(v)
}

// sloppyFn: a plain function of sloppy code, which V8 gives own
// arguments and caller properties.
func sloppyFn(c *Closure) bool {
	return constructible(c) && !c.Fn.Strict
}
