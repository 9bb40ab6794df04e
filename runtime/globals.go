package runtime

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"

	"github.com/grafana/sobek"

	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/parse"
	"github.com/looplint/looplint/runtime/inspect"
	"github.com/looplint/looplint/runtime/inspect/layout"
	"github.com/looplint/looplint/runtime/nodebuf"
)

//go:embed js/bootstrap.js
var bootstrapSrc string

// internalJS are the runtime's own scripts, compiled once per process.
var internalJS = map[string]string{
	"bootstrap":      bootstrapSrc,
	"bootstrap/date": dateCtorSrc,
	"trampoline":     "(function (f) { return f(); })",
	"resolved":       "Promise.resolve()",
	"queueMicrotask": queueMicrotaskSrc,
	"oldAwait":       "(function (P) { return function (v) { return new P(function (r) { r(v); }); }; })(Promise)",
	// defaultName(f, n) names an anonymous function or class from a
	// parameter default (rewriteEngineGaps), unless it has a name.
	"defaultName": "(function (dp, gd) { return function (f, n) { var d = gd(f, 'name'); if (!d || d.value === '' && d.configurable) dp(f, 'name', { value: n, configurable: true }); return f; }; })(Object.defineProperty, Object.getOwnPropertyDescriptor)",
	"syncAdopt":   syncAdoptSrc,
	"fsClasses":   statsClass,
	// Node's custom promisified setTimeout and setImmediate: a timer or
	// immediate whose callback is the promise's resolve.
	"promisifyTimers": "(function (st, si, P, k) { Object.defineProperty(st, k, { value: function setTimeout(after, value) { return new P(function (resolve) { st(resolve, after, value); }); }, configurable: true }); Object.defineProperty(si, k, { value: function setImmediate(value) { return new P(function (resolve) { si(resolve, value); }); }, configurable: true }); })",
	// rejectWrapper(report)(n) is the module job's rejection handler: it
	// passes the error on through n-1 more jobs, then reports it. Made
	// before the module runs, so the module cannot replace what it uses.
	"rejectWrapper": "(function (report) { var then = Promise.prototype.then, done = Promise.resolve(); return function (n) { return function h(e) { if (--n > 0) then.call(done, function () { h(e); }); else report(e); }; }; })",
	// Before any built-in loads: the engine has no Symbol.asyncIterator,
	// and esbuild's for-await lowering falls back to this registered one.
	"asyncIterator": "if (Symbol.asyncIterator === undefined) Object.defineProperty(Symbol, 'asyncIterator', { value: Symbol.for('Symbol.asyncIterator') })",
}

var (
	compileOnce sync.Once
	internalPrg map[string]*sobek.Program
	compileErr  error
)

func compiled() error {
	compileOnce.Do(func() {
		// The bootstrap is most of it: compiled beside the small ones, on
		// another core, it is ready sooner.
		internalPrg = map[string]*sobek.Program{}
		var mu sync.Mutex
		var wg sync.WaitGroup
		compile := func(names ...string) {
			defer wg.Done()
			for _, name := range names {
				p, err := sobek.Compile("node:internal/"+name, internalJS[name], true)
				mu.Lock()
				if err != nil && compileErr == nil {
					compileErr = fmt.Errorf("internal script %s: %w", name, err)
				}
				internalPrg[name] = p
				mu.Unlock()
			}
		}
		var rest []string
		for name := range internalJS {
			if name != "bootstrap" {
				rest = append(rest, name)
			}
		}
		wg.Add(2)
		go compile(rest...)
		compile("bootstrap")
		wg.Wait()
	})
	return compileErr
}

var precompileOnce sync.Once

// Precompile starts compiling, in the background, the JavaScript every run
// needs (the runtime's own scripts, the events module, inspect's helpers),
// which is otherwise compiled by the process's first run. A command calls
// it as early as it knows it will run a program, so that the compilation
// overlaps its other work (parsing, predicting); the first run waits for
// whatever is not done yet. Only when the work happens changes.
func Precompile() {
	precompileOnce.Do(func() {
		// Largest first, on two workers: the first run needs all of it,
		// so the piece that finishes last decides when it can start
		// (three goroutines and the caller's work on two cores finished
		// 2 to 5 ms later).
		tasks := make(chan func(), 4)
		for _, t := range []func(){
			func() { moduleProgram("events") },
			func() { compiled() },
			inspect.Precompile,
			func() {
				for _, m := range []string{"_errors", "_process", "_intrinsics", "_timer_handles"} {
					moduleProgram(m)
				}
			},
		} {
			tasks <- t
		}
		close(tasks)
		for range 2 {
			go func() {
				for t := range tasks {
					t()
				}
			}()
		}
	})
}

