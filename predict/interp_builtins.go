package predict

import (
	"math"
	"math/bits"
	"path"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf16"

	unorm "golang.org/x/text/unicode/norm"

	"golang.org/x/text/collate"
	"golang.org/x/text/language"

	"github.com/looplint/looplint/internal/jsdate"
	"github.com/looplint/looplint/ir"
	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/runtime/inspect/layout"
	"github.com/looplint/looplint/runtime/nodepath"
)

func native(name string, fn func(this Value, args []Value, pos ir.Pos) Value) *Native {
	return &Native{Name: name, Fn: fn}
}

func arg(args []Value, i int) Value {
	if i < len(args) {
		return args[i]
	}
	return nil
}

func (in *Interp) makeBuiltins() map[string]Value {
	b := map[string]Value{}
	opNative := func(name string, f func(args []Value, pos ir.Pos) Value) *Native {
		return native(name, func(_ Value, args []Value, pos ir.Pos) Value { return f(args, pos) })
	}
	b["setTimeout"] = opNative("setTimeout", func(a []Value, p ir.Pos) Value { return in.setTimer(a, false, p) })
	b["setInterval"] = opNative("setInterval", func(a []Value, p ir.Pos) Value { return in.setTimer(a, true, p) })
	b["setImmediate"] = opNative("setImmediate", in.setImmediate)
	b["clearTimeout"] = opNative("clearTimeout", func(a []Value, p ir.Pos) Value { return in.clear("timeout", a, p) })
	b["clearInterval"] = opNative("clearInterval", func(a []Value, p ir.Pos) Value { return in.clear("interval", a, p) })
	b["clearImmediate"] = opNative("clearImmediate", func(a []Value, p ir.Pos) Value { return in.clear("immediate", a, p) })
	if in.p.Has(loop.QueueMicrotask) {
		b["queueMicrotask"] = opNative("queueMicrotask", in.queueMicrotask)
	}
	in.promisifyTimers(b)
	console := &Native{Name: "console", Obj: true, Props: map[string]Value{}}
	for m, s := range map[string]string{"log": "stdout", "info": "stdout", "debug": "stdout", "error": "stderr", "warn": "stderr"} {
		s := s
		console.Props[m] = opNative(m, func(a []Value, p ir.Pos) Value { return in.print(s, a, p) })
	}
	for _, m := range []string{"dir", "table", "trace", "group", "groupCollapsed", "groupEnd", "count", "countReset", "assert", "time", "timeEnd", "timeLog"} {
		m := m
		console.Props[m] = opNative(m, func(a []Value, p ir.Pos) Value { return in.consoleMethod(m, a, p) })
	}
	b["console"] = console
	b["Symbol"] = in.symbolBuiltin()
	b["RegExp"] = in.regexpCtor()
	b["Buffer"] = in.bufferBuiltin()
	// Read by parse's async-iteration helpers (see parse/asyncgen.js).
	b["__looplint_yieldStarAwaits"] = !in.p.Has(loop.V8YieldStarSingleAwait)
	b["__looplint_endAwaits"] = in.p.OldAwait()
	b["__looplint_closeOnReject"] = in.p.Has(loop.V8AsyncFromSyncClose)
	// The global object, as this in sloppy functions and as global /
	// globalThis (interp_global.go).
	in.globalObj = &Native{Name: "globalThis", Obj: true, Props: map[string]Value{}}
	b["global"] = in.globalObj
	if in.p.Has(loop.GlobalThis) {
		b["globalThis"] = b["global"]
	}
	prom := &Native{Name: "Promise", Props: map[string]Value{}}
	for _, m := range []string{"resolve", "reject", "all", "race", "allSettled", "any"} {
		m := m
		if in.lacks(promiseStatics, m) {
			continue
		}
		prom.Props[m] = opNative(m, func(a []Value, p ir.Pos) Value { return in.promiseStatic(m, a, p) })
	}
	// Promise.prototype's methods work on their receiver
	// (Promise.prototype.then.call(p, f)).
	pproto := &Native{Name: "Promise.prototype", Obj: true, Props: map[string]Value{}}
	for _, m := range []string{"then", "catch", "finally"} {
		if m == "finally" && !in.p.Has(loop.PromiseFinally) {
			continue
		}
		pproto.Props[m] = native(m, func(this Value, a []Value, pos ir.Pos) Value {
			p, ok := this.(*Promise)
			if !ok {
				if _, u := this.(unknown); u {
					in.reason(pos, "Promise.prototype.%s on an unknown value", m)
					return unknown{why: m}
				}
				in.throwType(pos, "Method Promise.prototype."+m+" called on incompatible receiver")
			}
			return in.promiseMethod(p, m).Fn(this, a, pos)
		})
	}
	prom.Props["prototype"] = pproto
	b["Promise"] = prom
	now := opNative("now", func([]Value, ir.Pos) Value { return timeVal{t: in.clockRead(in.l.Now())} })
	b["Date"] = &Native{Name: "Date", Props: map[string]Value{
		"now": now,
		"UTC": native("UTC", func(_ Value, a []Value, _ ir.Pos) Value { return dateUTC(a) }),
		"parse": native("parse", func(_ Value, a []Value, p ir.Pos) Value {
			s, ok := arg(a, 0).(string)
			if !ok {
				in.reason(p, "Date.parse of this value is not modelled")
				return unknown{why: "Date.parse"}
			}
			ms, ok := jsdate.Parse(s)
			if !ok {
				in.reason(p, "Date.parse of a string in local time (the time zone decides) or outside the ISO format is not modelled")
				return unknown{why: "Date.parse"}
			}
			return ms
		}),
	}, Fn: func(Value, []Value, ir.Pos) Value {
		return unknown{why: "Date()"}
	}}
	// performance.now() is fractional milliseconds of the monotonic clock
	// from the process's time origin: a clock of its own (loop.Domain),
	// its whole milliseconds compared as for Date.now().
	perfNow := opNative("now", func([]Value, ir.Pos) Value { return timeVal{t: in.clockRead(in.l.NowMono()), clock: monoClock} })
	b["performance"] = &Native{Name: "performance", Obj: true, Props: map[string]Value{"now": perfNow}}
	for _, c := range []string{"Error", "TypeError", "RangeError", "SyntaxError", "ReferenceError", "EvalError", "URIError"} {
		c := c
		b[c] = &Native{Name: c, Props: map[string]Value{"[[ctor]]": true}, Fn: func(_ Value, a []Value, p ir.Pos) Value {
			msg, known := "", true
			if v := arg(a, 0); v != nil {
				msg, known = toStr(v)
			}
			e := in.newError(c, msg)
			if known {
				// The stack's first line is fixed here; inspect prints it.
				e.Props["[[stack]]"] = errorHeader(c, msg)
			} else {
				e.Props["message"] = unknown{why: "error message", typ: "string"}
			}
			if o, ok := arg(a, 1).(*Object); ok {
				if cause, has := o.Props["cause"]; has {
					if !in.p.Has(loop.ErrorCause) {
						// V8 before 9.3 ignores it; the embedded engine
						// would not, so a replay could not confirm.
						in.reason(p, "the cause option before Node 16.9 is not modelled")
					} else {
						e.Props["cause"] = cause
					}
				}
			}
			return e
		}}
	}
	// V8's captureStackTrace gives the target a stack of its own: the
	// frames are not modelled.
	b["Error"].(*Native).Props["captureStackTrace"] = native("captureStackTrace", func(_ Value, a []Value, pos ir.Pos) Value {
		o, ok := arg(a, 0).(*Object)
		if !ok {
			in.throwTypeVague()
		}
		in.defineOwn(o, "stack", descriptor{value: unknown{why: "stack", typ: "string"}, hasValue: true, writable: true, hasWritable: true, config: true, hasConfig: true}, pos)
		return nil
	})
	if in.p.Has(loop.AggregateError) {
		b["AggregateError"] = &Native{Name: "AggregateError", Props: map[string]Value{"[[ctor]]": true}, Fn: func(_ Value, a []Value, p ir.Pos) Value {
			errs, ok := in.iterAll(arg(a, 0), nil, p)
			if !ok {
				return unknown{why: "AggregateError"}
			}
			msg := ""
			if v := arg(a, 1); v != nil {
				s, ok := toStr(v)
				if !ok {
					return unknown{why: "error message"}
				}
				msg = s
			}
			e := in.newError("AggregateError", msg)
			e.Props["[[stack]]"] = errorHeader("AggregateError", msg)
			e.Props["errors"] = newArray(errs) // not enumerable: not in Keys
			if o, ok := arg(a, 2).(*Object); ok {
				if cause, has := o.Props["cause"]; has {
					e.Props["cause"] = cause
				}
			}
			return e
		}}
	}
	for _, name := range []string{"Map", "Set", "WeakMap", "WeakSet"} {
		set, weak := strings.HasSuffix(name, "Set"), strings.HasPrefix(name, "Weak")
		b[name] = &Native{Name: name, Props: map[string]Value{"[[ctor]]": true}, Fn: func(_ Value, a []Value, p ir.Pos) Value {
			return in.newCollection(set, weak, a, p)
		}}
	}
	b["NaN"] = math.NaN()
	b["Infinity"] = math.Inf(1)
	b["String"] = native("String", func(_ Value, a []Value, p ir.Pos) Value {
		if len(a) == 0 {
			return ""
		}
		if sym, ok := a[0].(*symbolVal); ok {
			return sym.String()
		}
		v, ok1 := in.toPrimitive(a[0], "string", p)
		s, ok := toStr(v)
		ok = ok && ok1
		if !ok {
			return unknown{why: "String()"}
		}
		return s
	})
	b["Number"] = native("Number", func(_ Value, a []Value, _ ir.Pos) Value {
		if len(a) == 0 {
			return 0.0
		}
		n, ok := toNumber(a[0])
		if !ok {
			return unknown{why: "Number()"}
		}
		return n
	})
	if in.p.Has(loop.BigInt) {
		// The library's JavaScript reads BigInt.prototype; a BigInt value
		// itself is left to the runtime.
		b["BigInt"] = native("BigInt", func(_ Value, _ []Value, p ir.Pos) Value {
			in.reason(p, "BigInt values are left to the runtime (the interpreter does not model them)")
			return unknown{why: "BigInt"}
		})
	}
	// The global number functions convert their argument; the Number.*
	// predicates do not (Number.isNaN('x') is false).
	numFn := func(name string, f func(float64) Value, convert bool) *Native {
		return native(name, func(_ Value, a []Value, _ ir.Pos) Value {
			v := arg(a, 0)
			if _, isTime := v.(timeVal); isTime && (name == "isInteger" || name == "isFinite") {
				return true // a clock reading is a whole number of ms, as libuv's
			}
			if _, isNum := v.(float64); !convert && !isNum {
				switch v.(type) {
				case nil, nullT, bool, string, *Object:
					return false
				}
				return unknown{why: name}
			}
			n, ok := toNumber(v)
			if !ok {
				return unknown{why: name}
			}
			return f(n)
		})
	}
	isNaN := func(n float64) Value { return math.IsNaN(n) }
	isFinite := func(n float64) Value { return !math.IsNaN(n) && !math.IsInf(n, 0) }
	isInteger := func(n float64) Value { return !math.IsInf(n, 0) && n == math.Trunc(n) }
	b["isNaN"] = numFn("isNaN", isNaN, true)
	b["isFinite"] = numFn("isFinite", isFinite, true)
	strFn := func(name string, f func(string) float64) *Native {
		return native(name, func(_ Value, a []Value, _ ir.Pos) Value {
			s, ok := toStr(arg(a, 0))
			if !ok {
				return unknown{why: name}
			}
			if len(a) > 1 && name == "parseInt" && arg(a, 1) != nil {
				r, ok := toNumber(arg(a, 1))
				if !ok {
					return unknown{why: "parseInt with a radix"}
				}
				return parseIntRadix(s, toInt32(r))
			}
			return f(s)
		})
	}
	for k, f := range in.uriFunctions() {
		b[k] = f
	}
	b["String"].(*Native).Props = in.stringStatics()
	b["parseFloat"] = strFn("parseFloat", layout.ParseFloat)
	b["parseInt"] = strFn("parseInt", layout.ParseInt)
	b["Number"].(*Native).Props = map[string]Value{
		"isNaN": numFn("isNaN", isNaN, false), "isFinite": numFn("isFinite", isFinite, false),
		"isInteger": numFn("isInteger", isInteger, false), "parseFloat": b["parseFloat"], "parseInt": b["parseInt"],
		"MAX_SAFE_INTEGER": float64(1<<53 - 1), "MIN_SAFE_INTEGER": -float64(1<<53 - 1), "EPSILON": math.Pow(2, -52),
		"isSafeInteger": numFn("isSafeInteger", func(n float64) Value {
			return n == math.Trunc(n) && math.Abs(n) <= 1<<53-1
		}, false),
		"MAX_VALUE": math.MaxFloat64, "MIN_VALUE": math.SmallestNonzeroFloat64,
		"POSITIVE_INFINITY": math.Inf(1), "NEGATIVE_INFINITY": math.Inf(-1), "NaN": math.NaN(),
	}
	b["Boolean"] = native("Boolean", func(_ Value, a []Value, _ ir.Pos) Value {
		t, ok := truthy(arg(a, 0))
		if !ok {
			return unknown{why: "Boolean()"}
		}
		return t
	})
	b["Array"] = &Native{Name: "Array", Fn: func(_ Value, a []Value, p ir.Pos) Value { return in.newArrayCall(a, p) }, Props: map[string]Value{"[[ctor]]": true, "isArray": native("isArray", func(_ Value, a []Value, _ ir.Pos) Value {
		o, ok := arg(a, 0).(*Object)
		return ok && o.Arr
	}), "of": native("of", func(_ Value, a []Value, _ ir.Pos) Value {
		r := newArray(slices.Clone(a))
		r.born = in.epoch
		return r
	}), "from": native("from", func(_ Value, a []Value, p ir.Pos) Value { return in.arrayFrom(a, p) })}}
	b["Object"] = &Native{Name: "Object", Fn: func(_ Value, a []Value, p ir.Pos) Value {
		// Object(v): a new object for null and undefined, v itself for an
		// object; a primitive's wrapper object is not modelled.
		switch v := arg(a, 0).(type) {
		case nil, nullT:
			o := newObject()
			o.born = in.epoch
			return o
		case float64, string, bool, *symbolVal, unknown:
			in.reason(p, "Object() of a primitive (its wrapper object) is not modelled")
			return unknown{why: "Object()", typ: "object"}
		default:
			return v
		}
	}, Props: map[string]Value{
		"is": native("is", func(_ Value, a []Value, _ ir.Pos) Value {
			if eq, known := sameValue(arg(a, 0), arg(a, 1)); known {
				return eq
			}
			return unknown{why: "Object.is"}
		}),
		"defineProperty": native("defineProperty", func(_ Value, a []Value, p ir.Pos) Value {
			in.defineProperty(arg(a, 0), arg(a, 1), arg(a, 2), p)
			return arg(a, 0)
		}),
		"defineProperties": native("defineProperties", func(_ Value, a []Value, p ir.Pos) Value {
			in.defineProperties(arg(a, 0), arg(a, 1), p)
			return arg(a, 0)
		}),
		"getOwnPropertyDescriptor": native("getOwnPropertyDescriptor", func(_ Value, a []Value, p ir.Pos) Value {
			return in.ownDescriptor(arg(a, 0), arg(a, 1), p)
		}),
		"getOwnPropertyDescriptors": native("getOwnPropertyDescriptors", func(_ Value, a []Value, p ir.Pos) Value {
			ks, ok := in.ownKeys(arg(a, 0), p)
			if !ok {
				return unknown{why: "getOwnPropertyDescriptors"}
			}
			r := newObject()
			r.born = in.epoch
			for _, k := range ks {
				key, _ := in.propKey(k)
				r.set(key, in.ownDescriptor(arg(a, 0), k, p))
			}
			return r
		}),
		"getOwnPropertySymbols": native("getOwnPropertySymbols", func(_ Value, a []Value, p ir.Pos) Value {
			ks, ok := in.ownKeys(arg(a, 0), p)
			if !ok {
				return unknown{why: "getOwnPropertySymbols"}
			}
			r := newArray(nil)
			r.born = in.epoch
			for _, k := range ks {
				if isSymbol(k) {
					r.Elems = append(r.Elems, k)
				}
			}
			return r
		}),
		"freeze": native("freeze", func(_ Value, a []Value, p ir.Pos) Value {
			if o, ok := arg(a, 0).(*Object); ok {
				in.mut(o.born)
				o.frozen = true
			}
			return arg(a, 0)
		}),
		"isFrozen": native("isFrozen", func(_ Value, a []Value, p ir.Pos) Value {
			if o, ok := arg(a, 0).(*Object); ok {
				if !o.frozen && (len(o.Keys) > 0 || o.Arr && len(o.Elems) > 0) {
					return false
				}
				if !o.frozen {
					return unknown{why: "isFrozen"} // an empty object: extensible or not
				}
				return true
			}
			return true
		}),
		"create": native("create", func(_ Value, a []Value, p ir.Pos) Value {
			o := newObject()
			o.born = in.epoch
			switch proto := arg(a, 0).(type) {
			case nullT:
				o.nullProto = true
			case *Object:
				o.protoObj = proto
			default:
				if proto == Value(in.objectProto()) {
					break // a plain object
				}
				if isObj(proto) || isCallable(proto) {
					in.reason(p, "Object.create with this prototype is not modelled")
					return unknown{why: "Object.create", made: true, typ: "object"}
				}
				if s, ok := toStr(proto); ok && !isSymbol(proto) {
					in.throwType(p, "Object prototype may only be an Object or null: "+s)
				}
				in.reason(p, "Object.create with this prototype is not modelled")
				return unknown{why: "Object.create", made: true, typ: "object"}
			}
			if arg(a, 1) != nil {
				in.reason(p, "Object.create with property descriptors is not modelled")
				return unknown{why: "Object.create", made: true, typ: "object"}
			}
			return o
		}),
		"getPrototypeOf": native("getPrototypeOf", func(_ Value, a []Value, p ir.Pos) Value {
			if v, ok := in.protoOfValue(arg(a, 0)); ok {
				return v
			}
			if o, ok := arg(a, 0).(*Object); ok {
				if o.nullProto || o.protoOf != nil && o.Proto == nil && o.protoOf.nullParent {
					return null
				}
				if q := in.nextProto(o); q != nil {
					return q
				}
				if o.Proto != nil || o.protoOf != nil || o.Class == "Object" && plainObject(o) {
					return in.objectProto()
				}
			}
			in.reason(p, "Object.getPrototypeOf of this value is not modelled")
			return unknown{why: "getPrototypeOf", made: true, typ: "object"}
		}),
		"setPrototypeOf": native("setPrototypeOf", func(_ Value, a []Value, p ir.Pos) Value {
			if c, ok := arg(a, 0).(*Closure); ok {
				in.setFnProto(c, arg(a, 1), p)
				return c
			}
			o, ok := arg(a, 0).(*Object)
			if !ok || !plainKeys(o) || o.Proto != nil || o.ctor != nil || o.frozen {
				in.reason(p, "Object.setPrototypeOf of this value is not modelled")
				return arg(a, 0)
			}
			switch proto := arg(a, 1).(type) {
			case nullT:
				o.protoObj, o.nullProto = nil, true
			case *Object:
				if proto == o || in.inChain(proto, o) {
					in.throwType(p, "Cyclic __proto__ value")
				}
				o.protoObj, o.nullProto = proto, false
			case *Native:
				if proto != in.objectProto() {
					in.reason(p, "Object.setPrototypeOf to this value is not modelled")
					break
				}
				o.protoObj, o.nullProto = nil, false
			default:
				in.reason(p, "Object.setPrototypeOf to this value is not modelled")
			}
			return o
		}),
		"fromEntries": native("fromEntries", func(_ Value, a []Value, p ir.Pos) Value {
			items, ok := in.iterAll(arg(a, 0), nil, p)
			if !ok {
				return unknown{why: "fromEntries"}
			}
			r := newObject()
			r.born = in.epoch
			for _, it := range items {
				e, ok := it.(*Object)
				if !ok || !e.Arr {
					in.reason(p, "Object.fromEntries of entries that are not arrays")
					return unknown{why: "fromEntries"}
				}
				var kv, v Value
				if len(e.Elems) > 0 {
					kv = e.Elems[0]
				}
				if len(e.Elems) > 1 {
					v = e.Elems[1]
				}
				k, ok := in.propKey(kv)
				if !ok {
					in.reason(p, "Object.fromEntries with an unknown key")
					return unknown{why: "fromEntries"}
				}
				r.set(k, v)
			}
			return r
		}),
		"getOwnPropertyNames": native("getOwnPropertyNames", func(_ Value, a []Value, p ir.Pos) Value {
			ks, ok := in.ownKeys(arg(a, 0), p)
			if !ok {
				return unknown{why: "getOwnPropertyNames"}
			}
			r := newArray(slices.DeleteFunc(ks, isSymbol))
			r.born = in.epoch
			return r
		}),
		"keys": native("keys", func(_ Value, a []Value, p ir.Pos) Value {
			o, ok := arg(a, 0).(*Object)
			switch f := arg(a, 0).(type) {
			case *Closure, *ClassVal:
				o, ok = in.bagOf(f), true // a function's own: its statics
			case *Native:
				if f.made {
					o, ok = f.own, true
				}
			}
			if !ok || o == nil || o.Arr && o.Class != "Array" || o.Class == "process" {
				in.reason(p, "Object.keys of this value")
				return unknown{why: "keys"}
			}
			var ks []Value
			for _, k := range enumKeys(o) {
				ks = append(ks, k)
			}
			return newArray(ks)
		}), "values": native("values", func(_ Value, a []Value, p ir.Pos) Value { return in.objectList("values", arg(a, 0), p) }),
		"entries": native("entries", func(_ Value, a []Value, p ir.Pos) Value { return in.objectList("entries", arg(a, 0), p) }),
		"assign": native("assign", func(_ Value, a []Value, p ir.Pos) Value {
			t, ok := arg(a, 0).(*Object)
			instance := ok && (t.Proto != nil || t.ctor != nil || t.protoObj != nil) &&
				!t.Arr && t.coll == nil && t.gen == nil
			if !ok || !plainKeys(t) && !instance {
				in.reason(p, "Object.assign to this value")
				return unknown{why: "Object.assign"}
			}
			in.mut(t.born)
			for _, src := range rest(a, 1) {
				if src == nil || src == null {
					continue
				}
				s, ok := src.(*Object)
				if !ok || !plainKeys(s) {
					in.reason(p, "Object.assign from this value")
					return t
				}
				for _, k := range append(slices.Clone(s.Keys), s.syms...) {
					in.setMember(t, k, s.Props[k], p) // [[Set]]: setters run
				}
			}
			return t
		})}}
	mathFn := func(name string, f func(float64) float64) *Native {
		return native(name, func(_ Value, a []Value, _ ir.Pos) Value {
			n, ok := toNumber(arg(a, 0))
			if !ok {
				return unknown{why: "Math"}
			}
			return f(n)
		})
	}
	b["Math"] = &Native{Name: "Math", Obj: true, Props: map[string]Value{
		"floor": mathFn("floor", math.Floor), "ceil": mathFn("ceil", math.Ceil), "abs": mathFn("abs", math.Abs),
		"trunc": mathFn("trunc", math.Trunc), "sqrt": mathFn("sqrt", math.Sqrt),
		"round": mathFn("round", jsRound),
		"max":   native("max", func(_ Value, a []Value, _ ir.Pos) Value { return fold(a, math.Inf(-1), math.Max) }),
		"min":   native("min", func(_ Value, a []Value, _ ir.Pos) Value { return fold(a, math.Inf(1), math.Min) }),
		"PI":    math.Pi, "E": math.E, "LN2": math.Ln2, "LN10": math.Ln10, "LOG2E": math.Log2E, "LOG10E": math.Log10E,
		"SQRT2": math.Sqrt2, "SQRT1_2": math.Sqrt2 / 2,
		"sign": mathFn("sign", func(x float64) float64 {
			switch {
			case x > 0:
				return 1
			case x < 0:
				return -1
			}
			return x // 0, -0, NaN
		}),
		"fround": mathFn("fround", func(x float64) float64 { return float64(float32(x)) }),
		"pow": native("pow", func(_ Value, a []Value, p ir.Pos) Value {
			x, ok1 := toNumber(arg(a, 0))
			y, ok2 := toNumber(arg(a, 1))
			if !ok1 || !ok2 {
				return unknown{why: "Math"}
			}
			if r, ok := jsPow(x, y); ok {
				return r
			}
			in.reason(p, "Math.pow(%s, %s) (V8 computes such powers to a last digit that differs by release)", jsNum(x), jsNum(y))
			return unknown{why: "Math"}
		}),
		"clz32": mathFn("clz32", func(x float64) float64 { return float64(bits.LeadingZeros32(uint32(toInt32(x)))) }),
		"imul": native("imul", func(_ Value, a []Value, _ ir.Pos) Value {
			x, ok1 := toNumber(arg(a, 0))
			y, ok2 := toNumber(arg(a, 1))
			if !ok1 || !ok2 {
				return unknown{why: "Math"}
			}
			return float64(toInt32(x) * toInt32(y))
		}),
		"hypot": native("hypot", func(_ Value, a []Value, p ir.Pos) Value {
			sum := 0.0
			for _, v := range a {
				n, ok := toNumber(v)
				if !ok {
					return unknown{why: "Math"}
				}
				if math.IsInf(n, 0) {
					return math.Inf(1)
				}
				sum += n * n
			}
			r := math.Sqrt(sum)
			if r != math.Trunc(r) || r*r != sum || sum > 1<<52 {
				in.reason(p, "Math.hypot of these values (V8's last digit may differ)")
				return unknown{why: "Math"}
			}
			return r
		}),
		// V8's transcendental functions (fdlibm ports) may differ from Go's
		// in the last digit: only results that check exactly are kept.
		"cbrt":  in.exactMath("cbrt", math.Cbrt, func(x, r float64) bool { return r*r*r == x }),
		"log2":  in.exactMath("log2", math.Log2, func(x, r float64) bool { return math.Pow(2, r) == x }),
		"log10": in.exactMath("log10", math.Log10, func(x, r float64) bool { return r >= 0 && r <= 22 && math.Pow(10, r) == x }),
		"log":   in.exactMath("log", math.Log, func(x, r float64) bool { return x == 1 }),
		"exp":   in.exactMath("exp", math.Exp, func(x, r float64) bool { return x == 0 }),
		"sin":   in.exactMath("sin", math.Sin, func(x, r float64) bool { return x == 0 }),
		"cos":   in.exactMath("cos", math.Cos, func(x, r float64) bool { return x == 0 }),
		"tan":   in.exactMath("tan", math.Tan, func(x, r float64) bool { return x == 0 }),
	}}
	b["JSON"] = in.jsonNamespace()
	b["Reflect"] = in.reflectBuiltin()
	b["Function"] = in.functionBuiltin()
	if in.p.Module == loop.ESModule {
		// An ES module has no require, module, exports, __filename or
		// __dirname: typeof require is 'undefined'.
		return b
	}
	b["require"] = in.requireFn(in.mainDir())
	mod := newObject()
	mod.set("exports", newObject())
	b["module"] = mod
	b["exports"] = mod.Props["exports"]
	b["__filename"] = unknown{why: "__filename"}
	b["__dirname"] = unknown{why: "__dirname"}
	if in.opts.Filename != "" {
		b["__filename"] = in.opts.Filename
		b["__dirname"] = path.Dir(in.opts.Filename)
		in.modules[in.opts.Filename] = mod // requiring the main file gets its exports so far
	}
	return b
}

