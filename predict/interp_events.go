package predict

import (
	"github.com/looplint/looplint/ir"
	"github.com/looplint/looplint/loop"
)

// EventEmitter, as Node's events module: listeners run synchronously in
// registration order on a copy of the list taken when emit starts; once
// listeners are removed before they run; 'newListener' is emitted before
// a listener is added and 'removeListener' after one is removed; an
// 'error' with no listener throws.

type listener struct {
	fn   Value
	once bool
}

type emitter struct {
	listeners map[string][]listener
	names     []string // event names in first-registration order
	born      int32    // epoch (Interp.mut)
	// max is setMaxListeners' value (nil: EventEmitter.defaultMaxListeners
	// when a listener is added); warned, the events warned about.
	max    Value
	warned map[string]bool
	// capture: captureRejections (a listener's rejected promise becomes
	// an 'error' event).
	capture bool
}

func (in *Interp) emitterOf(this Value, pos ir.Pos) *emitter {
	o, ok := this.(*Object)
	if !ok || o.emitter == nil {
		if ok && o.Proto != nil && !o.Proto.isEmitter() {
			return nil
		}
		if ok {
			// A subclass whose constructor did not reach super() yet.
			in.mut(o.born)
			o.emitter = &emitter{listeners: map[string][]listener{}, born: o.born}
			return o.emitter
		}
		in.reason(pos, "EventEmitter method on a value that is not an emitter")
		return nil
	}
	return o.emitter
}

// maxListeners is the emitter's limit: its own, or the class default.
func (in *Interp) maxListeners(em *emitter) Value {
	if em.max != nil {
		return em.max
	}
	if d, ok := in.emitterClass().Statics.get("defaultMaxListeners"); ok {
		return d
	}
	return 10.0
}

// maxListenersCheck is Node's leak warning: the first time an event has
// more listeners than the limit (0: none), a MaxListenersExceededWarning
// goes to stderr (a process 'warning' listener would hear it a tick
// later: a reason).
func (in *Interp) maxListenersCheck(em *emitter, name string, pos ir.Pos) {
	m, ok := in.maxListeners(em).(float64)
	if !ok {
		in.reason(pos, "EventEmitter.defaultMaxListeners of an unknown value")
		return
	}
	n := len(em.listeners[name])
	if m <= 0 || float64(n) <= m || em.warned[name] {
		return
	}
	if em.warned == nil {
		em.warned = map[string]bool{}
	}
	em.warned[name] = true
	in.heard("MaxListenersExceededWarning")
	in.stderr = append(in.stderr, "MaxListenersExceededWarning: Possible EventEmitter memory leak detected. "+
		jsNum(float64(n))+" "+name+" listeners added. Use emitter.setMaxListeners() to increase limit")
}

func (c *ClassVal) isEmitter() bool {
	found := false
	c.chain(func(k *ClassVal) bool { found = k.native; return found })
	return found
}

func (em *emitter) add(name string, l listener, prepend bool) {
	if _, ok := em.listeners[name]; !ok {
		em.names = append(em.names, name)
	}
	if prepend {
		em.listeners[name] = append([]listener{l}, em.listeners[name]...)
	} else {
		em.listeners[name] = append(em.listeners[name], l)
	}
}

func (em *emitter) remove(name string, fn Value) bool {
	ls := em.listeners[name]
	for i := len(ls) - 1; i >= 0; i-- {
		if ls[i].fn == fn {
			em.listeners[name] = append(ls[:i:i], ls[i+1:]...)
			em.prune(name)
			return true
		}
	}
	return false
}

func (em *emitter) prune(name string) {
	if len(em.listeners[name]) > 0 {
		return
	}
	delete(em.listeners, name)
	for i, n := range em.names {
		if n == name {
			em.names = append(em.names[:i:i], em.names[i+1:]...)
			break
		}
	}
}

// eventName turns an event argument into a key; symbols are not modelled.
func (in *Interp) eventName(v Value, pos ir.Pos) (string, bool) {
	s, ok := v.(string)
	if !ok {
		if f, isNum := v.(float64); isNum {
			s, _ = toStr(f)
			return s, true
		}
		in.reason(pos, "an event name that is not a known string")
	}
	return s, ok
}

