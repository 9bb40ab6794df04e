package explore

import (
	"fmt"
	"math"
	"slices"

	"github.com/looplint/looplint/loop"
)

const inf = math.MaxInt64 / 4

// SymClock is a loop.Clock whose reading n is a variable T_n >= 0, no
// earlier than the latest reading of its domain, no more than the lag
// earlier than the latest of each other domain (loop.Domain), and no
// earlier than floor when one is given. Cmp answers
// from the constraints when they imply the answer; otherwise it asks the
// chooser which of the feasible outcomes (<, =, >) to take and records it
// as a constraint, so every answer it gives is consistent with some
// integer assignment of the readings.
type SymClock struct {
	choose func(n int) int
	// d[x][y] is the tightest implied bound on x - y (closed under
	// shortest paths). Variable 0 is process start (time 0, Base -1);
	// variable i+1 is reading i.
	d     [][]int64
	kinds []loop.ReadKind
	last  [loop.NumDomains]int // per loop.Domain, the variable of its latest reading
	// trails are the pairs (variables) where the later reading may trail
	// the earlier by a millisecond.
	trails [][2]int
	// MaxReads bounds readings per run; past it Read panics with a Cut.
	MaxReads int
	// SpinCut: see spinning.
	SpinCut bool

	onFork func(r int) // after a comparison with several feasible answers
	// The host's side of busy-wait cutting (spinning): mark notes the
	// program's state at a wait's comparison, same reports that it is
	// unchanged since (only the clock moved), where names the comparison
	// (Exec.Busy). Without them every pass counts as unchanged, at one
	// place.
	mark  func()
	same  func() bool
	where func() string
	// cutOn is the answer that, chosen, cuts the path (a pass that
	// changed state would repeat; see spinning); none when -2. changed
	// counts the passes in a row that changed state.
	cutOn   int
	changed int

	events int // reads and undetermined comparisons so far
	moves  func() int
	spin   spinState
	reach  []int // add's scratch
	// later is, while a comparison of the program's newest reading with
	// an older time asks its chooser, the answer where that reading is
	// the later one (time went on); -1 otherwise (Exec.onward).
	later int
}

// spinState remembers the last comparison that found the newest user
// reading earlier than some time, or equal to it.
type spinState struct {
	ok      bool
	reading int // Base of that reading
	other   loop.Time
	event   int
	cb      int
	aIs     bool   // the reading was Cmp's first operand
	r       int    // the answer
	where   string // the comparison (its place in the program)
}

// noCut: no answer of this comparison cuts the path.
const noCut = -2

// Cut is the panic value that stops a run at a budget; the explorer
// recovers it and reports the path as cut.
type Cut struct{ Reason string }

// NewSymClock returns a clock asking choose(n) for an index in [0, n)
// whenever a comparison has n > 1 feasible outcomes.
func NewSymClock(choose func(n int) int) *SymClock {
	c := &SymClock{choose: choose, MaxReads: 2000, SpinCut: true, cutOn: noCut, later: -1}
	c.d = [][]int64{{0}}
	return c
}

// Readings is the number of readings taken.
func (c *SymClock) Readings() int { return len(c.kinds) }

func vr(base int) int { return base + 1 }

// Read implements loop.Clock.
func (c *SymClock) Read(k loop.ReadKind, floor *loop.Time) loop.Time {
	n := len(c.kinds)
	if c.MaxReads > 0 && n >= c.MaxReads {
		panic(Cut{fmt.Sprintf("more than %d clock readings on one path", c.MaxReads)})
	}
	c.kinds = append(c.kinds, k)
	v := n + 1
	for i := range c.d {
		c.d[i] = append(c.d[i], inf)
	}
	row := make([]int64, v+1)
	for i := range row {
		row[i] = inf
	}
	row[v] = 0
	c.d = append(c.d, row)
	// The latest reading of each domain (or time 0) bounds T_n below;
	// older ones are implied.
	d := k.Domain()
	for e, u := range c.last {
		lag := d.Lag(loop.Domain(e))
		c.add(u, v, lag)
		if lag > 0 && u != 0 {
			c.trails = append(c.trails, [2]int{u, v})
		}
	}
	c.last[d] = v
	if floor != nil {
		c.add(vr(floor.Base), v, -floor.Off)
	}
	c.events++
	return loop.Time{Base: n}
}

// ReadNear implements loop.Near: Read, with T_n - b.T <= b.MS for each
// bound the constraints allow (a floor could force more), and, for an
// AtLeast bound, T_n - b.T >= b.MS as far as they allow.
func (c *SymClock) ReadNear(k loop.ReadKind, floor *loop.Time, bounds []loop.Bound) loop.Time {
	t := c.Read(k, floor)
	x := vr(t.Base)
	for _, b := range bounds {
		y := vr(b.T.Base)
		k := b.MS + b.T.Off
		switch {
		case b.AtLeast:
			c.add(y, x, -min(k, c.d[x][y]))
		case -c.d[y][x] <= k:
			c.add(x, y, k)
		}
	}
	return t
}

