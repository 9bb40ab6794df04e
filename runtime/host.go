package runtime

import (
	"fmt"
	"math/rand/v2"
	goruntime "runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/grafana/sobek"
	"github.com/grafana/sobek/ast"

	"github.com/looplint/looplint/explore"
	"github.com/looplint/looplint/ir"
	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/runtime/inspect"
	"github.com/looplint/looplint/runtime/memfs"
)

// callback is a JS function queued on the loop, with its receiver and
// arguments; args may be computed when it runs (I/O results).
type callback struct {
	fn   sobek.Callable
	this sobek.Value
	args []sobek.Value
	prep func() []sobek.Value // computes args at delivery time
	goFn func() error         // a host-side step instead of a JS call
	// api and site: the call that scheduled it (host.label); whole: api
	// says it all (a listener of an event the browser fires).
	api   string
	site  ir.Pos
	whole bool
}

// host implements loop.Host over a sobek runtime.
type host struct {
	p    *Program
	rng  *rand.ChaCha8 // crypto's random bytes (randomBytes), from seed
	seed uint64
	// compressed: the run compressed with zlib (Result.Compressed)
	compressed bool
	// x is the explorer driving this run (nil for a run under an
	// oracle); reasons are what it could not follow (unmodelled).
	x       *explore.Exec
	reasons []explore.Reason
	// sites: name callbacks by their call site (host.label), as under
	// the explorer; onMicrotask sees each microtask run (Explain).
	sites       bool
	onMicrotask func(explore.Job)
	// running is the site of the job running (Explain), nil outside jobs.
	running *jobSite
	rt      *sobek.Runtime
	l       *loop.Loop
	fs      *memfs.FS
	out     outBuf
	err     outBuf
	meter   loop.Meter // how long Node takes for the work so far (Env.Work)

	// listenersFn and reportFn are jslib/_browser.js's listeners and
	// report (a browser target's).
	listenersFn, reportFn sobek.Callable

	tramp    sobek.Callable // (f) => f(): makes a Go step one outer JS call
	trampArg sobek.Value
	step     func()

	process  *sobek.Object
	emit     sobek.Callable // process.emit
	lcount   sobek.Callable // process.listenerCount
	internal *sobek.Object  // __internal for JS built-ins
	libReq   sobek.Value    // their require (libRequire)
	thenFn   sobek.Callable // the engine's original Promise.prototype.then
	resolved sobek.Value    // a resolved promise, for queueMicrotask

	pending   []*sobek.Promise       // rejected without a handler, not yet processed
	reported  map[*sobek.Promise]int // processed (warned) rejections and their ids
	handledLa []*sobek.Promise       // reported ones that got a handler later
	// announcing: a browser's rejections whose unhandledrejection task is
	// queued or running, still without a handler.
	announcing map[*sobek.Promise]bool
	rejections int // rejection ids (Node <= 14 warnings)
	warnedOnce map[string]bool

	timers    map[*sobek.Object]*loop.Timer
	timerByID map[int64]*sobek.Object
	imms      map[*sobek.Object]*loop.Immediate
	nextID    int64

	exitCode int
	exited   bool // 'exit' was emitted
	// naturalExit: the exit listeners of a normal end are running (a
	// throw there still reaches uncaughtException listeners).
	naturalExit bool
	tripped     atomic.Int32   // an errSignal, set by the watchdog goroutine
	abandoned   bool           // run returned while the engine was stuck in a native call
	mainAsync   *sobek.Promise // ESM evaluation promise (unsettled TLA → exit 13)
	// evaluatingESM: the main module's evaluation is under way (esmStackOverflow).
	evaluatingESM bool
	modules       map[string]*sobek.Object
	builtins      map[string]sobek.Value

	timeoutProto, immProto, bufferCtor, fsCls *sobek.Object
	facades                                   int
	esmCache                                  map[string]sobek.ModuleRecord
	esmPath                                   map[sobek.ModuleRecord]string
	esmImports                                map[sobek.ModuleRecord][]*ast.ImportDeclaration
}

// outBuf is locked for an abandoned run (host.run), whose engine may
// still be writing when its output is read.
type outBuf struct {
	mu    sync.Mutex
	spend func(n int) // charges a write of n bytes (loop.Meter.Write)
	b     strings.Builder
	nl    int  // newlines written
	ended bool // the program ended process.stdout: console.log writes nothing
}

func (o *outBuf) write(s string) {
	o.mu.Lock()
	if o.ended {
		o.mu.Unlock()
		return
	}
	o.b.WriteString(s)
	o.nl += strings.Count(s, "\n")
	o.mu.Unlock()
	if o.spend != nil {
		o.spend(len(s))
	}
}

// count is len(lines()) without building them.
func (o *outBuf) count() int {
	o.mu.Lock()
	defer o.mu.Unlock()
	n := o.nl
	if o.b.Len() > 0 && !strings.HasSuffix(o.b.String(), "\n") {
		n++
	}
	return n
}