// runInternal evaluates one of internalJS in this run's engine.
func (h *host) runInternal(name string) (sobek.Value, error) {
	return h.rt.RunProgram(internalPrg[name])
}

const cjsPrefix = parse.CJSPrefix

// newRand makes Math.random deterministic per run: a schedule fixes
// everything but the program itself.
func newRand() sobek.RandSource {
	r := rand.New(rand.NewPCG(1, 2))
	return r.Float64
}

func (h *host) inspectOpts() inspect.Options {
	return inspect.Options{Major: h.p.Profile.Node.Major, Stack: h.nodeStack, Has: h.p.Profile.Has}
}

func (h *host) inspect(v sobek.Value) string { return inspect.Inspect(h.rt, v, h.inspectOpts()) }

func (h *host) throwType(code, msg string) { h.throwCoded("TypeError", code, msg) }

// throwCoded throws one of Node's coded errors: class is the global
// constructor (TypeError, RangeError, ...).
func (h *host) throwCoded(class, code, msg string) {
	ctor, _ := h.rt.GlobalObject().Get(class).(*sobek.Object)
	e, err := h.rt.New(ctor, h.rt.ToValue(msg))
	if err != nil {
		panic(err)
	}
	e.Set("code", code)
	if name := h.p.Profile.ErrorName(class, code); name != class {
		e.DefineDataProperty("name", h.rt.ToValue(name), sobek.FLAG_TRUE, sobek.FLAG_FALSE, sobek.FLAG_TRUE)
	}
	panic(e)
}

// callbackArg validates a callback argument with Node's error.
func (h *host) callbackArg(v sobek.Value) sobek.Callable {
	fn, ok := sobek.AssertFunction(v)
	if !ok {
		if code := h.p.Profile.InvalidCallbackCode(); code == "ERR_INVALID_ARG_TYPE" {
			h.throwType(code, `The "callback" argument must be of type function. Received `+h.describe(v))
		}
		h.throwType("ERR_INVALID_CALLBACK", "Callback must be a function. Received "+h.inspect(v))
	}
	return fn
}

// describe is Node's "Received ..." wording for a bad argument.
func (h *host) describe(v sobek.Value) string {
	switch {
	case v == nil || sobek.IsUndefined(v):
		return "undefined"
	case sobek.IsNull(v):
		return "null"
	}
	if obj, ok := v.(*sobek.Object); ok {
		if c := obj.Get("constructor"); c != nil {
			if co, ok := c.(*sobek.Object); ok {
				if n := co.Get("name"); n != nil && n.String() != "" {
					return "an instance of " + n.String()
				}
			}
		}
		return h.inspect(v)
	}
	return fmt.Sprintf("type %s (%s)", typeOf(v), h.inspect(v))
}

func typeOf(v sobek.Value) string {
	switch v.ExportType().Kind().String() {
	case "string":
		return "string"
	case "bool":
		return "boolean"
	case "int64", "float64":
		return "number"
	}
	return "object"
}