// emitterClass is the EventEmitter class of the events module.
func (in *Interp) emitterClass() *ClassVal {
	if in.eeClass != nil {
		return in.eeClass
	}
	c := &ClassVal{Name: "EventEmitter", Methods: map[string]Value{}, Getters: map[string]*Closure{}, Statics: newObject(), native: true}
	in.eeClass = c
	method := func(name string, fn func(em *emitter, this Value, a []Value, pos ir.Pos) Value) {
		c.Methods[name] = native(name, func(this Value, a []Value, pos ir.Pos) Value {
			em := in.emitterOf(this, pos)
			if em == nil {
				return unknown{why: name}
			}
			return fn(em, this, a, pos)
		})
	}
	addL := func(once, prepend bool) func(em *emitter, this Value, a []Value, pos ir.Pos) Value {
		return func(em *emitter, this Value, a []Value, pos ir.Pos) Value {
			name, ok := in.eventName(arg(a, 0), pos)
			fn := arg(a, 1)
			if !isCallable(fn) {
				if _, u := fn.(unknown); u {
					in.reason(pos, "an unknown listener")
					return this
				}
				in.throwType(pos, "The \"listener\" argument must be of type function")
			}
			if !ok {
				return this
			}
			if len(em.listeners["newListener"]) > 0 {
				in.emitEvent(em, this, "newListener", []Value{name, fn}, pos)
			}
			in.mut(em.born)
			em.add(name, listener{fn: fn, once: once}, prepend)
			in.maxListenersCheck(em, name, pos)
			return this
		}
	}
	for _, m := range []string{"on", "addListener"} {
		method(m, addL(false, false))
	}
	method("prependListener", addL(false, true))
	method("once", addL(true, false))
	method("prependOnceListener", addL(true, true))
	removeL := func(em *emitter, this Value, a []Value, pos ir.Pos) Value {
		name, ok := in.eventName(arg(a, 0), pos)
		in.mut(em.born)
		if ok && em.remove(name, arg(a, 1)) && len(em.listeners["removeListener"]) > 0 {
			in.emitEvent(em, this, "removeListener", []Value{name, arg(a, 1)}, pos)
		}
		return this
	}
	method("off", removeL)
	method("removeListener", removeL)
	method("removeAllListeners", func(em *emitter, this Value, a []Value, pos ir.Pos) Value {
		if len(em.listeners["removeListener"]) > 0 {
			in.reason(pos, "removeAllListeners with a 'removeListener' listener")
		}
		in.mut(em.born)
		if len(a) == 0 || arg(a, 0) == nil {
			em.listeners, em.names = map[string][]listener{}, nil
			return this
		}
		if name, ok := in.eventName(arg(a, 0), pos); ok {
			delete(em.listeners, name)
			em.prune(name)
		}
		return this
	})
	method("emit", func(em *emitter, this Value, a []Value, pos ir.Pos) Value {
		name, ok := in.eventName(arg(a, 0), pos)
		if !ok {
			return unknown{why: "emit"}
		}
		var rest []Value
		if len(a) > 1 {
			rest = a[1:]
		}
		return in.emitEvent(em, this, name, rest, pos)
	})
	method("listenerCount", func(em *emitter, _ Value, a []Value, pos ir.Pos) Value {
		name, _ := in.eventName(arg(a, 0), pos)
		fn := arg(a, 1)
		if fn == nil || fn == null || !in.p.Has(loop.ListenerCountListener) {
			return float64(len(em.listeners[name]))
		}
		n := 0
		for _, l := range em.listeners[name] {
			if l.fn == fn {
				n++
			}
		}
		return float64(n)
	})
	method("listeners", func(em *emitter, _ Value, a []Value, pos ir.Pos) Value {
		name, _ := in.eventName(arg(a, 0), pos)
		var fns []Value
		for _, l := range em.listeners[name] {
			fns = append(fns, l.fn)
		}
		return newArray(fns)
	})
	// rawListeners gives a once listener as Node's onceWrapper: calling
	// it removes the listener and calls it; .listener is the original.
	method("rawListeners", func(em *emitter, this Value, a []Value, pos ir.Pos) Value {
		name, _ := in.eventName(arg(a, 0), pos)
		var fns []Value
		for _, l := range em.listeners[name] {
			if !l.once {
				fns = append(fns, l.fn)
				continue
			}
			l, fired := l, false
			w := native("bound onceWrapper", func(_ Value, args []Value, pos ir.Pos) Value {
				if fired {
					return nil
				}
				fired = true
				in.onceRemove(em, this, name, l.fn, pos)
				return in.call(l.fn, this, args, pos)
			})
			w.Props = map[string]Value{"listener": l.fn}
			fns = append(fns, w)
		}
		return newArray(fns)
	})
	method("eventNames", func(em *emitter, _ Value, _ []Value, _ ir.Pos) Value {
		var ns []Value
		for _, n := range em.names {
			ns = append(ns, n)
		}
		return newArray(ns)
	})
	method("setMaxListeners", func(em *emitter, this Value, a []Value, pos ir.Pos) Value {
		n, ok := arg(a, 0).(float64)
		if !ok || n < 0 || n != n {
			in.reason(pos, "setMaxListeners with this value is not modelled")
			return this
		}
		in.mut(em.born)
		em.max = n
		return this
	})
	method("getMaxListeners", func(em *emitter, _ Value, _ []Value, _ ir.Pos) Value { return in.maxListeners(em) })
	c.Statics.set("EventEmitter", c)
	c.Statics.set("defaultMaxListeners", float64(10))
	return c
}

