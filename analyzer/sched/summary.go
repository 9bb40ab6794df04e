package sched

import (
	"slices"

	"github.com/grafana/sobek/ast"
)

// Timing says when a function calls a callback it was given: before it
// returns (Sync), later from the event loop or a microtask (Async), or on
// some paths one and on others the other (Sync|Async). Zero: not called
// as far as the file shows (or through a function it cannot see).
type Timing uint8

const (
	Sync Timing = 1 << iota
	Async
	// Later: when the function is called, if ever, is not known, but it
	// cannot be before the site that hands it on (a closure given to a
	// function the file does not show). Composed with an asynchronous
	// site it is Async; alone it says nothing.
	Later
	// User: handed to a function the caller of the declaring function
	// supplies (a parameter, a function stored from one: this.load =
	// load), which may call it at once or later, as that caller's code
	// does. Kept to the declaring function's own summary: its callers
	// know what they supplied.
	User
)

// Known is t without Later and User.
func (t Timing) Known() Timing { return t &^ (Later | User) }

// Summary is what a function does with the functions it is given,
// computed over the whole file (through helper calls, nested closures,
// returned wrappers and callbacks stored on this and called by methods).
type Summary struct {
	// Params: by parameter position, how the function calls the function
	// passed there (directly, through p.call/p.apply, by handing it to
	// another function of the file or to a scheduling call).
	Params []Timing
	// Wraps: by parameter position, how the function this one returns
	// calls that parameter: Async for a dezalgo-style wrapper (it defers
	// the call), Sync for once-style wrappers.
	Wraps []Timing
	// Props: how the function calls callbacks stored on this
	// (this.onDone(...)), directly or through methods it calls.
	Props map[string]Timing
	// Uses: where each parameter is used (filled on the last round).
	Uses [][]Use
	// Parked: by parameter position, the function pushes the parameter
	// itself onto a queue that a later call drains (Call.Parks). Not in
	// Params: whether that later call comes after this one returns is
	// known only for the function's own parameter, not for the callers
	// that hand it a closure through a helper.
	Parked []bool
}

// Use is one call of a parameter (or a hand-off of it), seen from the
// function that declares the parameter.
type Use struct {
	Site *Call  // the call of the parameter, or the call it is handed to
	Top  *Call  // the site in the declaring function's own body that leads to Site (nil: none found)
	When Timing // relative to a call of the declaring function
	Via  *Call  // for Async: the site that defers it (a scheduling site, an await, a helper)
}

// compose: what runs at timing t relative to a body that itself runs at
// link relative to its caller.
func compose(link, t Timing) Timing {
	var out Timing
	if link&Async != 0 && t != 0 {
		out |= Async
	}
	if link&Sync != 0 {
		out |= t
	}
	if link&Later != 0 {
		// Whenever it runs, if ever: what it defers is still deferred.
		if t&Async != 0 {
			out |= Async
		}
		if t&(Sync|Later|User) != 0 {
			out |= Later
		}
	}
	if link&User != 0 {
		if t&Async != 0 {
			out |= Async
		}
		if t&(Sync|User) != 0 {
			out |= User
		}
		if t&Later != 0 {
			out |= Later
		}
	}
	return out
}

// AsyncSite reports whether the functions s is given run later: a
// scheduling site or a then/catch/finally.
func AsyncSite(s *Call) bool {
	return s.Kind.Async() || s.Method == "then" || s.Method == "catch" || s.Method == "finally"
}

// ParamNames lists a function's parameters (its plain identifiers; ""
// for patterns).
func ParamNames(n ast.Node) []string {
	var pl *ast.ParameterList
	switch n := n.(type) {
	case *ast.FunctionLiteral:
		pl = n.ParameterList
	case *ast.ArrowFunctionLiteral:
		pl = n.ParameterList
	}
	if pl == nil {
		return nil
	}
	out := make([]string, len(pl.List))
	for i, b := range pl.List {
		if id, ok := b.Target.(*ast.Identifier); ok {
			out[i] = id.Name.String()
		}
	}
	return out
}

