package predict

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/looplint/looplint/explore"
	"github.com/looplint/looplint/ir"
	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/parse"
)

// Options bound a prediction. Zero fields take defaults.
type Options struct {
	Explore explore.Config
	// MaxIter caps the iterations of one loop statement; past it the
	// loop is left and the result is incomplete.
	MaxIter int
	// Limits bound each run of the loop model.
	Limits loop.Limits
	// Files, if set, are the files the program sees (the runtime's
	// sandbox file system); Filename is the program's own path there
	// (__filename) and Cwd its working directory. Without Files, fs
	// callbacks make the prediction incomplete: whether a file exists
	// decides how many round trips it takes.
	Files    Files
	Filename string
	Cwd      string
	// Env is the program's environment (runtime.Options.Env): the thread
	// pool's size comes from it. The interpreter does not model a program's
	// own writes to process.env (a reason: the runtime answers).
	Env map[string]string
	// StallMS, when positive, tells the orders that only a stall of the
	// machine longer than this produces (Prediction.NeedsStall) from the
	// others, which a second exploration with loop.Limits.StallMS finds.
	StallMS int64
	// Usual tells the orders an idle machine prints (Prediction.Usual)
	// from the others, which another exploration with loop.Limits.Usual
	// finds.
	Usual bool
}

// Files reads the files a program sees (the runtime's memfs.FS).
type Files interface {
	ReadFile(path string) ([]byte, error)
	Kind(path string) (file, dir bool)
}

// refusedAtLoad is Node's error when it will not run the entry at all
// for a reason outside the file (an unreadable package.json).
func refusedAtLoad(f *parse.File, p loop.Profile) (string, bool) {
	return p.RefusedEntry(f.Ext, f.PackageInvalid)
}

// Predict lists every outcome of f under profile p without running it.
// A failure of the predictor itself (a bug) becomes an incomplete
// prediction that says so, not a crash.
func Predict(f *parse.File, p loop.Profile, opts Options) (pr explore.Prediction) {
	defer func() {
		if r := recover(); r != nil {
			pr = explore.Prediction{Reasons: []explore.Reason{{Msg: fmt.Sprintf("internal error in the predictor (a looplint bug; please report it): %v", r)}}}
		}
	}()
	if msg, ok := refusedAtLoad(f, p); ok {
		return explore.Prediction{Complete: true, Orders: []explore.Outcome{{Stderr: []string{msg}, ExitCode: 1, Paths: 1,
			Witness: loop.Witness{Clock: []int64{}, Poll: [][]int{}}}}}
	}
	prog, err := ir.Lower(f, p.Module == loop.ESModule)
	var pe *parse.Error
	if errors.As(err, &pe) && pe.Line > 0 {
		// The file parsed as the other module kind (the front door took
		// it), not as this one: Node's loader throws a SyntaxError.
		return explore.Prediction{Complete: true, Orders: []explore.Outcome{{Stderr: []string{"SyntaxError: " + pe.Msg}, ExitCode: 1, Paths: 1,
			Witness: loop.Witness{Clock: []int64{}, Poll: [][]int{}}}}}
	}
	if err != nil {
		return explore.Prediction{Reasons: []explore.Reason{{Msg: "cannot lower: " + err.Error()}}}
	}
	if p.Module == loop.ESModule && prog.Main.Async && !p.TopLevelAwait() {
		// Top-level await before 14.8: the module does not link (Node
		// prints "SyntaxError: Unexpected reserved word"; probe 34).
		return explore.Prediction{Complete: true, Orders: []explore.Outcome{{Stderr: []string{"SyntaxError: Unexpected reserved word"}, ExitCode: 1, Paths: 1,
			Witness: loop.Witness{Clock: []int64{}, Poll: [][]int{}}}}}
	}
	if _, _, msg := f.StripOnlyError(); msg != "" && p.Has(loop.TSStripTypes) {
		// Node's type stripping refuses the file: nothing runs.
		return explore.Prediction{Complete: true, Orders: []explore.Outcome{{Stderr: []string{msg}, ExitCode: 1, Paths: 1,
			Witness: loop.Witness{Clock: []int64{}, Poll: [][]int{}}}}}
	}
	if u, msg, rejected := f.FirstRejected(p.SyntaxRejected); rejected {
		if msg == "" {
			return explore.Prediction{Reasons: []explore.Reason{{Pos: ir.Pos{Line: u.Line, Col: u.Col}, Msg: fmt.Sprintf("%s is a SyntaxError on Node %s (V8's message for this form is not modelled)", strings.TrimPrefix(u.Feature.String(), "syntax:"), p.Node)}}}
		}
		// Node refuses to compile the file: nothing runs.
		return explore.Prediction{Complete: true, Orders: []explore.Outcome{{Stderr: []string{msg}, ExitCode: 1, Paths: 1,
			Witness: loop.Witness{Clock: []int64{}, Poll: [][]int{}}}}}
	}
	if f.Lowered && !p.Has(loop.SyntaxAsyncIteration) {
		// for await or an async generator: a SyntaxError on Node 8.
		return explore.Prediction{Complete: true, Orders: []explore.Outcome{{Stderr: []string{"SyntaxError: async iteration before Node 10"}, ExitCode: 1, Paths: 1,
			Witness: loop.Witness{Clock: []int64{}, Poll: [][]int{}}}}}
	}
	return PredictProgram(prog, p, opts)
}

