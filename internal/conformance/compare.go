package main

import (
	"regexp"
	"sort"
	"strings"
)

// Status of one case on one version.
const (
	StatusMatch       = "match"       // every stdout Node showed was reached
	StatusMismatch    = "mismatch"    // some stdout Node showed was not reached
	StatusUnsupported = "unsupported" // the runtime refused a module it does not sandbox
	StatusError       = "error"       // looplint failed
)

// unsupportedMsg is how the runtime reports http, child_process, a Worker, SharedArrayBuffer.
const unsupportedMsg = "not supported in the sandbox"

// Result is the verdict for one case on one version.
type Result struct {
	Suite       string     `json:"suite"`
	Case        string     `json:"case"`
	Version     string     `json:"version"`
	Family      string     `json:"family"`
	Status      string     `json:"status"`
	Missing     []Observed `json:"missing,omitempty"` // observed stdouts the runtime never reached
	Extra       []string   `json:"extra,omitempty"`   // reached stdouts Node never showed (informational)
	ExitChecked bool       `json:"exitChecked"`
	ExitOK      bool       `json:"exitOK"`
	ExitMissing []int      `json:"exitMissing,omitempty"` // observed exit codes never reached
	Error       string     `json:"error,omitempty"`
	Unsupported string     `json:"unsupported,omitempty"` // the runtime's message
	Module      string     `json:"module,omitempty"`      // module kind the runtime chose
	WantModule  string     `json:"wantModule,omitempty"`  // module kind the corpus records, when it differs
}

// Compare checks that what Node showed is contained in what the runtime reached.
func Compare(c Case, exp Expectation, run RunResult) Result {
	res := Result{Suite: c.Suite, Case: c.ID, Version: exp.Version, Family: family(exp.Version)}

	reachedOut := map[string]bool{}
	reachedExit := map[int]bool{}
	var unsupported string
	switch {
	case run.Output != nil:
		res.Module = run.Output.Module
		if c.Module != "" && res.Module != "" && c.Module != res.Module {
			res.WantModule = c.Module
		}
		for _, o := range run.Output.Outcomes {
			reachedOut[strings.Join(normalizeLines(o.Stdout), "\n")] = true
			reachedExit[o.ExitCode] = true
			if unsupported == "" {
				unsupported = findLine(o.Stderr, unsupportedMsg)
			}
		}
	case run.SyntaxError && exp.SyntaxError:
		// Node could not parse the file on this version and neither could
		// looplint: the same outcome (no output, exit 1).
		reachedOut[""] = true
		reachedExit[1] = true
	default:
		res.Error = run.Failed
		if strings.Contains(run.Stderr, unsupportedMsg) {
			res.Status = StatusUnsupported
			res.Unsupported = findLine(strings.Split(run.Stderr, "\n"), unsupportedMsg)
		} else {
			res.Status = StatusError
		}
		return res
	}

	res.Missing = setMinus(exp.Stdouts, reachedOut)
	for i, m := range res.Missing {
		for r := range reachedOut {
			res.Missing[i].SameLines = max(res.Missing[i].SameLines, commonPrefixLines(m.Stdout, r))
		}
	}
	for k := range reachedOut {
		if _, seen := exp.Stdouts[k]; !seen {
			res.Extra = append(res.Extra, k)
		}
	}
	sort.Strings(res.Extra)

	if exp.Exits != nil {
		res.ExitChecked = true
		for code := range exp.Exits {
			if !reachedExit[code] {
				res.ExitMissing = append(res.ExitMissing, code)
			}
		}
		sort.Ints(res.ExitMissing)
		res.ExitOK = len(res.ExitMissing) == 0
	}

	switch {
	case len(res.Missing) == 0:
		res.Status = StatusMatch
	case unsupported != "":
		res.Status = StatusUnsupported
		res.Unsupported = unsupported
	default:
		res.Status = StatusMismatch
	}
	return res
}

// Observed is one stdout real Node printed and in how many runs.
type Observed struct {
	Stdout string `json:"stdout"`
	Runs   int    `json:"runs"`
	// SameLines: how many leading lines it shares with the closest reached
	// stdout, i.e. where the runtime first went another way.
	SameLines int `json:"sameLines"`
}

// setMinus returns the stdouts in observed that reached lacks, most frequent first.
func setMinus(observed map[string]int, reached map[string]bool) []Observed {
	var out []Observed
	for k, n := range observed {
		if !reached[k] {
			out = append(out, Observed{Stdout: k, Runs: n})
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Runs != out[j].Runs {
			return out[i].Runs > out[j].Runs
		}
		return out[i].Stdout < out[j].Stdout
	})
	return out
}

func findLine(lines []string, sub string) string {
	for _, l := range lines {
		if strings.Contains(l, sub) {
			return strings.TrimSpace(l)
		}
	}
	return ""
}

// unsupportedModule pulls the module name out of the runtime's message, for the list.
var quotedName = regexp.MustCompile(`['"\x60]([a-z_:/]+)['"\x60]`)

func unsupportedModule(msg string) string {
	if m := quotedName.FindStringSubmatch(msg); m != nil {
		return m[1]
	}
	return msg
}

// commonPrefixLines counts the leading lines two stdout keys share.
func commonPrefixLines(a, b string) int {
	if a == "" || b == "" {
		return 0
	}
	la, lb := strings.Split(a, "\n"), strings.Split(b, "\n")
	n := 0
	for n < len(la) && n < len(lb) && la[n] == lb[n] {
		n++
	}
	return n
}
