package predict

import (
	"strings"

	"github.com/looplint/looplint/ir"
)

// The built-in constructors' prototypes (Map.prototype, Date.prototype,
// ...), which Node's library captures before user code runs
// (Map.prototype.get, the Map size getter) and calls on its receiver.
// Their methods delegate to the receiver's own, which the predictor
// keeps per kind of value; a receiver of another kind is a TypeError
// (the brand checks util.types relies on).

// intrinsic describes a built-in prototype.
type intrinsic struct {
	brand   func(v Value) bool
	methods string // delegated methods, space-separated
	getters string // delegated accessors
	parent  string // the prototype it inherits from ("" for Object.prototype)
}

var intrinsics = map[string]intrinsic{
	"Map":     {brand: isColl("Map"), methods: "get set has delete clear entries keys values forEach", getters: "size"},
	"Set":     {brand: isColl("Set"), methods: "add has delete clear entries keys values forEach", getters: "size"},
	"WeakMap": {brand: isColl("WeakMap"), methods: "get set has delete"},
	"WeakSet": {brand: isColl("WeakSet"), methods: "add has delete"},
	"Date": {brand: func(v Value) bool { _, ok := v.(*dateObj); return ok },
		methods: "getTime valueOf toISOString toJSON toString getFullYear getMonth getDate getDay getHours getMinutes getSeconds getMilliseconds getUTCFullYear getUTCMonth getUTCDate getUTCDay getUTCHours getUTCMinutes getUTCSeconds getUTCMilliseconds getTimezoneOffset"},
	"RegExp": {brand: func(v Value) bool { o, ok := v.(*Object); return ok && o.rx != nil },
		methods: "exec test toString", getters: "source flags global ignoreCase multiline sticky unicode dotAll hasIndices"},
	"Number": {brand: func(v Value) bool { _, ok := v.(float64); return ok }, methods: "valueOf toString toFixed toPrecision toExponential toLocaleString"},
	"String": {brand: func(v Value) bool { _, ok := v.(string); return ok },
		methods: "valueOf toString charAt charCodeAt codePointAt at concat endsWith includes indexOf lastIndexOf match matchAll normalize padEnd padStart repeat replace replaceAll search slice split startsWith substring substr toLowerCase toUpperCase trim trimStart trimEnd localeCompare"},
	"Boolean": {brand: func(v Value) bool { _, ok := v.(bool); return ok }, methods: "valueOf toString"},
	"Symbol":  {brand: isSymbol, methods: "valueOf toString", getters: "description"},
	"Array": {brand: func(v Value) bool { o, ok := v.(*Object); return ok && o.Arr && o.Class != "Arguments" },
		methods: "at concat copyWithin entries every fill filter find findIndex findLast findLastIndex flat flatMap forEach includes indexOf join keys lastIndexOf map pop push reduce reduceRight reverse shift slice some sort splice toReversed toSorted toSpliced toString unshift values with"},
	// No value the predictor keeps is one of these: their accessors
	// throw for the values it has (as they would), and are not known for
	// the values it does not know.
	"ArrayBuffer":       {brand: never, getters: "byteLength"},
	"SharedArrayBuffer": {brand: never, getters: "byteLength"},
	"DataView":          {brand: never, getters: "byteLength"},
	"Uint8Array":        {brand: never, parent: "%TypedArray%"},
	"BigInt":            {brand: never, methods: "valueOf toString toLocaleString"}, // its values are the runtime's
	"Error":             {brand: func(v Value) bool { o, ok := v.(*Object); return ok && o.errClass != "" }, methods: "toString"},
}

func isColl(class string) func(Value) bool {
	return func(v Value) bool { o, ok := v.(*Object); return ok && o.coll != nil && o.Class == class }
}

func never(Value) bool { return false }

// ctorProto is the prototype of built-in constructor name, made once per
// run: an intrinsic's, or an empty one.
func (in *Interp) ctorProto(name string) *Native {
	key := "%" + name + ".prototype%"
	if p, ok := in.protos[key]; ok {
		return p
	}
	if in.protos == nil {
		in.protos = map[string]*Native{}
	}
	p := &Native{Name: name + ".prototype", Obj: true, Props: map[string]Value{}}
	in.protos[key] = p
	spec, ok := intrinsics[name]
	if !ok {
		if isErrorClass(name) {
			spec = intrinsics["Error"]
			spec.methods, spec.parent = "", "Error"
		} else {
			spec = intrinsic{brand: never}
		}
	}
	if spec.parent != "" {
		p.parent = in.protoNamed(spec.parent)
	}
	for _, m := range strings.Fields(spec.methods) {
		p.Props[m] = in.delegate(name, m, spec.brand, false)
	}
	for _, g := range strings.Fields(spec.getters) {
		p.Props[g] = &accessor{get: in.delegate(name, g, spec.brand, true)}
	}
	if c, ok := in.builtins[name].(*Native); ok {
		p.Props["constructor"] = c
	}
	return p
}