func fold(a []Value, init float64, f func(x, y float64) float64) Value {
	r := init
	for _, v := range a {
		n, ok := toNumber(v)
		if !ok {
			return unknown{why: "Math"}
		}
		if math.IsNaN(n) {
			return math.NaN()
		}
		r = f(r, n)
	}
	return r
}

// module is require(name) / import from name for the modules the slice knows.
func (in *Interp) module(name string, imported bool, pos ir.Pos) Value {
	feature := loop.RequireNodeScheme
	if imported {
		feature = loop.ImportNodeScheme
	}
	if strings.HasPrefix(name, "node:") && !in.p.Has(feature) {
		// Loading fails as in the runtime (runtime/modules.go).
		e := in.newError("Error", "Cannot find module '"+name+"'")
		e.set("code", "MODULE_NOT_FOUND")
		if imported {
			e = in.newError("Error", "Only file and data URLs are supported by the default ESM loader. Received protocol 'node:'")
			e.set("code", "ERR_UNSUPPORTED_ESM_URL_SCHEME")
		}
		panic(&Thrown{V: e})
	}
	name = strings.TrimPrefix(name, "node:")
	if _, ok := in.builtinMods[name]; !ok {
		in.meter.BuiltinLoad()
	}
	return in.loadBuiltin(name, imported, pos)
}

