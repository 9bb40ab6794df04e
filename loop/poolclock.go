package loop

import "slices"

// How long pool work takes, for the usual timing (Limits.Usual). A
// request on a worker usually completes when its work is done: a pbkdf2
// of 200,000 iterations takes some 30 ms, a stat some microseconds, so a
// stat made later still completes first, and a 10 ms timer runs before
// the pbkdf2's callback. The loop keeps an estimate of the time passed
// (estNow: the program's work, Env.Work, plus what the loop slept, each
// a running sum of spans), each request's start on a worker and each
// timer's due time as points on it; UsualNext then says which requests an
// idle machine completes next. Only the usual timing reads it: any other
// timing allows every order the pool's queue allows.
//
// Two points are compared through the time between them, not their
// spans from the start: a timer made right after a request started is
// due a known delay after it, however long the program took to get there.

// poolWork is what a request costs beyond its work, and its work when its
// host gives none (an fs call on a file the kernel has cached: tens of
// microseconds): up to 2 ms, since the first request starts the workers
// and a completion reaches the loop through a wake-up (two randomBytes of
// 4 bytes, made before a setImmediate, completed after it in 51 of 100
// runs on 10.24.1: [pool-random-shapes]).
var poolWork = Work{Lo: 5, Hi: 2000}

// Usually is the span of work that usually takes us µs on a worker, as
// the engines' JavaScript library estimates it: half to twice that (the
// releases and machines differ by as much), plus a request's own cost.
func Usually(us float64) Work {
	if !(us >= 0) || us > 1e12 {
		us = 0
	}
	return Work{Lo: int64(us/2) + poolWork.Lo, Hi: int64(us*2) + poolWork.Hi}
}

// Takes sets how long each of op's round trips usually takes on a worker.
func (op *IO) Takes(w Work) { op.work, op.workSet = w, true }

// point is a moment: plus after the moment the running estimate read at.
type point struct{ at, plus Work }

func (op *IO) finish() point {
	w := poolWork
	if op.workSet {
		w = op.work
	}
	return point{at: op.begun, plus: w}
}

// between is the span from running estimate a to b (negative when b
// came first): the sum of the spans added between them.
func between(a, b Work) Work {
	if b.Hi >= a.Hi && b.Lo >= a.Lo {
		return Work{Lo: b.Lo - a.Lo, Hi: b.Hi - a.Hi}
	}
	if a.Hi >= b.Hi && a.Lo >= b.Lo {
		return Work{Lo: -(a.Hi - b.Hi), Hi: -(a.Lo - b.Lo)}
	}
	return Work{Lo: b.Lo - a.Hi, Hi: b.Hi - a.Lo}
}

// surelyBefore reports whether a comes before b however long each span
// between and after them takes within its bounds.
func surelyBefore(a, b point) bool {
	return between(a.at, b.at).Lo+b.plus.Lo-a.plus.Hi > 0
}

// estNow is the running estimate of the time passed since the start.
func (l *Loop) estNow() Work {
	w := l.workNow()
	return Work{Lo: w.Lo + l.slept.Lo, Hi: w.Hi + l.slept.Hi}
}

// advanceTo notes that the loop saw p happen: the time since p.at is at
// least p.plus.Lo, and may be p.plus.Hi (bounds of sums add up bound by
// bound, so each moves to p's if it is behind).
func (l *Loop) advanceTo(p point) {
	now := l.estNow()
	lo := max(0, p.at.Lo+p.plus.Lo-now.Lo)
	l.slept.Lo += lo
	l.slept.Hi += max(lo, p.at.Hi+p.plus.Hi-now.Hi)
}

// Costed reports whether some request in flight has an estimate of its
// work from its host (IO.Takes): only then does UsualNext order them.
func (l *Loop) Costed() bool {
	for _, op := range l.io {
		if op.pool() && op.workSet {
			return true
		}
	}
	return false
}

// UsualMust reports whether a poll phase that delivered those in
// delivered must deliver another in the usual timing: it blocks, has
// delivered none, and one is surely done before the next timer is due
// (the poll returns with the first completion, not at the timer). A poll
// that does not block may miss what is done (the wake-up may not have
// come yet), so it never must.
func (l *Loop) UsualMust(delivered []int) bool {
	if !l.Costed() || !l.pollIdle || len(delivered) > 0 {
		return false
	}
	due := l.nextDue()
	if due == nil {
		return false
	}
	for _, op := range l.io {
		if op.pool() && op.started && surelyBefore(op.finish(), *due) {
			return true
		}
	}
	return false
}

// nextDue is when the timer list due first is usually due, nil without
// one.
func (l *Loop) nextDue() *point {
	if top := l.heap.top(); top != nil && len(top.timers) > 0 {
		return &top.timers[0].due
	}
	return nil
}

// UsualNext says which of cands, the requests a poll phase may deliver
// after those delivered in it, an idle machine completes next; ok is
// false where it cannot say (a candidate is not pool work: loopback and
// DNS events have no estimate) or need not (none has an estimate of its
// own: the queue's order is then the usual one). A request is delivered in this phase only
// if it can be done by the time the poll returns: at once when the poll
// does not block, else at the next timer's due time or the first
// completion. It comes next unless another not yet delivered is surely
// done before it, or started with it with the same work and was queued
// first (the pool's first in, first out).
func (l *Loop) UsualNext(cands, delivered []int) (next []int, ok bool) {
	if !l.Costed() {
		return nil, false
	}
	ops := make([]*IO, 0, len(cands))
	for _, id := range cands {
		for _, op := range l.io {
			if op.id == id {
				if !op.pool() || !op.started {
					return nil, false
				}
				ops = append(ops, op)
			}
		}
	}
	var due *point
	if l.pollIdle {
		due = l.nextDue()
	}
	now := point{at: l.estNow()}
	for _, x := range ops {
		f := x.finish()
		if !l.pollIdle && surelyBefore(now, f) || due != nil && surelyBefore(*due, f) {
			continue
		}
		first := true
		for _, z := range l.io {
			if z == x || !z.pool() || !z.started {
				continue
			}
			was := slices.Contains(delivered, z.id)
			if was && !l.pollIdle {
				continue // done earlier, and handed over first
			}
			if surelyBefore(z.finish(), f) || !was && z.begun == x.begun && z.work == x.work && z.workSet == x.workSet && z.queued < x.queued {
				first = false
				break
			}
		}
		if first {
			next = append(next, x.id)
		}
	}
	return next, true
}
