package predict

import (
	"math"

	"github.com/looplint/looplint/ir"
)

// Map and Set: entries in insertion order, keys compared by SameValueZero
// (objects by identity). A key the predictor does not know makes the
// operation a reason: whether it matches another cannot be told.

type collection struct {
	set  bool
	weak bool // a WeakMap or WeakSet: object keys, no size, not iterable
	keys []Value
	vals []Value // Map only
	// iterating counts the for-of loops over it now running, which see
	// entries added meanwhile; a change then is a reason.
	iterating int
}

// sameValueZero is the collections' key equality; known is false for
// unknown values.
func sameValueZero(a, b Value) (eq, known bool) {
	x, xf := a.(float64)
	y, yf := b.(float64)
	if xf && yf {
		if math.IsNaN(x) && math.IsNaN(y) {
			return true, true
		}
		return x == y, true
	}
	return strictEq(a, b)
}

// find is the index of key, or -1.
func (c *collection) find(key Value) (int, bool) {
	for i, k := range c.keys {
		eq, known := sameValueZero(k, key)
		if !known {
			return -1, false
		}
		if eq {
			return i, true
		}
	}
	return -1, true
}

// newCollection is new Map(iterable) or new Set(iterable).
func (in *Interp) newCollection(set, weak bool, args []Value, pos ir.Pos) Value {
	class := "Map"
	if set {
		class = "Set"
	}
	if weak {
		class = "Weak" + class
	}
	o := newObject()
	o.Class, o.born = class, in.epoch
	o.coll = &collection{set: set, weak: weak}
	src := arg(args, 0)
	if src == nil || src == null {
		return o
	}
	items, ok := in.iterate(src)
	if so, isObj := src.(*Object); isObj && (so.gen != nil || in.ownSymbolMethod(so, "iterator") != nil) {
		items, ok = in.iterAll(src, nil, pos)
		if !ok {
			return unknown{why: "new " + class}
		}
	} else if !ok {
		in.reason(pos, "new %s from this value is not modelled", class)
		return unknown{why: "new " + class}
	}
	for _, it := range items {
		if set {
			in.collPut(o.coll, it, nil, pos)
			continue
		}
		e, ok := it.(*Object)
		if !ok || !e.Arr {
			in.throwTypeVague() // "Iterator value x is not an entry object"
		}
		var k, v Value
		if len(e.Elems) > 0 {
			k = e.Elems[0]
		}
		if len(e.Elems) > 1 {
			v = e.Elems[1]
		}
		in.collPut(o.coll, k, v, pos)
	}
	return o
}

// iterate is what for-of, spread and Array.from see of v: an array's
// elements, a string's code points, a Map's [key, value] pairs, a Set's
// values.
func (in *Interp) iterate(v Value) ([]Value, bool) {
	if o, ok := v.(*Object); ok && o.coll != nil {
		if o.coll.weak {
			return nil, false
		}
		if o.coll.set {
			return in.collItems(o.coll, "values"), true
		}
		return in.collItems(o.coll, "entries"), true
	}
	return spreadOf(v)
}

func (in *Interp) collItems(c *collection, kind string) []Value {
	out := make([]Value, len(c.keys))
	for i, k := range c.keys {
		switch {
		case kind == "keys" || c.set && kind == "values":
			out[i] = k
		case kind == "values":
			out[i] = c.vals[i]
		case c.set:
			out[i] = newArray([]Value{k, k})
		default:
			out[i] = newArray([]Value{k, c.vals[i]})
		}
	}
	return out
}

func (in *Interp) collPut(c *collection, k, v Value, pos ir.Pos) {
	if _, date := k.(*dateObj); c.weak && !isObj(k) && !isCallable(k) && !date {
		if _, u := k.(unknown); u {
			in.reason(pos, "a weak collection's key the predictor does not know")
			return
		}
		if c.set {
			in.throwType(pos, "Invalid value used in weak set")
		}
		in.throwType(pos, "Invalid value used as weak map key")
	}
	if f, ok := k.(float64); ok && f == 0 {
		k = 0.0 // -0 is stored as +0
	}
	i, known := c.find(k)
	if !known {
		in.reason(pos, "a Map or Set key the predictor does not know")
		return
	}
	if i >= 0 {
		if !c.set {
			c.vals[i] = v
		}
		return
	}
	c.keys = append(c.keys, k)
	if !c.set {
		c.vals = append(c.vals, v)
	}
}

// collMember is a Map's or Set's property k.
func (in *Interp) collMember(o *Object, k string, pos ir.Pos) Value {
	c := o.coll
	m := func(f func(a []Value) Value) *Native {
		return native(k, func(_ Value, a []Value, _ ir.Pos) Value { return f(a) })
	}
	changed := func() {
		in.mut(o.born)
		if c.iterating > 0 {
			in.reason(pos, "a Map or Set changed while a for-of loop runs over it")
		}
	}
	if c.weak {
		switch k {
		case "has", "get", "set", "add", "delete":
		default:
			return nil
		}
	}
	switch k {
	case "size":
		return float64(len(c.keys))
	case "has", "get":
		return m(func(a []Value) Value {
			i, known := c.find(arg(a, 0))
			switch {
			case !known:
				in.reason(pos, "a Map or Set key the predictor does not know")
				return unknown{why: k}
			case k == "has":
				return i >= 0
			case i < 0 || c.set:
				return nil
			}
			return c.vals[i]
		})
	case "set", "add":
		if (k == "set") == c.set {
			return nil
		}
		return m(func(a []Value) Value {
			changed()
			in.collPut(c, arg(a, 0), arg(a, 1), pos)
			return o
		})
	case "delete":
		return m(func(a []Value) Value {
			i, known := c.find(arg(a, 0))
			if !known {
				in.reason(pos, "a Map or Set key the predictor does not know")
				return unknown{why: k}
			}
			if i < 0 {
				return false
			}
			changed()
			c.keys = append(c.keys[:i:i], c.keys[i+1:]...)
			if !c.set {
				c.vals = append(c.vals[:i:i], c.vals[i+1:]...)
			}
			return true
		})
	case "clear":
		return m(func([]Value) Value {
			changed()
			c.keys, c.vals = nil, nil
			return nil
		})
	case "forEach":
		return m(func(a []Value) Value {
			f := arg(a, 0)
			if !isCallable(f) {
				in.throwTypeVague()
			}
			c.iterating++
			defer func() { c.iterating-- }()
			for i := 0; i < len(c.keys); i++ { // sees entries added meanwhile
				v := c.keys[i]
				if !c.set {
					v = c.vals[i]
				}
				in.call(f, arg(a, 1), []Value{v, c.keys[i], o}, pos)
			}
			return nil
		})
	case "keys", "values", "entries":
		return m(func([]Value) Value {
			it := newArray(in.collItems(c, k))
			it.Class = o.Class + " Iterator"
			it.born = in.epoch
			return it
		})
	case "union", "intersection", "difference", "symmetricDifference", "isSubsetOf", "isSupersetOf", "isDisjointFrom":
		if c.set { // jslib/_intrinsics.js's, on Set.prototype
			return in.getMember(in.ctorProto("Set"), k, pos)
		}
	}
	return nil
}
