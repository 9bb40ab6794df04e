package runtime

import (
	"math"

	"github.com/grafana/sobek"

	"github.com/looplint/looplint/internal/jsnum"
)

// v8Numbers makes Number.prototype's toString, toFixed, toPrecision and
// toExponential V8's (package jsnum, shared with the predictor): the
// engine's differ in the last digit of some doubles and drop the sign of
// a negative that rounds to a new leading digit. A radix conversion
// jsnum leaves to V8's own algorithm stays the engine's.
func (h *host) v8Numbers() {
	rt := h.rt
	proto := rt.GlobalObject().Get("Number").ToObject(rt).Get("prototype").ToObject(rt)
	valueOf, _ := sobek.AssertFunction(proto.Get("valueOf"))
	engineToString, _ := sobek.AssertFunction(proto.Get("toString"))
	// thisNumber is thisNumberValue: valueOf throws V8's TypeError
	// for anything but a number.
	thisNumber := func(c sobek.FunctionCall) float64 {
		v, err := valueOf(c.This)
		if err != nil {
			panic(err)
		}
		return v.ToFloat()
	}
	rangeErr := func(msg string) {
		ctor := rt.GlobalObject().Get("RangeError").ToObject(rt)
		e, _ := rt.New(ctor, rt.ToValue(msg))
		panic(e)
	}
	// arg is ToIntegerOrInfinity of the argument, in [lo, 100].
	arg := func(c sobek.FunctionCall, lo float64, msg string) int {
		d := c.Argument(0).ToFloat()
		if math.IsNaN(d) {
			d = 0
		}
		if d = math.Trunc(d); d < lo || d > 100 {
			rangeErr(msg)
		}
		return int(d)
	}
	finite := func(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }
	methods := map[string]func(sobek.FunctionCall) sobek.Value{
		"toFixed": func(c sobek.FunctionCall) sobek.Value {
			x := thisNumber(c)
			return rt.ToValue(jsnum.Fixed(x, arg(c, 0, "toFixed() digits argument must be between 0 and 100")))
		},
		"toExponential": func(c sobek.FunctionCall) sobek.Value {
			x := thisNumber(c)
			if sobek.IsUndefined(c.Argument(0)) || !finite(x) {
				return rt.ToValue(jsnum.Exponential(x, -1))
			}
			return rt.ToValue(jsnum.Exponential(x, arg(c, 0, "toExponential() argument must be between 0 and 100")))
		},
		"toPrecision": func(c sobek.FunctionCall) sobek.Value {
			x := thisNumber(c)
			if sobek.IsUndefined(c.Argument(0)) || !finite(x) {
				return rt.ToValue(jsnum.String(x))
			}
			return rt.ToValue(jsnum.Precision(x, arg(c, 1, "toPrecision() argument must be between 1 and 100")))
		},
		"toString": func(c sobek.FunctionCall) sobek.Value {
			x := thisNumber(c)
			radix := 10
			if !sobek.IsUndefined(c.Argument(0)) {
				r := math.Trunc(c.Argument(0).ToFloat())
				if math.IsNaN(r) || r < 2 || r > 36 {
					rangeErr("toString() radix must be between 2 and 36")
				}
				radix = int(r)
			}
			if s, ok := jsnum.Radix(x, radix); ok {
				return rt.ToValue(s)
			}
			v, err := engineToString(c.This, c.Arguments...)
			if err != nil {
				panic(err)
			}
			return v
		},
	}
	for name, fn := range methods {
		f := rt.ToValue(fn).ToObject(rt)
		f.DefineDataProperty("name", rt.ToValue(name), sobek.FLAG_FALSE, sobek.FLAG_TRUE, sobek.FLAG_FALSE)
		f.DefineDataProperty("length", rt.ToValue(1), sobek.FLAG_FALSE, sobek.FLAG_TRUE, sobek.FLAG_FALSE)
		proto.DefineDataProperty(name, f, sobek.FLAG_TRUE, sobek.FLAG_TRUE, sobek.FLAG_FALSE)
	}
}