// emitEvent runs name's listeners synchronously; it reports whether
// there were any.
func (in *Interp) emitEvent(em *emitter, this Value, name string, args []Value, pos ir.Pos) Value {
	ls := append([]listener(nil), em.listeners[name]...)
	if len(ls) == 0 {
		if name == "error" {
			// An Error is thrown as it is; anything else inside an
			// ERR_UNHANDLED_ERROR whose message inspects it.
			er := arg(args, 0)
			if o, ok := er.(*Object); ok && o.errClass != "" {
				panic(&Thrown{V: o})
			}
			if u, ok := er.(unknown); ok && !u.made {
				in.reason(pos, "emitting 'error' with no listener and an unknown value")
			}
			e := in.nodeError("Error", "ERR_UNHANDLED_ERROR")
			if s, ok := in.inspectValue(er); ok {
				e.Props["message"] = "Unhandled error. (" + s + ")"
			}
			e.set("context", er)
			panic(&Thrown{V: e})
		}
		return false
	}
	for _, l := range ls {
		if l.once {
			in.onceRemove(em, this, name, l.fn, pos)
		}
		r := in.call(l.fn, this, args, pos)
		if em.capture && r != nil && r != null {
			in.captureRejection(em, this, r, name, args, pos)
		}
	}
	return true
}

// onceRemove is what Node's onceWrapper does before it calls a once
// listener: removeListener(name, wrapper), which emits 'removeListener'
// when it removed one and someone listens, with the listener itself when
// it was the event's only one and else with the wrapper (Node passes the
// argument it was given there, from 12.19 and 14.5).
func (in *Interp) onceRemove(em *emitter, this Value, name string, fn Value, pos ir.Pos) {
	in.mut(em.born)
	arg := fn
	if len(em.listeners[name]) > 1 && in.p.Has(loop.RemoveListenerAsPassed) {
		w := native("bound onceWrapper", func(Value, []Value, ir.Pos) Value { return nil })
		w.Props = map[string]Value{"listener": fn}
		arg = w
	}
	if em.remove(name, fn) && len(em.listeners["removeListener"]) > 0 {
		in.emitEvent(em, this, "removeListener", []Value{name, arg}, pos)
	}
}

// captureRejection is captureRejections' addCatch: when a listener's
// promise rejects, a nextTick hands the error to the emitter's
// Symbol.for('nodejs.rejection') method, or emits 'error' with the capture
// off meanwhile.
func (in *Interp) captureRejection(em *emitter, this, r Value, name string, args []Value, pos ir.Pos) {
	p, ok := r.(*Promise)
	if !ok {
		if isObj(r) {
			in.reason(pos, "captureRejections with a listener that returns a thenable")
		}
		return
	}
	in.e.Then(p, nil, nativeFn(func(err Value) {
		emitErr := native("emitUnhandledRejectionOrErr", func(Value, []Value, ir.Pos) Value {
			if o, ok := this.(*Object); ok {
				if fn := in.userSymbolMethod(o, in.symbolFor("nodejs.rejection")); fn != nil {
					in.call(fn, this, append([]Value{err, name}, args...), pos)
					return nil
				}
			}
			prev := em.capture
			em.capture = false
			defer func() { em.capture = prev }()
			in.emitEvent(em, this, "error", []Value{err}, pos)
			return nil
		})
		in.l.NextTick(task{fn: emitErr, api: "captureRejections", site: pos}, pos.String())
	}))
}
