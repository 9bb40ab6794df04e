package predict

import (
	"github.com/looplint/looplint/ir"
)

func (in *Interp) args(list []ir.Expr, sc *Scope, fr *frame) []Value {
	var out []Value
	for _, a := range list {
		if sp, ok := a.(*ir.Spread); ok {
			vs, ok := in.iterAll(in.eval(sp.X, sc, fr), sp.X, sp.Pos)
			if !ok {
				out = append(out, unknown{why: "spread"})
				continue
			}
			out = append(out, vs...)
			continue
		}
		out = append(out, in.eval(a, sc, fr))
	}
	return out
}

func (in *Interp) callExpr(e *ir.Call, sc *Scope, fr *frame) Value {
	if e.Eval {
		in.reason(e.Pos, "eval / new Function: code the predictor cannot see")
		in.args(e.Args, sc, fr)
		return unknown{why: "eval"}
	}
	var fn, this Value
	if _, ok := e.Callee.(*ir.Super); ok {
		return in.superCall(fr, in.args(e.Args, sc, fr), e.Pos)
	}
	if m, ok := e.Callee.(*ir.Member); ok && isSuper(m.Obj) {
		this = fr.this
		k, ok := toStr(in.eval(m.Prop, sc, fr))
		if !ok {
			fn = unknown{why: "computed method"}
		} else {
			fn = in.superMember(fr, k, m.Pos)
		}
	} else if ok {
		this = in.eval(m.Obj, sc, fr)
		if m.Optional && (this == nil || this == null) {
			panic(optShort{})
		}
		k, ok := in.memberKey(m, sc, fr)
		if !ok {
			fn = unknown{why: "computed method"}
		} else {
			fn = in.getMember(this, k, m.Pos)
		}
	} else {
		fn = in.eval(e.Callee, sc, fr)
	}
	if e.Optional && (fn == nil || fn == null) {
		panic(optShort{})
	}
	args := in.args(e.Args, sc, fr)
	if e.New {
		return in.construct(fn, args, e.Pos)
	}
	if _, u := fn.(unknown); !u && !isCallable(fn) {
		if t, ok := sourceText(e.Callee); ok {
			in.throwType(e.Pos, t+" is not a function")
		}
		in.throwTypeVague()
	}
	if m, ok := e.Callee.(*ir.Member); ok {
		if k, ok := m.Prop.(*ir.Const); ok {
			in.method = [2]ir.Pos{e.Pos, k.Pos}
		}
	}
	return in.call(fn, this, args, e.Pos)
}

const maxDepth = 2000

func isSuper(e ir.Expr) bool {
	_, ok := e.(*ir.Super)
	return ok
}

func (in *Interp) construct(fn Value, args []Value, pos ir.Pos) Value {
	if c, ok := fn.(*ClassVal); ok {
		return in.newInstance(c, args, pos)
	}
	if b := in.builtins["BigInt"]; b != nil && fn == b {
		in.throwType(pos, "BigInt is not a constructor")
	}
	if fn == in.builtins["Promise"] {
		return in.newPromise(args, pos) // new P(executor) with P = Promise
	}
	if fn == in.builtins["Date"] {
		if len(args) == 0 {
			return &dateObj{t: timeVal{t: in.clockRead(in.l.Now())}} // a clock read
		}
		if d := in.newFixedDate(args, pos); d != nil {
			return d
		}
		return unknown{why: "Date", made: true, typ: "object"}
	}
	if c, ok := fn.(*Closure); ok && constructible(c) {
		if isLib(c.Fn.Pos) && !isLib(pos) && pos.Line > 0 {
			prev := in.site
			in.site = pos
			defer func() { in.site = prev }()
		}
		o := newObject()
		o.born, o.ctor = in.epoch, c
		in.newTarget = c
		if r := in.callFunc(c, o, args); isObj(r) || isCallable(r) {
			return r
		}
		return o
	}
	if n, ok := fn.(*Native); ok && n.Props != nil && n.Props["[[ctor]]"] == true {
		return n.Fn(nil, args, pos)
	}
	if _, ok := fn.(unknown); ok {
		in.unknownCall(args, pos)
		return unknown{why: "new"}
	}
	if n, ok := fn.(*Native); ok && n.Name != "" {
		in.reason(pos, "new %s is not modelled", n.Name) // SharedArrayBuffer, ...
	} else {
		in.reason(pos, "constructor calls (new) of this value are not modelled")
	}
	return unknown{why: "new"}
}

