//go:build js && wasm

package main

import (
	"encoding/json"
	"syscall/js"
	"time"

	"github.com/looplint/looplint/answer"
	"github.com/looplint/looplint/nodespec"
	"github.com/looplint/looplint/parse"
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
	js.Global().Set("looplintReady", true)
	lrt.Precompile()
	select {}
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
