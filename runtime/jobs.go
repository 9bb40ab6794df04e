package runtime

import (
	"strings"

	"github.com/looplint/looplint/explore"
	"github.com/looplint/looplint/ir"
)

// reactionSite says what the reaction being registered is, for the
// explanations (Explain). The engine shows only the stack at the
// registration (and queues the jobs that print nothing unseen), so a
// then callback and an await are told by their site, other reactions by
// what was running.
func (h *host) reactionSite() *jobSite {
	s := &jobSite{pos: h.callerPos(0)}
	top, lib := "", ""
	for i, f := range h.rt.CaptureCallStack(0, nil) {
		src := f.SrcName()
		if src == "<native>" {
			if i == 0 {
				top = f.FuncName()
			}
			continue
		}
		if strings.HasPrefix(src, "node:") {
			if src != "node:internal/trampoline" {
				lib = f.FuncName()
			}
			continue
		}
		p := f.Position()
		if p.Line == 0 {
			continue
		}
		if i == 0 {
			// The program itself registers a reaction: an await.
			s.fn = f.FuncName()
			pos := h.sitePos(src, p.Line, p.Column, awaitSite)
			s.job = explore.Job{What: "the continuation after await" + atPos(pos), Pos: pos}
			return s
		}
		switch {
		case lib != "":
			pos := h.sitePos(src, p.Line, p.Column, callSite.at)
			what := "a job of " + lib
			if lib == "queueMicrotask" {
				what = lib
			}
			s.job = explore.Job{What: what + atPos(pos), Pos: pos}
		case top == "then" || top == "catch" || top == "finally":
			pos := h.sitePos(src, p.Line, p.Column, callSite.method)
			s.job = explore.Job{What: "the ." + top + " callback" + atPos(pos), Pos: pos}
		default:
			pos := h.sitePos(src, p.Line, p.Column, callSite.at)
			s.job = explore.Job{What: "a reaction of " + top + atPos(pos), Pos: pos}
		}
		return s
	}
	if h.running != nil && h.running.fn != "" {
		// No frame: a resumed async function awaits again.
		s.fn = h.running.fn
		s.job.What = "the continuation after an await in " + s.fn
		return s
	}
	s.job.What = "a reaction of Node's own (as when a promise resolved with a promise takes its state)"
	return s
}

func atPos(p ir.Pos) string {
	if p.Line <= 0 {
		return ""
	}
	return " at " + p.String()
}

// at is where the call begins; method, its property for a method call.
func (s callSite) at() [2]int { return s.start }

func (s callSite) method() [2]int {
	if s.prop[0] > 0 {
		return s.prop
	}
	return s.start
}

// sitePos is the program's position of a frame at line:col of src (the
// engine's coordinates), named by pick when it falls on a call's '('.
func (h *host) sitePos(src string, line, col int, pick func(callSite) [2]int) ir.Pos {
	file := src
	if src == h.p.VirtPath {
		file = ""
		h.p.indexSites()
		if pick == nil {
			line, col = h.p.awaitAt(line, col)
		} else if c, ok := h.p.calls[[2]int{line, col}]; ok {
			lc := pick(c)
			line, col = lc[0], lc[1]
		}
	}
	line, col = h.userPos(src, line, col)
	return ir.Pos{File: file, Line: line, Col: col}
}

// callee is where V8 places a call the engine places at line:col (its
// '('): at the callee, a method call's property. Other positions are
// returned as they are.
func (p *Program) callee(line, col int) (int, int) {
	p.indexSites()
	if c, ok := p.calls[[2]int{line, col}]; ok {
		m := c.method()
		return m[0], m[1]
	}
	return line, col
}

// throwAt is the start of the throw statement line:col lies in.
func (p *Program) throwAt(line, col int) (int, int, bool) {
	p.indexSites()
	in := func(a, b [2]int) bool { return a[0] < b[0] || a[0] == b[0] && a[1] <= b[1] }
	var best [2][2]int
	found := false
	for _, t := range p.throws {
		if in(t[0], [2]int{line, col}) && in([2]int{line, col}, t[1]) && (!found || in(best[0], t[0])) {
			best, found = t, true // the innermost
		}
	}
	return best[0][0], best[0][1], found
}

// awaitSite marks sitePos's search for an await expression.
var awaitSite func(callSite) [2]int

// awaitAt is the await expression a frame suspended at line:col is in:
// the last one on the line starting at or before col (columns of a line
// the runtime rewrote move right), else the line's first.
func (p *Program) awaitAt(line, col int) (int, int) {
	as := p.awaits[line]
	if len(as) == 0 {
		return line, col
	}
	best := as[0]
	for _, a := range as {
		if a[1] <= col && a[1] >= best[1] {
			best = a
		}
	}
	return best[0], best[1]
}
