package predict

import (
	"strconv"
	"strings"

	"github.com/looplint/looplint/ir"
	"github.com/looplint/looplint/loop"
)

// ---- generators ----

// A generator's body runs as a coroutine, like an async function's (see
// coro): next, throw and return resume it and block until it yields or
// ends. Async generators and for await never reach the predictor as
// such: the front end lowers them to generators driven by parse's
// helpers, which the predictor runs like any other code.
type generator struct {
	co    *coro
	state int
	fn    *Closure
	this  Value
	args  []Value
	out   Value // what the body last yielded, or returned
	raw   bool  // out is an iterator result to pass on as is (yield*)
}

const (
	genStart = iota
	genSuspended
	genRunning
	genDone
)

// genReturn unwinds a generator body from the yield that gen.return()
// resumed: finally blocks run, catch blocks do not.
type genReturn struct{ v Value }

func (in *Interp) newGenerator(c *Closure, this Value, args []Value) *Object {
	o := newObject()
	o.Class = "Generator"
	o.born = in.epoch
	o.gen = &generator{fn: c, this: this, args: args}
	return o
}

func iterResult(v Value, done bool) *Object {
	r := newObject()
	r.set("value", v)
	r.set("done", done)
	return r
}

// genResume is gen.next(v), gen.throw(v) or gen.return(v).
func (in *Interp) genResume(g *generator, kind string, v Value, pos ir.Pos) Value {
	switch g.state {
	case genRunning:
		in.throwType(pos, "Generator is already running")
	case genStart:
		switch kind {
		case "throw":
			g.state = genDone
			panic(&Thrown{V: v})
		case "return":
			g.state = genDone
			return iterResult(v, true)
		}
	case genDone:
		switch kind {
		case "throw":
			panic(&Thrown{V: v})
		case "return":
			return iterResult(v, true)
		}
		return iterResult(nil, true)
	}
	started := g.co != nil
	if !started && in.tooManyLive(pos) {
		panic(&Thrown{V: unknown{why: "generator"}})
	}
	g.state, g.raw = genRunning, false
	defer func() {
		// g.co is nil when the first run threw.
		if g.co == nil || g.co.done {
			g.state = genDone
		} else {
			g.state = genSuspended
		}
	}()
	if !started {
		g.co = in.startCoro(g, func() { in.genBody(g) })
	} else {
		saved := in.cur
		g.co.resume <- resumeMsg{v: v, threw: kind == "throw", ret: kind == "return"}
		in.wait(g.co, saved)
	}
	if g.raw {
		return g.out
	}
	return iterResult(g.out, g.co.done)
}

// genBody runs g's body on its coroutine: a return() resumed at a yield
// ends it like a return statement.
func (in *Interp) genBody(g *generator) {
	g.out = nil
	defer func() {
		if r := recover(); r != nil {
			gr, ok := r.(*genReturn)
			if !ok {
				panic(r)
			}
			g.out = gr.v
		}
	}()
	g.out = in.callFunc(g.fn, g.this, g.args)
}

// yield suspends the running generator with v; raw passes v on as the
// iterator result itself (yield* hands on the inner iterator's results).
func (in *Interp) yield(v Value, raw bool, pos ir.Pos) Value {
	co := in.cur
	if co == nil || co.gen == nil {
		in.reason(pos, "yield outside a generator the predictor runs")
		return unknown{why: "yield"}
	}
	co.gen.out, co.gen.raw = v, raw
	m := in.suspend(co)
	switch {
	case m.threw:
		panic(&Thrown{V: norm(m.v)})
	case m.ret:
		panic(&genReturn{v: norm(m.v)})
	}
	return norm(m.v)
}

