package loop

import (
	"slices"
	"testing"
)

type advances []int64

func (a *advances) Advance(ReadKind) int64 {
	x := (*a)[0]
	*a = (*a)[1:]
	return x
}

func (a *advances) Poll([]int, bool) []int { return nil }

// A loop reading may trail the user reading before it by 1 ms; asked to
// trail where that breaks a rule, it takes the lowest value allowed.
func TestConcreteDomains(t *testing.T) {
	for _, tc := range []struct {
		kinds []ReadKind
		adv   advances
		want  []int64
	}{
		// Date.now() 5, then a timer start that lags it.
		{[]ReadKind{ReadUser, ReadTimerStart}, advances{5, -1}, []int64{5, 4}},
		// A user reading after a lagging loop reading: never below the
		// earlier user reading, so -1 and 0 both give 5.
		{[]ReadKind{ReadUser, ReadTimerStart, ReadUser}, advances{5, -1, -1}, []int64{5, 4, 5}},
		{[]ReadKind{ReadUser, ReadTimerStart, ReadUser}, advances{5, -1, 0}, []int64{5, 4, 5}},
		// No lag after a loop reading, nor two in a row.
		{[]ReadKind{ReadTimerStart, ReadTimersPhase}, advances{3, -1}, []int64{3, 3}},
		{[]ReadKind{ReadUser, ReadTimerStart, ReadTimersPhase}, advances{2, -1, -1}, []int64{2, 1, 1}},
		// Nor for a user reading.
		{[]ReadKind{ReadTimerStart, ReadUser}, advances{3, -1}, []int64{3, 3}},
		// performance.now() is a third clock: it may trail Date.now(),
		// and the loop may trail it.
		{[]ReadKind{ReadUser, ReadMono}, advances{5, -1}, []int64{5, 4}},
		{[]ReadKind{ReadMono, ReadTimerStart}, advances{5, -1}, []int64{5, 4}},
		{[]ReadKind{ReadTimerStart, ReadMono}, advances{5, -1}, []int64{5, 5}},
	} {
		c := NewConcrete(&tc.adv)
		var got []int64
		for _, k := range tc.kinds {
			got = append(got, c.Value(c.Read(k, nil)))
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%v: readings %v, want %v", tc.kinds, got, tc.want)
		}
	}
}

func TestWitnessValidateLag(t *testing.T) {
	if err := (Witness{Clock: []int64{3, -1, 0}}).Validate(); err != nil {
		t.Errorf("a lag of 1 ms refused: %v", err)
	}
	if err := (Witness{Clock: []int64{3, -2}}).Validate(); err == nil {
		t.Error("an advance of -2 accepted")
	}
}
