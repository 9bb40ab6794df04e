package lsp

import (
	"fmt"
	"go/token"
	"strings"

	"github.com/looplint/looplint/analyzer/driver"
	"github.com/looplint/looplint/analyzer/jsfile"
	"github.com/looplint/looplint/analyzer/sched"
	"github.com/looplint/looplint/parse"
)

// codeActions are, for each finding in the range, its fix (a suggestion:
// the checks' fixes change when callbacks run, which the title says) and
// a looplint-ignore comment on the line before it, with a reason to write.
func (s *Server) codeActions(p codeActionParams) []codeAction {
	s.mu.Lock()
	d := s.docs[p.TextDocument.URI]
	var res driver.Result
	var text string
	if d != nil {
		res, text = d.result, d.text
	}
	s.mu.Unlock()
	out := []codeAction{}
	if d == nil || res.Source != text {
		return out // not analyzed as it stands (a change is on its way)
	}
	lines := newLines(text)
	for _, dg := range res.Diagnostics {
		r := lines.rangeAt(dg.Pos.Line, dg.Pos.Col, dg.End.Line, dg.End.Col)
		if !overlaps(r, p.Range) {
			continue
		}
		ld := diagnostic{Range: r, Severity: 1, Code: dg.Check, Source: "looplint", Message: dg.Message}
		for _, fx := range dg.Fixes {
			if res.Transformed {
				break // edits refer to the stripped text, not the document's
			}
			var edits []textEdit
			for _, e := range fx.Edits {
				edits = append(edits, textEdit{Range: rangeT{lines.position(e.Start), lines.position(e.End)}, NewText: e.New})
			}
			title := fx.Message
			if !fx.KeepsOrder {
				title += " (changes when callbacks run)"
			}
			out = append(out, codeAction{Title: title, Kind: "quickfix", Diagnostics: []diagnostic{ld}, IsPreferred: fx.KeepsOrder,
				Edit: workspaceEdit{Changes: map[string][]textEdit{p.TextDocument.URI: edits}}})
		}
		if dg.Check == driver.SuppressCheck {
			continue
		}
		line := lines.line(dg.Pos.Line - 1)
		indent := line[:len(line)-len(strings.TrimLeft(line, " \t"))]
		comment := fmt.Sprintf("%s// looplint-ignore %s -- why this is safe here\n", indent, dg.Check)
		at := position{dg.Pos.Line - 1, 0}
		out = append(out, codeAction{Title: "Suppress " + dg.Check + " on this line (say why)", Kind: "quickfix", Diagnostics: []diagnostic{ld},
			Edit: workspaceEdit{Changes: map[string][]textEdit{p.TextDocument.URI: {{Range: rangeT{at, at}, NewText: comment}}}}})
	}
	return out
}

func overlaps(a, b rangeT) bool {
	before := func(x, y position) bool { return x.Line < y.Line || x.Line == y.Line && x.Character < y.Character }
	return !before(a.End, b.Start) && !before(b.End, a.Start)
}

// whenRuns says, per kind of scheduling call, when what it schedules runs.
var whenRuns = map[sched.Kind]string{
	sched.NextTick:    "**process.nextTick**: the callback runs as soon as the current callback (or the main script) returns, before any promise callback and before the loop moves on. Ticks queued meanwhile run too: a tick that queues itself starves timers and I/O.",
	sched.Microtask:   "**queueMicrotask**: the callback runs in the microtask queue, once the current callback has returned and the nextTick queue is empty, before the loop's next phase (on Node 11 and later, also between two timers or two immediates).",
	sched.Reaction:    "**promise reaction**: runs as a microtask once the promise settles: after the current callback returns and the nextTick queue is empty, before the loop moves on.",
	sched.Await:       "**await**: the rest of the function runs as a microtask once the awaited value settles (a settled promise still takes at least one microtask turn); the caller goes on at once.",
	sched.Timeout:     "**setTimeout**: the callback runs in a timers phase once at least its delay (1 ms at least) has passed. Against setImmediate from the main script the order depends on timing; from an I/O callback, the immediate runs first.",
	sched.Interval:    "**setInterval**: the callback runs in timers phases, every delay milliseconds at the earliest, until clearInterval.",
	sched.Immediate:   "**setImmediate**: the callback runs in the check phase, after the loop has polled for I/O; immediates queued by an immediate wait for the next iteration.",
	sched.PromiseExec: "**new Promise**: the executor runs now, synchronously; then/catch/finally callbacks run later, as microtasks.",
	sched.Emit:        "**emit**: the listeners run now, synchronously, in the order they were added, before emit returns; a listener added after this emit misses it.",
	sched.Listen:      "**listener**: runs synchronously inside each later emit of the event.",
	sched.IO:          "**I/O callback**: runs in a poll phase when the operation completes; operations in flight together can complete in any order.",
	sched.Handler:     "**handler**: runs when a request arrives, from the poll phase.",
}

// hoverAt describes the innermost scheduling call under p, or nil.
func hoverAt(path, text string, p position) *hover {
	f, err := parse.Parse(path, []byte(text))
	if err != nil || f.Transformed {
		return nil
	}
	tf := token.NewFileSet().AddFile(path, -1, len(f.Source))
	jf, err := jsfile.Parse(f, tf)
	if err != nil {
		return nil
	}
	facts := sched.Compute(jf)
	lines := newLines(text)
	off := lines.offset(p)
	var best *sched.Call
	bestLen := 0
	for _, c := range facts.Sched {
		if _, ok := whenRuns[c.Kind]; !ok {
			continue
		}
		a, b := jf.Offset(c.Node.Idx0()), jf.Offset(c.Node.Idx1())
		if off < a || off >= b {
			continue
		}
		if best == nil || b-a < bestLen {
			best, bestLen = c, b-a
		}
	}
	if best == nil {
		return nil
	}
	a, b := jf.Offset(best.Node.Idx0()), jf.Offset(best.Node.Idx1())
	r := rangeT{lines.position(a), lines.position(b)}
	return &hover{Contents: markup{Kind: "markdown", Value: whenRuns[best.Kind]}, Range: &r}
}
