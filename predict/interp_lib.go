package predict

import (
	"slices"
	"strings"

	"github.com/looplint/looplint/ir"
	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/runtime/jslib"
)

// Node's library as the runtime writes it (runtime/jslib): the
// interpreter runs the same JavaScript, with the host services of the
// runtime's __internal object (runtime/globals.go) as natives.

// libRequire is require inside a built-in: its helpers (_errors, ...)
// and the other built-ins, loaded without the cost of a user's require.
func (in *Interp) libRequire() *Native {
	return native("require", func(_ Value, a []Value, pos ir.Pos) Value {
		s, ok := arg(a, 0).(string)
		if !ok {
			in.reason(pos, "require of a value the predictor does not know")
			return unknown{why: "require"}
		}
		if jslib.Internal(s) {
			return in.builtinJS(s, pos)
		}
		return in.loadBuiltin(s, false, pos)
	})
}

// internalObj is the built-ins' __internal, made once per run.
func (in *Interp) internalObj() *Native {
	if in.internal != nil {
		return in.internal
	}
	o := &Native{Name: "__internal", Obj: true, Props: map[string]Value{}, closed: true}
	in.internal = o
	o.Props["inspect"] = native("inspect", func(_ Value, a []Value, pos ir.Pos) Value {
		depth, known := in.inspectOptions(arg(a, 1), pos)
		if !known {
			return unknown{why: "util.inspect", made: true, typ: "string"}
		}
		s, ok := in.inspectDepth(arg(a, 0), depth)
		if !ok {
			in.reason(pos, "printing a value the predictor cannot format exactly")
			return unknown{why: "util.inspect", made: true, typ: "string"}
		}
		return s
	})
	o.Props["format"] = native("format", func(_ Value, a []Value, pos ir.Pos) Value { return in.format(a, pos) })
	o.Props["emitWarning"] = native("emitWarning", func(_ Value, a []Value, _ ir.Pos) Value { in.warn(a...); return nil })
	// As Node's own 'warning' listener prints it, in short (stderr is not
	// compared).
	o.Props["writeWarning"] = native("writeWarning", func(_ Value, a []Value, pos ir.Pos) Value {
		if w, ok := arg(a, 0).(*Object); ok {
			name, _ := toStr(in.getMember(w, "name", pos))
			msg, _ := toStr(in.getMember(w, "message", pos))
			in.write("stderr", "(node) "+name+": "+msg+"\n")
		}
		return nil
	})
	// A promise resolved or rejected again calls again(kind, p, v).
	o.Props["watchResolves"] = native("watchResolves", func(_ Value, a []Value, pos ir.Pos) Value {
		again := arg(a, 0)
		in.e.Again = func(kind string, p *Promise, v Value) { in.call(again, nil, []Value{kind, p, v}, pos) }
		return nil
	})
	o.Props["nextTick"] = native("nextTick", func(_ Value, a []Value, pos ir.Pos) Value { return in.nextTick(a, pos) })
	o.Props["has"] = native("has", func(_ Value, a []Value, pos ir.Pos) Value {
		s, ok := arg(a, 0).(string)
		if !ok {
			return false
		}
		f, known := loop.FeatureNamed(s)
		if !known {
			in.reason(pos, "a built-in asks for the feature %q, which the table lacks (a looplint bug)", s)
			return false
		}
		return in.p.Has(f)
	})
	o.Props["cwd"] = native("cwd", func(Value, []Value, ir.Pos) Value { return in.cwd() })
	o.Props["unmodelled"] = native("unmodelled", func(_ Value, a []Value, pos ir.Pos) Value {
		what, _ := arg(a, 0).(string)
		in.reason(pos, "%s is not modelled", what)
		u := unknown{why: what, made: true}
		if _, ok := arg(a, 1).(string); ok {
			u.typ = "string" // a message
		}
		return u
	})
	o.Props["promisifyCustom"] = in.promisifyCustom()
	o.Props["opaque"] = native("opaque", func(_ Value, a []Value, pos ir.Pos) Value { return in.opaqueCall(arg(a, 0), rest(a, 1), pos, false) })
	o.Props["opaqueThrowing"] = native("opaqueThrowing", func(_ Value, a []Value, pos ir.Pos) Value {
		return in.opaqueCall(arg(a, 0), rest(a, 1), pos, true)
	})
	o.Props["handle"] = native("handle", in.handleOp)
	o.Props["net"] = in.netObj()
	o.Props["pool"] = o.Props["net"].(*Native).Props["pool"] // one thread-pool binding for every module
	o.Props["crypto"] = in.cryptoObj()
	o.Props["dnsRefusedCode"] = native("dnsRefusedCode", func(Value, []Value, ir.Pos) Value { return in.p.DNSRefusedCode() })
	o.Props["query"] = native("query", func(_ Value, a []Value, pos ir.Pos) Value {
		api, _ := arg(a, 0).(string)
		in.l.SubmitEvent(task{fn: arg(a, 1), api: api, site: in.userSite(pos)})
		return nil
	})
	o.Props["fsio"] = in.fsioObj()
	for _, f := range o.Props {
		if n, ok := f.(*Native); ok {
			n.closed = true
		}
	}
	// Node's "Received ..." wording quotes values as inspect does: the
	// message is not modelled.
	o.Props["describe"] = native("describe", func(Value, []Value, ir.Pos) Value {
		return unknown{why: "Received ...", made: true, typ: "string"}
	})
	return o
}