// maxSourceDepth is the nesting past which V8 may refuse to parse: Node 20
// parses 2,000 nested array literals and throws RangeError (Maximum call
// stack size exceeded) at 4,000; the limit depends on the construct and
// the release.
const maxSourceDepth = 1000

// PredictProgram is Predict on a lowered program.
func PredictProgram(prog *ir.Program, p loop.Profile, opts Options) explore.Prediction {
	if opts.Limits.MaxCallbacks == 0 {
		opts.Limits = loop.Limits{MaxDrain: loop.DefaultLimits.MaxDrain, MaxCallbacks: 10000, MaxVirtualMS: 3600 * 1000}
	}
	var deep []explore.Reason
	if prog.Depth > maxSourceDepth {
		deep = append(deep, explore.Reason{Msg: fmt.Sprintf("the source nests %d levels deep: V8's parser overflows its stack somewhere past %d (a RangeError at load on Node 20 by 4,000), which is not modelled", prog.Depth, maxSourceDepth)})
	}
	run := func(x *explore.Exec) explore.Ending {
		in := newInterp(prog, p, opts, x)
		env := x.Env()
		env.Work = in.meter.Now
		lim := opts.Limits
		lim.StallMS, lim.Usual = x.StallMS, x.Usual
		in.l = loop.NewWith(p, in, env, lim)
		in.poolEnv()
		x.Attach(in.l)
		defer in.killCoros()
		in.runMain()
		e := in.ending()
		e.Reasons = append(e.Reasons, deep...)
		return e
	}
	pr := explore.Predict(explore.HostFunc(run), explore.Options{Explore: opts.Explore, StallMS: opts.StallMS, Usual: opts.Usual})
	if len(deep) > 0 && pr.Complete {
		// No run completed, so no run said it.
		pr.Reasons, pr.Complete = deep, false
	}
	return pr
}

