package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// A replay that the sandbox stopped says nothing about the order: the
// case is counted under "replay budget", not as a looplint bug; a replay
// that printed something else is.
func TestJudgeReplayBudget(t *testing.T) {
	exp := Expectation{Version: "20.20.2", Stdouts: map[string]int{"a\nb": 3}}
	judge := func(replays ...string) PredictResult {
		var orders []string
		for _, r := range replays {
			orders = append(orders, `{"stdout":["a","b"],"exitCode":0,"confirmed":`+
				map[bool]string{true: "true", false: "false"}[r == "exited"]+`,"replay":"`+r+`"}`)
		}
		var out predictOutput
		if err := json.Unmarshal([]byte(`{"complete":true,"total":1,"orders":[`+strings.Join(orders, ",")+`]}`), &out); err != nil {
			t.Fatal(err)
		}
		return judgePrediction(PredictResult{}, out, exp)
	}
	if r := judge("exited"); !r.Confirmed || r.OverBudget || !r.Exact {
		t.Errorf("replayed: %+v", r)
	}
	if r := judge("timeout"); !r.Confirmed || !r.OverBudget {
		t.Errorf("timed out: %+v", r)
	}
	if r := judge("skipped"); !r.Confirmed || !r.OverBudget {
		t.Errorf("skipped: %+v", r)
	}
	// A disagreeing replay (status exited, not confirmed) is a bug even
	// beside one that ran out of budget.
	var out predictOutput
	json.Unmarshal([]byte(`{"complete":true,"total":2,"orders":[{"stdout":["a","b"],"confirmed":false,"replay":"exited"},{"stdout":["b","a"],"confirmed":false,"replay":"timeout"}]}`), &out)
	if r := judgePrediction(PredictResult{}, out, exp); r.Confirmed || r.OverBudget {
		t.Errorf("disagreeing replay: %+v", r)
	}
}
