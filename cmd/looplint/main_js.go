//go:build js && wasm

package main

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"syscall/js"
	"time"

	"github.com/looplint/looplint/answer"
	"github.com/looplint/looplint/nodespec"
	"github.com/looplint/looplint/parse"
	"github.com/looplint/looplint/quiz"
	lrt "github.com/looplint/looplint/runtime"
)

// main, compiled to WebAssembly (make web), is the playground's engine:
// it gives the page one function and waits for calls.
//
//	looplintPredict(source, node, name) -> Promise<string>
//
// resolves to what `looplint predict --format json --explain --node NODE
// NAME` prints for a file NAME holding source (name: "snippet.js" when
// empty), the same report built by the same code, or to {"error": "..."}
// where the command would print an error and exit 2. The sandbox lies at
// its own paths, not the host's (there is none): a program that prints
// its __filename prints the sandbox's.
//
//	looplintQuiz(level, seed, node, answer) -> Promise<string>
//
// resolves to what `looplint quiz --format json --level LEVEL --seed SEED
// --node NODE` prints: with answer "" the puzzle alone (as --print), else
// the answer graded (as --answer ANSWER); {"error": "..."} where the
// command would exit 1 or 2. A drawn puzzle is kept for its grading.
func main() {
	tuneGC(1 << 30)
	js.Global().Set("looplintPredict", js.FuncOf(func(_ js.Value, args []js.Value) any {
		var source, node, name string
		if len(args) > 0 {
			source = args[0].String()
		}
		if len(args) > 1 && args[1].Type() == js.TypeString {
			node = args[1].String()
		}
		if len(args) > 2 && args[2].Type() == js.TypeString {
			name = args[2].String()
		}
		// A promise: the work runs on its own goroutine, so the page's
		// event loop is not held while the Go code blocks (FuncOf).
		return js.Global().Get("Promise").New(js.FuncOf(func(_ js.Value, pr []js.Value) any {
			resolve := pr[0]
			go func() { resolve.Invoke(predictSource(source, node, name)) }()
			return nil
		}))
	}))
	js.Global().Set("looplintQuiz", js.FuncOf(func(_ js.Value, args []js.Value) any {
		arg := func(i int) string {
			if len(args) > i && args[i].Type() == js.TypeString {
				return args[i].String()
			}
			return ""
		}
		level, seed, node, ans := arg(0), arg(1), arg(2), arg(3)
		return js.Global().Get("Promise").New(js.FuncOf(func(_ js.Value, pr []js.Value) any {
			resolve := pr[0]
			go func() { resolve.Invoke(quizSource(level, seed, node, ans)) }()
			return nil
		}))
	}))
	js.Global().Set("looplintReady", true)
	lrt.Precompile()
	select {}
}

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
// the file name, on Node node.
func predictSource(source, node, name string) string {
	if name == "" {
		name = "snippet.js"
	}
	fail := func(msg string) string {
		b, _ := json.Marshal(map[string]string{"error": msg})
		return string(b)
	}
	f := predictFlags{node: node, format: "json", explain: true, maxOrders: 24, explore: answer.DefaultRuns,
		timeout: time.Minute, stallMS: 20}
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
	prog, err := lrt.Prepare(pf, lrt.Options{Node: c.Version, Timeout: 10 * time.Second})
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