// Interp is one run of the abstract interpreter: the loop.Host of a
// loop model, interpreting the IR with abstract values.
type Interp struct {
	// console's state: the group indent and the count labels.
	groupIndent  string
	counts       map[string]int
	timeLabels   map[string]bool // console.time's running labels
	jsonNodes    int             // values JSON.stringify has visited (maxLen bounds them)
	unsettledTLA bool            // the main module's top-level await never settled
	prog         *ir.Program
	p            loop.Profile
	opts         Options
	x            *explore.Exec // nil when replaying a witness
	l            *loop.Loop
	e            *Promises

	globals     *Scope
	meter       loop.Meter       // how long Node takes for the work so far
	patDepth    int              // patterns being destructured around the current one
	forks       map[ir.Pos]int   // unknown conditions forked at, per position (fork)
	builtinMods map[string]Value // built-in modules loaded, by name
	globalObj   *Native          // global, globalThis
	builtins    map[string]Value
	stdout      []string
	stderr      []string
	reasons     map[explore.Reason]bool
	hazards     map[explore.Hazard]bool

	exitCode  Value    // process.exitCode
	mainAsync *Promise // an ES module main's evaluation (unsettled: exit 13)
	// proc is process, made when the program first names it (process),
	// and procEmit its emit as made.
	proc      *Object
	procEmit  Value
	dep0018   bool // Node <= 14's DeprecationWarning for unhandled rejections was given
	unhandled []*Promise
	reported  map[*Promise]bool
	modules   map[string]*Object // local modules loaded, by path
	esm       map[string]*esModule
	cjsNames  map[string][]string // a CommonJS module's names an ES module may import
	// written is this run's own file contents (interp_fswrite.go);
	// writing and reading count requests in flight per file.
	written          map[string][]byte
	removed          map[string]bool // files this run unlinked or renamed away
	writing, reading map[string]int
	// streamFiles are the files fs streams opened (fsioObj), by handle.
	streamFiles map[float64]*streamFile
	esmStack    []*esModule // the local ES modules whose bodies are running
	late        []*Promise

	cur   *coro
	coros []*coro
	live  int // coroutines started and not done
	// symbols are the well-known symbols and Symbol.for's registry;
	// symCount numbers every symbol made (symKey).
	symbols  map[string]*symbolVal
	symByKey map[string]*symbolVal
	symCount int

	onMicrotask func(explore.Job) // Explain's tracer
	returned    ir.Pos            // the last return statement run (an async function's resolution)
	method      [2]ir.Pos         // the last method call run: its position, its property's
	internal    *Native           // the built-ins' __internal (interp_lib.go)
	// opaque counts the __internal.opaque calls running; opaqueNew are
	// the reasons they gave (dropped if one is abandoned); opaqueUser:
	// they ran the program's own code.
	opaque     int
	opaqueNew  []explore.Reason
	opaqueUser bool
	protos     map[string]*Native // built-in prototypes (interp_intrinsics.go)
	// newTarget is new.target for the next function called (callFunc
	// takes it).
	newTarget Value
	// site is the program's innermost call into a built-in's JavaScript
	// (userSite).
	site        ir.Pos
	pathMod     *Native // path
	fspModule   *Native // fs.promises
	inUncaught  bool    // running uncaughtException listeners
	inExit      bool    // 'exit' was emitted (after an uncaught error, process.exit or the end)
	naturalExit bool    // the exit listeners of a normal end are running
	depth       int     // JS call depth

	// The commutation reduction (commute.go): the running epoch (one per
	// I/O callback), whether it touched anything older, and the lengths
	// of stderr, reasons and hazards when it began.
	epoch  int32
	impure bool
	marks  [3]int

	// Busy-wait cutting (spin.go): writes to older state that changed a
	// value, the callback running, and the state at the last pass.
	spinWrites int
	root       *rootCall
	spin       spinSnap

	outOpen, errOpen bool // the last stdout/stderr line has no newline yet (write)

	counted map[ir.Expr]*counting // countingOf's analyses (nil: not a counting loop)

	// Describing the state at the start of an iteration (repeat.go): the
	// epoch the last description started, and the clock readings handed
	// to the program.
	stateEpoch int32
	visible    []loop.Time
	// reaction is the last promise reaction or queueMicrotask callback a
	// job called (a chain that never drains is named by it).
	reaction task
}

func newInterp(prog *ir.Program, p loop.Profile, opts Options, x *explore.Exec) *Interp {
	if opts.MaxIter <= 0 {
		opts.MaxIter = 10000
	}
	in := &Interp{prog: prog, p: p, meter: loop.Meter{P: p}, opts: opts, x: x, reasons: map[explore.Reason]bool{}, hazards: map[explore.Hazard]bool{},
		reported: map[*Promise]bool{}, modules: map[string]*Object{}, esm: map[string]*esModule{}, cjsNames: map[string][]string{}, writing: map[string]int{}, reading: map[string]int{}}
	in.e = &Promises{OldAwait: p.OldAwait(), SyncAdopt: p.SyncAdopt(), Thenable: in.thenable, Track: in.track}
	if x != nil {
		x.Describe = in.describe
		x.FuncName = funcName
		x.State = in.writeState
		x.Fresh, x.Pure = in.fresh, in.pure
		x.SpinHooks(in.spinMark, in.spinSame)
		x.OutLen = func() int { return len(in.stdout) }
	}
	in.globals = newScope(nil, true)
	in.builtins = in.makeBuiltins()
	return in
}