func (in *Interp) unknownCall(args []Value, pos ir.Pos) {
	for _, a := range args {
		if isCallable(a) {
			in.reason(pos, "an unknown function receives a callback")
			return
		}
	}
	in.reason(pos, "call of a function the predictor does not know (it may have effects)")
}

// call calls a JS function; a JS exception panics as *Thrown.
func (in *Interp) call(fn, this Value, args []Value, pos ir.Pos) Value {
	switch f := fn.(type) {
	case *Closure:
		if in.opaque > 0 && !isLib(f.Fn.Pos) {
			in.opaqueUser = true
		}
		if isLib(f.Fn.Pos) && !isLib(pos) && pos.Line > 0 {
			prev := in.site
			in.site = pos
			defer func() { in.site = prev }()
		}
		if f.Fn.Generator {
			if f.Fn.Async {
				in.reason(f.Fn.Pos, "async generators are not modelled")
				return unknown{why: "generator"}
			}
			return in.newGenerator(f, this, args)
		}
		if f.Fn.Async {
			return in.callAsync(f, this, args)
		}
		return in.callFunc(f, this, args)
	case *Native:
		if f.Fn == nil { // a namespace such as Math or console
			in.throwType(pos, f.Name+" is not a function")
		}
		return f.Fn(this, args, pos)
	case *ClassVal:
		in.throwType(pos, "Class constructor "+f.Name+" cannot be invoked without 'new'")
	case Callable: // the engine's resolving functions
		r, err := f(this, args...)
		if err != nil {
			panic(&Thrown{V: thrownValue(err)})
		}
		return r
	case unknown:
		in.unknownCall(args, pos)
		return unknown{why: "call"}
	}
	in.throwTypeVague() // V8 names the callee's source, unknown here
	return nil
}

// callFunc runs a function body synchronously.
func (in *Interp) callFunc(c *Closure, this Value, args []Value) Value {
	// Unbounded recursion: Node throws a RangeError at a depth that
	// depends on frame sizes, so the predictor stops and says so.
	if in.depth++; in.depth > maxDepth {
		in.depth--
		in.reason(c.Fn.Pos, "recursion deeper than %d calls (Node throws RangeError at a depth the predictor does not know)", maxDepth)
		panic(&Thrown{V: in.newError("RangeError", "Maximum call stack size exceeded")})
	}
	defer func() { in.depth-- }()
	// The function's names in one allocation.
	n := len(c.Fn.Locals) + len(c.Fn.Params)
	sc := &Scope{vars: make(map[string]*cell, n), parent: c.Scope, fn: true, born: in.epoch}
	fr := &frame{this: this, scope: sc, home: c.Home, args: args, strict: c.Fn.Strict, newTarget: in.newTarget, born: in.epoch}
	in.newTarget = nil
	if fr.args == nil && c.Fn.Kind != "main" { // the module wrapper's arguments are not modelled
		fr.args = []Value{}
	}
	if !c.Fn.Strict && !c.Fn.Arrow && c.Fn.Kind != "main" {
		fr.fn = c.Fn // its arguments object, if read, is mapped
	}
	switch {
	case c.Fn.Arrow:
		fr.this, fr.argsFr = c.This, c.outer
		if c.outer != nil {
			fr.newTarget = c.outer.newTarget
		}
	case !c.Fn.Strict && (this == nil || this == null):
		fr.this = in.globalObj // sloppy mode
	case !c.Fn.Strict && isBoxed(this):
		in.reason(c.Fn.Pos, "this is a primitive in sloppy mode (boxed by Node; not modelled)")
		fr.this = unknown{why: "boxed this"}
	}
	// Simple parameters get theirs too, uninitialised until bound (a
	// default may not read a later one).
	cells := make([]cell, len(c.Fn.Locals)+len(c.Fn.Params))
	for i, n := range c.Fn.Locals {
		cells[i].born = sc.born
		sc.vars[n] = &cells[i]
	}
	for i, p := range c.Fn.Params {
		if v, ok := p.(*ir.Var); ok {
			if _, local := sc.vars[v.Name]; !local {
				pc := &cells[len(c.Fn.Locals)+i]
				pc.v, pc.born = tdzT{}, sc.born
				sc.vars[v.Name] = pc
			}
		}
	}
	for i, p := range c.Fn.Params {
		if r, ok := p.(*ir.PRest); ok {
			var rest []Value
			if i < len(args) {
				rest = append(rest, args[i:]...)
			}
			ra := newArray(rest)
			ra.born = in.epoch
			in.bind(r.Target, ra, ir.DeclLet, sc, fr, r.Pos)
			break
		}
		var v Value
		if i < len(args) {
			v = args[i]
		}
		in.bind(p, v, ir.DeclLet, sc, fr, c.Fn.Pos)
	}
	if c.Fn.Kind == "main" {
		in.declareModuleVars(sc)
	}
	comp := in.execList(c.Fn.Body, sc, fr)
	if comp.c == cReturn {
		return comp.v
	}
	return nil
}

