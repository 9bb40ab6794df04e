package gen

import (
	"fmt"
	"math/rand/v2"

	"github.com/looplint/looplint/loop"
)

// Puzzle levels: 1 is synchronous code, nextTick, promise chains and
// setTimeout in the main module; 2 adds setImmediate, queueMicrotask,
// executors, rejections and callbacks that schedule more; 3 adds async
// functions and await, thenables, then callbacks that return promises,
// Promise.all/race and fs.readFile callbacks that schedule timers and
// immediates.
const (
	MinLevel = 1
	MaxLevel = 3
)

// Puzzle returns the quiz program of seed at level (clamped to
// MinLevel..MaxLevel) for release node. Every console.log in it runs at
// most once and prints a label naming what prints it ("sync 1",
// "nextTick", "then in timeout", "after await"), distinct in the
// program. Whether the program prints one order is for the predictor to
// say; Puzzle only avoids the obvious races (setTimeout against
// setImmediate in the main module, timers of different delays).
func Puzzle(seed uint64, level int, node loop.Version) *Program {
	level = min(max(level, MinLevel), MaxLevel)
	if node == (loop.Version{}) {
		node = loop.Newest
	}
	r := rand.New(rand.NewPCG(seed, 0x71756978))
	var g *puzzler
	var body []*Stmt
	for range 1000 {
		// Drawn again until it shows its level and stays short enough
		// to order by hand (most draws do at once).
		g = &puzzler{r: r, level: level, prof: loop.Profile{Node: node}, min: loop.Version{Major: 8}, parents: map[*Stmt]*Stmt{}}
		body = g.program()
		if logs := countLogs(body); logs >= 3 && logs <= MaxLabels && showsLevel(body, level) {
			break
		}
	}
	numberLabels(body, g.parents)
	return &Program{Seed: seed, Opts: Options{Node: node}, Body: body, MinNode: g.min}
}

// MaxLabels bounds the lines a puzzle prints.
const MaxLabels = 12

func (g *puzzler) program() []*Stmt {
	g.budget = []int{3, 4, 4}[g.level-1] + g.r.IntN(3)
	top := pctx{region: "sync"}
	var body []*Stmt
	if g.r.IntN(3) > 0 {
		body = append(body, g.log(top))
	}
	for g.budget > 0 {
		body = append(body, g.stmt(top))
	}
	if g.r.IntN(2) == 0 {
		body = append(body, g.log(top))
	}
	return body
}

func countLogs(body []*Stmt) int {
	n := 0
	inSource(body, func(s *Stmt) {
		if s.Kind == Log {
			n++
		}
	})
	return n
}

// showsLevel: the program uses something its level adds (level 2: an
// immediate, a microtask, an executor, a rejection, catch or finally, a
// callback that schedules another; level 3: an async function, a file
// read, a then callback that returns a promise or a thenable,
// Promise.all/race).
func showsLevel(body []*Stmt, level int) bool {
	found := level == 1
	var visit func(ss []*Stmt, nested bool)
	visit = func(ss []*Stmt, nested bool) {
		for _, s := range ss {
			if s == nil {
				continue
			}
			switch level {
			case 2:
				switch {
				case s.Kind == Immediate, s.Kind == Microtask,
					s.Kind == Elem && (s.Src == SrcExecutor || s.Src == SrcReject),
					s.Kind == Link && s.Src != SrcThen,
					nested && s.Kind != Log && s.Kind != Link && s.Kind != Elem:
					found = true
				}
			case 3:
				switch {
				case s.Kind == Func, s.Kind == ReadFile, s.Kind == Link && s.Ret != nil && s.Ret.Src != SrcValue,
					s.Kind == Elem && (s.Src == SrcThenable || s.Src == SrcAll || s.Src == SrcRace):
					found = true
				}
			}
			inner := nested || s.Kind != Chain && s.Kind != Elem
			visit(s.Body, inner)
			visit(s.Alt, inner)
			visit(s.Elems, nested)
			visit(s.Items, nested)
			if s.Ret != nil {
				visit([]*Stmt{s.Ret}, nested)
			}
		}
	}
	visit(body, false)
	return found
}

type puzzler struct {
	r      *rand.Rand
	level  int
	prof   loop.Profile
	budget int
	min    loop.Version
	// timers notes that the main module set a timer, immediates an
	// immediate: the two race there, so a puzzle uses one kind.
	timers, immediates bool
	parents            map[*Stmt]*Stmt // a log's parent log (numberLabels)
}

// pctx is where a statement goes: the kind of callback its logs name
// and the log naming the callback around it (nil in the main module).
type pctx struct {
	depth  int
	region string // "sync", "timeout", "then", "async body", "after await", ...
	parent *Stmt
	self   *Stmt // the log of the callback the statement is in (nil in the main module)
}

