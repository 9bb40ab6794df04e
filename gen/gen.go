package gen

import (
	"fmt"
	"math/rand/v2"

	"github.com/looplint/looplint/loop"
)

// Options configure generation.
type Options struct {
	// Size bounds the scheduling statements of a program: timers,
	// intervals, immediates, ticks, microtasks, file reads, promise chains
	// (once, however many links), awaits, calls of a function, emitters.
	// Logs, loops and declarations do not count. Default 6.
	Size int
	// Node selects the APIs used: queueMicrotask (11+), Promise.allSettled
	// (12.9+) and Promise.any (15+) only where that release has them.
	// Zero: the newest modelled release.
	Node loop.Version
	// NoEmitters leaves out EventEmitter on/once/emit.
	NoEmitters bool
	// NoFS leaves out fs.readFile of the program's own file (__filename).
	NoFS bool
	// NoMissingFile leaves out fs.readFile of a file that does not exist
	// (__filename + '.missing').
	NoMissingFile bool
}

const maxDepth = 3

// Generate returns the program of seed under o. The same seed and options
// always give the same program.
func Generate(seed uint64, o Options) *Program {
	if o.Size <= 0 {
		o.Size = 6
	}
	if o.Node == (loop.Version{}) {
		o.Node = loop.Newest
	}
	g := &generator{r: rand.New(rand.NewPCG(seed, 0x6c6f6f706c696e74)), o: o, prof: loop.Profile{Node: o.Node},
		budget: o.Size, min: loop.Version{Major: 8}}
	var body []*Stmt
	top := ctx{mult: 1}
	body = append(body, g.log(top))
	for g.budget > 0 && len(body) < 4*o.Size+4 {
		body = append(body, g.stmt(top))
	}
	if g.r.IntN(2) == 0 {
		body = append(body, g.log(top))
	}
	return &Program{Seed: seed, Opts: o, Body: body, MinNode: g.min}
}

type generator struct {
	r      *rand.Rand
	o      Options
	prof   loop.Profile
	budget int
	labels int // L1, L2, ...
	errors int // E1, E2, ...
	names  int // suffix of declared names
	min    loop.Version
}

// ctx is what a statement's position allows.
type ctx struct {
	depth   int
	async   bool   // directly inside an async function body: await allowed
	counter string // innermost counter variable a log may print
	mult    int    // how many times this position runs, at most (loops, intervals, calls)
	err     bool   // inside a catch block whose e is one of our Errors
}

func (c ctx) child() ctx { c.depth++; c.async = false; return c }

func (g *generator) need(feature loop.Feature, v loop.Version) bool {
	if !g.prof.Has(feature) {
		return false
	}
	if g.min.Major < v.Major || g.min.Major == v.Major && g.min.Minor < v.Minor {
		g.min = v
	}
	return true
}

func (g *generator) pick(xs ...int) int { return xs[g.r.IntN(len(xs))] }

func (g *generator) chance(p float64) bool { return g.r.Float64() < p }

func (g *generator) name() string { g.names++; return fmt.Sprint(g.names) }

func (g *generator) errMsg() string { g.errors++; return fmt.Sprintf("E%d", g.errors) }

func (g *generator) log(c ctx) *Stmt {
	g.labels++
	s := &Stmt{Kind: Log, Label: fmt.Sprintf("L%d", g.labels)}
	switch {
	case c.err && g.chance(0.5):
		s.Show = "e.message"
	case c.counter != "" && g.chance(0.7):
		s.Show = c.counter
	}
	return s
}

// body is a callback's block: a log, then up to two more statements.
func (g *generator) body(c ctx) []*Stmt {
	out := []*Stmt{g.log(c)}
	for n := g.r.IntN(max(4-c.depth, 2)); n > 0; n-- {
		out = append(out, g.stmt(c))
	}
	return out
}

// weighted is an option drawn with weight w (pick).
type weighted[K any] struct {
	k K
	w float64
}

// pick draws one of cs, each as likely as its weight, with one draw of r.
func pick[K any](r *rand.Rand, cs []weighted[K]) K {
	total := 0.0
	for _, c := range cs {
		total += c.w
	}
	x := r.Float64() * total
	for _, c := range cs {
		if x < c.w {
			return c.k
		}
		x -= c.w
	}
	return cs[len(cs)-1].k
}

type choice = weighted[Kind]