// yieldStar is yield* x in a generator: each of the inner iterator's
// results passes out unchanged, and next/throw/return go in.
func (in *Interp) yieldStar(x Value, src ir.Expr, pos ir.Pos) Value {
	it := in.openIter(x, src, pos)
	if it == nil {
		return unknown{why: "yield*"}
	}
	if it.obj == nil { // a built-in iterable: its items, one by one
		for {
			v, done := in.iterStep(it, pos)
			if done {
				return nil
			}
			in.yield(v, false, pos)
		}
	}
	kind, recv := "next", Value(nil)
	for {
		var r Value
		switch kind {
		case "next":
			r = in.call(it.next, it.obj, []Value{recv}, pos)
		default:
			m := in.getMember(it.obj, kind, pos)
			if m == nil || m == null {
				if kind == "return" {
					panic(&genReturn{v: recv})
				}
				in.iterClose(it, pos)
				in.throwType(pos, "The iterator does not provide a 'throw' method")
			}
			r = in.call(m, it.obj, []Value{recv}, pos)
		}
		ro, ok := r.(*Object)
		if !ok {
			in.throwIterResult(r, pos)
		}
		done, known := truthy(in.getMember(ro, "done", pos))
		if !known {
			in.reason(pos, "yield* over an iterator whose done is unknown")
			return unknown{why: "yield*"}
		}
		if done {
			v := in.getMember(ro, "value", pos)
			if kind == "return" {
				panic(&genReturn{v: v})
			}
			return v
		}
		kind, recv = "next", nil
		func() {
			defer func() {
				if r := recover(); r != nil {
					switch e := r.(type) {
					case *Thrown:
						kind, recv = "throw", e.V
					case *genReturn:
						kind, recv = "return", e.v
					default:
						panic(r)
					}
				}
			}()
			recv = in.yield(ro, true, pos)
		}()
	}
}

func (in *Interp) throwIterResult(r Value, pos ir.Pos) {
	s := "undefined"
	if r != nil {
		s, _ = toStr(r)
	}
	in.throwType(pos, "Iterator result "+s+" is not an object")
}

// generatorMember is a generator object's own view: next, throw, return
// and [Symbol.iterator] (itself).
func (in *Interp) generatorMember(o *Object, k string) Value {
	switch k {
	case "next", "throw", "return":
		return native(k, func(this Value, a []Value, pos ir.Pos) Value {
			t, ok := this.(*Object)
			if !ok || t.gen == nil {
				in.throwType(pos, k+" method called on incompatible receiver")
			}
			return in.genResume(t.gen, k, arg(a, 0), pos)
		})
	case in.symKey(in.wellKnown("iterator")):
		return native("[Symbol.iterator]", func(this Value, _ []Value, _ ir.Pos) Value { return this })
	}
	return nil
}

// ---- the iteration protocol ----

// iterRec is an open iterator. Built-in iterables keep their items (an
// array's are read live, as its iterator does); everything else goes
// through its next method.
type iterRec struct {
	arr   *Object // an array, indexed live
	kind  string  // for arr: "keys" or "entries" (else its values)
	items []Value // a string's code points, a collection's entries
	i     int
	obj   Value // the iterator object (protocol iterators only)
	next  Value
}

// openIter is GetIterator(v, sync); nil after a reason when v's
// iteration is not modelled. src names v in "x is not iterable".
func (in *Interp) openIter(v Value, src ir.Expr, pos ir.Pos) *iterRec {
	switch o := v.(type) {
	case string:
		items, _ := spreadOf(o)
		return &iterRec{items: items}
	case *Object:
		if m := in.ownSymbolMethod(o, "iterator"); m != nil {
			itv := in.call(m, o, nil, pos)
			if _, ok := itv.(*Object); !ok {
				in.throwType(pos, "Result of the Symbol.iterator method is not an object")
			}
			return &iterRec{obj: itv, next: in.getMember(itv, "next", pos)}
		}
		switch {
		case o.gen != nil:
			return &iterRec{obj: o, next: in.generatorMember(o, "next")}
		case o.coll != nil && !o.coll.weak:
			items, _ := in.iterate(o)
			return &iterRec{items: items}
		case isIterator(o):
			return &iterRec{items: o.Elems}
		case o.Arr:
			return &iterRec{arr: o}
		}
	case unknown:
		in.reason(pos, "iteration over an unknown value")
		return nil
	}
	if t, ok := sourceText(src); ok && src != nil {
		in.throwType(pos, t+" is not iterable")
	}
	if _, ok := v.(*Object); !ok && v != nil && v != null {
		in.reason(pos, "iteration over this value is not modelled")
		return nil
	}
	in.throwTypeVague()
	return nil
}

// ownSymbolMethod is o[Symbol.<name>] when the snippet set it (own
// property or its class's method); nil otherwise.
func (in *Interp) ownSymbolMethod(o *Object, name string) Value {
	return in.userSymbolMethod(o, in.wellKnown(name))
}

