// Package gen generates random, valid, terminating asynchronous Node.js
// programs from a small grammar over the APIs looplint models: console.log,
// timers and intervals, setImmediate, process.nextTick, queueMicrotask,
// promise chains and combinators, async functions with await, fs.readFile
// callbacks (of the program's own file and of a missing one), EventEmitter,
// loops and closures.
//
// Programs are trees of statements (Stmt), rendered to JavaScript by
// Source. Every console.log has a distinct label (L1, L2, ...), every
// interval clears itself after a bounded count, and nothing recurses, so
// every program terminates. Generation is deterministic per seed.
//
// The tree is what the differential tests minimize (Reduce): removing a
// statement removes its subtree, and no statement refers to a name that a
// removable sibling declares, so every reduction is a valid program too.
package gen

import "github.com/looplint/looplint/loop"

// Kind is a statement production.
type Kind int

const (
	Log       Kind = iota // console.log('L1'[, counter][, e.message])
	Timeout               // setTimeout(() => { Body }, Delay)
	Immediate             // setImmediate(() => { Body })
	Tick                  // process.nextTick(() => { Body })
	Microtask             // queueMicrotask(() => { Body })
	Interval              // let nK = 0; const ivK = setInterval(() => { if (++nK === Count) clearInterval(ivK); Body }, Delay)
	ReadFile              // fs.readFile(__filename, () => { Body }); Src SrcReject: __filename + '.missing'
	Loop                  // for (let|var iK = 0; iK < Count; iK++) { Body }
	Func                  // let cK = 0; const fK = [async] () => { cK++; Body }; Items (calls)
	Call                  // one call of the enclosing Func (Via says how), Body: .then tail for async functions
	Chain                 // Ret (the source, an Elem) .link .link ...: Items (links)
	Link                  // .then/.catch/.finally(() => { Body; [return X | throw] })
	Elem                  // an element of a combinator's array (Src), Body for executor/async elements
	Await                 // await Ret (an Elem): only in async bodies
	TryAwait              // try { await Promise.reject(new Error('E')); Body } catch (e) { Alt }
	Throw                 // throw new Error('E'): only last in a then link
	Emitter               // const eK = new EventEmitter(); Items (on/once/emit)
	Listen                // eK.on/once('ev', () => { Body }) or eK.emit('ev')
)

// Src says what a Chain starts from, what an Elem, Await or a link's
// return value is, and how a Call or Listen is made.
type Src int

const (
	SrcNone       Src = iota
	SrcResolve        // Promise.resolve(Value)
	SrcReject         // Promise.reject(new Error('En'))
	SrcExecutor       // new Promise((resolve) => { Body; resolve(Value); })
	SrcTimer          // new Promise((resolve) => setTimeout(resolve, Delay))
	SrcImmediate      // new Promise((resolve) => setImmediate(resolve))
	SrcTick           // new Promise((resolve) => process.nextTick(resolve))
	SrcThenable       // { then(resolve) { Body; resolve(Value); } }
	SrcAsync          // (async () => { Body })()
	SrcValue          // a plain value (await 1)
	SrcAll            // Promise.all([Elems])
	SrcRace           // Promise.race([Elems])
	SrcAllSettled     // Promise.allSettled([Elems])
	SrcAny            // Promise.any([Elems])

	// Link methods.
	SrcThen
	SrcCatch
	SrcFinally

	// How a Call calls its function.
	ViaDirect    // fK()
	ViaTimeout   // setTimeout(fK, Delay)
	ViaImmediate // setImmediate(fK)
	ViaTick      // process.nextTick(fK)
	ViaThen      // Promise.resolve().then(fK)
	ViaAwait     // await fK() (async callers only)

	// Emitter members.
	ViaOn
	ViaOnce
	ViaEmit
)

// Stmt is one statement (or link, element, call, listener) of a program.
type Stmt struct {
	Kind  Kind
	Src   Src    // see Src
	Label string // Log: its label; Reject/Throw/TryAwait: the error's message
	Name  string // the name the statement declares or refers to (loop, interval, function, emitter)
	Var   bool   // Loop: var instead of let
	Async bool   // Func: an async arrow
	IIFE  bool   // Func: called once in place, no Items
	Delay int    // Timeout, Interval, SrcTimer, ViaTimeout
	Count int    // Loop iterations, Interval beats
	Value int    // resolution value (0: none)
	Show  string // Log: a counter variable or "e.message" printed after the label

	Body  []*Stmt // the callback's (or loop's, executor's) statements
	Alt   []*Stmt // TryAwait's catch block
	Elems []*Stmt // a combinator's elements
	Items []*Stmt // a Chain's links, a Func's calls, an Emitter's members
	Ret   *Stmt   // Link: the value returned (an Elem), if any; Chain: its source; Await: what it awaits
}

// Program is a generated program.
type Program struct {
	Seed uint64
	Opts Options
	Body []*Stmt
	// MinNode is the oldest Node release that has every API the program
	// uses (queueMicrotask, Promise.allSettled, Promise.any).
	MinNode loop.Version
}

// Scheduling counts the statements Options.Size bounds: timers,
// intervals, immediates, ticks, microtasks, file reads, chains, awaits,
// async IIFEs, calls of a declared function and emitters.
func (p *Program) Scheduling() int {
	n := 0
	walk(p.Body, func(s *Stmt) {
		switch s.Kind {
		case Timeout, Immediate, Tick, Microtask, Interval, ReadFile, Chain, Call, Await, TryAwait, Emitter:
			n++
		case Func:
			if s.IIFE {
				n++
			}
		}
	})
	return n
}
