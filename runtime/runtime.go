// Package runtime executes a snippet in a sandboxed JavaScript engine
// (github.com/grafana/sobek) driven by looplint's loop model (package
// loop), so that what it prints follows Node's ordering rules for the
// chosen version under an explicit, replayable schedule.
//
// The sandbox is built by omission: the engine has no host access of its
// own, and the only built-ins are the ones defined here (console, timers,
// process, events, fs over an in-memory file system, ...). Every run has a
// wall-clock, memory, callback and drain budget.
package runtime

import (
	"fmt"
	"path"
	"path/filepath"
	goruntime "runtime"
	"runtime/debug"
	"runtime/metrics"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/grafana/sobek"

	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/parse"
	"github.com/looplint/looplint/runtime/memfs"
)

// Options configure a run.
type Options struct {
	Node loop.Version
	// Browser, when set, runs the file as a classic script of a page in
	// that browser (loop.Profile.Browser) instead of as Node's main module.
	Browser loop.Browser
	// Clicks are the elements (CSS selectors) a browser target's user
	// clicks, in order, once the page has loaded and is quiet.
	Clicks []string
	Module string // "", "cjs" or "esm": override detection
	Limits loop.Limits
	// FSDir is a host directory mounted read-only as the working directory.
	FSDir string
	// Timeout bounds wall-clock time (default 10s).
	Timeout time.Duration
	// MaxHeap bounds heap growth in bytes (default 1 GiB).
	MaxHeap uint64
	// MaxStack is the engine's call-stack depth (default 10000, about Node's).
	MaxStack int
	// HostPaths lays the sandbox out at the host's own paths: the working
	// directory is FSDir (else the host's working directory) and the
	// snippet keeps its real path, so __filename, __dirname and
	// process.cwd() print what `node FILE` prints there. Without it the
	// layout is AppDir and ScriptDir, the same on every machine (tests,
	// verify and conformance compare against outputs mapped to it).
	HostPaths bool
	// Env is the program's process.env: nothing of the host's environment
	// enters the sandbox (UV_THREADPOOL_SIZE sizes the thread pool).
	Env map[string]string
	// Seed seeds the run's random bytes (crypto's); Math.random is fixed.
	Seed uint64
}

// Seeded reports whether any run so far drew random bytes or compressed
// with zlib: only then can a run under another seed (RunSeed) print
// otherwise.
func (p *Program) Seeded() bool { return p.seeded.Load() }

// Env is the program's environment (Options.Env).
func (p *Program) Env() map[string]string { return p.opts.Env }

// Status says how a run ended.
type Status string

const (
	StatusExited     Status = "exited"     // the process ended as Node's would
	StatusStarvation Status = "starvation" // a nextTick/microtask chain never drained
	StatusBudget     Status = "budget"     // callback or virtual-time budget exhausted
	StatusTimeout    Status = "timeout"    // wall-clock budget exhausted
	StatusMemory     Status = "memory"     // heap budget exhausted
	StatusCrash      Status = "crash"      // looplint itself failed (a bug)
)

// Result is one execution.
type Result struct {
	Stdout   []string
	Stderr   []string
	ExitCode int
	Status   Status
	Message  string // for non-exited statuses: what happened and where
	Witness  loop.Witness
	// Random: the run drew random bytes (crypto's), whose values
	// Options.Seed fixes (see Program.RunSeed).
	Random bool
	// Compressed: the run compressed with zlib, whose bytes are Go's
	// compressor's; under another seed they differ (Program.RunSeed).
	Compressed bool
	// Abandoned: the engine could not be stopped and runs on in the
	// background until its native call ends; the Program runs no more.
	Abandoned bool
}

// Virtual layout of the sandbox's file system.
const (
	AppDir    = "/app"    // working directory (the --fs mount, if any)
	ScriptDir = "/script" // where the snippet lives when it is outside the mount
)