// userSite is pos, or for a position in a built-in's JavaScript the
// program's call that led there: callbacks it schedules and what it
// cannot model are told by the user's call, as the runtime's callerSite.
func (in *Interp) userSite(pos ir.Pos) ir.Pos {
	if isLib(pos) {
		return in.site
	}
	return pos
}

// libGlobals are globals a built-in's JavaScript makes (as the runtime's
// bootstrap sets them), by the jslib source that makes them; a run loads
// the source when the program first names one.
var libGlobals = map[string]string{"EventTarget": "_event_target", "Event": "_event_target",
	"AbortController": "_event_target", "AbortSignal": "_event_target", "structuredClone": "_structured_clone",
	"MessageChannel": "_messaging", "MessagePort": "_messaging", "MessageEvent": "_messaging", "BroadcastChannel": "_messaging"}

// libGlobal is such a global, loaded; ok is false for other names and
// for a release without it.
func (in *Interp) libGlobal(name string) (Value, bool) {
	if name == "process" {
		return in.process(), true
	}
	src, ok := libGlobals[name]
	if !ok || !in.hasNamed(name) {
		return nil, false
	}
	if v, ok := in.builtins[name]; ok {
		return v, true
	}
	exp := in.builtinJS(src, in.site)
	for n, s := range libGlobals {
		if s == src && in.hasNamed(n) {
			in.builtins[n] = in.getMember(exp, n, ir.Pos{})
		}
	}
	// What this release lacks of them (AbortSignal.timeout before 16.14),
	// as the runtime's stripFeatures removes it.
	for _, feat := range loop.Features() {
		f := feat.String()
		parts := strings.Split(f, ".")
		if strings.Contains(f, ":") || len(parts) < 2 || libGlobals[parts[0]] != src || in.p.Has(feat) {
			continue
		}
		v := in.builtins[parts[0]]
		for _, p := range parts[1 : len(parts)-1] {
			v = in.getMember(v, p, ir.Pos{})
		}
		in.deleteProp(v, parts[len(parts)-1])
	}
	return in.builtins[name], true
}

