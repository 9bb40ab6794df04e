package answer

import (
	"strings"
	"testing"

	"github.com/looplint/looplint/explore"
	"github.com/looplint/looplint/loop"
)

func lines(s string) []string { return strings.Split(s, "|") }

func seen(outs ...string) []Observed {
	var obs []Observed
	for _, o := range outs {
		obs = append(obs, Observed{Stdout: lines(o), Runs: 1})
	}
	return obs
}

func claimOf(orders ...string) Claim {
	p := explore.Prediction{Complete: true}
	for _, o := range orders {
		p.Orders = append(p.Orders, explore.Outcome{Stdout: lines(o)})
	}
	return ClaimOf(p, 100)
}

func TestJudgeCounts(t *testing.T) {
	for _, c := range []struct {
		name             string
		claim            Claim
		obs              []Observed
		pred, unobs      int64
		observed, unpred int
		sound, exact     bool
	}{
		{"exact", claimOf("a|b", "b|a"), seen("a|b", "b|a", "a|b"), 2, 0, 2, 0, true, true},
		{"unconfirmed", claimOf("a|b", "b|a"), seen("a|b"), 2, 1, 1, 0, true, false},
		{"unsound", claimOf("a|b"), seen("b|a"), 1, 1, 1, 1, false, false},
		{"normalised", claimOf("a|b"), seen("a  |b|    at f (x.js:1:1)|"), 1, 0, 1, 0, true, true},
		// Node's output cannot tell which of two claimed orders it was.
		{"alike after normalising", claimOf("a ", "a"), seen("a"), 2, 1, 1, 0, true, false},
		{"nothing claimed", Claim{}, seen("a"), 0, 0, 1, 1, false, false},
	} {
		v := Judge(c.claim, c.obs)
		if v.Predicted != c.pred || v.Unobserved != c.unobs || v.Observed != c.observed || v.Unpredicted != c.unpred ||
			v.Sound() != c.sound || v.Exact() != c.exact {
			t.Errorf("%s: %+v", c.name, v)
		}
	}
}

// The exit code tells orders apart unless the observations lack it.
func TestJudgeExitCodes(t *testing.T) {
	c := claimOf("a")
	obs := []Observed{{Stdout: []string{"a"}, ExitCode: 1, Runs: 3}}
	if v := Judge(c, obs); v.Sound() {
		t.Errorf("exit 1 against a claimed exit 0 is sound: %+v", v)
	}
	if v := JudgeStdout(c, obs); !v.Exact() {
		t.Errorf("by stdout alone, not exact: %+v", v)
	}
}

// An arrangement of commuting callbacks that is not listed is claimed.
func TestJudgeUnlistedArrangement(t *testing.T) {
	p := explore.Prediction{Complete: true, Orders: []explore.Outcome{{
		Stdout:  lines("start|x|y|z"),
		Witness: loop.Witness{Poll: [][]int{{1, 2, 3}}},
		Groups:  []explore.Group{{Start: 1, Blocks: [][]string{{"x"}, {"y"}, {"z"}}, Ops: []int{1, 2, 3}}},
	}}}
	c := ClaimOf(p, 2)
	if len(c.Listed) != 2 || c.Total != 6 {
		t.Fatalf("claim lists %d of %d", len(c.Listed), c.Total)
	}
	v := Judge(c, seen("start|z|y|x", "start|x|y|z", "start|x|z"))
	if v.Predicted != 6 || v.Observed != 3 || v.Unpredicted != 1 || v.Unobserved != 4 {
		t.Errorf("%+v", v)
	}
	// Claimed first (listed, then recognised), then the unclaimed.
	var got []string
	for _, o := range v.Orders {
		got = append(got, strings.Join(o.Stdout, "|"))
	}
	if want := "start|x|y|z start|x|z|y start|z|y|x start|x|z"; strings.Join(got, " ") != want {
		t.Errorf("orders %q, want %q", got, want)
	}
}

func TestJudgeStalls(t *testing.T) {
	c := claimOf("a|b", "b|a")
	c.Listed[1].Stall = true
	if v := Judge(c, seen("a|b")); !v.CalmExact() || v.Exact() || v.Stalled != 0 {
		t.Errorf("calm order seen: %+v", v)
	}
	if v := Judge(c, seen("a|b", "b|a")); v.CalmExact() || !v.Exact() || v.Stalled != 1 {
		t.Errorf("stalled order seen: %+v", v)
	}
	// Alike after normalising, one of them calm: the output is calm.
	for i := range 2 {
		c = claimOf("a ", "a")
		c.Listed[i].Stall = true
		if v := Judge(c, seen("a")); v.Stalled != 0 || v.StallOnly != 0 {
			t.Errorf("alike, the %d. needs a stall: %+v", i+1, v)
		}
	}
}

func TestJudgeConfirmation(t *testing.T) {
	judge := func(replays ...string) Verdict {
		c := claimOf("a", "b")
		for i, r := range replays {
			ok := r == "exited"
			c.Listed[i].Confirmed, c.Listed[i].Replay = &ok, r
		}
		return Judge(c, nil)
	}
	if v := judge("exited", "exited"); !v.Confirmed || v.OverBudget {
		t.Errorf("replayed: %+v", v)
	}
	if v := judge("exited", "skipped"); !v.Confirmed || !v.OverBudget {
		t.Errorf("skipped: %+v", v)
	}
	if v := judge("crash", "timeout"); v.Confirmed || v.OverBudget {
		t.Errorf("a replay that failed: %+v", v)
	}
	if v := Judge(claimOf("a"), nil); !v.Confirmed || v.OverBudget {
		t.Errorf("not asked to confirm: %+v", v)
	}
}
