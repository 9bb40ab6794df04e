package predict

import (
	"github.com/looplint/looplint/ir"
	"github.com/looplint/looplint/loop"
)

// EventTarget and Event (15 on), as Node's and the runtime's
// (runtime/js/bootstrap.js): a type's listeners in a list, each added once
// per capture flag; dispatchEvent calls them at once, in order, reading
// the next one before each call (a listener added during a dispatch runs
// when it lands after one not yet reached), skipping removed ones, up to
// stopImmediatePropagation; a listener's exception is rethrown from a
// nextTick (16 on; 15 lets it out of dispatchEvent). AbortSignal keeps its own listeners (interp_abort.go).

type etListener struct {
	fn         Value
	once       bool
	capture    bool
	removed    bool
	prev, next *etListener
}

type eventTarget struct {
	roots map[string]*etListener // sentinel heads, by type
}

type eventState struct {
	cancelable, prevented, immediate, dispatching bool
}

func (in *Interp) eventTargetCtor() *Native {
	return &Native{Name: "EventTarget", Props: map[string]Value{"[[ctor]]": true}, Fn: func(_ Value, _ []Value, _ ir.Pos) Value {
		o := newObject()
		o.Class, o.born = "EventTarget", in.epoch
		t := &eventTarget{roots: map[string]*etListener{}}
		o.target = t
		o.Props["addEventListener"] = native("addEventListener", func(_ Value, a []Value, pos ir.Pos) Value {
			in.etAdd(o, a, pos)
			return nil
		})
		o.Props["removeEventListener"] = native("removeEventListener", func(_ Value, a []Value, pos ir.Pos) Value {
			in.etRemove(o, a, pos)
			return nil
		})
		o.Props["dispatchEvent"] = native("dispatchEvent", func(_ Value, a []Value, pos ir.Pos) Value {
			return in.etDispatch(o, arg(a, 0), pos)
		})
		return o
	}}
}

func (in *Interp) eventCtor() *Native {
	return &Native{Name: "Event", Props: map[string]Value{"[[ctor]]": true, "NONE": 0.0, "CAPTURING_PHASE": 1.0, "AT_TARGET": 2.0, "BUBBLING_PHASE": 3.0},
		Fn: func(_ Value, a []Value, pos ir.Pos) Value {
			if len(a) == 0 {
				e := in.nodeError("TypeError", "ERR_MISSING_ARGS")
				e.Props["message"] = `The "type" argument must be specified`
				panic(&Thrown{V: e})
			}
			typ, ok := toStr(a[0])
			if !ok {
				in.reason(pos, "an Event of a type the predictor does not know")
				return unknown{why: "Event"}
			}
			st := &eventState{}
			switch o := arg(a, 1).(type) {
			case nil, nullT:
			case *Object:
				if !plainKeys(o) {
					in.reason(pos, "Event options of this kind are not modelled")
					return unknown{why: "Event"}
				}
				c, known := truthy(o.Props["cancelable"])
				if !known {
					in.reason(pos, "Event options the predictor does not know")
					return unknown{why: "Event"}
				}
				st.cancelable = c
				for _, k := range []string{"bubbles", "composed"} {
					if b, _ := truthy(o.Props[k]); b {
						in.reason(pos, "Event option %s is not modelled", k)
					}
				}
			default:
				in.reason(pos, "Event options of this kind are not modelled")
				return unknown{why: "Event"}
			}
			ev := newObject()
			ev.Class, ev.born, ev.event = "Event", in.epoch, st
			// Accessors on Event.prototype in Node: not own keys.
			for k, v := range map[string]Value{"type": typ, "cancelable": st.cancelable, "bubbles": false, "composed": false,
				"defaultPrevented": false, "returnValue": true, "target": null, "srcElement": null, "currentTarget": null,
				"eventPhase": 0.0, "isTrusted": false, "cancelBubble": false, "timeStamp": unknown{why: "Event.timeStamp"},
				"NONE": 0.0, "CAPTURING_PHASE": 1.0, "AT_TARGET": 2.0, "BUBBLING_PHASE": 3.0} {
				ev.Props[k] = v
			}
			ev.Props["preventDefault"] = native("preventDefault", func(Value, []Value, ir.Pos) Value {
				in.mut(ev.born)
				st.prevented = true
				if st.cancelable {
					ev.Props["defaultPrevented"], ev.Props["returnValue"] = true, false
				}
				return nil
			})
			ev.Props["stopPropagation"] = native("stopPropagation", func(Value, []Value, ir.Pos) Value {
				in.mut(ev.born)
				ev.Props["cancelBubble"] = true
				return nil
			})
			ev.Props["stopImmediatePropagation"] = native("stopImmediatePropagation", func(Value, []Value, ir.Pos) Value {
				in.mut(ev.born)
				ev.Props["cancelBubble"], st.immediate = true, true
				return nil
			})
			ev.Props["composedPath"] = native("composedPath", func(Value, []Value, ir.Pos) Value {
				if st.dispatching {
					return newArray([]Value{ev.Props["currentTarget"]})
				}
				return newArray(nil)
			})
			return ev
		}}
}

