package predict

import "fmt"

// The predictor's model of ECMAScript promises, job for job. The abstract
// interpreter owns values and functions; this file owns the order in which
// promise jobs are queued, because that order is what the output depends
// on (docs/semantics.md §8), including the costs that differ by V8 version.

// Value is an abstract JS value owned by the interpreter.
type Value = any

// Callable is a JS function as the interpreter runs it; a thrown value
// comes back as *Thrown.
type Callable func(this Value, args ...Value) (Value, error)

// Thrown is a JS exception carrying its value.
type Thrown struct{ V Value }

func (t *Thrown) Error() string { return fmt.Sprintf("thrown %v", t.V) }

// PromiseState is pending, fulfilled or rejected.
type PromiseState int

const (
	Pending PromiseState = iota
	Fulfilled
	Rejected
)

// Promise is a native promise.
type Promise struct {
	State   PromiseState
	Result  Value
	handled bool
	born    int32 // Promises.Epoch at creation
	fulfill []reaction
	reject  []reaction
}

type reaction struct {
	derived *Promise // nil: the reaction's result is ignored (await, internal)
	handler Callable // nil: pass the value through
	onF     bool     // which half of the pair this is
}

// Rejection is what the engine tells its host about unhandled rejections.
type Rejection int

const (
	RejectUnhandled Rejection = iota // rejected with no handler
	RejectHandled                    // a handler was added later
)

// Promises is the engine: a microtask FIFO plus the algorithms that feed it.
type Promises struct {
	// OldAwait: V8 < 7.2 (Node 10/11) wraps an awaited value in a new
	// promise, so awaiting a native promise costs 3 jobs instead of 1.
	OldAwait bool
	// SyncAdopt: Node 8 takes a settled native promise's state at once
	// (loop.Profile.SyncAdopt).
	SyncAdopt bool
	// Thenable returns v's "then" if v is an object with a callable then
	// (getters run; an exception rejects the promise being resolved).
	Thenable func(v Value) (then Callable, err error)
	// Track hears about rejections without handlers (Node's tracker).
	Track func(p *Promise, r Rejection)
	// Again hears a resolve ("resolve") or reject ("reject") function
	// called after the promise was already resolved (V8's
	// kPromiseResolveAfterResolved and kPromiseRejectAfterResolved).
	Again func(kind string, p *Promise, v Value)
	// Epoch and Foreign serve the predictor's commutation reduction: a
	// promise made in another epoch that is settled, or given a reaction
	// while pending, sets Foreign.
	Epoch   int32
	Foreign bool
	// Touched counts the times Foreign was set (a busy-wait's pass that
	// touches an older promise changes state: Interp.spinSame).
	Touched int

	jobs []func()
}

// Pending reports whether microtasks are queued.
func (e *Promises) Pending() bool { return len(e.jobs) > 0 }

// Enqueue adds a job (queueMicrotask uses it directly).
func (e *Promises) Enqueue(job func()) { e.jobs = append(e.jobs, job) }

// RunOne runs the oldest job; the caller loops while Pending, which is a
// V8 microtask checkpoint (jobs queued meanwhile run in the same one).
func (e *Promises) RunOne() {
	job := e.jobs[0]
	e.jobs = e.jobs[1:]
	job()
}

// New returns a pending promise.
func (e *Promises) New() *Promise { return &Promise{born: e.Epoch} }

// Resolver returns the resolve and reject functions of p (used once each
// in any combination: later calls do nothing).
func (e *Promises) Resolver(p *Promise) (resolve, reject func(Value)) {
	done := false
	again := func(kind string, v Value) {
		if e.Again != nil {
			e.Again(kind, p, v)
		}
	}
	resolve = func(v Value) {
		if done {
			again("resolve", v)
			return
		}
		done = true
		e.resolve(p, v)
	}
	reject = func(r Value) {
		if done {
			again("reject", r)
			return
		}
		done = true
		e.settle(p, Rejected, r)
	}
	return
}

