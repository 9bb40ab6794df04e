package predict

import (
	"slices"
	"strconv"
	"strings"

	"github.com/looplint/looplint/internal/jsdate"
	"github.com/looplint/looplint/ir"
	"github.com/looplint/looplint/parse"
	"github.com/looplint/looplint/runtime/inspect"
	"github.com/looplint/looplint/runtime/inspect/layout"
)

// The interpreter's values as runtime/inspect reads them: util.inspect
// and util.format are the runtime's. Whatever the interpreter does not
// know exactly, or whose printing Node decides from what it does not
// model, panics *inspect.Inexact, which the printer turns into a reason.

// view is v as the formatter sees it, at nesting level 0.
func (in *Interp) view(v Value) inspect.Value { return in.viewAt(v, 0) }

func (in *Interp) viewAt(v Value, level int) inspect.Value {
	switch x := v.(type) {
	case nil, bool, float64, string:
		return x
	case nullT:
		return inspect.Null{}
	case *symbolVal:
		return inspect.Symbol{Text: x.String(), Ref: x}
	}
	return &iview{in: in, v: v, level: level}
}

// back is the interpreter's value a view stands for.
func back(v inspect.Value) Value {
	switch x := v.(type) {
	case inspect.Null:
		return null
	case inspect.Symbol:
		return x.Ref.(*symbolVal)
	case inspect.BigInt:
		inexact("a BigInt given back")
	case *iview:
		return x.v
	}
	return v
}

func inexact(why string) { panic(&inspect.Inexact{Why: why}) }

// iview is an object (or an unknown value) of the interpreter's; level
// counts the objects it is nested in.
type iview struct {
	in    *Interp
	v     Value
	level int
}

// fnProto stands for Function.prototype, a class's prototype without a
// parent (its name is "").
type fnProto struct{}

func (x *iview) child(v Value) inspect.Value { return x.in.viewAt(v, x.level+1) }

func (x *iview) ID() any { return x.v }

func (x *iview) obj() *Object {
	o, _ := x.v.(*Object)
	return o
}

// Custom is the first question the formatter asks of an object: what
// is not printed exactly is refused here.
func (x *iview) Custom(depth inspect.Value) (inspect.Value, bool) {
	switch v := x.v.(type) {
	case unknown:
		if v.bytes != nil {
			// Buffer.prototype[util.inspect.custom].
			return layout.Buffer(x.in.p.Node.Major, *v.bytes), true
		}
		inexact(v.why)
	case *dateObj:
		if !v.fixed {
			inexact("a Date of the clock")
		}
	case *Closure, *ClassVal, *Promise, fnProto:
	case *Native:
		if !strings.HasPrefix(v.Name, "bound ") || v.Obj || len(v.Props) > 0 {
			inexact("a builtin function") // whose names are not kept as Node's
		}
	case *Object:
		return x.objCustom(v, depth)
	default:
		inexact("a value of the interpreter's own")
	}
	return nil, false
}

func (x *iview) objCustom(o *Object, depth inspect.Value) (inspect.Value, bool) {
	objKnown(o)
	fn := x.in.userSymbolMethod(o, x.in.inspectCustom())
	if fn == nil {
		return nil, false
	}
	if c, ok := fn.(*Closure); !ok || len(c.Fn.Params) > 1 {
		inexact("an inspect method that reads its options")
	}
	var r Value
	if err := x.in.protect(func() { r = x.in.call(fn, o, []Value{back(depth)}, ir.Pos{}) }); err != nil || r == Value(o) {
		inexact("an inspect method that throws or returns its object")
	}
	return x.in.viewAt(r, x.level), true
}

// objKnown refuses an object whose printing, or own keys, Node decides
// from what the interpreter does not keep.
func objKnown(o *Object) {
	switch {
	case madeByLowering(o):
		inexact("an async iterator the front end made")
	case nullProtoPrototype(o):
		inexact("an instance of a function whose prototype has none")
	case o.errClass != "" && o.Proto != nil:
		inexact("an error subclass's stack header")
	case o.Proto != nil && !plainInstance(o):
		inexact("an instance of a class that prints its internals")
	case o.coll != nil && (o.Proto != nil || len(o.coll.keys) > layout.MaxArrayLength):
		inexact("a large or subclassed collection")
	case o.Proto == nil && o.coll == nil && o.gen == nil && o.rx == nil && o.errClass == "" && o.Class != "Object" && o.Class != "Array" && o.Class != "Arguments":
		inexact("an object of class " + o.Class)
	case o.Class == "Arguments" && len(o.Keys) > 0:
		inexact("an arguments object with own keys")
	}
	if _, tagged := o.Props[tagKey]; tagged {
		inexact("an own Symbol.toStringTag")
	}
}