// loadBuiltin is a built-in module's value, made once per run: every
// require of it returns the same object.
func (in *Interp) loadBuiltin(name string, imported bool, pos ir.Pos) Value {
	if v, ok := in.builtinMods[name]; ok {
		return v
	}
	v := in.loadModule(name, imported, pos)
	if in.builtinMods == nil {
		in.builtinMods = map[string]Value{}
	}
	in.builtinMods[name] = v
	return v
}

// loadModule makes the value of a built-in module (name without node:).
func (in *Interp) loadModule(name string, imported bool, pos ir.Pos) Value {
	if !imported && in.lacks(builtinModules, name) {
		// A release without the module: require throws (as the runtime's
		// loader does, runtime/modules.go).
		e := in.newError("Error", "Cannot find module '"+name+"'")
		e.set("code", "MODULE_NOT_FOUND")
		panic(&Thrown{V: e})
	}
	switch name {
	case "fs":
		fs := &Native{Name: "fs", Obj: true, Props: map[string]Value{"promises": in.fsPromises()}}
		for m := range fsModelled {
			fs.Props[m] = native(m, func(_ Value, a []Value, p ir.Pos) Value { return in.fsCall(m, a, p) })
		}
		// The file streams are the runtime's JavaScript (jslib/_fs_streams.js).
		for _, m := range []string{"createReadStream", "createWriteStream"} {
			fs.Props[m] = native(m, func(_ Value, a []Value, p ir.Pos) Value {
				return in.fsStream(m, a, p)
			})
		}
		return fs
	case "fs/promises":
		if !in.p.Has(loop.ModuleFSPromises) {
			in.reason(pos, "%q does not exist on Node %s (loading it fails)", name, in.p.Node)
			return unknown{why: "module " + name}
		}
		return in.fsPromises()
	case "events":
		return in.builtinJS("events", pos)
	case "net", "http", "crypto", "dns":
		return in.builtinJS(name, pos)
	case "stream", "string_decoder":
		return in.builtinJS(name, pos)
	case "stream/promises":
		return in.getMember(in.loadBuiltin("stream", imported, pos), "_promises", pos)
	case "worker_threads":
		return in.builtinJS("worker_threads", pos)
	case "path", "path/posix":
		return in.pathModule()
	case "process":
		return in.process()
	case "assert":
		return in.builtinJS("assert", pos)
	case "assert/strict":
		return in.getMember(in.loadBuiltin("assert", imported, pos), "strict", pos)
	case "util":
		return in.builtinJS("util", pos)
	case "timers/promises":
		if !in.p.Has(loop.ModuleTimersPromises) {
			in.reason(pos, "%q does not exist on Node %s (loading it fails)", name, in.p.Node)
			return unknown{why: "module " + name}
		}
		return in.builtinJS("_timers_promises", pos)
	case "url":
		return in.urlModule()
	case "timers":
		t := &Native{Name: "timers", Obj: true, Props: map[string]Value{}}
		for _, m := range []string{"setTimeout", "setInterval", "setImmediate", "clearTimeout", "clearInterval", "clearImmediate"} {
			t.Props[m] = in.builtins[m]
		}
		return t
	}
	in.reason(pos, "module %q is not modelled", name)
	return unknown{why: "module " + name}
}

// urlModule is require('url'): fileURLToPath (nodepath.FileURLToPath, as
// the runtime's); its other members are reasons.
func (in *Interp) urlModule() *Native {
	u := &Native{Name: "url", Obj: true, Props: map[string]Value{}}
	if !in.p.Has(loop.FileURLToPath) {
		return u
	}
	u.Props["fileURLToPath"] = native("fileURLToPath", func(_ Value, a []Value, pos ir.Pos) Value {
		href, ok := arg(a, 0).(string)
		if !ok {
			in.reason(pos, "url.fileURLToPath of a value that is not a string is not modelled")
			return unknown{why: "fileURLToPath"}
		}
		p, code, msg := nodepath.FileURLToPath(href)
		if code != "" {
			e := in.nodeError("TypeError", code)
			if code != "ERR_INVALID_URL" {
				e.Props["message"] = msg // "Invalid URL" gained and lost the input by release
			}
			panic(&Thrown{V: e})
		}
		return p
	})
	return u
}

func (in *Interp) importStmt(s *ir.Import, sc *Scope) {
	if nodepath.IsRelativeRequest(s.Source) {
		em, m := in.evalLocal(in.dirOf(s.Pos), s, s.Pos)
		if em != nil {
			in.bindESM(em, s, sc)
			return
		}
		// A CommonJS file: its module.exports is the default export;
		// its named exports are what cjs-module-lexer finds in its text
		// (parse.File.CJSExports: the forms looplint recognises).
		file, _ := in.resolveImport(in.dirOf(s.Pos), s.Source)
		for _, n := range s.Names {
			v := m
			switch {
			case n.Name == "default":
			case n.Name != "*" && slices.Contains(in.cjsNames[file], n.Name):
				v = in.getMember(m, n.Name, s.Pos)
			default:
				in.reason(s.Pos, "this import from a CommonJS module (what Node's cjs-module-lexer finds in it) is not modelled")
				v = unknown{why: "import"}
			}
			sc.declare(n.Local, v, true)
		}
		return
	}
	m := in.module(s.Source, true, s.Pos)
	for _, n := range s.Names {
		var v Value
		switch n.Name {
		case "*", "default":
			v = m
		default:
			v = in.getMember(m, n.Name, s.Pos)
		}
		sc.declare(n.Local, v, true)
	}
}

// declareModuleVars gives the CommonJS wrapper's parameters their values.
func (in *Interp) declareModuleVars(sc *Scope) {}

