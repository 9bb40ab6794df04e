package quiz

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/looplint/looplint/explore"
)

// AnswerError is an answer that cannot be graded: an unknown label, one
// given twice, a number off the list, or the wrong count.
type AnswerError struct{ Msg string }

func (e *AnswerError) Error() string { return e.Msg }

func answerErr(format string, args ...any) error {
	return &AnswerError{Msg: fmt.Sprintf(format, args...)}
}

// ParseAnswer reads a learner's order: labels separated by commas or
// newlines, any case and spacing, each a label or the number it has in
// p.Labels (1 for the first). It returns the labels as the puzzle spells
// them.
func (p *Puzzle) ParseAnswer(text string) ([]string, error) {
	byName := map[string]string{}
	for _, l := range p.Labels {
		byName[canon(l)] = l
	}
	var out []string
	from := map[string]string{} // label -> what the learner wrote for it
	for _, line := range strings.Split(text, "\n") {
		for _, item := range strings.Split(line, ",") {
			item = strings.Trim(strings.TrimSpace(item), "'\"`")
			if item == "" {
				continue
			}
			var label string
			if n, err := strconv.Atoi(item); err == nil {
				if n < 1 || n > len(p.Labels) {
					return nil, answerErr("%d is not on the list: the labels are numbered 1 to %d", n, len(p.Labels))
				}
				label = p.Labels[n-1]
			} else if l, ok := byName[canon(item)]; ok {
				label = l
			} else {
				return nil, answerErr("unknown label %q: the labels are %s", item, quoteAll(p.Labels))
			}
			if prev, ok := from[label]; ok {
				return nil, answerErr("%q is given twice (as %q and %q): each label prints once", label, prev, item)
			}
			from[label] = item
			out = append(out, label)
		}
	}
	if len(out) != len(p.Order) {
		return nil, answerErr("%d labels given, the program prints %d: put every label once, in the order Node prints them", len(out), len(p.Order))
	}
	return out, nil
}

// canon is a label for comparison: lower case, single spaces.
func canon(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }

func quoteAll(ls []string) string {
	q := make([]string, len(ls))
	for i, l := range ls {
		q[i] = strconv.Quote(l)
	}
	return strings.Join(q, ", ")
}

// Grade is a graded answer.
type Grade struct {
	Correct bool
	// Right counts the positions where the answer has what Node prints.
	Right int
	// Mistake is the first position that differs (nil when correct).
	Mistake *Mistake
}

// Mistake is the first place an answer went wrong.
type Mistake struct {
	Position int    // 1-based
	Expected string // what Node prints there
	Given    string // what the answer put there
	// ExpectedFrom and GivenFrom say where each line is printed: the step
	// of the predictor's explanation and its place in words.
	ExpectedFrom, GivenFrom Where
	// Why the expected line prints first, from the two steps.
	Why string
}

// Where is the step of the explanation that prints a line.
type Where struct {
	Index int // in Puzzle.Steps
	explore.Step
	Text string // the step in words
}

// Grade grades answer, a full order of p's labels (ParseAnswer).
func (p *Puzzle) Grade(answer []string) Grade {
	g := Grade{Correct: len(answer) == len(p.Order)}
	for i, l := range p.Order {
		if i < len(answer) && answer[i] == l {
			g.Right++
			continue
		}
		g.Correct = false
		if g.Mistake == nil && i < len(answer) {
			g.Mistake = p.mistake(i, answer[i])
		}
	}
	return g
}

func (p *Puzzle) mistake(i int, given string) *Mistake {
	m := &Mistake{Position: i + 1, Expected: p.Order[i], Given: given}
	e, u := p.where(m.Expected), p.where(given)
	if e < 0 || u < 0 {
		return m // (a line no step printed: never for a drawn puzzle)
	}
	m.ExpectedFrom = Where{Index: e, Step: p.Steps[e], Text: p.Describe(e)}
	m.GivenFrom = Where{Index: u, Step: p.Steps[u], Text: p.Describe(u)}
	m.Why = p.why(e, u, m.Expected, given)
	return m
}

// where is the index of the step that printed line, or -1.
func (p *Puzzle) where(line string) int {
	for i, st := range p.Steps {
		for _, l := range st.Printed {
			if l == line {
				return i
			}
		}
	}
	return -1
}
