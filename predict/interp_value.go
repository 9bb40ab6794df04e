package predict

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/looplint/looplint/internal/jsnum"
	"github.com/looplint/looplint/ir"
	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/runtime/inspect/layout"
)

// Abstract values. Go nil is undefined (the promise engine already uses it
// that way); everything else is one of the types below, a Go bool,
// float64, string, or an engine *Promise.

type nullT struct{}

var null = nullT{}

// unknown is a value the slice cannot know (an I/O result, a module it
// does not model). Using it where its content matters makes the result
// incomplete.
type unknown struct {
	why string
	// made: Node made it (a Buffer, fs.Stats): its content is unknown,
	// but it is no thenable.
	made bool
	typ  string // its typeof when known ("number" for a file descriptor)
	// bytes: a Buffer whose contents are known (a file read with --fs);
	// a pointer, so that the struct stays comparable.
	bytes *[]byte
}

// Object is a plain object or an array (Arr set; elements in Elems).
type Object struct {
	Keys  []string
	Props map[string]Value
	Arr   bool
	Elems []Value
	Class string    // "Object", "Array", "Error", "TypeError", ...
	Proto *ClassVal // instances of classes
	// errClass is the built-in error class of an error ("Error",
	// "TypeError", ...; also of instances of their subclasses), "" for
	// anything else: a class named FooError is not one.
	errClass string
	// coll holds a Map's or Set's entries (Class "Map" or "Set").
	coll *collection
	// acc holds an object literal's accessors (get x() / set x(v)), by
	// key; the key is in Keys, not in Props.
	acc map[string]*accessor
	// gen is a generator object's state; ctor the plain function that
	// made the object with new (its prototype property is searched).
	gen  *generator
	ctor *Closure
	// syms are the symbol keys, in the order they were added.
	syms []string
	// frozen: Object.freeze made it read-only (a write is a reason).
	frozen bool
	// rx is a RegExp's pattern.
	rx *jsRegexp
	// amap ties a sloppy function's arguments object to its parameters.
	amap *argMap
	// nullProto: made by Object.create(null) (or a match's groups): no
	// Object.prototype methods, printed with Node's prefix.
	nullProto bool
	// holes are an array's missing indexes (a literal's, past its end
	// when it grew, new Array(n)'s), all below len(Elems), whose entries
	// hold undefined: reading, for-of and spread see that; printing,
	// in, for-in and the methods that skip holes ask holes.
	holes map[int]bool
	// protoOf: the object is C.prototype (classProto).
	protoOf *ClassVal
	// protoObj is the prototype Object.create or Object.setPrototypeOf
	// gave a plain object (nil: Object.prototype, or see ctor and Proto).
	protoObj *Object
	// readonly are keys Object.defineProperty made non-writable, fixed
	// those it made non-configurable; hidden the non-enumerable own keys
	// it made, in that order (Keys and syms hold the enumerable ones).
	readonly, fixed map[string]bool
	hidden          []string
	// born is the epoch the object was made in (Interp.mut); 0, the
	// default, counts as old.
	born int32
}

func newObject() *Object { return &Object{Props: map[string]Value{}, Class: "Object"} }
func newArray(vs []Value) *Object {
	return &Object{Props: map[string]Value{}, Arr: true, Elems: vs, Class: "Array"}
}

// stringArray is a new array of ss.
func (in *Interp) stringArray(ss []string) *Object {
	vs := make([]Value, len(ss))
	for i, x := range ss {
		vs[i] = x
	}
	a := newArray(vs)
	a.born = in.epoch
	return a
}

func (o *Object) get(k string) (Value, bool) {
	if o.Arr {
		if k == "length" {
			return float64(len(o.Elems)), true
		}
		if i, err := strconv.Atoi(k); err == nil && i >= 0 {
			if i < len(o.Elems) {
				return o.Elems[i], true
			}
			return nil, false
		}
	}
	v, ok := o.Props[k]
	return v, ok
}