func (h *host) bootstrap() error {
	if err := compiled(); err != nil {
		return err
	}
	rt := h.rt
	tv, err := h.runInternal("trampoline")
	if err != nil {
		return err
	}
	h.tramp, _ = sobek.AssertFunction(tv)
	h.trampArg = rt.ToValue(func(sobek.FunctionCall) sobek.Value {
		if h.step != nil {
			h.step()
		}
		return sobek.Undefined()
	})
	// Captured before user code can replace them.
	promiseProto := rt.Get("Promise").ToObject(rt).Get("prototype").ToObject(rt)
	h.thenFn, _ = sobek.AssertFunction(promiseProto.Get("then"))
	h.resolved, _ = h.runInternal("resolved")

	h.internal = rt.NewObject()
	h.internal.Set("inspect", func(call sobek.FunctionCall) sobek.Value {
		return rt.ToValue(inspect.Inspect(rt, call.Argument(0), h.inspectOptsFrom(call.Argument(1))))
	})
	h.internal.Set("format", func(call sobek.FunctionCall) sobek.Value {
		return rt.ToValue(inspect.Format(rt, call.Arguments, h.inspectOpts()))
	})
	h.internal.Set("emitWarning", func(call sobek.FunctionCall) sobek.Value {
		fn, _ := sobek.AssertFunction(h.process.Get("emitWarning"))
		if _, err := fn(h.process, call.Arguments...); err != nil {
			panic(err)
		}
		return sobek.Undefined()
	})
	h.internal.Set("nextTick", h.nextTick)
	net := h.netBindings()
	h.internal.Set("net", net)
	h.internal.Set("pool", net.Get("pool")) // one thread-pool binding for every module
	h.internal.Set("crypto", h.cryptoBindings())
	h.internal.Set("zlib", h.zlibBindings())
	// query(api, fn): a request outside the thread pool (a DNS query over
	// c-ares) that completes in a later poll phase.
	h.internal.Set("dnsRefusedCode", func(sobek.FunctionCall) sobek.Value { return rt.ToValue(h.p.Profile.DNSRefusedCode()) })
	h.internal.Set("query", func(c sobek.FunctionCall) sobek.Value {
		fn, ok := sobek.AssertFunction(c.Argument(1))
		if !ok {
			panic(rt.NewTypeError("looplint: __internal.query takes a function"))
		}
		h.l.SubmitEvent(h.label(&callback{fn: fn, this: sobek.Undefined()}, c.Argument(0).String()))
		return sobek.Undefined()
	})
	h.internal.Set("fsio", h.fsStreamBindings())
	h.internal.Set("writeWarning", func(c sobek.FunctionCall) sobek.Value { h.writeWarning(c.Argument(0)); return sobek.Undefined() })
	// The JavaScript names features by string. A name the table lacks is
	// a bug there (TestJSFeatureNames), so it stops the run rather than
	// reading as a feature every release has.
	h.internal.Set("has", func(call sobek.FunctionCall) sobek.Value {
		name := call.Argument(0).String()
		f, ok := loop.FeatureNamed(name)
		if !ok {
			panic(fmt.Sprintf("looplint: internal.has(%q): no such feature", name))
		}
		return rt.ToValue(h.p.Profile.Has(f))
	})
	h.internal.Set("cwd", func(sobek.FunctionCall) sobek.Value { return rt.ToValue(h.fs.Cwd()) })
	h.internal.Set("unmodelled", func(call sobek.FunctionCall) sobek.Value {
		h.incomplete(call.Argument(0).String() + " is not modelled")
		return call.Argument(1)
	})
	// describe is Node's "Received ..." wording for a bad argument.
	h.internal.Set("describe", func(call sobek.FunctionCall) sobek.Value { return rt.ToValue(h.describe(call.Argument(0))) })
	// util.promisify.custom, which setTimeout and setImmediate carry: a
	// symbol of its own before it was shared (loop profile).
	custom, _ := rt.RunString("Symbol")
	customFn, _ := sobek.AssertFunction(custom)
	if h.p.Profile.Has(loop.UtilPromisifyCustomShared) {
		forFn, _ := sobek.AssertFunction(custom.ToObject(rt).Get("for"))
		k, _ := forFn(custom, rt.ToValue("nodejs.util.promisify.custom"))
		h.internal.Set("promisifyCustom", k)
	} else {
		k, _ := customFn(sobek.Undefined(), rt.ToValue("util.promisify.custom"))
		h.internal.Set("promisifyCustom", k)
	}

	// Before inspect's helpers capture RegExp.prototype.toString.
	h.v8RegExpSource()
	h.v8Numbers()
	if err := h.v8Dates(); err != nil {
		return err
	}
	// inspect compiles its JS helpers on first use; do it now, before
	// any interrupt can be pending.
	inspect.Inspect(rt, sobek.Undefined(), h.inspectOpts())
	if _, err := h.runInternal("asyncIterator"); err != nil {
		return err
	}
	bv, err := h.runInternal("bootstrap")
	if err != nil {
		return err
	}
	bfn, _ := sobek.AssertFunction(bv)
	res, err := bfn(sobek.Undefined(), h.hostObject(), h.internal, h.libRequire())
	if err != nil {
		return err
	}
	if _, err := h.builtin("_intrinsics"); err != nil {
		return err
	}
	parts := res.ToObject(rt)
	h.process = parts.Get("process").ToObject(rt)
	h.bufferCtor = parts.Get("Buffer").ToObject(rt)
	h.emit, _ = sobek.AssertFunction(h.process.Get("emit"))
	h.lcount, _ = sobek.AssertFunction(h.process.Get("listenerCount"))
	h.setupProcess()

	g := rt.GlobalObject()
	g.Set("global", g)
	g.Set("process", h.process)
	g.Set("Buffer", h.bufferCtor)
	h.lazyGlobals("_event_target", "EventTarget", "Event", "AbortController", "AbortSignal")
	// (stripFeatures removes them from the releases without them)
	h.lazyGlobals("_messaging", "MessageChannel", "MessagePort", "MessageEvent", "BroadcastChannel")
	g.Set("console", h.console())
	g.Set("setTimeout", func(c sobek.FunctionCall) sobek.Value { return h.setTimer(c, false) })
	g.Set("setInterval", func(c sobek.FunctionCall) sobek.Value { return h.setTimer(c, true) })
	g.Set("clearTimeout", h.clearTimer)
	g.Set("clearInterval", h.clearTimer)
	g.Set("setImmediate", h.setImmediate)
	g.Set("clearImmediate", h.clearImmediate)
	pt, err := h.runInternal("promisifyTimers")
	if err != nil {
		return err
	}
	ptFn, _ := sobek.AssertFunction(pt)
	if _, err := ptFn(sobek.Undefined(), g.Get("setTimeout"), g.Get("setImmediate"), g.Get("Promise"), h.internal.Get("promisifyCustom")); err != nil {
		return err
	}
	qm, err := h.runInternal("queueMicrotask")
	if err != nil {
		return err
	}
	qmFn, _ := sobek.AssertFunction(qm)
	qmv, err := qmFn(sobek.Undefined(), promiseProto.Get("then"), h.resolved, rt.ToValue(func(c sobek.FunctionCall) sobek.Value {
		h.l.ReportUncaught(&jsThrow{c.Argument(0)})
		return sobek.Undefined()
	}), rt.ToValue(func(c sobek.FunctionCall) sobek.Value {
		h.throwType("ERR_INVALID_ARG_TYPE", `The "callback" argument must be of type function. Received `+h.describe(c.Argument(0)))
		return nil
	}))
	if err != nil {
		return err
	}
	g.Set("queueMicrotask", qmv)
	// Read by parse's async-iteration helpers (parse/asyncgen.js).
	for n, v := range map[string]bool{"__looplint_yieldStarAwaits": !h.p.Profile.Has(loop.V8YieldStarSingleAwait), "__looplint_endAwaits": h.p.Profile.OldAwait(), "__looplint_closeOnReject": h.p.Profile.Has(loop.V8AsyncFromSyncClose)} {
		g.DefineDataProperty(n, rt.ToValue(v), sobek.FLAG_FALSE, sobek.FLAG_FALSE, sobek.FLAG_FALSE)
	}
	named, err := h.runInternal("defaultName")
	if err != nil {
		return err
	}
	g.DefineDataProperty(defaultNameHelper, named, sobek.FLAG_FALSE, sobek.FLAG_FALSE, sobek.FLAG_FALSE)
	if h.p.Profile.OldAwait() {
		helper, err := h.runInternal("oldAwait")
		if err != nil {
			return err
		}
		g.DefineDataProperty(oldAwaitHelper, helper, sobek.FLAG_FALSE, sobek.FLAG_FALSE, sobek.FLAG_FALSE)
	}
	if h.p.Profile.SyncAdopt() {
		if err := h.installSyncAdopt(); err != nil {
			return err
		}
	}
	perf := rt.NewObject()
	perf.Set("now", func(sobek.FunctionCall) sobek.Value { return rt.ToValue(float64(h.monoMillis()) + perfOrigin) })
	perf.Set("timeOrigin", float64(epoch.UnixMilli()))
	g.Set("performance", perf)
	if h.p.Profile.Has(loop.StructuredClone) {
		sc, err := h.builtin("_structured_clone")
		if err != nil {
			return err
		}
		g.Set("structuredClone", sc.ToObject(rt).Get("structuredClone"))
	}
	h.indentJSON()
	h.sharedMemory()
	h.stripFeatures()
	if h.p.Profile.Browser != loop.NoBrowser {
		return h.browserGlobals()
	}
	h.stubGlobals()
	return nil
}