// etOptions reads addEventListener's and removeEventListener's third
// argument: a capture flag or { once, capture } (passive changes nothing
// here; a signal is a reason).
func (in *Interp) etOptions(v Value, pos ir.Pos) (once, capture, ok bool) {
	switch o := v.(type) {
	case nil, nullT:
		return false, false, true
	case bool:
		return false, o, true
	case *Object:
		if !plainKeys(o) {
			break
		}
		if _, has := o.Props["signal"]; has {
			in.reason(pos, "addEventListener's signal option is not modelled")
			return false, false, false
		}
		once, k1 := truthy(o.Props["once"])
		capture, k2 := truthy(o.Props["capture"])
		if k1 && k2 {
			return once, capture, true
		}
	}
	in.reason(pos, "EventTarget listener options of this kind are not modelled")
	return false, false, false
}

func (in *Interp) etAdd(o *Object, a []Value, pos ir.Pos) {
	typ, ok := toStr(arg(a, 0))
	fn := arg(a, 1)
	if fn == nil || fn == null {
		in.Warn("AddEventListenerArgumentTypeWarning", "addEventListener called with null which has no effect.")
		return
	}
	once, capture, okOpt := in.etOptions(arg(a, 2), pos)
	if !ok || !okOpt {
		if ok {
			return
		}
		in.reason(pos, "an event type the predictor does not know")
		return
	}
	if _, u := fn.(unknown); u {
		in.reason(pos, "an EventTarget listener the predictor does not know")
		return
	}
	t := o.target
	root := t.roots[typ]
	if root == nil {
		root = &etListener{}
		t.roots[typ] = root
	}
	last := root
	for h := root.next; h != nil; h = h.next {
		if h.fn == fn && h.capture == capture {
			return
		}
		last = h
	}
	in.mut(o.born)
	l := &etListener{fn: fn, once: once, capture: capture, prev: last}
	last.next = l
}

func (in *Interp) etRemove(o *Object, a []Value, pos ir.Pos) {
	typ, ok := toStr(arg(a, 0))
	if !ok {
		in.reason(pos, "an event type the predictor does not know")
		return
	}
	capture := false
	switch v := arg(a, 2).(type) {
	case bool:
		capture = v
	case *Object:
		c, known := truthy(v.Props["capture"])
		if !known {
			in.reason(pos, "EventTarget listener options of this kind are not modelled")
			return
		}
		capture = c
	}
	root := o.target.roots[typ]
	if root == nil {
		return
	}
	for h := root.next; h != nil; h = h.next {
		if h.fn == arg(a, 1) && h.capture == capture {
			in.mut(o.born)
			etUnlink(h)
			return
		}
	}
}

func etUnlink(h *etListener) {
	h.removed = true
	if h.prev != nil {
		h.prev.next = h.next
	}
	if h.next != nil {
		h.next.prev = h.prev
	}
}

func (in *Interp) etDispatch(o *Object, v Value, pos ir.Pos) Value {
	ev, _ := v.(*Object)
	if ev == nil || ev.event == nil {
		if _, u := v.(unknown); u {
			in.reason(pos, "dispatchEvent of a value the predictor does not know")
			return unknown{why: "dispatchEvent"}
		}
		e := in.nodeError("TypeError", "ERR_INVALID_ARG_TYPE")
		panic(&Thrown{V: e})
	}
	st := ev.event
	if st.dispatching {
		e := in.nodeError("Error", "ERR_EVENT_RECURSION")
		if typ, ok := ev.Props["type"].(string); ok {
			e.Props["message"] = `The event "` + typ + `" is already being dispatched`
		}
		panic(&Thrown{V: e})
	}
	in.mut(ev.born)
	st.dispatching, st.immediate = true, false
	ev.Props["target"], ev.Props["srcElement"], ev.Props["currentTarget"], ev.Props["eventPhase"] = o, o, o, 2.0
	typ, _ := ev.Props["type"].(string)
	var h *etListener
	if root := o.target.roots[typ]; root != nil {
		h = root.next
	}
	for h != nil && !st.immediate {
		next := h.next
		if !h.removed {
			if h.once {
				in.mut(o.born)
				etUnlink(h)
			}
			fn, this := h.fn, Value(o)
			if !isCallable(fn) {
				fn, this = in.getMember(fn, "handleEvent", pos), h.fn
			}
			if isCallable(fn) {
				if err := in.protect(func() { in.call(fn, this, []Value{ev}, pos) }); err != nil {
					if !in.p.Has(loop.EventTargetErrorsOnTick) {
						// 15 lets it out of dispatchEvent.
						st.dispatching = false
						ev.Props["currentTarget"], ev.Props["eventPhase"] = unknown{why: "Event.currentTarget after dispatch"}, 0.0
						panic(err)
					}
					thrown := thrownValue(err)
					in.l.NextTick(task{fn: native("", func(Value, []Value, ir.Pos) Value {
						panic(&Thrown{V: thrown})
					}), api: "EventTarget", site: pos}, pos.String())
				}
			} else if _, u := fn.(unknown); u {
				in.reason(pos, "an EventTarget listener object the predictor does not know")
			}
		}
		h = next
	}
	st.dispatching = false
	// currentTarget after a dispatch differs by release (the target on
	// 16.0 to 20.18 and 22.0, null on 15, 20.19, 22.12 and later).
	ev.Props["currentTarget"], ev.Props["eventPhase"] = unknown{why: "Event.currentTarget after dispatch"}, 0.0
	return !(st.cancelable && st.prevented)
}