// NewHost returns an interpreter of prog for a loop the caller builds
// (e.g. loop.New with a Replay oracle); Attach it, then call Run.
func NewHost(prog *ir.Program, p loop.Profile, opts Options) *Interp {
	return newInterp(prog, p, opts, nil)
}

// Attach gives the host its loop.
func (in *Interp) Attach(l *loop.Loop) { in.l = l; in.poolEnv() }

// poolEnv gives the loop's thread pool the program's environment.
func (in *Interp) poolEnv() {
	env := in.opts.Env
	in.l.SetPoolEnv(func(name string) (string, bool) { v, ok := env[name]; return v, ok })
}

// Run runs the program on the attached loop and returns stdout and the exit code.
func (in *Interp) Run() ([]string, int) {
	defer in.killCoros()
	in.runMain()
	e := in.ending()
	return e.Stdout, e.ExitCode
}

// ending is how the run ended, for the explorer.
func (in *Interp) ending() explore.Ending {
	code := in.code()
	if in.unsettledTLA && code == 0 {
		code = 13 // the status, whatever process.exitCode reads
	}
	e := explore.Ending{Stdout: slices.Clone(in.stdout), Stderr: in.stderr, ExitCode: loop.ExitStatus(code)}
	for r := range in.reasons {
		e.Reasons = append(e.Reasons, r)
	}
	for h := range in.hazards {
		e.Hazards = append(e.Hazards, h)
	}
	return e
}

// code is process.exitCode as Node reads it: a number, or a string or
// boolean converted to one, truncated.
func (in *Interp) code() int {
	switch v := in.exitCode.(type) {
	case float64, string, bool:
		if f, ok := toNumber(v); ok && !math.IsNaN(f) && !math.IsInf(f, 0) {
			return int(math.Trunc(f))
		}
	}
	return 0
}

// setExitCode assigns process.exitCode, refusing from 20.0.0 what is not
// an integer or a string of one, and storing a number (null as undefined)
// from 22.15.0 and 23.10.0, as Node's setter does. It is state older
// than any callback (the commutation reduction).
func (in *Interp) setExitCode(v Value) {
	in.impure = true
	if in.p.Has(loop.ExitCodeValidated) {
		switch x := v.(type) {
		case nil, nullT, unknown:
		case float64:
			if x != math.Trunc(x) || math.IsInf(x, 0) {
				panic(&Thrown{V: in.nodeError("RangeError", "ERR_OUT_OF_RANGE")})
			}
		case string:
			if f, ok := toNumber(x); x == "" || !ok || f != math.Trunc(f) || math.IsInf(f, 0) {
				panic(&Thrown{V: in.nodeError("TypeError", "ERR_INVALID_ARG_TYPE")})
			}
		default:
			panic(&Thrown{V: in.nodeError("TypeError", "ERR_INVALID_ARG_TYPE")})
		}
	}
	if in.p.Has(loop.ExitCodeNumber) {
		switch x := v.(type) {
		case nullT:
			v = nil
		case string:
			v, _ = toNumber(x)
		}
	}
	in.exitCode = v
}

func (in *Interp) reason(pos ir.Pos, format string, args ...any) {
	if isLib(pos) {
		// Told at the program's call, with the built-in's own place.
		format += " (in " + pos.String() + ")"
	}
	pos = in.userSite(pos)
	r := explore.Reason{Pos: pos, Msg: fmt.Sprintf(format, args...)}
	if in.opaque > 0 && !in.reasons[r] {
		in.opaqueNew = append(in.opaqueNew, r)
	}
	in.reasons[r] = true
}

// cutShort is a reason for leaving a loop or an iteration early.
func (in *Interp) cutShort(pos ir.Pos, what string) {
	if in.opaque > 0 {
		panic(abandon{})
	}
	if isLib(pos) {
		what += " (in " + pos.String() + ")"
		pos = in.site
	}
	in.reasons[explore.Reason{Pos: pos, Msg: fmt.Sprintf("%s ran more than %d times; left early", what, in.opts.MaxIter), CutShort: true}] = true
}

