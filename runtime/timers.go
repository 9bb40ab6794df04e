package runtime

import (
	"math"

	"github.com/grafana/sobek"
)

func (h *host) setTimer(call sobek.FunctionCall, repeat bool) sobek.Value {
	fn := h.callbackArg(call.Argument(0))
	after := math.NaN()
	if len(call.Arguments) > 1 {
		after = call.Argument(1).ToFloat() // `after *= 1`
	}
	delay := h.l.CoerceDelay(after)
	h.handleClasses()
	obj := h.rt.CreateObject(h.timeoutProto)
	var args []sobek.Value
	if len(call.Arguments) > 2 {
		args = append(args, call.Arguments[2:]...)
	}
	api := "setTimeout"
	if repeat {
		api = "setInterval"
	}
	t := h.l.SetTimer(h.label(&callback{fn: fn, this: obj, args: args}, api), delay, repeat)
	h.meter.TimerMade()
	h.timers[obj] = t
	h.nextID++
	h.timerByID[h.nextID] = obj
	return obj
}

// clearTimer accepts a Timeout, or its numeric id as Node does.
func (h *host) clearTimer(call sobek.FunctionCall) sobek.Value {
	v := call.Argument(0)
	obj, ok := v.(*sobek.Object)
	if !ok {
		if sobek.IsUndefined(v) || sobek.IsNull(v) {
			return sobek.Undefined()
		}
		obj = h.timerByID[v.ToInteger()]
	}
	if t := h.timers[obj]; t != nil {
		h.l.ClearTimer(t)
	}
	return sobek.Undefined()
}

func (h *host) setImmediate(call sobek.FunctionCall) sobek.Value {
	fn := h.callbackArg(call.Argument(0))
	h.handleClasses()
	obj := h.rt.CreateObject(h.immProto)
	var args []sobek.Value
	if len(call.Arguments) > 1 {
		args = append(args, call.Arguments[1:]...)
	}
	h.imms[obj] = h.l.SetImmediate(h.label(&callback{fn: fn, this: obj, args: args}, "setImmediate"))
	return obj
}

func (h *host) clearImmediate(call sobek.FunctionCall) sobek.Value {
	if obj, ok := call.Argument(0).(*sobek.Object); ok {
		h.l.ClearImmediate(h.imms[obj])
	}
	return sobek.Undefined()
}

func (h *host) nextTick(call sobek.FunctionCall) sobek.Value {
	fn := h.callbackArg(call.Argument(0))
	var args []sobek.Value
	if len(call.Arguments) > 1 {
		args = append(args, call.Arguments[1:]...)
	}
	pos := ""
	if h.l.DrainCount() > h.p.opts.Limits.MaxDrainOr()/2 {
		pos = h.callerPos(0)
	}
	h.l.NextTick(h.label(&callback{fn: fn, this: sobek.Undefined(), args: args}, "process.nextTick"), pos)
	return sobek.Undefined()
}

// handleClasses loads jslib/_timer_handles.js, the Timeout and Immediate
// classes the interpreter runs too, at the program's first timer or
// immediate, with the binding it calls on __internal: handle(h, op, on).
func (h *host) handleClasses() {
	if h.timeoutProto != nil {
		return
	}
	rt := h.rt
	h.internal.Set("handle", func(c sobek.FunctionCall) sobek.Value {
		obj, op := c.Argument(0).ToObject(rt), c.Argument(1).String()
		var x any
		if t := h.timers[obj]; t != nil {
			switch op {
			case "start":
				return rt.ToValue(h.l.Millis(t.Start()))
			case "id":
				for id, o := range h.timerByID {
					if o == obj {
						return rt.ToValue(id)
					}
				}
				return rt.ToValue(0)
			case "destroyed":
				// Node 10 leaves it false; later ones set it when the
				// timer is cleared or has fired.
				h.incomplete("a timer's _destroyed is not modelled")
				return rt.ToValue(t.Timeout() < 0)
			}
			x = t
		} else if im := h.imms[obj]; im != nil {
			x = im
		}
		switch v, ok := h.l.HandleOp(x, op, c.Argument(2).ToBoolean()); {
		case !ok:
			return sobek.Undefined()
		case v == nil:
			return sobek.Null()
		default:
			return rt.ToValue(v)
		}
	})
	v, err := h.builtin("_timer_handles")
	if err != nil {
		panic(err)
	}
	classes := v.ToObject(rt)
	h.timeoutProto = classes.Get("Timeout").ToObject(rt).Get("prototype").ToObject(rt)
	h.immProto = classes.Get("Immediate").ToObject(rt).Get("prototype").ToObject(rt)
}