// Params are fn's parameters' names (ParamNames of its node), made once
// per function: the summary and the checks ask for them at many sites.
// The slice is shared: callers only read it.
func (fn *Func) Params() []string {
	if fn.params == nil && fn.Node != nil {
		fn.params = ParamNames(fn.Node)
	}
	return fn.params
}

// Summary returns fn's summary (computed for the whole file on first use).
func (f *Facts) Summary(fn *Func) *Summary {
	if f.sums == nil {
		f.summarize()
	}
	return f.sums[fn]
}

type sumState struct {
	f        *Facts
	await    map[*Func]*Call // first await of each function
	rebinds  map[*Func][]*rebind
	record   bool
	changed  bool
	linkMemo map[*Func]linkT
	propUses map[*Func]map[string][]Use
	// active: the calls a round can learn anything from, in source
	// order, with what it reads of them (see activeCalls); insts: the
	// calls of a value made by new.
	active []activeCall
	insts  []*Call
}

// activeCall is a call as a round reads it: the names at the call that
// are parameters of an enclosing function, found once rather than in
// every round.
type activeCall struct {
	s *Call
	// callee: p of p(...), p.call(...) or p.apply(...); args: by
	// position, the argument's name (p or p.bind(...)), "" for the others.
	callee string
	args   []string
	// dot and root: for this.x(...) (or a call of a loaded this.x), the
	// member and the function whose this it is.
	dot  *ast.DotExpression
	root *Func
}

type rebind struct {
	name string
	call *Call // p = wrap(p)
	arg  int
}

type linkT struct {
	t         Timing
	via, site *Call
	uvia      *Call // for User: the call of the caller's function
	// syncSite, asyncSite: the parent's sites (tops) through which fn
	// runs synchronously, and asynchronously.
	syncSite, asyncSite *Call
}

func (f *Facts) summarize() {
	st := &sumState{f: f, await: map[*Func]*Call{}, rebinds: map[*Func][]*rebind{}}
	f.sums = map[*Func]*Summary{}
	for _, fn := range f.Funcs {
		ps := fn.Params()
		f.sums[fn] = &Summary{Params: make([]Timing, len(ps)), Wraps: make([]Timing, len(ps)), Props: map[string]Timing{}, Uses: make([][]Use, len(ps)), Parked: make([]bool, len(ps))}
		for _, c := range fn.Calls {
			if c.Kind == Await {
				st.await[fn] = c
				break
			}
		}
	}
	for _, r := range f.rebinds {
		c := f.callBy[r.call]
		if c == nil {
			continue
		}
		for j, a := range c.Args {
			if id, ok := a.(*ast.Identifier); ok && id.Name.String() == r.name {
				st.rebinds[r.fn] = append(st.rebinds[r.fn], &rebind{name: r.name, call: c, arg: j})
			}
		}
	}
	// const job = new Job(sql, cb): job holds cb as the class's
	// constructor stores it, as if job.callback = cb (a queue that parks
	// job parks cb).
	for _, nb := range f.newBinds {
		nc := f.callBy[nb.node]
		if nc == nil || !st.paramArgs(nc) {
			continue
		}
		holds, _ := f.newHolds(nc, "")
		for j, prop := range holds {
			if prop == "" || j >= len(nc.Args) {
				continue
			}
			if id, ok := nc.Args[j].(*ast.Identifier); ok {
				f.objStores = append(f.objStores, propStore{nb.fn, nb.name, id.Name.String()})
			}
		}
	}
	st.active, st.insts = st.activeCalls()
	for round := 0; round < 12; round++ {
		st.changed = false
		st.linkMemo = map[*Func]linkT{}
		st.round()
		if !st.changed {
			break
		}
	}
	st.record = true
	st.linkMemo = map[*Func]linkT{}
	st.round()
}

func (st *sumState) add(p *Timing, t Timing) {
	if *p|t != *p {
		*p |= t
		st.changed = true
	}
}

// siteTime: when s runs relative to its function's start: after an
// await, asynchronously.
func (st *sumState) siteTime(s *Call) (Timing, *Call) {
	if a := st.await[s.Func]; a != nil && a != s && a.Node.Idx0() < s.Node.Idx0() {
		return Async, a
	}
	return Sync, nil
}