// Program is a snippet ready to run any number of times.
type Program struct {
	File      *parse.File
	Profile   loop.Profile
	VirtPath  string // the snippet's path inside the sandbox
	Cwd       string // the working directory inside the sandbox (the --fs mount, if any)
	opts      Options
	cjs       *sobek.Program
	script    *sobek.Program // a browser's classic script (Options.Browser)
	page      []pageScript   // a browser's page: its scripts, compiled
	rewritten string         // source rewritten for old V8 promise costs, if needed
	syntax    string         // Node's SyntaxError for this version, if it would refuse the file
	tooDeep   string         // why the engine will not compile it (maxEngineDepth)
	abandoned atomic.Bool    // a run could not be stopped (Result.Abandoned)
	// seeded: some run drew random bytes or compressed (Result.Random,
	// Result.Compressed), so another seed can print otherwise.
	seeded atomic.Bool
	// listings keeps the --fs mount's directory listings across runs: each
	// run gets a fresh file system, built without listing the host again.
	listings *memfs.Listings
	// calls maps a call's '(' to its start and, for a method call, its
	// property (callStart); awaits are the await expressions by line
	// (awaitAt), throws the throw statements' spans (throwAt). Made once,
	// in the engine's coordinates (its text, a CommonJS wrapper included).
	callsOnce sync.Once
	calls     map[[2]int]callSite
	awaits    map[int][][2]int
	throws    [][2][2]int
	// stubs: the globals of this release the sandbox may lack that the
	// snippet's text names (stubGlobals), found once for all its runs.
	stubsOnce sync.Once
	stubs     []string
}

// stubNames is the release's globals that the snippet's text names, in
// order: each run stands in for those its engine lacks.
func (p *Program) stubNames() []string {
	p.stubsOnce.Do(func() {
		for _, name := range loop.GlobalNames() {
			if _, ok := p.Profile.Global(name); ok && strings.Contains(p.File.Text, name) {
				p.stubs = append(p.stubs, name)
			}
		}
	})
	return p.stubs
}

// Prepare decides the module kind and virtual path and compiles f once.
func Prepare(f *parse.File, o Options) (*Program, error) {
	if o.Timeout <= 0 {
		o.Timeout = 10 * time.Second
	}
	if o.MaxHeap == 0 {
		o.MaxHeap = 1 << 30
	}
	if o.MaxStack <= 0 {
		o.MaxStack = 10000
	}
	prof := loop.Profile{Node: o.Node, Browser: o.Browser}
	if o.Browser != loop.NoBrowser {
		return prepareScript(f, o, prof)
	}
	kind := f.Module(prof.DetectModule())
	switch o.Module {
	case "esm":
		kind = loop.ESModule
	case "cjs":
		kind = loop.CommonJS
	case "":
	default:
		return nil, fmt.Errorf("--module must be cjs or esm, not %q", o.Module)
	}
	prof.Module = kind
	p := &Program{File: f, Profile: prof, opts: o, listings: &memfs.Listings{}}
	p.Cwd, p.VirtPath = AppDir, virtualPath(f.Path, o.FSDir)
	if o.HostPaths {
		if cwd, virt, ok := hostLayout(f.Path, o.FSDir); ok {
			p.Cwd, p.VirtPath = cwd, virt
		}
	}
	if d := f.Depth(); d > maxEngineDepth {
		// The engine compiles nesting in time that grows with its square
		// (40,000 chained '+' take 10 s), and no budget reaches into it.
		p.tooDeep = fmt.Sprintf("stopped: the source nests %d levels deep, past the %d the embedded engine compiles in reasonable time", d, maxEngineDepth)
		return p, nil
	}
	src := f.Source
	if r := rewriteEngineGaps(src, kind == loop.ESModule); r != src {
		src = r
		p.rewritten = src
	}
	switch {
	case prof.OldAwait():
		src = rewriteOldAwait(src, kind == loop.ESModule)
		p.rewritten = src
	case prof.SyncAdopt():
		src = rewriteSyncAdopt(src, kind == loop.ESModule)
		p.rewritten = src
	}
	tooNew := syntaxRejected(f, prof)
	refused, isRefused := prof.RefusedEntry(f.Ext, f.PackageInvalid)
	switch {
	case isRefused:
		p.syntax = refused
	case kind == loop.CommonJS && f.ESMSyntax:
		p.syntax = esmInCJSError(f)
	case tooNew != "":
		p.syntax = tooNew
	case f.Lowered && !prof.Has(loop.SyntaxAsyncIteration):
		p.syntax = asyncIterationError(f)
	case kind == loop.ESModule && !prof.TopLevelAwait() && hasTopLevelAwait(f.Source):
		p.syntax = "SyntaxError: await is only valid in async function"
	case kind == loop.ESModule && !f.ESMSyntax:
		// The front door read the file as a script (a top-level return):
		// Node's loader refuses it as a module before anything runs. (A
		// file with ESM syntax was parsed as a module already.)
		if _, err := parse.ParseJS(p.VirtPath, src, true); err != nil {
			p.syntax = moduleSyntaxError(f, err)
		}
	case kind == loop.CommonJS:
		prg, err := compileCJS(p.VirtPath, parse.CJSPrefix+src+parse.CJSSuffix)
		if err != nil {
			return nil, compileError(f, p.VirtPath, err)
		}
		p.cjs = prg
	}
	return p, nil
}