func (x *iview) Kind() inspect.Kind {
	switch v := x.v.(type) {
	case *Closure, *ClassVal, *Native:
		return inspect.KFunction
	case *Promise:
		return inspect.KPromise
	case *dateObj:
		return inspect.KDate
	case *Object:
		switch {
		case v.coll != nil:
			return map[string]inspect.Kind{"Map": inspect.KMap, "Set": inspect.KSet, "WeakMap": inspect.KWeakMap, "WeakSet": inspect.KWeakSet}[v.Class]
		case v.rx != nil:
			return inspect.KRegExp
		case v.errClass != "":
			return inspect.KError
		case v.Arr && v.Class == "Array":
			return inspect.KArray
		case v.Class == "Arguments":
			return inspect.KArguments
		}
	}
	return inspect.KObject
}

func (x *iview) Class() string {
	switch v := x.v.(type) {
	case *Object:
		if v.errClass != "" {
			return "Error"
		}
		return v.Class
	case *dateObj:
		return "Date"
	case *Promise:
		return "Promise"
	}
	return "Function"
}

func (x *iview) Constructor() (string, bool) {
	switch v := x.v.(type) {
	case *Object:
		return objectCtor(v)
	case *Closure:
		switch {
		case v.Fn.LoweredAsyncGen || v.Fn.Async && v.Fn.Generator:
			return "AsyncGeneratorFunction", true
		case v.Fn.Async:
			return "AsyncFunction", true
		case v.Fn.Generator:
			return "GeneratorFunction", true
		}
	case *Promise:
		return "Promise", true
	case *dateObj:
		return "Date", true
	}
	return "Function", true
}

// objectCtor is the first constructor on o's prototype chain, as
// util.inspect finds it; false for a chain that ends without one.
func objectCtor(o *Object) (string, bool) {
	for depth := 0; depth < 1000; depth++ {
		var p *Object
		switch {
		case o.Proto != nil:
			return o.Proto.Name, true
		case o.nullProto:
			return "", false
		case o.protoObj != nil:
			p = o.protoObj
		case o.ctor != nil:
			if o.ctor.Props == nil {
				return o.ctor.Fn.Name, true // its prototype object not made yet
			}
			q, ok := o.ctor.Props.Props["prototype"].(*Object)
			if !ok {
				return o.ctor.Fn.Name, true
			}
			p = q
		case o.errClass != "":
			return o.errClass, true
		case o.rx != nil:
			return "RegExp", true
		case o.coll != nil:
			return o.Class, true
		case o.Class == "Arguments":
			return "Object", true
		case o.Arr:
			return "Array", true
		default:
			return "Object", true
		}
		switch c := p.Props["constructor"].(type) {
		case *Closure:
			if c.Fn.Name != "" {
				return c.Fn.Name, true
			}
		case *ClassVal:
			if c.Name != "" {
				return c.Name, true
			}
		}
		o = p
	}
	inexact("a long prototype chain")
	return "", false
}

func (x *iview) Proto() (inspect.Object, bool) {
	switch v := x.v.(type) {
	case *ClassVal:
		if v.parentFn != nil {
			return &iview{in: x.in, v: v.parentFn, level: x.level}, true
		}
		if v.Parent == nil {
			return &iview{in: x.in, v: fnProto{}}, true
		}
		if v.Parent.Name == "" {
			inexact("a parent class without a name")
		}
		return &iview{in: x.in, v: v.Parent, level: x.level}, true
	case *Object:
		switch {
		case v.nullProto:
			return nil, false
		case v.protoObj != nil:
			return &iview{in: x.in, v: v.protoObj, level: x.level}, true
		}
	}
	inexact("a prototype the interpreter does not keep")
	return nil, false
}

// Tag: own tags are refused (objCustom), a class's with its instance.
func (x *iview) Tag(bool) (string, bool) {
	if o := x.obj(); o != nil && o.gen != nil {
		return "Generator", false
	}
	return "", false
}

// props is the object holding v's own properties; it refuses a value
// whose own properties the interpreter does not keep (the formatter
// asked Custom first, console.table did not).
func (x *iview) props() *Object {
	switch v := x.v.(type) {
	case *Object:
		objKnown(v)
		return v
	case *Closure:
		return v.Props
	case *ClassVal:
		return v.Statics
	case *Native:
		if v.made {
			return v.own
		}
	case *Promise, *dateObj, fnProto:
		return nil
	}
	inexact("the own properties of this value")
	return nil
}

