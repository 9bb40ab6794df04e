package predict

import (
	"github.com/looplint/looplint/ir"
	"github.com/looplint/looplint/loop"
)

// Promise-returning APIs: util.promisify and timers/promises. Both settle
// their promise from the callback that the loop runs (the timer, the
// immediate, the API's own callback), so the reactions run in that
// callback's microtask drain, as in Node.

// timersPromises is require('timers/promises') (Node 15+), made once per
// run; its functions are also util.promisify's forms of setTimeout and
// setImmediate.
func (in *Interp) timersPromises() *Native {
	if in.tpModule != nil {
		return in.tpModule
	}
	m := &Native{Name: "timers/promises", Obj: true, Props: map[string]Value{}}
	in.tpModule = m
	m.Props["setTimeout"] = native("setTimeout", func(_ Value, a []Value, p ir.Pos) Value {
		return in.promisedTimer(arg(a, 0), arg(a, 1), arg(a, 2), p)
	})
	m.Props["setImmediate"] = native("setImmediate", func(_ Value, a []Value, p ir.Pos) Value {
		return in.promisedImmediate(arg(a, 0), arg(a, 1), p)
	})
	if in.p.Has(loop.TimersPromisesSetInterval) {
		m.Props["setInterval"] = native("setInterval", func(this Value, a []Value, p ir.Pos) Value {
			return in.call(in.builtinJS("_timers_interval", "node:timers/promises", p), this, a, p)
		})
	}
	return m
}

// promisedTimer is timers/promises setTimeout(delay, value): a timer whose
// callback is the promise's resolve.
func (in *Interp) promisedTimer(delay, value, options Value, pos ir.Pos) Value {
	sig, ok := in.signalOption(options, pos)
	if !ok {
		return unknown{why: "timers/promises"}
	}
	if sig != nil && sig.obj.Props["aborted"] == true {
		return in.e.Rejected(in.abortError(sig))
	}
	n := 1.0
	if delay != nil {
		var ok bool
		if n, ok = toNumber(delay); !ok {
			in.reason(pos, "timer delay is not known")
			n = 1
		}
	}
	p := in.e.New()
	resolve, reject := in.e.Resolver(p)
	cb := native("resolve", func(Value, []Value, ir.Pos) Value { resolve(value); return nil })
	t := in.l.SetTimer(task{fn: cb, api: "setTimeout (promise)", site: pos}, in.l.CoerceDelay(n), false)
	if sig == nil {
		return p
	}
	return in.abortable(p, sig, func() {
		in.l.ClearTimer(t)
		reject(in.abortError(sig))
	})
}

// promisedImmediate is timers/promises setImmediate(value).
func (in *Interp) promisedImmediate(value, options Value, pos ir.Pos) Value {
	sig, ok := in.signalOption(options, pos)
	if !ok {
		return unknown{why: "timers/promises"}
	}
	if sig != nil && sig.obj.Props["aborted"] == true {
		return in.e.Rejected(in.abortError(sig))
	}
	p := in.e.New()
	resolve, reject := in.e.Resolver(p)
	cb := native("resolve", func(Value, []Value, ir.Pos) Value { resolve(value); return nil })
	im := in.l.SetImmediate(task{fn: cb, api: "setImmediate (promise)", site: pos})
	if sig == nil {
		return p
	}
	return in.abortable(p, sig, func() {
		in.l.ClearImmediate(im)
		reject(in.abortError(sig))
	})
}

// utilModule is require('util') with what the predictor models of it.
func (in *Interp) utilModule() *Native {
	u := &Native{Name: "util", Obj: true, Props: map[string]Value{}}
	pf := native("promisify", func(_ Value, a []Value, p ir.Pos) Value { return in.promisify(arg(a, 0), p) })
	pf.Props = map[string]Value{"custom": in.promisifyCustom()}
	u.Props["promisify"] = pf
	u.Props["callbackify"] = native("callbackify", func(_ Value, a []Value, p ir.Pos) Value { return in.callbackify(arg(a, 0), p) })
	u.Props["format"] = native("format", func(_ Value, a []Value, p ir.Pos) Value { return in.format(a, p) })
	inspect := native("inspect", func(_ Value, a []Value, p ir.Pos) Value {
		depth, known := in.inspectOptions(arg(a, 1), p)
		if !known || len(a) > 2 {
			if len(a) > 2 {
				in.reason(p, "util.inspect's legacy arguments are not modelled")
			}
			return unknown{why: "util.inspect", made: true, typ: "string"}
		}
		s, ok := in.inspectDepth(arg(a, 0), depth)
		if !ok {
			in.reason(p, "printing a value the predictor cannot format exactly")
			return unknown{why: "util.inspect", made: true, typ: "string"}
		}
		return s
	})
	inspect.Props = map[string]Value{"custom": in.inspectCustom()}
	u.Props["inspect"] = inspect
	return u
}

