package main

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/looplint/looplint/answer"
	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/nodespec"
	"github.com/looplint/looplint/parse"
	"github.com/looplint/looplint/quiz"
	lrt "github.com/looplint/looplint/runtime"
)

// The playground's engine (main_js.go) answers with these two reports;
// they build on every platform so the benchmarks time what the page runs.

// puzzles keeps the puzzles drawn, by level, seed and release: a draw can
// try many programs, a grading should not.
var puzzles = struct {
	sync.Mutex
	m map[string]*quiz.Puzzle
}{m: map[string]*quiz.Puzzle{}}

// quizSource is quiz's JSON report for a puzzle, graded when ans is not
// empty.
func quizSource(levelText, seedText, node, ans string) string {
	fail := func(msg string) string {
		b, _ := json.Marshal(map[string]string{"error": msg})
		return string(b)
	}
	level, ok := quizLevels[strings.ToLower(strings.TrimSpace(levelText))]
	if !ok {
		return fail(fmt.Sprintf("level must be 1, 2 or 3 (easy, medium, hard), not %q", levelText))
	}
	seed, err := strconv.ParseUint(strings.TrimSpace(seedText), 10, 64)
	if err != nil {
		return fail(fmt.Sprintf("seed must be a whole number, not %q", seedText))
	}
	c, err := nodespec.Resolve(node, "", nil)
	if err != nil {
		return fail(err.Error())
	}
	key := fmt.Sprintf("%d/%d/%s", level, seed, c.Version)
	puzzles.Lock()
	p := puzzles.m[key]
	puzzles.Unlock()
	if p == nil {
		if p, err = quiz.Draw(level, seed, c.Version, quiz.Options{}); err != nil {
			return fail(err.Error())
		}
		puzzles.Lock()
		puzzles.m[key] = p
		puzzles.Unlock()
	}
	rep := puzzleReport(p)
	if ans != "" {
		if rep, err = gradeQuiz(p, rep, ans); err != nil {
			return fail(err.Error())
		}
	}
	b, err := json.MarshalIndent(rep, "", "  ")
	if err != nil {
		return fail(err.Error())
	}
	return string(b) + "\n"
}

// predictSource is predict's JSON report (with --explain) for source as
// the file name, on Node node, or with target (chromium, firefox,
// browser) in that browser's loop as a page's classic script ("" or
// "node": Node's).
func predictSource(source, node, name, target string) string {
	if name == "" {
		name = "snippet.js"
	}
	fail := func(msg string) string {
		b, _ := json.Marshal(map[string]string{"error": msg})
		return string(b)
	}
	if target == "" {
		target = "node"
	}
	f := predictFlags{node: node, target: target, format: "json", explain: true, maxOrders: 24, explore: answer.DefaultRuns,
		timeout: time.Minute, stallMS: 20}
	browser, err := loop.ParseTarget(target)
	if err != nil {
		return fail(err.Error())
	}
	c, err := nodespec.Resolve(node, "", nil)
	if err != nil {
		return fail(err.Error())
	}
	if len(source) > parse.MaxSize {
		return fail("the source is too long")
	}
	pf, err := parse.Parse(name, []byte(source))
	if err != nil {
		return fail(err.Error())
	}
	prog, err := lrt.Prepare(pf, lrt.Options{Node: c.Version, Browser: browser, Timeout: 10 * time.Second})
	if err != nil {
		return fail(err.Error())
	}
	rep, _, err := predictProgram(name, c.Version, pf, prog, f)
	if err != nil {
		if ee, ok := err.(*exitError); ok {
			return fail(ee.msg)
		}
		return fail(err.Error())
	}
	b, err := json.MarshalIndent(rep, "", "  ")
	if err != nil {
		return fail(err.Error())
	}
	return string(b) + "\n"
}