func (o *Object) set(k string, v Value) {
	if o.Arr {
		if i, err := strconv.Atoi(k); err == nil && i >= 0 && i < 1<<20 {
			o.addHoles(len(o.Elems), i)
			for len(o.Elems) <= i {
				o.Elems = append(o.Elems, nil)
			}
			o.Elems[i] = v
			delete(o.holes, i)
			return
		}
	}
	if _, ok := o.Props[k]; !ok && !strings.HasPrefix(k, privatePrefix) {
		if strings.HasPrefix(k, symbolPrefix) {
			o.syms = append(o.syms, k)
		} else {
			o.Keys = layout.InsertKey(o.Keys, k)
		}
	}
	o.Props[k] = v
}

func (o *Object) sparse() bool { return len(o.holes) > 0 }

// addHoles marks [from, to) as holes.
func (o *Object) addHoles(from, to int) {
	if from >= to {
		return
	}
	if o.holes == nil {
		o.holes = map[int]bool{}
	}
	for i := from; i < to; i++ {
		o.holes[i] = true
	}
}

// truncate shortens an array to n entries.
func (o *Object) truncate(n int) {
	for i := range o.holes {
		if i >= n {
			delete(o.holes, i)
		}
	}
	o.Elems = o.Elems[:n]
}

// Closure is a function value: an IR function with its scope; arrows keep
// the this of their creation.
type Closure struct {
	Fn    *ir.Func
	Scope *Scope
	This  Value
	Props *Object
	Home  *ClassVal // the class of a method (for super)
	// proto is what Object.setPrototypeOf made it inherit from: another
	// function, or a prototype of functions (nil: its kind's).
	outer *frame // an arrow's enclosing call (for arguments)
	proto Value
	born  int32 // epoch (Interp.mut)
}

// Native is a builtin function.
type Native struct {
	Name string
	Fn   func(this Value, args []Value, pos ir.Pos) Value
	// Props: statics reachable as members (Promise.resolve as a value, ...).
	Props map[string]Value
	// Obj: a namespace object (console, process, Math, a module), not a
	// function.
	Obj bool
	// own are the properties a program gave the function (a bound
	// function's, what Object.defineProperty added), read before Props.
	own *Object
	// parent is what a prototype object inherits from (nil:
	// Object.prototype); closed: Props are all it has, any other key is
	// undefined; made: the program made it (a bound function), so own
	// is all it has besides what functions inherit.
	parent       Value
	closed, made bool
}

type accessor struct{ get, set Value } // functions; nil where absent

// accessorFor is o's accessor of k, made empty when it has none.
func (o *Object) accessorFor(k string) *accessor {
	if o.acc == nil {
		o.acc = map[string]*accessor{}
	}
	a := o.acc[k]
	if a == nil {
		a = &accessor{}
		o.acc[k] = a
	}
	return a
}

// dateObj is new Date(): an object holding a clock reading, which +d,
// d.getTime() and arithmetic give (a clock reading, as Date.now()).
//
// A Date made from a time value or a string with its offset (fixed) holds
// that value instead: what the time zone decides is a reason.
type dateObj struct {
	t     timeVal
	fixed bool
	ms    float64 // fixed: the time value, NaN for an Invalid Date
}

// num is the Date as a number: its time value or the clock reading.
func (d *dateObj) num() Value {
	if d.fixed {
		return d.ms
	}
	return d.t
}

// tdzT is the value of a let, const or class binding before its
// declaration has run: reading or writing it throws a ReferenceError.
type tdzT struct{}

type timerHandle struct{ t *loop.Timer }
type immHandle struct{ im *loop.Immediate }

// timeVal is a clock reading (Date.now(), performance.now()) plus an
// offset: comparisons go through the loop's clock.
type timeVal struct {
	t loop.Time
	// clock is where the reading counts from: Date.now() from 1970,
	// performance.now() from the process's time origin, a timer's
	// _idleStart from the loop's start. Readings compare only with their
	// own kind.
	clock clockKind
}

type clockKind uint8

const (
	wallClock clockKind = iota // Date.now()
	monoClock                  // performance.now()
	idleClock                  // _idleStart
)