// userSymbolMethod is o[sym] when the snippet set it (own property or its
// class's method); nil otherwise.
func (in *Interp) userSymbolMethod(o *Object, sym *symbolVal) Value {
	k := in.symKey(sym)
	if v, ok := o.Props[k]; ok && isCallable(v) {
		return v
	}
	if o.Proto != nil {
		if v, ok := in.protoMember(o.Proto, o, k, ir.Pos{}); ok && isCallable(v) {
			return v
		}
	}
	if o.ctor != nil {
		if p := in.protoObject(o.ctor); p != nil {
			if v, ok := p.Props[k]; ok && isCallable(v) {
				return v
			}
		}
	}
	return nil
}

// iterStep is IteratorStep: the next value, or done.
func (in *Interp) iterStep(it *iterRec, pos ir.Pos) (Value, bool) {
	switch {
	case it.arr != nil:
		if it.i >= len(it.arr.Elems) {
			return nil, true
		}
		it.i++
		switch it.kind {
		case "keys":
			return float64(it.i - 1), false
		case "entries":
			e := newArray([]Value{float64(it.i - 1), it.arr.Elems[it.i-1]})
			e.born = in.epoch
			return e, false
		}
		return it.arr.Elems[it.i-1], false
	case it.obj == nil:
		if it.i >= len(it.items) {
			return nil, true
		}
		it.i++
		return it.items[it.i-1], false
	}
	r := in.call(it.next, it.obj, nil, pos)
	ro, ok := r.(*Object)
	if !ok {
		in.throwIterResult(r, pos)
	}
	done, known := truthy(in.getMember(ro, "done", pos))
	if !known {
		in.reason(pos, "an iterator result whose done is unknown")
		return nil, true
	}
	if done {
		it.obj = nil // closed: nothing to return
		it.items, it.i = nil, 0
		return nil, true
	}
	return in.getMember(ro, "value", pos), false
}

// iterClose is IteratorClose after a loop or pattern stops early.
func (in *Interp) iterClose(it *iterRec, pos ir.Pos) {
	if it == nil || it.obj == nil {
		return
	}
	obj := it.obj
	it.obj = nil
	m := in.getMember(obj, "return", pos)
	if m == nil || m == null {
		return
	}
	if r := in.call(m, obj, nil, pos); r != nil {
		if _, ok := r.(*Object); !ok {
			in.throwIterResult(r, pos)
		}
	}
}

// iterAll drains an iterable (spread, Array.from, a collection's
// constructor): ok is false after a reason.
func (in *Interp) iterAll(v Value, src ir.Expr, pos ir.Pos) ([]Value, bool) {
	if o, ok := v.(*Object); ok && o.Arr && !isIterator(o) && in.ownSymbolMethod(o, "iterator") == nil {
		return append([]Value(nil), o.Elems...), true
	}
	it := in.openIter(v, src, pos)
	if it == nil {
		return nil, false
	}
	var out []Value
	for n := 0; ; n++ {
		if n >= in.opts.MaxIter {
			in.cutShort(pos, "an iteration")
			return out, false
		}
		x, done := in.iterStep(it, pos)
		if done {
			return out, true
		}
		out = append(out, x)
	}
}

// ---- symbols ----

// symbolVal is a JS symbol; its property key is symKey's string, which
// no string a program spells can equal.
type symbolVal struct {
	desc    string
	hasDesc bool
	id      int
}

// The prefix is not valid UTF-8, which every string a program makes is.
const symbolPrefix = "\xff\xfe"

func (in *Interp) newSymbol(desc Value) *symbolVal {
	in.symCount++
	s := &symbolVal{id: in.symCount}
	if desc != nil {
		s.desc, s.hasDesc = toStr(desc)
	}
	if in.symByKey == nil {
		in.symByKey = map[string]*symbolVal{}
	}
	in.symByKey[in.symKey(s)] = s
	return s
}

// keyName is a property key as a message shows it: a symbol key as
// [Symbol(description)] (the key itself is not text).
func (in *Interp) keyName(k string) string {
	if !strings.HasPrefix(k, symbolPrefix) {
		return k
	}
	if s := in.symByKey[k]; s != nil {
		if s.hasDesc {
			return "[Symbol(" + s.desc + ")]"
		}
		return "[Symbol()]"
	}
	if id, err := strconv.Atoi(strings.TrimPrefix(k, symbolPrefix)); err == nil {
		for name, wid := range wellKnownIDs {
			if wid == id {
				return "[Symbol(Symbol." + name + ")]"
			}
		}
	}
	return "[a symbol]"
}