func (g *generator) stmt(c ctx) *Stmt {
	if g.budget <= 0 || c.depth >= maxDepth {
		return g.log(c)
	}
	cs := []choice{{Log, 1.5}, {Timeout, 2}, {Immediate, 1.5}, {Tick, 1.5}, {Chain, 2.5}, {Func, 1.2}}
	if g.prof.Has(loop.QueueMicrotask) {
		cs = append(cs, choice{Microtask, 1})
	}
	if c.mult <= 3 {
		cs = append(cs, choice{Interval, 0.6}, choice{Loop, 0.7})
	}
	if !g.o.NoFS || !g.o.NoMissingFile {
		cs = append(cs, choice{ReadFile, 0.8})
	}
	if !g.o.NoEmitters {
		cs = append(cs, choice{Emitter, 0.8})
	}
	if c.async {
		cs = append(cs, choice{Await, 3.5}, choice{TryAwait, 0.6})
	}
	k := pick(g.r, cs)
	switch k {
	case Log:
		return g.log(c)
	case Loop:
		return g.loop(c)
	case Func:
		return g.fn(c)
	}
	g.budget--
	switch k {
	case Timeout:
		return &Stmt{Kind: Timeout, Delay: g.pick(0, 0, 1, 2, 5, 10), Body: g.body(c.child())}
	case Immediate:
		return &Stmt{Kind: Immediate, Body: g.body(c.child())}
	case Tick:
		return &Stmt{Kind: Tick, Body: g.body(c.child())}
	case Microtask:
		g.need(loop.QueueMicrotask, loop.Version{Major: 11})
		return &Stmt{Kind: Microtask, Body: g.body(c.child())}
	case ReadFile:
		s := &Stmt{Kind: ReadFile, Body: g.body(c.child())}
		if !g.o.NoMissingFile && (g.o.NoFS || g.chance(0.3)) {
			s.Src = SrcReject // a file that does not exist
		}
		return s
	case Interval:
		n := g.name()
		cc := c.child()
		cc.counter = "n" + n
		s := &Stmt{Kind: Interval, Name: n, Delay: g.pick(0, 1, 2, 5), Count: 1 + g.r.IntN(3)}
		cc.mult *= s.Count
		s.Body = g.body(cc)
		return s
	case Emitter:
		return g.emitter(c)
	case Await:
		return &Stmt{Kind: Await, Ret: g.awaited(c)}
	case TryAwait:
		cc := c
		cc.err = true
		return &Stmt{Kind: TryAwait, Label: g.errMsg(), Alt: g.body(cc)}
	default: // Chain
		return g.chain(c)
	}
}

func (g *generator) loop(c ctx) *Stmt {
	n := g.name()
	s := &Stmt{Kind: Loop, Name: n, Var: g.chance(0.4), Count: 2 + g.r.IntN(2)}
	cc := c
	cc.depth++
	cc.counter = "i" + n
	cc.mult *= s.Count
	s.Body = g.body(cc)
	return s
}

// fn is a function declaration and its calls, or an async IIFE.
func (g *generator) fn(c ctx) *Stmt {
	n := g.name()
	s := &Stmt{Kind: Func, Name: n, Async: g.chance(0.6)}
	cc := c.child()
	cc.async = s.Async
	if s.Async && g.chance(0.4) {
		g.budget--
		s.IIFE = true
		s.Body = g.body(cc)
		return s
	}
	cc.counter = "c" + n
	calls := 1 + g.r.IntN(2)
	cc.mult *= calls
	for i := 0; i < calls && (i == 0 || g.budget > 0); i++ {
		g.budget--
		call := &Stmt{Kind: Call, Name: n}
		vias := []Src{ViaDirect, ViaDirect, ViaTimeout, ViaImmediate, ViaTick, ViaThen}
		if c.async {
			vias = append(vias, ViaAwait, ViaAwait)
		}
		call.Src = vias[g.r.IntN(len(vias))]
		if call.Src == ViaTimeout {
			call.Delay = g.pick(0, 1, 2, 5)
		}
		if s.Async && call.Src == ViaDirect && g.chance(0.5) {
			call.Body = g.body(c.child()) // .then(() => { ... })
		}
		s.Items = append(s.Items, call)
	}
	s.Body = g.body(cc)
	return s
}

func (g *generator) emitter(c ctx) *Stmt {
	n := g.name()
	s := &Stmt{Kind: Emitter, Name: n}
	for i, k := 0, 2+g.r.IntN(3); i < k; i++ {
		switch x := g.r.IntN(5); {
		case x < 2:
			s.Items = append(s.Items, &Stmt{Kind: Listen, Name: n, Src: ViaOn, Body: g.body(c.child())})
		case x < 3:
			s.Items = append(s.Items, &Stmt{Kind: Listen, Name: n, Src: ViaOnce, Body: g.body(c.child())})
		default:
			s.Items = append(s.Items, &Stmt{Kind: Listen, Name: n, Src: ViaEmit})
		}
	}
	return s
}

