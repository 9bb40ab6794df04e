package loop

import (
	"container/heap"
	"fmt"
	"math"
	"slices"
)

// Timer is a Timeout object's state (setTimeout / setInterval).
type Timer struct {
	Cb      any
	msecs   float64 // _idleTimeout after coercion
	repeat  bool
	start   Time // _idleStart
	ref     bool
	cleared bool // clearTimeout: _idleTimeout = -1
	active  bool // inserted and not yet finished or cleared; counts in refTimer when ref
	list    *timerList
	due     point // when it is usually due (poolclock.go)
}

// HasRef is Timeout.hasRef().
func (t *Timer) HasRef() bool { return t.ref }

type timerList struct {
	key     float64
	timers  []*Timer
	expiry  Time  // >= 11: list.expiry; <= 10: the list's libuv timer due time
	id      int64 // >= 11: list.id; <= 10: libuv start_id
	idx     int   // heap index, -1 when not in the heap
	running bool
	parked  bool // Node 8: its libuv timer is stopped; a listTick runs it
}

// listHeap orders lists by (expiry, id); expiries are compared through
// the loop's clock, so a symbolic clock sees every comparison.
type listHeap struct {
	lists []*timerList
	clk   Clock
	l     *Loop
}

func (h listHeap) Len() int { return len(h.lists) }
func (h listHeap) Less(i, j int) bool {
	if h.l != nil && len(h.lists[i].timers) > 0 && len(h.lists[j].timers) > 0 {
		h.l.ask(Question{Kind: AskBefore, Timer: h.lists[i].timers[0], Other: h.lists[j].timers[0]})
		defer func() { h.l.q = Question{} }()
	}
	// Earlier expiry first, then the older list: i first iff
	// e_i <= e_j when i is older, else e_i < e_j (times are whole ms).
	if h.lists[i].id < h.lists[j].id {
		return h.clk.Leq(h.lists[i].expiry, h.lists[j].expiry)
	}
	return h.clk.Leq(h.lists[i].expiry, h.lists[j].expiry.Add(-1))
}
func (h listHeap) Swap(i, j int) {
	h.lists[i], h.lists[j] = h.lists[j], h.lists[i]
	h.lists[i].idx = i
	h.lists[j].idx = j
}
func (h *listHeap) Push(x any) {
	t := x.(*timerList)
	t.idx = len(h.lists)
	h.lists = append(h.lists, t)
}
func (h *listHeap) Pop() any {
	t := h.lists[len(h.lists)-1]
	h.lists = h.lists[:len(h.lists)-1]
	t.idx = -1
	return t
}

func (h *listHeap) top() *timerList {
	if len(h.lists) == 0 {
		return nil
	}
	return h.lists[0]
}

const timeoutMax = 1<<31 - 1

// CoerceDelay applies Node's duration rule (`after *= 1`; anything outside
// [1, 2^31-1] becomes 1) and the warnings of this version. after is the
// numeric value of the argument (NaN for non-numeric input).
func (l *Loop) CoerceDelay(after float64) float64 {
	if after >= 1 && after <= timeoutMax {
		return after
	}
	switch {
	case after > timeoutMax:
		if l.P.TimeoutOverflowWarning() {
			l.host.Warn("TimeoutOverflowWarning", fmt.Sprintf("%s does not fit into a 32-bit signed integer.\nTimeout duration was set to 1.", jsNumber(after)))
		}
	case after < 0 && l.P.TimeoutSignWarnings() && !l.warned["neg"]:
		l.warned["neg"] = true
		l.host.Warn("TimeoutNegativeWarning", fmt.Sprintf("%s is a negative number.\nTimeout duration was set to 1.", jsNumber(after)))
	case math.IsNaN(after) && l.P.TimeoutSignWarnings() && !l.warned["nan"]:
		l.warned["nan"] = true
		l.host.Warn("TimeoutNaNWarning", "NaN is not a number.\nTimeout duration was set to 1.")
	}
	return 1
}

func jsNumber(f float64) string {
	if math.IsInf(f, 1) {
		return "Infinity"
	}
	if math.IsInf(f, -1) {
		return "-Infinity"
	}
	if f == math.Trunc(f) && math.Abs(f) < 1e21 {
		return fmt.Sprintf("%.0f", f)
	}
	return fmt.Sprint(f)
}

// SetTimer creates a timer for an already coerced delay (see CoerceDelay).
func (l *Loop) SetTimer(cb any, msecs float64, repeat bool) *Timer {
	l.effects++
	t := &Timer{Cb: cb, msecs: msecs, repeat: repeat, ref: true}
	l.activate(t)
	l.insert(t, l.readStart())
	return t
}

