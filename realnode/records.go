package realnode

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/looplint/looplint/internal/nodecase"
)

// AddPerturbed is a version's perturbed entry after new runs p: p, or
// with accumulate p added to old (their hows joined by "; " where they
// differ).
func AddPerturbed(old, p *nodecase.Perturbed, accumulate bool) *nodecase.Perturbed {
	if old == nil || !accumulate {
		return p
	}
	how := old.How
	if how != p.How {
		how += "; " + p.How
	}
	return &nodecase.Perturbed{How: how, Runs: old.Runs + p.Runs, Outcomes: Tally(append(append([]nodecase.Outcome{}, old.Outcomes...), p.Outcomes...))}
}

// Tally merges identical outcomes (stdout, stderr, exit code) and sorts
// them by count (desc), then stdout, then stderr.
func Tally(results []nodecase.Outcome) []nodecase.Outcome {
	byKey := map[string]*nodecase.Outcome{}
	var list []*nodecase.Outcome
	for _, r := range results {
		key := fmt.Sprintf("%q|%q|%d", r.Stdout, r.Stderr, r.ExitCode)
		if o, ok := byKey[key]; ok {
			o.Count += r.Count
			continue
		}
		o := r
		byKey[key] = &o
		list = append(list, &o)
	}
	sort.SliceStable(list, func(i, j int) bool {
		a, b := list[i], list[j]
		if a.Count != b.Count {
			return a.Count > b.Count
		}
		if as, bs := strings.Join(a.Stdout, "\n"), strings.Join(b.Stdout, "\n"); as != bs {
			return as < bs
		}
		return strings.Join(a.Stderr, "\n") < strings.Join(b.Stderr, "\n")
	})
	out := make([]nodecase.Outcome, len(list))
	for i, o := range list {
		out[i] = *o
	}
	return out
}

// EncodeRecords writes the node.json section of a testdata archive:
// versions in ascending order, one outcome per line.
func EncodeRecords(records map[string]nodecase.Record) ([]byte, error) {
	vers := make([]string, 0, len(records))
	for v := range records {
		vers = append(vers, v)
	}
	sort.Slice(vers, func(i, j int) bool { return VersionStringLess(vers[i], vers[j]) })
	var b bytes.Buffer
	b.WriteString("{\n")
	for i, v := range vers {
		rec := records[v]
		fmt.Fprintf(&b, "  %q: {\"runs\": %d, \"outcomes\": [\n", v, rec.Runs)
		if err := writeOutcomes(&b, rec.Outcomes); err != nil {
			return nil, err
		}
		b.WriteString("  ]")
		if p := rec.Perturbed; p != nil {
			how, err := marshal(p.How)
			if err != nil {
				return nil, err
			}
			fmt.Fprintf(&b, ", \"perturbed\": {\"how\": %s, \"runs\": %d, \"outcomes\": [\n", how, p.Runs)
			if err := writeOutcomes(&b, p.Outcomes); err != nil {
				return nil, err
			}
			b.WriteString("  ]}")
		}
		b.WriteString("}")
		if i < len(vers)-1 {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	b.WriteString("}\n")
	if !json.Valid(b.Bytes()) {
		return nil, errors.New("internal error: produced invalid JSON")
	}
	return b.Bytes(), nil
}

// writeOutcomes writes one outcome a line, each indented by four spaces.
func writeOutcomes(b *bytes.Buffer, outcomes []nodecase.Outcome) error {
	for j, o := range outcomes {
		if o.Stdout == nil {
			o.Stdout = []string{}
		}
		if o.Stderr == nil {
			o.Stderr = []string{}
		}
		line, err := marshal(o)
		if err != nil {
			return err
		}
		b.WriteString("    ")
		b.Write(line)
		if j < len(outcomes)-1 {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	return nil
}

func marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// VersionStringLess orders version strings numerically ("9.0.0" < "10.24.1");
// non-numeric parts compare as strings.
func VersionStringLess(a, b string) bool {
	pa, pb := strings.Split(a, "."), strings.Split(b, ".")
	for i := 0; i < len(pa) && i < len(pb); i++ {
		na, ea := strconv.Atoi(pa[i])
		nb, eb := strconv.Atoi(pb[i])
		if ea != nil || eb != nil {
			if pa[i] != pb[i] {
				return pa[i] < pb[i]
			}
			continue
		}
		if na != nb {
			return na < nb
		}
	}
	return len(pa) < len(pb)
}
