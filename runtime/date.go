package runtime

import (
	"github.com/grafana/sobek"

	"github.com/looplint/looplint/internal/jsdate"
)

// dateHost adds what bootstrap.js's Date takes from jsdate (V8's date time
// strings, shared with the interpreter): dateParse(s), the time value of
// an ISO string or undefined where the engine's parser is left to answer,
// and Date.prototype.toISOString, native so that it prints as Node's.
func (h *host) dateHost(o *sobek.Object) {
	rt := h.rt
	o.Set("dateParse", func(c sobek.FunctionCall) sobek.Value {
		if ms, ok := jsdate.Parse(c.Argument(0).String()); ok {
			return rt.ToValue(ms)
		}
		return sobek.Undefined()
	})
	proto := rt.Get("Date").ToObject(rt).Get("prototype").ToObject(rt)
	getTime, _ := sobek.AssertFunction(proto.Get("getTime"))
	toISO := rt.ToValue(func(c sobek.FunctionCall) sobek.Value {
		ms, err := getTime(c.This) // a TypeError for what is not a Date
		if err != nil {
			panic(err)
		}
		s, ok := jsdate.ISOString(ms.ToFloat())
		if !ok {
			ctor := rt.Get("RangeError").ToObject(rt)
			e, _ := rt.New(ctor, rt.ToValue("Invalid time value"))
			panic(e)
		}
		return rt.ToValue(s)
	}).ToObject(rt)
	toISO.DefineDataProperty("name", rt.ToValue("toISOString"), sobek.FLAG_FALSE, sobek.FLAG_TRUE, sobek.FLAG_FALSE)
	toISO.DefineDataProperty("length", rt.ToValue(0), sobek.FLAG_FALSE, sobek.FLAG_TRUE, sobek.FLAG_FALSE)
	o.Set("toISOString", toISO)
}