func argIndex(c *Call, fn *Func) int {
	for j, a := range c.Args {
		if a == fn.Node {
			return j
		}
	}
	for j, a := range c.Args {
		if _, ok := a.(*ast.Identifier); ok {
			for _, g := range c.Funcs {
				if g == fn {
					return j
				}
			}
		}
	}
	return -1
}

// link: when fn's body runs relative to its parent's body, and through
// which site of the parent.
func (st *sumState) link(fn *Func) linkT {
	if l, ok := st.linkMemo[fn]; ok {
		return l
	}
	var l linkT
	st.linkMemo[fn] = l // cycles: unknown
	note2 := func(t Timing, via, site, siteAsync *Call) {
		if t&Async != 0 && l.via == nil {
			l.via = via
		}
		if site == nil {
			return
		}
		if l.site == nil || site.Func == fn.Parent && l.site.Func != fn.Parent {
			l.site = site
		}
		if t&Sync != 0 && (l.syncSite == nil || site.Func == fn.Parent && l.syncSite.Func != fn.Parent) {
			l.syncSite = site
		}
		if t&Async != 0 && l.asyncSite == nil {
			l.asyncSite = siteAsync
			if siteAsync == nil {
				l.asyncSite = site
			}
		}
		l.t |= t
	}
	note := func(t Timing, via, site *Call) { note2(t, via, site, site) }
	// Each site is seen from fn's parent: a site in a closure nested in
	// the parent runs when that closure runs.
	var relAsyncTop *Call
	rel := func(s *Call) (Timing, *Call, *Call) {
		relAsyncTop = nil
		if s.Func == fn.Parent {
			t, aw := st.siteTime(s)
			return t, aw, s
		}
		u := st.upAll(s, fn.Parent, Sync)
		relAsyncTop = u.topAsync
		return u.t, u.via, u.top
	}
	// fn re-queueing itself (setTimeout(next) inside next): once it has
	// run, it runs again later.
	var again *Call
	for _, s := range fn.Scheduled {
		if AsyncSite(s) && within(s.Func, fn) {
			again = s
			continue
		}
		r, aw, top := rel(s)
		if top == nil {
			continue
		}
		switch {
		case s.Kind == PromiseExec:
			note(r, aw, top)
		case AsyncSite(s):
			note(compose(r, Async), s, top)
		}
	}
	for _, s := range fn.CalledBy {
		r, aw, top := rel(s)
		if top != nil {
			note2(r, aw, top, relAsyncTop)
		}
	}
	for _, s := range fn.passedTo {
		if AsyncSite(s) || s.Kind != None {
			continue
		}
		r, aw, top := rel(s)
		if top == nil || r == 0 {
			continue
		}

		if len(s.Targets()) == 0 {
			// Another module's function: what its facts say it does.
			if ext := st.f.externParams(s); len(ext) > 0 {
				if j := argIndex(s, fn); j >= 0 && j < len(ext) && ext[j] != 0 {
					t := compose(r, ext[j])
					via := aw
					if via == nil || t&Async != 0 && r&Async == 0 {
						via = s
					}
					note(t, via, top)
					continue
				}
			}
			if s.Caller {
				t := compose(r, User)
				if t&User != 0 && l.uvia == nil {
					l.uvia = s
				}
				note(t, aw, top)
				continue
			}
			if st.f.Conventional(s, fn) {
				// Node's convention: a function whose first parameter is
				// an error is a completion callback, called later.
				t := compose(r, Async)
				via := aw
				if via == nil || r&Async == 0 {
					via = s
				}
				note(t, via, top)
				continue
			}
			note(compose(r, Later), aw, top)
			continue
		}
		j := argIndex(s, fn)
		var pt Timing
		for _, g := range s.Targets() {
			if sum := st.f.sums[g]; j >= 0 && sum != nil && j < len(sum.Params) {
				pt |= sum.Params[j] &^ User
			}
		}
		if pt == 0 {
			continue
		}
		t := compose(r, pt)
		via := aw
		if via == nil || t&Async != 0 && r&Async == 0 {
			via = s
		}
		note(t, via, top)
	}
	if again != nil && l.t != 0 && l.site != nil {
		top := l.syncSite
		if top == nil {
			top = l.site
		}
		note2(Async, again, top, top)
	}
	st.linkMemo[fn] = l
	return l
}