// indentJSON replaces JSON.stringify with one that lets the engine
// stringify compactly and indents the text itself: the engine misplaces
// the closing brace of an object nested after an array when given an
// indent. Go's json.Indent lays out exactly as the spec's gap does
// (": " after keys, empty {} and [] kept).
func (h *host) indentJSON() {
	j := h.rt.GlobalObject().Get("JSON").ToObject(h.rt)
	orig, _ := sobek.AssertFunction(j.Get("stringify"))
	fn := h.rt.ToValue(func(c sobek.FunctionCall) sobek.Value {
		r, err := orig(j, c.Argument(0), c.Argument(1))
		if err != nil {
			panic(err)
		}
		gap := jsonGap(c.Argument(2))
		if gap == "" || sobek.IsUndefined(r) {
			return r
		}
		var b bytes.Buffer
		if json.Indent(&b, []byte(r.String()), "", gap) != nil {
			return r
		}
		return h.rt.ToValue(b.String())
	})
	fo := fn.ToObject(h.rt)
	// (writable, configurable, enumerable), as the built-in's.
	fo.DefineDataProperty("name", h.rt.ToValue("stringify"), sobek.FLAG_FALSE, sobek.FLAG_TRUE, sobek.FLAG_FALSE)
	fo.DefineDataProperty("length", h.rt.ToValue(3), sobek.FLAG_FALSE, sobek.FLAG_TRUE, sobek.FLAG_FALSE)
	j.DefineDataProperty("stringify", fn, sobek.FLAG_TRUE, sobek.FLAG_TRUE, sobek.FLAG_FALSE)
}