// resolve is the promise resolve function's body: a thenable (including a
// native promise) is adopted through a NewPromiseResolveThenableJob, which
// then calls its then: 2 jobs before p settles after the thenable.
func (e *Promises) resolve(p *Promise, v Value) {
	if q, ok := v.(*Promise); ok && q == p {
		e.settle(p, Rejected, "TypeError: Chaining cycle detected for promise #<Promise>")
		return
	}
	if q, ok := v.(*Promise); ok && e.SyncAdopt && q.State != Pending {
		e.perform(q, nil, nil, nil) // marks q handled, as its then would
		e.jobs = e.jobs[:len(e.jobs)-1]
		e.settle(p, q.State, q.Result)
		return
	}
	then, err := e.thenOf(v)
	if err != nil {
		e.settle(p, Rejected, thrownValue(err))
		return
	}
	if then == nil {
		e.settle(p, Fulfilled, v)
		return
	}
	e.Enqueue(func() {
		res, rej := e.Resolver(p)
		if _, err := then(v, nativeFn(res), nativeFn(rej)); err != nil {
			rej(thrownValue(err))
		}
	})
}

func (e *Promises) thenOf(v Value) (Callable, error) {
	if q, ok := v.(*Promise); ok {
		// A native promise's then is the intrinsic one.
		return func(_ Value, args ...Value) (Value, error) {
			return e.Then(q, asCallable(args, 0), asCallable(args, 1)), nil
		}, nil
	}
	if e.Thenable == nil {
		return nil, nil
	}
	return e.Thenable(v)
}

// nativeFn wraps a Go resolving function as a Callable.
func nativeFn(f func(Value)) Callable {
	return func(_ Value, args ...Value) (Value, error) {
		var v Value
		if len(args) > 0 {
			v = args[0]
		}
		f(v)
		return nil, nil
	}
}

func asCallable(args []Value, i int) Callable {
	if i < len(args) {
		if c, ok := args[i].(Callable); ok {
			return c
		}
	}
	return nil
}

func thrownValue(err error) Value {
	if t, ok := err.(*Thrown); ok {
		return t.V
	}
	return err.Error()
}

func (e *Promises) settle(p *Promise, s PromiseState, v Value) {
	if p.State != Pending {
		return
	}
	if p.born != e.Epoch {
		e.Foreign = true
		e.Touched++
	}
	p.State, p.Result = s, v
	rs := p.fulfill
	if s == Rejected {
		rs = p.reject
		if !p.handled && e.Track != nil {
			e.Track(p, RejectUnhandled)
		}
	}
	p.fulfill, p.reject = nil, nil
	for _, r := range rs {
		e.queueReaction(r, v)
	}
}

func (e *Promises) queueReaction(r reaction, v Value) {
	e.Enqueue(func() {
		if r.handler == nil {
			if r.derived != nil {
				if r.onF {
					e.resolve(r.derived, v)
				} else {
					e.settle(r.derived, Rejected, v)
				}
			}
			return
		}
		res, err := r.handler(nil, v)
		if r.derived == nil {
			return
		}
		if err != nil {
			e.settle(r.derived, Rejected, thrownValue(err))
			return
		}
		e.resolve(r.derived, res)
	})
}

// perform is PerformPromiseThen; derived may be nil.
func (e *Promises) perform(p *Promise, onF, onR Callable, derived *Promise) {
	if p.born != e.Epoch && (p.State == Pending || p.State == Rejected && !p.handled) {
		e.Foreign = true
		e.Touched++
	}
	switch p.State {
	case Pending:
		p.fulfill = append(p.fulfill, reaction{derived, onF, true})
		p.reject = append(p.reject, reaction{derived, onR, false})
	case Fulfilled:
		e.queueReaction(reaction{derived, onF, true}, p.Result)
	case Rejected:
		if !p.handled && e.Track != nil {
			e.Track(p, RejectHandled)
		}
		e.queueReaction(reaction{derived, onR, false}, p.Result)
	}
	p.handled = true
}

