package loop

import "testing"

func TestParsePoolSize(t *testing.T) {
	for in, want := range map[string]int{"": 1, "0": 1, "x": 1, "2": 2, " 3abc": 3, "+5": 5, "4096": 1024, "-1": 1024, "99999999999999999999": 1024} {
		if got := ParsePoolSize(in); got != want {
			t.Errorf("ParsePoolSize(%q) = %d, want %d", in, got, want)
		}
	}
}

// With two workers, the third request waits: it may complete only after
// one delivered before it, in the same poll phase or a later one.
func TestPoolWaits(t *testing.T) {
	l := NewWith(Profile{Node: Version{Major: 20}}, nil, Env{}, Limits{})
	l.SetPoolEnv(func(name string) (string, bool) { return "2", name == "UV_THREADPOOL_SIZE" })
	a, b, c := l.SubmitIO(1, nil), l.SubmitIO(1, nil), l.SubmitIO(1, nil)
	ready := l.SubmitReady(nil)
	if l.PoolSize() != 2 {
		t.Fatalf("pool size %d", l.PoolSize())
	}
	if l.IOWaits(a.ID(), nil) || l.IOWaits(b.ID(), nil) || l.IOWaits(ready.ID(), nil) {
		t.Error("a request on a worker, or a loopback event, waits")
	}
	if !l.IOWaits(c.ID(), nil) || !l.IOWaits(c.ID(), []int{ready.ID()}) {
		t.Error("the third request does not wait")
	}
	if l.IOWaits(c.ID(), []int{b.ID()}) || l.IONeed(c.ID()) != 1 {
		t.Error("the third request still waits once another completed")
	}
	if got := l.poolOrder([]int{c.ID(), a.ID()}, false); len(got) != 1 || got[0] != a.ID() {
		t.Errorf("poolOrder kept %v", got)
	}
}

// An operation of two trips, with one worker: its second trip queues
// behind the request submitted meanwhile, and the explorer must choose
// when its first is delivered; with workers free, its later trips are
// taken as any operation's (delivered as soon as they may be).
func TestPoolLaterTrips(t *testing.T) {
	l := NewWith(Profile{Node: Version{Major: 20}}, nil, Env{}, Limits{})
	l.SetPoolEnv(func(name string) (string, bool) { return "1", name == "UV_THREADPOOL_SIZE" })
	z := l.SubmitIO(2, nil)
	a := l.SubmitIO(1, nil)
	if l.IOEager(z.ID()) {
		t.Error("a later trip's completion on a full pool is delivered eagerly")
	}
	l.completeTrip(z.ID())
	if l.IOWaits(a.ID(), nil) || !l.IOWaits(z.ID(), nil) || l.IONeed(z.ID()) != 1 {
		t.Errorf("after the first trip: a waits %v, z waits %v (need %d)", l.IOWaits(a.ID(), nil), l.IOWaits(z.ID(), nil), l.IONeed(z.ID()))
	}

	l = NewWith(Profile{Node: Version{Major: 20}}, nil, Env{}, Limits{})
	z = l.SubmitIO(2, nil)
	if !l.IOEager(z.ID()) {
		t.Error("with workers free, a first trip is not delivered eagerly")
	}
}
