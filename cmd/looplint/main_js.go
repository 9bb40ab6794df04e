//go:build js && wasm

package main

import (
	"syscall/js"

	lrt "github.com/looplint/looplint/runtime"
)

// main, compiled to WebAssembly (make web), is the playground's engine:
// it gives the page one function and waits for calls.
//
//	looplintPredict(source, node, name, target) -> Promise<string>
//
// resolves to what `looplint predict --format json --explain --node NODE
// --target TARGET NAME` prints (target "" is node) for a file NAME holding source (name: "snippet.js" when
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
		var source, node, name, target string
		if len(args) > 0 {
			source = args[0].String()
		}
		if len(args) > 1 && args[1].Type() == js.TypeString {
			node = args[1].String()
		}
		if len(args) > 2 && args[2].Type() == js.TypeString {
			name = args[2].String()
		}
		if len(args) > 3 && args[3].Type() == js.TypeString {
			target = args[3].String()
		}
		// A promise: the work runs on its own goroutine, so the page's
		// event loop is not held while the Go code blocks (FuncOf).
		return js.Global().Get("Promise").New(js.FuncOf(func(_ js.Value, pr []js.Value) any {
			resolve := pr[0]
			go func() { resolve.Invoke(predictSource(source, node, name, target)) }()
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