// fork decides a condition the slice cannot evaluate: both ways when
// exploring (the result is already incomplete), the first on replay.
// One position forks at most maxUnknownForks times on a path, then is
// taken false: a loop over an unknown iterable or condition would
// otherwise double the paths each time round, to the exploration's cut.
func (in *Interp) fork(pos ir.Pos, what string) bool {
	if in.opaque > 0 {
		panic(abandon{})
	}
	in.reason(pos, "%s depends on an unknown value", what)
	if in.x == nil {
		return true
	}
	if in.forks == nil {
		in.forks = map[ir.Pos]int{}
	}
	if in.forks[pos]++; in.forks[pos] > maxUnknownForks {
		return false
	}
	return in.x.Choose(2) == 0
}

const maxUnknownForks = 3

func (in *Interp) runMain() {
	body := func() {
		defer in.catchExit()
		main := &Closure{Fn: in.prog.Main, Scope: in.globals}
		in.root = &rootCall{fn: main}
		if in.p.Module == loop.ESModule {
			in.runModule(main)
			return
		}
		if in.prog.Main.Async {
			in.reason(in.prog.Main.Pos, "top-level await outside an ES module")
			in.callAsync(main, nil, nil)
			return
		}
		// A CommonJS module runs with this = module.exports.
		if err := in.protect(func() { in.callFunc(main, in.builtins["exports"], nil) }); err != nil {
			in.l.ReportUncaught(err)
		}
	}
	in.l.RunMain(func() {
		body()
		in.meter.MainEnd()
	})
}

// runModule evaluates an ES module main as Node's module job does: a
// throw, at once or after a top-level await, rejects the evaluation's
// promise, and the job's rejection handler (a microtask queued behind
// those the body queued) reports it as an uncaught exception; so
// reactions queued before the throw still run, ticks do not.
func (in *Interp) runModule(main *Closure) {
	var p *Promise
	// The module graph is evaluated before the main body: its local
	// CommonJS dependencies first, in import order (they are cached, so
	// the import statements below only bind).
	load := func() {
		in.link(in.prog.Main.Body, in.mainDir(), map[string]bool{})
		in.evalImports(in.prog.Main.Body, in.mainDir())
	}
	if err := in.protect(load); err != nil {
		p = in.e.Rejected(thrownValue(err))
	} else if in.prog.Main.Async {
		if !in.p.TopLevelAwait() {
			in.reason(in.prog.Main.Pos, "top-level await on a Node without it")
		}
		p, _ = in.callAsync(main, nil, nil).(*Promise)
	} else if err := in.protect(func() { in.callFunc(main, nil, nil) }); err != nil {
		p = in.e.Rejected(thrownValue(err))
	} else {
		p = in.e.Resolved(nil)
	}
	in.mainAsync = p
	n, measured := in.p.ESMThrowHops(p.State == Pending)
	var report func(v Value)
	report = func(v Value) {
		if !measured {
			in.reason(in.prog.Main.Pos, "how many microtasks run between an ES module's throw and its report is not measured for Node %s (assumed %d, as the nearest measured release)", in.p.Node, n)
		}
		if n--; n > 0 {
			in.e.At = Origin{Kind: "module"}
			in.e.Enqueue(func() { report(v) })
			return
		}
		in.l.ReportRejected(&Thrown{V: v})
	}
	in.e.At = Origin{Kind: "module"}
	in.e.Then(p, nil, nativeFn(report))
}

// exitSignal unwinds JavaScript after process.exit().
type exitSignal struct{}

func (in *Interp) catchExit() {
	if r := recover(); r != nil {
		if _, ok := r.(exitSignal); !ok {
			panic(r)
		}
	}
}

// protect runs fn, turning a JS throw into an error.
func (in *Interp) protect(fn func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			if t, ok := r.(*Thrown); ok {
				err = t
				return
			}
			panic(r)
		}
	}()
	fn()
	return nil
}

// ---- loop.Host ----

// task is a callback with its arguments as the loop holds it.
type task struct {
	fn   Value
	this Value // the Timeout or Immediate a timer or immediate callback gets
	args []Value
	api  string // the scheduling call, for explanations
	site ir.Pos
}

// describe names a callback the loop holds by the call that scheduled it.
func (in *Interp) describe(cb any) (string, ir.Pos) {
	if t, ok := cb.(task); ok && t.api != "" {
		return explore.Scheduled(t.api, t.site), t.site
	}
	return "a callback", ir.Pos{}
}

// funcName is the declared name of the function a callback calls.
func funcName(cb any) string {
	if t, ok := cb.(task); ok {
		if c, ok := t.fn.(*Closure); ok && c.Fn != nil {
			return c.Fn.Name
		}
	}
	return ""
}