// within: g is fn or nested in it.
func within(g, fn *Func) bool {
	for ; g != nil; g = g.Parent {
		if g == fn {
			return true
		}
	}
	return false
}

// declaring finds the function that declares parameter name, seen from
// fn, and its position.
func (st *sumState) declaring(fn *Func, name string) (*Func, int) {
	for g := fn; g != nil && !g.Top; g = g.Parent {
		for i, p := range g.params {
			if p == name {
				return g, i
			}
		}
	}
	return nil, -1
}

// thisRoot: the function whose this a site in fn sees (for an alias
// such as self, the method or constructor it was taken in).
func thisRoot(fn *Func, alias bool) *Func {
	for g := fn; g != nil && !g.Top; g = g.Parent {
		if alias && g.Class != nil {
			return g
		}
		if _, arrow := g.Node.(*ast.ArrowFunctionLiteral); !arrow && !alias {
			return g
		}
	}
	return nil
}

func (st *sumState) propUse(root *Func, prop string, u Use) {
	if !st.record {
		return
	}
	if st.propUses == nil {
		st.propUses = map[*Func]map[string][]Use{}
	}
	if st.propUses[root] == nil {
		st.propUses[root] = map[string][]Use{}
	}
	st.propUses[root][prop] = append(st.propUses[root][prop], u)
}

type upT struct {
	t             Timing
	via, uvia     *Call
	top, topAsync *Call // the root's sites leading to s: for the synchronous and the asynchronous part
	at            map[*Func]Timing
}

// up walks from s's function up to root, composing the timing of each
// link: when s runs (t relative to s) relative to a call of root.
func (st *sumState) up(s *Call, root *Func, t Timing) (Timing, *Call, *Call, map[*Func]Timing) {
	u := st.upAll(s, root, t)
	return u.t, u.via, u.top, u.at
}

func (st *sumState) upAll(s *Call, root *Func, t Timing) upT {
	t0, via := st.siteTime(s)
	t = compose(t0, t)
	top, topA := s, s
	var uvia *Call
	var at map[*Func]Timing // timing relative to each function on the way (for Wraps)
	for h := s.Func; h != root; h = h.Parent {
		if h == nil || h.Top {
			return upT{}
		}
		if st.f.returned[h] {
			if at == nil {
				at = map[*Func]Timing{}
			}
			at[h] = t
		}
		l := st.link(h)
		if l.t&Async != 0 && l.via != nil {
			via = l.via
		}
		if l.t&User != 0 && l.uvia != nil {
			uvia = l.uvia
		}
		t = compose(l.t, t)
		top = l.site
		if l.syncSite != nil {
			top = l.syncSite
		}
		switch {
		case l.asyncSite != nil:
			topA = l.asyncSite
		default:
			topA = top
		}
		if t == 0 {
			return upT{at: at}
		}
	}
	if t&Sync == 0 {
		top = topA
	}
	return upT{t, via, uvia, top, topA, at}
}

// activeCalls are the calls whose part of a round may add to a summary
// or record a use, with the names each reads: every such part needs a
// name at the call (the callee, an argument, or one stored with it) that
// is a parameter of an enclosing function, or a call through this. Those
// do not change between rounds, so the other calls (most of a big file's)
// and the other names are left out of every round, the order kept; insts
// are the calls of a value made by new, whose held callbacks a round
// reads.
func (st *sumState) activeCalls() (active []activeCall, insts []*Call) {
	f := st.f
	param := func(s *Call, name string) bool {
		if s.shadow[name] {
			return false
		}
		if root, _ := st.declaring(s.Func, name); root != nil {
			return true
		}
		if !s.Parks {
			return false
		}
		for _, o := range f.objStores {
			if o.fn == s.Func && o.prop == name {
				if root, _ := st.declaring(s.Func, o.name); root != nil {
					return true
				}
			}
		}
		return false
	}
	for _, s := range f.Calls {
		if s.inst != nil {
			insts = append(insts, s)
		}
		a := activeCall{s: s}
		on := false
		if id := calledIdent(s); id != "" && param(s, id) {
			a.callee, on = id, true
		}
		for j, arg := range s.Args {
			id, ok := arg.(*ast.Identifier)
			if !ok {
				id = boundIdent(arg)
			}
			if id == nil {
				continue
			}
			if name := id.Name.String(); param(s, name) {
				if a.args == nil {
					a.args = make([]string, len(s.Args))
				}
				a.args[j], on = name, true
			}
		}
		d, ok := unwrap(Callee(s.Node)).(*ast.DotExpression)
		if !ok && s.Loaded != nil {
			d, ok = s.Loaded, true
		}
		if ok && (f.IsThis(d.Left) || d == s.Loaded) {
			_, plain := d.Left.(*ast.ThisExpression)
			if root := thisRoot(s.Func, !plain); root != nil {
				a.dot, a.root, on = d, root, true
			}
		}
		if on {
			active = append(active, a)
		}
	}
	return active, insts
}

