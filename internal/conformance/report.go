package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"text/tabwriter"
)

// Row aggregates results for one suite and one version (or family).
type Row struct {
	Suite       string `json:"suite"`
	Group       string `json:"group"` // a version, or "family X"
	Family      string `json:"family"`
	Total       int    `json:"total"`
	Matched     int    `json:"matched"`
	Mismatched  int    `json:"mismatched"`
	Unsupported int    `json:"unsupported"`
	Errors      int    `json:"errors"`
	ExitChecked int    `json:"exitChecked"`
	ExitOK      int    `json:"exitOK"`
}

func (r *Row) add(res Result) {
	r.Total++
	switch res.Status {
	case StatusMatch:
		r.Matched++
	case StatusMismatch:
		r.Mismatched++
	case StatusUnsupported:
		r.Unsupported++
	case StatusError:
		r.Errors++
	}
	if res.ExitChecked {
		r.ExitChecked++
		if res.ExitOK {
			r.ExitOK++
		}
	}
}

// Report is the whole run, also written by -json.
type Report struct {
	Explore   int      `json:"explore"`
	Seed      int      `json:"seed"`
	ByVersion []Row    `json:"byVersion"`
	ByFamily  []Row    `json:"byFamily"`
	Results   []Result `json:"results"`
}

func buildReport(results []Result, explore, seed int) Report {
	sort.Slice(results, func(i, j int) bool {
		a, b := results[i], results[j]
		if a.Suite != b.Suite {
			return a.Suite > b.Suite // probes before corpus
		}
		if a.Case != b.Case {
			return a.Case < b.Case
		}
		return versionLess(a.Version, b.Version)
	})
	rep := Report{Explore: explore, Seed: seed, Results: results}
	byVersion := map[[2]string]*Row{}
	byFamily := map[[2]string]*Row{}
	for _, res := range results {
		kv := [2]string{res.Suite, res.Version}
		if byVersion[kv] == nil {
			byVersion[kv] = &Row{Suite: res.Suite, Group: res.Version, Family: res.Family}
		}
		byVersion[kv].add(res)
		kf := [2]string{res.Suite, res.Family}
		if byFamily[kf] == nil {
			byFamily[kf] = &Row{Suite: res.Suite, Group: "family " + res.Family, Family: res.Family}
		}
		byFamily[kf].add(res)
	}
	rep.ByVersion = sortedRows(byVersion, func(a, b Row) bool { return versionLess(a.Group, b.Group) })
	rep.ByFamily = sortedRows(byFamily, func(a, b Row) bool { return a.Family < b.Family })
	return rep
}

func sortedRows(m map[[2]string]*Row, less func(a, b Row) bool) []Row {
	var rows []Row
	for _, r := range m {
		rows = append(rows, *r)
	}
	sort.Slice(rows, func(i, j int) bool {
		if rows[i].Suite != rows[j].Suite {
			return rows[i].Suite > rows[j].Suite
		}
		return less(rows[i], rows[j])
	})
	return rows
}

const abbrev = 110