// jsonGap is JSON.stringify's space argument (layout.JSONGapNumber).
func jsonGap(v sobek.Value) string {
	switch { // (Number and String wrapper objects are not unwrapped)
	case v == nil || sobek.IsUndefined(v) || sobek.IsNull(v):
		return ""
	case sobek.IsNumber(v):
		return layout.JSONGapNumber(v.ToFloat())
	case sobek.IsString(v):
		return layout.JSONGapString(v.String())
	}
	return ""
}

// syncAdoptSrc gives Node 8 runs V8 6.2's shortcut (loop.Profile.SyncAdopt):
// resolving with a settled native promise whose then is the intrinsic one
// takes its state at once. The engine follows the spec (two jobs), so the
// ways to resolve are wrapped: the executor's resolve (Promise becomes a
// proxy whose construct wraps it; statics still run on the engine's own
// Promise, so Promise.resolve(p) is p), then's handlers (their results),
// and, through the source rewrite rewriteSyncAdopt, an async function's
// return. A rejected one counts as handled, as its then would make it.
const syncAdoptSrc = `(function (P, state, result, handled) {
  var proto = P.prototype, then = proto.then, hasOwn = Object.prototype.hasOwnProperty;
  function adopt(v) {
    if (v === null || typeof v !== 'object' || Object.getPrototypeOf(v) !== proto ||
        hasOwn.call(v, 'then') || proto.then !== wrapped) return v;
    var s = state(v);
    if (s === 1) return result(v);
    if (s === 2) { handled(v); throw result(v); }
    return v;
  }
  var wrapped = { then: function (f, r) {
    return then.call(this,
      typeof f === 'function' ? function (x) { return adopt(f(x)); } : f,
      typeof r === 'function' ? function (x) { return adopt(r(x)); } : r);
  } }.then;
  Object.defineProperty(proto, 'then', { value: wrapped, writable: true, enumerable: false, configurable: true });
  var statics = new Map();
  var Wrapped = new Proxy(P, {
    construct: function (t, args, nt) {
      var ex = args[0];
      if (typeof ex === 'function') {
        args = [function (res, rej) {
          var done = false; // a second resolve or reject does nothing
          return ex(function (v) {
            if (done) return;
            done = true;
            var a;
            try { a = adopt(v); } catch (e) { rej(e); return; }
            res(a);
          }, function (r) { done = true; rej(r); });
        }];
      }
      return Reflect.construct(t, args, nt === Wrapped ? t : nt);
    },
    get: function (t, k, recv) {
      var v = Reflect.get(t, k, recv === Wrapped ? t : recv);
      if (typeof v !== 'function' || recv !== Wrapped) return v;
      if (!statics.has(v)) statics.set(v, function () { return v.apply(this === Wrapped ? t : this, arguments); });
      return statics.get(v);
    }
  });
  return [Wrapped, adopt];
})`