// prepareScript is Prepare for a browser's classic script: run as a
// script (its top-level declarations global, no module wrapper), with
// none of Node's refusals.
func prepareScript(f *parse.File, o Options, prof loop.Profile) (*Program, error) {
	p := &Program{File: f, Profile: prof, opts: o, listings: &memfs.Listings{}}
	p.Cwd, p.VirtPath = AppDir, virtualPath(f.Path, o.FSDir)
	if d := f.Depth(); d > maxEngineDepth {
		p.tooDeep = fmt.Sprintf("stopped: the source nests %d levels deep, past the %d the embedded engine compiles in reasonable time", d, maxEngineDepth)
		return p, nil
	}
	if f.Page != nil {
		for _, ps := range f.Page.Scripts {
			c, err := compilePageScript(f, ps)
			if err != nil {
				return nil, err
			}
			p.page = append(p.page, c)
		}
		return p, nil
	}
	src := f.Source
	if r := rewriteEngineGaps(src, false); r != src {
		src = r
		p.rewritten = src
	}
	prg, err := sobek.Parse(p.VirtPath, src)
	if err == nil {
		parse.FixRelational(prg, src)
		p.script, err = sobek.CompileAST(prg, false)
	}
	if err != nil {
		return nil, scriptError(f, p.VirtPath, err)
	}
	return p, nil
}

// pageScript is a page's script, compiled.
type pageScript struct {
	prog *sobek.Program
	kind parse.ScriptKind
	ext  bool
	line int
}

// compilePageScript compiles one script of a page where it stands: an
// inline one's lines and columns are the page's. A module runs as strict
// code of its own scope (imports are refused).
func compilePageScript(f *parse.File, ps parse.PageScript) (pageScript, error) {
	code := ps.Code
	if !ps.External {
		code = strings.Repeat("\n", ps.Line-1) + strings.Repeat(" ", ps.Col-1) + code
	}
	if ps.Kind == parse.ScriptModule {
		code = "(function () { 'use strict'; " + code + "\n})();"
	}
	prg, err := sobek.Parse(ps.File, code)
	if err == nil {
		parse.FixRelational(prg, code)
		var c *sobek.Program
		c, err = sobek.CompileAST(prg, false)
		if err == nil {
			return pageScript{prog: c, kind: ps.Kind, ext: ps.External, line: ps.Line}, nil
		}
	}
	pe := &parse.Error{File: ps.File, Msg: "unsupported syntax: " + err.Error()}
	if !ps.External {
		pe.File, pe.Line, pe.Col = f.Path, ps.Line, ps.Col
	}
	return pageScript{}, pe
}