// in is the context of a callback of kind inside c.
func (c pctx) in(kind string) pctx {
	return pctx{depth: c.depth + 1, region: kind, parent: c.self}
}

// log is a console.log of the region's kind; numberLabels makes its
// label from the kind and the parent's label.
func (g *puzzler) log(c pctx) *Stmt {
	s := &Stmt{Kind: Log, Label: c.region}
	g.parents[s] = c.parent
	return s
}

func (g *puzzler) chance(p float64) bool { return g.r.Float64() < p }

func (g *puzzler) need(f loop.Feature, v loop.Version) bool {
	if !g.prof.Has(f) {
		return false
	}
	if g.min.Less(v) {
		g.min = v
	}
	return true
}

// body is a callback's block: its log, then, at most two callbacks deep
// (one at level 1), maybe a statement that schedules more.
func (g *puzzler) body(c pctx) []*Stmt {
	out := []*Stmt{g.log(c)}
	c.self = out[0]
	if c.depth < min(g.level, 2) && g.budget > 0 && g.chance(0.35+0.1*float64(g.level)) {
		out = append(out, g.stmt(c))
	}
	return out
}

func (g *puzzler) stmt(c pctx) *Stmt {
	type opt = weighted[string]
	main := c.depth == 0
	opts := []opt{{"tick", 2}, {"chain", 3}}
	if main {
		// (A callback logs once: its label names it.)
		opts = append(opts, opt{"log", 0.8})
	}
	if !main || !g.immediates {
		opts = append(opts, opt{"timeout", 2})
	}
	if g.level >= 2 {
		if !main || !g.timers {
			opts = append(opts, opt{"immediate", 1.5})
		}
		if g.prof.Has(loop.QueueMicrotask) {
			opts = append(opts, opt{"microtask", 1})
		}
	}
	if g.level >= 3 {
		opts = append(opts, opt{"async", 2.5})
		if main {
			opts = append(opts, opt{"readFile", 1.5})
		}
	}
	k := pick(g.r, opts)
	if k == "log" {
		return g.log(c)
	}
	g.budget--
	switch k {
	case "tick":
		return &Stmt{Kind: Tick, Body: g.body(c.in("nextTick"))}
	case "microtask":
		g.need(loop.QueueMicrotask, loop.Version{Major: 11})
		return &Stmt{Kind: Microtask, Body: g.body(c.in("microtask"))}
	case "timeout":
		if main {
			g.timers = true
		}
		return &Stmt{Kind: Timeout, Body: g.body(c.in("timeout"))}
	case "immediate":
		if main {
			g.immediates = true
		}
		return &Stmt{Kind: Immediate, Body: g.body(c.in("immediate"))}
	case "readFile":
		return g.readFile(c)
	case "async":
		return g.async(c)
	}
	return g.chain(c)
}

// readFile is an I/O callback that schedules a timer and an immediate,
// or a tick: inside it the immediate always runs first.
func (g *puzzler) readFile(c pctx) *Stmt {
	cc := c.in("readFile")
	s := &Stmt{Kind: ReadFile, Body: []*Stmt{g.log(cc)}}
	cc.self = s.Body[0]
	kinds := []Kind{Timeout, Immediate, Tick}
	g.r.Shuffle(len(kinds), func(i, j int) { kinds[i], kinds[j] = kinds[j], kinds[i] })
	for _, k := range kinds[:1+g.r.IntN(3)] {
		name := map[Kind]string{Timeout: "timeout", Immediate: "immediate", Tick: "nextTick"}[k]
		s.Body = append(s.Body, &Stmt{Kind: k, Body: []*Stmt{g.log(cc.in(name))}})
	}
	return s
}

// async is an async arrow called in place: its body runs at once up to
// its first await, the rest after.
func (g *puzzler) async(c pctx) *Stmt {
	cc := c.in("async body")
	s := &Stmt{Kind: Func, Async: true, IIFE: true, Body: []*Stmt{g.log(cc)}}
	cc.self = s.Body[0]
	after := c.in("after await") // named after the caller's callback, not the body
	for n := 1 + g.r.IntN(2); n > 0; n-- {
		s.Body = append(s.Body, &Stmt{Kind: Await, Ret: g.awaited(cc)}, g.log(after))
	}
	if g.budget > 0 && g.chance(0.3) {
		g.budget--
		s.Body = append(s.Body, &Stmt{Kind: Tick, Body: g.body(cc.in("nextTick"))})
	}
	return s
}

// awaited is what an await waits for: never a rejection.
func (g *puzzler) awaited(c pctx) *Stmt {
	srcs := []Src{SrcValue, SrcResolve, SrcResolve, SrcThenable, SrcTick, SrcExecutor}
	if g.level >= 3 {
		srcs = append(srcs, SrcAll, SrcRace)
	}
	return g.elem(c, srcs[g.r.IntN(len(srcs))])
}