func (h *host) installSyncAdopt() error {
	rt := h.rt
	fv, err := h.runInternal("syncAdopt")
	if err != nil {
		return err
	}
	fn, _ := sobek.AssertFunction(fv)
	promiseOf := func(v sobek.Value) *sobek.Promise {
		if o, ok := v.(*sobek.Object); ok {
			p, _ := o.Export().(*sobek.Promise)
			return p
		}
		return nil
	}
	state := func(c sobek.FunctionCall) sobek.Value {
		p := promiseOf(c.Argument(0))
		if p == nil {
			return rt.ToValue(0)
		}
		switch p.State() {
		case sobek.PromiseStateFulfilled:
			return rt.ToValue(1)
		case sobek.PromiseStateRejected:
			return rt.ToValue(2)
		}
		return rt.ToValue(0)
	}
	result := func(c sobek.FunctionCall) sobek.Value { return promiseOf(c.Argument(0)).Result() }
	handled := func(c sobek.FunctionCall) sobek.Value {
		h.trackRejection(promiseOf(c.Argument(0)), sobek.PromiseRejectionHandle)
		return sobek.Undefined()
	}
	res, err := fn(sobek.Undefined(), rt.GlobalObject().Get("Promise"), rt.ToValue(state), rt.ToValue(result), rt.ToValue(handled))
	if err != nil {
		return err
	}
	pair := res.ToObject(rt)
	g := rt.GlobalObject()
	g.Set("Promise", pair.Get("0"))
	return g.DefineDataProperty(syncAdoptHelper, pair.Get("1"), sobek.FLAG_FALSE, sobek.FLAG_FALSE, sobek.FLAG_FALSE)
}

// queueMicrotask is JavaScript so that the callback runs from a JS frame
// inside the engine's job (a Go handler calling back into JS there would
// make the engine drain the queue early). Its exceptions are uncaught
// exceptions, not rejections.
const queueMicrotaskSrc = `(function (then, resolved, report, badArg) {
  return function queueMicrotask(callback) {
    if (typeof callback !== 'function') badArg(callback);
    then.call(resolved, function () {
      try { callback(); } catch (e) { report(e); }
    });
  };
})`

// stubGlobals gives the sandbox a stand-in for each global this release
// of Node has and the sandbox does not provide (fetch, WebAssembly, URL,
// ...), so that typeof and feature tests see what they would see on Node;
// calling one throws, as the sandbox has no network and no such API. Both
// engines mark any use beyond typeof as not modelled. Only names the
// program's text mentions get one: each costs every run's start.
func (h *host) stubGlobals() {
	rt := h.rt
	g := rt.GlobalObject()
	for _, name := range h.p.stubNames() {
		if g.Get(name) != nil {
			continue
		}
		typ, _ := h.p.Profile.Global(name)
		var v sobek.Value
		switch typ {
		case "function":
			v = h.standIn(name)
		case "object":
			v = h.partial(name, rt.NewObject())
			if name == "GLOBAL" || name == "root" { // old aliases of global
				v = g
			}
		default:
			continue
		}
		g.DefineDataProperty(name, v, sobek.FLAG_TRUE, sobek.FLAG_FALSE, sobek.FLAG_TRUE)
	}
}