// virtualPath places the snippet inside the sandbox: at its place under the
// mount when it lies inside it, else in /app (no mount) or /script.
func virtualPath(hostPath, fsDir string) string {
	base := filepath.Base(hostPath)
	if fsDir == "" {
		return path.Join(AppDir, base)
	}
	absF, err1 := filepath.Abs(hostPath)
	absD, err2 := filepath.Abs(fsDir)
	if err1 == nil && err2 == nil {
		if rel, err := filepath.Rel(absD, absF); err == nil && !strings.HasPrefix(rel, "..") {
			return path.Join(AppDir, filepath.ToSlash(rel))
		}
	}
	return path.Join(ScriptDir, base)
}

// hostLayout is the working directory and the snippet's path as Node
// sees them when run as `cd DIR && node FILE` (DIR: fsDir, else the
// current directory): absolute, with symbolic links resolved, as Node
// resolves the main module's path and getcwd(3) reports the directory.
func hostLayout(hostPath, fsDir string) (cwd, virt string, ok bool) {
	real := func(p string) (string, bool) {
		abs, err := filepath.Abs(p)
		if err != nil {
			return "", false
		}
		if r, err := filepath.EvalSymlinks(abs); err == nil {
			abs = r
		}
		return filepath.ToSlash(abs), true
	}
	dir := fsDir
	if dir == "" {
		dir = "."
	}
	cwd, ok1 := real(dir)
	virt, ok2 := real(hostPath)
	return cwd, virt, ok1 && ok2
}

// maxEngineDepth is the deepest AST Prepare compiles (about 0.3 s of the
// engine's compiler at this depth).
const maxEngineDepth = 5000

// Run executes the program once under oracle o (nil: the default schedule).
// A failure of looplint itself is reported in the result, never as a panic.
func (p *Program) Run(o loop.Oracle) Result { return p.RunSeed(o, p.opts.Seed) }

// RunSeed is Run with the run's random bytes drawn from seed: replaying a
// witness under two seeds tells which printed lines vary from run to run.
func (p *Program) RunSeed(o loop.Oracle, seed uint64) (res Result) {
	defer func() {
		if x := recover(); x != nil {
			if _, ok := x.(esmStackOverflow); ok {
				res = Result{Stdout: res.Stdout, Stderr: append(res.Stderr, "RangeError: Maximum call stack size exceeded"), ExitCode: 1, Status: StatusBudget,
					Message: "stopped: the call stack overflowed in an ES module's top-level code, which the embedded engine cannot recover from"}
				return
			}
			res = Result{Stdout: res.Stdout, Stderr: append(res.Stderr, fmt.Sprintf("looplint: internal error: %v", x)),
				ExitCode: 1, Status: StatusCrash, Message: fmt.Sprintf("internal error: %v (please report it)", x)}
		}
	}()
	if o == nil {
		o = loop.Default{}
	}
	if p.syntax != "" {
		return Result{Stderr: syntaxStderr(p, p.syntax), ExitCode: 1, Status: StatusExited}
	}
	if p.tooDeep != "" {
		return Result{Status: StatusBudget, Message: p.tooDeep, ExitCode: 1}
	}
	if p.abandoned.Load() {
		return Result{Status: StatusBudget, ExitCode: 1, Abandoned: true,
			Message: "not run: an earlier run of this program was abandoned inside a call the engine could not stop"}
	}
	h, err := newHost(p, func(h *host) *loop.Loop { return loop.New(p.Profile, h, o, p.opts.Limits) })
	if err != nil {
		return Result{Stderr: []string{"looplint: " + err.Error()}, ExitCode: 1, Status: StatusExited}
	}
	defer h.close()
	h.seed = seed
	res = h.run()
	switch {
	case res.Abandoned:
		p.abandoned.Store(true)
	case res.Status == StatusMemory:
		// Hand the run's heap back now: under a lazy collector (GOGC 400
		// in cmd/looplint) the next run would start on top of it.
		debug.FreeOSMemory()
	}
	return res
}

// errSignal values are passed through sobek's Interrupt to unwind JS.
type errSignal int

const (
	sigExit errSignal = iota + 1 // process.exit() or a fatal error: 'exit' already emitted
	sigTimeout
	sigMemory
	sigStop // the loop halted (starvation)
)