func (o *outBuf) lines() []string {
	o.mu.Lock()
	s := o.b.String()
	o.mu.Unlock()
	if s == "" {
		return nil
	}
	s = strings.TrimSuffix(s, "\n")
	return strings.Split(s, "\n")
}

// newHost builds a fresh engine for one run; mkLoop makes its loop (a
// concrete one under an oracle, or one the explorer drives).
func newHost(p *Program, mkLoop func(h *host) *loop.Loop) (*host, error) {
	fs, err := newFS(p)
	if err != nil {
		return nil, err
	}
	rt := sobek.New()
	h := &host{p: p, seed: p.opts.Seed, rt: rt, fs: fs, reported: map[*sobek.Promise]int{}, announcing: map[*sobek.Promise]bool{}, warnedOnce: map[string]bool{},
		timers: map[*sobek.Object]*loop.Timer{}, timerByID: map[int64]*sobek.Object{}, imms: map[*sobek.Object]*loop.Immediate{},
		modules: map[string]*sobek.Object{}, builtins: map[string]sobek.Value{},
		esmCache: map[string]sobek.ModuleRecord{}, esmPath: map[sobek.ModuleRecord]string{}, esmImports: map[sobek.ModuleRecord][]*ast.ImportDeclaration{}}
	h.meter.P = p.Profile
	h.out.spend = func(n int) { h.meter.Write(0, n) }
	h.err.spend = func(n int) { h.meter.Write(1, n) }
	h.l = mkLoop(h)
	rt.SetMaxCallStackSize(p.opts.MaxStack)
	rand := newRand()
	rt.SetRandSource(func() float64 {
		h.unmodelled("Math.random()")
		return rand()
	})
	rt.SetTimeSource(func() time.Time { return epoch.Add(time.Duration(h.wallMillis()) * time.Millisecond) })
	rt.SetPromiseRejectionTracker(h.trackRejection)
	rt.SetAsyncContextTracker(&jobCounter{h: h})
	rt.SetImportModuleDynamically(h.importDynamic)
	if err := h.bootstrap(); err != nil {
		fs.Unmount()
		return nil, err
	}
	return h, nil
}

func (h *host) close() {
	if h.abandoned {
		return // the engine may still be using both
	}
	h.fs.Unmount()
	inspect.Forget(h.rt)
}

// epoch is what Date.now() reads when the process starts.
var epoch = time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)

func (h *host) run() Result {
	wd := startWatchdog(h.rt, h.p.opts.Timeout, h.p.opts.MaxHeap, &h.tripped)
	// The engine runs on its own goroutine so that a native call deaf to
	// interrupts cannot hold the caller past the budget.
	done := make(chan any, 1)
	go func() {
		defer func() { done <- recover() }()
		body := h.mainBody()
		h.l.RunMain(func() {
			body()
			h.meter.MainEnd()
		})
	}()
	select {
	case x := <-done:
		wd.stop()
		if x != nil {
			panic(x)
		}
	case <-wd.hard:
		// Abandoned: the goroutine runs on until its native call ends and
		// then stops at the pending interrupt; nothing of it is read but
		// the output, which is locked.
		h.abandoned = true
		res := Result{Stdout: h.out.lines(), Stderr: h.err.lines(), ExitCode: 1, Abandoned: true}
		if errSignal(h.tripped.Load()) == sigTimeout {
			res.Status, res.Message = StatusTimeout, fmt.Sprintf("stopped after %s of wall-clock time inside one call of the embedded engine that does not stop (a regular expression backtracking without end, a huge JSON.stringify or spread?)", h.p.opts.Timeout)
		} else {
			res.Status, res.Message = StatusMemory, fmt.Sprintf("stopped: the heap grew by more than %d MiB inside one call of the embedded engine that does not stop", h.p.opts.MaxHeap>>20)
		}
		return res
	}
	res := Result{Stdout: h.out.lines(), Stderr: h.err.lines(), ExitCode: loop.ExitStatus(h.exitCode), Status: StatusExited, Witness: h.l.Witness(), Random: h.rng != nil, Compressed: h.compressed}
	st := h.l.Stopped()
	switch {
	case errSignal(h.tripped.Load()) == sigTimeout:
		res.Status, res.Message = StatusTimeout, fmt.Sprintf("stopped after %s of wall-clock time (an endless synchronous loop?)", h.p.opts.Timeout)
	case errSignal(h.tripped.Load()) == sigMemory:
		res.Status, res.Message = StatusMemory, fmt.Sprintf("stopped: the heap grew by more than %d MiB", h.p.opts.MaxHeap>>20)
	case st.Kind == loop.StopStarvation:
		res.Status, res.Message = StatusStarvation, st.Msg
		if st.Pos != "" {
			res.Message = fmt.Sprintf("%s (scheduled at %s); timers, I/O and immediates never run", st.Msg, st.Pos)
		}
	case st.Kind == loop.StopBudget, st.Kind == loop.StopEndless:
		res.Status, res.Message = StatusBudget, "stopped: "+st.Msg
	}
	return res
}