func (in *Interp) instanceOf(a, b Value, pos ir.Pos) Value {
	if _, ok := a.(unknown); ok {
		return unknown{why: "instanceof"}
	}
	if c, ok := b.(*ClassVal); ok {
		if hc := in.handleClass(a, pos); hc != nil {
			return hc == c
		}
		return instanceOfClass(a, c)
	}
	if c, ok := b.(*Closure); ok && constructible(c) {
		o, ok := a.(*Object)
		return ok && (o.ctor == c || in.inChain(o, in.protoObject(c)))
	}
	if n, ok := b.(*Native); ok {
		switch n.Name {
		case "Promise":
			_, ok := a.(*Promise)
			return ok
		case "Array":
			o, ok := a.(*Object)
			return ok && o.Arr
		case "Object":
			if o, ok := a.(*Object); ok && in.chainHasNullProto(o) {
				return false // Object.create(null) and its heirs
			}
			switch a.(type) {
			case *dateObj, *timerHandle, *immHandle, *Native:
				return true // host objects (process, a Timeout) too
			}
			return isObj(a) || isCallable(a)
		case "Map", "Set", "WeakMap", "WeakSet":
			o, ok := a.(*Object)
			return ok && o.coll != nil && o.Class == n.Name
		case "Date":
			_, ok := a.(*dateObj)
			return ok
		case "RegExp":
			o, ok := a.(*Object)
			return ok && o.rx != nil
		}
		if isErrorClass(n.Name) {
			o, ok := a.(*Object)
			return ok && (o.errClass == n.Name || n.Name == "Error" && o.errClass != "")
		}
	}
	in.reason(pos, "instanceof with this right-hand side")
	return unknown{why: "instanceof"}
}

// bufferMember is the part of a Buffer the predictor knows: its length,
// its bytes by index, slice and toString (a range of it too). The
// library's JavaScript reads sockets' bytes so (string_decoder, net's
// 64 KiB reads); Buffers are never written.
func (in *Interp) bufferMember(b []byte, k string) Value {
	switch k {
	case "length", "byteLength": // a Uint8Array: one byte an element
		return float64(len(b))
	case "toString":
		return native("toString", func(_ Value, a []Value, _ ir.Pos) Value {
			enc, isStr := arg(a, 0).(string)
			if arg(a, 0) != nil && !isStr || len(a) > 3 {
				return unknown{why: "Buffer.toString"}
			}
			lo, hi, ok := bufRange(b, a[min(len(a), 1):], false)
			if !ok {
				return unknown{why: "Buffer.toString"}
			}
			s, ok := decode(b[lo:hi], enc)
			if !ok {
				return unknown{why: "Buffer.toString"}
			}
			return s
		})
	case "slice", "subarray":
		return native(k, func(_ Value, a []Value, _ ir.Pos) Value {
			lo, hi, ok := bufRange(b, a, true)
			if !ok {
				return unknown{why: "Buffer", made: true, typ: "object"}
			}
			return bufferValue(b[lo:hi:hi])
		})
	}
	if i, err := strconv.Atoi(k); err == nil && strconv.Itoa(i) == k {
		if i < len(b) {
			return float64(b[i])
		}
		return nil
	}
	return unknown{why: "member"}
}

// bufRange is the [lo, hi) of b that (start, end) name: slice's rules
// (negative counts from the end) or toString's (clamped, no negatives);
// false for arguments that are not numbers.
func bufRange(b []byte, a []Value, negative bool) (lo, hi int, ok bool) {
	n := len(b)
	at := func(i, def int) (int, bool) {
		v := arg(a, i)
		if v == nil {
			return def, true
		}
		f, isNum := v.(float64)
		if !isNum || f != f {
			return 0, false
		}
		x := int(f)
		if f >= float64(n) {
			x = n
		}
		if x < 0 {
			if negative {
				x += n
			}
			if x < 0 {
				x = 0
			}
		}
		return x, true
	}
	lo, ok1 := at(0, 0)
	hi, ok2 := at(1, n)
	if !ok1 || !ok2 {
		return 0, 0, false
	}
	if hi < lo {
		hi = lo
	}
	return lo, hi, true
}

// readProp reads p's own property k, calling its getter (if it has an
// accessor) on this; ok is false when p has no such property.
func (in *Interp) readProp(p *Object, k string, this Value) (Value, bool) {
	if a := p.acc[k]; a != nil {
		if a.get == nil {
			return nil, true
		}
		return in.call(a.get, this, nil, ir.Pos{}), true
	}
	return p.get(k)
}

// getMember reads obj[k].
func (in *Interp) getMember(obj Value, k string, pos ir.Pos) Value {
	switch o := obj.(type) {
	case nil, nullT:
		in.propertyError("read", o, k)
	case unknown:
		if o.bytes != nil {
			return in.bufferMember(*o.bytes, k)
		}
		return unknown{why: "member"}
	case *symbolVal:
		return in.symbolMember(o, k, pos)
	case *Object:
		if o.gen != nil {
			if v := in.generatorMember(o, k); v != nil {
				return v
			}
		}
		if o.rx != nil {
			if v, ok := in.regexpMember(o, k, pos); ok {
				return v
			}
		}
		if strings.HasPrefix(k, symbolPrefix) {
			if v, ok := o.Props[k]; ok {
				return v
			}
			if k == in.symKey(in.wellKnown("iterator")) && (o.Arr || o.coll != nil) {
				return in.iteratorMethod()
			}
		}
		if o.coll != nil {
			if v := in.collMember(o, k, pos); v != nil {
				return v
			}
		}
		if isIterator(o) {
			in.reason(pos, "%s.%s is not modelled", o.Class, in.keyName(k))
			return unknown{why: k}
		}
		if v, ok := in.readProp(o, k, o); ok {
			return v
		}
		if o.protoOf != nil {
			// C.prototype: C's methods, then what it inherits.
			v, _ := in.protoMember(o.protoOf, o, k, pos)
			return v
		}
		if o.Proto != nil {
			if v, ok := in.protoMember(o.Proto, o, k, pos); ok {
				return v
			}
		}
		if o.ctor != nil || o.protoObj != nil {
			if v, ok := in.inherited(o, k, o, pos); ok {
				return v
			}
		}
		if o.errClass != "" {
			switch k {
			case "name":
				return o.errClass
			case "message":
				return "" // Error.prototype.message
			case "constructor":
				if o.Proto != nil {
					return o.Proto
				}
				if c, ok := in.builtins[o.errClass]; ok {
					return c
				}
				return &Native{Name: o.errClass, Props: map[string]Value{}}
			case "stack":
				return unknown{why: "stack", typ: "string"}
			case "toString":
				return native("toString", func(this Value, _ []Value, _ ir.Pos) Value {
					if s, ok := toStr(this); ok {
						return s
					}
					return unknown{why: "Error.prototype.toString"}
				})
			}
		}
		if o.Arr && o.Class != "Arguments" {
			if m := in.arrayMethod(o, k, pos); m != nil {
				return m
			}
		}
		switch k {
		case "toString", "hasOwnProperty", "valueOf", "constructor", "__proto__", "isPrototypeOf", "propertyIsEnumerable", "toLocaleString":
			if in.chainHasNullProto(o) {
				return nil
			}
			if v := in.objectProtoMethod(o, k); v != nil {
				return v
			}
			in.reason(pos, "Object.prototype.%s is not modelled", k)
			return unknown{why: k}
		}
		if o.Class == "process" && !isLib(pos) {
			// Node's has more members than the interpreter's (the
			// library's own reads see what both engines give it).
			in.reason(pos, "process.%s is not modelled", in.keyName(k))
			return unknown{why: k}
		}
		return nil
	case string:
		return in.stringMember(o, k, pos)
	case *Promise:
		switch k {
		case "then", "catch", "finally":
			if k == "finally" && !in.p.Has(loop.PromiseFinally) {
				return nil
			}
			return in.promiseMethod(o, k)
		}
		return nil
	case *Closure:
		if o.Props != nil {
			if v, ok := in.readProp(o.Props, k, o); ok {
				return v
			}
		}
		switch k {
		case "name":
			return o.Fn.Name
		case "length":
			return float64(paramCount(o.Fn.Params))
		case "prototype":
			if p := in.protoObject(o); p != nil {
				return p
			}
			return nil
		case "call", "apply", "bind":
			return in.fnMethod(o, o.Fn.Name, k)
		}
		if isCallable(o.proto) {
			return in.getMember(o.proto, k, pos) // Object.setPrototypeOf(o, f)
		}
		return in.fnProtoMember(k, pos)
	case *Native:
		if o == in.globalObj {
			return in.globalMember(k, pos)
		}
		if intrinsicMembers[o.Name+"."+k] && in.hasNamed(o.Name+"."+k) {
			in.builtinJS("_intrinsics", pos)
		}
		if o.own != nil {
			if v, ok := in.readProp(o.own, k, o); ok {
				return v
			}
		}
		if intrinsicMembers[o.Name+"."+k] {
			return nil // absent on this release
		}
		if o.made {
			switch k {
			case "name":
				return o.Name
			case "length", "prototype":
			case "call", "apply", "bind":
				return in.fnMethod(o, o.Name, k)
			default:
				return in.fnProtoMember(k, pos)
			}
		}
		if !in.hasNamed(o.Name + "." + k) {
			return nil // added in a later release (Object.fromEntries, ...)
		}
		if o.Name == "Object" && k == "prototype" {
			return in.objectProto()
		}
		if v, ok := o.Props[k]; ok {
			if a, ok := v.(*accessor); ok {
				if a.get == nil {
					return nil
				}
				return in.call(a.get, o, nil, pos)
			}
			return v
		}
		if k == "prototype" && !o.Obj && o == in.builtins[o.Name] {
			if _, ok := intrinsics[o.Name]; ok || isErrorClass(o.Name) {
				return in.ctorProto(o.Name)
			}
		}
		if o.closed || !o.Obj && strings.HasPrefix(k, symbolPrefix) {
			// (a built-in function has no symbol-keyed property the
			// program could name but what it was given: util.promisify's
			// custom form of setTimeout is an own one)
			return nil
		}
		if (k == "call" || k == "apply" || k == "bind") && isCallable(o) {
			return in.fnMethod(o, o.Name, k)
		}
		if fp := in.builtins["Function"].(*Native).Props["prototype"].(*Native); !o.Obj && o != fp {
			if v, ok := fp.Props[k]; ok {
				return v
			}
		}
		if k == "name" {
			return o.Name
		}
		if o.Name == "Promise" && in.lacks(promiseStatics, k) {
			return nil // absent on this version
		}
		in.reason(pos, "%s.%s is not modelled", o.Name, in.keyName(k))
		return unknown{why: k}
	case *ClassVal:
		return in.classMember(o, k, pos)
	case *dateObj:
		if k == "getTime" || k == "valueOf" {
			return native(k, func(Value, []Value, ir.Pos) Value { return o.num() })
		}
		if o.fixed {
			if v := in.dateMethod(o, k, pos); v != nil {
				return v
			}
		}
		in.reason(pos, "Date.prototype.%s is not modelled", k)
		return unknown{why: k}
	case *timerHandle, *immHandle:
		return in.handleMember(o, k, pos)
	case float64:
		return in.numberMember(o, k, pos)
	case bool:
		in.reason(pos, "methods of primitives (%s) are not modelled", k)
		return unknown{why: k}
	case timeVal, timeDiff:
		in.reason(pos, "property of a clock reading")
		return unknown{why: k}
	}
	in.reason(pos, "property %s of this value is not modelled", k)
	return unknown{why: k}
}