func (in *Interp) symKey(s *symbolVal) string {
	return symbolPrefix + strconv.Itoa(s.id)
}

// wellKnownIDs fix the well-known symbols' keys (negative ids, which
// made symbols never get), so code without an Interp can look for them.
var wellKnownIDs = map[string]int{"iterator": -1, "asyncIterator": -2, "toPrimitive": -3, "toStringTag": -4}

// tagKey is Symbol.toStringTag's property key.
var tagKey = symbolPrefix + strconv.Itoa(wellKnownIDs["toStringTag"])

// wellKnown is Symbol.<name>, made once per run.
func (in *Interp) wellKnown(name string) *symbolVal {
	if s, ok := in.symbols["@@"+name]; ok {
		return s
	}
	s := in.newSymbol("Symbol." + name)
	if id, ok := wellKnownIDs[name]; ok {
		delete(in.symByKey, in.symKey(s))
		s.id = id
		in.symByKey[in.symKey(s)] = s
	}
	if in.symbols == nil {
		in.symbols = map[string]*symbolVal{}
	}
	in.symbols["@@"+name] = s
	return s
}

func (s *symbolVal) String() string { return "Symbol(" + s.desc + ")" }

// propKey is the property key a value names: a symbol's own key, or the
// value as a string.
func (in *Interp) propKey(v Value) (string, bool) {
	if s, ok := v.(*symbolVal); ok {
		return in.symKey(s), true
	}
	return toStr(v)
}

func (in *Interp) symbolBuiltin() *Native {
	sym := &Native{Name: "Symbol", Props: map[string]Value{}}
	sym.Fn = func(_ Value, a []Value, _ ir.Pos) Value { return in.newSymbol(arg(a, 0)) }
	for _, n := range []string{"iterator", "asyncIterator", "toPrimitive", "toStringTag"} {
		sym.Props[n] = in.wellKnown(n)
	}
	sym.Props["for"] = native("for", func(_ Value, a []Value, pos ir.Pos) Value {
		k, ok := toStr(arg(a, 0))
		if !ok {
			return unknown{why: "Symbol.for"}
		}
		return in.symbolFor(k)
	})
	return sym
}

// symbolFor is Symbol.for(k): one symbol per key in a run.
func (in *Interp) symbolFor(k string) *symbolVal {
	if in.symbols == nil {
		in.symbols = map[string]*symbolVal{}
	}
	if s, ok := in.symbols["for:"+k]; ok {
		return s
	}
	s := in.newSymbol(k)
	in.symbols["for:"+k] = s
	return s
}

// symbolMember is sym.description, sym.toString().
func (in *Interp) symbolMember(s *symbolVal, k string, pos ir.Pos) Value {
	switch k {
	case "description":
		if !s.hasDesc {
			return nil
		}
		if !in.p.Has(loop.SymbolDescription) {
			return nil
		}
		return s.desc
	case "toString":
		return native("toString", func(Value, []Value, ir.Pos) Value { return s.String() })
	}
	in.reason(pos, "Symbol.prototype.%s is not modelled", k)
	return unknown{why: k}
}

// iteratorMethod is a built-in iterable's [Symbol.iterator]: it returns
// an iterator object over its receiver (arrays live, as V8's).
func (in *Interp) iteratorMethod() *Native {
	return native("[Symbol.iterator]", func(this Value, _ []Value, pos ir.Pos) Value {
		it := in.openIter(this, nil, pos)
		if it == nil {
			return unknown{why: "iterator"}
		}
		return in.iterObject(it, pos)
	})
}

// iterObject is an Array Iterator object over it: its next steps it.
func (in *Interp) iterObject(it *iterRec, pos ir.Pos) *Object {
	o := newObject()
	o.Class = "Array Iterator"
	o.born = in.epoch
	o.Props["next"] = native("next", func(Value, []Value, ir.Pos) Value {
		v, done := in.iterStep(it, pos)
		return iterResult(v, done)
	})
	o.Props[in.symKey(in.wellKnown("iterator"))] = native("[Symbol.iterator]", func(this Value, _ []Value, _ ir.Pos) Value { return this })
	return o
}
