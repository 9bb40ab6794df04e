package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/looplint/looplint/quiz"
)

type quizFlags struct {
	level, node, answer, format string
	seed                        uint64
	seedSet, print              bool
}

func newQuizCmd() *cobra.Command {
	var f quizFlags
	cmd := &cobra.Command{
		Use:   "quiz",
		Short: "An event-loop ordering puzzle with one answer: put the printed lines in order",
		Long: `Quiz draws a small program from --seed at --level, shows it with the lines it
prints, shuffled, and asks for the order in which Node prints them. Each line
names what prints it: "sync 1", "nextTick", "then 2", "timeout in readFile",
"after await"; "then 1 in timeout" is the first then callback inside the
timeout's callback.

Levels: 1 (easy) synchronous code, process.nextTick, promise chains and
setTimeout; 2 (medium) adds setImmediate, queueMicrotask, promise executors,
catch/finally and callbacks that schedule more; 3 (hard) adds async functions
and await, thenables, then callbacks that return promises, Promise.all/race,
and fs.readFile callbacks that set timers and immediates.

A puzzle is shown only when the predictor (as looplint predict) finds exactly
one order on the chosen Node version, complete and confirmed by the runtime,
with no order that a stall of the machine or other timing could print; other
draws are skipped. The same --level, --seed and --node always give the same
puzzle (without --seed one is picked and shown in the program's first line).

The answer is read from standard input, or taken from --answer: the labels in
order, comma-separated or one per line, in any case; a number stands for the
label with that number in the shuffled list. Quiz says whether it is right,
how many positions are right and, when it is wrong, the first position that
is: where Node prints the line that goes there (which phase or queue) and why
it runs before the line the answer put there; then every step of the order.

--print writes the puzzle's program alone (with --format json: the puzzle
without its answer) and reads no answer: the program is a file that
looplint predict and looplint verify take. It is CommonJS: save it as .cjs,
or as .js outside a package whose package.json says "type": "module".

Exit status: 0 when the puzzle was shown or the answer graded, right or
wrong; 1 when no draw within 200 gave one order; 2 for bad flags or an
answer that cannot be graded (an unknown label, one given twice, a number
off the list, not every label once).`,
		Example: `  looplint quiz --level 2
  looplint quiz --level 3 --seed 7 --node 20
  looplint quiz --level 1 --seed 21 --node 20 --answer "sync, nextTick, timeout 1, timeout 2"
  looplint quiz --level 1 --seed 21 --node 20 --answer 4,1,3,2 --format json
  looplint quiz --level 3 --seed 7 --print > quiz.js && looplint verify quiz.js`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			f.seedSet = cmd.Flags().Changed("seed")
			return runQuiz(cmd.InOrStdin(), cmd.OutOrStdout(), f)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.level, "level", "1", "difficulty: 1 (easy), 2 (medium) or 3 (hard)")
	fl.Uint64Var(&f.seed, "seed", 0, "draw the puzzle from this seed (default: one picked from the clock, shown in the program)")
	fl.StringVar(&f.node, "node", "", "Node version whose order the puzzle asks for: "+strings.TrimPrefix(nodeFlagHelp, "Node version to model: "))
	fl.StringVar(&f.answer, "answer", "", "the answer: labels (or their numbers in the shuffled list) in order, comma-separated; default: read from standard input")
	fl.StringVar(&f.format, "format", "text", "output format: text or json")
	fl.BoolVar(&f.print, "print", false, "print the puzzle's program only (json: the puzzle without its answer) and read no answer")
	return cmd
}

// quizLevels are --level's words.
var quizLevels = map[string]int{"1": 1, "2": 2, "3": 3, "easy": 1, "medium": 2, "hard": 3}

// quizReport is --format json: the puzzle, and the grade once answered.
type quizReport struct {
	Level   int      `json:"level"`
	Seed    uint64   `json:"seed"`
	Node    string   `json:"node"`
	Module  string   `json:"module"`
	Engine  string   `json:"engine"`
	Program string   `json:"program"`
	Labels  []string `json:"labels"` // shuffled: what the learner arranges
	// Graded only:
	Answer  []string      `json:"answer,omitempty"`
	Correct *bool         `json:"correct,omitempty"`
	Right   int           `json:"right,omitempty"` // positions right
	Order   []string      `json:"order,omitempty"` // what Node prints
	Mistake *quizMistake  `json:"mistake,omitempty"`
	Explain []explainStep `json:"explain,omitempty"`
}

type quizMistake struct {
	Position     int       `json:"position"` // 1-based
	Expected     string    `json:"expected"`
	Given        string    `json:"given"`
	ExpectedFrom quizWhere `json:"expectedFrom"`
	GivenFrom    quizWhere `json:"givenFrom"`
	Why          string    `json:"why"`
}

type quizWhere struct {
	Step      int    `json:"step"` // index in explain
	Phase     string `json:"phase"`
	Iteration int    `json:"iteration"`
	Queue     string `json:"queue,omitempty"`
	Callback  string `json:"callback,omitempty"`
	Text      string `json:"text"`
}