func (in *Interp) stringMember(s string, k string, pos ir.Pos) Value {
	str := func(f func(string, []Value) Value) *Native {
		return native(k, func(_ Value, a []Value, _ ir.Pos) Value { return f(s, a) })
	}
	if k == in.symKey(in.wellKnown("iterator")) {
		return in.iteratorMethod()
	}
	if k == "replaceAll" && !in.p.Has(loop.StringReplaceAll) || k == "matchAll" && !in.p.Has(loop.StringMatchAll) {
		return nil
	}
	if v, ok := in.stringRegexpMethod(s, k, pos); ok {
		return v
	}
	if k == "at" && !in.p.Has(loop.StringAt) {
		return nil
	}
	if m := in.stringCodeMethod(s, k); m != nil {
		return m
	}
	if i, ok := layout.ArrayIndex(k); ok {
		js := newJSStr(s)
		if int(i) >= js.len() {
			return nil
		}
		if c, whole := js.sub(int(i), int(i)+1); whole {
			return c
		}
		in.reason(pos, "half a surrogate pair (a string's element %d) is not modelled", i)
		return unknown{why: "string element", typ: "string"}
	}
	switch k {
	case "length":
		return float64(len(utf16.Encode([]rune(s)))) // UTF-16 units
	case "trim":
		return str(func(s string, _ []Value) Value { return jsTrim(s) })
	case "toUpperCase":
		return str(func(s string, _ []Value) Value { return jsUpper(s) })
	case "toLowerCase":
		return str(func(s string, _ []Value) Value { return jsLower(s) })
	case "includes", "startsWith", "endsWith":
		return str(func(s string, a []Value) Value {
			t, ok := arg(a, 0).(string)
			if !ok {
				in.reason(pos, "String.prototype.%s of a value that is not a string", k)
				return unknown{why: k}
			}
			js := newJSStr(s)
			n := js.len()
			def := 0
			if k == "endsWith" {
				def = n
			}
			p, ok := position(arg(a, 1), n, def, 0)
			if !ok {
				in.reason(pos, "String.prototype.%s with an unknown position", k)
				return unknown{why: k}
			}
			tn := newJSStr(t).len()
			switch k {
			case "includes":
				return js.index(t, p, false) >= 0
			case "startsWith":
				return p+tn <= n && js.index(t, p, false) == p
			}
			return p-tn >= 0 && js.index(t, p-tn, false) == p-tn
		})
	case "concat":
		return str(func(s string, a []Value) Value {
			var b strings.Builder
			b.WriteString(s)
			for _, x := range a {
				if isObj(x) {
					in.reason(pos, "String.prototype.concat of an object is not modelled")
					return unknown{why: k, typ: "string"}
				}
				t, ok := toStr(x)
				if !ok {
					return unknown{why: k, typ: "string"}
				}
				if in.tooLong(pos, b.Len()+len(t), "a string") {
					return unknown{why: k, typ: "string"}
				}
				b.WriteString(t)
			}
			return b.String()
		})
	case "split":
		return str(func(s string, a []Value) Value {
			if o, isRe := arg(a, 0).(*Object); isRe && o.rx != nil {
				r := in.splitRegexp(s, o.rx, pos)
				if l := arg(a, 1); l != nil {
					n, ok := toNumber(l)
					ro, isArr := r.(*Object)
					if !ok || !isArr {
						in.reason(pos, "split with a RegExp and an unknown limit")
						return unknown{why: "split"}
					}
					if lim := int64(uint32(int64(math.Trunc(n)))); lim < int64(len(ro.Elems)) && !math.IsNaN(n) {
						ro.Elems = ro.Elems[:lim]
					}
				}
				return r
			}
			sep, ok := arg(a, 0).(string)
			limit, lok := arg(a, 1).(float64)
			switch {
			case arg(a, 0) == nil:
				return newArray([]Value{s})
			case !ok || arg(a, 1) != nil && (!lok || limit < 0 || limit != math.Trunc(limit)):
				in.reason(pos, "String.prototype.split with this separator or limit is not modelled")
				return unknown{why: k}
			}
			var parts []string
			if sep == "" {
				js := newJSStr(s)
				for i := 0; i < js.len(); i++ {
					c, whole := js.sub(i, i+1)
					if !whole {
						in.reason(pos, "splitting a surrogate pair in two is not modelled")
						return unknown{why: k}
					}
					parts = append(parts, c)
				}
			} else {
				parts = strings.Split(s, sep)
			}
			if s == "" && sep == "" {
				parts = nil
			}
			if arg(a, 1) != nil && int(limit) < len(parts) {
				parts = parts[:int(limit)]
			}
			return in.stringArray(parts)
		})
	case "localeCompare":
		return str(func(s string, a []Value) Value {
			that, ok := toStr(arg(a, 0))
			if !ok || len(a) > 1 {
				// Locales and options, and the default locale itself, are
				// the environment's; the root collation is assumed.
				in.reason(pos, "String.prototype.localeCompare with locales or options is not modelled")
				return unknown{why: k}
			}
			return float64(collate.New(language.Und).CompareString(s, that))
		})
	case "slice", "substring", "substr", "charAt", "at", "indexOf", "lastIndexOf", "padStart", "padEnd":
		return str(func(s string, a []Value) Value { return in.unitStringMethod(s, k, a, pos) })
	case "normalize":
		return str(func(s string, a []Value) Value {
			form := "NFC"
			if f := arg(a, 0); f != nil {
				fs, ok := f.(string)
				if !ok {
					in.reason(pos, "String.prototype.normalize with a form that is not a string")
					return unknown{why: "normalize", typ: "string"}
				}
				form = fs
			}
			forms := map[string]unorm.Form{"NFC": unorm.NFC, "NFD": unorm.NFD, "NFKC": unorm.NFKC, "NFKD": unorm.NFKD}
			f, ok := forms[form]
			if !ok {
				panic(&Thrown{V: in.newError("RangeError", "The normalization form should be one of NFC, NFD, NFKC, NFKD.")})
			}
			return f.String(s)
		})
	case "trimStart", "trimEnd":
		return str(func(s string, _ []Value) Value {
			if k == "trimStart" {
				return strings.TrimLeft(s, jsSpace)
			}
			return strings.TrimRight(s, jsSpace)
		})
	case "repeat":
		return str(func(s string, a []Value) Value {
			n, ok := arg(a, 0).(float64)
			if !ok || n < 0 || n > 1e5 {
				return unknown{why: k}
			}
			return strings.Repeat(s, int(n))
		})
	}
	if !stringProtoNames[k] {
		// Not a method of String.prototype or Object.prototype in any
		// release: undefined (a program that adds one is a reason where
		// it assigns).
		return nil
	}
	in.reason(pos, "String.prototype.%s is not modelled", k)
	return unknown{why: k}
}

// stringProtoNames are the names a string reaches through its prototypes
// (String.prototype and Object.prototype, every release).
var stringProtoNames = map[string]bool{}

func init() {
	for _, n := range strings.Fields(`anchor at big blink bold charAt charCodeAt codePointAt concat constructor
		endsWith fixed fontcolor fontsize includes indexOf isWellFormed italics lastIndexOf length link
		localeCompare match matchAll normalize padEnd padStart repeat replace replaceAll search slice small
		split startsWith strike sub substr substring sup toLocaleLowerCase toLocaleUpperCase toLowerCase
		toString toUpperCase toWellFormed trim trimEnd trimLeft trimRight trimStart valueOf
		__defineGetter__ __defineSetter__ __lookupGetter__ __lookupSetter__ __proto__ hasOwnProperty
		isPrototypeOf propertyIsEnumerable toLocaleString`) {
		stringProtoNames[n] = true
	}
}

// jsSpace is what String.prototype.trim removes: WhiteSpace and
// LineTerminator (Go's unicode.IsSpace has U+0085 and lacks U+FEFF).
const jsSpace = " \t\n\r\v\f\u00a0\ufeff\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000"

func jsTrim(s string) string { return strings.Trim(s, jsSpace) }