func (st *sumState) round() {
	f := st.f
	for _, ac := range st.active {
		s := ac.s
		// p(...), p.call(...), p.apply(...)
		if ac.callee != "" {
			st.use(s, ac.callee, Sync)
		}
		for j, name := range ac.args {
			if name == "" { // not a parameter (p.bind(...) counts as p: it calls p when called)
				continue
			}
			switch {
			case s.Parks:
				// q.push(cb), or q.push(job) after job.done = cb.
				names := []string{name}
				for _, o := range f.objStores {
					if o.fn == s.Func && o.prop == names[0] {
						names = append(names, o.name)
					}
				}
				for _, name := range names {
					if root, i := st.declaring(s.Func, name); root == s.Func {
						sum := f.sums[root]
						if !sum.Parked[i] {
							sum.Parked[i] = true
							st.changed = true
						}
						if st.record {
							sum.Uses[i] = append(sum.Uses[i], Use{Site: s, Top: s, When: Async, Via: s})
						}
						// if (ready) this.flush(): on that path the queue
						// is drained before the function returns.
						if t := st.drainedNow(s); t != nil {
							st.add(&sum.Params[i], Sync)
							if st.record {
								sum.Uses[i] = append(sum.Uses[i], Use{Site: s, Top: t, When: Sync})
							}
						}
					}
				}
			case AsyncSite(s) && s.Kind != PromiseExec:
				st.use(s, name, Async)
			case len(s.Targets()) > 0 && s.Kind == None:
				// Through a variable assigned several functions: what any
				// of them does.
				var t Timing
				parked := false
				for _, g := range s.Targets() {
					if sum := f.sums[g]; sum != nil && j < len(sum.Params) {
						t |= sum.Params[j] &^ User
						parked = parked || sum.Parked[j]
					}
				}
				if t != 0 {
					st.use(s, name, t)
				}
				if parked {
					st.parkedVia(s, name)
				}
			case s.Kind == None && s.Caller:
				st.use(s, name, User)
			case s.Kind == None:
				if root, _ := st.declaring(s.Func, name); root == nil {
					continue // not a parameter: nothing to add (and no module to read)
				}
				if ext := f.externParams(s); j < len(ext) && ext[j] != 0 {
					st.use(s, name, ext[j])
				}
			}
		}
		// this.x(...) calls a stored callback; this.m() calls a method
		// whose stored-callback calls count here too.
		if d, root := ac.dot, ac.root; root != nil {
			sum := f.sums[root]
			if s.Target == nil {
				if t, via, top, _ := st.up(s, root, Sync); t != 0 {
					st.addProp(sum, d.Identifier.Name.String(), t)
					st.propUse(root, d.Identifier.Name.String(), Use{Site: s, Top: top, When: t, Via: via})
				}
			} else if ms := f.sums[s.Target]; ms != nil {
				for x, mt := range ms.Props {
					if t, via, top, _ := st.up(s, root, mt); t != 0 {
						st.addProp(sum, x, t)
						if via == nil {
							via = s
						}
						st.propUse(root, x, Use{Site: s, Top: top, When: t, Via: via})
					}
				}
			}
		}
	}
	// v.m() with v = new C(sql, cb): m calls what C stored (cb) as its
	// summary's Props say.
	for _, s := range st.insts {
		for _, h := range st.instCalls(s) {
			st.use(s, h.name, h.t)
		}
	}
	// callback = options: the function passed at options' position is
	// called as callback is.
	for _, pm := range f.paramMoves {
		root, i := st.declaring(pm.fn, pm.to)
		from, j := st.declaring(pm.fn, pm.from)
		if root == nil || from != root || i == j {
			continue
		}
		sum := f.sums[root]
		st.add(&sum.Params[j], sum.Params[i])
		if st.record {
			sum.Uses[j] = append(sum.Uses[j], sum.Uses[i]...)
		}
	}
	// A parameter stored on this is called when the stored callback is.
	for _, ps := range f.propStores {
		root, i := st.declaring(ps.fn, ps.name)
		tr := thisRoot(ps.fn, false)
		if root == nil || tr != root {
			continue
		}
		sum := f.sums[root]
		st.add(&sum.Params[i], sum.Props[ps.prop])
		if st.record {
			sum.Uses[i] = append(sum.Uses[i], st.propUses[root][ps.prop]...)
		}
	}
}