// Enter makes fn one call from the loop into JavaScript.
func (h *host) Enter(fn func()) {
	if h.tripped.Load() != 0 {
		return
	}
	h.step = fn
	defer func() {
		if x := recover(); x != nil {
			if _, engine := x.(goruntime.Error); engine && h.evaluatingESM {
				panic(esmStackOverflow{})
			}
			panic(x)
		}
	}()
	_, err := h.tramp(sobek.Undefined(), h.trampArg)
	h.step = nil
	if h.evaluatingESM && h.mainAsync != nil && h.mainAsync.State() != sobek.PromiseStatePending {
		h.evaluatingESM = false
	}
	if err != nil {
		h.unwound(err)
	}
}

// unwound handles an error that escaped an outer call: an interrupt we
// raised on purpose, or an engine failure.
func (h *host) unwound(err error) {
	if ie, ok := err.(*sobek.InterruptedError); ok {
		switch sig, _ := ie.Value().(errSignal); sig {
		case sigExit, sigStop:
			h.l.Exit()
			return
		case sigTimeout, sigMemory:
			h.tripped.Store(int32(sig))
			h.l.Exit()
			return
		}
	}
	if ex, ok := err.(*sobek.Exception); ok {
		// A throw outside any callback (e.g. while emitting 'exit').
		h.l.ReportUncaught(ex)
		return
	}
	h.err.write("looplint: engine error: " + err.Error() + "\n")
	h.exitCode = 1
	h.l.Exit()
}

// Invoke calls a queued callback.
func (h *host) Invoke(cb any) error {
	c := cb.(*callback)
	if c.goFn != nil {
		return c.goFn()
	}
	args := c.args
	if c.prep != nil {
		args = c.prep()
	}
	_, err := c.fn(c.this, args...)
	return h.jsError(err)
}

// stackOverflow is what V8 throws where the engine raises its own
// uncatchable error.
func (h *host) stackOverflow() error {
	e, _ := h.rt.New(h.rt.Get("RangeError"), h.rt.ToValue("Maximum call stack size exceeded"))
	return &jsThrow{e}
}

// jsError filters interrupts (which keep unwinding by themselves) from
// real exceptions.
func (h *host) jsError(err error) error {
	if err == nil {
		return nil
	}
	if _, ok := err.(*sobek.InterruptedError); ok {
		return nil
	}
	if _, ok := err.(*sobek.StackOverflowError); ok {
		return h.stackOverflow()
	}
	return err
}

// interrupt unwinds all JavaScript on the stack; queued jobs are dropped.
func (h *host) interrupt(sig errSignal) { h.rt.Interrupt(sig) }

// jobCounter lets the loop count microtask jobs, so that a promise chain
// that re-queues itself forever is stopped and named.
type jobCounter struct{ h *host }

// jobSite is where a reaction was registered: pos for the loop's
// starvation hazard, job for the explanations (Explain).
type jobSite struct {
	pos string
	job explore.Job
	fn  string // the async function of an await
}

func (j *jobCounter) Grab() any {
	if j.h.onMicrotask != nil {
		return j.h.reactionSite()
	}
	// Positions are costly; take them only once a drain is suspiciously long.
	if j.h.l.DrainCount() < j.h.p.opts.Limits.MaxDrainOr()/2 {
		return nil
	}
	return &jobSite{pos: j.h.callerPos(0)}
}

func (j *jobCounter) Resumed(obj any) {
	s, _ := obj.(*jobSite)
	if j.h.onMicrotask != nil {
		var job explore.Job
		if s != nil {
			job = s.job
		}
		j.h.onMicrotask(job)
		j.h.running = s
	}
	pos := ""
	if s != nil {
		pos = s.pos
	}
	if !j.h.l.Microtask(pos) {
		j.h.interrupt(sigStop)
	}
}

func (j *jobCounter) Exited() { j.h.running = nil }

// callerPos is the innermost JS position, as file:line:col.
func (h *host) callerPos(skip int) string {
	frames := h.rt.CaptureCallStack(skip+4, nil)
	for _, f := range frames {
		if f.SrcName() == "<native>" || strings.HasPrefix(f.SrcName(), "node:") {
			continue
		}
		p := f.Position()
		if p.Line == 0 {
			continue
		}
		line, col := h.userPos(f.SrcName(), p.Line, p.Column)
		return fmt.Sprintf("%s:%d:%d", displayPath(h.p, f.SrcName()), line, col)
	}
	return ""
}

// displayPath shows the snippet under the name the user gave it.
func displayPath(p *Program, virt string) string {
	if virt == p.VirtPath {
		return p.File.Path
	}
	return virt
}
