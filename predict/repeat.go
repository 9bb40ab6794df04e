package predict

import (
	"fmt"
	"sort"
	"strconv"

	"github.com/looplint/looplint/explore"
	"github.com/looplint/looplint/loop"
)

// The interpreter's side of proving that a run goes round forever
// (explore/repeat.go). At the start of each iteration it describes the
// state the future depends on, and starts an epoch: what exists is old
// from then on, so that a write to it counts in the generation
// (spinWrites: mut, mutCell). A value the description meets that was
// made since the iteration before (born in or after the epoch the last
// description started) is written by its shape, an older one by its
// identity: the explorer compares the description with the one taken an
// iteration or more earlier, when nothing older was written in between.
// What the description cannot say (a promise made since, a suspended
// async function, an I/O request in flight, a value only Go holds) makes
// it give up: the state is then not compared.

// maxVisible bounds the readings handed to the program that a
// description lists (each is compared with every other).
const maxVisible = 64

// writeState describes the run's state (Exec.State).
func (in *Interp) writeState(w *explore.StateWriter) (gen int) {
	defer func() {
		if r := recover(); r != nil {
			// A value this does not know how to describe (a bug here):
			// the state is not compared.
			w.Fail(fmt.Sprint("cannot describe: ", r))
			gen = -1
		}
		// A new epoch: everything that exists now is old.
		in.epoch++
		in.e.Epoch = in.epoch
		in.stateEpoch = in.epoch
	}()
	since := in.stateEpoch
	switch {
	case in.live > 0:
		w.Fail("a suspended async function or generator")
	case in.e.Pending() || len(in.unhandled) > 0 || len(in.late) > 0 || in.opaque > 0:
		w.Fail("promise work pending")
	case len(in.visible) > maxVisible:
		w.Fail("too many clock readings handed to the program")
	case in.unsettledTLA || in.inExit || in.inUncaught || inFlight(in.writing) || inFlight(in.reading):
		w.Fail("the process is exiting or has requests in flight")
	}
	if !w.Failed() {
		w.Absolute = len(in.visible) > 0
		w.Value = func(w *explore.StateWriter, v any) { in.writeValue(w, v, since) }
		in.writeGlobals(w, since)
		in.l.WriteState(w)
	}
	return in.spinWrites + in.e.Touched + len(in.stderr) + len(in.reasons) + len(in.hazards) + len(in.modules) + len(in.esm)
}

// writeGlobals describes what of the interpreter's own state is not in
// values: process.exitCode, console's counters and timers, the unknown
// conditions forked at so far, symbols made, the files written, and the
// clock readings the program was handed (all of them matter: a value may
// hold any).
func (in *Interp) writeGlobals(w *explore.StateWriter, since int32) {
	w.Str("exit=")
	in.writeValue(w, in.exitCode, since)
	w.Str(fmt.Sprintf(" indent=%q counts=%v times=%v syms=%d dep=%v", in.groupIndent, sortedCounts(in.counts), sortedKeys(in.timeLabels), in.symCount, in.dep0018))
	forks := make([]string, 0, len(in.forks))
	for p, n := range in.forks {
		forks = append(forks, fmt.Sprintf("%v=%d", p, n))
	}
	sort.Strings(forks)
	w.Str(fmt.Sprintf(" forks=%v files=", forks))
	files := make([]string, 0, len(in.written))
	for f := range in.written {
		files = append(files, f)
	}
	sort.Strings(files)
	for _, f := range files {
		w.Str(fmt.Sprintf("%q:%q;", f, in.written[f]))
	}
	removed := sortedKeys(in.removed)
	// What exists once made (process, modules, prototypes, rejections
	// reported), and a line printed without its end yet (a write that
	// continues it prints no new line).
	w.Str(fmt.Sprintf(" made=%v,%v,%v,%d,%d,%d", in.proc != nil, in.pathMod != nil, in.fspModule != nil, len(in.builtinMods), len(in.protos), len(in.reported)))
	for _, s := range []struct {
		open  bool
		lines []string
	}{{in.outOpen, in.stdout}, {in.errOpen, in.stderr}} {
		if s.open && len(s.lines) > 0 {
			w.Str(fmt.Sprintf(" open=%q", s.lines[len(s.lines)-1]))
		}
	}
	w.Str(fmt.Sprintf(" removed=%q read=", removed))
	for _, t := range in.visible {
		w.Time(t)
	}
	w.Str(" | ")
}