func (x *iview) Keys(all bool) []inspect.Key {
	o := x.props()
	if all && (x.obj() == nil || !plainObject(o) || o.Class == "Arguments" || hiddenProps(o)) {
		inexact("non-enumerable keys (showHidden)")
	}
	if o == nil {
		return nil
	}
	var keys []inspect.Key
	if o.Arr || o.Class == "Arguments" {
		for i := range o.Elems {
			if !o.holes[i] {
				keys = append(keys, inspect.Key{Name: strconv.Itoa(i)})
			}
		}
		if all {
			keys = append(keys, inspect.Key{Name: "length"})
		}
	}
	for _, k := range o.Keys {
		keys = append(keys, inspect.Key{Name: k})
	}
	for _, k := range o.syms {
		sym := x.in.symByKey[k]
		if sym == nil {
			inexact("a symbol key the interpreter does not know")
		}
		keys = append(keys, inspect.Key{Sym: inspect.Symbol{Text: sym.String(), Ref: sym}, IsSym: true})
	}
	return keys
}

// hiddenProps reports own properties of o's that are not enumerable
// (besides an array's length).
func hiddenProps(o *Object) bool {
	for k := range o.Props {
		if !strings.HasPrefix(k, "[[") && !strings.HasPrefix(k, symbolPrefix) && !strings.HasPrefix(k, privatePrefix) && !slices.Contains(o.Keys, k) {
			return true
		}
	}
	return false
}

func (x *iview) Own(k inspect.Key) (inspect.Prop, bool) {
	if c, ok := x.v.(*ClassVal); ok && k.Name == "name" && !k.IsSym {
		return inspect.Prop{Value: c.Name}, c.Name != ""
	}
	o := x.props()
	if isCallable(x.v) && !k.IsSym && fnOwn[k.Name] {
		if o == nil || o.Props[k.Name] == nil {
			inexact("a function's own " + k.Name)
		}
	}
	if o == nil {
		return inspect.Prop{}, false
	}
	name := k.Name
	if k.IsSym {
		name = x.in.symKey(k.Sym.Ref.(*symbolVal))
	}
	if (o.Arr || o.Class == "Arguments") && !k.IsSym {
		if i, err := strconv.Atoi(name); err == nil && i >= 0 && strconv.Itoa(i) == name {
			if i >= len(o.Elems) || o.holes[i] {
				return inspect.Prop{}, false
			}
			return inspect.Prop{Value: x.child(o.Elems[i]), Enumerable: true}, true
		}
		if name == "length" {
			return inspect.Prop{Value: float64(len(o.Elems))}, true
		}
	}
	if a := o.acc[name]; a != nil {
		return inspect.Prop{Getter: a.get != nil, Setter: a.set != nil, Enumerable: true}, true
	}
	v, ok := o.Props[name]
	if !ok || strings.HasPrefix(name, "[[") {
		return inspect.Prop{}, false
	}
	enum := k.IsSym
	for _, key := range o.Keys {
		enum = enum || key == name
	}
	return inspect.Prop{Value: x.child(v), Enumerable: enum}, true
}

// fnOwn are own properties of functions the interpreter does not keep.
var fnOwn = map[string]bool{"length": true, "name": true, "prototype": true, "arguments": true, "caller": true}

func (x *iview) Get(name string) inspect.Value {
	switch v := x.v.(type) {
	case *Closure:
		if name != "name" {
			break
		}
		if v.Props != nil {
			if n, ok := v.Props.Props["name"]; ok {
				return x.child(n)
			}
		}
		return v.Fn.Name
	case *ClassVal:
		if name == "name" {
			return v.Name
		}
	case *Native:
		if name == "name" {
			return v.Name
		}
	case fnProto:
		if name == "name" {
			return ""
		}
	case *Object:
		return x.objGet(v, name)
	}
	inexact("the property " + name)
	return nil
}

func (x *iview) objGet(o *Object, name string) inspect.Value {
	if o.errClass != "" {
		switch name {
		case "stack":
			h, ok := o.Props["[[stack]]"].(string)
			switch {
			case o.Props["[[stackless]]"] == true:
				return nil
			case !ok:
				inexact("the stack of an error the interpreter made") // its message may not be V8's
			case x.level > 0:
				// Frames nested in an object weigh in its layout.
				inexact("a nested error's stack")
			}
			// One frame line stands for the frames, which the
			// comparison of outputs drops (package frames).
			return h + "\n    at <frames>"
		case "name":
			if n, ok := o.Props["name"]; ok {
				return x.child(n)
			}
			return o.errClass
		case "message":
			if m, ok := o.Props["message"]; ok {
				return x.child(m)
			}
			return ""
		}
	}
	if v, ok := o.get(name); ok && o.acc[name] == nil {
		return x.child(v)
	}
	if _, ok := o.Props[name]; !ok && o.acc[name] == nil && o.Proto == nil && o.protoObj == nil && o.ctor == nil {
		return nil
	}
	inexact("an inherited property " + name)
	return nil
}