// activate and deactivate keep refTimer equal to the number of active,
// ref'd timers, whatever order clear, ref, refresh and firing come in.
func (l *Loop) activate(t *Timer) {
	if !t.active {
		t.active = true
		if t.ref {
			l.refTimer++
		}
	}
}

func (l *Loop) deactivate(t *Timer) {
	if t.active {
		t.active = false
		if t.ref {
			l.refTimer--
		}
	}
}

// readStart is getLibuvNow(): a fresh read that also refreshes libuv's
// cached loop time, which Node <= 10's timers phase compares against.
func (l *Loop) readStart() Time {
	now := l.read(ReadTimerStart)
	if l.inPhase {
		l.loopTime = now
	}
	return now
}

func (l *Loop) key(msecs float64) float64 {
	if l.P.TruncDurations() {
		return math.Trunc(msecs)
	}
	return msecs
}

// insert appends t to its duration list, creating the list if needed.
func (l *Loop) insert(t *Timer, start Time) {
	t.start = start
	t.due = point{at: l.estNow(), plus: Work{Lo: int64(t.msecs * 1000), Hi: int64(t.msecs*1000) + UsualLateUS}}
	k := l.key(t.msecs)
	list := l.lists[k]
	t.list = list
	if list == nil {
		// The timer goes in before the list joins the heap, so that the
		// heap's comparisons can say which timers they order.
		l.nextList++
		list = &timerList{key: k, expiry: start.Add(int64(k)), id: l.nextList, timers: []*Timer{t}}
		t.list = list
		l.lists[k] = list
		l.heap.clk, l.heap.l = l.clk, l
		heap.Push(&l.heap, list)
		return
	}
	list.timers = append(list.timers, t)
}

// unlink removes t from its list; an emptied list is dropped unless it is
// the one being run (listOnTimeout drops it itself).
func (l *Loop) unlink(t *Timer) {
	list := t.list
	if list == nil {
		return
	}
	t.list = nil
	for i, x := range list.timers {
		if x == t {
			list.timers = append(list.timers[:i:i], list.timers[i+1:]...)
			break
		}
	}
	if len(list.timers) == 0 && !list.running {
		l.dropList(list)
	}
}

func (l *Loop) dropList(list *timerList) {
	if l.lists[list.key] == list {
		delete(l.lists, list.key)
	}
	if list.idx >= 0 && list.idx < len(l.heap.lists) && l.heap.lists[list.idx] == list {
		heap.Remove(&l.heap, list.idx)
	}
}

// ClearTimer is clearTimeout / clearInterval.
func (l *Loop) ClearTimer(t *Timer) {
	l.effects++
	if t == nil || t.cleared {
		return
	}
	t.cleared = true
	if t.list != nil {
		l.unlink(t)
	}
	l.deactivate(t)
}

// RefTimer is Timeout.ref() / unref().
func (l *Loop) RefTimer(t *Timer, ref bool) {
	l.effects++
	if t.ref == ref {
		return
	}
	t.ref = ref
	if t.active {
		if ref {
			l.refTimer++
		} else {
			l.refTimer--
		}
	}
}

// RefreshTimer is Timeout.refresh(): re-insert with a fresh start, even
// after the timer fired (unref'd on 11.0 to 12.15 and 13.0 to 13.5:
// FiredKeepsRef), unless it was cleared.
func (l *Loop) RefreshTimer(t *Timer) {
	l.effects++
	if t.cleared {
		return
	}
	start := l.readStart()
	if list := t.list; list != nil && l.lists[list.key] == list {
		// insert's L.append moves the timer to the end of its own list,
		// whose expiry and place in the queue stay as they were: the
		// list runs when it was due, finds the timer not yet due and
		// re-queues itself (a refreshed 100 ms timer still runs before a
		// 50 ms one made 90 ms later, if the loop comes late to both).
		list.timers = append(slices.DeleteFunc(list.timers, func(x *Timer) bool { return x == t }), t)
		t.start = start
		return
	}
	l.unlink(t)
	l.activate(t)
	l.insert(t, start)
}

func (l *Loop) activeTimers() int { return len(l.heap.lists) }

// sleepUntilTimer: poll blocks until the earliest list is due.
func (l *Loop) sleepUntilTimer() {
	if top := l.heap.top(); top != nil {
		exp := top.expiry
		l.floor = &exp
		l.sleeps()
		if due := l.nextDue(); due != nil {
			l.advanceTo(*due)
		}
	}
}

