package inspect

import (
	"strconv"
	"strings"

	"github.com/grafana/sobek"
	"github.com/looplint/looplint/internal/jsdate"
)

// engineView is the view of one runtime's values, through the JavaScript
// helpers (helpers.go), which also make its conversions (Conv).
type engineView struct {
	rt *sobek.Runtime
	h  *helpers
}

func engine(rt *sobek.Runtime) *engineView { return &engineView{rt: rt, h: getHelpers(rt)} }

// value is v as the formatter sees it.
func (e *engineView) value(v sobek.Value) Value {
	switch {
	case v == nil || sobek.IsUndefined(v):
		return nil
	case sobek.IsNull(v):
		return Null{}
	case sobek.IsString(v):
		return v.String()
	case sobek.IsNumber(v):
		return v.ToFloat()
	case sobek.IsBigInt(v):
		return BigInt(v.String())
	}
	switch x := v.(type) {
	case *sobek.Symbol:
		return Symbol{Text: e.h.call("symStr", x).String(), Ref: x}
	case *sobek.Object:
		return &engineObj{e: e, o: x}
	}
	return v.ToBoolean()
}

// js is v back as the engine's value.
func (e *engineView) js(v Value) sobek.Value {
	switch v := v.(type) {
	case nil:
		return sobek.Undefined()
	case Null:
		return sobek.Null()
	case *engineObj:
		return v.o
	case Symbol:
		return v.Ref.(*sobek.Symbol)
	case BigInt:
		f, _ := sobek.AssertFunction(e.rt.GlobalObject().Get("BigInt"))
		b, _ := f(sobek.Undefined(), e.rt.ToValue(string(v)))
		return b
	}
	return e.rt.ToValue(v)
}

func (e *engineView) String(v Value) string  { return e.h.call("str", e.js(v)).String() }
func (e *engineView) Number(v Value) float64 { return e.h.call("num", e.js(v)).ToFloat() }
func (e *engineView) JSON(v Value) string    { return e.h.call("json", e.js(v)).String() }
func (e *engineView) OwnToString(o Object) bool {
	return e.h.call("toStringOwn", e.js(o)).ToBoolean()
}

type engineObj struct {
	e *engineView
	o *sobek.Object
}

func (x *engineObj) ID() any { return x.o }

func (x *engineObj) call(name string, args ...sobek.Value) sobek.Value {
	return x.e.h.call(name, append([]sobek.Value{x.o}, args...)...)
}

func (x *engineObj) Kind() Kind {
	switch {
	case x.call("isArray").ToBoolean():
		return KArray
	}
	switch x.Class() {
	case "Map":
		return KMap
	case "Set":
		return KSet
	case "WeakMap":
		return KWeakMap
	case "WeakSet":
		return KWeakSet
	case "RegExp":
		return KRegExp
	case "Date":
		return KDate
	case "Error":
		return KError
	case "Arguments":
		return KArguments
	}
	if _, ok := sobek.AssertFunction(x.o); ok {
		return KFunction
	}
	if !isUndef(x.call("typedName")) {
		return KTypedArray
	}
	if x.call("isArrayBuffer").ToBoolean() {
		return KArrayBuffer
	}
	if _, ok := x.o.Export().(*sobek.Promise); ok {
		return KPromise
	}
	if _, ok := x.call("boxed").(*sobek.Object); ok {
		return KBoxed
	}
	return KObject
}

func isUndef(v sobek.Value) bool { return v == nil || sobek.IsUndefined(v) }

func (x *engineObj) Class() string {
	if coll := x.call("coll").String(); coll != "" {
		return coll
	}
	if t := x.call("typedName"); !isUndef(t) {
		return t.String()
	}
	return x.o.ClassName()
}

func (x *engineObj) Constructor() (string, bool) {
	for obj := x.o; obj != nil; {
		if d, ok := x.e.h.call("desc", obj, x.e.rt.ToValue("constructor")).(*sobek.Object); ok {
			if fn, ok := d.Get("value").(*sobek.Object); ok {
				if _, isFn := sobek.AssertFunction(fn); isFn {
					name := fn.Get("name")
					if name != nil && sobek.IsString(name) && name.String() != "" && x.call("instOf", fn).ToBoolean() {
						return name.String(), true
					}
				}
			}
		}
		obj, _ = x.e.h.call("proto", obj).(*sobek.Object)
	}
	return "", false
}

