package lsp

import (
	"fmt"
	"strings"
	"time"

	"github.com/looplint/looplint/answer"
	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/parse"
	lrt "github.com/looplint/looplint/runtime"
)

// predictBudget bounds the prediction a hover shows: an editor waits for
// it (the result is kept per document version).
const predictBudget = 2 * time.Second

// maxPredictBytes: larger files are modules of a program, not the
// snippets a learner hovers to see what they print.
const maxPredictBytes = 64 << 10

// ordersNote says what the file prints when run as a program on the
// release the project uses: the order an idle machine prints, and how
// many more a loaded one can. "" when it cannot be said in the budget.
func ordersNote(path, text string, v loop.Version) string {
	if len(text) > maxPredictBytes {
		return ""
	}
	f, err := parse.Parse(path, []byte(text))
	if err != nil {
		return ""
	}
	prog, err := lrt.Prepare(f, lrt.Options{Node: v, Timeout: predictBudget, HostPaths: true})
	if err != nil {
		return ""
	}
	pred, err := answer.Unconfirmed(f, prog, predictBudget)
	if err != nil || !pred.Complete || len(pred.Orders) == 0 {
		return ""
	}
	var usual []string
	more := 0
	for _, o := range pred.Orders {
		if pred.Usual(o) && usual == nil {
			lines := o.Stdout
			if len(lines) > 12 {
				lines = append(lines[:12:12], "…")
			}
			usual = lines
			continue
		}
		more++
	}
	if usual == nil {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "**Run as a program** on Node %s, this file prints", v)
	if len(usual) == 0 {
		b.WriteString(" nothing")
	} else {
		b.WriteString(":\n\n```text\n" + strings.Join(usual, "\n") + "\n```\n")
	}
	switch {
	case more == 1:
		b.WriteString("\n1 more order under load (`looplint predict` lists it, and why).")
	case more > 1:
		fmt.Fprintf(&b, "\n%d more orders under load (`looplint predict` lists them, and why).", more)
	}
	return b.String()
}
