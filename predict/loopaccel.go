package predict

import (
	"math"

	"github.com/looplint/looplint/ir"
)

// Counted loops that only count: `for (let i = 0; i < 2e9; i++) {}` or
// `while (n > 0) { n -= 2; k++; }`. Snippets burn time this way before
// the loop starts; interpreting two billion iterations is out of reach,
// but such a loop's only effect is its final counter values, which
// arithmetic gives exactly. The time it takes needs nothing: time spent
// in synchronous code is unconstrained in the symbolic clock anyway.

// counting is a loop whose condition compares a counter with a bound
// that the loop does not change, and whose body and update only add
// number constants to variables.
type counting struct {
	v     string             // the counter the condition tests
	op    string             // v op bound
	bound ir.Expr            // evaluated once
	step  map[string]float64 // per iteration, body and update together
}

// flip is each comparison with its operands swapped.
var flip = map[string]string{"<": ">", "<=": ">=", ">": "<", ">=": "<=", "!=": "!=", "!==": "!=="}

// countingOf is countingLoop, recognised once per loop statement (keyed by
// its condition) for the run: a loop in a function called often is not
// re-analysed on every call.
func (in *Interp) countingOf(cond, update ir.Expr, body []ir.Stmt) *counting {
	if cond == nil {
		return nil
	}
	c, ok := in.counted[cond]
	if !ok {
		c = countingLoop(cond, update, body)
		if in.counted == nil {
			in.counted = map[ir.Expr]*counting{}
		}
		in.counted[cond] = c
	}
	return c
}

// countingLoop recognises the shape (nil when it does not match).
func countingLoop(cond, update ir.Expr, body []ir.Stmt) *counting {
	b, ok := cond.(*ir.Binary)
	if !ok {
		return nil
	}
	c := &counting{step: map[string]float64{}}
	if update != nil && !c.addExpr(update) {
		return nil
	}
	if !c.addStmts(body) {
		return nil
	}
	if _, ok := flip[b.Op]; !ok {
		return nil
	}
	if v, ok := b.L.(*ir.Var); ok && c.step[v.Name] != 0 && c.fixed(b.R) {
		c.v, c.op, c.bound = v.Name, b.Op, b.R
		return c
	}
	if v, ok := b.R.(*ir.Var); ok && c.step[v.Name] != 0 && c.fixed(b.L) {
		c.v, c.op, c.bound = v.Name, flip[b.Op], b.L
		return c
	}
	return nil
}

func (c *counting) addStmts(body []ir.Stmt) bool {
	for _, s := range body {
		switch s := s.(type) {
		case *ir.ExprStmt:
			if !c.addExpr(s.X) {
				return false
			}
		case *ir.Assign:
			if !c.add(s.Op, s.Target, s.Value) {
				return false
			}
		case *ir.Block:
			if !c.addStmts(s.Body) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

func (c *counting) addExpr(e ir.Expr) bool {
	switch e := e.(type) {
	case *ir.Unary:
		v, ok := e.X.(*ir.Var)
		if !ok || e.Op != "++" && e.Op != "--" {
			return false
		}
		if e.Op == "++" {
			c.step[v.Name]++
		} else {
			c.step[v.Name]--
		}
		return true
	case *ir.AssignExpr:
		return c.add(e.Op, e.Target, e.Value)
	case *ir.Sequence:
		for _, x := range e.List {
			if !c.addExpr(x) {
				return false
			}
		}
		return true
	}
	return false
}

// add is `v += k` or `v -= k` for a number literal k.
func (c *counting) add(op string, t ir.Pattern, x ir.Expr) bool {
	v, ok := t.(*ir.Var)
	k, kok := numLit(x)
	if !ok || !kok || op != "+=" && op != "-=" {
		return false
	}
	if op == "-=" {
		k = -k
	}
	c.step[v.Name] += k
	return true
}

func numLit(x ir.Expr) (float64, bool) {
	switch x := x.(type) {
	case *ir.Const:
		if x.Kind != ir.Number {
			return 0, false
		}
		f, ok := numberValue(x.Value)
		return f, ok && isSafeInt(f)
	case *ir.Unary:
		if x.Op == "-" {
			f, ok := numLit(x.X)
			return -f, ok
		}
	}
	return 0, false
}

// fixed: an expression with no effects that reads none of the counted
// variables, so the loop cannot change its value.
func (c *counting) fixed(x ir.Expr) bool {
	switch x := x.(type) {
	case *ir.Const:
		return x.Kind == ir.Number
	case *ir.Var:
		_, counted := c.step[x.Name]
		return !counted
	case *ir.Unary:
		return (x.Op == "-" || x.Op == "+") && c.fixed(x.X)
	case *ir.Binary:
		switch x.Op {
		case "+", "-", "*", "/", "**", "%":
			return c.fixed(x.L) && c.fixed(x.R)
		}
	}
	return false
}

func isSafeInt(f float64) bool { return f == math.Trunc(f) && math.Abs(f) <= 1<<53 }

// skipCounting runs a counting loop's iterations at once: every counted
// variable moves by n steps, n being the iterations whose condition
// holds. It does nothing (the loop then runs as usual) unless the
// variables hold safe integers and the loop ends within them.
func (in *Interp) skipCounting(c *counting, sc *Scope, fr *frame) {
	cells := map[string]*cell{}
	for name := range c.step {
		cl := sc.lookup(name)
		if cl == nil || cl.konst {
			return
		}
		if f, ok := cl.v.(float64); !ok || !isSafeInt(f) {
			return
		}
		cells[name] = cl
	}
	k, ok := in.eval(c.bound, sc, fr).(float64)
	if !ok || math.IsNaN(k) || math.IsInf(k, 0) {
		return
	}
	v0, d := cells[c.v].v.(float64), c.step[c.v]
	var n float64
	switch c.op {
	case "<":
		if v0 < k && d <= 0 {
			return
		}
		n = math.Max(0, math.Ceil((k-v0)/d))
	case "<=":
		if v0 <= k && d <= 0 {
			return
		}
		n = math.Max(0, math.Floor((k-v0)/d)+1)
	case ">":
		if v0 > k && d >= 0 {
			return
		}
		n = math.Max(0, math.Ceil((v0-k)/-d))
	case ">=":
		if v0 >= k && d >= 0 {
			return
		}
		n = math.Max(0, math.Floor((v0-k)/-d)+1)
	default: // != and !==
		q := (k - v0) / d
		if q < 0 || q != math.Trunc(q) {
			return
		}
		n = q
	}
	// Rounding cannot move the count: check both ends exactly.
	at := func(m float64) bool { return compare(c.op, v0+m*d, k) }
	if n == 0 || !at(n-1) || at(n) {
		return
	}
	for name, cl := range cells {
		if !isSafeInt(cl.v.(float64) + n*c.step[name]) {
			return
		}
	}
	for name, cl := range cells {
		in.mut(cl.born)
		cl.v = cl.v.(float64) + n*c.step[name]
	}
	in.meter.Statements(int64(min(n, 1e15))) // time Node spends on them
}

func compare(op string, a, b float64) bool {
	switch op {
	case "<":
		return a < b
	case "<=":
		return a <= b
	case ">":
		return a > b
	case ">=":
		return a >= b
	}
	return a != b
}