// timeDiff is a - b of two readings.
type timeDiff struct{ a, b loop.Time }

func isCallable(v Value) bool {
	if n, ok := v.(*Native); ok && n.Obj {
		return false
	}
	switch v.(type) {
	case *Closure, *Native, Callable, *ClassVal:
		return true
	}
	return false
}

func typeOf(v Value) string {
	switch v.(type) {
	case nil:
		return "undefined"
	case bool:
		return "boolean"
	case float64, timeVal, timeDiff:
		return "number"
	case string:
		return "string"
	case *Native:
		if v.(*Native).Obj {
			return "object"
		}
		return "function"
	case *Closure, Callable, *ClassVal:
		return "function"
	case *symbolVal:
		return "symbol"
	case unknown:
		return v.(unknown).typ
	}
	return "object"
}

// jsNum formats a number as Number.prototype.toString does.
func jsNum(f float64) string { return jsnum.String(f) }

func toNumber(v Value) (float64, bool) {
	switch v := v.(type) {
	case nil:
		return math.NaN(), true
	case nullT:
		return 0, true
	case bool:
		if v {
			return 1, true
		}
		return 0, true
	case float64:
		return v, true
	case string:
		s := jsTrim(v)
		if s == "" {
			return 0, true
		}
		if digits, base := radixDigits(s); base != 10 {
			// 0x, 0o, 0b: unsigned, every digit of the base.
			n := 0.0
			for _, c := range strings.ToLower(digits) {
				d := strings.IndexRune("0123456789abcdef"[:base], c)
				if d < 0 {
					return math.NaN(), true
				}
				n = n*float64(base) + float64(d)
			}
			if digits == "" {
				return math.NaN(), true
			}
			return n, true
		}
		if s == "Infinity" || s == "+Infinity" {
			return math.Inf(1), true
		}
		if s == "-Infinity" {
			return math.Inf(-1), true
		}
		if strings.ContainsAny(s, "iInN_") {
			return math.NaN(), true
		}
		f, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return math.NaN(), true
		}
		return f, true
	case *Object:
		if hasUserConversion(v) {
			return 0, false // Interp.toPrimitive calls it
		}
		if v.Arr {
			if len(v.Elems) == 0 {
				return 0, true
			}
			if len(v.Elems) == 1 {
				s, ok := toStr(v.Elems[0])
				if !ok {
					return 0, false
				}
				return toNumber(s)
			}
		}
		return math.NaN(), true
	case *Closure, *Native, *Promise, *timerHandle, *immHandle:
		return math.NaN(), true
	}
	return 0, false
}

// toStr is ToString; false when the value is not known well enough.
func toStr(v Value) (string, bool) {
	switch v := v.(type) {
	case nil:
		return "undefined", true
	case nullT:
		return "null", true
	case bool:
		if v {
			return "true", true
		}
		return "false", true
	case float64:
		return jsNum(v), true
	case string:
		return v, true
	case *Object:
		if hasUserConversion(v) {
			return "", false // Interp.toPrimitive calls it
		}
		return builtinObjectString(v)
	case *Promise:
		return "[object Promise]", true
	}
	return "", false
}

// regexpText is a RegExp as toString and util.inspect write it.
func regexpText(o *Object) string { return "/" + o.rx.shown + "/" + o.rx.flags }

// isIterator reports a Map's or Set's keys(), values() or entries(): the
// predictor keeps the items as an array, which only for-of, spread and
// Array.from may see.
// utf16Less orders strings as JS does, by UTF-16 code units: UTF-8's
// byte order differs for code points from U+E000 against astral ones.
func utf16Less(a, b string) bool {
	for a != "" && b != "" {
		ra, na := utf8.DecodeRuneInString(a)
		rb, nb := utf8.DecodeRuneInString(b)
		if ra != rb {
			return slices.Compare(utf16.AppendRune(nil, ra), utf16.AppendRune(nil, rb)) < 0
		}
		a, b = a[na:], b[nb:]
	}
	return a == "" && b != ""
}

