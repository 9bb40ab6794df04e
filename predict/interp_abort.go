package predict

import (
	"github.com/looplint/looplint/ir"
	"github.com/looplint/looplint/loop"
)

// AbortController and AbortSignal (Node 15 on): abort() marks the signal
// and calls its 'abort' listeners at once, in the order they were added;
// timers/promises rejects a timer's promise from such a listener.
type abortSignal struct {
	obj       *Object
	listeners []abortListener
}

type abortListener struct {
	fn   Value
	once bool
}

func (in *Interp) abortControllerCtor() *Native {
	return &Native{Name: "AbortController", Props: map[string]Value{"[[ctor]]": true}, Fn: func(_ Value, _ []Value, pos ir.Pos) Value {
		sig := in.newAbortSignal()
		c := newObject()
		c.Class, c.born = "AbortController", in.epoch
		c.Props["signal"] = sig.obj // accessors on the prototype: not own keys
		c.Props["abort"] = native("abort", func(_ Value, a []Value, pos ir.Pos) Value {
			in.abort(sig, a, pos)
			return nil
		})
		return c
	}}
}

// abortSignalClass is the AbortSignal global: its statics abort(reason)
// (an aborted signal) and timeout(ms), which aborts with a TimeoutError
// from an unref'd timer: one that does not keep the process alive.
func (in *Interp) abortSignalClass() *Native {
	return &Native{Name: "AbortSignal", Props: map[string]Value{
		"abort": native("abort", func(_ Value, a []Value, pos ir.Pos) Value {
			s := in.newAbortSignal()
			in.abort(s, a, pos)
			return s.obj
		}),
		"timeout": native("timeout", func(_ Value, a []Value, pos ir.Pos) Value {
			ms, ok := arg(a, 0).(float64)
			if !ok || ms < 0 || ms != float64(int64(ms)) || ms > 1<<32-1 {
				in.reason(pos, "AbortSignal.timeout with this delay (Node's ERR_INVALID_ARG_TYPE or ERR_OUT_OF_RANGE) is not modelled")
				return unknown{why: "AbortSignal.timeout"}
			}
			s := in.newAbortSignal()
			fire := native("", func(Value, []Value, ir.Pos) Value {
				e := in.newError("Error", "The operation was aborted due to timeout")
				e.Class = "DOMException" // printed as Node prints one: not modelled
				e.Props["name"] = "TimeoutError"
				e.Props["code"] = 23.0
				in.abort(s, []Value{e}, pos)
				return nil
			})
			t := in.task([]Value{fire}, pos, "AbortSignal.timeout")
			in.l.RefTimer(in.l.SetTimer(t, in.l.CoerceDelay(ms), false), false)
			return s.obj
		}),
	}}
}

func (in *Interp) newAbortSignal() *abortSignal {
	s := &abortSignal{obj: newObject()}
	o := s.obj
	o.Class, o.born, o.signal = "AbortSignal", in.epoch, s
	o.Props["aborted"] = false
	o.Props["addEventListener"] = native("addEventListener", func(_ Value, a []Value, pos ir.Pos) Value {
		if t, _ := arg(a, 0).(string); t != "abort" {
			in.reason(pos, "AbortSignal listeners for %v are not modelled", arg(a, 0))
			return nil
		}
		fn := arg(a, 1)
		if !isCallable(fn) {
			if fn != nil && fn != null {
				in.reason(pos, "an AbortSignal listener that is not a function")
			}
			return nil
		}
		once := false
		switch opt := arg(a, 2).(type) {
		case *Object:
			b, _ := truthy(opt.Props["once"])
			once = b
			if _, ok := opt.Props["signal"]; ok {
				in.reason(pos, "addEventListener's signal option is not modelled")
			}
		case nil, bool:
		default:
			in.reason(pos, "addEventListener options of this kind")
		}
		for _, l := range s.listeners {
			if l.fn == fn {
				return nil // EventTarget adds a listener once
			}
		}
		in.mut(o.born)
		s.listeners = append(s.listeners, abortListener{fn, once})
		return nil
	})
	if in.p.Has(loop.AbortSignalThrowIfAborted) {
		o.Props["throwIfAborted"] = native("throwIfAborted", func(Value, []Value, ir.Pos) Value {
			if o.Props["aborted"] == true {
				panic(&Thrown{V: o.Props["reason"]})
			}
			return nil
		})
	}
	o.Props["removeEventListener"] = native("removeEventListener", func(_ Value, a []Value, pos ir.Pos) Value {
		for i, l := range s.listeners {
			if l.fn == arg(a, 1) {
				in.mut(o.born)
				s.listeners = append(s.listeners[:i:i], s.listeners[i+1:]...)
				break
			}
		}
		return nil
	})
	return s
}

// abort is controller.abort(reason).
func (in *Interp) abort(s *abortSignal, a []Value, pos ir.Pos) {
	o := s.obj
	if o.Props["aborted"] == true {
		return
	}
	in.mut(o.born)
	o.Props["aborted"] = true
	if r := arg(a, 0); r != nil {
		o.Props["reason"] = r
	} else {
		// A DOMException AbortError: its printing is not modelled.
		e := in.newError("Error", "This operation was aborted")
		e.Props["name"] = "AbortError"
		e.Props["message"] = unknown{why: "DOMException"}
		o.Props["reason"] = e
	}
	if _, ok := o.Props["onabort"]; ok {
		in.reason(pos, "AbortSignal onabort is not modelled")
	}
	ev := newObject()
	ev.Class, ev.born = "Event", in.epoch
	ev.Props["type"] = "abort"
	for len(s.listeners) > 0 {
		ls := s.listeners
		s.listeners = nil
		for _, l := range ls {
			if !l.once {
				s.listeners = append(s.listeners, l)
			}
		}
		for _, l := range ls {
			if err := in.protect(func() { in.call(l.fn, o, []Value{ev}, pos) }); err != nil {
				in.reason(pos, "an AbortSignal listener that throws (Node reports it as uncaught) is not modelled")
			}
		}
		break
	}
}

// abortError is what timers/promises rejects with on abort.
func (in *Interp) abortError(s *abortSignal) *Object {
	e := in.newError("Error", "The operation was aborted")
	e.Props["name"] = "AbortError"
	e.set("code", "ABORT_ERR")
	if r, ok := s.obj.Props["reason"]; ok {
		e.Props["cause"] = r
	}
	return e
}

// signalOption is options.signal of a timers/promises call: nil when
// absent; ok is false (after a reason) for options not modelled.
func (in *Interp) signalOption(opts Value, pos ir.Pos) (*abortSignal, bool) {
	switch o := opts.(type) {
	case nil:
		return nil, true
	case *Object:
		if !plainKeys(o) {
			break
		}
		for _, k := range o.Keys {
			if k != "signal" && k != "ref" {
				in.reason(pos, "timers/promises option %q is not modelled", k)
				return nil, false
			}
		}
		if r, ok := o.Props["ref"]; ok && r != true {
			in.reason(pos, "timers/promises ref: false is not modelled")
			return nil, false
		}
		switch sv := o.Props["signal"].(type) {
		case nil:
			return nil, true
		case *Object:
			if sv.signal != nil {
				return sv.signal, true
			}
		}
	}
	in.reason(pos, "timers/promises options of this kind are not modelled")
	return nil, false
}