// add records x - y <= k, keeping d closed. The caller has checked
// feasibility; a negative cycle here is a bug.
func (c *SymClock) add(x, y int, k int64) {
	if k >= c.d[x][y] {
		return
	}
	if c.d[y][x] < inf && k+c.d[y][x] < 0 {
		panic("predict: infeasible constraint added")
	}
	// Only the columns y reaches change: a fresh reading's row reaches
	// itself alone, so adding its bounds costs a column, not the matrix.
	dy := c.d[y]
	qs := c.reach[:0]
	for q, yq := range dy {
		if yq < inf {
			qs = append(qs, q)
		}
	}
	c.reach = qs
	for _, dp := range c.d {
		px := dp[x]
		if px >= inf {
			continue
		}
		base := px + k
		for _, q := range qs {
			if w := base + dy[q]; w < dp[q] {
				dp[q] = w
			}
		}
	}
}

// Outcomes of a comparison, in the order they are offered.
const (
	lt = -1
	eq = 0
	gt = 1
)

// Cmp implements loop.Clock.
func (c *SymClock) Cmp(a, b loop.Time) int {
	i, j := vr(a.Base), vr(b.Base)
	// a < b  <=>  T_i - T_j < k.
	k := b.Off - a.Off
	hi := c.d[i][j] // T_i - T_j <= hi
	lo := int64(-inf)
	if c.d[j][i] < inf {
		lo = -c.d[j][i] // T_i - T_j >= lo
	}
	var opts []int
	if lo <= k-1 {
		opts = append(opts, lt)
	}
	if lo <= k && k <= hi {
		opts = append(opts, eq)
	}
	if hi >= k+1 {
		opts = append(opts, gt)
	}
	if len(opts) == 1 {
		c.noteSpin(a, b, opts[0])
		return opts[0]
	}
	opts = c.spinning(a, b, opts)
	cutOn := c.cutOn
	c.cutOn = noCut
	r := opts[0]
	if len(opts) > 1 {
		c.later = c.laterOf(a, b, opts, gt, lt)
		r = opts[c.choose(len(opts))]
		c.later = -1
		if c.onFork != nil {
			c.onFork(r)
		}
	}
	if r == cutOn {
		where := ""
		if w := c.place(); w != "" {
			where = " (" + w + ")"
		}
		panic(Cut{"a loop that waits on the clock changes state on each pass" + where + ": only its first passes are followed"})
	}
	switch r {
	case lt:
		c.add(i, j, k-1)
	case eq:
		c.add(i, j, k)
		c.add(j, i, -k)
	case gt:
		c.add(j, i, -k-1)
	}
	c.events++
	c.noteSpin(a, b, r)
	return r
}

// Leq reports a <= b, with two answers where Cmp has three: the loop asks
// it where earlier and equal mean the same, and the union of the two
// constraints is exactly T_a - T_b <= k, so nothing is lost.
func (c *SymClock) Leq(a, b loop.Time) bool {
	i, j := vr(a.Base), vr(b.Base)
	k := b.Off - a.Off // a <= b  <=>  T_i - T_j <= k
	hi := c.d[i][j]
	lo := int64(-inf)
	if c.d[j][i] < inf {
		lo = -c.d[j][i]
	}
	var opts []int // lt stands for <=
	if lo <= k {
		opts = append(opts, lt)
	}
	if hi >= k+1 {
		opts = append(opts, gt)
	}
	r := opts[0]
	if len(opts) > 1 {
		c.later = c.laterOf(a, b, opts, gt, lt)
		r = opts[c.choose(len(opts))]
		c.later = -1
		if c.onFork != nil {
			c.onFork(r)
		}
		if r == lt {
			c.add(i, j, k)
		} else {
			c.add(j, i, -k-1)
		}
		c.events++
	}
	c.noteSpin(a, b, r)
	return r == lt
}

// Knows implements loop.Knower: a <= b in every solution, or in none.
func (c *SymClock) Knows(a, b loop.Time) (leq, known bool) {
	i, j := vr(a.Base), vr(b.Base)
	k := b.Off - a.Off // a <= b  <=>  T_i - T_j <= k
	if c.d[i][j] <= k {
		return true, true
	}
	if c.d[j][i] < inf && -c.d[j][i] > k {
		return false, true
	}
	return false, false
}

// laterOf is the index in opts of the answer where the program's newest
// reading is the later operand (aLater when it is a, bLater when b), -1
// when neither operand is that reading or the answer is not offered.
func (c *SymClock) laterOf(a, b loop.Time, opts []int, aLater, bLater int) int {
	_, _, aIs, ok := c.newestUser(a, b)
	if !ok {
		return -1
	}
	want := bLater
	if aIs {
		want = aLater
	}
	return slices.Index(opts, want)
}