// builtinObjectString is what the built-in toString methods make of an
// object (Array's join, Error's name: message, RegExp's source, Object's
// [object Object]).
func builtinObjectString(v *Object) (string, bool) {
	if v.rx != nil {
		return regexpText(v), true
	}
	if v.Arr {
		parts := make([]string, len(v.Elems))
		for i, e := range v.Elems {
			if e == nil || e == null {
				continue
			}
			s, ok := toStr(e)
			if !ok {
				return "", false
			}
			parts[i] = s
		}
		return strings.Join(parts, ","), true
	}
	if v.errClass != "" {
		// Error.prototype.toString: name, then ": message".
		for c := v.Proto; c != nil; c = c.Parent {
			// A toString, or a name or message a subclass defines
			// (a getter, a prototype value): not read here.
			for _, k := range []string{"toString", "name", "message"} {
				_, m := c.Methods[k]
				_, g := c.Getters[k]
				if m || g {
					return "", false
				}
			}
		}
		name := Value(v.errClass)
		if n, own := v.Props["name"]; own {
			name = n
		}
		ns, ok1 := toStr(name)
		m, own := v.get("message")
		if !own {
			m = "" // Error.prototype.message
		}
		ms, ok2 := toStr(m)
		switch {
		case !ok1 || !ok2:
			return "", false
		case ms == "":
			return ns, true
		case ns == "":
			return ms, true
		}
		return ns + ": " + ms, true
	}
	if v.coll != nil || isIterator(v) {
		return "[object " + v.Class + "]", true
	}
	return "[object Object]", true
}

// hasUserConversion reports whether the snippet gave o a toString,
// valueOf or Symbol.toStringTag of its own: on o, its class chain or its
// prototype objects.
func hasUserConversion(o *Object) bool {
	for p, depth := o, 0; p != nil && depth < 1000; depth++ {
		for _, k := range [...]string{"toString", "valueOf", tagKey} {
			if _, ok := p.Props[k]; ok {
				return true
			}
		}
		if p.Proto != nil {
			found := false
			p.Proto.chain(func(c *ClassVal) bool {
				_, t := c.Methods["toString"]
				_, v := c.Methods["valueOf"]
				_, g := c.Getters[tagKey]
				_, m := c.Methods[tagKey]
				found = found || t || v || g || m
				return found
			})
			if found {
				return true
			}
		}
		switch {
		case p.protoObj != nil:
			p = p.protoObj
		case p.ctor != nil && p.ctor.Props != nil:
			q, _ := p.ctor.Props.Props["prototype"].(*Object)
			p = q
		default:
			p = nil
		}
	}
	return false
}

func isIterator(o *Object) bool { return o.Arr && strings.HasSuffix(o.Class, " Iterator") }

func isErrorClass(c string) bool { return strings.HasSuffix(c, "Error") }

func truthy(v Value) (bool, bool) {
	switch v := v.(type) {
	case nil, nullT:
		return false, true
	case bool:
		return v, true
	case float64:
		return v != 0 && !math.IsNaN(v), true
	case string:
		return v != "", true
	case unknown:
		if v.bytes != nil {
			return true, true // a Buffer, an object
		}
		return false, false
	case timeVal:
		return true, true
	case timeDiff:
		return false, false
	}
	return true, true
}

// sameValue is Object.is.
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

// isBuffer reports a Buffer whose bytes the predictor knows.
func isBuffer(v Value) bool { _, ok := bufferBytes(v); return ok }

func isUnknown(v Value) bool {
	switch v.(type) {
	case unknown, timeVal, timeDiff:
		return true
	}
	return false
}

func strictEq(a, b Value) (bool, bool) {
	if isBuffer(a) != isBuffer(b) && !isUnknown(a) || isBuffer(a) != isBuffer(b) && !isUnknown(b) {
		return false, true // a Buffer is no other value the program knows
	}
	switch a.(type) {
	case unknown, timeVal, timeDiff:
		return false, false
	}
	switch b.(type) {
	case unknown, timeVal, timeDiff:
		return false, false
	}
	switch x := a.(type) {
	case float64:
		y, ok := b.(float64)
		return ok && x == y, true
	case *Object, *Closure, *Native, *Promise, *timerHandle, *immHandle:
		return a == b, true
	}
	return a == b, true
}

