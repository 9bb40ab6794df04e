package predict

import (
	"fmt"

	"github.com/looplint/looplint/ir"
)

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
	// via: it is being resolved with a promise or thenable, by the
	// resolution at via (its reactions run 2 jobs later than for a value).
	via *Origin
}

type reaction struct {
	derived *Promise // nil: the reaction's result is ignored (await, internal)
	handler Callable // nil: pass the value through
	onF     bool     // which half of the pair this is
	info    JobInfo  // what its job is, for the explanations
}

// Origin is the program's operation a promise job comes from, for the
// explanations (--explain): its kind and its site.
type Origin struct {
	// Kind: "then", "catch", "finally", "await", "return" (an async
	// function's), "resolve" (an executor's), "Promise.resolve",
	// "Promise.all" (and the other combinators), "queueMicrotask",
	// "library" (a built-in's JavaScript, at the program's call into
	// it); "" when not known.
	Kind string
	Pos  ir.Pos
}

// JobKind says what a job does.
type JobKind int

const (
	JobPlain    JobKind = iota // queueMicrotask's callback, or an internal job
	JobReaction                // a then reaction (an await's continuation included)
	// JobThenable is NewPromiseResolveThenableJob: a promise resolved
	// with a thenable calls its then.
	JobThenable
	// JobAdopt is the reaction that job registers on a native promise:
	// it settles the promise resolved with it.
	JobAdopt
)

// JobInfo says what a queued job is (Promises.Next).
type JobInfo struct {
	Kind JobKind
	// At is a reaction's registration (the then, the await); for
	// JobThenable and JobAdopt, the resolution with a thenable.
	At Origin
	// Via: a reaction whose promise was pending when it was registered
	// and was then resolved with a promise or thenable, at Via.
	Via *Origin
	// Native: the await's operand, or the value a promise was resolved
	// with, is a native promise; Pending: it was not settled at the await.
	Native, Pending bool
	// Pass: the reaction has no callback for the outcome; it passes it on.
	Pass bool
}

type job struct {
	run  func()
	info JobInfo
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
	// At is where the program's next call into the engine comes from:
	// set right before the call, each entry point takes it (and clears
	// it) for the jobs it queues (JobInfo).
	At Origin

	jobs []job
}

// take returns At and clears it.
func (e *Promises) take() Origin {
	o := e.At
	e.At = Origin{}
	return o
}

// Pending reports whether microtasks are queued.
func (e *Promises) Pending() bool { return len(e.jobs) > 0 }

// Enqueue adds a job (queueMicrotask uses it directly).
func (e *Promises) Enqueue(run func()) {
	e.jobs = append(e.jobs, job{run: run, info: JobInfo{At: e.take()}})
}

func (e *Promises) enqueue(run func(), info JobInfo) {
	e.jobs = append(e.jobs, job{run: run, info: info})
}

// Queue says what each queued job is, oldest first.
func (e *Promises) Queue() []JobInfo {
	out := make([]JobInfo, len(e.jobs))
	for i, j := range e.jobs {
		out[i] = j.info
	}
	return out
}

// Next says what the job RunOne runs next is; Pending must be true.
func (e *Promises) Next() JobInfo { return e.jobs[0].info }

