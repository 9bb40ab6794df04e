package explore

import (
	"reflect"
	"testing"
)

// An async handle's wake-up (a MessagePort's): delivered in the next poll
// phase, before the check phase; what it continues with runs in the same
// phase, each continuation in its own scope (testdata/runtime/msg-phase).
func TestAsyncContinue(t *testing.T) {
	prog := func(h *fakeHost) {
		h.l.RefHandle(1)
		h.l.SubmitAsync(func() {
			h.log("m1")
			h.then(h.logThen("m1-p"))
			h.l.Continue(func() {
				h.log("m2")
				h.l.RefHandle(-1)
			})
		})
		h.setImmediateLog("imm")
	}
	r := exploreAndReplay(t, node20, prog)
	if got, want := orders(r), []string{"m1|m1-p|m2|imm"}; !reflect.DeepEqual(got, want) {
		t.Errorf("orders %q, want %q", got, want)
	}
}

// A wake-up does not keep the loop alive: with nothing ref'd the process
// exits without it (testdata/runtime/msg-ref).
func TestAsyncUnref(t *testing.T) {
	prog := func(h *fakeHost) { h.l.SubmitAsync(h.logThen("never")) }
	r := exploreAndReplay(t, node20, prog)
	if got, want := orders(r), []string{""}; !reflect.DeepEqual(got, want) {
		t.Errorf("orders %q, want %q", got, want)
	}
}
