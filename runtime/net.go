package runtime

import (
	"github.com/grafana/sobek"

	"github.com/looplint/looplint/loop"
)

// netBindings is __internal.net, the host side of jslib/net.js (the
// interpreter's is predict's netObj): the private loopback network lives
// in that JavaScript; the host only schedules on the loop.
//
//	io(api, ...fns)  a loopback event, ready at once (the next poll phase); each function its own scope
//	pool(api, fn)    a thread-pool request
//	feed(api, fn)    the next pending phase (an error a socket call returned at once)
//	close(api, fn)   a close callback (the close phase)
//	ref(delta)       ref'd handles
//	async(api, fn)   an async handle's wake-up (a MessagePort's): ready at once, not ref'd
//	more(api, fn)    from an I/O callback: fn next, in the same completion, its own scope
//	native(api, fn)  one of Node's own immediates: the next check phase, before the program's
func (h *host) netBindings() *sobek.Object {
	rt := h.rt
	o := rt.NewObject()
	fnArg := func(v sobek.Value) sobek.Callable {
		fn, ok := sobek.AssertFunction(v)
		if !ok {
			panic(rt.NewTypeError("looplint: __internal.net takes functions"))
		}
		return fn
	}
	o.Set("io", func(c sobek.FunctionCall) sobek.Value {
		api := c.Argument(0).String()
		var cbs loop.Scopes
		for _, a := range c.Arguments[1:] {
			cbs = append(cbs, h.label(&callback{fn: fnArg(a), this: sobek.Undefined()}, api))
		}
		if len(cbs) == 1 {
			h.l.SubmitReady(cbs[0])
		} else {
			h.l.SubmitReady(cbs)
		}
		return sobek.Undefined()
	})
	o.Set("pool", func(c sobek.FunctionCall) sobek.Value {
		// pool(api, fn, us, trips): trips requests one after the other,
		// each queued when the one before is delivered (loop.SubmitIO).
		trips := 1
		if n := c.Argument(3); !sobek.IsUndefined(n) {
			trips = max(1, int(n.ToInteger()))
		}
		op := h.l.SubmitIO(trips, h.label(&callback{fn: fnArg(c.Argument(1)), this: sobek.Undefined()}, c.Argument(0).String()))
		if us := c.Argument(2); !sobek.IsUndefined(us) {
			op.Takes(loop.Usually(us.ToFloat()))
		}
		return sobek.Undefined()
	})
	o.Set("feed", func(c sobek.FunctionCall) sobek.Value {
		h.l.Feed(h.label(&callback{fn: fnArg(c.Argument(1)), this: sobek.Undefined()}, c.Argument(0).String()))
		return sobek.Undefined()
	})
	o.Set("close", func(c sobek.FunctionCall) sobek.Value {
		h.l.Close(h.label(&callback{fn: fnArg(c.Argument(1)), this: sobek.Undefined()}, c.Argument(0).String()))
		return sobek.Undefined()
	})
	o.Set("async", func(c sobek.FunctionCall) sobek.Value {
		h.l.SubmitAsync(h.label(&callback{fn: fnArg(c.Argument(1)), this: sobek.Undefined()}, c.Argument(0).String()))
		return sobek.Undefined()
	})
	o.Set("more", func(c sobek.FunctionCall) sobek.Value {
		h.l.Continue(h.label(&callback{fn: fnArg(c.Argument(1)), this: sobek.Undefined()}, c.Argument(0).String()))
		return sobek.Undefined()
	})
	o.Set("native", func(c sobek.FunctionCall) sobek.Value {
		h.l.SetNativeImmediate(h.label(&callback{fn: fnArg(c.Argument(1)), this: sobek.Undefined()}, c.Argument(0).String()))
		return sobek.Undefined()
	})
	o.Set("ref", func(c sobek.FunctionCall) sobek.Value {
		h.l.RefHandle(int(c.Argument(0).ToInteger()))
		return sobek.Undefined()
	})
	return o
}