// due reports whether a list with this expiry runs at time now; t is the
// timer it decides about.
func (l *Loop) due(expiry, now Time, t *Timer) bool {
	l.ask(Question{Kind: AskExpired, Timer: t})
	due := l.clk.Leq(expiry, now)
	if l.trace != nil {
		// Clean: now is the phase's reading, and since it was taken no
		// reading was made and no list re-queued (whose expiry would
		// then be now + 1): nothing but this comparison refers to now.
		clean := now == l.phaseNow && l.nextList == l.phaseIDs && now.Base == len(l.readTurn)-1
		l.trace(Event{Kind: EventDue, Phase: l.phase, Iteration: l.iterations, Timer: t, Due: due, Clean: clean})
	}
	l.q = Question{}
	return due
}

// dueHead reports whether the earliest list is due at now.
func (l *Loop) dueHead(now Time) bool {
	top := l.heap.top()
	return l.due(top.expiry, now, first(top))
}

// leqRearm is a <= b for timer bookkeeping (re-arm, re-queue).
func (l *Loop) leqRearm(a, b Time, t *Timer) bool {
	l.ask(Question{Kind: AskRearm, Timer: t})
	defer func() { l.q = Question{} }()
	return l.clk.Leq(a, b)
}

// later is the later of a and b for timer bookkeeping: asked of the
// clock (leqRearm) only when it does not know already. Where a reading
// is next to an older one (an interval of 1 ms re-armed from the end of
// its callback, which no earlier reading can precede), the two answers
// of asking would give the same time and double the runs for nothing.
func (l *Loop) later(a, b Time, t *Timer) Time {
	leq, known := false, false
	if k, ok := l.clk.(Knower); ok {
		leq, known = k.Knows(a, b)
	}
	if !known {
		leq = l.leqRearm(a, b, t)
	}
	if leq {
		return b
	}
	return a
}

func (l *Loop) timersPhase() {
	now := l.read(ReadTimersPhase)
	l.phaseNow, l.phaseIDs = now, l.nextList
	if l.dead {
		return
	}
	if l.P.PerListTimers() {
		l.timersPerList(now)
		return
	}
	// processTimers(now): lists in (expiry, id) order while due; `now`
	// stays fixed for the whole phase (docs/semantics.md §4.2).
	for {
		ran := false
		for !l.dead && l.heap.top() != nil && l.dueHead(now) {
			l.listOnTimeout(l.heap.top(), now)
			ran = true
		}
		if l.failed {
			// RunTimers' own scope closes after the last processTimers
			// call, even when a timer threw (failScope).
			l.failed = false
			l.drain()
		}
		if !ran || !l.recheckTimers() {
			return
		}
		now = l.phaseNow
	}
}

// recheckTimers is libuv before 1.48 looking at its timer heap again
// after RunTimers returns (uv__run_timers loops until the earliest handle
// is not due). RunTimers re-armed Node's handle before its callback scope
// closed, from the loop's time then: at max(that + 1, the earliest list's
// expiry). A timer made while the scope drained read the clock anew
// (getLibuvNow updates libuv's time); when that reached the handle's time,
// RunTimers runs again, at a fresh now, before the check phase (measured:
// timeout before immediate on 11 to 21.6, libuv 1.47; not on 21.7, 1.48).
// It reports whether RunTimers runs again.
func (l *Loop) recheckTimers() bool {
	if l.dead || l.P.Has(Libuv148) || l.lastLoop == l.scopeLoop {
		return false
	}
	top := l.heap.top()
	if top == nil {
		return false
	}
	t := first(top)
	if !l.leqRearm(l.scopeLoop.Add(1), l.lastLoop, t) || !l.leqRearm(top.expiry, l.lastLoop, t) {
		return false
	}
	l.phaseNow, l.phaseIDs = l.read(ReadTimersPhase), l.nextList
	return true
}

// listOnTimeout (>= 11) runs the due prefix of one list, one callback scope each.
func (l *Loop) listOnTimeout(list *timerList, now Time) {
	list.running = true
	defer func() { list.running = false }()
	for len(list.timers) > 0 && !l.dead {
		t := list.timers[0]
		if due := t.start.Add(int64(list.key)); !l.due(due, now, t) {
			// Not yet (now - start < msecs): the list waits until
			// max(start + msecs, now + 1) with a new id, so it loses ties.
			list.expiry = due
			if l.leqRearm(due, now, t) {
				list.expiry = now.Add(1)
			}
			l.nextList++
			list.id = l.nextList
			heap.Fix(&l.heap, list.idx)
			return
		}
		// Whether the list's next timer runs in this phase too (failScope).
		l.another = func() bool {
			if len(list.timers) == 0 {
				return false
			}
			n := list.timers[0]
			return l.due(n.start.Add(int64(list.key)), now, n)
		}
		l.fire(t, list)
		l.another = nil
	}
	if len(list.timers) == 0 {
		l.dropList(list)
	}
}

