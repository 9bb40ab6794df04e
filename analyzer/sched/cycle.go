package sched

// Edge is one step by which control passes from a function to another
// without the event loop getting a turn: a synchronous call, or a site
// whose queue is drained before the loop moves on (nextTick, microtasks).
type Edge struct {
	To   *Func
	Site *Call
}

// Graph maps a function to its outgoing edges.
type Graph map[*Func][]Edge

// Graph builds the edges of the file: every synchronous call (Call.Target),
// and the functions passed to each site for which follow returns true.
func (f *Facts) Graph(follow func(*Call) bool) Graph {
	g := Graph{}
	for _, c := range f.Calls {
		if c.Target != nil {
			g[c.Func] = append(g[c.Func], Edge{c.Target, c})
		}
		if c.Kind != None && follow(c) {
			for _, fn := range c.Funcs {
				g[c.Func] = append(g[c.Func], Edge{fn, c})
			}
		}
	}
	return g
}

// Add adds an edge.
func (g Graph) Add(from *Func, e Edge) { g[from] = append(g[from], e) }

// Path returns the edges of a shortest path from `from` to `to` (empty
// when from == to), and whether there is one.
func (g Graph) Path(from, to *Func) ([]Edge, bool) {
	type prev struct {
		fn *Func
		e  Edge
	}
	back := map[*Func]prev{from: {}}
	queue := []*Func{from}
	for len(queue) > 0 {
		fn := queue[0]
		queue = queue[1:]
		if fn == to {
			var path []Edge
			for fn != from {
				p := back[fn]
				path = append(path, p.e)
				fn = p.fn
			}
			for i, j := 0, len(path)-1; i < j; i, j = i+1, j-1 {
				path[i], path[j] = path[j], path[i]
			}
			return path, true
		}
		for _, e := range g[fn] {
			if _, seen := back[e.To]; !seen {
				back[e.To] = prev{fn, e}
				queue = append(queue, e.To)
			}
		}
	}
	return nil, false
}

// Cycle is the cycle a site closes: Start is the function the site queues
// (or calls), Path the edges from Start back to the site's function, and
// Guarded says whether the site or any step is under a condition.
type Cycle struct {
	Site    *Call
	Start   *Func
	Path    []Edge
	Guarded bool
}

// CycleThrough finds the cycle site→start→…→site.Func in g.
func (g Graph) CycleThrough(site *Call, start *Func) (*Cycle, bool) {
	path, ok := g.Path(start, site.Func)
	if !ok {
		return nil, false
	}
	c := &Cycle{Site: site, Start: start, Path: path, Guarded: site.Guarded}
	for _, e := range path {
		c.Guarded = c.Guarded || e.Site.Guarded
	}
	return c, true
}

// Funcs lists the functions of the cycle: the site's function, the start,
// then the target of each step (the last is the site's function again).
func (c *Cycle) Funcs() []*Func {
	out := []*Func{c.Site.Func, c.Start}
	for _, e := range c.Path {
		out = append(out, e.To)
	}
	return out
}

// Direct: the site queues its own function with no step in between.
func (c *Cycle) Direct() bool { return len(c.Path) == 0 && c.Start == c.Site.Func }