// inFlight reports a request counted in m not yet done.
func inFlight(m map[string]int) bool {
	for _, n := range m {
		if n != 0 {
			return true
		}
	}
	return false
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func sortedCounts(m map[string]int) []string {
	out := make([]string, 0, len(m))
	for k, n := range m {
		out = append(out, fmt.Sprintf("%q=%d", k, n))
	}
	sort.Strings(out)
	return out
}

// old reports whether something born in epoch born is written by its
// identity: made before the epoch since began (0 counts as old).
func old(born, since int32) bool { return born == 0 || born < since }

// writeValue describes a value: a primitive by itself, a value made since
// by its shape, an older one by its identity.
func (in *Interp) writeValue(w *explore.StateWriter, v Value, since int32) {
	if w.Failed() {
		return
	}
	if isNilPointer(v) {
		w.Str("nil ")
		return
	}
	switch v := v.(type) {
	case nil:
		w.Str("u ")
	case nullT:
		w.Str("n ")
	case bool:
		w.Str(strconv.FormatBool(v) + " ")
	case float64:
		w.Str("f" + strconv.FormatFloat(v, 'g', -1, 64) + " ")
	case string:
		w.Str("s" + strconv.Quote(v) + " ")
	case tdzT:
		w.Str("tdz ")
	case timeVal:
		w.Str(fmt.Sprintf("t%d", v.clock))
		w.Time(v.t)
	case timeDiff:
		w.Str("d")
		w.Time(v.a)
		w.Time(v.b)
	case task:
		w.Str("task(" + v.api + " " + v.site.String() + " ")
		in.writeValue(w, v.fn, since)
		in.writeValue(w, v.this, since)
		in.writeValues(w, v.args, since)
		w.Str(")")
	case *timerHandle:
		if in.ref(w, v, "TH") {
			return
		}
		if v.t == nil {
			w.Fail("a timer handle without a timer")
			return
		}
		in.l.WriteTimer(w, v.t)
	case *immHandle:
		if in.ref(w, v, "IH") {
			return
		}
		if v.im == nil {
			w.Fail("an immediate handle without an immediate")
			return
		}
		in.l.WriteImmediate(w, v.im)
	case *Object:
		if old(v.born, since) {
			in.atom(w, v)
			return
		}
		if in.ref(w, v, "O") {
			return
		}
		in.writeObject(w, v, since)
	case *Closure:
		if old(v.born, since) {
			in.atom(w, v)
			return
		}
		if in.ref(w, v, "C") {
			return
		}
		w.Str(fmt.Sprintf("(fn=%p ", v.Fn))
		in.writeScope(w, v.Scope, since)
		in.writeValue(w, v.This, since)
		if v.Props != nil {
			in.writeValue(w, v.Props, since)
		} else {
			w.Str("- ")
		}
		w.Str(fmt.Sprintf("home=%p ", v.Home))
		in.writeFrame(w, v.outer, since)
		in.writeValue(w, v.proto, since)
		w.Str(")")
	case *Native, *ClassVal, *symbolVal:
		// Built-ins and classes are old (writes to them count as
		// writes to older state); symbols never change.
		in.atom(w, v)
	case *Promise:
		if old(v.born, since) {
			in.atom(w, v) // settling or reacting to it counts (Touched)
			return
		}
		w.Fail("a promise made since")
	case *dateObj:
		// Dates carry no epoch; writing one counts as older state.
		if in.ref(w, v, "D") {
			return
		}
		if v.fixed {
			w.Str("(" + strconv.FormatFloat(v.ms, 'g', -1, 64) + ")")
		} else {
			in.writeValue(w, v.t, since)
		}
	default:
		w.Fail(fmt.Sprintf("a %T", v))
	}
}

// isNilPointer reports a nil pointer of a type writeValue follows.
func isNilPointer(v Value) bool {
	switch p := v.(type) {
	case *Object:
		return p == nil
	case *Closure:
		return p == nil
	case *Promise:
		return p == nil
	case *dateObj:
		return p == nil
	case *timerHandle:
		return p == nil
	case *immHandle:
		return p == nil
	case *Native:
		return p == nil
	case *ClassVal:
		return p == nil
	case *symbolVal:
		return p == nil
	}
	return false
}

func (in *Interp) writeValues(w *explore.StateWriter, vs []Value, since int32) {
	w.Str(fmt.Sprintf("[%d:", len(vs)))
	for _, v := range vs {
		in.writeValue(w, v, since)
	}
	w.Str("]")
}

// ref writes what was written before by its number (true), else starts it.
func (in *Interp) ref(w *explore.StateWriter, p any, kind string) bool {
	id, seen := w.Ref(p)
	w.Str(kind + strconv.Itoa(id))
	return seen
}

// atom writes an old value by its identity.
func (in *Interp) atom(w *explore.StateWriter, p any) { w.Str(fmt.Sprintf("%p ", p)) }

func (in *Interp) writeObject(w *explore.StateWriter, o *Object, since int32) {
	if o.coll != nil || o.gen != nil || o.rx != nil || o.amap != nil || len(o.acc) > 0 {
		w.Fail("an object kind not described")
		return
	}
	w.Str(fmt.Sprintf("{%s %q arr=%v frozen=%v nullp=%v proto=%p of=%p ", o.Class, o.errClass, o.Arr, o.frozen, o.nullProto, o.Proto, o.protoOf))
	keys := make([]string, 0, len(o.Props))
	for k := range o.Props {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		w.Str(strconv.Quote(k) + ":")
		in.writeValue(w, o.Props[k], since)
	}
	w.Str(fmt.Sprintf("order=%q syms=%q hidden=%q", o.Keys, o.syms, o.hidden))
	if o.Arr {
		in.writeValues(w, o.Elems, since)
		holes := make([]int, 0, len(o.holes))
		for i := range o.holes {
			holes = append(holes, i)
		}
		sort.Ints(holes)
		w.Str(fmt.Sprintf("holes=%v", holes))
	}
	w.Str(fmt.Sprintf(" ro=%v fixed=%v ctor=", sortedKeys(o.readonly), sortedKeys(o.fixed)))
	in.writeValue(w, o.ctor, since)
	if o.protoObj != nil {
		in.writeValue(w, o.protoObj, since)
	}
	w.Str("}")
}

func (in *Interp) writeScope(w *explore.StateWriter, s *Scope, since int32) {
	switch {
	case s == nil:
		w.Str("S- ")
		return
	case old(s.born, since):
		in.atom(w, s)
		return
	case in.ref(w, s, "S"):
		return
	}
	names := make([]string, 0, len(s.vars))
	for n := range s.vars {
		names = append(names, n)
	}
	sort.Strings(names)
	w.Str(fmt.Sprintf("(fn=%v ", s.fn))
	for _, n := range names {
		c := s.vars[n]
		w.Str(fmt.Sprintf("%q%v=", n, c.konst))
		in.writeValue(w, c.v, since)
	}
	in.writeScope(w, s.parent, since)
	w.Str(")")
}

func (in *Interp) writeFrame(w *explore.StateWriter, f *frame, since int32) {
	switch {
	case f == nil:
		w.Str("F- ")
		return
	case old(f.born, since):
		in.atom(w, f)
		return
	case in.ref(w, f, "F"):
		return
	}
	w.Str(fmt.Sprintf("(fn=%p home=%p strict=%v ", f.fn, f.home, f.strict))
	in.writeValue(w, f.this, since)
	in.writeScope(w, f.scope, since)
	if f.args != nil {
		in.writeValues(w, f.args, since)
	} else {
		w.Str("- ")
	}
	if f.argsObj != nil {
		in.writeValue(w, f.argsObj, since)
	} else {
		w.Str("- ")
	}
	in.writeFrame(w, f.argsFr, since)
	in.writeValue(w, f.newTarget, since)
	w.Str(")")
}

// clockRead notes a reading handed to the program: every one stays part
// of the state (writeGlobals), since a value may hold it.
func (in *Interp) clockRead(t loop.Time) loop.Time {
	in.visible = append(in.visible, t)
	return t
}