// ---- async functions as coroutines ----

// Each async call runs its body on its own goroutine, but only one
// goroutine ever runs at a time: the caller blocks until the body
// suspends at an await or finishes, and a promise job resuming it blocks
// until it suspends again. Control passes through unbuffered channels,
// so the interleaving is exactly JavaScript's and fully deterministic.
// Panics that must cross (process.exit, the explorer's cut/redundant)
// are carried back to the goroutine that resumed the body.
type coro struct {
	resume chan resumeMsg
	yield  chan any // nil: suspended or returned; else a panic to re-raise
	done   bool
	gen    *generator // the generator whose body this is, if any
	// depth is the body's call depth above whoever resumed it last: a
	// suspended body holds no stack, so thousands of pending async
	// calls or generators are not a deep recursion.
	base, depth int
}

// startCoro registers a coroutine for a body (gen is its generator, if
// any) and runs body on its goroutine until it first suspends or ends:
// a panic other than the run's kill is carried back to the caller.
func (in *Interp) startCoro(gen *generator, body func()) *coro {
	co := &coro{resume: make(chan resumeMsg), yield: make(chan any), base: in.depth, gen: gen}
	in.coros = append(in.coros, co)
	in.live++
	saved := in.cur // read before the body's goroutine may write in.cur
	go func() {
		var pv any
		defer func() {
			if r := recover(); r != nil {
				if _, ok := r.(killSignal); ok {
					return
				}
				pv = r
			}
			co.done = true
			in.live--
			co.yield <- pv
		}()
		in.cur = co
		body()
	}()
	in.wait(co, saved)
	return co
}

// suspend hands control back from the running body co to whoever
// resumed it, and returns what the next resumer sends. The body's call
// depth is kept relative to its resumer (wait restores the resumer's).
func (in *Interp) suspend(co *coro) resumeMsg {
	co.depth = in.depth - co.base
	co.yield <- nil
	m := <-co.resume
	if m.kill {
		panic(killSignal{})
	}
	in.cur = co
	co.base = in.depth
	in.depth += co.depth
	return m
}

type resumeMsg struct {
	v     Value
	threw bool
	ret   bool // a generator's return(v)
	kill  bool
}

type killSignal struct{}

// maxLive bounds the bodies suspended at once (each is a goroutine with
// its own stack, some 13 KB with what it holds).
const maxLive = 20000

func (in *Interp) tooManyLive(pos ir.Pos) bool {
	if in.live < maxLive {
		return false
	}
	in.reason(pos, "more than %d async calls or generators suspended at once", maxLive)
	return true
}

func (in *Interp) callAsync(c *Closure, this Value, args []Value) Value {
	if in.tooManyLive(c.Fn.Pos) {
		return unknown{why: "async call"}
	}
	p := in.e.New()
	resolve, reject := in.e.Resolver(p)
	in.startCoro(nil, func() {
		var res Value
		if err := in.protect(func() { res = in.callFunc(c, this, args) }); err != nil {
			reject(thrownValue(err))
		} else {
			in.e.At = in.origin("return", in.returned)
			resolve(res)
		}
	})
	return p
}

// wait hands control to co until it suspends or ends, then restores
// in.cur to saved, which the caller read before co could run.
func (in *Interp) wait(co *coro, saved *coro) {
	d := in.depth
	pv := <-co.yield
	in.cur, in.depth = saved, d
	if pv != nil {
		panic(pv)
	}
}