// fire runs one due timer and re-arms intervals.
func queueOf(t *Timer) string {
	if t.repeat {
		return "interval"
	}
	return "timer"
}

func first(list *timerList) *Timer {
	if len(list.timers) == 0 {
		return nil
	}
	return list.timers[0]
}

func (l *Loop) fire(t *Timer, list *timerList) {
	list.timers = list.timers[1:]
	t.list = nil
	var start Time
	if t.repeat && !l.P.IntervalRearmAfter() {
		start = l.read(ReadInterval)
	}
	// listOnTimeout re-inserts an interval (in a finally) right after its
	// callback, before the scope's ticks and microtasks run: a timer they
	// make joins the list after it.
	l.afterCb = func() { l.rearm(t, start) }
	l.advanceTo(t.due)
	l.call(queueOf(t), t.Cb)
	if l.afterCb != nil { // the call did not run (the loop died)
		l.afterCb = nil
		l.rearm(t, start)
	}
}

func (l *Loop) rearm(t *Timer, start Time) {
	if t.repeat && !t.cleared && t.list == nil && !l.dead {
		switch {
		case l.P.IntervalRearmAfter():
			start = l.readStart()
		case l.P.PerListTimers():
			// Node 10: a callback that took longer than the interval is
			// re-armed 1 ms after it ended (docs/semantics.md §4.5):
			// start + msecs <= end moves start to end + 1 - msecs, the
			// later of the two in every case.
			end := l.readStart()
			start = l.later(start, end.Add(1-int64(t.msecs)), t)
		}
		l.insert(t, start)
		return
	}
	if t.list == nil {
		// Fired for good (refresh() may bring it back).
		l.deactivate(t)
		if !l.P.FiredKeepsRef() {
			t.ref = false
		}
	}
}

// timersPerList is Node <= 10: each duration list owns a libuv timer, the
// lists run in (due, start_id) order against libuv's cached loop time,
// which timer creation inside a callback refreshes (docs/semantics.md §4.4), and
// every list is one callback scope (ticks drain after the whole list).
func (l *Loop) timersPerList(now Time) {
	l.loopTime = now
	l.inPhase = true
	defer func() { l.inPhase = false }()
	for !l.dead && l.heap.top() != nil && l.dueHead(l.loopTime) {
		list := l.heap.top()
		// Each list's OnTimeout starts with GetNow, which updates
		// libuv's time: a list re-armed a moment ago is due against it
		// in this same pass (measured on 10.24.1: a 1 ms list re-armed
		// before a busy list ran after the list that followed it).
		l.loopTime = l.read(ReadRequeue)
		if l.deferList[list] {
			// Node 8: a list due after another threw defers itself to
			// a tick, so that the lists still run in order.
			delete(l.deferList, list)
			l.park(list)
			l.drained = 0
			l.failed = false
			l.host.Enter(func() {
				l.ticks = append(l.ticks, tick{cb: listTick{list}})
				l.runTicks()
			})
			l.drain()
			continue
		}
		l.listOnTimeout10(list, l.loopTime)
	}
}

// park takes a list out of the heap until its listTick runs.
func (l *Loop) park(list *timerList) {
	heap.Remove(&l.heap, list.idx)
	list.parked = true
}

func (l *Loop) listOnTimeout10(list *timerList, now Time) {
	for {
		l.drained = 0
		l.failed = false
		// The whole due prefix is one MakeCallback.
		l.host.Enter(func() {
			l.listPass(list, now)
			if !l.failed {
				l.inList = true
				l.runTicks()
				l.inList = false
			}
		})
		l.drain()
		list.running = false
		if !l.relist || l.dead {
			return
		}
		l.relist = false
		now = l.read(ReadRequeue)
		l.loopTime = now
	}
}