// callbackify is util.callbackify(fn): a function whose last argument is
// a callback, called from a nextTick with (null, value) once fn's promise
// fulfils, or with the reason once it rejects (a falsy reason wrapped in
// ERR_FALSY_VALUE_REJECTION), as runtime/jslib/util.js does.
func (in *Interp) callbackify(fn Value, pos ir.Pos) Value {
	if !isCallable(fn) {
		in.throwType(pos, `The "original" argument must be of type function`)
	}
	f := native("callbackified", func(this Value, a []Value, p ir.Pos) Value {
		if len(a) == 0 || !isCallable(a[len(a)-1]) {
			in.throwType(p, `The "last argument" argument must be of type function`)
		}
		cb := a[len(a)-1]
		r := in.call(fn, this, append([]Value{}, a[:len(a)-1]...), p)
		pr, ok := r.(*Promise)
		if !ok {
			in.reason(p, "util.callbackify of a function that does not return a promise is not modelled")
			return nil
		}
		tick := func(args ...Value) {
			in.l.NextTick(task{fn: cb, this: this, args: args, api: "util.callbackify", site: p}, p.String())
		}
		in.e.Then(pr, nativeFn(func(v Value) { tick(null, v) }), nativeFn(func(e Value) {
			if t, known := truthy(e); !known {
				in.reason(p, "whether a callbackified function's rejection reason is falsy is not known")
			} else if !t {
				w := in.nodeError("Error", "ERR_FALSY_VALUE_REJECTION")
				w.Props["message"] = "Promise was rejected with falsy value"
				w.set("reason", e)
				e = w
			}
			tick(e)
		}))
		return nil
	})
	// Its name and length are copied from fn, with "Callbackified" and one
	// more on later releases only: not modelled.
	f.Props = map[string]Value{"name": unknown{why: "callbackified name"}, "length": unknown{why: "callbackified length"}}
	return f
}

// promisify is util.promisify(fn). setTimeout and setImmediate have
// Node's custom promisified forms (the timers/promises functions); any
// other function gets a wrapper that calls it with an (err, value)
// callback settling a new promise (a synchronous throw rejects it).
func (in *Interp) promisify(fn Value, pos ir.Pos) Value {
	if _, u := fn.(unknown); u {
		in.reason(pos, "util.promisify of an unknown function")
		return unknown{why: "promisified function"}
	}
	if !isCallable(fn) {
		in.throwType(pos, "The \"original\" argument must be of type function")
	}
	switch fn {
	case in.builtins["setTimeout"]:
		return in.timersPromises().Props["setTimeout"]
	case in.builtins["setImmediate"]:
		return in.timersPromises().Props["setImmediate"]
	}
	if c, ok := fn.(*Closure); ok && c.Props != nil {
		if custom, ok := c.Props.Props[in.symKey(in.promisifyCustom())]; ok {
			if !isCallable(custom) {
				in.throwType(pos, "The \"util.promisify.custom\" argument must be of type function")
			}
			return custom
		}
	}
	return native("promisified", func(this Value, a []Value, p ir.Pos) Value {
		pr := in.e.New()
		resolve, reject := in.e.Resolver(pr)
		cb := native("callback", func(_ Value, r []Value, _ ir.Pos) Value {
			err := arg(r, 0)
			t, known := truthy(err)
			if !known {
				in.reason(p, "whether the promisified callback got an error is not known")
			}
			if t {
				reject(err)
			} else {
				resolve(arg(r, 1))
			}
			return nil
		})
		args := append(append([]Value{}, a...), cb)
		if err := in.protect(func() { in.call(fn, this, args, p) }); err != nil {
			reject(thrownValue(err))
		}
		return pr
	})
}