func (s errSignal) Error() string { return fmt.Sprintf("signal %d", int(s)) }

// watchdog interrupts the engine when the wall-clock or heap budget runs
// out, and closes hard when the engine has not unwound a grace period
// later: it is inside one native call (a backtracking regular expression,
// JSON.stringify of a shared subtree 2^40 times) that never looks at
// interrupts, and the run is abandoned.
type watchdog struct {
	done chan struct{}
	hard chan struct{}
}

// unwindGrace is how long an interrupted engine has to stop.
const unwindGrace = 500 * time.Millisecond

func startWatchdog(rt *sobek.Runtime, timeout time.Duration, maxHeap uint64, tripped *atomic.Int32) *watchdog {
	w := &watchdog{done: make(chan struct{}), hard: make(chan struct{})}
	base := heapBytes()
	go func() {
		deadline := time.NewTimer(timeout)
		defer deadline.Stop()
		tick := time.NewTicker(5 * time.Millisecond)
		defer tick.Stop()
		trip := func(sig errSignal) {
			tripped.Store(int32(sig))
			rt.Interrupt(sig)
			select {
			case <-w.done:
			case <-time.After(unwindGrace):
				close(w.hard)
			}
		}
		for {
			select {
			case <-w.done:
				return
			case <-deadline.C:
				trip(sigTimeout)
				return
			case <-tick.C:
				// Collect before judging: the heap may be garbage that a
				// lazy collector (GOGC 400 in cmd/looplint) left behind.
				if heapBytes() > base+maxHeap && collect() > base+maxHeap {
					trip(sigMemory)
					return
				}
			}
		}
	}()
	return w
}

func (w *watchdog) stop() { close(w.done) }

// collect runs a full collection and returns the heap left.
func collect() uint64 {
	goruntime.GC()
	return heapBytes()
}

var heapSample = []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}

func heapBytes() uint64 {
	s := make([]metrics.Sample, 1)
	s[0].Name = heapSample[0].Name
	metrics.Read(s)
	if s[0].Value.Kind() == metrics.KindUint64 {
		return s[0].Value.Uint64()
	}
	var m goruntime.MemStats
	goruntime.ReadMemStats(&m)
	return m.HeapAlloc
}

// newFS builds the sandbox file system: the mount (if any) and the snippet.
func newFS(p *Program) (*memfs.FS, error) {
	fs, err := memfs.New(memfs.Options{MountDir: p.opts.FSDir, Cwd: p.Cwd, Listings: p.listings})
	if err != nil {
		return nil, err
	}
	if err := fs.AddFile(p.VirtPath, []byte(p.File.Text)); err != nil {
		return nil, err
	}
	return fs, nil
}

// Files is a fresh copy of the sandbox file system the program sees (the
// --fs mount and the snippet itself), for the predictor.
func (p *Program) Files() (*memfs.FS, error) { return newFS(p) }

// compileError is the engine's refusal of a file esbuild took, at the
// user's line and column: the engine says "... at <path>:line:col" in the
// CommonJS wrapper's text.
func compileError(f *parse.File, virt string, err error) *parse.Error {
	return engineRefusal(f, virt, err, false)
}

// scriptError is compileError for a browser's classic script.
func scriptError(f *parse.File, virt string, err error) *parse.Error {
	return engineRefusal(f, virt, err, true)
}

func engineRefusal(f *parse.File, virt string, err error, script bool) *parse.Error {
	msg := err.Error()
	pe := &parse.Error{File: f.Path, Msg: "unsupported syntax: " + msg}
	at := strings.LastIndex(msg, " at "+virt+":")
	if at < 0 {
		return pe
	}
	var line, col int
	if _, serr := fmt.Sscanf(msg[at+len(" at "+virt+":"):], "%d:%d", &line, &col); serr != nil || line < 1 {
		return pe
	}
	if line == 1 && !script {
		col -= len(parse.CJSPrefix)
	}
	pe.Line, pe.Col = f.EnginePos(line, max(col, 1))
	pe.Msg = "unsupported syntax: " + msg[:at]
	return pe
}
