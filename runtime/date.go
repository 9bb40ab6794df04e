package runtime

import (
	"github.com/grafana/sobek"

	"github.com/looplint/looplint/internal/jsdate"
)

// dateCtorSrc makes Date over the engine's: a string V8 reads by the ISO
// format (parse, jsdate) becomes its time value first. Bound, so that it
// prints as Node's native Date; named under bootstrap, so that stacks
// leave its frame out.
const dateCtorSrc = `(function (EngineDate, parse) {
  'use strict';
  const construct = Reflect.construct;
  function Date(v) {
    if (new.target === undefined) return EngineDate();
    if (arguments.length === 1 && typeof v === 'string') {
      const ms = parse(v);
      if (ms !== undefined) return construct(EngineDate, [ms], new.target);
    }
    return construct(EngineDate, arguments, new.target);
  }
  Date.prototype = EngineDate.prototype;
  return Date.bind();
})`

// v8Dates makes new Date(string), Date.parse and Date.prototype.toISOString
// V8's (jsdate, shared with the interpreter) where the engine's differ
// (month 00, six-digit years); strings jsdate leaves (local time, the
// legacy forms) stay the engine's. Name, length, prototype, constructor,
// instanceof and printed forms stay Node's.
func (h *host) v8Dates() error {
	rt := h.rt
	engineDate := rt.Get("Date").ToObject(rt)
	proto := engineDate.Get("prototype").ToObject(rt)
	engineParse, _ := sobek.AssertFunction(engineDate.Get("parse"))
	getTime, _ := sobek.AssertFunction(proto.Get("getTime"))
	native := func(name string, length int, fn func(sobek.FunctionCall) sobek.Value) sobek.Value {
		f := rt.ToValue(fn).ToObject(rt)
		f.DefineDataProperty("name", rt.ToValue(name), sobek.FLAG_FALSE, sobek.FLAG_TRUE, sobek.FLAG_FALSE)
		f.DefineDataProperty("length", rt.ToValue(length), sobek.FLAG_FALSE, sobek.FLAG_TRUE, sobek.FLAG_FALSE)
		return f
	}
	mk, err := h.runInternal("bootstrap/date")
	if err != nil {
		return err
	}
	mkFn, _ := sobek.AssertFunction(mk)
	ctorV, err := mkFn(sobek.Undefined(), engineDate, rt.ToValue(func(c sobek.FunctionCall) sobek.Value {
		if ms, ok := jsdate.Parse(c.Argument(0).String()); ok {
			return rt.ToValue(ms)
		}
		return sobek.Undefined()
	}))
	if err != nil {
		return err
	}
	ctor := ctorV.ToObject(rt)
	ctor.DefineDataProperty("name", rt.ToValue("Date"), sobek.FLAG_FALSE, sobek.FLAG_TRUE, sobek.FLAG_FALSE)
	ctor.DefineDataProperty("length", rt.ToValue(7), sobek.FLAG_FALSE, sobek.FLAG_TRUE, sobek.FLAG_FALSE)
	ctor.DefineDataProperty("prototype", proto, sobek.FLAG_FALSE, sobek.FLAG_FALSE, sobek.FLAG_FALSE)
	method := func(o *sobek.Object, name string, v sobek.Value) {
		o.DefineDataProperty(name, v, sobek.FLAG_TRUE, sobek.FLAG_TRUE, sobek.FLAG_FALSE)
	}
	method(ctor, "now", engineDate.Get("now"))
	method(ctor, "parse", native("parse", 1, func(c sobek.FunctionCall) sobek.Value {
		v := c.Argument(0)
		if _, sym := v.(*sobek.Symbol); sym {
			panic(rt.NewTypeError("Cannot convert a Symbol value to a string"))
		}
		s := v.String()
		if ms, ok := jsdate.Parse(s); ok {
			return rt.ToValue(ms)
		}
		r, err := engineParse(engineDate, rt.ToValue(s))
		if err != nil {
			panic(err)
		}
		return r
	}))
	method(ctor, "UTC", engineDate.Get("UTC"))
	method(proto, "toISOString", native("toISOString", 0, func(c sobek.FunctionCall) sobek.Value {
		ms, err := getTime(c.This) // a TypeError for what is not a Date
		if err != nil {
			panic(err)
		}
		s, ok := jsdate.ISOString(ms.ToFloat())
		if !ok {
			e, _ := rt.New(rt.Get("RangeError"), rt.ToValue("Invalid time value"))
			panic(e)
		}
		return rt.ToValue(s)
	}))
	method(proto, "constructor", ctor)
	method(rt.GlobalObject(), "Date", ctor)
	return nil
}
