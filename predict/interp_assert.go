package predict

import (
	"math"

	"github.com/looplint/looplint/ir"
)

// The assert module, for the checks test-style snippets make: a check
// that passes does nothing, one that fails throws an AssertionError
// (code ERR_ASSERTION). A check on values the predictor does not know
// forks, like any unknown condition.

func (in *Interp) assertModule() *Native {
	// Node's message differs by release (a custom one gets the diff
	// appended in newer ones), so nodeError leaves it unknown.
	fail := func() { panic(&Thrown{V: in.nodeError("AssertionError", "ERR_ASSERTION")}) }
	check := func(pos ir.Pos, what string, holds, known bool) Value {
		if !known {
			holds = in.fork(pos, what)
		}
		if !holds {
			fail()
		}
		return nil
	}
	ok := func(_ Value, a []Value, pos ir.Pos) Value {
		t, known := truthy(arg(a, 0))
		return check(pos, "an assert", t, known)
	}
	m := &Native{Name: "assert", Fn: ok, Props: map[string]Value{}}
	m.Props["ok"] = native("ok", ok)
	eq := func(name string, want bool, same func(a, b Value) (bool, bool)) {
		m.Props[name] = native(name, func(_ Value, a []Value, pos ir.Pos) Value {
			r, known := same(arg(a, 0), arg(a, 1))
			return check(pos, "assert."+name, r == want, known)
		})
	}
	eq("strictEqual", true, sameValue)
	eq("notStrictEqual", false, sameValue)
	eq("deepStrictEqual", true, deepStrictEq)
	eq("notDeepStrictEqual", false, deepStrictEq)
	m.Props["throws"] = native("throws", func(_ Value, a []Value, pos ir.Pos) Value {
		f := arg(a, 0)
		if !isCallable(f) {
			in.throwType(pos, `The "fn" argument must be of type function`)
		}
		want, isObj := arg(a, 1).(*Object)
		if len(a) > 1 && !isString(arg(a, 1)) && !isObj {
			in.reason(pos, "assert.throws with an expected error class, function or RegExp is not modelled")
		}
		err := in.protect(func() { in.call(f, nil, nil, pos) })
		if err == nil {
			fail()
		}
		if isObj {
			in.throwsMatches(err.(*Thrown).V, want, pos, fail)
		}
		return nil
	})
	m.Props["fail"] = native("fail", func(Value, []Value, ir.Pos) Value {
		fail()
		return nil
	})
	m.Props["strict"] = m
	return m
}

// throwsMatches is assert.throws(fn, {key: value, ...}): every own key of
// the expected object must be deep-strict-equal to that property of the
// error thrown. Only primitive expected values are modelled (a RegExp
// value tests a string, an object value compares deeply with its own
// rules).
func (in *Interp) throwsMatches(got Value, want *Object, pos ir.Pos, fail func()) {
	if want.Arr || want.Class != "Object" || want.Proto != nil || len(want.Keys) == 0 {
		in.reason(pos, "assert.throws with this expected value is not modelled")
		return
	}
	if _, ok := got.(*Object); !ok {
		in.reason(pos, "assert.throws of a thrown value that is not an object is not modelled")
		return
	}
	for _, k := range want.Keys {
		w := want.Props[k]
		switch w.(type) {
		case nil, nullT, bool, float64, string:
		default:
			in.reason(pos, "assert.throws with an expected %s that is not a primitive is not modelled", k)
			return
		}
		eq, known := sameValue(in.getMember(got, k, pos), w)
		if !known {
			eq = in.fork(pos, "assert.throws' "+k)
		}
		if !eq {
			fail()
		}
	}
}

func isString(v Value) bool { _, ok := v.(string); return ok }

// sameValue is Object.is, which assert.strictEqual uses.
func sameValue(a, b Value) (bool, bool) {
	x, xf := a.(float64)
	y, yf := b.(float64)
	if xf && yf {
		if math.IsNaN(x) || math.IsNaN(y) {
			return math.IsNaN(x) && math.IsNaN(y), true
		}
		return x == y && math.Signbit(x) == math.Signbit(y), true
	}
	return strictEq(a, b)
}

// deepStrictEq compares arrays and plain objects element by element
// (same prototype class, same own enumerable keys), the rest with
// sameValue; known is false when an unknown value decides it.
func deepStrictEq(a, b Value) (bool, bool) {
	x, xo := a.(*Object)
	y, yo := b.(*Object)
	if !xo || !yo || x == y {
		return sameValue(a, b)
	}
	if x.coll != nil || y.coll != nil || x.sparse() || y.sparse() || isIterator(x) || isIterator(y) || len(x.acc) > 0 || len(y.acc) > 0 ||
		x.protoObj != y.protoObj || x.ctor != y.ctor || x.nullProto != y.nullProto {
		// (two prototype objects may be one: not told apart here)
		return false, false // entries compared by their own rules: not modelled
	}
	if x.Arr != y.Arr || x.Class != y.Class || x.Proto != y.Proto || x.emitter != nil || y.emitter != nil {
		return false, true
	}
	if x.Arr {
		if len(x.Elems) != len(y.Elems) {
			return false, true
		}
		for i := range x.Elems {
			if eq, known := deepStrictEq(x.Elems[i], y.Elems[i]); !known || !eq {
				return eq, known
			}
		}
	}
	if len(x.Keys) != len(y.Keys) {
		return false, true
	}
	for _, k := range x.Keys {
		yv, ok := y.Props[k]
		if !ok {
			return false, true
		}
		if eq, known := deepStrictEq(x.Props[k], yv); !known || !eq {
			return eq, known
		}
	}
	return true, true
}