// printReport writes the human-readable report.
func printReport(w io.Writer, rep Report) {
	fmt.Fprintf(w, "looplint conformance: explore %d, seed %d; a case matches when every stdout Node showed is reached\n\n", rep.Explore, rep.Seed)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "suite\tversion\tfamily\tmatched\tmismatch\tunsupported\terror\texit codes ok\t")
	row := func(r Row, group string) {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d/%d\t%d\t%d\t%d\t%d/%d\t\n", r.Suite, group, r.Family,
			r.Matched, r.Total-r.Unsupported, r.Mismatched, r.Unsupported, r.Errors, r.ExitOK, r.ExitChecked)
	}
	for _, r := range rep.ByVersion {
		row(r, r.Group)
	}
	fmt.Fprintln(tw, "\t\t\t\t\t\t\t\t")
	for _, r := range rep.ByFamily {
		row(r, "all")
	}
	tw.Flush()
	fmt.Fprintln(w, "  (matched = matched / cases that are not unsupported; exit codes ok = runs with recorded exit codes that reached all of them)")

	var mism, exitOnly, unsup []Result
	errs := map[string][]Result{}
	for _, r := range rep.Results {
		switch r.Status {
		case StatusMismatch:
			mism = append(mism, r)
		case StatusUnsupported:
			unsup = append(unsup, r)
		case StatusError:
			errs[r.Error] = append(errs[r.Error], r)
		case StatusMatch:
			if r.ExitChecked && !r.ExitOK {
				exitOnly = append(exitOnly, r)
			}
		}
	}

	if len(mism) > 0 {
		fmt.Fprintf(w, "\nMismatches (%d):\n", len(mism))
		for _, r := range mism {
			fmt.Fprintf(w, "  %s %s %s (family %s)\n", r.Suite, r.Version, r.Case, r.Family)
			for i, m := range r.Missing {
				// Skip the lines shared with a reached stdout or with another
				// missing one, so that long outputs stay distinguishable.
				same := m.SameLines
				for j, o := range r.Missing {
					if j != i {
						same = max(same, commonPrefixLines(m.Stdout, o.Stdout))
					}
				}
				fmt.Fprintf(w, "      missing  (%d runs) %s\n", m.Runs, abbreviateFrom(m.Stdout, same, abbrev))
			}
			printExtra(w, r.Extra)
			if r.WantModule != "" {
				fmt.Fprintf(w, "      module   looplint ran it as %s, Node as %s\n", r.Module, r.WantModule)
			}
			if len(r.ExitMissing) > 0 {
				fmt.Fprintf(w, "      exit     Node exited %s, never reached\n", ints(r.ExitMissing))
			}
		}
	}
	if len(exitOnly) > 0 {
		fmt.Fprintf(w, "\nStdout matched but an exit code Node showed was never reached (%d):\n", len(exitOnly))
		for _, r := range exitOnly {
			fmt.Fprintf(w, "  %s %s %s: Node exited %s\n", r.Suite, r.Version, r.Case, ints(r.ExitMissing))
		}
	}
	if len(unsup) > 0 {
		fmt.Fprintf(w, "\nUnsupported in the sandbox (%d):\n", len(unsup))
		for _, r := range unsup {
			fmt.Fprintf(w, "  %s %s %s: %s\n", r.Suite, r.Version, r.Case, unsupportedModule(r.Unsupported))
		}
	}
	if len(errs) > 0 {
		msgs := make([]string, 0, len(errs))
		n := 0
		for m, rs := range errs {
			msgs = append(msgs, m)
			n += len(rs)
		}
		sort.Slice(msgs, func(i, j int) bool { return len(errs[msgs[i]]) > len(errs[msgs[j]]) })
		fmt.Fprintf(w, "\nlooplint errors (%d runs, grouped by message):\n", n)
		for _, m := range msgs {
			rs := errs[m]
			fmt.Fprintf(w, "  %s\n", m)
			for i, r := range rs {
				if i == 8 {
					fmt.Fprintf(w, "      … and %d more\n", len(rs)-i)
					break
				}
				fmt.Fprintf(w, "      %s %s %s\n", r.Suite, r.Version, r.Case)
			}
		}
	}
}

// abbreviateFrom shows a stdout from just before line same+1, where it first
// differs from its neighbours.
func abbreviateFrom(key string, same, max int) string {
	const context = 1
	if same <= context+1 {
		return abbreviate(key, max)
	}
	lines := strings.Split(key, "\n")
	skip := same - context
	return fmt.Sprintf("[%d lines omitted] … %s", skip, abbreviate(strings.Join(lines[skip:], "\n"), max))
}

func printExtra(w io.Writer, extra []string) {
	const shown = 3
	for i, e := range extra {
		if i == shown {
			fmt.Fprintf(w, "      extra    … and %d more\n", len(extra)-shown)
			return
		}
		fmt.Fprintf(w, "      extra    %s\n", abbreviate(e, abbrev))
	}
}

func ints(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, ", ")
}

func writeJSON(path string, rep Report) error {
	data, err := json.MarshalIndent(rep, "", " ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(data, '\n'), 0o644)
}