// process is the program's process, made when it first names it: the
// library's EventEmitter (jslib/_process.js) with the interpreter's own
// members. It is state older than any callback (epoch 0): a callback
// that adds a listener touched something older than itself.
func (in *Interp) process() Value {
	if in.proc != nil {
		return in.proc
	}
	defer func(e int32) { in.epoch = e }(in.epoch)
	in.epoch = 0
	p, ok := in.builtinJS("_process", in.site).(*Object)
	if !ok {
		return unknown{why: "process"} // with a reason
	}
	p.Class = "process" // Node's has more: what it lacks is a reason (getMember)
	in.procEmit = in.getMember(p, "emit", ir.Pos{})
	p.set("nextTick", native("nextTick", func(_ Value, a []Value, pos ir.Pos) Value { return in.nextTick(a, pos) }))
	p.set("exit", native("exit", func(_ Value, a []Value, _ ir.Pos) Value { return in.exit(a) }))
	p.set("cwd", native("cwd", func(Value, []Value, ir.Pos) Value { return in.cwd() }))
	for fd, st := range []string{"stdout", "stderr"} {
		w := &Native{Name: "process." + st, Obj: true, Props: map[string]Value{"fd": float64(fd + 1)}}
		w.Props["write"] = native("write", func(_ Value, a []Value, pos ir.Pos) Value { return in.streamWrite(st, a, pos) })
		p.set(st, w)
	}
	exitCode := descriptor{isAcc: true, hasGet: true, hasSet: true, enum: true, config: true, hasEnum: true, hasConfig: true,
		get: native("get", func(Value, []Value, ir.Pos) Value { return in.exitCode }),
		set: native("set", func(_ Value, a []Value, _ ir.Pos) Value { in.setExitCode(arg(a, 0)); return nil })}
	in.defineOwn(p, "exitCode", exitCode, ir.Pos{})
	in.proc, in.builtins["process"] = p, p
	return p
}

// deleteProp removes v's own property k (a class prototype's method
// included).
func (in *Interp) deleteProp(v Value, k string) {
	if o, ok := v.(*Object); ok && o.protoOf != nil {
		delete(o.protoOf.Methods, k)
		delete(o.protoOf.Getters, k)
		delete(o.protoOf.Setters, k)
	}
	if o := in.bagOf(v); o != nil {
		delete(o.Props, k)
		delete(o.acc, k)
		o.Keys = slices.DeleteFunc(o.Keys, func(x string) bool { return x == k })
		o.syms = slices.DeleteFunc(o.syms, func(x string) bool { return x == k })
		o.hidden = slices.DeleteFunc(o.hidden, func(x string) bool { return x == k })
	}
}

// promisifyCustom is util.promisify.custom: Symbol.for's where it is
// shared (loop profile), else a symbol of the run's own.
func (in *Interp) promisifyCustom() *symbolVal {
	if in.p.Has(loop.UtilPromisifyCustomShared) {
		return in.symbolFor("nodejs.util.promisify.custom")
	}
	if s, ok := in.symbols["@util.promisify.custom"]; ok {
		return s
	}
	s := in.newSymbol("util.promisify.custom")
	if in.symbols == nil {
		in.symbols = map[string]*symbolVal{}
	}
	in.symbols["@util.promisify.custom"] = s
	return s
}

// promisifyTimers gives setTimeout and setImmediate Node's custom
// promisified forms (as the runtime's promisifyTimers): a timer or
// immediate whose callback is the promise's resolve.
func (in *Interp) promisifyTimers(b map[string]Value) {
	k := in.symKey(in.promisifyCustom())
	for _, name := range []string{"setTimeout", "setImmediate"} {
		name := name
		f := native(name, func(_ Value, a []Value, pos ir.Pos) Value {
			p := in.e.New()
			resolve, _ := in.e.Resolver(p)
			cb := native("resolve", func(_ Value, v []Value, _ ir.Pos) Value { resolve(arg(v, 0)); return nil })
			if name == "setTimeout" {
				in.setTimer([]Value{cb, arg(a, 0), arg(a, 1)}, false, pos)
			} else {
				in.setImmediate([]Value{cb, arg(a, 0)}, pos)
			}
			return p
		})
		t := b[name].(*Native)
		t.own = newObject()
		t.own.Props[k] = f // not enumerable
		t.own.hidden = []string{k}
	}
}

