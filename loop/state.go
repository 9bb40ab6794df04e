package loop

import (
	"fmt"
	"sort"
)

// StateWriter is what WriteState describes the loop's state to: the
// explorer compares descriptions taken at the starts of iterations to
// find a run that goes round forever (package explore, repeat.go).
type StateWriter interface {
	Str(s string)
	// Time writes a clock reading, named so that descriptions taken at
	// different times compare.
	Time(t Time)
	// Callback writes a callback the loop holds (the host's value).
	Callback(cb any)
	// Ref numbers an object by identity: seen reports it was written
	// before (then only its number is written).
	Ref(p any) (id int, seen bool)
	// Fail says the state cannot be described (it is then not compared).
	Fail(why string)
}

// WriteState describes everything of the loop's state that its future
// depends on, between two iterations (no callback running, no tick
// queued): the timer lists in heap order with their timers, the
// immediates, the readings poll left for the next one and what it warned
// about. A loop
// with I/O in flight, close callbacks or Node 8's deferred immediates is
// not described (Fail): the explorer then compares nothing.
func (l *Loop) WriteState(w StateWriter) {
	switch {
	case len(l.io) > 0:
		w.Fail("I/O in flight")
		return
	case len(l.closing) > 0 || len(l.pending) > 0 || len(l.outstanding) > 0 || len(l.deferList) > 0 || l.entry != nil:
		w.Fail("close callbacks or deferred work")
		return
	case len(l.ticks) > 0 || l.failed || l.relist || l.inList || l.inTick || l.running != "" || l.afterCb != nil || l.dead || l.exiting:
		w.Fail("between callbacks")
		return
	}
	// List ids only order lists (older first on ties): their ranks.
	ids := make([]int64, 0, len(l.lists))
	for _, list := range l.lists {
		ids = append(ids, list.id)
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	rank := map[int64]int{}
	for i, id := range ids {
		rank[id] = i
	}
	w.Str(fmt.Sprintf("timers(%d ref;", l.refTimer))
	inHeap := map[*timerList]bool{}
	for _, list := range l.heap.lists {
		inHeap[list] = true
		l.writeList(w, list, rank)
	}
	keys := make([]float64, 0, len(l.lists))
	for k, list := range l.lists {
		if !inHeap[list] {
			keys = append(keys, k)
		}
	}
	sort.Float64s(keys)
	for _, k := range keys {
		w.Str("off-heap ")
		l.writeList(w, l.lists[k], rank)
	}
	w.Str(fmt.Sprintf(") immediates(%d ref;", l.refImm))
	for _, im := range l.immediates {
		l.WriteImmediate(w, im)
	}
	w.Str(")")
	for _, t := range []*Time{l.floor, l.ceil} {
		if t == nil {
			w.Str(" -")
		} else {
			w.Str(" ")
			w.Time(*t)
		}
	}
	// (lastLoop, scopeLoop, loopTime and phaseNow are set before they
	// are read in any timers phase: between iterations they are dead.)
	w.Str(fmt.Sprintf(" io=%v", l.waitedIO))
	warned := make([]string, 0, len(l.warned))
	for k := range l.warned {
		warned = append(warned, k)
	}
	sort.Strings(warned)
	w.Str(fmt.Sprintf(" warned%v", warned))
}

func (l *Loop) writeList(w StateWriter, list *timerList, rank map[int64]int) {
	w.Str(fmt.Sprintf("[%v #%d run=%v park=%v exp=", list.key, rank[list.id], list.running, list.parked))
	w.Time(list.expiry)
	for _, t := range list.timers {
		l.WriteTimer(w, t)
	}
	w.Str("]")
}

// WriteTimer describes a timer (a Timeout object's state); its callback
// through the writer.
func (l *Loop) WriteTimer(w StateWriter, t *Timer) {
	id, seen := w.Ref(t)
	w.Str(fmt.Sprintf("T%d", id))
	if seen {
		return
	}
	w.Str(fmt.Sprintf("(%v %v ref=%v clr=%v act=%v start=", t.msecs, t.repeat, t.ref, t.cleared, t.active))
	w.Time(t.start)
	if t.list != nil && l.lists[t.list.key] != t.list {
		w.Fail("a timer in a list the loop no longer holds")
	}
	w.Str(fmt.Sprintf(" listed=%v ", t.list != nil))
	w.Callback(t.Cb)
	w.Str(")")
}

// WriteImmediate describes an immediate; its callback through the writer.
func (l *Loop) WriteImmediate(w StateWriter, im *Immediate) {
	id, seen := w.Ref(im)
	w.Str(fmt.Sprintf("I%d", id))
	if seen {
		return
	}
	w.Str(fmt.Sprintf("(ref=%v clr=%v nat=%v ", im.ref, im.cleared, im.native))
	w.Callback(im.Cb)
	w.Str(")")
}