// paramCount is a function's length: the parameters before the first
// one with a default or the rest parameter.
func paramCount(params []ir.Pattern) int {
	for i, p := range params {
		switch p.(type) {
		case *ir.PDefault, *ir.PRest:
			return i
		}
	}
	return len(params)
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// unitStringMethod is a String.prototype method that counts positions in
// UTF-16 units.
func (in *Interp) unitStringMethod(s, k string, a []Value, pos ir.Pos) Value {
	js := newJSStr(s)
	n := js.len()
	unknownArg := func() Value {
		in.reason(pos, "String.prototype.%s with an unknown argument", k)
		return unknown{why: k}
	}
	sub := func(i, j int) Value {
		if r, ok := js.sub(i, j); ok {
			return r
		}
		in.reason(pos, "a string with half a surrogate pair (String.prototype.%s) is not modelled", k)
		return unknown{why: k, typ: "string"}
	}
	switch k {
	case "slice":
		from, ok1 := relIndex(arg(a, 0), n, 0)
		to, ok2 := relIndex(arg(a, 1), n, n)
		if !ok1 || !ok2 {
			return unknownArg()
		}
		return sub(from, max(from, to))
	case "substr":
		from, ok1 := relIndex(arg(a, 0), n, 0)
		length := float64(n - from)
		if l := arg(a, 1); l != nil {
			f, ok := toNumber(l)
			if !ok {
				return unknownArg()
			}
			if math.IsNaN(f) {
				f = 0
			}
			length = math.Max(0, math.Min(math.Trunc(f), float64(n-from)))
		}
		if !ok1 {
			return unknownArg()
		}
		return sub(from, from+int(length))
	case "substring":
		clamp := func(v Value, def int) (int, bool) {
			if v == nil {
				return def, true
			}
			f, ok := toNumber(v)
			if !ok {
				return 0, false
			}
			if math.IsNaN(f) || f < 0 {
				return 0, true
			}
			return int(min(math.Trunc(f), float64(n))), true
		}
		from, ok1 := clamp(arg(a, 0), 0)
		to, ok2 := clamp(arg(a, 1), n)
		if !ok1 || !ok2 {
			return unknownArg()
		}
		return sub(min(from, to), max(from, to))
	case "charAt", "at":
		f, ok := toNumber(arg(a, 0))
		if !ok {
			return unknownArg()
		}
		if math.IsNaN(f) {
			f = 0
		}
		i := int(math.Trunc(max(min(f, 1e9), -1e9)))
		if k == "at" && i < 0 {
			i += n
		}
		if i < 0 || i >= n {
			if k == "at" {
				return nil
			}
			return ""
		}
		return sub(i, i+1)
	case "indexOf", "lastIndexOf":
		t, ok := toStr(arg(a, 0))
		last := k == "lastIndexOf"
		def := 0
		if last {
			def = n
		}
		from, fok := position(arg(a, 1), n, def, def)
		if !ok || !fok || isObj(arg(a, 0)) {
			return unknownArg()
		}
		return float64(js.index(t, from, last))
	}
	// padStart, padEnd
	w, ok := arg(a, 0).(float64)
	fill := " "
	if f := arg(a, 1); f != nil {
		fs, fok := f.(string)
		ok = ok && fok
		fill = fs
	}
	if !ok || w > 1e5 {
		return unknownArg()
	}
	fj := newJSStr(fill)
	need := int(w) - n
	if need <= 0 || fj.len() == 0 {
		return s
	}
	pad, whole := newJSStr(strings.Repeat(fill, need/fj.len()+1)).sub(0, need)
	if !whole {
		in.reason(pos, "a pad that ends in half a surrogate pair is not modelled")
		return unknown{why: k, typ: "string"}
	}
	if k == "padStart" {
		return pad + s
	}
	return s + pad
}

// jsStr is a string as JavaScript indexes it, by UTF-16 units.
type jsStr struct {
	s     string
	units []uint16 // nil when s is ASCII: its bytes are its units
}

func newJSStr(s string) jsStr {
	if isASCII(s) {
		return jsStr{s: s}
	}
	return jsStr{s: s, units: utf16.Encode([]rune(s))}
}

func (j jsStr) len() int {
	if j.units == nil {
		return len(j.s)
	}
	return len(j.units)
}

// sub is units [i, k); false when it would cut a surrogate pair (a lone
// surrogate, which a Go string cannot hold).
func (j jsStr) sub(i, k int) (string, bool) {
	if j.units == nil {
		return j.s[i:k], true
	}
	u := j.units[i:k]
	for x := 0; x < len(u); x++ {
		switch {
		case u[x] >= 0xD800 && u[x] < 0xDC00 && x+1 < len(u) && u[x+1] >= 0xDC00 && u[x+1] < 0xE000:
			x++
		case utf16.IsSurrogate(rune(u[x])):
			return "", false
		}
	}
	return string(utf16.Decode(u)), true
}

// index is indexOf(t, from) (last: lastIndexOf) in units: the first match
// at or after from (the last at or before it); from is within [0, len].
func (j jsStr) index(t string, from int, last bool) int {
	u, tu := j.units, utf16.Encode([]rune(t))
	if u == nil {
		u = utf16.Encode([]rune(j.s))
	}
	match := func(i int) bool {
		for x := range tu {
			if u[i+x] != tu[x] {
				return false
			}
		}
		return true
	}
	if last {
		for i := min(from, len(u)-len(tu)); i >= 0; i-- {
			if match(i) {
				return i
			}
		}
		return -1
	}
	for i := from; i+len(tu) <= len(u); i++ {
		if match(i) {
			return i
		}
	}
	return -1
}

// position is a String method's position argument clamped to [0, n]
// (def when absent; NaN is 0, or n for lastIndexOf's).
func position(v Value, n, def int, nan int) (int, bool) {
	if v == nil {
		return def, true
	}
	f, ok := toNumber(v)
	if !ok {
		return 0, false
	}
	if math.IsNaN(f) {
		return nan, true
	}
	return int(math.Max(0, math.Min(math.Trunc(f), float64(n)))), true
}

func (in *Interp) arrayMethod(o *Object, k string, pos ir.Pos) Value {
	fnArg := func(a []Value) Value {
		f := arg(a, 0)
		if !isCallable(f) {
			in.throwTypeVague() // "5 is not a function", "number 5 ..." from 26
		}
		return f
	}
	each := func(a []Value, visit func(i int, r Value) bool) {
		f := fnArg(a)
		for i := 0; i < len(o.Elems); i++ {
			if o.holes[i] && k != "find" && k != "findIndex" {
				continue // find reads a hole as undefined; the rest skip it
			}
			if !visit(i, in.call(f, nil, []Value{o.Elems[i], float64(i), o}, pos)) {
				return
			}
		}
	}
	m := func(f func(a []Value) Value) *Native {
		return native(k, func(_ Value, a []Value, _ ir.Pos) Value { return f(a) })
	}
	if (k == "at" || k == "findLast" || k == "findLastIndex") && in.lacks(arrayMethods, k) {
		return nil
	}
	if o.sparse() {
		switch k {
		case "fill", "push", "pop", "at", "includes", "join", "toString", "keys", "values", "entries", "with", "toReversed",
			"find", "findIndex", "findLast", "findLastIndex":
			// Holes read as undefined here, as in V8.
		case "forEach", "map", "filter", "some", "every", "reduce", "reduceRight", "indexOf", "lastIndexOf":
			// These skip holes.
		default:
			if arrayProtoNames[k] {
				in.reason(pos, "Array.prototype.%s over an array with holes is not modelled", k)
				return unknown{why: k}
			}
		}
	}
	if o.frozen {
		switch k {
		case "push", "pop", "shift", "unshift", "splice", "sort", "reverse", "fill", "copyWithin":
			in.reason(pos, "Array.prototype.%s on a frozen array (a TypeError) is not modelled", k)
			return unknown{why: k}
		}
	}
	switch k {
	case "toString":
		return m(func([]Value) Value {
			if s, ok := toStr(o); ok {
				return s
			}
			return unknown{why: "toString"}
		})
	case "findLast", "findLastIndex":
		return m(func(a []Value) Value {
			f := fnArg(a)
			for i := len(o.Elems) - 1; i >= 0; i-- {
				t, ok := truthy(in.call(f, nil, []Value{o.Elems[i], float64(i), o}, pos))
				if !ok {
					t = in.fork(pos, "a "+k+" predicate")
				}
				if t {
					if k == "findLastIndex" {
						return float64(i)
					}
					return o.Elems[i]
				}
			}
			if k == "findLastIndex" {
				return -1.0
			}
			return nil
		})
	case "push":
		return m(func(a []Value) Value {
			in.mut(o.born)
			o.Elems = append(o.Elems, a...)
			return float64(len(o.Elems))
		})
	case "join":
		return m(func(a []Value) Value {
			sep := ","
			if s, ok := arg(a, 0).(string); ok {
				sep = s
			}
			parts := make([]string, len(o.Elems))
			n := 0
			for i, e := range o.Elems {
				if e == nil || e == null {
					continue
				}
				e, ok := in.toPrimitive(e, "string", pos)
				if !ok {
					return unknown{why: "join"}
				}
				s, ok := toStr(e)
				if !ok {
					return unknown{why: "join"}
				}
				parts[i] = s
				n += len(s) + len(sep)
			}
			if in.tooLong(pos, n, "a string") {
				return unknown{why: "join", typ: "string"}
			}
			return strings.Join(parts, sep)
		})
	case "map":
		return m(func(a []Value) Value {
			out := make([]Value, len(o.Elems))
			r := newArray(out)
			for i := range o.holes {
				r.addHoles(i, i+1)
			}
			each(a, func(i int, v Value) bool { out[i] = v; return true })
			r.born = in.epoch
			return r
		})
	case "forEach":
		return m(func(a []Value) Value { each(a, func(int, Value) bool { return true }); return nil })
	case "filter":
		return m(func(a []Value) Value {
			var out []Value
			each(a, func(i int, r Value) bool {
				t, ok := truthy(r)
				if !ok {
					t = in.fork(pos, "a filter predicate")
				}
				if t {
					out = append(out, o.Elems[i])
				}
				return true
			})
			return newArray(out)
		})
	case "sort":
		return m(func(a []Value) Value {
			if cmp := arg(a, 0); cmp != nil {
				return in.sortWith(o, cmp, pos)
			}
			// undefined sorts last, uncompared; the rest by their
			// strings' UTF-16 code units.
			var strs []string
			var vals, undef []Value
			for _, e := range o.Elems {
				if e == nil {
					undef = append(undef, e)
					continue
				}
				s, ok := toStr(e)
				if !ok {
					in.reason(pos, "sort of unknown values")
					return o
				}
				strs, vals = append(strs, s), append(vals, e)
			}
			idx := make([]int, len(strs))
			for i := range idx {
				idx[i] = i
			}
			sort.SliceStable(idx, func(x, y int) bool { return utf16Less(strs[idx[x]], strs[idx[y]]) })
			n := make([]Value, 0, len(o.Elems))
			for _, j := range idx {
				n = append(n, vals[j])
			}
			n = append(n, undef...)
			in.mut(o.born)
			o.Elems = n
			return o
		})
	case "splice":
		return m(func(a []Value) Value {
			from, del, ok := spliceBounds(a, len(o.Elems))
			if !ok {
				in.reason(pos, "splice with an unknown bound")
				return unknown{why: k}
			}
			in.mut(o.born)
			removed := slices.Clone(o.Elems[from : from+del])
			o.Elems = slices.Concat(o.Elems[:from:from], rest(a, 2), o.Elems[from+del:])
			r := newArray(removed)
			r.born = in.epoch
			return r
		})
	case "toSpliced", "toSorted", "toReversed", "with":
		if in.lacks(arrayMethods, k) {
			return nil
		}
		return m(func(a []Value) Value {
			r := newArray(slices.Clone(o.Elems))
			r.born = in.epoch
			switch k {
			case "toSpliced":
				from, del, ok := spliceBounds(a, len(o.Elems))
				if !ok {
					in.reason(pos, "toSpliced with an unknown bound")
					return unknown{why: k}
				}
				r.Elems = slices.Concat(o.Elems[:from:from], rest(a, 2), o.Elems[from+del:])
			case "toSorted":
				if cmp := arg(a, 0); cmp != nil {
					return in.sortWith(r, cmp, pos)
				}
				return in.arrayMethod(r, "sort", pos).(*Native).Fn(r, nil, pos)
			case "toReversed":
				slices.Reverse(r.Elems)
			case "with":
				f, ok := toNumber(arg(a, 0))
				if !ok {
					in.reason(pos, "Array.prototype.with with an unknown index")
					return unknown{why: k}
				}
				if math.IsNaN(f) {
					f = 0
				}
				i := math.Trunc(f)
				if i < 0 {
					i += float64(len(r.Elems))
				}
				if i < 0 || i >= float64(len(r.Elems)) {
					in.throwRange(pos, "Invalid index : "+jsNum(i))
				}
				r.Elems[int(i)] = arg(a, 1)
			}
			return r
		})
	case "fill":
		return m(func(a []Value) Value {
			n := len(o.Elems)
			from, ok1 := relIndex(arg(a, 1), n, 0)
			to, ok2 := relIndex(arg(a, 2), n, n)
			if !ok1 || !ok2 {
				in.reason(pos, "fill with an unknown bound")
				return unknown{why: k}
			}
			in.mut(o.born)
			for i := from; i < to; i++ {
				o.Elems[i] = arg(a, 0)
				delete(o.holes, i)
			}
			return o
		})
	case "keys", "values", "entries":
		return m(func([]Value) Value { return in.iterObject(&iterRec{arr: o, kind: k}, pos) })
	case "lastIndexOf":
		return m(func(a []Value) Value {
			n := len(o.Elems)
			from := n - 1
			if len(a) > 1 {
				f, ok := toNumber(a[1])
				if !ok {
					return unknown{why: k}
				}
				if math.IsNaN(f) {
					f = 0
				}
				f = math.Trunc(f)
				if f < 0 {
					f += float64(n)
				}
				from = int(math.Max(-1, math.Min(f, float64(n-1))))
			}
			for i := from; i >= 0; i-- {
				if o.holes[i] {
					continue
				}
				eq, ok := strictEq(o.Elems[i], arg(a, 0))
				if !ok {
					return unknown{why: k}
				}
				if eq {
					return float64(i)
				}
			}
			return -1.0
		})
	case "indexOf", "includes":
		return m(func(a []Value) Value {
			for i, e := range o.Elems {
				if k == "includes" && isNaN(e) && isNaN(arg(a, 0)) {
					return true // SameValueZero
				}
				if k == "indexOf" && o.holes[i] {
					continue
				}
				eq, ok := strictEq(e, arg(a, 0))
				if !ok {
					return unknown{why: k}
				}
				if eq {
					if k == "includes" {
						return true
					}
					return float64(i)
				}
			}
			if k == "includes" {
				return false
			}
			return -1.0
		})
	case "slice":
		return m(func(a []Value) Value {
			n := len(o.Elems)
			from, ok1 := relIndex(arg(a, 0), n, 0)
			to, ok2 := relIndex(arg(a, 1), n, n)
			if !ok1 || !ok2 {
				in.reason(pos, "slice with an unknown bound")
				return unknown{why: k}
			}
			if to < from {
				to = from
			}
			r := newArray(slices.Clone(o.Elems[from:to]))
			r.born = in.epoch
			return r
		})
	case "concat":
		return m(func(a []Value) Value {
			out := slices.Clone(o.Elems)
			for _, v := range a {
				if x, ok := v.(*Object); ok && x.Arr {
					if in.tooLong(pos, len(out)+len(x.Elems), "an array") {
						return unknown{why: "concat"}
					}
					out = append(out, x.Elems...)
				} else {
					out = append(out, v)
				}
			}
			r := newArray(out)
			r.born = in.epoch
			return r
		})
	case "pop", "shift":
		return m(func([]Value) Value {
			if len(o.Elems) == 0 {
				return nil
			}
			in.mut(o.born)
			var v Value
			if k == "pop" {
				v = o.Elems[len(o.Elems)-1]
				o.truncate(len(o.Elems) - 1)
			} else {
				v, o.Elems = o.Elems[0], slices.Clone(o.Elems[1:])
			}
			return v
		})
	case "unshift":
		return m(func(a []Value) Value {
			in.mut(o.born)
			o.Elems = append(slices.Clone(a), o.Elems...)
			return float64(len(o.Elems))
		})
	case "reverse":
		return m(func([]Value) Value {
			in.mut(o.born)
			slices.Reverse(o.Elems)
			return o
		})
	case "reduce", "reduceRight":
		return m(func(a []Value) Value {
			f := fnArg(a)
			var idx []int
			for i := range o.Elems {
				if !o.holes[i] {
					idx = append(idx, i)
				}
			}
			if k == "reduceRight" {
				slices.Reverse(idx)
			}
			var acc Value
			if len(a) > 1 {
				acc = a[1]
			} else if len(idx) == 0 {
				in.throwType(pos, "Reduce of empty array with no initial value")
			} else {
				acc, idx = o.Elems[idx[0]], idx[1:]
			}
			for _, i := range idx {
				if i >= len(o.Elems) {
					break // the callback shortened the array
				}
				acc = in.call(f, nil, []Value{acc, o.Elems[i], float64(i), o}, pos)
			}
			return acc
		})
	case "at":
		return m(func(a []Value) Value {
			f, ok := toNumber(arg(a, 0))
			if !ok {
				in.reason(pos, "Array.prototype.at with an unknown index")
				return unknown{why: k}
			}
			if math.IsNaN(f) {
				f = 0
			}
			i := int(math.Trunc(max(min(f, 1e9), -1e9)))
			if i < 0 {
				i += len(o.Elems)
			}
			if i < 0 || i >= len(o.Elems) {
				return nil
			}
			return o.Elems[i]
		})
	case "flat", "flatMap":
		if in.lacks(arrayMethods, k) {
			return nil
		}
		return m(func(a []Value) Value {
			src, depth := o.Elems, 1.0
			if k == "flatMap" {
				f := fnArg(a)
				src = make([]Value, len(o.Elems))
				for i, e := range o.Elems {
					src[i] = in.call(f, arg(a, 1), []Value{e, float64(i), o}, pos)
				}
			} else if d := arg(a, 0); d != nil {
				n, ok := toNumber(d)
				if !ok {
					in.reason(pos, "flat with an unknown depth")
					return unknown{why: k}
				}
				depth = math.Trunc(n)
			}
			r := newArray(flatten(src, depth))
			r.born = in.epoch
			return r
		})
	case "some", "every", "find", "findIndex":
		return m(func(a []Value) Value {
			found := -1
			each(a, func(i int, r Value) bool {
				t, ok := truthy(r)
				if !ok {
					t = in.fork(pos, "a "+k+" predicate")
				}
				if t == (k != "every") {
					found = i
					return false
				}
				return true
			})
			switch k {
			case "some":
				return found >= 0
			case "every":
				return found < 0
			case "findIndex":
				return float64(found)
			}
			if found < 0 {
				return nil
			}
			return o.Elems[found]
		})
	}
	if arrayProtoNames[k] {
		in.reason(pos, "Array.prototype.%s is not modelled", k)
		return unknown{why: k}
	}
	return nil
}

// arrayFrom is Array.from(items[, fn[, this]]) for arrays, strings and
// {length: n}.
func (in *Interp) arrayFrom(a []Value, pos ir.Pos) Value {
	var items []Value
	switch v := arg(a, 0).(type) {
	case *Object:
		if v.Arr {
			items = slices.Clone(v.Elems)
			break
		}
		if v.coll != nil || v.gen != nil || in.ownSymbolMethod(v, "iterator") != nil {
			if f := arg(a, 1); f != nil && (v.gen != nil || v.coll == nil) {
				// The mapping function runs after each step, as the
				// spec interleaves them (an iterator's code may print).
				if !isCallable(f) {
					in.throwTypeVague()
				}
				it := in.openIter(v, nil, pos)
				if it == nil {
					return unknown{why: "Array.from"}
				}
				var out []Value
				for i := 0; ; i++ {
					if i >= in.opts.MaxIter {
						in.cutShort(pos, "Array.from's iteration")
						break
					}
					x, done := in.iterStep(it, pos)
					if done {
						break
					}
					out = append(out, in.call(f, arg(a, 2), []Value{x, float64(i)}, pos))
				}
				r := newArray(out)
				r.born = in.epoch
				return r
			}
			var ok bool
			if items, ok = in.iterAll(v, nil, pos); !ok {
				return unknown{why: "Array.from"}
			}
			break
		}
		n, ok := v.Props["length"].(float64)
		if !plainKeys(v) || !ok || n < 0 || n > 1e6 || n != math.Trunc(n) {
			in.reason(pos, "Array.from of this value")
			return unknown{why: "Array.from"}
		}
		items = make([]Value, int(n))
		for i := range items {
			items[i] = v.Props[strconv.Itoa(i)]
		}
	case string:
		items, _ = spreadOf(v)
	default:
		in.reason(pos, "Array.from of this value")
		return unknown{why: "Array.from"}
	}

	if f := arg(a, 1); f != nil {
		if !isCallable(f) {
			in.throwTypeVague()
		}
		for i, e := range items {
			items[i] = in.call(f, arg(a, 2), []Value{e, float64(i)}, pos)
		}
	}
	r := newArray(items)
	r.born = in.epoch
	return r
}

// objectList is Object.values or Object.entries of a plain object, in
// own-key order.
func (in *Interp) objectList(k string, v Value, pos ir.Pos) Value {
	o, ok := v.(*Object)
	if !ok || !plainKeys(o) {
		in.reason(pos, "Object.%s of this value", k)
		return unknown{why: "Object." + k}
	}
	var out []Value
	for _, key := range o.Keys {
		if k == "values" {
			out = append(out, o.Props[key])
		} else {
			out = append(out, newArray([]Value{key, o.Props[key]}))
		}
	}
	r := newArray(out)
	r.born = in.epoch
	return r
}

// jsRound is Math.round: halves up, -0 for [-0.5, -0] (floor(x+0.5)
// rounds 0.49999999999999994 up and loses the sign).
func jsRound(x float64) float64 {
	r := math.Floor(x)
	if x-r >= 0.5 {
		r++
	}
	if r == 0 && (x < 0 || math.Signbit(x)) {
		return math.Copysign(0, -1)
	}
	return r
}

// flatten is Array.prototype.flat's FlattenIntoArray.
func flatten(src []Value, depth float64) []Value {
	var out []Value
	for _, e := range src {
		if x, ok := e.(*Object); ok && x.Arr && depth >= 1 {
			out = append(out, flatten(x.Elems, depth-1)...)
			continue
		}
		out = append(out, e)
	}
	return out
}

// sortWith is sort(cmp): undefined last, the rest in a stable order by
// cmp (V8's is stable too, so a consistent comparator gives the same
// result whatever pairs it is asked about). A comparator that prints, or
// answers what the predictor does not know, is a reason: V8 asks in its
// own order.
func (in *Interp) sortWith(o *Object, cmp Value, pos ir.Pos) Value {
	if !isCallable(cmp) {
		in.throwTypeVague() // "The comparison function must be either a function or undefined"
	}
	if in.p.Node.Major < 11 && len(o.Elems) > 10 {
		// V8 before 7.0 quicksorts arrays longer than 10: not stable.
		in.reason(pos, "sort with a comparator of more than 10 elements before Node 11 (not stable)")
		return o
	}
	var vals, undef []Value
	for _, e := range o.Elems {
		if e == nil {
			undef = append(undef, e)
		} else {
			vals = append(vals, e)
		}
	}
	printed := len(in.stdout) + len(in.stderr)
	known := true
	sorted := slices.Clone(vals)
	slices.SortStableFunc(sorted, func(x, y Value) int {
		if !known {
			return 0
		}
		r, ok := toNumber(in.call(cmp, nil, []Value{x, y}, pos))
		switch {
		case !ok:
			known = false
		case r < 0:
			return -1
		case r > 0:
			return 1
		}
		return 0
	})
	if !known || len(in.stdout)+len(in.stderr) != printed {
		in.reason(pos, "sort with a comparator that prints or answers unknown values")
		return o
	}
	in.mut(o.born)
	o.Elems = append(sorted, undef...)
	return o
}

// fnMethod is Function.prototype.call, apply or bind of fn.
func (in *Interp) fnMethod(fn Value, name, k string) Value {
	switch k {
	case "call":
		return native("call", func(_ Value, a []Value, pos ir.Pos) Value {
			return in.call(fn, arg(a, 0), rest(a, 1), pos)
		})
	case "apply":
		return native("apply", func(_ Value, a []Value, pos ir.Pos) Value {
			var args []Value
			switch l := arg(a, 1).(type) {
			case nil, nullT:
			case *Object:
				if !l.Arr {
					in.reason(pos, "apply with arguments that are not an array")
					return unknown{why: "apply"}
				}
				args = l.Elems
			default:
				in.reason(pos, "apply with arguments that are not an array")
				return unknown{why: "apply"}
			}
			return in.call(fn, arg(a, 0), append([]Value{}, args...), pos)
		})
	}
	return native("bind", func(_ Value, a []Value, _ ir.Pos) Value {
		this, bound := arg(a, 0), rest(a, 1)
		b := native("bound "+name, func(_ Value, more []Value, pos ir.Pos) Value {
			return in.call(fn, this, append(append([]Value{}, bound...), more...), pos)
		})
		b.own = newObject()
		b.own.born = in.epoch
		b.made = true
		return b
	})
}

func rest(a []Value, i int) []Value {
	if i >= len(a) {
		return nil
	}
	return append([]Value{}, a[i:]...)
}

// arrayProtoNames are Array.prototype's methods: one the predictor does
// not model is a reason, not undefined.
var arrayProtoNames = map[string]bool{}

func init() {
	for _, k := range strings.Fields("at concat copyWithin entries every fill filter find findIndex findLast findLastIndex flat flatMap forEach includes indexOf join keys lastIndexOf map pop push reduce reduceRight reverse shift slice some sort splice toLocaleString toReversed toSorted toSpliced toString unshift values with") {
		arrayProtoNames[k] = true
	}
}

// hasProperty is k in o: its own properties, then its prototypes'
// (the snippet's classes and objects, then Object's or Array's
// built-in methods); unknown where a built-in prototype the predictor
// does not list could have it.
func (in *Interp) hasProperty(o *Object, k string) Value {
	for p, depth := o, 0; p != nil && depth < 1000; p, depth = in.nextProto(p), depth+1 {
		_, has := p.get(k)
		if i, idx := layout.ArrayIndex(k); idx && p.Arr && has && p.holes[int(i)] {
			has = false
		}
		if has || p.acc[k] != nil {
			return true
		}
		if c := p.protoOf; c != nil {
			_, m := c.Methods[k]
			_, g := c.Getters[k]
			_, s := c.Setters[k]
			if m || g || s {
				return true
			}
		}
		if p.Proto != nil {
			found := false
			p.Proto.chain(func(c *ClassVal) bool {
				_, m := c.Methods[k]
				_, g := c.Getters[k]
				found = found || m || g
				return found
			})
			if found {
				return true
			}
		}
	}
	// The chain ends at a built-in prototype: Error's, Array's or
	// Object's names, what else is not known.
	switch {
	case in.chainHasNullProto(o):
		return false
	case o.errClass != "" && (k == "name" || k == "message" || k == "stack"):
		return true // (stack: V8 makes it own)
	case !plainObject(o) && o.errClass == "" && o.Proto == nil && o.ctor == nil && o.protoObj == nil, o.Class == "process":
		return unknown{why: "in"}
	}
	if objectProtoNames[k] || o.Arr && arrayProtoNames[k] {
		return true
	}
	return false
}

// objectProtoNames are Object.prototype's properties.
var objectProtoNames = map[string]bool{
	"toString": true, "hasOwnProperty": true, "valueOf": true, "constructor": true, "__proto__": true,
	"isPrototypeOf": true, "propertyIsEnumerable": true, "toLocaleString": true, "__defineGetter__": true,
	"__defineSetter__": true, "__lookupGetter__": true, "__lookupSetter__": true,
}

// chainHasNullProto: o or an object it inherits from was made without
// Object.prototype, so its methods are absent.
func (in *Interp) chainHasNullProto(o *Object) bool {
	for depth := 0; o != nil && depth < 1000; depth++ {
		if o.nullProto {
			return true
		}
		o = in.nextProto(o)
	}
	return false
}

// objectProtoMethod is the Object.prototype member k as o sees it, for
// the objects whose own properties the predictor knows in full; nil
// for the rest.
func (in *Interp) objectProtoMethod(o *Object, k string) Value {
	switch k {
	case "constructor":
		if o.Arr && o.Class == "Array" {
			return in.builtins["Array"]
		}
		if plainObject(o) && o.Proto == nil {
			return in.builtins["Object"] // nothing on the chain named one
		}
		return nil
	case "valueOf", "toString", "isPrototypeOf":
	case "hasOwnProperty", "propertyIsEnumerable":
		if !plainObject(o) {
			return nil
		}
	default:
		return nil
	}
	return in.objectProto().Props[k]
}

// plainObject: an object or array whose own properties are all in Keys,
// Elems and acc (no internal slots the predictor keeps elsewhere).
func plainObject(o *Object) bool {
	return (o.Class == "Object" || o.Class == "Array") && o.gen == nil && o.coll == nil &&
		o.rx == nil && o.amap == nil && o.errClass == "" && !isIterator(o)
}

// objectProto is Object.prototype's methods, which work on their
// receiver (Object.prototype.hasOwnProperty.call(o, k)). Writing to it
// is a reason, as for every built-in.
func (in *Interp) objectProto() *Native {
	if p, ok := in.builtins["Object"].(*Native).Props["prototype"].(*Native); ok {
		return p
	}
	recv := func(this Value, k string, pos ir.Pos) (*Object, bool) {
		o, ok := this.(*Object)
		if !ok || !plainObject(o) {
			in.reason(pos, "Object.prototype.%s of this value is not modelled", k)
			return nil, false
		}
		return o, true
	}
	key := func(a []Value, k string, pos ir.Pos) (string, bool) {
		key, ok := in.propKey(arg(a, 0))
		if !ok {
			in.reason(pos, "Object.prototype.%s with an unknown key", k)
		}
		return key, ok
	}
	own := func(o *Object, key string) bool {
		if i, ok := layout.ArrayIndex(key); ok && o.Arr {
			return int(i) < len(o.Elems) && !o.holes[int(i)]
		}
		if o.Arr && key == "length" {
			return true
		}
		_, has := o.Props[key]
		return has || o.acc[key] != nil
	}
	p := &Native{Name: "Object.prototype", Obj: true, Props: map[string]Value{
		"hasOwnProperty": native("hasOwnProperty", func(this Value, a []Value, pos ir.Pos) Value {
			o, ok := recv(this, "hasOwnProperty", pos)
			k, ok2 := key(a, "hasOwnProperty", pos)
			if !ok || !ok2 {
				return unknown{why: "hasOwnProperty"}
			}
			return own(o, k)
		}),
		"propertyIsEnumerable": native("propertyIsEnumerable", func(this Value, a []Value, pos ir.Pos) Value {
			o, ok := recv(this, "propertyIsEnumerable", pos)
			k, ok2 := key(a, "propertyIsEnumerable", pos)
			if !ok || !ok2 {
				return unknown{why: "propertyIsEnumerable"}
			}
			if o.Arr {
				return k != "length" && own(o, k)
			}
			return own(o, k) && (slices.Contains(o.Keys, k) || slices.Contains(o.syms, k))
		}),
		"isPrototypeOf": native("isPrototypeOf", func(this Value, a []Value, pos ir.Pos) Value {
			p, ok := this.(*Object)
			x, ok2 := arg(a, 0).(*Object)
			if this == in.objectProto() && ok2 {
				return !in.chainHasNullProto(x)
			}
			switch {
			case ok2 && !ok:
				return unknown{why: "isPrototypeOf"}
			case !ok2:
				return false
			case x.Proto != nil:
				return unknown{why: "isPrototypeOf"}
			}
			return in.inChain(x, p)
		}),
		"valueOf": native("valueOf", func(this Value, _ []Value, _ ir.Pos) Value { return this }),
		"toString": native("toString", func(this Value, _ []Value, pos ir.Pos) Value {
			if t, ok := in.toStringTag(this); ok {
				return "[object " + t + "]"
			}
			in.reason(pos, "Object.prototype.toString of this value is not modelled")
			return unknown{why: "toString"}
		}),
	}}
	in.builtins["Object"].(*Native).Props["prototype"] = p
	return p
}

// classHasTag reports a Symbol.toStringTag getter or method on c's chain.
func classHasTag(c *ClassVal) bool {
	tagged := false
	c.chain(func(k *ClassVal) bool {
		_, g := k.Getters[tagKey]
		_, m := k.Methods[tagKey]
		tagged = g || m
		return tagged
	})
	return tagged
}

// toStringTag is what Object.prototype.toString names v's kind.
func (in *Interp) toStringTag(v Value) (string, bool) {
	switch v := v.(type) {
	case nil:
		return "Undefined", true
	case nullT:
		return "Null", true
	case float64:
		return "Number", true
	case string:
		return "String", true
	case bool:
		return "Boolean", true
	case *symbolVal:
		return "Symbol", true
	case *Promise:
		return "Promise", true
	case *dateObj:
		return "Date", true
	case *Closure:
		// The prototypes of async and generator functions carry a tag.
		switch fn := v.Fn; {
		case fn.LoweredAsyncGen:
			return "", false // the runtime runs a plain function there
		case fn.Async && fn.Generator:
			return "AsyncGeneratorFunction", true
		case fn.Async:
			return "AsyncFunction", true
		case fn.Generator:
			return "GeneratorFunction", true
		}
		return "Function", true
	case *ClassVal:
		return "Function", true
	case *Native:
		if v.Obj {
			return "", false
		}
		return "Function", true
	case *Object:
		switch {
		case v.Props[tagKey] != nil || v.Proto != nil && classHasTag(v.Proto):
			// A string tag names any object (an Error subclass's too).
			if t, ok := in.getMember(v, tagKey, ir.Pos{}).(string); ok {
				return t, true
			}
		}
		switch {
		case v.Class == "Arguments":
			return "Arguments", true
		case v.gen != nil:
			return "Generator", true
		case v.coll != nil || isIterator(v):
			return v.Class, true
		case v.rx != nil:
			return "RegExp", true
		case v.errClass != "":
			return "Error", true
		case v.Arr && v.Class == "Array":
			return "Array", true
		case v.Props[tagKey] != nil || v.Proto != nil && classHasTag(v.Proto):
			return "Object", true // a tag that is not a string is ignored
		case v.Proto != nil:
			return "Object", true
		case v.Class == "Object":
			return "Object", true
		}
	}
	return "", false
}

// exactMath is a Math function whose result is kept only when exact
// reports that it is the exact answer (which any correct library gives);
// NaN and infinities pass through.
func (in *Interp) exactMath(name string, f func(float64) float64, exact func(x, r float64) bool) *Native {
	return native(name, func(_ Value, a []Value, p ir.Pos) Value {
		x, ok := toNumber(arg(a, 0))
		if !ok {
			return unknown{why: "Math"}
		}
		r := f(x)
		if math.IsNaN(r) || math.IsInf(r, 0) || r == math.Trunc(r) && exact(x, r) {
			return r
		}
		in.reason(p, "Math.%s of this value (V8's last digit may differ from Go's)", name)
		return unknown{why: "Math"}
	})
}

// parseIntRadix is parseInt(s, radix) for a radix given (0 means 10, or
// 16 after 0x); digits are read until the first that is not one.
func parseIntRadix(s string, radix int32) Value {
	s = strings.TrimLeft(s, jsSpace)
	neg := false
	if s != "" && (s[0] == '-' || s[0] == '+') {
		neg, s = s[0] == '-', s[1:]
	}
	strip := true
	if radix != 0 {
		if radix < 2 || radix > 36 {
			return math.NaN()
		}
		strip = radix == 16
	} else {
		radix = 10
	}
	if strip && len(s) >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') {
		s, radix = s[2:], 16
	}
	if radix == 10 {
		// Decimal digits as a number literal, exactly rounded.
		end := 0
		for end < len(s) && s[end] >= '0' && s[end] <= '9' {
			end++
		}
		if end == 0 {
			return math.NaN()
		}
		f, _ := strconv.ParseFloat(s[:end], 64)
		if neg {
			f = -f
		}
		return f
	}
	f, n := 0.0, 0
	for _, c := range s {
		d := int32(-1)
		switch {
		case c >= '0' && c <= '9':
			d = c - '0'
		case c >= 'a' && c <= 'z':
			d = c - 'a' + 10
		case c >= 'A' && c <= 'Z':
			d = c - 'A' + 10
		}
		if d < 0 || d >= radix {
			break
		}
		f = f*float64(radix) + float64(d)
		n++
	}
	if n == 0 {
		return math.NaN()
	}
	if neg {
		f = -f
	}
	return f
}