// eventsOnce is events.once(emitter, name): a promise fulfilled with the
// arguments of the next emit of name, or rejected by an 'error' emit
// (unless name is 'error'); each listener removes the other, as Node's
// does, through the emitter's own once and removeListener (the 'error'
// listener added first before 14.5). From 14.17 and
// 15 once is an async function returning that promise, which costs the
// awaiting code two more jobs (the outer promise adopts the inner one).
func (in *Interp) eventsOnce(args []Value, pos ir.Pos) Value {
	if o, ok := arg(args, 0).(*Object); ok && (o.signal != nil || o.target != nil) && len(args) <= 2 {
		return in.eventTargetOnce(o, arg(args, 1), pos)
	}
	em, name, ok := in.emitterArgs("events.once", "signal", args, pos)
	if !ok {
		return unknown{why: "events.once"}
	}
	p := in.e.New()
	resolve, reject := in.e.Resolver(p)
	var resolver, onError *Native
	resolver = native("resolver", func(_ Value, a []Value, p ir.Pos) Value {
		if onError != nil {
			in.call(in.getMember(em, "removeListener", pos), em, []Value{"error", onError}, pos)
		}
		resolve(newArray(append([]Value{}, a...)))
		return nil
	})
	addResolver := func() { in.call(in.getMember(em, "once", pos), em, []Value{name, resolver}, pos) }
	nameFirst := in.p.Has(loop.EventsOnceNameFirst)
	if nameFirst {
		addResolver()
	}
	if name != "error" {
		onError = native("errorListener", func(_ Value, a []Value, _ ir.Pos) Value {
			in.call(in.getMember(em, "removeListener", pos), em, []Value{name, resolver}, pos)
			reject(arg(a, 0))
			return nil
		})
		in.call(in.getMember(em, "once", pos), em, []Value{"error", onError}, pos)
	}
	if !nameFirst {
		addResolver()
	}
	return in.onceResult(p)
}

// onceResult is what events.once returns for its promise p: p itself,
// or, where events.once is an async function ("events.once async"), a
// promise resolved with p, which costs the adoption's jobs.
func (in *Interp) onceResult(p *Promise) Value {
	if !in.p.Has(loop.EventsOnceAsync) {
		return p
	}
	outer := in.e.New()
	res, _ := in.e.Resolver(outer)
	res(p)
	return outer
}

// eventTargetOnce is events.once on an EventTarget (an AbortSignal): one
// listener added with { once: true }, no 'error' listener (EventTarget has
// no such semantics), resolved with [event].
func (in *Interp) eventTargetOnce(t *Object, name Value, pos ir.Pos) Value {
	p := in.e.New()
	resolve, _ := in.e.Resolver(p)
	resolver := native("resolver", func(_ Value, a []Value, _ ir.Pos) Value {
		resolve(newArray(append([]Value{}, a...)))
		return nil
	})
	opts := newObject()
	opts.set("once", true)
	in.call(in.getMember(t, "addEventListener", pos), t, []Value{name, resolver, opts}, pos)
	return in.onceResult(p)
}