// abandon ends an __internal.opaque call that met an unknown condition.
type abandon struct{}

// opaqueCall is __internal.opaque(fn, ...args), which a built-in uses for
// a pure computation (an assertion's message from inspect's output, deep
// equality): fn(...args), or, where that depends on values the predictor
// does not know, one unknown value instead of every way it could go. fn
// must not write to state it did not make; where it ran the program's
// own code (a getter), which might, the reasons stay. tell: what fn
// could throw is lost with the way it went, so the unknown value comes
// with a reason.
func (in *Interp) opaqueCall(fn Value, args []Value, pos ir.Pos, tell bool) (res Value) {
	mark, user := len(in.opaqueNew), in.opaqueUser
	in.opaque++
	in.opaqueUser = false
	defer func() {
		in.opaque--
		if r := recover(); r != nil {
			if _, ok := r.(abandon); !ok {
				panic(r)
			}
			switch {
			case in.opaqueUser:
				in.reason(pos, "a built-in's computation ran the program's code and met a value the predictor does not know")
			case tell:
				in.reason(pos, "a built-in's computation met a value the predictor does not know")
			default:
				for _, x := range in.opaqueNew[mark:] {
					delete(in.reasons, x)
				}
			}
			res = unknown{why: "opaque", made: true}
		}
		in.opaqueNew = in.opaqueNew[:mark]
		in.opaqueUser = in.opaqueUser || user
	}()
	return in.call(fn, nil, args, pos)
}

// intrinsicMembers are the built-ins' members jslib/_intrinsics.js makes
// (what the runtime's engine lacks of V8's), loaded when first read.
var intrinsicMembers = map[string]bool{"Promise.withResolvers": true, "Object.groupBy": true, "Map.groupBy": true,
	"Set.prototype.union": true, "Set.prototype.intersection": true, "Set.prototype.difference": true,
	"Set.prototype.symmetricDifference": true, "Set.prototype.isSubsetOf": true, "Set.prototype.isSupersetOf": true,
	"Set.prototype.isDisjointFrom": true}

// handleClass is the class of a Timeout or Immediate, from
// jslib/_timer_handles.js (the runtime's too); nil for other values.
func (in *Interp) handleClass(h Value, pos ir.Pos) *ClassVal {
	name := "Timeout"
	switch h.(type) {
	case *timerHandle:
	case *immHandle:
		name = "Immediate"
	default:
		return nil
	}
	c, _ := in.getMember(in.builtinJS("_timer_handles", pos), name, pos).(*ClassVal)
	return c
}

// handleMember is a Timeout's or Immediate's member k: its class's. Of
// what the class lacks, Node's own fields (_onTimeout, ...) and what
// Object.prototype gives are not modelled; the rest this release lacks.
func (in *Interp) handleMember(h Value, k string, pos ir.Pos) Value {
	c := in.handleClass(h, pos)
	if c == nil {
		return unknown{why: k} // the built-in failed to load, with a reason
	}
	if v, found := in.protoMember(c, h, k, pos); found {
		return v
	}
	if !strings.HasPrefix(k, "_") && !objectProtoNames[k] {
		return nil
	}
	in.reason(pos, "%s.%s is not modelled", c.Name, in.keyName(k))
	return unknown{why: k}
}

// handleOp is __internal.handle(h, op, on), which _timer_handles.js
// calls, as the runtime's handleClasses makes it.
func (in *Interp) handleOp(_ Value, a []Value, pos ir.Pos) Value {
	op, _ := arg(a, 1).(string)
	on, _ := truthy(arg(a, 2))
	var x any
	switch h := arg(a, 0).(type) {
	case *timerHandle:
		switch op {
		case "start":
			// The loop's clock when the timer was created or last
			// re-armed: a reading of its own kind (timeOp keeps it apart
			// from Date.now() and performance.now()).
			return timeVal{t: in.clockRead(h.t.Start()), clock: idleClock}
		case "id":
			// The Timeout's async id, which counts every resource made.
			in.reason(pos, "a Timeout's numeric id is not modelled")
			return unknown{why: "Timeout id"}
		case "destroyed":
			// Node 10 leaves it false; later ones set it when the timer
			// is cleared or has fired.
			in.reason(pos, "a timer's _destroyed is not modelled")
			return unknown{why: "_destroyed"}
		}
		x = h.t
	case *immHandle:
		x = h.im
	}
	v, ok := in.l.HandleOp(x, op, on)
	if !ok {
		in.reason(pos, "a Timeout or Immediate method on another value is not modelled")
		return unknown{why: "handle"}
	}
	if v == nil {
		return null
	}
	return v
}