// standIn is a function the sandbox lacks: calling it makes the answer
// incomplete and throws.
func (h *host) standIn(name string) *sobek.Object {
	rt := h.rt
	fn := rt.ToValue(func(sobek.FunctionCall) sobek.Value {
		h.lacks(name)
		panic(rt.NewGoError(fmt.Errorf("looplint: %s is not available in the sandbox", name)))
	}).ToObject(rt)
	fn.DefineDataProperty("name", rt.ToValue(name), sobek.FLAG_FALSE, sobek.FLAG_FALSE, sobek.FLAG_TRUE)
	return fn
}

// sharedMemory replaces what the engine has of shared memory and lacks
// of it: its SharedArrayBuffer cannot be constructed, and it has no
// Atomics (Node's wait and notify, with a Worker, block one thread on
// another).
func (h *host) sharedMemory() {
	rt := h.rt
	refuse := func(name string) {
		h.lacks(name)
		panic(rt.NewTypeError("looplint: " + name + " is not supported in the sandbox (memory shared between threads)"))
	}
	ctor := rt.ToValue(func(sobek.ConstructorCall) *sobek.Object {
		refuse("SharedArrayBuffer")
		return nil
	}).ToObject(rt)
	ctor.DefineDataProperty("name", rt.ToValue("SharedArrayBuffer"), sobek.FLAG_FALSE, sobek.FLAG_FALSE, sobek.FLAG_TRUE)
	g := rt.GlobalObject()
	g.DefineDataProperty("SharedArrayBuffer", ctor, sobek.FLAG_TRUE, sobek.FLAG_TRUE, sobek.FLAG_FALSE)
	// The engine has no Atomics: the other members are lacking too.
	a := rt.NewObject()
	g.DefineDataProperty("Atomics", h.partial("Atomics", a), sobek.FLAG_TRUE, sobek.FLAG_TRUE, sobek.FLAG_FALSE)
	for _, m := range []string{"wait", "notify", "waitAsync"} {
		name := "Atomics." + m
		fn := rt.ToValue(func(sobek.FunctionCall) sobek.Value {
			refuse(name)
			return nil
		})
		a.DefineDataProperty(m, fn, sobek.FLAG_TRUE, sobek.FLAG_TRUE, sobek.FLAG_FALSE)
	}
}

// stripFeatures removes globals and methods this Node version lacks.
func (h *host) stripFeatures() {
	for _, f := range loop.Features() {
		name := f.String()
		if strings.Contains(name, ":") || h.p.Profile.Has(f) {
			continue
		}
		parts := strings.Split(name, ".")
		obj := h.rt.GlobalObject()
		for _, p := range parts[:len(parts)-1] {
			next, ok := obj.Get(p).(*sobek.Object)
			if !ok {
				obj = nil
				break
			}
			obj = next
		}
		if obj != nil {
			obj.Delete(parts[len(parts)-1])
		}
	}
}

// perfOrigin is performance.now() at start: Node has spent some time
// booting, and the reading has a fraction of a millisecond (a binary one,
// so that differences of readings stay whole).
const perfOrigin = 25.4375

// hostObject is what bootstrap.js calls back into.
func (h *host) hostObject() *sobek.Object {
	rt := h.rt
	o := rt.NewObject()
	o.Set("maxBytes", float64(h.p.opts.MaxHeap))
	// overBudget stops the run as out of memory: for an operation the
	// engine would do in one allocation or one native loop no budget
	// reaches into (sorting an array of length 2^32-1).
	o.Set("overBudget", func(sobek.FunctionCall) sobek.Value {
		h.tripped.Store(int32(sigMemory))
		rt.Interrupt(sigMemory)
		return sobek.Undefined()
	})
	o.Set("inspectBuffer", func(c sobek.FunctionCall) sobek.Value {
		return rt.ToValue(layout.Buffer(h.p.Profile.Node.Major, h.bytesOf(c.Argument(0))))
	})
	o.Set("encode", func(c sobek.FunctionCall) sobek.Value {
		return h.newBuffer(nodebuf.Encode(c.Argument(0).String(), encName(c.Argument(1))), c.Argument(2))
	})
	o.Set("decode", func(c sobek.FunctionCall) sobek.Value {
		b := h.bytesOf(c.Argument(0))
		s, e := int(c.Argument(2).ToInteger()), int(c.Argument(3).ToInteger())
		s, e = max(0, min(s, len(b))), max(0, min(e, len(b)))
		if s > e {
			s = e
		}
		return rt.ToValue(nodebuf.Decode(b[s:e], encName(c.Argument(1))))
	})
	return o
}