// elem builds a promise source that never rejects (SrcReject aside).
func (g *puzzler) elem(c pctx, src Src) *Stmt {
	e := &Stmt{Kind: Elem, Src: src}
	switch src {
	case SrcResolve, SrcValue:
		e.Value = 1 + g.r.IntN(3)
	case SrcExecutor:
		e.Body = []*Stmt{g.log(c.in("executor"))}
	case SrcThenable:
		e.Body = []*Stmt{g.log(c.in("thenable"))}
	case SrcReject:
		e.Label = "boom"
	case SrcAll, SrcRace:
		// Elements print nothing: their order is the combinator's.
		srcs := []Src{SrcResolve, SrcValue, SrcTick}
		for i, k := 0, 2+g.r.IntN(2); i < k; i++ {
			e.Elems = append(e.Elems, g.elem(c, srcs[g.r.IntN(len(srcs))]))
		}
	}
	return e
}

// chain is a promise and its links; it tracks whether the promise
// rejects so that every link it adds runs: then on fulfilment, catch on
// rejection, finally on either.
func (g *puzzler) chain(c pctx) *Stmt {
	srcs := []Src{SrcResolve}
	if g.level >= 2 {
		srcs = append(srcs, SrcResolve, SrcExecutor, SrcReject)
	}
	if g.level >= 3 {
		srcs = append(srcs, SrcAll, SrcRace)
	}
	s := &Stmt{Kind: Chain, Ret: g.elem(c, srcs[g.r.IntN(len(srcs))])}
	rejected := s.Ret.Src == SrcReject
	finally := g.level >= 2 && g.need(loop.PromiseFinally, loop.Version{Major: 10})
	links := 1 + g.r.IntN(2)
	if g.level >= 2 {
		links = 1 + g.r.IntN(3)
	}
	for i := 0; i < links || rejected; i++ {
		l := &Stmt{Kind: Link, Src: SrcThen}
		switch {
		case rejected:
			l.Src = SrcCatch
			rejected = false
		case finally && g.chance(0.2):
			l.Src = SrcFinally
		}
		name := map[Src]string{SrcThen: "then", SrcCatch: "catch", SrcFinally: "finally"}[l.Src]
		lc := c.in(name)
		l.Body = g.body(lc)
		lc.self = l.Body[0]
		if g.level >= 3 && l.Src != SrcFinally && g.chance(0.4) {
			rs := []Src{SrcResolve, SrcResolve, SrcThenable, SrcValue}
			l.Ret = g.elem(lc, rs[g.r.IntN(len(rs))])
		}
		if g.level >= 2 && l.Src == SrcThen && l.Ret == nil && i+1 < links && g.chance(0.15) {
			l.Body = append(l.Body, &Stmt{Kind: Throw, Label: "boom"})
			rejected = true
		}
		s.Items = append(s.Items, l)
	}
	return s
}

// numberLabels turns each log's kind into its label: the kind, numbered
// in the order the program's text shows them when a callback (or the
// main module) holds several of that kind ("then 1", "then 2"), then
// " in " and the label of the callback around it ("nextTick in then 2").
// Parents come before their children in the text, so they are labelled
// first.
func numberLabels(body []*Stmt, parents map[*Stmt]*Stmt) {
	type key struct {
		kind   string
		parent *Stmt
	}
	count := map[key]int{}
	inSource(body, func(s *Stmt) {
		if s.Kind == Log {
			count[key{s.Label, parents[s]}]++
		}
	})
	seen := map[key]int{}
	inSource(body, func(s *Stmt) {
		if s.Kind != Log {
			return
		}
		k := key{s.Label, parents[s]}
		if count[k] > 1 {
			seen[k]++
			s.Label = fmt.Sprintf("%s %d", s.Label, seen[k])
		}
		if k.parent != nil {
			s.Label += " in " + k.parent.Label
		}
	})
}

// inSource visits the statements in the order Code renders them.
func inSource(ss []*Stmt, f func(*Stmt)) {
	for _, s := range ss {
		if s == nil {
			continue
		}
		f(s)
		switch s.Kind {
		case Chain:
			inSource([]*Stmt{s.Ret}, f)
			inSource(s.Items, f)
		case Link:
			inSource(s.Body, f)
			if s.Ret != nil {
				inSource([]*Stmt{s.Ret}, f)
			}
		case Await:
			inSource([]*Stmt{s.Ret}, f)
		default:
			inSource(s.Body, f)
			inSource(s.Alt, f)
			inSource(s.Elems, f)
			inSource(s.Items, f)
		}
	}
}

// Labels are the program's labels in the order its text shows them.
func (p *Program) Labels() []string {
	var out []string
	inSource(p.Body, func(s *Stmt) {
		if s.Kind == Log {
			out = append(out, s.Label)
		}
	})
	return out
}