func (x *engineObj) Proto() (Object, bool) {
	p, ok := x.call("proto").(*sobek.Object)
	if !ok {
		return nil, false
	}
	return &engineObj{e: x.e, o: p}, true
}

func (x *engineObj) Tag(showHidden bool) (string, bool) {
	t := x.o.GetSymbol(sobek.SymToStringTag)
	if t == nil || !sobek.IsString(t) || t.String() == "" {
		return "", false
	}
	own := "isEnum"
	if showHidden {
		own = "hasOwn"
	}
	return t.String(), x.call(own, sobek.SymToStringTag).ToBoolean()
}

func (x *engineObj) Keys(all bool) []Key {
	arr, _ := x.call("keys", x.e.rt.ToValue(all)).(*sobek.Object)
	if arr == nil {
		return nil
	}
	n := int(arr.Get("length").ToInteger())
	keys := make([]Key, 0, n)
	for i := 0; i < n; i++ {
		v := arr.Get(strconv.Itoa(i))
		if s, ok := v.(*sobek.Symbol); ok {
			keys = append(keys, Key{Sym: Symbol{Text: x.e.h.call("symStr", s).String(), Ref: s}, IsSym: true})
			continue
		}
		keys = append(keys, Key{Name: v.String()})
	}
	return keys
}

func (x *engineObj) jsKey(k Key) sobek.Value {
	if k.IsSym {
		return k.Sym.Ref.(*sobek.Symbol)
	}
	return x.e.rt.ToValue(k.Name)
}

func (x *engineObj) Own(k Key) (Prop, bool) {
	d, ok := x.call("desc", x.jsKey(k)).(*sobek.Object)
	if !ok {
		return Prop{}, false
	}
	return Prop{
		Value:      x.e.value(d.Get("value")),
		Getter:     !isUndef(d.Get("get")),
		Setter:     !isUndef(d.Get("set")),
		Enumerable: d.Get("enumerable").ToBoolean(),
	}, true
}

func (x *engineObj) Get(name string) Value { return x.e.value(x.o.Get(name)) }

func (x *engineObj) Custom(depth Value) (Value, bool) {
	sym, _ := x.e.h.obj.Get("customSym").(*sobek.Symbol)
	fn, ok := sobek.AssertFunction(x.o.GetSymbol(sym))
	if !ok {
		return nil, false
	}
	ret, err := fn(x.o, x.e.js(depth), x.e.rt.NewObject())
	if err != nil {
		return nil, false
	}
	return x.e.value(ret), true
}

func (x *engineObj) Len() int { return int(x.o.Get("length").ToInteger()) }

func (x *engineObj) Entries() []Value {
	arr, _ := x.call("entries", x.e.rt.ToValue(x.Class() == "Map")).(*sobek.Object)
	n := int(arr.Get("length").ToInteger())
	out := make([]Value, n)
	for i := range out {
		out[i] = x.e.value(arr.Get(strconv.Itoa(i)))
	}
	return out
}

func (x *engineObj) Bytes() []byte {
	arr, _ := x.call("abBytes").(*sobek.Object)
	n := int(arr.Get("length").ToInteger())
	out := make([]byte, n)
	for i := range out {
		out[i] = byte(arr.Get(strconv.Itoa(i)).ToInteger())
	}
	return out
}

func (x *engineObj) Boxed() (string, Value) {
	bx, _ := x.call("boxed").(*sobek.Object)
	return bx.Get("0").String(), x.e.value(bx.Get("1"))
}

func (x *engineObj) Function() (bool, string) {
	src := x.call("fnStr").String()
	return strings.HasPrefix(src, "class") && strings.HasSuffix(src, "}"), x.call("fnKind").String()
}

func (x *engineObj) Promise() (PromiseState, Value) {
	p := x.o.Export().(*sobek.Promise)
	switch p.State() {
	case sobek.PromiseStatePending:
		return Pending, nil
	case sobek.PromiseStateRejected:
		return Rejected, x.e.value(p.Result())
	}
	return Fulfilled, x.e.value(p.Result())
}

func (x *engineObj) Text() string {
	switch x.o.ClassName() {
	case "RegExp":
		return x.call("reStr").String()
	case "Date":
		// V8's text (jsdate, shared with the interpreter), not the engine's.
		if s, ok := jsdate.ISOString(x.call("time").ToFloat()); ok {
			return s
		}
		return "Invalid Date"
	}
	return x.call("errStr").String()
}