// listPass runs a list's due prefix; intervals capture their start before
// their callback. The list is dropped or re-armed before ticks and
// microtasks run: a timer those create joins a new list, or a list whose
// next expiry is already set. On Node 8 a timer that throws stops the
// pass: the rest waits for a listOnTimeoutNT tick, later lists defer
// themselves the same way, and a throwing interval is not re-armed.
func (l *Loop) listPass(list *timerList, now Time) {
	list.running = true
	defer func() { list.running = false }()
	for len(list.timers) > 0 && !l.dead {
		t := list.timers[0]
		if !l.due(t.start.Add(ceilMs(t.msecs)), now, t) {
			break
		}
		list.timers = list.timers[1:]
		t.list = nil
		var start Time
		if t.repeat && !l.P.IntervalRearmAfter() {
			start = l.read(ReadInterval)
		}
		if !l.budget() {
			return
		}
		l.runEvent(queueOf(t), t.Cb)
		l.running = queueOf(t)
		err := l.host.Invoke(t.Cb)
		if err != nil {
			if l.P.FailedScopes() {
				if t.list == nil {
					l.deactivate(t)
				}
				l.park(list)
				l.ticks = append(l.ticks, tick{cb: listTick{list}})
				if l.deferList == nil {
					l.deferList = map[*timerList]bool{}
				}
				for _, other := range l.heap.lists {
					if other.key > list.key {
						l.deferList[other] = true
					}
				}
			}
			l.uncaught(err, false)
		}
		l.running = ""
		if err != nil && l.failScope(queueOf(t)) {
			return
		}
		if err != nil && t.list == nil {
			// Node 10 re-arms an interval after its callback returns,
			// which one that threw never does (measured on 10.24.1;
			// 11 re-arms in a finally).
			l.deactivate(t)
			continue
		}
		l.rearm(t, start)
	}
	list.running = false
	if !l.dead && !list.parked {
		l.requeue10(list)
	}
}

// requeue10 ends a Node <= 10 list pass: an emptied list is dropped, else
// its libuv timer is re-armed for the head's remaining time.
func (l *Loop) requeue10(list *timerList) {
	if len(list.timers) == 0 {
		l.dropList(list)
		return
	}
	// Re-arm for the remaining time; libuv gives the timer a new start_id.
	fresh := l.read(ReadRequeue)
	l.loopTime = fresh
	// remaining = msecs - (fresh - start); below 1 it becomes 1 (Node 8:
	// only below 0, so exactly 0 re-runs the list in this phase).
	due := list.timers[0].start.Add(int64(list.timers[0].msecs))
	list.expiry = due
	if l.P.ZeroRearm() {
		if l.leqRearm(due, fresh.Add(-1), list.timers[0]) {
			list.expiry = fresh.Add(1)
		}
	} else {
		// due <= fresh re-arms for 1 ms: the later of due and fresh + 1.
		list.expiry = l.later(due, fresh.Add(1), list.timers[0])
	}
	l.nextList++
	list.id = l.nextList
	heap.Fix(&l.heap, list.idx)
}

// Start is the timer's _idleStart.
func (t *Timer) Start() Time { return t.start }

// ceilMs is the whole milliseconds a fractional duration needs in Node
// <= 10, where the due check is `now - start < msecs` on the raw value.
func ceilMs(msecs float64) int64 { return int64(math.Ceil(msecs)) }

// Timeout is the timer's _idleTimeout: its duration, or -1 once cleared.
func (t *Timer) Timeout() float64 {
	if t.cleared {
		return -1
	}
	return t.msecs
}

// Repeat reports whether t is an interval.
func (t *Timer) Repeat() bool { return t.repeat }

// HandleOp is what a Timeout's or Immediate's method or field does (the
// classes of jslib/_timer_handles.js, through either engine's
// __internal.handle): op on h, a *Timer or *Immediate. The result is a
// bool, a float64 or nil (null); ok is false for what each engine answers
// itself (a timer's _idleStart, its id) and for a handle of another kind.
func (l *Loop) HandleOp(h any, op string, on bool) (v any, ok bool) {
	switch h := h.(type) {
	case *Timer:
		switch op {
		case "ref":
			l.RefTimer(h, on)
		case "hasRef":
			return h.HasRef(), true
		case "refresh":
			l.RefreshTimer(h)
		case "clear":
			l.ClearTimer(h)
		case "timeout":
			return h.Timeout(), true
		case "repeat":
			if h.Repeat() {
				return h.Msecs(), true // cleared too
			}
		default:
			return nil, false
		}
		return nil, true
	case *Immediate:
		switch op {
		case "ref":
			l.RefImmediate(h, on)
			return nil, true
		case "hasRef":
			return h.HasRef(), true
		}
	}
	return nil, false
}