// Then is p.then(onF, onR) with the intrinsic then: one job once p settles.
func (e *Promises) Then(p *Promise, onF, onR Callable) *Promise {
	d := e.New()
	e.perform(p, onF, onR, d)
	return d
}

// Resolved is Promise.resolve(v): v itself if it is a native promise.
func (e *Promises) Resolved(v Value) *Promise {
	if q, ok := v.(*Promise); ok {
		return q
	}
	p := e.New()
	e.resolve(p, v)
	return p
}

// Rejected is Promise.reject(r).
func (e *Promises) Rejected(r Value) *Promise {
	p := e.New()
	e.settle(p, Rejected, r)
	return p
}

// Await suspends an async function on v: resume gets the value or the
// reason. Since V8 7.2 a native promise is awaited directly (1 job after
// it settles); before, it was first wrapped in a new promise resolved
// with it, which costs the 2 jobs of adopting a thenable.
func (e *Promises) Await(v Value, resume func(v Value, threw bool)) {
	var p *Promise
	if e.OldAwait {
		p = e.New()
		e.resolve(p, v)
	} else {
		p = e.Resolved(v)
	}
	onF := func(_ Value, args ...Value) (Value, error) { resume(first(args), false); return nil, nil }
	onR := func(_ Value, args ...Value) (Value, error) { resume(first(args), true); return nil, nil }
	e.perform(p, onF, onR, nil)
}

func first(args []Value) Value {
	if len(args) > 0 {
		return args[0]
	}
	return nil
}

// Finally is p.finally(f): f runs as a then handler; the original outcome
// then passes through Promise.resolve(f()) and one more then.
func (e *Promises) Finally(p *Promise, f Callable) *Promise {
	if f == nil {
		return e.Then(p, nil, nil)
	}
	after := func(pass func(Value) (Value, error)) Callable {
		return func(_ Value, args ...Value) (Value, error) {
			r, err := f(nil)
			if err != nil {
				return nil, err
			}
			v := first(args)
			return e.Then(e.Resolved(r), func(Value, ...Value) (Value, error) { return pass(v) }, nil), nil
		}
	}
	return e.Then(p,
		after(func(v Value) (Value, error) { return v, nil }),
		after(func(v Value) (Value, error) { return nil, &Thrown{v} }))
}

// Combinator is Promise.all / allSettled / race / any over items: each item
// goes through Promise.resolve and then, in order, as the spec invokes them.
func (e *Promises) Combinator(kind string, items []Value, aggregate func(errs []Value) Value, settledRecord func(ok bool, v Value) Value) *Promise {
	out := e.New()
	resolve, reject := e.Resolver(out)
	n := len(items)
	values := make([]Value, n)
	remaining := n
	done := func() {
		remaining--
		if remaining == 0 {
			switch kind {
			case "any":
				reject(aggregate(values))
			default:
				arr := make([]Value, n)
				copy(arr, values)
				resolve(arr)
			}
		}
	}
	if n == 0 {
		switch kind {
		case "race":
		case "any":
			reject(aggregate(nil))
		default:
			resolve([]Value{})
		}
		return out
	}
	for i, it := range items {
		i := i
		called := false
		once := func(f func(Value)) Callable {
			return func(_ Value, args ...Value) (Value, error) {
				if !called {
					called = true
					f(first(args))
				}
				return nil, nil
			}
		}
		p := e.Resolved(it)
		switch kind {
		case "all":
			e.Then(p, once(func(v Value) { values[i] = v; done() }), nativeFn(reject))
		case "allSettled":
			e.Then(p, once(func(v Value) { values[i] = settledRecord(true, v); done() }),
				once(func(v Value) { values[i] = settledRecord(false, v); done() }))
		case "race":
			e.Then(p, nativeFn(resolve), nativeFn(reject))
		case "any":
			e.Then(p, nativeFn(resolve), once(func(v Value) { values[i] = v; done() }))
		}
	}
	return out
}