func runQuiz(in io.Reader, w io.Writer, f quizFlags) error {
	level, ok := quizLevels[strings.ToLower(strings.TrimSpace(f.level))]
	if !ok {
		return usageErr("--level must be 1, 2 or 3 (easy, medium, hard), not %q", f.level)
	}
	if f.format != "text" && f.format != "json" {
		return usageErr("--format must be text or json, not %q", f.format)
	}
	if f.print && f.answer != "" {
		return usageErr("--print reads no answer: drop --answer or --print")
	}
	v, err := nodeVersion(f.node, ".")
	if err != nil {
		return usageErr("%v", err)
	}
	seed := f.seed
	if !f.seedSet {
		seed = uint64(time.Now().UnixNano()) % 1_000_000
	}
	p, err := quiz.Draw(level, seed, v, quiz.Options{})
	if err != nil {
		return &exitError{code: 1, msg: "looplint: " + err.Error()}
	}
	rep := puzzleReport(p)
	if f.print {
		if f.format == "json" {
			return writeJSON(w, rep)
		}
		_, err := io.WriteString(w, p.Source)
		return err
	}
	text := f.answer
	if f.answer == "" {
		if f.format == "text" {
			printQuizPuzzle(w, p)
		}
		if text, err = readQuizAnswer(in, len(p.Labels)); err != nil {
			return err
		}
	}
	if rep, err = gradeQuiz(p, rep, text); err != nil {
		var ae *quiz.AnswerError
		if errors.As(err, &ae) {
			return usageErr("%s", ae.Msg)
		}
		return err
	}
	if f.format == "json" {
		return writeJSON(w, rep)
	}
	printQuizGrade(w, rep)
	return nil
}

// puzzleReport is the report of puzzle p before it is answered.
func puzzleReport(p *quiz.Puzzle) quizReport {
	return quizReport{Level: p.Level, Seed: p.Seed, Node: p.Node.String(), Module: "cjs", Engine: p.Engine, Program: p.Source, Labels: p.Labels}
}

// gradeQuiz is rep, the report of puzzle p, with the answer text graded
// (the playground's quiz grades with it too).
func gradeQuiz(p *quiz.Puzzle, rep quizReport, text string) (quizReport, error) {
	given, err := p.ParseAnswer(text)
	if err != nil {
		return rep, err
	}
	g := p.Grade(given)
	rep.Answer, rep.Correct, rep.Right, rep.Order = given, &g.Correct, g.Right, p.Order
	for _, st := range p.Steps {
		rep.Explain = append(rep.Explain, toExplainStep("", st))
	}
	if m := g.Mistake; m != nil {
		rep.Mistake = &quizMistake{Position: m.Position, Expected: m.Expected, Given: m.Given,
			ExpectedFrom: quizWhereOf(m.ExpectedFrom), GivenFrom: quizWhereOf(m.GivenFrom), Why: m.Why}
	}
	return rep, nil
}

func quizWhereOf(x quiz.Where) quizWhere {
	return quizWhere{Step: x.Index, Phase: x.Phase, Iteration: x.Iteration, Queue: x.Queue, Callback: x.Callback, Text: x.Text}
}

// printQuizPuzzle shows the program with line numbers (the explanation's
// positions are line:column) and the shuffled labels.
func printQuizPuzzle(w io.Writer, p *quiz.Puzzle) {
	fmt.Fprintf(w, "Level %d puzzle (seed %d) · Node %s · CommonJS\n", p.Level, p.Seed, p.Node)
	fmt.Fprintf(w, "In what order does this program print its %d lines?\n\n", len(p.Labels))
	lines := strings.Split(strings.TrimSuffix(p.Source, "\n"), "\n")
	for i, l := range lines {
		fmt.Fprintf(w, "%3d  %s\n", i+1, l)
	}
	fmt.Fprintf(w, "\nThe lines it prints, shuffled:\n")
	for i, l := range p.Labels {
		fmt.Fprintf(w, "  %d. %s\n", i+1, l)
	}
	fmt.Fprintf(w, "\nYour order: labels or their numbers, comma-separated or one per line (an empty line or end of input ends it):\n")
}

// readQuizAnswer reads until n items are given, an empty line follows
// some, or the input ends.
func readQuizAnswer(in io.Reader, n int) (string, error) {
	sc := bufio.NewScanner(in)
	var b strings.Builder
	items := 0
	for sc.Scan() {
		line := sc.Text()
		k := 0
		for _, it := range strings.Split(line, ",") {
			if strings.TrimSpace(it) != "" {
				k++
			}
		}
		if k == 0 && items > 0 {
			break
		}
		items += k
		b.WriteString(line + "\n")
		if items >= n {
			break
		}
	}
	if err := sc.Err(); err != nil {
		return "", fmt.Errorf("reading the answer: %w", err)
	}
	if items == 0 {
		return "", usageErr("no answer given: write the labels in order on standard input, or use --answer")
	}
	return b.String(), nil
}

func printQuizGrade(w io.Writer, rep quizReport) {
	n := len(rep.Order)
	if *rep.Correct {
		fmt.Fprintf(w, "Right: all %d lines in Node %s's order.\n", n, rep.Node)
	} else {
		fmt.Fprintf(w, "Wrong: %d of %d positions right.\n", rep.Right, n)
	}
	width := len("your answer")
	for _, l := range rep.Answer {
		width = max(width, len(l))
	}
	fmt.Fprintf(w, "\n  %2s      %-*s   Node %s prints\n", "#", width, "your answer", rep.Node)
	for i, l := range rep.Order {
		mark := "ok"
		if rep.Answer[i] != l {
			mark = "x"
		}
		fmt.Fprintf(w, "  %2d  %-2s  %-*s   %s\n", i+1, mark, width, rep.Answer[i], l)
	}
	if m := rep.Mistake; m != nil {
		fmt.Fprintf(w, "\nFirst mistake, position %d: Node prints %q there, not %q.\n", m.Position, m.Expected, m.Given)
		fmt.Fprintf(w, "  %q comes from %s.\n", m.Expected, m.ExpectedFrom.Text)
		fmt.Fprintf(w, "  %q comes from %s.\n", m.Given, m.GivenFrom.Text)
		fmt.Fprintf(w, "  Why: %s.\n", m.Why)
	}
	if !*rep.Correct {
		fmt.Fprintf(w, "\nThe order, step by step (positions are line:column of the program):\n")
		printExplain(w, rep.Explain)
	}
}