// netObj is __internal.net, which jslib/net.js (the private loopback
// network) runs over, as the runtime's netBindings makes it: io(api,
// ...fns) is a loopback event, ready at once (loop.SubmitReady), whose
// functions run in order, each in its own scope; pool(api, fn) a
// thread-pool request; feed(api, fn) the next pending phase; close(api,
// fn) a close callback; native(api, fn) one of Node's own immediates;
// ref(delta) the ref'd handles.
func (in *Interp) netObj() *Native {
	o := &Native{Name: "__internal.net", Obj: true, Props: map[string]Value{}, closed: true}
	o.Props["io"] = native("io", func(_ Value, a []Value, pos ir.Pos) Value {
		api, _ := arg(a, 0).(string)
		var cbs loop.Scopes
		for _, f := range rest(a, 1) {
			cbs = append(cbs, task{fn: f, api: api, site: in.userSite(pos)})
		}
		if len(cbs) == 1 {
			in.l.SubmitReady(cbs[0])
		} else {
			in.l.SubmitReady(cbs)
		}
		return nil
	})
	o.Props["pool"] = native("pool", func(_ Value, a []Value, pos ir.Pos) Value {
		api, _ := arg(a, 0).(string)
		// pool(api, fn, us, trips): trips requests one after the other,
		// each queued when the one before is delivered (loop.SubmitIO).
		trips := 1
		if n, ok := toNumber(arg(a, 3)); ok && n >= 1 {
			trips = int(n)
		}
		op := in.l.SubmitIO(trips, task{fn: arg(a, 1), api: api, site: in.userSite(pos)})
		if us, ok := toNumber(arg(a, 2)); ok {
			op.Takes(loop.Usually(us))
		}
		return nil
	})
	o.Props["feed"] = native("feed", func(_ Value, a []Value, pos ir.Pos) Value {
		api, _ := arg(a, 0).(string)
		in.l.Feed(task{fn: arg(a, 1), api: api, site: in.userSite(pos)})
		return nil
	})
	o.Props["close"] = native("close", func(_ Value, a []Value, pos ir.Pos) Value {
		api, _ := arg(a, 0).(string)
		in.l.Close(task{fn: arg(a, 1), api: api, site: in.userSite(pos)})
		return nil
	})
	o.Props["async"] = native("async", func(_ Value, a []Value, pos ir.Pos) Value {
		api, _ := arg(a, 0).(string)
		in.l.SubmitAsync(task{fn: arg(a, 1), api: api, site: in.userSite(pos)})
		return nil
	})
	o.Props["more"] = native("more", func(_ Value, a []Value, pos ir.Pos) Value {
		api, _ := arg(a, 0).(string)
		in.l.Continue(task{fn: arg(a, 1), api: api, site: in.userSite(pos)})
		return nil
	})
	o.Props["native"] = native("native", func(_ Value, a []Value, pos ir.Pos) Value {
		api, _ := arg(a, 0).(string)
		in.l.SetNativeImmediate(task{fn: arg(a, 1), api: api, site: in.userSite(pos)})
		return nil
	})
	o.Props["ref"] = native("ref", func(_ Value, a []Value, pos ir.Pos) Value {
		d, ok := arg(a, 0).(float64)
		if !ok {
			in.reason(pos, "__internal.net.ref of a value the predictor does not know (a looplint bug)")
			return nil
		}
		in.l.RefHandle(int(d))
		return nil
	})
	for _, f := range o.Props {
		f.(*Native).closed = true
	}
	return o
}