// newArrayCall is Array(...) and new Array(...), which are the same: one
// number is a length (holes), anything else the elements.
func (in *Interp) newArrayCall(a []Value, pos ir.Pos) Value {
	r := newArray(nil)
	r.born = in.epoch
	if len(a) != 1 {
		r.Elems = slices.Clone(a)
		return r
	}
	switch n := a[0].(type) {
	case float64:
		if n != math.Trunc(n) || n < 0 || n > math.MaxUint32 {
			in.throwRange(pos, "Invalid array length")
		}
		if n > 1e5 {
			in.reason(pos, "an array of length %s is not modelled", jsNum(n))
			return unknown{why: "Array"}
		}
		r.Elems = make([]Value, int(n))
		r.addHoles(0, int(n))
	case unknown:
		in.reason(pos, "Array of an unknown value")
		return unknown{why: "Array"}
	default:
		r.Elems = []Value{n}
	}
	return r
}

// spliceBounds is splice's start and delete count over n elements:
// with no arguments nothing is deleted, with one everything from start.
func spliceBounds(a []Value, n int) (int, int, bool) {
	from, ok := relIndex(arg(a, 0), n, 0)
	if !ok {
		return 0, 0, false
	}
	switch len(a) {
	case 0:
		return from, 0, true
	case 1:
		return from, n - from, true
	}
	d, ok := toNumber(a[1])
	if !ok {
		return 0, 0, false
	}
	if math.IsNaN(d) {
		d = 0
	}
	return from, int(math.Max(0, math.Min(math.Trunc(d), float64(n-from)))), true
}