func (st *sumState) addProp(sum *Summary, x string, t Timing) {
	if old := sum.Props[x]; old|t != old {
		sum.Props[x] = old | t
		st.changed = true
	}
}

// use adds a use of name at s (timing t relative to s) to the function
// declaring name as a parameter.
func (st *sumState) use(s *Call, name string, t Timing) {
	root, i := st.declaring(s.Func, name)
	if root == nil {
		return
	}
	// p = wrap(p) before s: the call goes through what wrap returned.
	for _, r := range st.rebinds[root] {
		if r.name == name && r.call != s && r.call.Node.Idx0() < s.Node.Idx0() {
			var wt Timing
			if r.call.Target != nil {
				if ws := st.f.sums[r.call.Target]; ws != nil && r.arg < len(ws.Wraps) {
					wt = ws.Wraps[r.arg]
				}
			} else {
				wt = st.f.externWraps(r.call, r.arg)
			}
			t = compose(t, wt)
		}
	}
	if t == 0 {
		return
	}
	u := st.upAll(s, root, t)
	tt, via, top, at := u.t, u.via, u.top, u.at
	sum := st.f.sums[root]
	for h, ht := range at {
		if h.Parent == root {
			st.add(&sum.Wraps[i], ht)
		}
	}
	if tt == 0 {
		return
	}
	st.add(&sum.Params[i], tt)
	if tt&User != 0 && st.record {
		uv := u.uvia
		if uv == nil {
			uv = s // handed to the caller's function right here
		}
		sum.Uses[i] = append(sum.Uses[i], Use{Site: s, Top: top, When: User, Via: uv})
	}
	if tt = tt.Known(); tt == 0 {
		return
	}
	if st.record {
		if tt&Async != 0 && via == nil {
			via = s
		}
		if tt == Sync|Async && u.topAsync != top {
			sum.Uses[i] = append(sum.Uses[i], Use{Site: s, Top: top, When: Sync}, Use{Site: s, Top: u.topAsync, When: Async, Via: via})
		} else {
			sum.Uses[i] = append(sum.Uses[i], Use{Site: s, Top: top, When: tt, Via: via})
		}
	}
}

// newHolds: for a new site, by argument, the property of the instance
// the class stores it in; and what its method calls of those properties.
func (f *Facts) newHolds(nc *Call, method string) (holds []string, props map[string]Timing) {
	if nc.Class != nil {
		holds = f.holds(nc.Class)
		for c := nc.Class; c != nil && props == nil && method != ""; c = c.SuperClass {
			if m := c.Methods[method]; m != nil && f.sums[m] != nil {
				props = f.sums[m].Props
			}
		}
		return holds, props
	}
	for _, e := range f.externs(nc) {
		if len(e.Holds) > 0 {
			if me := e.Members[method]; me != nil {
				props = me.Props
			}
			return e.Holds, props
		}
	}
	return nil, nil
}

// paramArgs: some argument of c is a parameter of a function enclosing
// it (the only values a summary follows).
func (st *sumState) paramArgs(c *Call) bool {
	for _, a := range c.Args {
		if id, ok := a.(*ast.Identifier); ok {
			if root, _ := st.declaring(c.Func, id.Name.String()); root != nil {
				return true
			}
		}
	}
	return false
}

