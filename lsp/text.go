package lsp

import (
	"strings"
	"unicode/utf16"
)

// lines indexes a document's text for the protocol's positions (line,
// UTF-16 code unit) and looplint's (1-based line, rune column, byte).
type lines struct {
	text   string
	starts []int // byte offset of each line
}

func newLines(text string) lines {
	l := lines{text: text, starts: []int{0}}
	for i := 0; i < len(text); i++ {
		if text[i] == '\n' {
			l.starts = append(l.starts, i+1)
		}
	}
	return l
}

func (l lines) line(i int) string {
	if i < 0 || i >= len(l.starts) {
		return ""
	}
	end := len(l.text)
	if i+1 < len(l.starts) {
		end = l.starts[i+1] - 1
	}
	return strings.TrimSuffix(l.text[l.starts[i]:end], "\r")
}

// utf16Col is the UTF-16 column of rune column col (1-based) on line
// (1-based).
func (l lines) utf16Col(line, col int) int {
	s := l.line(line - 1)
	n := 0
	for _, r := range s {
		if col <= 1 {
			break
		}
		n += len(utf16.Encode([]rune{r}))
		col--
	}
	return n
}

func (l lines) rangeAt(line, col, endLine, endCol int) rangeT {
	line, col = max(line, 1), max(col, 1)
	if endLine < line || endLine == line && endCol <= col {
		endLine, endCol = line, col+1
	}
	return rangeT{position{line - 1, l.utf16Col(line, col)}, position{endLine - 1, l.utf16Col(endLine, endCol)}}
}

// offset is the byte offset of a protocol position (clamped to the text).
func (l lines) offset(p position) int {
	if p.Line < 0 {
		return 0
	}
	if p.Line >= len(l.starts) {
		return len(l.text)
	}
	start := l.starts[p.Line]
	s := l.line(p.Line)
	units := 0
	for i, r := range s {
		if units >= p.Character {
			return start + i
		}
		units += len(utf16.Encode([]rune{r}))
	}
	return start + len(s)
}

// applyChange applies one didChange entry: a range edit, or the whole
// text when it has no range.
func applyChange(text string, c contentChange) string {
	if c.Range == nil {
		return c.Text
	}
	l := newLines(text)
	a, b := l.offset(c.Range.Start), l.offset(c.Range.End)
	if b < a {
		a, b = b, a
	}
	return text[:a] + c.Text + text[b:]
}

// position of a byte offset.
func (l lines) position(off int) position {
	i := 0
	for i+1 < len(l.starts) && l.starts[i+1] <= off {
		i++
	}
	units := 0
	for _, r := range l.text[l.starts[i]:min(off, len(l.text))] {
		units += len(utf16.Encode([]rune{r}))
	}
	return position{i, units}
}