func (in *Interp) Enter(fn func()) {
	func() {
		defer in.catchExit()
		fn()
	}()
	for in.e.Pending() && !in.l.Dead() {
		ok := false
		if r := in.reaction; r.fn != nil {
			ok = in.l.MicrotaskAfter(r.site.String(), r)
		} else {
			ok = in.l.Microtask("")
		}
		if !ok {
			return
		}
		in.reaction = task{} // the job about to run sets it if it calls one
		in.root = nil        // a job: not compared (spinSame)
		if in.onMicrotask != nil {
			in.onMicrotask(in.jobOf(in.e.Next()))
		}
		func() {
			defer in.catchExit()
			in.e.RunOne()
		}()
	}
}

func (in *Interp) Invoke(cb any) (err error) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(exitSignal); ok {
				err = nil
				return
			}
			panic(r)
		}
	}()
	t := cb.(task)
	prev, prevSite := in.root, in.site
	in.root = &rootCall{fn: t.fn, this: t.this, args: t.args}
	in.site = t.site // a built-in's callback is told by the call that scheduled it
	defer func() { in.root, in.site = prev, prevSite }()
	return in.protect(func() { in.call(t.fn, t.this, t.args, ir.Pos{}) })
}

func (in *Interp) Uncaught(err error, fromPromise bool) bool {
	in.impure = true
	var v Value = err.Error()
	if t, ok := err.(*Thrown); ok {
		v = t.V
	}
	if in.inUncaught {
		// A listener of uncaughtException threw: Node gives up with 7.
		in.reason(ir.Pos{}, "an uncaughtException listener threw (Node exits with code 7)")
		in.exitCode = float64(7)
		return false
	}
	if !in.inExit || in.naturalExit {
		args := []Value{v}
		if in.p.Has(loop.UncaughtExceptionOrigin) {
			origin := "uncaughtException"
			if fromPromise {
				origin = "unhandledRejection"
			}
			args = append(args, origin)
		}
		in.inUncaught = true
		heard := in.emit("uncaughtException", args...)
		in.inUncaught = false
		if heard {
			// The callback's scope failed: Node leaves its ticks and
			// microtasks for a later scope, by rules the loop has only
			// in part (loop.FailModelled).
			if !fromPromise && !in.inExit && !in.l.FailModelled(in.e.Pending()) {
				in.reason(ir.Pos{}, "ticks or microtasks pending when an 'uncaughtException' listener handled an exception (Node defers them here by rules not modelled)")
			}
			return true
		}
	}
	s, ok := toStr(v)
	if !ok {
		s = "<value>"
	}
	in.stderr = append(in.stderr, "Uncaught "+s)
	if in.inExit {
		// An 'exit' listener threw: Node reports it, runs no more
		// listeners and ends with process.exitCode, or 1 (measured on
		// 10, 20 and 26).
		if in.code() == 0 {
			in.exitCode = float64(1)
		}
		return false
	}
	in.exitCode = float64(1)
	in.inExit = true
	in.emit("exit", float64(1))
	return false
}

func (in *Interp) track(p *Promise, r Rejection) {
	in.impure = true
	switch r {
	case RejectUnhandled:
		in.unhandled = append(in.unhandled, p)
		in.l.Rejected()
	case RejectHandled:
		for i, q := range in.unhandled {
			if q == p {
				in.unhandled = append(in.unhandled[:i:i], in.unhandled[i+1:]...)
				return
			}
		}
		if in.reported[p] {
			delete(in.reported, p)
			if !in.l.HandledLate(p) {
				in.late = append(in.late, p)
			}
		}
	}
}

func (in *Interp) TakeRejections() (unhandled, late []any) {
	for _, p := range in.unhandled {
		in.reported[p] = true
		unhandled = append(unhandled, p)
	}
	for _, p := range in.late {
		late = append(late, p)
	}
	in.unhandled, in.late = nil, nil
	return
}

func (in *Interp) EmitUnhandledRejection(r any) bool {
	p := r.(*Promise)
	return in.emit("unhandledRejection", p.Result, p)
}

// rejectionText is the text of Node's warnings about a rejection (the
// reason inspected, the rejection's number), which is not modelled.
var rejectionText = unknown{why: "a rejection warning's text", made: true, typ: "string"}