// protoNamed is a prototype by name: a constructor's, or one of the
// prototypes no global names (%TypedArray%, the iterators', the kinds of
// function).
func (in *Interp) protoNamed(name string) *Native {
	if !strings.HasPrefix(name, "%") {
		return in.ctorProto(name)
	}
	if p, ok := in.protos[name]; ok {
		return p
	}
	if in.protos == nil {
		in.protos = map[string]*Native{}
	}
	p := &Native{Name: strings.Trim(name, "%"), Obj: true, Props: map[string]Value{}}
	in.protos[name] = p
	switch name {
	case "%TypedArray%":
		// The tag getter answers undefined for what is no typed array.
		p.Props[in.symKey(in.wellKnown("toStringTag"))] = &accessor{get: native("get [Symbol.toStringTag]", func(this Value, _ []Value, pos ir.Pos) Value {
			if _, u := this.(unknown); u {
				in.reason(pos, "whether a value is a typed array is not known")
				return unknown{why: "typed array"}
			}
			return nil
		})}
	case "%MapIterator%", "%SetIterator%", "%ArrayIterator%":
		p.parent = in.protoNamed("%Iterator%")
		p.Props["next"] = native("next", func(this Value, _ []Value, pos ir.Pos) Value {
			in.reason(pos, "an iterator's next() is not modelled")
			return unknown{why: "next"}
		})
	case "%AsyncFunction%", "%GeneratorFunction%", "%AsyncGeneratorFunction%":
		p.parent = in.builtins["Function"].(*Native).Props["prototype"]
		if name != "%AsyncFunction%" {
			g := &Native{Name: strings.TrimSuffix(strings.Trim(name, "%"), "Function"), Obj: true, Props: map[string]Value{}}
			if name == "%GeneratorFunction%" {
				g.parent = in.protoNamed("%Iterator%")
			}
			p.Props["prototype"] = g
		}
	}
	return p
}

// delegate is a prototype's method (or an accessor's getter) k: on a
// receiver of its kind, the receiver's own k.
func (in *Interp) delegate(ctor, k string, brand func(Value) bool, getter bool) *Native {
	name := k
	if getter {
		name = "get " + k
	}
	return native(name, func(this Value, a []Value, pos ir.Pos) Value {
		if !brand(this) {
			if _, u := this.(unknown); u {
				in.reason(pos, "%s.prototype.%s on a value the predictor does not know", ctor, k)
				return unknown{why: k}
			}
			in.throwTypeVague() // "Method ... called on incompatible receiver"
		}
		v := in.getMember(this, k, pos)
		if getter {
			return v
		}
		return in.call(v, this, a, pos)
	})
}

// protoOfValue is Object.getPrototypeOf for what the predictor keeps
// outside objects of the program's own making; ok is false for others.
func (in *Interp) protoOfValue(v Value) (Value, bool) {
	switch x := v.(type) {
	case *Closure:
		if x.proto != nil {
			return x.proto, true
		}
		switch fn := x.Fn; {
		case fn.Async && fn.Generator || fn.LoweredAsyncGen:
			return in.protoNamed("%AsyncGeneratorFunction%"), true
		case fn.Async:
			return in.protoNamed("%AsyncFunction%"), true
		case fn.Generator:
			return in.protoNamed("%GeneratorFunction%"), true
		}
		return in.builtins["Function"].(*Native).Props["prototype"], true
	case *ClassVal:
		switch {
		case x.Parent != nil && x.Parent.errBase != "":
			return in.builtins[x.Parent.errBase], true
		case x.Parent != nil:
			return x.Parent, true
		case x.parentFn != nil:
			return x.parentFn, true
		}
		return in.builtins["Function"].(*Native).Props["prototype"], true
	case *Native:
		if isErrorClass(x.Name) && x.Name != "Error" && x == in.builtins[x.Name] {
			return in.builtins["Error"], true // TypeError inherits from Error
		}
		if !x.Obj {
			return in.builtins["Function"].(*Native).Props["prototype"], true
		}
		if x.parent != nil {
			return x.parent, true
		}
		if x == in.objectProto() {
			return null, true
		}
		if strings.HasSuffix(x.Name, ".prototype") || strings.HasSuffix(x.Name, "Iterator") {
			return in.objectProto(), true
		}
	case *Promise:
		return in.builtins["Promise"].(*Native).Props["prototype"], true
	case *dateObj:
		return in.ctorProto("Date"), true
	case *Object:
		switch {
		case x.Proto != nil || x.protoOf != nil || x.protoObj != nil || x.ctor != nil || x.nullProto:
			return nil, false // the program's own chain
		case isIterator(x):
			return in.protoNamed("%" + strings.ReplaceAll(x.Class, " ", "") + "%"), true
		case x.Arr && x.Class == "Array":
			return in.ctorProto("Array"), true
		case x.coll != nil:
			return in.ctorProto(x.Class), true
		case x.rx != nil:
			return in.ctorProto("RegExp"), true
		case x.errClass != "":
			return in.ctorProto(x.errClass), true
		case x.gen != nil:
			return in.protoNamed("%GeneratorFunction%").Props["prototype"], true
		}
	}
	return nil, false
}

// setFnProto is Object.setPrototypeOf(c, p) for a function: to another
// function or a prototype of functions (util.promisify gives its wrapper
// the original's); any other is a reason.
func (in *Interp) setFnProto(c *Closure, p Value, pos ir.Pos) {
	if cur, _ := in.protoOfValue(c); cur == p {
		return
	}
	fp := in.builtins["Function"].(*Native).Props["prototype"]
	for _, k := range []string{"%AsyncFunction%", "%GeneratorFunction%", "%AsyncGeneratorFunction%", ""} {
		var q Value = fp
		if k != "" {
			q = in.protoNamed(k)
		}
		if p == q {
			c.proto = q
			return
		}
	}
	if isCallable(p) {
		c.proto = p // what c lacks is read there (util.deprecate's wrapper)
		return
	}
	in.reason(pos, "Object.setPrototypeOf of a function to this value is not modelled")
}