func isNaN(v Value) bool { f, ok := v.(float64); return ok && math.IsNaN(f) }

// relIndex is a relative index argument (slice's): undefined is def,
// negatives count from the end, clamped to [0, n].
func relIndex(v Value, n, def int) (int, bool) {
	if v == nil {
		return def, true
	}
	f, ok := v.(float64)
	if !ok {
		return 0, false
	}
	if math.IsNaN(f) {
		return 0, true
	}
	f = math.Trunc(f)
	if f < 0 {
		f += float64(n)
	}
	return int(math.Max(0, math.Min(f, float64(n)))), true
}

// fsPromises is fs.promises (one object per run, as in Node).
func (in *Interp) fsPromises() *Native {
	if in.fspModule == nil {
		in.fspModule = &Native{Name: "fs.promises", Obj: true, Props: map[string]Value{}}
		for m := range fsModelled {
			in.fspModule.Props[m] = native(m, func(_ Value, a []Value, p ir.Pos) Value { return in.fsPromise(m, a, p) })
		}
	}
	return in.fspModule
}

// fnProtoMember is what a function inherits under key k: what
// Function.prototype and Object.prototype have is a reason where not
// modelled, any other key is undefined.
func (in *Interp) fnProtoMember(k string, pos ir.Pos) Value {
	if v, ok := in.builtins["Function"].(*Native).Props["prototype"].(*Native).Props[k]; ok {
		return v
	}
	if objectProtoNames[k] || k == "arguments" || k == "caller" || strings.HasPrefix(k, symbolPrefix) && in.symByKey[k] == nil {
		in.reason(pos, "function property %s is not modelled", in.keyName(k))
		return unknown{why: k}
	}
	return nil
}