// newestUser reports which operand is the newest reading when it is a
// program's reading (Date.now, performance.now), with the other operand.
func (c *SymClock) newestUser(a, b loop.Time) (reading int, other loop.Time, aIsReading bool, ok bool) {
	n := len(c.kinds) - 1
	if n < 0 || c.kinds[n].Domain() == loop.LoopDomain {
		return 0, loop.Time{}, false, false
	}
	switch {
	case a.Base == n && a.Off == 0 && b.Base != n:
		return n, b, true, true
	case b.Base == n && b.Off == 0 && a.Base != n:
		return n, a, false, true
	}
	return 0, loop.Time{}, false, false
}

func (c *SymClock) noteSpin(a, b loop.Time, r int) {
	reading, other, aIs, ok := c.newestUser(a, b)
	waiting := ok && (r == eq || aIs && r == lt || !aIs && r == gt)
	if !waiting {
		c.spin = spinState{}
		return
	}
	c.spin = spinState{ok: true, reading: reading, other: other, event: c.events, cb: c.cb(), aIs: aIs, r: r, where: c.place()}
	if c.mark != nil {
		c.mark()
	}
}

// place names the comparison being made ("" without a host): two passes
// of one wait compare at the same place.
func (c *SymClock) place() string {
	if c.where == nil {
		return ""
	}
	return c.where()
}

func (c *SymClock) cb() int {
	if c.moves == nil {
		return 0
	}
	return c.moves()
}

// spinning drops the repeated outcome of a busy-wait pass: the previous
// user reading was found earlier than X (or equal to it), then the only
// thing that happened was one more user reading (no callback ran), that
// reading is compared with the same X, and the program's state is as it
// was then (the host's same). Answering "earlier" (or "equal") again
// would repeat that state with time standing still, which is the
// infinite path of `while (Date.now() - t < 5) {}`; real time passes.
// A pass that changed state (counting, printing, scheduling something
// new) cannot be dropped: from the second such pass in a row, the answer
// that repeats it cuts the path instead, so the prediction says it is
// incomplete. Disable with SpinCut=false (then only MaxReads bounds the
// path).
func (c *SymClock) spinning(a, b loop.Time, opts []int) []int {
	if !c.SpinCut || !c.spin.ok {
		return opts
	}
	reading, other, aIs, ok := c.newestUser(a, b)
	if !ok || reading != c.spin.reading+1 || other != c.spin.other || aIs != c.spin.aIs ||
		c.events != c.spin.event+1 || c.cb() != c.spin.cb || c.place() != c.spin.where {
		c.changed = 0
		return opts
	}
	drop := c.spin.r
	if c.same != nil && !c.same() {
		// One changed pass is allowed: the first may differ from the
		// rest (a wait's first pass runs in main, the others in ticks).
		if c.changed++; c.changed >= 2 {
			c.cutOn = drop
		}
		return opts
	}
	c.changed = 0
	out := opts[:0:0]
	for _, o := range opts {
		if o != drop {
			out = append(out, o)
		}
	}
	if len(out) == 0 {
		return opts
	}
	return out
}

// Trailing says which clock the answers so far force to read a
// millisecond behind the program's reading of another clock before it
// ("" when none is forced).
func (c *SymClock) Trailing() string {
	for _, p := range c.trails {
		if c.d[p[1]][p[0]] < 0 {
			return fmt.Sprintf("%s read a millisecond behind %s", clockName(c.kinds[p[1]-1]), clockName(c.kinds[p[0]-1]))
		}
	}
	return ""
}

func clockName(k loop.ReadKind) string {
	switch k.Domain() {
	case loop.WallDomain:
		return "Date.now()"
	case loop.MonoDomain:
		return "performance.now()"
	}
	return "the loop's clock"
}

// Solution is the smallest non-negative integer assignment of the
// readings satisfying every constraint: T_n = -d[start][T_n], the longest
// chain of lower bounds from time 0.
func (c *SymClock) Solution() []int64 {
	out := make([]int64, len(c.kinds))
	for n := range out {
		out[n] = -c.d[0][n+1]
	}
	return out
}

// Advances is Solution as the milliseconds passing before each reading,
// counted from the latest reading so far (loop.Oracle.Advance): the
// `clock` of a loop.Witness. Replaying it with the concrete clock
// reproduces every comparison answer, since the concrete readings are
// exactly Solution (each satisfies its floor and domain bounds by
// construction).
func (c *SymClock) Advances() []int64 {
	sol := c.Solution()
	out := make([]int64, len(sol))
	top := int64(0)
	for i, v := range sol {
		out[i] = v - top
		top = max(top, v)
	}
	return out
}

// Pin makes reading t concrete: the least value the constraints allow,
// plus step where nothing bounds it lower, and returns it. A host that
// must hand the program a number (the runtime's Date.now()) pins it, and
// its answer is then incomplete: other values could print otherwise.
// step > 0 lets a busy-wait make progress, as loop.Default does.
func (c *SymClock) Pin(t loop.Time, step int64) int64 {
	x := vr(t.Base)
	v := -c.d[0][x] + step
	if hi := c.d[x][0]; hi < v {
		v = hi
	}
	c.add(x, 0, v)
	c.add(0, x, -v)
	return v + t.Off
}