func looseEq(a, b Value) (bool, bool) {
	an := a == nil || a == null
	bn := b == nil || b == null
	if an && isBuffer(b) || bn && isBuffer(a) {
		return false, true
	}
	if an || bn {
		if _, u := a.(unknown); u {
			return false, false
		}
		if _, u := b.(unknown); u {
			return false, false
		}
		return an && bn, true
	}
	if typeOf(a) == typeOf(b) {
		return strictEq(a, b)
	}
	switch a.(type) {
	case float64, string, bool:
		switch b.(type) {
		case float64, string, bool:
			x, _ := toNumber(a)
			y, _ := toNumber(b)
			return x == y, true
		}
	}
	return false, false
}

func isSymbol(v Value) bool { _, ok := v.(*symbolVal); return ok }

// toPrimitive is ToPrimitive(v, hint) for the snippet's objects: its own
// Symbol.toPrimitive, else valueOf and toString in the hint's order (a
// built-in valueOf gives the object back; the built-in toString is
// toStr's). ok is false when what decides is not known.
func (in *Interp) toPrimitive(v Value, hint string, pos ir.Pos) (Value, bool) {
	o, isObject := v.(*Object)
	if !isObject {
		if _, ok := v.(*timerHandle); ok {
			if f := in.handleMember(v, in.symKey(in.wellKnown("toPrimitive")), pos); isCallable(f) {
				return in.call(f, v, []Value{hint}, pos), true
			}
		}
		if b, ok := bufferBytes(v); ok {
			// A Buffer converts through its toString(): utf8.
			if s, ok := decode(b, "utf8"); ok {
				return s, true
			}
		}
		return v, true
	}
	if f := in.userMethod(o, in.symKey(in.wellKnown("toPrimitive"))); f != nil {
		r := in.call(f, o, []Value{hint}, pos)
		if isObj(r) || isCallable(r) {
			in.throwType(pos, "Cannot convert object to primitive value")
		}
		return r, true
	}
	order := [2]string{"valueOf", "toString"}
	if hint == "string" {
		order = [2]string{"toString", "valueOf"}
	}
	for _, k := range order {
		f := in.userMethod(o, k)
		if f == nil {
			if k == "toString" {
				if t, ok := in.toStringTag(o); ok && !o.Arr && o.errClass == "" && o.rx == nil {
					return "[object " + t + "]", true
				}
				s, ok := builtinObjectString(o)
				return s, ok
			}
			continue // the built-in valueOf returns the object itself
		}
		if !isCallable(f) {
			continue
		}
		r := in.call(f, o, nil, pos)
		if _, u := r.(unknown); u {
			return r, false
		}
		if !isObj(r) && !isCallable(r) {
			return r, true
		}
	}
	in.throwType(pos, "Cannot convert object to primitive value")
	return nil, false
}

// userMethod is o[k] when the snippet defined it (own property, class
// method, prototype object); nil for what only built-ins provide.
func (in *Interp) userMethod(o *Object, k string) Value {
	if v, ok := o.Props[k]; ok {
		return v
	}
	if a := o.acc[k]; a != nil {
		v, _ := in.readProp(o, k, o)
		return v
	}
	if o.Proto != nil {
		var m Value
		o.Proto.chain(func(c *ClassVal) bool {
			if f, ok := c.Methods[k]; ok {
				m = f
				return true
			}
			if g, ok := c.Getters[k]; ok {
				m = in.callFunc(g, o, nil)
				return true
			}
			return false
		})
		return m
	}
	if o.protoObj != nil || o.ctor != nil {
		if v, ok := in.inherited(o, k, o, ir.Pos{}); ok {
			return v
		}
	}
	return nil
}
