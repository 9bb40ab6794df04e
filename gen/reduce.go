package gen

// Reduce minimizes p while keep holds: a ddmin over the statements of the
// tree (every statement, link, element, call and link return value is a
// unit; removing one removes its subtree). keep(p) is assumed true. The
// result is 1-minimal: removing any single remaining unit makes keep
// false. Every candidate is a valid program (see the package comment).
func Reduce(p *Program, keep func(*Program) bool) *Program {
	removed := map[*Stmt]bool{}
	seen := map[string]bool{}
	try := func(drop []*Stmt) bool {
		next := make(map[*Stmt]bool, len(removed)+len(drop))
		for s := range removed {
			next[s] = true
		}
		for _, s := range drop {
			next[s] = true
		}
		q := p.without(next)
		src := q.Code()
		if seen[src] {
			return false
		}
		seen[src] = true
		if !keep(q) {
			return false
		}
		removed = next
		return true
	}
	seen[p.Code()] = true
	n := 2
	for {
		units := p.units(removed)
		if len(units) == 0 {
			break
		}
		if n > len(units) {
			n = len(units)
		}
		size := (len(units) + n - 1) / n
		progress := false
		for i := 0; i < len(units); i += size {
			if try(units[i:min(i+size, len(units))]) {
				progress = true
				break
			}
		}
		switch {
		case progress:
			n = max(n-1, 2)
		case n >= len(units):
			return p.without(removed)
		default:
			n = min(2*n, len(units))
		}
	}
	return p.without(removed)
}

// units lists the removable statements still in the tree, parents first.
func (p *Program) units(removed map[*Stmt]bool) []*Stmt {
	var out []*Stmt
	var list func(ss []*Stmt)
	var one func(s *Stmt)
	one = func(s *Stmt) {
		list(s.Body)
		list(s.Alt)
		list(s.Elems)
		list(s.Items)
		if s.Ret != nil {
			if s.Kind == Link { // a link's return value is optional
				if !removed[s.Ret] {
					out = append(out, s.Ret)
					one(s.Ret)
				}
			} else {
				one(s.Ret)
			}
		}
	}
	list = func(ss []*Stmt) {
		for _, s := range ss {
			if removed[s] {
				continue
			}
			out = append(out, s)
			one(s)
		}
	}
	list(p.Body)
	return out
}

// without is a copy of p without the removed statements.
func (p *Program) without(removed map[*Stmt]bool) *Program {
	q := *p
	q.Body = cloneList(p.Body, removed)
	return &q
}

func cloneList(ss []*Stmt, removed map[*Stmt]bool) []*Stmt {
	var out []*Stmt
	for _, s := range ss {
		if !removed[s] {
			out = append(out, clone(s, removed))
		}
	}
	return out
}

func clone(s *Stmt, removed map[*Stmt]bool) *Stmt {
	c := *s
	c.Body = cloneList(s.Body, removed)
	c.Alt = cloneList(s.Alt, removed)
	c.Elems = cloneList(s.Elems, removed)
	c.Items = cloneList(s.Items, removed)
	if s.Ret != nil {
		if removed[s.Ret] {
			c.Ret = nil
		} else {
			c.Ret = clone(s.Ret, removed)
		}
	}
	return &c
}

// Units is the number of removable statements of p.
func (p *Program) Units() int { return len(p.units(nil)) }