func (in *Interp) await(v Value, pos ir.Pos) Value {
	co := in.cur
	if co == nil {
		in.reason(pos, "await outside an async function")
		return unknown{why: "await"}
	}
	if _, ok := v.(unknown); ok {
		in.reason(pos, "await of an unknown value")
	}
	in.e.At = in.origin("await", pos)
	in.e.Await(v, func(val Value, threw bool) {
		saved := in.cur
		co.resume <- resumeMsg{v: val, threw: threw}
		in.wait(co, saved)
	})
	m := in.suspend(co)
	if m.threw {
		panic(&Thrown{V: norm(m.v)})
	}
	return norm(m.v)
}

// killCoros ends the goroutines of bodies still suspended when a run ends.
func (in *Interp) killCoros() {
	for _, co := range in.coros {
		if !co.done {
			co.done = true
			co.resume <- resumeMsg{kill: true}
		}
	}
	in.coros, in.live = nil, 0
}

// isBoxed: a primitive this, which sloppy-mode code sees as an object.
func isBoxed(v Value) bool {
	switch v.(type) {
	case float64, string, bool:
		return true
	}
	return false
}

// spreadOf is what ...v yields, for an array (its elements) or a string
// (its code points).
func spreadOf(v Value) ([]Value, bool) {
	switch v := v.(type) {
	case *Object:
		if v.Arr {
			return v.Elems, true
		}
	case string:
		var out []Value
		for _, r := range v {
			out = append(out, string(r))
		}
		return out, true
	}
	return nil, false
}

// constructible: a plain function, which new can call (arrows, methods,
// async functions and generators cannot be).
func constructible(c *Closure) bool {
	return !c.Fn.Arrow && !c.Fn.Async && !c.Fn.Generator && c.Fn.Kind == ""
}

// protoObject is a plain function's prototype object, made when first
// read; nil for functions that have none.
func (in *Interp) protoObject(c *Closure) *Object {
	if !constructible(c) {
		return nil
	}
	in.bagOf(c)
	if p, ok := c.Props.Props["prototype"].(*Object); ok {
		return p
	}
	p := newObject()
	p.born = c.born
	p.Props["constructor"] = c     // not enumerable: not in Keys
	c.Props.Props["prototype"] = p // nor this
	return p
}

// nextProto is the object o inherits from that the snippet can see:
// the one Object.create gave it, or its constructor's prototype
// property; nil for Object.prototype (and for class instances, whose
// chain is their ClassVal).
func (in *Interp) nextProto(o *Object) *Object {
	switch {
	case o.protoObj != nil:
		return o.protoObj
	case o.protoOf != nil:
		return in.protoAbove(o.protoOf)
	case o.ctor != nil:
		return in.protoObject(o.ctor)
	case o.Proto != nil:
		return in.classProto(o.Proto)
	}
	return nil
}

// inherited looks k up along o's prototype objects (not o itself),
// with recv as this for getters.
func (in *Interp) inherited(o *Object, k string, recv Value, pos ir.Pos) (Value, bool) {
	for depth := 0; depth < 1000; depth++ {
		p := in.nextProto(o)
		if p == nil {
			return nil, false
		}
		if v, ok := in.readProp(p, k, recv); ok {
			return v, true
		}
		if p.protoOf != nil {
			return in.protoMember(p.protoOf, recv, k, pos)
		}
		if p.Proto != nil {
			return in.protoMember(p.Proto, recv, k, pos)
		}
		o = p
	}
	return nil, false
}

// inChain reports whether p is on o's chain of prototype objects.
func (in *Interp) inChain(o, p *Object) bool {
	for depth := 0; depth < 1000; depth++ {
		o = in.nextProto(o)
		if o == nil {
			return false
		}
		if o == p {
			return true
		}
	}
	return false
}

// protoHas reports whether a plain function's prototype object has k.
func protoHas(c *Closure, k string) bool {
	if c.Props == nil {
		return false
	}
	p, ok := c.Props.Props["prototype"].(*Object)
	if !ok {
		return false
	}
	_, ok = p.Props[k]
	return ok
}

// mappedParams are the names of a sloppy function's parameter list of
// plain names (the only kind whose arguments object is mapped); nil for
// any other list, and for no function.
func mappedParams(fn *ir.Func) []string {
	if fn == nil {
		return nil
	}
	names := make([]string, 0, len(fn.Params))
	for _, p := range fn.Params {
		v, ok := p.(*ir.Var)
		if !ok {
			return nil
		}
		names = append(names, v.Name)
	}
	return names
}
