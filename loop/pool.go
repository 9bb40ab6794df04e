package loop

import "slices"

// The thread pool. libuv runs fs requests, dns.lookup (getaddrinfo),
// crypto's async work and zlib's on UV_THREADPOOL_SIZE worker threads: a
// request waits in one first-in, first-out queue until a worker is free,
// and a worker that finishes takes the next queued request at once, before
// the loop thread runs the finished one's callback. So with four workers a
// fifth request completes only after one of the first four.
//
// The model: each pool operation (SubmitIO) is queued in submission order
// (IO.queued); the oldest PoolSize ones in flight are on a worker
// (IO.started). An operation of several round trips (fs.readFile before
// 26) queues only its first: the later ones start at once and hold no
// worker (IO.later; see Loop.completeTrip), which allows more orders than
// Node's, never fewer; where the pool is full (saturated: a one-trip
// request waiting), each later trip is queued at the end when the one
// before is delivered, as Node's loop thread does (SubmitIO). A poll phase may deliver a waiting trip only
// after as many trips delivered before it in that phase as there were
// waiting trips queued ahead of it, plus one: the workers they freed took
// the queue in order, and libuv's done queue hands completions over in the
// order they finished (IOWaits). Loopback events (SubmitReady) and DNS
// queries (SubmitEvent) are not pool work.

// DefaultPoolSize is libuv's number of workers without UV_THREADPOOL_SIZE.
const DefaultPoolSize = 4

// maxPoolSize is libuv's upper bound on UV_THREADPOOL_SIZE (1024 from
// libuv 1.30; 128 before, which no program here comes near).
const maxPoolSize = 1024

// SetPoolEnv gives the loop the program's environment lookup: the pool
// reads UV_THREADPOOL_SIZE from it once, when the first request is
// queued, as libuv does, so a program that sets process.env's value
// before its first pool request sizes the pool.
func (l *Loop) SetPoolEnv(get func(name string) (string, bool)) { l.poolEnv = get }

// PoolSize is the number of workers: fixed at the first pool request, and
// DefaultPoolSize until then.
func (l *Loop) PoolSize() int {
	if l.poolSize == 0 {
		return DefaultPoolSize
	}
	return l.poolSize
}

// ParsePoolSize reads UV_THREADPOOL_SIZE as libuv does: C's atoi into an
// unsigned count, 0 taken as 1, and at most maxPoolSize (so a negative
// value, huge once unsigned, is the maximum).
func ParsePoolSize(s string) int {
	i := 0
	for i < len(s) && (s[i] == ' ' || s[i] >= '\t' && s[i] <= '\r') {
		i++
	}
	neg := false
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		neg = s[i] == '-'
		i++
	}
	n := 0
	for ; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
		n = min(n*10+int(s[i]-'0'), 1<<40)
	}
	switch {
	case n == 0:
		return 1
	case neg || n > maxPoolSize:
		return maxPoolSize
	}
	return n
}

// queue puts op's current round trip at the end of the pool's queue and
// starts it if a worker is idle.
func (l *Loop) queue(op *IO) {
	if l.poolSize == 0 {
		l.poolSize = DefaultPoolSize
		if l.poolEnv != nil {
			if v, ok := l.poolEnv("UV_THREADPOOL_SIZE"); ok {
				l.poolSize = ParsePoolSize(v)
			}
		}
	}
	l.tripSeq++
	op.queued = l.tripSeq
	op.started = l.busy() < l.poolSize
	if op.started {
		op.begun = l.estNow()
	}
}

// busy counts the pool's workers at work.
func (l *Loop) busy() int {
	n := 0
	for _, op := range l.io {
		if op.pool() && op.started && !op.later {
			n++
		}
	}
	return n
}

// saturated reports a full pool where it matters: a one-trip request
// waiting for a worker. An operation of several trips whose current one
// completes then queues its next one behind it (the freed worker takes the
// waiting request), so when the completion is delivered decides whether
// the waiting one's callback can come first. Any answer is sound: the
// other way, a later trip that holds no worker, allows every order. Among
// chains alone (twelve readFiles on four workers) it keeps to the other
// way, whose paths the commutation reduction counts at once.
func (l *Loop) saturated() bool {
	for _, op := range l.waiting() {
		if op.one {
			return true
		}
	}
	return false
}

// freeWorker is a worker's finishing done's trip: it takes the oldest
// waiting one (done's next trip is queued later, by its callback).
func (l *Loop) freeWorker(done *IO) {
	done.started = false
	for _, op := range l.waiting() {
		if op != done {
			op.started = true
			op.begun = l.estNow()
			return
		}
	}
}

// waiting lists the pool's queued trips no worker has taken, oldest first.
func (l *Loop) waiting() []*IO {
	var w []*IO
	for _, op := range l.io {
		if op.pool() && !op.started {
			w = append(w, op)
		}
	}
	slices.SortFunc(w, func(a, b *IO) int { return a.queued - b.queued })
	return w
}

func (op *IO) pool() bool { return !op.ready && !op.event }

// IONeed is how many pool trips must complete before operation id's
// current one can: its place in the queue plus one, or 0 if a worker has
// it (or it is not pool work).
func (l *Loop) IONeed(id int) int {
	w := l.waiting()
	return slices.IndexFunc(w, func(op *IO) bool { return op.id == id }) + 1
}

// IOPool reports whether operation id is thread-pool work (its completion
// frees a worker).
func (l *Loop) IOPool(id int) bool {
	for _, op := range l.io {
		if op.id == id {
			return op.pool()
		}
	}
	return false
}

// IOWaits reports whether operation id's current round trip cannot be
// delivered next in this poll phase, after the trips delivered holds:
// it is queued for a worker that none of the trips before it freed.
func (l *Loop) IOWaits(id int, delivered []int) bool {
	w := l.waiting()
	at := slices.IndexFunc(w, func(op *IO) bool { return op.id == id })
	if at < 0 {
		return false
	}
	freed := 0
	for _, d := range delivered {
		for _, op := range l.io {
			if op.id == d && op.pool() {
				freed++
			}
		}
	}
	return at >= freed
}

// poolOrder keeps of a poll phase's chosen trips those the pool allows,
// in order; if it keeps none and the loop must pick, the oldest trip on
// a worker (one always is, with pool work in flight).
func (l *Loop) poolOrder(chosen []int, mustPick bool) []int {
	out := make([]int, 0, len(chosen))
	for _, id := range chosen {
		if !l.IOWaits(id, out) {
			out = append(out, id)
		}
	}
	if len(out) == 0 && mustPick {
		for _, op := range l.io {
			if !l.IOWaits(op.id, nil) {
				return []int{op.id}
			}
		}
	}
	return out
}