// streamFile is a file an fs stream opened: its bytes as of the open
// and where the next read starts.
type streamFile struct {
	data []byte
	pos  int
}

// fsioObj is __internal.fsio, which jslib/_fs_streams.js (fs.createReadStream,
// fs.createWriteStream) runs over, as the runtime's fsStreamBindings makes
// it: open, read and close, each one thread-pool round trip. A handle is
// a number of this run's; the fd the program sees is not known. Writes
// are the runtime's: the interpreter gives a reason.
func (in *Interp) fsioObj() *Native {
	o := &Native{Name: "__internal.fsio", Obj: true, Props: map[string]Value{}, closed: true}
	submit := func(api string, cb Value, args []Value, pos ir.Pos) {
		in.l.SubmitIO(1, task{fn: cb, args: args, api: api, site: in.userSite(pos)})
	}
	file := func(h Value, pos ir.Pos) *streamFile {
		k, _ := h.(float64)
		f := in.streamFiles[k]
		if f == nil {
			in.reason(pos, "an fs stream's file the predictor does not know (a looplint bug)")
		}
		return f
	}
	o.Props["open"] = native("open", func(_ Value, a []Value, pos ir.Pos) Value {
		if f := arg(a, 1); f != "r" {
			in.reason(pos, "fs.createWriteStream (a stream opened with flags %v) is not modelled by the interpreter", f)
			return nil
		}
		known, data, ferr := in.readPath(arg(a, 0), pos, "open")
		switch {
		case !known:
			return nil
		case ferr != nil:
			submit("fs.open", arg(a, 3), []Value{in.fsError(ferr, "open")}, pos)
			return nil
		}
		if in.streamFiles == nil {
			in.streamFiles = map[float64]*streamFile{}
		}
		k := float64(len(in.streamFiles) + 1)
		in.streamFiles[k] = &streamFile{data: data}
		fd := unknown{why: "file descriptor", made: true, typ: "number"}
		submit("fs.open", arg(a, 3), []Value{null, fd, k}, pos)
		return nil
	})
	o.Props["read"] = native("read", func(_ Value, a []Value, pos ir.Pos) Value {
		f := file(arg(a, 0), pos)
		n, ok1 := arg(a, 1).(float64)
		if f == nil || !ok1 {
			in.reason(pos, "an fs stream's read of a length the predictor does not know")
			return nil
		}
		start := f.pos
		if p, ok := arg(a, 2).(float64); ok {
			start = int(p)
		} else if arg(a, 2) != null && arg(a, 2) != nil {
			in.reason(pos, "an fs stream's read at a position the predictor does not know")
			return nil
		}
		start = min(max(start, 0), len(f.data))
		end := min(start+int(n), len(f.data))
		f.pos = end
		submit("fs.read", arg(a, 3), []Value{null, bufferValue(append([]byte(nil), f.data[start:end]...))}, pos)
		return nil
	})
	o.Props["write"] = native("write", func(_ Value, a []Value, pos ir.Pos) Value {
		in.reason(pos, "an fs stream's write is not modelled by the interpreter")
		return nil
	})
	o.Props["close"] = native("close", func(_ Value, a []Value, pos ir.Pos) Value {
		if file(arg(a, 0), pos) == nil {
			return nil
		}
		submit("fs.close", arg(a, 1), []Value{null}, pos)
		return nil
	})
	for _, f := range o.Props {
		f.(*Native).closed = true
	}
	return o
}

// fsStream is fs.createReadStream or fs.createWriteStream: the runtime's
// JavaScript (jslib/_fs_streams.js).
func (in *Interp) fsStream(name string, args []Value, pos ir.Pos) Value {
	return in.call(in.getMember(in.builtinJS("_fs_streams", pos), name, pos), nil, args, pos)
}