func encName(v sobek.Value) string {
	if v == nil || sobek.IsUndefined(v) || sobek.IsNull(v) {
		return "utf8"
	}
	return strings.ToLower(v.String())
}

// newBuffer makes a Buffer holding b.
func (h *host) newBuffer(b []byte, ctor sobek.Value) sobek.Value {
	ab := h.rt.NewArrayBuffer(b)
	c := h.bufferCtor
	if o, ok := ctor.(*sobek.Object); ok {
		c = o
	}
	obj, err := h.rt.New(c, h.rt.ToValue(ab))
	if err != nil {
		panic(err)
	}
	return obj
}

// bytesOf copies the bytes of a Uint8Array/Buffer.
// isBytes: a Uint8Array (a Buffer included).
func (h *host) isBytes(o *sobek.Object) bool {
	u8, ok := h.rt.GlobalObject().Get("Uint8Array").(*sobek.Object)
	return ok && h.rt.InstanceOf(o, u8)
}

func (h *host) bytesOf(v sobek.Value) []byte {
	obj, ok := v.(*sobek.Object)
	if !ok {
		return []byte(v.String())
	}
	l := obj.Get("length")
	if l == nil {
		return nil
	}
	n := max(int(l.ToInteger()), 0)
	if uint64(n) > h.p.opts.MaxHeap {
		return nil
	}
	out := make([]byte, n)
	if ab, ok := obj.Get("buffer").Export().(sobek.ArrayBuffer); ok {
		off := int(obj.Get("byteOffset").ToInteger())
		data := ab.Bytes()
		if off+n <= len(data) {
			copy(out, data[off:off+n])
			return out
		}
	}
	for i := 0; i < n; i++ {
		out[i] = byte(obj.Get(fmt.Sprint(i)).ToInteger())
	}
	return out
}

// inspectOptsFrom is the options util.inspect and console.dir take from
// an options object (depth, showHidden).
func (h *host) inspectOptsFrom(v sobek.Value) inspect.Options {
	o := h.inspectOpts()
	opts, ok := v.(*sobek.Object)
	if !ok {
		return o
	}
	if d := opts.Get("depth"); d != nil && !sobek.IsUndefined(d) {
		if sobek.IsNull(d) {
			o.Depth = -1
		} else if n := d.ToInteger(); n == 0 {
			o.Depth = inspect.DepthNone
		} else {
			o.Depth = int(n)
		}
	}
	if s := opts.Get("showHidden"); s != nil {
		o.ShowHidden = s.ToBoolean()
	}
	return o
}

// lazyGlobals defines names, globals that the jslib module src makes, so
// that the module is compiled and run only when the program first reads
// one (most programs never do): each is an accessor until then, which
// puts all of them in place as Node's data properties (writable,
// configurable, not enumerable) and returns its own; writing one puts
// just that one in place.
func (h *host) lazyGlobals(src string, names ...string) {
	rt, g := h.rt, h.rt.GlobalObject()
	placed := map[string]bool{} // no longer an accessor
	define := func(n string, v sobek.Value) {
		placed[n] = true
		g.DefineDataProperty(n, v, sobek.FLAG_TRUE, sobek.FLAG_TRUE, sobek.FLAG_FALSE)
	}
	for _, n := range names {
		n := n
		get := rt.ToValue(func(sobek.FunctionCall) sobek.Value {
			mod, err := h.builtin(src)
			if err != nil {
				panic(err)
			}
			exp := mod.ToObject(rt)
			for _, m := range names {
				if !placed[m] {
					define(m, exp.Get(m))
				}
			}
			return exp.Get(n)
		})
		set := rt.ToValue(func(c sobek.FunctionCall) sobek.Value {
			define(n, c.Argument(0))
			return sobek.Undefined()
		})
		g.DefineAccessorProperty(n, get, set, sobek.FLAG_TRUE, sobek.FLAG_FALSE)
	}
}