// eventsOn is events.on(emitter, name): an async iterator over the
// event's argument lists. An event with a next() waiting settles it; one
// without is kept, and the next next() returns it in a settled promise.
// An 'error' event rejects a waiting next() (or the next one) and ends
// the iterator, as return() does.
func (in *Interp) eventsOn(args []Value, pos ir.Pos) Value {
	em, name, ok := in.emitterArgs("events.on", "signal, close", args, pos)
	if !ok {
		return unknown{why: "events.on"}
	}
	type waiter struct{ res, rej func(Value) }
	var (
		queued   [][]Value
		waiting  []waiter
		err      Value
		hasErr   bool
		finished bool
		onEvent  *Native
		onError  *Native
	)
	listen := func(method string, ev Value, fn *Native) {
		in.call(in.getMember(em, method, pos), em, []Value{ev, fn}, pos)
	}
	closeIt := func() Value {
		// From 20 the listeners go in the reverse of their order.
		if in.p.Has(loop.EventsOnReverseCleanup) {
			listen("removeListener", "error", onError)
			listen("removeListener", name, onEvent)
		} else {
			listen("removeListener", name, onEvent)
			listen("removeListener", "error", onError)
		}
		finished = true
		for len(waiting) > 0 {
			w := waiting[0]
			waiting = waiting[1:]
			w.res(iterResult(nil, true))
		}
		return in.e.Resolved(iterResult(nil, true))
	}
	onEvent = native("eventHandler", func(_ Value, a []Value, _ ir.Pos) Value {
		vs := append([]Value{}, a...)
		if len(waiting) > 0 {
			w := waiting[0]
			waiting = waiting[1:]
			w.res(iterResult(newArray(vs), false))
		} else {
			queued = append(queued, vs)
		}
		return nil
	})
	onError = native("errorHandler", func(_ Value, a []Value, _ ir.Pos) Value {
		if len(waiting) > 0 {
			w := waiting[0]
			waiting = waiting[1:]
			w.rej(arg(a, 0))
		} else {
			err, hasErr = arg(a, 0), true
		}
		closeIt()
		return nil
	})
	it := newObject()
	it.born = in.epoch
	// Methods are kept out of Keys: the iterator prints as an empty object.
	it.Props["next"] = native("next", func(Value, []Value, ir.Pos) Value {
		switch {
		case len(queued) > 0:
			vs := queued[0]
			queued = queued[1:]
			return in.e.Resolved(iterResult(newArray(vs), false))
		case hasErr:
			hasErr = false
			return in.e.Rejected(err)
		case finished:
			return in.e.Resolved(iterResult(nil, true))
		}
		p := in.e.New()
		res, rej := in.e.Resolver(p)
		waiting = append(waiting, waiter{res, rej})
		return p
	})
	it.Props["return"] = native("return", func(Value, []Value, ir.Pos) Value { return closeIt() })
	it.Props["throw"] = native("throw", func(_ Value, a []Value, _ ir.Pos) Value {
		in.call(onError, nil, a, pos)
		return nil
	})
	it.Props[in.symKey(in.wellKnown("asyncIterator"))] = native("[Symbol.asyncIterator]", func(this Value, _ []Value, _ ir.Pos) Value { return this })
	listen("on", name, onEvent)
	if name != "error" {
		listen("on", "error", onError)
	}
	return it
}

// abortable adds onAbort as sig's listener for p's timer and returns what
// Node returns: p.finally(), whose callback removes the listener (three
// more jobs before a handler hears of an abort).
func (in *Interp) abortable(p *Promise, sig *abortSignal, onAbort func()) *Promise {
	l := native("cancelListener", func(Value, []Value, ir.Pos) Value { onAbort(); return nil })
	sig.listeners = append(sig.listeners, abortListener{fn: l})
	return in.e.Finally(p, func(Value, ...Value) (Value, error) {
		for i, x := range sig.listeners {
			if x.fn == l {
				sig.listeners = append(sig.listeners[:i:i], sig.listeners[i+1:]...)
				break
			}
		}
		return nil, nil
	})
}

// promisifyCustom is util.promisify.custom: Symbol.for's
// 'nodejs.util.promisify.custom' from Node 12, a symbol of its own before
// (measured on 10.24.1 and 12.22.12).
func (in *Interp) promisifyCustom() *symbolVal {
	if in.p.Node.Major >= 12 {
		return in.symbolFor("nodejs.util.promisify.custom")
	}
	if s, ok := in.symbols["@util.promisify.custom"]; ok {
		return s
	}
	if in.symbols == nil {
		in.symbols = map[string]*symbolVal{}
	}
	s := in.newSymbol("util.promisify.custom")
	in.symbols["@util.promisify.custom"] = s
	return s
}

// emitterArgs are events.once's and events.on's (emitter, name); ok is
// false (after a reason) when the emitter is not one the predictor
// tracks. Options are a reason too.
func (in *Interp) emitterArgs(api, options string, args []Value, pos ir.Pos) (em, name Value, ok bool) {
	em, name = arg(args, 0), arg(args, 1)
	if len(args) > 2 {
		in.reason(pos, "%s options (%s) are not modelled", api, options)
	}
	if _, isObj := em.(*Object); !isObj || in.emitterOf(em, pos) == nil {
		in.reason(pos, "%s on a value that is not an EventEmitter", api)
		return em, name, false
	}
	return em, name, true
}