type held struct {
	name string
	t    Timing
}

// instCalls: at v.m(...), where v = new C(..., cb, ...), the parameters
// of the file's functions that C stored on the instance and that m
// calls, with m's timing for each.
func (st *sumState) instCalls(s *Call) []held {
	if s.inst == nil {
		return nil
	}
	nc := st.f.callBy[s.inst]
	if nc == nil || !st.paramArgs(nc) {
		return nil
	}
	holds, props := st.f.newHolds(nc, s.Method)
	var out []held
	for j, prop := range holds {
		if prop == "" || props[prop] == 0 || j >= len(nc.Args) {
			continue
		}
		if id, ok := nc.Args[j].(*ast.Identifier); ok {
			out = append(out, held{id.Name.String(), props[prop]})
		}
	}
	return out
}

// drainedNow: a call after the park site s, in the same function and
// under a condition, that drains s's queue before returning (directly or
// through the file's functions it calls at once). Unconditional drains
// are left alone: the queue is then a detour, not a wait.
func (st *sumState) drainedNow(s *Call) *Call {
	key := st.f.File.Text(s.Recv)
	drainers := st.f.drainers[key]
	if len(drainers) == 0 {
		return nil
	}
	var reaches func(c *Call, depth int) bool
	reaches = func(c *Call, depth int) bool {
		for _, g := range c.Targets() {
			if slices.Contains(drainers, g) {
				return true
			}
			if depth < 3 {
				for _, d := range g.Calls {
					if t, _ := st.siteTime(d); t == Sync && reaches(d, depth+1) {
						return true
					}
				}
			}
		}
		return false
	}
	for _, t := range s.Func.Calls {
		if t.Node.Idx0() <= s.Node.Idx0() || !t.Guarded || t.Kind != None {
			continue
		}
		if tt, _ := st.siteTime(t); tt == Sync && reaches(t, 0) {
			return t
		}
	}
	return nil
}

// parkedVia: name, a parameter of the function s is directly in, is
// handed at s to a function that parks it on a queue a later call
// drains (mode(cb) with mode = (c) => waiting.push(c)): it waits for
// that later call, as if pushed here.
func (st *sumState) parkedVia(s *Call, name string) {
	root, i := st.declaring(s.Func, name)
	if root != s.Func {
		return
	}
	if t, _ := st.siteTime(s); t != Sync {
		return
	}
	sum := st.f.sums[root]
	if !sum.Parked[i] {
		sum.Parked[i] = true
		st.changed = true
	}
	if st.record {
		sum.Uses[i] = append(sum.Uses[i], Use{Site: s, Top: s, When: Async, Via: s})
	}
}

// calledIdent: the name p of a call p(...), p.call(...) or p.apply(...).
func calledIdent(s *Call) string {
	c, ok := s.Node.(*ast.CallExpression)
	if !ok {
		return ""
	}
	switch e := unwrap(c.Callee).(type) {
	case *ast.Identifier:
		return e.Name.String()
	case *ast.DotExpression:
		if n := e.Identifier.Name; n == "call" || n == "apply" {
			if id, ok := e.Left.(*ast.Identifier); ok {
				return id.Name.String()
			}
		}
	}
	return ""
}

// Callee returns the callee expression of a call or new site.
func Callee(n ast.Node) ast.Expression {
	switch n := n.(type) {
	case *ast.CallExpression:
		return n.Callee
	case *ast.NewExpression:
		return n.Callee
	}
	return nil
}

// boundIdent: p for p.bind(...).
func boundIdent(e ast.Expression) *ast.Identifier {
	c, ok := e.(*ast.CallExpression)
	if !ok {
		return nil
	}
	d, ok := c.Callee.(*ast.DotExpression)
	if !ok || d.Identifier.Name != "bind" {
		return nil
	}
	id, _ := d.Left.(*ast.Identifier)
	return id
}

// PassedTo returns the sites fn is handed to as an argument.
func (fn *Func) PassedTo() []*Call { return fn.passedTo }