// WarnUnhandledRejection gives Node's (<= 14) two warnings, and the
// first time its DeprecationWarning, as the runtime does.
func (in *Interp) WarnUnhandledRejection(r any) {
	in.warn(rejectionText, "UnhandledPromiseRejectionWarning")
	in.warn(rejectionText, "UnhandledPromiseRejectionWarning")
	if !in.dep0018 {
		in.dep0018 = true
		in.warn(rejectionText, "DeprecationWarning", "DEP0018")
	}
}

func (in *Interp) RejectionError(r any) error { return &Thrown{V: r.(*Promise).Result} }

func (in *Interp) EmitRejectionHandled(r any) {
	if !in.emit("rejectionHandled", r.(*Promise)) {
		in.warn(rejectionText, "PromiseRejectionHandledWarning")
	}
}

func (in *Interp) EmitProcess(event string) {
	var code Value = float64(in.code())
	if event == "exit" && in.mainAsync != nil && in.mainAsync.State == Pending {
		// Node's verdict on a top-level await that never settled.
		listener, sets := in.p.UnsettledTLA()
		if sets {
			in.exitCode = float64(13)
		}
		in.unsettledTLA, code = true, float64(listener)
		in.stderr = append(in.stderr, "Warning: Detected unsettled top-level await at file://"+in.opts.Filename)
	}
	if event == "exit" {
		in.inExit, in.naturalExit = true, true
		defer func() { in.naturalExit = false }()
	}
	in.emit(event, code)
}

func (in *Interp) Warn(name, msg string) { in.warn(msg, name) }

// warn is process.emitWarning(args...), as Node's own code calls it.
func (in *Interp) warn(args ...Value) {
	if p, ok := in.process().(*Object); ok {
		if err := in.protect(func() { in.call(in.getMember(p, "emitWarning", ir.Pos{}), p, args, ir.Pos{}) }); err != nil {
			in.l.ReportUncaught(err)
		}
	}
}

// emit is process.emit(event, args...) as Node's own code calls it,
// reporting whether anyone listened (nobody has before the program names
// process); a listener's throw is uncaught.
func (in *Interp) emit(event string, args ...Value) bool {
	if in.proc == nil {
		return false
	}
	var heard Value
	err := in.protect(func() { heard = in.call(in.procEmit, in.proc, append([]Value{event}, args...), ir.Pos{}) })
	if err != nil {
		in.l.ReportUncaught(err)
	}
	return err != nil || heard == true
}

func (in *Interp) thenable(v Value) (Callable, error) {
	o, ok := v.(*Object)
	if !ok {
		if u, ok := v.(unknown); ok && !u.made {
			in.reason(ir.Pos{}, "a promise was resolved with an unknown value (maybe a thenable)")
		}
		return nil, nil
	}
	// Get(v, "then"): inherited methods and getters too; a getter that
	// throws rejects the promise.
	var then Value
	if err := in.protect(func() { then = in.getMember(o, "then", ir.Pos{}) }); err != nil {
		return nil, err
	}
	if u, ok := then.(unknown); ok && !u.made {
		in.reason(ir.Pos{}, "a promise was resolved with an object whose then is not known")
		return nil, nil
	}
	if !isCallable(then) {
		return nil, nil
	}
	return func(this Value, args ...Value) (Value, error) {
		var res Value
		err := in.protect(func() { res = in.call(then, this, args, ir.Pos{}) })
		return res, err
	}, nil
}

// callable wraps a JS function for the promise engine (nil if v is not one).
func (in *Interp) callable(v Value, pos ir.Pos) Callable {
	if !isCallable(v) {
		return nil
	}
	site := in.userSite(pos) // the program's call a built-in registered it in
	return func(this Value, args ...Value) (Value, error) {
		var res Value
		for i, a := range args {
			args[i] = norm(a)
		}
		prev := in.site
		in.site = site
		in.reaction = task{fn: v, api: "a promise reaction", site: site}
		defer func() { in.site = prev }()
		err := in.protect(func() { res = in.call(v, nil, args, pos) })
		return res, err
	}
}

// norm turns the engine's Go arrays into JS arrays.
func norm(v Value) Value {
	if a, ok := v.([]Value); ok {
		return newArray(a)
	}
	return v
}