func (x *iview) Len() int {
	if o := x.obj(); o != nil {
		return len(o.Elems)
	}
	inexact("a length")
	return 0
}

func (x *iview) Entries() []inspect.Value {
	c := x.obj().coll
	var out []inspect.Value
	for i, k := range c.keys {
		out = append(out, x.child(k))
		if !c.set {
			out = append(out, x.child(c.vals[i]))
		}
	}
	return out
}

func (x *iview) Bytes() []byte                  { inexact("an ArrayBuffer"); return nil }
func (x *iview) Boxed() (string, inspect.Value) { inexact("a boxed primitive"); return "", nil }

func (x *iview) Function() (bool, string) {
	switch v := x.v.(type) {
	case *ClassVal:
		return true, ""
	case *Closure:
		switch {
		case v.Fn.LoweredAsyncGen || v.Fn.Async && v.Fn.Generator:
			return false, "GeneratorAsync"
		case v.Fn.Async:
			return false, "Async"
		case v.Fn.Generator:
			return false, "Generator"
		}
	}
	return false, ""
}

func (x *iview) Promise() (inspect.PromiseState, inspect.Value) {
	p := x.v.(*Promise)
	switch p.State {
	case Pending:
		return inspect.Pending, nil
	case Fulfilled:
		return inspect.Fulfilled, x.child(p.Result)
	}
	inexact("a rejected promise")
	return 0, nil
}

func (x *iview) Text() string {
	switch v := x.v.(type) {
	case *dateObj:
		if s, ok := jsdate.ISOString(v.ms); ok {
			return s
		}
		return "Invalid Date"
	case *Object:
		if v.rx != nil {
			return regexpText(v)
		}
		if s, ok := toStr(v); ok {
			return s
		}
	}
	inexact("an error's text")
	return ""
}

// iconv are util.format's conversions, for what the interpreter knows.
type iconv struct{ in *Interp }

func (c iconv) String(v inspect.Value) string {
	if b, ok := v.(inspect.BigInt); ok {
		return string(b)
	}
	x := back(v)
	if o, ok := x.(*Object); ok && hasUserConversion(o) {
		// The program's own toString, as String(v) calls it.
		if c.in.protect(func() { x, ok = c.in.toPrimitive(o, "string", ir.Pos{}) }) != nil || !ok {
			inexact("a toString that throws or is not known")
		}
	}
	s, ok := toStr(x)
	if !ok {
		inexact("a string conversion")
	}
	return s
}

func (c iconv) Number(v inspect.Value) float64 {
	if _, obj := v.(inspect.Object); obj {
		inexact("a number conversion of an object")
	}
	f, ok := toNumber(back(v))
	if !ok {
		inexact("a number conversion")
	}
	return f
}

func (c iconv) JSON(v inspect.Value) string {
	var b strings.Builder
	switch ok, present := c.in.jsonValue(&b, back(v), map[*Object]bool{}, "", ""); {
	case !ok:
		inexact("JSON of this value")
	case !present:
		return "undefined"
	}
	return b.String()
}

func (c iconv) OwnToString(o inspect.Object) bool {
	x, ok := back(o).(*Object)
	if !ok {
		inexact("%s of this object")
	}
	return c.in.userMethod(x, "toString") != nil
}

// madeByLowering reports an object whose methods come from the code the
// front end added to lower async iteration: an async generator or
// for-await iterator, which Node prints as what it is.
func madeByLowering(o *Object) bool {
	for _, k := range o.Keys {
		if c, ok := o.Props[k].(*Closure); ok && c.Fn.Pos.File == parse.HelperFile {
			return true
		}
	}
	return false
}

// nullProtoPrototype reports an object made by new F() where
// F.prototype has no prototype: Node names it F <[Object: null
// prototype] {}> (V8's constructor name, which the engine does not
// give).
func nullProtoPrototype(o *Object) bool {
	if o.ctor == nil || o.ctor.Props == nil {
		return false
	}
	p, ok := o.ctor.Props.Props["prototype"].(*Object)
	return ok && p.nullProto
}

// plainInstance: an instance of a named class of the snippet's own,
// which Node prints as ClassName { ...own properties } (an EventEmitter's
// internals are own properties its JavaScript constructor made).
func plainInstance(o *Object) bool {
	if o.Arr || o.Proto.Name == "" {
		return false
	}
	ok := true
	o.Proto.chain(func(c *ClassVal) bool {
		// Node 10 still called an inspect() method (DEP0079): any
		// method of that name leaves the output unknown.
		_, insp := c.Methods["inspect"]
		_, tg := c.Getters[tagKey]
		_, tm := c.Methods[tagKey]
		ok = ok && !c.nullParent && !insp && !tg && !tm // a tag prints as Name [tag]
		return !ok
	})
	return ok
}