// RunOne runs the oldest job; the caller loops while Pending, which is a
// V8 microtask checkpoint (jobs queued meanwhile run in the same one).
func (e *Promises) RunOne() {
	j := e.jobs[0]
	e.jobs = e.jobs[1:]
	j.run()
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
		at := e.take()
		if done {
			again("resolve", v)
			return
		}
		done = true
		e.resolve(p, v, at)
	}
	reject = func(r Value) {
		e.take()
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
// then calls its then: 2 jobs before p settles after the thenable. at is
// the resolution, for the explanations.
func (e *Promises) resolve(p *Promise, v Value, at Origin) {
	if q, ok := v.(*Promise); ok && q == p {
		e.settle(p, Rejected, "TypeError: Chaining cycle detected for promise #<Promise>")
		return
	}
	if q, ok := v.(*Promise); ok && e.SyncAdopt && q.State != Pending {
		e.perform(q, nil, nil, nil, JobInfo{}) // marks q handled, as its then would
		e.jobs = e.jobs[:len(e.jobs)-1]
		e.settle(p, q.State, q.Result)
		return
	}
	then, err := e.thenOf(v, at)
	if err != nil {
		e.settle(p, Rejected, thrownValue(err))
		return
	}
	if then == nil {
		e.settle(p, Fulfilled, v)
		return
	}
	p.via = &at
	_, native := v.(*Promise)
	e.enqueue(func() {
		res, rej := e.Resolver(p)
		if _, err := then(v, nativeFn(res), nativeFn(rej)); err != nil {
			rej(thrownValue(err))
		}
	}, JobInfo{Kind: JobThenable, At: at, Native: native})
}

// thenOf is v's then; at is the resolution that calls it.
func (e *Promises) thenOf(v Value, at Origin) (Callable, error) {
	if q, ok := v.(*Promise); ok {
		// A native promise's then is the intrinsic one.
		return func(_ Value, args ...Value) (Value, error) {
			d := e.New()
			e.perform(q, asCallable(args, 0), asCallable(args, 1), d, JobInfo{Kind: JobAdopt, At: at, Native: true})
			return d, nil
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
		r.info.Via = p.via
		e.queueReaction(r, v)
	}
}

func (e *Promises) queueReaction(r reaction, v Value) {
	r.info.Pass = r.handler == nil
	e.enqueue(func() {
		if r.handler == nil {
			if r.derived != nil {
				if r.onF {
					e.resolve(r.derived, v, r.info.At)
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
		// A handler that returns a promise: the derived promise adopts
		// it, resolved at the handler's registration.
		e.resolve(r.derived, res, r.info.At)
	}, r.info)
}

// perform is PerformPromiseThen; derived may be nil; info says what the
// reaction's job will be.
func (e *Promises) perform(p *Promise, onF, onR Callable, derived *Promise, info JobInfo) {
	if p.born != e.Epoch && (p.State == Pending || p.State == Rejected && !p.handled) {
		e.Foreign = true
		e.Touched++
	}
	if info.Kind == JobPlain {
		info.Kind = JobReaction
	}
	switch p.State {
	case Pending:
		p.fulfill = append(p.fulfill, reaction{derived, onF, true, info})
		p.reject = append(p.reject, reaction{derived, onR, false, info})
	case Fulfilled:
		e.queueReaction(reaction{derived, onF, true, info}, p.Result)
	case Rejected:
		if !p.handled && e.Track != nil {
			e.Track(p, RejectHandled)
		}
		e.queueReaction(reaction{derived, onR, false, info}, p.Result)
	}
	p.handled = true
}

// Then is p.then(onF, onR) with the intrinsic then: one job once p settles.
func (e *Promises) Then(p *Promise, onF, onR Callable) *Promise {
	return e.then(p, onF, onR, e.take())
}

func (e *Promises) then(p *Promise, onF, onR Callable, at Origin) *Promise {
	d := e.New()
	e.perform(p, onF, onR, d, JobInfo{At: at})
	return d
}

// Resolved is Promise.resolve(v): v itself if it is a native promise.
func (e *Promises) Resolved(v Value) *Promise { return e.resolved(v, e.take()) }

func (e *Promises) resolved(v Value, at Origin) *Promise {
	if q, ok := v.(*Promise); ok {
		return q
	}
	p := e.New()
	e.resolve(p, v, at)
	return p
}

// Rejected is Promise.reject(r).
func (e *Promises) Rejected(r Value) *Promise {
	e.take()
	p := e.New()
	e.settle(p, Rejected, r)
	return p
}

// Await suspends an async function on v: resume gets the value or the
// reason. Since V8 7.2 a native promise is awaited directly (1 job after
// it settles); before, it was first wrapped in a new promise resolved
// with it, which costs the 2 jobs of adopting a thenable.
func (e *Promises) Await(v Value, resume func(v Value, threw bool)) {
	at := e.take()
	q, native := v.(*Promise)
	info := JobInfo{At: at, Native: native, Pending: native && q.State == Pending}
	var p *Promise
	if e.OldAwait {
		p = e.New()
		e.resolve(p, v, at)
	} else {
		p = e.resolved(v, at)
	}
	onF := func(_ Value, args ...Value) (Value, error) { resume(first(args), false); return nil, nil }
	onR := func(_ Value, args ...Value) (Value, error) { resume(first(args), true); return nil, nil }
	e.perform(p, onF, onR, nil, info)
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
	at := e.take()
	if f == nil {
		return e.then(p, nil, nil, at)
	}
	after := func(pass func(Value) (Value, error)) Callable {
		return func(_ Value, args ...Value) (Value, error) {
			r, err := f(nil)
			if err != nil {
				return nil, err
			}
			v := first(args)
			return e.then(e.resolved(r, at), func(Value, ...Value) (Value, error) { return pass(v) }, nil, at), nil
		}
	}
	return e.then(p,
		after(func(v Value) (Value, error) { return v, nil }),
		after(func(v Value) (Value, error) { return nil, &Thrown{v} }), at)
}

// Combinator is Promise.all / allSettled / race / any over items: each item
// goes through Promise.resolve and then, in order, as the spec invokes them.
func (e *Promises) Combinator(kind string, items []Value, aggregate func(errs []Value) Value, settledRecord func(ok bool, v Value) Value) *Promise {
	at := e.take()
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
		p := e.resolved(it, at)
		switch kind {
		case "all":
			e.then(p, once(func(v Value) { values[i] = v; done() }), nativeFn(reject), at)
		case "allSettled":
			e.then(p, once(func(v Value) { values[i] = settledRecord(true, v); done() }),
				once(func(v Value) { values[i] = settledRecord(false, v); done() }), at)
		case "race":
			e.then(p, nativeFn(resolve), nativeFn(reject), at)
		case "any":
			e.then(p, nativeFn(resolve), once(func(v Value) { values[i] = v; done() }), at)
		}
	}
	return out
}