// awaited is what an Await awaits: never a rejection (async bodies never
// reject, so no call of an async function needs a catch).
func (g *generator) awaited(c ctx) *Stmt {
	srcs := []Src{SrcValue, SrcResolve, SrcResolve, SrcTimer, SrcImmediate, SrcTick, SrcThenable, SrcAsync, SrcExecutor, SrcAll, SrcRace}
	if g.prof.Has(loop.PromiseAllSettled) {
		srcs = append(srcs, SrcAllSettled)
	}
	return g.elem(c, srcs[g.r.IntN(len(srcs))], false)
}

// elem builds an expression statement of kind src; reject allows
// rejecting elements inside combinators.
func (g *generator) elem(c ctx, src Src, reject bool) *Stmt {
	e := &Stmt{Kind: Elem, Src: src}
	switch src {
	case SrcValue, SrcResolve:
		e.Value = g.pick(0, 1, 2, 3)
	case SrcReject:
		e.Label = g.errMsg()
	case SrcTimer:
		e.Delay = g.pick(0, 1, 2, 5, 10)
	case SrcExecutor, SrcThenable:
		e.Value = g.pick(0, 1, 2)
		e.Body = g.body(c.child())
	case SrcAsync:
		cc := c.child()
		cc.async = true
		e.Body = g.body(cc)
	case SrcAll, SrcRace, SrcAllSettled, SrcAny:
		switch src {
		case SrcAllSettled:
			g.need(loop.PromiseAllSettled, loop.Version{Major: 12, Minor: 9})
		case SrcAny:
			g.need(loop.PromiseAny, loop.Version{Major: 15})
		}
		srcs := []Src{SrcResolve, SrcTimer, SrcImmediate, SrcValue, SrcAsync, SrcExecutor}
		if reject {
			srcs = append(srcs, SrcReject, SrcReject)
		}
		for i, k := 0, 1+g.r.IntN(3); i < k; i++ {
			e.Elems = append(e.Elems, g.elem(c, srcs[g.r.IntN(len(srcs))], reject))
		}
	}
	return e
}

// rejects reports whether elem e can reject.
func rejects(e *Stmt) bool {
	switch e.Src {
	case SrcReject:
		return true
	case SrcAll, SrcRace:
		for _, x := range e.Elems {
			if rejects(x) {
				return true
			}
		}
	case SrcAny:
		for _, x := range e.Elems {
			if !rejects(x) {
				return false
			}
		}
		return true
	}
	return false
}

func (g *generator) chain(c ctx) *Stmt {
	srcs := []Src{SrcResolve, SrcResolve, SrcReject, SrcExecutor, SrcTimer, SrcImmediate, SrcTick, SrcAll, SrcRace}
	if g.prof.Has(loop.PromiseAllSettled) {
		srcs = append(srcs, SrcAllSettled)
	}
	if g.prof.Has(loop.PromiseAny) {
		srcs = append(srcs, SrcAny)
	}
	src := g.elem(c, srcs[g.r.IntN(len(srcs))], true)
	s := &Stmt{Kind: Chain, Ret: src}
	may := rejects(src)
	aggregate := src.Src == SrcAny
	catchCtx := c.child()
	catchCtx.err = !aggregate
	for i, k := 0, 1+g.r.IntN(3); i < k; i++ {
		l := &Stmt{Kind: Link}
		switch x := g.r.IntN(10); {
		case x < 7:
			l.Src = SrcThen
			l.Body = g.body(c.child())
		case x < 9:
			l.Src = SrcCatch
			l.Body = g.body(catchCtx)
		default:
			l.Src = SrcFinally
			l.Body = g.body(c.child())
		}
		threw := false
		switch x := g.r.IntN(8); {
		case x == 0 && l.Src != SrcFinally:
			l.Body = append(l.Body, &Stmt{Kind: Throw, Label: g.errMsg()})
			threw = true
		case x <= 2:
			rs := []Src{SrcValue, SrcResolve, SrcReject, SrcTimer, SrcImmediate, SrcThenable, SrcAsync}
			l.Ret = g.elem(c.child(), rs[g.r.IntN(len(rs))], false)
			threw = rejects(l.Ret)
		}
		switch l.Src {
		case SrcThen, SrcFinally:
			may = may || threw
		case SrcCatch:
			may = threw
		}
		s.Items = append(s.Items, l)
	}
	if may {
		s.Items = append(s.Items, &Stmt{Kind: Link, Src: SrcCatch, Body: g.body(catchCtx)})
	}
	return s
}
