// Package sched computes the scheduling facts of a JavaScript file once,
// for every analyzer that Requires it: the functions of the file, every
// call with its callee resolved to a canonical name ("setTimeout",
// "process.nextTick", "fs.readFileSync", "events.EventEmitter"), the
// scheduling call sites (what they queue and which same-file functions
// they queue), awaits, loops, classes, and which functions run on the
// event loop (as callbacks) rather than only during start-up.
//
// Classes are ES classes and old-style constructors: a function whose
// prototype the file assigns (F.prototype.m = function, F.prototype =
// {...}, Object.create(S.prototype)), or that util.inherits,
// Object.setPrototypeOf, Object.assign of a prototype or S.call(this)
// makes a subclass; this.m() and self.m() (var self = this) resolve to
// the class's methods. Summary (summary.go) says, per function, how it
// calls the functions it is given: at once, later, or both, through
// helpers, closures, returned wrappers and callbacks stored on this.
//
// Names resolve like this: an identifier that no enclosing scope of the
// file declares is a global; a binding initialised from require('m') or
// imported from 'm' (also through destructuring, or a member of one)
// names that module; "node:" prefixes are dropped, and the timers and
// process modules name the globals they export. Anything else is local
// and resolves to "".
package sched

import (
	"reflect"
	"slices"
	"strings"

	"github.com/grafana/sobek/ast"
	"github.com/grafana/sobek/token"
	"golang.org/x/tools/go/analysis"

	"github.com/looplint/looplint/analyzer/jsfile"
	"github.com/looplint/looplint/ir"
)

// Analyzer computes the *Facts of a file.
var Analyzer = &analysis.Analyzer{
	Name:       "sched",
	Doc:        "scheduling facts of a JavaScript file: functions, resolved calls, scheduling sites and callback contexts",
	Requires:   []*analysis.Analyzer{jsfile.Analyzer},
	Run:        run,
	ResultType: reflect.TypeOf((*Facts)(nil)),
	FactTypes:  []analysis.Fact{new(ModuleFact)},
}

// Kind is what a call site does to the event loop.
type Kind int

const (
	None        Kind = iota
	NextTick         // process.nextTick(fn)
	Microtask        // queueMicrotask(fn)
	Reaction         // p.then/catch/finally(fn)
	Await            // await expr (Call.Node is the *ast.AwaitExpression)
	Timeout          // setTimeout(fn, ms)
	Interval         // setInterval(fn, ms)
	Immediate        // setImmediate(fn)
	PromiseExec      // new Promise(executor): runs the executor synchronously
	Emit             // x.emit(ev, ...): runs listeners synchronously
	Listen           // x.on/once/addListener/prependListener(ev, fn)
	IO               // fs.x(..., cb) and other callback I/O
	Handler          // request-handler style registration: app.get(path, (req, res) => ...)
)

var kindNames = [...]string{"call", "nextTick", "queueMicrotask", "promise reaction", "await", "setTimeout", "setInterval", "setImmediate", "new Promise", "emit", "listener", "I/O callback", "handler"}

func (k Kind) String() string { return kindNames[k] }

// Async reports whether the functions a site of kind k schedules run
// later, from the event loop.
func (k Kind) Async() bool {
	switch k {
	case NextTick, Microtask, Reaction, Timeout, Interval, Immediate, Listen, IO, Handler:
		return true
	}
	return false
}

// Macrotask reports whether k queues work behind the loop's phases
// (timers, immediates, I/O), letting I/O run in between.
func (k Kind) Macrotask() bool {
	switch k {
	case Timeout, Interval, Immediate, IO, Listen, Handler:
		return true
	}
	return false
}

// Func is a function of the file, or the file's top level (Node == nil
// for a module, the CommonJS wrapper otherwise).
type Func struct {
	Node   ast.Node // *ast.FunctionLiteral or *ast.ArrowFunctionLiteral (nil: module top level)
	Name   string   // declared or assigned name, "" if anonymous
	Parent *Func
	Top    bool
	Async  bool
	Calls  []*Call // call sites directly in this function's body
	// Class and Method are set for class methods ("constructor" for the
	// constructor).
	Class  *Class
	Method string
	// Scheduled are the sites that queue or register this function.
	Scheduled []*Call
	// CalledBy are the sites that call it synchronously.
	CalledBy []*Call
	// passedTo are the sites it is handed to as an argument.
	passedTo []*Call
	// params are its parameters' names (Params).
	params []string
	// OnLoop: the function runs from the event loop (a callback, or
	// reached synchronously from one); Why is the site that makes it so.
	OnLoop bool
	Why    *Call
}

// Call is a call site (or an await).
type Call struct {
	Node   ast.Node // *ast.CallExpression, *ast.NewExpression or *ast.AwaitExpression
	Callee string   // canonical callee ("" when unknown/local)
	Method string   // property name for member calls (x.emit → "emit")
	Recv   ast.Expression
	Kind   Kind
	Func   *Func // the enclosing function
	// Target is the same-file function a plain call invokes synchronously.
	Target *Func
	// Alts are the other same-file functions a call through a variable
	// may invoke: every function the file assigns to it (mode = run;
	// later mode = apply), beside Target (its initialiser).
	Alts []*Func
	// Funcs are the same-file functions passed as arguments (resolved
	// literals, identifiers and .bind()s); for scheduling kinds these are
	// what the site schedules.
	Funcs []*Func
	Args  []ast.Expression
	// Class is the same-file class a `new` site constructs.
	Class *Class
	// refs: the other modules' functions the callee may be; ext, their
	// exports as the modules' facts give them (once looked up).
	refs []Ref
	ext  []*Export
	// inst: for v.m(...), the new expression v was made by (const v =
	// new C(sql, cb)): what m does with the callbacks C stored.
	inst *ast.NewExpression
	// shadow: names at the site (the callee's, arguments') that are a
	// local of an inner scope hiding a parameter of the same name
	// (function (t, e, s) { try { const s = t(); e(s) } ... }).
	shadow map[string]bool
	// Loaded: for cb(...) with const cb = this.callback, that this.x:
	// the call is the stored callback's.
	Loaded *ast.DotExpression

	// The bools come last, together: a Call (one per call site) is then
	// 256 bytes rather than 288.

	// Loop is the innermost loop of the same function containing the
	// site; InTest says the site is in the loop's condition.
	Loop   *Loop
	InTest bool
	// Guarded: the site is under a condition (if, ?:, &&, ||, switch,
	// catch) within its function.
	Guarded bool
	// Caller: the callee is a function the caller of an enclosing
	// function supplies: a parameter (fn, or fn.call/fn.apply), an entry
	// of one (actions[type]), a variable initialised from one, or a
	// property of this stored from one (this.load = load, or
	// this.spec = { load: options.load } called as this.spec.load).
	// Whether it calls what it is given at once or later is up to that
	// caller.
	Caller bool
	// Parks: q.push(fn) or q.unshift(fn) on an array that outlives the
	// call (this.q, or one declared outside the function): fn waits for
	// a later call (a release, a put-back) to take it out and call it.
	Parks bool
}

// Loop is a while, do-while or for loop.
type Loop struct {
	Node   ast.Statement
	Parent *Loop          // enclosing loop in the same function
	Test   ast.Expression // nil for for(;;)
	Body   ast.Statement
	Func   *Func
}

// Class is a class declaration or expression, or a function used as a
// constructor with util.inherits / EventEmitter.call(this).
type Class struct {
	Name       string
	Node       ast.Node // *ast.ClassLiteral or the constructor function literal
	Super      string   // canonical name of the superclass ("" if unknown)
	SuperClass *Class   // same-file superclass
	Ctor       *Func
	Methods    map[string]*Func
}

// Facts is the result of Analyzer.
type Facts struct {
	File    *jsfile.File
	Top     *Func
	Funcs   []*Func // in source order, Top first
	Calls   []*Call // every call site, in source order
	Sched   []*Call // the calls whose Kind != None
	Loops   []*Loop
	Classes []*Class
	byNode  map[ast.Node]*Func
	classBy map[string]*Class
	classOf map[*ast.ClassLiteral]*Class
	callBy  map[ast.Node]*Call
	// thisIds are the identifiers bound to this (var self = this).
	thisIds map[*ast.Identifier]bool
	sums    map[*Func]*Summary
	// returned: functions their parent returns (wrappers' results).
	returned   map[*Func]bool
	rebinds    []rebindSite
	propStores []propStore
	paramMoves []paramMove
	// drainers: by a queue's text (this.waiting), the functions that
	// take from it and call what they take (q[i](...) in a loop,
	// q.shift()(...), const cb = q.shift(); cb(...)).
	drainers map[string][]*Func
	// newBinds are `const name = new C(...)` in fn.
	newBinds []newBind
	// objStores are `obj.x = name` in fn (prop holds obj's name).
	objStores []propStore
	// exports are the module's exports; importer gives other modules'
	// facts (nil: none), mods caches them by specifier.
	exports  []*exportSite
	importer Importer
	mods     map[string]*ModuleFact
}

// rebindSite is `name = call(...)` in fn.
type rebindSite struct {
	fn   *Func
	name string
	call ast.Node
}

// paramMove is `to = from` in fn (callback = options: the optional
// argument shifted).
type paramMove struct {
	fn       *Func
	to, from string
}

// newBind is `const name = new C(...)` in fn.
type newBind struct {
	fn   *Func
	name string
	node *ast.NewExpression
}

// propStore is `this.prop = name` in fn.
type propStore struct {
	fn         *Func
	prop, name string
}

// IsThis reports whether e is this or a variable initialised from it
// (var self = this; const that = this).
func (f *Facts) IsThis(e ast.Expression) bool {
	switch e := e.(type) {
	case *ast.ThisExpression:
		return true
	case *ast.Identifier:
		return f.thisIds[e]
	}
	return false
}

// CallAt returns the site of a call, new or await node.
func (f *Facts) CallAt(n ast.Node) *Call { return f.callBy[n] }

// FuncOf returns the Func of a function literal node.
func (f *Facts) FuncOf(n ast.Node) *Func { return f.byNode[n] }

// IsEmitter reports whether c is EventEmitter or derives from it.
func (c *Class) IsEmitter() bool {
	for seen := 0; c != nil && seen < 32; seen++ {
		if IsEmitterName(c.Super) {
			return true
		}
		c = c.SuperClass
	}
	return false
}

// IsEmitterName reports whether a canonical name is EventEmitter.
func IsEmitterName(s string) bool {
	switch s {
	case "events", "events.EventEmitter", "events.default", "stream", "stream.Readable", "stream.Writable", "stream.Duplex", "stream.Transform", "stream.PassThrough", "net.Socket", "net.Server", "http.Server":
		return true
	}
	return false
}

// ClassNamed returns the same-file class declared with this name.
func (f *Facts) ClassNamed(name string) *Class { return f.classBy[name] }

// ----- scopes -----

type bkind uint8

const (
	bVar bkind = iota
	bParam
	bFunc
	bClass
	bImport
)

type binding struct {
	kind bkind
	// resolving guards recursion through init chains
	resolving bool
	// depth: the depth of the scope that declares it; outer: the
	// binding of the same name it hides, in an enclosing scope.
	depth  int32
	outer  *binding
	init   ast.Expression // for var/let/const with a plain identifier target
	fn     ast.Node       // function declaration literal
	class  *ast.ClassLiteral
	module string // imported or destructured from require(module)
	member string // "" for the module object itself
	// assigned: the other modules' values assigned to it (x = require('m')).
	assigned []Ref
	// fns: the same-file functions assigned to it (x = f, x = () => ...).
	fns []*Func
	// queues: its properties the file assigns a way to queue a callback
	// (lib.defer = process.nextTick): calls through them queue.
	queues map[string]string
}

// scope is the walk's table of names: each name's innermost binding,
// with the ones it hides behind it, for the scopes open now (push
// opens one, pop closes the innermost). A name is looked up once, not
// once per enclosing scope.
type scope struct {
	names map[string]*binding
	depth int32
	// declared: the names declared in each open scope (not those it
	// declares again), the innermost last; marks: where each starts.
	declared []string
	marks    []int
}

func newScope() *scope { return &scope{names: map[string]*binding{}} }

func (s *scope) push() {
	s.depth++
	s.marks = append(s.marks, len(s.declared))
}

func (s *scope) pop() {
	m := s.marks[len(s.marks)-1]
	for _, name := range s.declared[m:] {
		if b := s.names[name]; b.outer != nil {
			s.names[name] = b.outer
		} else {
			delete(s.names, name)
		}
	}
	s.declared, s.marks = s.declared[:m], s.marks[:len(s.marks)-1]
	s.depth--
}

// declare binds name in the innermost scope (again: the new binding
// replaces the old).
func (s *scope) declare(name string, b *binding) {
	b.depth = s.depth
	if old := s.names[name]; old != nil && old.depth == s.depth {
		b.outer = old.outer
	} else {
		b.outer = old
		s.declared = append(s.declared, name)
	}
	s.names[name] = b
}

func (s *scope) lookup(name string) *binding { return s.names[name] }

// here is name's binding in the innermost scope (nil: none there).
func (s *scope) here(name string) *binding {
	if b := s.names[name]; b != nil && b.depth == s.depth {
		return b
	}
	return nil
}

// ----- the walk -----

type walker struct {
	allRefs bool // see ComputeCaller
	f       *jsfile.File
	facts   *Facts
	scope   *scope
	fnDepth int32 // the depth of the current function's parameters' scope (-1: the top level)
	parks   []*Call
	// userProps: properties of this stored from what the caller
	// supplies ("load" for this.load = load; "spec.load" for a member
	// of an object literal stored as this.spec).
	userProps map[string]bool
	// notNode > 0: in a branch that a feature test rules out on Node.
	notNode  int
	callSlab []Call // see site
	// thisAlias: a var initialised to this (var self = this) has been
	// declared; until one is, no identifier can be one, and none is
	// looked up for it.
	thisAlias bool
	// discarded: pop calls that are statements of their own (their
	// value is not used).
	discarded map[ast.Node]bool
	fn        *Func
	class     *Class
	loops     []*loopCtx
	guard     int
	pending   []func() // resolution that needs every Func created
}

type loopCtx struct {
	loop   *Loop
	inTest bool
}

func run(pass *analysis.Pass) (any, error) {
	f := pass.ResultOf[jsfile.Analyzer].(*jsfile.File)
	facts := Compute(f)
	// Summaries are computed here, while the pass can import the facts
	// of the modules the file requires, and this module's are exported.
	facts.importer = PassImporter(pass, f.Resolve)
	if m := facts.Module(); len(m.Exports) > 0 {
		pass.ExportPackageFact(m)
	}
	return facts, nil
}

// Compute computes the facts of f.
func Compute(f *jsfile.File) *Facts { return compute(f, false) }

// ComputeCaller computes the facts of f as a caller of other modules:
// every call of another module's value has its Refs, arguments or not
// (Compute keeps them only for calls that hand on arguments, the only
// ones a summary follows).
func ComputeCaller(f *jsfile.File) *Facts { return compute(f, true) }

func compute(f *jsfile.File, allRefs bool) *Facts {
	facts := &Facts{File: f, byNode: map[ast.Node]*Func{}, classBy: map[string]*Class{},
		classOf: map[*ast.ClassLiteral]*Class{}, thisIds: map[*ast.Identifier]bool{}, returned: map[*Func]bool{}}
	top := &Func{Top: true}
	if fl, ok := f.Top.(*ast.FunctionLiteral); ok {
		top.Node = fl
		facts.byNode[fl] = top
	}
	facts.Top = top
	facts.Funcs = append(facts.Funcs, top)
	w := &walker{f: f, facts: facts, fn: top, scope: newScope(), fnDepth: -1, allRefs: allRefs}
	// The wrapper's parameters (require, module, ...) are the host's, not
	// user bindings: they live in no scope, so they resolve as globals.
	w.declareHoisted(w.scope, f.TopDecls)
	w.declareBlock(w.scope, f.Body)
	if p, ok := f.Top.(*ast.Program); ok {
		w.declareImports(p)
	}
	for _, s := range f.Body {
		w.node(s)
	}
	w.collectExports(f.Body)
	// Each site by its node, made once the walk knows how many.
	facts.callBy = make(map[ast.Node]*Call, len(facts.Calls))
	for _, c := range facts.Calls {
		facts.callBy[c.Node] = c
	}
	w.resolveParks()
	for _, p := range w.pending {
		p()
	}
	facts.resolveThisMethods()
	facts.propagate()
	return facts
}

func (w *walker) funcOf(n ast.Node) *Func {
	if fn := w.facts.byNode[n]; fn != nil {
		return fn
	}
	fn := &Func{Node: n}
	switch n := n.(type) {
	case *ast.FunctionLiteral:
		fn.Async = n.Async
		if n.Name != nil {
			fn.Name = n.Name.Name.String()
		}
	case *ast.ArrowFunctionLiteral:
		fn.Async = n.Async
	}
	w.facts.byNode[n] = fn
	return fn
}

func (w *walker) push() { w.scope.push() }
func (w *walker) pop()  { w.scope.pop() }

func (w *walker) declareHoisted(s *scope, decls []*ast.VariableDeclaration) {
	for _, d := range decls {
		for _, b := range d.List {
			w.declareBinding(s, b, bVar)
		}
	}
}

func (w *walker) declareBinding(s *scope, b *ast.Binding, k bkind) {
	if b == nil {
		return
	}
	switch t := b.Target.(type) {
	case *ast.Identifier:
		bd := &binding{kind: k, init: b.Initializer}
		if _, ok := b.Initializer.(*ast.ThisExpression); ok && k == bVar {
			w.thisAlias = true
		}
		if prev := s.here(t.Name.String()); prev != nil && prev.init != nil && b.Initializer == nil {
			return // var x = ...; var x; keeps the initialiser
		}
		s.declare(t.Name.String(), bd)
	case *ast.ObjectPattern:
		// const { a, b: c } = require('m')
		mod := requireOf(b.Initializer)
		for _, p := range t.Properties {
			switch p := p.(type) {
			case *ast.PropertyShort:
				s.declare(p.Name.Name.String(), &binding{kind: k, module: mod, member: ifMod(mod, p.Name.Name.String())})
			case *ast.PropertyKeyed:
				key := propName(p.Key)
				for _, n := range patternNames(p.Value) {
					if id, ok := p.Value.(*ast.Identifier); ok && id.Name.String() == n && key != "" {
						s.declare(n, &binding{kind: k, module: mod, member: ifMod(mod, key)})
					} else {
						s.declare(n, &binding{kind: k})
					}
				}
			}
		}
		if t.Rest != nil {
			for _, n := range patternNames(t.Rest) {
				s.declare(n, &binding{kind: k})
			}
		}
	default:
		for _, n := range patternNames(b.Target) {
			s.declare(n, &binding{kind: k})
		}
	}
}

func ifMod(mod, member string) string {
	if mod == "" {
		return ""
	}
	return member
}

// requireOf returns m for require('m') (also `require('m')` through
// await import('m')), else "".
func requireOf(e ast.Expression) string {
	c, ok := e.(*ast.CallExpression)
	if !ok || len(c.ArgumentList) != 1 {
		return ""
	}
	id, ok := c.Callee.(*ast.Identifier)
	if !ok || id.Name != "require" {
		return ""
	}
	s, ok := c.ArgumentList[0].(*ast.StringLiteral)
	if !ok {
		return ""
	}
	return normModule(s.Value.String())
}

func normModule(m string) string {
	m = strings.TrimPrefix(m, "node:")
	if m == "fs/promises" {
		return "fs.promises"
	}
	return m
}

func propName(e ast.Expression) string {
	switch k := e.(type) {
	case *ast.Identifier:
		return k.Name.String()
	case *ast.StringLiteral:
		return k.Value.String()
	}
	return ""
}

func patternNames(e ast.Node) []string {
	var out []string
	jsfile.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Identifier:
			out = append(out, n.Name.String())
		case *ast.PropertyShort:
			out = append(out, n.Name.Name.String())
			return false
		case *ast.PropertyKeyed:
			jsfile.Inspect(n.Value, func(m ast.Node) bool {
				if id, ok := m.(*ast.Identifier); ok {
					out = append(out, id.Name.String())
				}
				_, isFn := m.(*ast.FunctionLiteral)
				return !isFn
			})
			return false
		case *ast.Binding:
			out = append(out, patternNames(n.Target)...)
			return false
		case *ast.FunctionLiteral, *ast.ArrowFunctionLiteral, *ast.CallExpression, *ast.DotExpression:
			return false
		}
		return true
	})
	return out
}

// declareBlock declares the block-scoped and function declarations
// directly in a statement list.
func (w *walker) declareBlock(s *scope, list []ast.Statement) {
	for _, st := range list {
		if ex, ok := st.(*ast.ExportDeclaration); ok {
			switch {
			case ex.LexicalDeclaration != nil:
				st = ex.LexicalDeclaration
			case ex.ClassDeclaration != nil:
				st = ex.ClassDeclaration
			case ex.HoistableDeclaration != nil && ex.HoistableDeclaration.FunctionDeclaration != nil:
				st = ex.HoistableDeclaration.FunctionDeclaration
			}
		}
		switch d := st.(type) {
		case *ast.LexicalDeclaration:
			for _, b := range d.List {
				w.declareBinding(s, b, bVar)
			}
		case *ast.FunctionDeclaration:
			if d.Function != nil && d.Function.Name != nil {
				fn := w.funcOf(d.Function)
				s.declare(d.Function.Name.Name.String(), &binding{kind: bFunc, fn: d.Function})
				_ = fn
			}
		case *ast.ClassDeclaration:
			if d.Class != nil && d.Class.Name != nil {
				s.declare(d.Class.Name.Name.String(), &binding{kind: bClass, class: d.Class})
			}
		}
	}
}

func (w *walker) declareImports(p *ast.Program) {
	for _, st := range p.Body {
		imp, ok := st.(*ast.ImportDeclaration)
		if !ok || imp.ImportClause == nil || imp.FromClause == nil {
			continue
		}
		mod := normModule(imp.FromClause.ModuleSpecifier.String())
		c := imp.ImportClause
		if c.ImportedDefaultBinding != nil {
			w.scope.declare(c.ImportedDefaultBinding.Name.String(), &binding{kind: bImport, module: mod})
		}
		if c.NameSpaceImport != nil {
			w.scope.declare(c.NameSpaceImport.ImportedBinding.String(), &binding{kind: bImport, module: mod})
		}
		if c.NamedImports != nil {
			for _, sp := range c.NamedImports.ImportsList {
				local := sp.Alias.String()
				if local == "" {
					local = sp.IdentifierName.String()
				}
				member := sp.IdentifierName.String()
				if member == "default" {
					member = ""
				}
				w.scope.declare(local, &binding{kind: bImport, module: mod, member: member})
			}
		}
	}
}

// Canon resolves an expression to a canonical name, "" if local/unknown.
func (w *walker) canon(e ast.Expression) string { return w.canonIn(w.scope, e) }

func (w *walker) canonIn(s *scope, e ast.Expression) string {
	switch e := e.(type) {
	case *ast.Identifier:
		name := e.Name.String()
		b := s.lookup(name)
		if b == nil {
			return globalName(name)
		}
		if b.module != "" {
			if b.member != "" {
				return memberName(b.module, b.member)
			}
			return b.module
		}
		if b.kind == bVar && b.init != nil && !b.resolving {
			b.resolving = true
			defer func() { b.resolving = false }()
			switch b.init.(type) {
			case *ast.CallExpression, *ast.DotExpression, *ast.Identifier, *ast.BinaryExpression:
				return w.canonIn(s, b.init)
			}
		}
		return ""
	case *ast.DotExpression:
		if id, ok := e.Left.(*ast.Identifier); ok {
			if b := s.lookup(id.Name.String()); b != nil && b.queues[e.Identifier.Name.String()] != "" {
				return b.queues[e.Identifier.Name.String()]
			}
		}
		l := w.canonIn(s, e.Left)
		if l == "" {
			return ""
		}
		return memberName(l, e.Identifier.Name.String())
	case *ast.CallExpression:
		if m := requireOf(e); m != "" {
			if id := e.Callee.(*ast.Identifier); s.lookup(id.Name.String()) == nil {
				return m
			}
		}
	case *ast.OptionalChain:
		return w.canonIn(s, e.Expression)
	case *ast.Optional:
		return w.canonIn(s, e.Expression)
	case *ast.BinaryExpression:
		// (global.setImmediate || global.setTimeout)(fn): a fallback
		// between two ways to queue a callback queues it.
		if e.Operator == token.LOGICAL_OR || e.Operator == token.COALESCE {
			l, r := w.canonIn(s, e.Left), w.canonIn(s, e.Right)
			if _, ok := ir.QueueOp(l); ok {
				if _, ok := ir.QueueOp(r); ok {
					return l
				}
			}
		}
	}
	return ""
}

func globalName(name string) string {
	switch name {
	case "globalThis", "global", "window", "self":
		return "globalThis"
	}
	return name
}

func memberName(l, m string) string {
	switch l {
	case "globalThis":
		return globalName(m)
	case "timers":
		return m
	case "process":
		return "process." + m
	case "fs":
		if m == "promises" {
			return "fs.promises"
		}
	case "events":
		if m == "EventEmitter" || m == "default" {
			return "events.EventEmitter"
		}
	}
	return l + "." + m
}

// objectClass makes an object literal kept in a variable or a property
// (const Loader = { load() { this.flush(); }, flush() { ... } }) a class
// of its methods, so that this.m() in one resolves to another and this
// is the object. Literals handed to a call (options of a constructor)
// are not: their methods' this is whatever the callee makes it.
func (w *walker) objectClass(e ast.Expression, name string) {
	ol, ok := unwrap(e).(*ast.ObjectLiteral)
	if !ok {
		return
	}
	var c *Class
	for _, p := range ol.Value {
		k, ok := p.(*ast.PropertyKeyed)
		if !ok || k.Computed {
			continue
		}
		fl, ok := k.Value.(*ast.FunctionLiteral)
		if !ok {
			continue // an arrow's this is the enclosing one
		}
		m := w.funcOf(fl)
		if m.Class != nil {
			return // already a prototype's
		}
		if c == nil {
			c = &Class{Name: name, Node: ol, Methods: map[string]*Func{}}
			w.facts.Classes = append(w.facts.Classes, c)
		}
		w.method(c, propName(k.Key), m)
	}
}

// queueOf: the way to queue a callback e is (its canonical name): for a
// condition, the arm Node takes when a feature test decides it, else
// process.nextTick when one arm is.
func (w *walker) queueOf(e ast.Expression) string {
	if c, ok := unwrap(e).(*ast.ConditionalExpression); ok {
		switch w.onNode(c.Test, 0) {
		case isTrue:
			return w.queueOf(c.Consequent)
		case isFalse:
			return w.queueOf(c.Alternate)
		}
		a, b := w.queueOf(c.Consequent), w.queueOf(c.Alternate)
		if b == "process.nextTick" || a == "" {
			return b
		}
		return a
	}
	if q := w.canon(e); q != "" {
		if _, ok := ir.QueueOp(q); ok {
			return q
		}
	}
	return ""
}

type truth int

const (
	unknown truth = iota
	isTrue
	isFalse
)

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// nodeGlobals are what typeof finds on Node: the globals a fallback
// tests for before using.
var nodeGlobals = map[string]string{
	"process": "object", "process.nextTick": "function", "setImmediate": "function",
	"setTimeout": "function", "setInterval": "function", "queueMicrotask": "function",
	"Buffer": "function", "global": "object", "globalThis": "object", "Promise": "function",
	"window": "undefined", "document": "undefined", "navigator": "undefined",
}

// onNode evaluates a feature test as Node would (typeof setImmediate
// === 'function', process && process.nextTick, !x, &&, ||), unknown for
// anything else.
func (w *walker) onNode(e ast.Expression, depth int) truth {
	if depth > 6 {
		return unknown
	}
	not := func(t truth) truth {
		switch t {
		case isTrue:
			return isFalse
		case isFalse:
			return isTrue
		}
		return unknown
	}
	switch e := unwrap(e).(type) {
	case *ast.BooleanLiteral:
		if e.Value {
			return isTrue
		}
		return isFalse
	case *ast.UnaryExpression:
		if e.Operator == token.NOT {
			return not(w.onNode(e.Operand, depth+1))
		}
	case *ast.Identifier, *ast.DotExpression:
		if id, ok := e.(*ast.Identifier); ok {
			if b := w.scope.lookup(id.Name.String()); b != nil {
				if b.kind == bVar && b.init != nil && !b.resolving {
					b.resolving = true
					defer func() { b.resolving = false }()
					return w.onNode(b.init, depth+1)
				}
				return unknown
			}
		}
		switch nodeGlobals[w.f.Text(e)] {
		case "function", "object":
			return isTrue
		case "undefined":
			return isFalse
		}
	case *ast.BinaryExpression:
		l, r := w.onNode(e.Left, depth+1), w.onNode(e.Right, depth+1)
		switch e.Operator {
		case token.LOGICAL_AND:
			if l == isFalse || r == isFalse {
				return isFalse
			}
			if l == isTrue && r == isTrue {
				return isTrue
			}
		case token.LOGICAL_OR:
			if l == isTrue || r == isTrue {
				return isTrue
			}
			if l == isFalse && r == isFalse {
				return isFalse
			}
		case token.STRICT_EQUAL, token.EQUAL, token.STRICT_NOT_EQUAL, token.NOT_EQUAL:
			u, ok := e.Left.(*ast.UnaryExpression)
			lit, ok2 := e.Right.(*ast.StringLiteral)
			if !ok || !ok2 || u.Operator != token.TYPEOF {
				return unknown
			}
			if id, ok := u.Operand.(*ast.Identifier); ok && w.scope.lookup(id.Name.String()) != nil {
				return unknown // the file's own binding
			}
			kind := nodeGlobals[w.f.Text(u.Operand)]
			if kind == "" {
				return unknown
			}
			eq := kind == lit.Value.String()
			if e.Operator == token.STRICT_NOT_EQUAL || e.Operator == token.NOT_EQUAL {
				eq = !eq
			}
			if eq {
				return isTrue
			}
			return isFalse
		}
	}
	return unknown
}

// supplied: e is a function the caller of an enclosing function
// supplies (see Call.Caller); prop, when it is a property of this that
// is so only if the file stores one there (known once the walk ends).
func (w *walker) supplied(e ast.Expression, depth int) (ok bool, prop string) {
	if depth > 4 {
		return false, ""
	}
	switch e := unwrap(e).(type) {
	case *ast.Identifier:
		b := w.scope.lookup(e.Name.String())
		if b == nil {
			return false, ""
		}
		if b.kind == bParam {
			return true, ""
		}
		if b.kind == bVar && b.init != nil && b.fn == nil && !b.resolving {
			b.resolving = true
			defer func() { b.resolving = false }()
			return w.supplied(b.init, depth+1)
		}
	case *ast.BracketExpression:
		if id, ok := unwrap(e.Left).(*ast.Identifier); ok {
			if b := w.scope.lookup(id.Name.String()); b != nil && b.kind == bParam {
				return true, ""
			}
		}
	case *ast.DotExpression:
		name := e.Identifier.Name.String()
		if w.thisNow(e.Left) {
			return false, name
		}
		if d, ok := unwrap(e.Left).(*ast.DotExpression); ok && w.thisNow(d.Left) {
			return false, d.Identifier.Name.String() + "." + name
		}
	}
	return false, ""
}

// derived: e's value comes from what the caller supplies (a parameter,
// a member of one, either arm of a condition over them).
func (w *walker) derived(e ast.Expression, depth int) bool {
	if depth > 4 {
		return false
	}
	switch e := unwrap(e).(type) {
	case *ast.Identifier:
		b := w.scope.lookup(e.Name.String())
		if b == nil {
			return false
		}
		if b.kind == bParam {
			return true
		}
		if b.kind == bVar && b.init != nil && !b.resolving {
			b.resolving = true
			defer func() { b.resolving = false }()
			return w.derived(b.init, depth+1)
		}
	case *ast.DotExpression:
		return w.derived(e.Left, depth+1)
	case *ast.BracketExpression:
		return w.derived(e.Left, depth+1)
	case *ast.BinaryExpression:
		if e.Operator == token.LOGICAL_AND || e.Operator == token.LOGICAL_OR || e.Operator == token.COALESCE {
			return w.derived(e.Right, depth+1) || e.Operator != token.LOGICAL_AND && w.derived(e.Left, depth+1)
		}
	case *ast.ConditionalExpression:
		return w.derived(e.Consequent, depth+1) || w.derived(e.Alternate, depth+1)
	}
	return false
}

// storeUser records this.prop = value when the value is the caller's.
func (w *walker) storeUser(prop string, value ast.Expression) {
	if w.userProps == nil {
		w.userProps = map[string]bool{}
	}
	if ol, ok := unwrap(value).(*ast.ObjectLiteral); ok {
		for _, p := range ol.Value {
			if pk, ok := p.(*ast.PropertyKeyed); ok && propName(pk.Key) != "" && w.derived(pk.Value, 0) {
				w.userProps[prop+"."+propName(pk.Key)] = true
			}
		}
		return
	}
	if w.derived(value, 0) {
		w.userProps[prop] = true
	}
}

// handedArgs: the functions pushed onto an array that c then hands to
// the caller's function (args.push(done); fn.apply(ctx, args)) are its
// arguments too.
func (w *walker) handedArgs(c *Call) {
	var arr *ast.Identifier
	if c.Method == "apply" && len(c.Args) == 2 {
		arr, _ = unwrap(c.Args[1]).(*ast.Identifier)
	}
	if arr == nil {
		return
	}
	w.pending = append(w.pending, func() {
		for _, p := range w.facts.Calls {
			id, ok := p.Recv.(*ast.Identifier)
			if !ok || (p.Method != "push" && p.Method != "unshift") || id.Name.String() != arr.Name.String() || !within(p.Func, c.Func) && !within(c.Func, p.Func) {
				continue
			}
			for _, g := range p.Funcs {
				if !slices.Contains(c.Funcs, g) {
					c.Funcs = append(c.Funcs, g)
				}
			}
		}
	})
}

// resolveFuncs: the same-file functions an expression may denote (both
// arms of a ?: or ||).
func (w *walker) resolveFuncs(e ast.Expression) []*Func {
	switch x := unwrap(e).(type) {
	case *ast.ConditionalExpression:
		return append(w.resolveFuncs(x.Consequent), w.resolveFuncs(x.Alternate)...)
	case *ast.BinaryExpression:
		if x.Operator == token.LOGICAL_OR || x.Operator == token.COALESCE {
			return append(w.resolveFuncs(x.Left), w.resolveFuncs(x.Right)...)
		}
		return nil
	}
	if fn := w.resolveFunc(e); fn != nil {
		return []*Func{fn}
	}
	return nil
}

// Targets: the same-file functions the call may invoke.
func (c *Call) Targets() []*Func {
	if c.Target == nil {
		return c.Alts
	}
	if len(c.Alts) == 0 {
		return []*Func{c.Target}
	}
	return append([]*Func{c.Target}, c.Alts...)
}

// resolveFunc finds the same-file function an expression denotes.
func (w *walker) resolveFunc(e ast.Expression) *Func {
	return w.resolveFuncIn(w.scope, w.class, e, 0)
}

func (w *walker) resolveFuncIn(s *scope, cls *Class, e ast.Expression, depth int) *Func {
	if depth > 8 {
		return nil
	}
	switch e := e.(type) {
	case *ast.FunctionLiteral, *ast.ArrowFunctionLiteral:
		return w.funcOf(e)
	case *ast.Identifier:
		b := s.lookup(e.Name.String())
		if b == nil {
			return nil
		}
		if b.fn != nil {
			return w.funcOf(b.fn)
		}
		if b.kind == bVar && b.init != nil && !b.resolving {
			b.resolving = true
			defer func() { b.resolving = false }()
			return w.resolveFuncIn(s, cls, b.init, depth+1)
		}
	case *ast.DotExpression:
		if _, ok := e.Left.(*ast.ThisExpression); ok && cls != nil {
			name := e.Identifier.Name.String()
			for c := cls; c != nil; c = c.SuperClass {
				if m := c.Methods[name]; m != nil {
					return m
				}
			}
		}
	case *ast.CallExpression: // f.bind(...)
		if d, ok := e.Callee.(*ast.DotExpression); ok && d.Identifier.Name == "bind" {
			return w.resolveFuncIn(s, cls, d.Left, depth+1)
		}
	case *ast.AssignExpression: // var C = module.exports = function () {...}
		if e.Operator == token.ASSIGN {
			return w.resolveFuncIn(s, cls, e.Right, depth+1)
		}
	}
	return nil
}

func (w *walker) nodes(l []ast.Statement) {
	for _, s := range l {
		w.node(s)
	}
}

func (w *walker) node(n ast.Node) {
	if n == nil {
		return
	}
	switch n := n.(type) {
	case *ast.ExpressionStatement:
		// stack.pop(); alone discards what it takes (resolveParks).
		// Only a pop is asked about (a map entry for every call
		// statement cost more than the rest of this case).
		if ce, ok := n.Expression.(*ast.CallExpression); ok {
			if d, ok := unwrap(ce.Callee).(*ast.DotExpression); ok && d.Identifier.Name == "pop" {
				if w.discarded == nil {
					w.discarded = map[ast.Node]bool{}
				}
				w.discarded[ce] = true
			}
		}
	case *ast.FunctionLiteral:
		w.function(n, n.ParameterList, n.Body, n.DeclarationList, "")
		return
	case *ast.ArrowFunctionLiteral:
		w.function(n, n.ParameterList, n.Body, n.DeclarationList, "")
		return
	case *ast.FunctionDeclaration:
		if n.Function != nil {
			w.node(n.Function)
		}
		return
	case *ast.ClassLiteral:
		w.classLit(n, "")
		return
	case *ast.ClassDeclaration:
		if n.Class != nil {
			name := ""
			if n.Class.Name != nil {
				name = n.Class.Name.Name.String()
			}
			w.classLit(n.Class, name)
		}
		return
	case *ast.BlockStatement:
		w.push()
		w.declareBlock(w.scope, n.List)
		w.nodes(n.List)
		w.pop()
		return
	case *ast.CatchStatement:
		w.push()
		for _, name := range patternNames(n.Parameter) {
			w.scope.declare(name, &binding{kind: bParam})
		}
		w.guard++
		w.node(n.Body)
		w.guard--
		w.pop()
		return
	case *ast.ForStatement:
		w.push()
		if d, ok := n.Initializer.(*ast.ForLoopInitializerLexicalDecl); ok {
			for _, b := range d.LexicalDeclaration.List {
				w.declareBinding(w.scope, b, bVar)
			}
		}
		w.node(n.Initializer)
		w.loop(&Loop{Node: n, Test: n.Test, Body: n.Body}, n.Test, []ast.Node{n.Update, n.Body})
		w.pop()
		return
	case *ast.WhileStatement:
		w.loop(&Loop{Node: n, Test: n.Test, Body: n.Body}, n.Test, []ast.Node{n.Body})
		return
	case *ast.DoWhileStatement:
		w.loop(&Loop{Node: n, Test: n.Test, Body: n.Body}, n.Test, []ast.Node{n.Body})
		return
	case *ast.ForInStatement, *ast.ForOfStatement:
		w.push()
		var into ast.ForInto
		var src ast.Expression
		var body ast.Statement
		if fi, ok := n.(*ast.ForInStatement); ok {
			into, src, body = fi.Into, fi.Source, fi.Body
		} else {
			fo := n.(*ast.ForOfStatement)
			into, src, body = fo.Into, fo.Source, fo.Body
		}
		if d, ok := into.(*ast.ForDeclaration); ok {
			for _, name := range patternNames(d.Target) {
				w.scope.declare(name, &binding{kind: bVar})
			}
		}
		w.node(into)
		w.node(src)
		w.loop(&Loop{Node: n.(ast.Statement), Body: body}, nil, []ast.Node{body})
		w.pop()
		return
	case *ast.IfStatement:
		w.node(n.Test)
		w.guard++
		// A feature test Node answers (typeof process === 'object'):
		// the branch Node never takes is another host's.
		t := w.onNode(n.Test, 0)
		w.notNode += b2i(t == isFalse)
		w.node(n.Consequent)
		w.notNode += b2i(t == isTrue) - b2i(t == isFalse)
		w.node(n.Alternate)
		w.notNode -= b2i(t == isTrue)
		w.guard--
		return
	case *ast.SwitchStatement:
		w.node(n.Discriminant)
		w.guard++
		w.push()
		for _, c := range n.Body {
			w.declareBlock(w.scope, c.Consequent)
		}
		for _, c := range n.Body {
			w.node(c)
		}
		w.pop()
		w.guard--
		return
	case *ast.ConditionalExpression:
		w.node(n.Test)
		w.guard++
		w.node(n.Consequent)
		w.node(n.Alternate)
		w.guard--
		return
	case *ast.BinaryExpression:
		w.node(n.Left)
		if n.Operator == token.LOGICAL_AND || n.Operator == token.LOGICAL_OR || n.Operator == token.COALESCE {
			w.guard++
			w.node(n.Right)
			w.guard--
		} else {
			w.node(n.Right)
		}
		return
	case *ast.CallExpression:
		w.call(n, n.Callee, n.ArgumentList)
		return
	case *ast.NewExpression:
		w.call(n, n.Callee, n.ArgumentList)
		return
	case *ast.Binding:
		if id, ok := n.Target.(*ast.Identifier); ok {
			w.nameFunc(n.Initializer, id.Name.String())
			w.objectClass(n.Initializer, id.Name.String())
			if ne, ok := unwrap(n.Initializer).(*ast.NewExpression); ok {
				w.facts.newBinds = append(w.facts.newBinds, newBind{w.fn, id.Name.String(), ne})
			}
		}
	case *ast.Identifier:
		if !w.thisAlias {
			return
		}
		if b := w.scope.lookup(n.Name.String()); b != nil && b.kind == bVar {
			if _, ok := b.init.(*ast.ThisExpression); ok {
				w.facts.thisIds[n] = true
			}
		}
		return
	case *ast.AssignExpression:
		switch l := n.Left.(type) {
		case *ast.Identifier:
			w.nameFunc(n.Right, l.Name.String())
			if c, ok := n.Right.(*ast.CallExpression); ok && n.Operator == token.ASSIGN {
				w.facts.rebinds = append(w.facts.rebinds, rebindSite{w.fn, l.Name.String(), c})
			}
			if r, ok := n.Right.(*ast.Identifier); ok && n.Operator == token.ASSIGN {
				w.facts.paramMoves = append(w.facts.paramMoves, paramMove{w.fn, l.Name.String(), r.Name.String()})
			}
			if b := w.scope.lookup(l.Name.String()); b != nil && b.kind == bVar && n.Operator == token.ASSIGN {
				if rs := w.modRefs(n.Right, 0); len(rs) > 0 {
					b.assigned = append(b.assigned, rs...)
				}
				b.fns = append(b.fns, w.resolveFuncs(n.Right)...)
			}
		case *ast.DotExpression:
			w.nameFunc(n.Right, l.Identifier.Name.String())
			w.prototypeAssign(l, n.Right)
			w.objectClass(n.Right, l.Identifier.Name.String())
			if q := w.queueOf(n.Right); q != "" && n.Operator == token.ASSIGN && w.notNode == 0 {
				if id, ok := l.Left.(*ast.Identifier); ok {
					if b := w.scope.lookup(id.Name.String()); b != nil && b.kind == bVar && b.module == "" {
						if b.queues == nil {
							b.queues = map[string]string{}
						}
						// One assignment of process.nextTick is enough: the
						// other paths (a browser fallback) are not Node's.
						if old := b.queues[l.Identifier.Name.String()]; old != "process.nextTick" {
							b.queues[l.Identifier.Name.String()] = q
						}
					}
				}
			}
			if w.thisNow(l.Left) && n.Operator == token.ASSIGN {
				w.storeUser(l.Identifier.Name.String(), n.Right)
			}
			if id, ok := n.Right.(*ast.Identifier); ok && w.thisNow(l.Left) {
				w.facts.propStores = append(w.facts.propStores, propStore{w.fn, l.Identifier.Name.String(), id.Name.String()})
			}
			if id, ok := n.Right.(*ast.Identifier); ok {
				if obj, ok := l.Left.(*ast.Identifier); ok {
					w.facts.objStores = append(w.facts.objStores, propStore{w.fn, obj.Name.String(), id.Name.String()})
				}
			}
		}
	case *ast.ReturnStatement:
		if fn := w.resolveFunc(n.Argument); fn != nil {
			w.facts.returned[fn] = true
		}
	case *ast.PropertyKeyed:
		w.nameFunc(n.Value, propName(n.Key))
	case *ast.AwaitExpression:
		c := w.site(n)
		c.Kind = Await
		w.node(n.Argument)
		return
	}
	jsfile.Children(n, w.node)
}

// outlives: e is an array that outlives a call of the current function:
// a property of this, or a variable the file declares outside it (or a
// property of one).
func (w *walker) outlives(e ast.Expression) bool {
	switch e := e.(type) {
	case *ast.DotExpression:
		return w.thisNow(e.Left) || w.outlives(e.Left)
	case *ast.Identifier:
		if b := w.scope.lookup(e.Name.String()); b != nil {
			return w.fnDepth >= 0 && b.depth < w.fnDepth
		}
	}
	return false
}

// resolveParks keeps the pushes onto a queue that the file drains
// (q.shift(), q.pop(), q.splice(), q.forEach()): an array of arguments
// built for fn.apply, or one only read, parks nothing.
func (w *walker) resolveParks() {
	if len(w.parks) == 0 {
		return
	}
	type drain struct {
		fn  *Func
		pop bool
	}
	drains := map[string][]drain{}
	for _, c := range w.facts.Calls {
		switch c.Method {
		case "shift", "pop", "splice", "forEach":
			if c.Method == "pop" && w.discarded[c.Node] {
				// stack.pop(); alone throws the top away: a stack whose
				// top is read and popped by the code that pushed it (a
				// walker's descend). A queue peeked and then shifted
				// (q[0]...; q.shift()) still hands its head on.
				continue
			}
			k := w.f.Text(c.Recv)
			drains[k] = append(drains[k], drain{c.Func, c.Method == "pop"})
		}
		// for (...) q[i](...): a loop calling what the queue holds (not
		// q[q.length - 1](...), a peek at a stack's top).
		if be, ok := unwrap(Callee(c.Node)).(*ast.BracketExpression); ok && c.Loop != nil && isIdent(be.Member) {
			k := w.f.Text(be.Left)
			drains[k] = append(drains[k], drain{c.Func, false})
			w.calledTakes(k, c.Func)
		}
		// q.shift()(...): calls what it takes.
		if ce, ok := unwrap(Callee(c.Node)).(*ast.CallExpression); ok {
			if d, ok := unwrap(ce.Callee).(*ast.DotExpression); ok && (d.Identifier.Name == "shift" || d.Identifier.Name == "pop") {
				w.calledTakes(w.f.Text(d.Left), c.Func)
			}
		}
	}
	pushers := map[string]map[*Func]bool{}
	for _, c := range w.parks {
		k := w.f.Text(c.Recv)
		if pushers[k] == nil {
			pushers[k] = map[*Func]bool{}
		}
		pushers[k][c.Func] = true
	}
	for _, c := range w.parks {
		// A pop in a function that pushes onto the same array is a stack
		// that call uses: it takes back what it pushed before it returns
		// (stack.push(visit); ...; stack.pop()), not a later call's.
		k := w.f.Text(c.Recv)
		for _, d := range drains[k] {
			if !d.pop || !pushers[k][d.fn] {
				c.Parks = true
				break
			}
		}
	}
}

func isIdent(e ast.Expression) bool {
	_, ok := e.(*ast.Identifier)
	return ok
}

// shadows: name resolves to a local of a scope nested in one where a
// parameter of that name is declared: the summaries, which go by
// parameter names, must not take it for the parameter.
func (w *walker) shadows(name string) bool {
	b := w.scope.lookup(name)
	if b == nil || b.kind == bParam {
		return false
	}
	for p := b.outer; p != nil; p = p.outer {
		if p.kind == bParam {
			return true
		}
	}
	return false
}

// calledTakes records fn as calling what it takes from queue k.
func (w *walker) calledTakes(k string, fn *Func) {
	if w.facts.drainers == nil {
		w.facts.drainers = map[string][]*Func{}
	}
	if !slices.Contains(w.facts.drainers[k], fn) {
		w.facts.drainers[k] = append(w.facts.drainers[k], fn)
	}
}

// thisNow: e is this or an alias of it, in the current scope.
func (w *walker) thisNow(e ast.Expression) bool {
	switch e := e.(type) {
	case *ast.ThisExpression:
		return true
	case *ast.Identifier:
		if b := w.scope.lookup(e.Name.String()); b != nil && b.kind == bVar {
			_, ok := b.init.(*ast.ThisExpression)
			return ok
		}
	}
	return false
}

func (w *walker) nameFunc(e ast.Expression, name string) {
	switch e.(type) {
	case *ast.FunctionLiteral, *ast.ArrowFunctionLiteral:
		if fn := w.funcOf(e); fn.Name == "" {
			fn.Name = name
		}
	}
}

func (w *walker) loop(l *Loop, test ast.Expression, rest []ast.Node) {
	l.Func = w.fn
	if len(w.loops) > 0 {
		l.Parent = w.loops[len(w.loops)-1].loop
	}
	w.facts.Loops = append(w.facts.Loops, l)
	lc := &loopCtx{loop: l, inTest: true}
	w.loops = append(w.loops, lc)
	if test != nil {
		w.node(test)
	}
	lc.inTest = false
	for _, r := range rest {
		if r != nil {
			if s, ok := r.(ast.Statement); ok && s == nil {
				continue
			}
			w.node(r)
		}
	}
	w.loops = w.loops[:len(w.loops)-1]
}

func (w *walker) site(n ast.Node) *Call {
	// Call sites come from slabs that grow with the file (8, then as many
	// as it has so far, up to 256): one allocation for many sites, not
	// one per site (a big file has hundreds of thousands), and little
	// left unused in a small one.
	if len(w.callSlab) == 0 {
		w.callSlab = make([]Call, min(max(len(w.facts.Calls), 8), 256))
	}
	c := &w.callSlab[0]
	w.callSlab = w.callSlab[1:]
	*c = Call{Node: n, Func: w.fn, Guarded: w.guard > 0}
	if len(w.loops) > 0 {
		lc := w.loops[len(w.loops)-1]
		c.Loop, c.InTest = lc.loop, lc.inTest
	}
	w.fn.Calls = append(w.fn.Calls, c)
	w.facts.Calls = append(w.facts.Calls, c)
	return c
}

func (w *walker) function(n ast.Node, params *ast.ParameterList, body ast.Node, decls []*ast.VariableDeclaration, name string) {
	fn := w.funcOf(n)
	if fn.Parent == nil && fn != w.facts.Top {
		fn.Parent = w.fn
		w.facts.Funcs = append(w.facts.Funcs, fn)
	}
	if fn.Name == "" {
		fn.Name = name
	}
	saveFn, saveLoops, saveGuard, saveDepth := w.fn, w.loops, w.guard, w.fnDepth
	w.fn, w.loops, w.guard = fn, nil, 0
	w.push()
	w.fnDepth = w.scope.depth
	if fl, ok := n.(*ast.FunctionLiteral); ok && fl.Name != nil {
		w.scope.declare(fl.Name.Name.String(), &binding{kind: bFunc, fn: fl})
	}
	if params != nil {
		for _, b := range params.List {
			if id, ok := b.Target.(*ast.Identifier); ok {
				// The usual parameter, declared without patternNames'
				// walk and slice.
				w.scope.declare(id.Name.String(), &binding{kind: bParam})
			} else {
				for _, nm := range patternNames(b.Target) {
					w.scope.declare(nm, &binding{kind: bParam})
				}
			}
			w.node(b.Initializer)
		}
		if params.Rest != nil {
			for _, nm := range patternNames(params.Rest) {
				w.scope.declare(nm, &binding{kind: bParam})
			}
		}
	}
	w.declareHoisted(w.scope, decls)
	switch b := body.(type) {
	case *ast.BlockStatement:
		w.declareBlock(w.scope, b.List)
		w.nodes(b.List)
	case *ast.ExpressionBody:
		if g := w.resolveFunc(b.Expression); g != nil {
			w.facts.returned[g] = true
		}
		w.node(b.Expression)
	}
	w.pop()
	w.fn, w.loops, w.guard, w.fnDepth = saveFn, saveLoops, saveGuard, saveDepth
}

func (w *walker) classLit(n *ast.ClassLiteral, name string) *Class {
	if name == "" && n.Name != nil {
		name = n.Name.Name.String()
	}
	c := &Class{Name: name, Node: n, Methods: map[string]*Func{}}
	w.facts.Classes = append(w.facts.Classes, c)
	w.facts.classOf[n] = c
	if name != "" {
		w.facts.classBy[name] = c
	}
	if n.SuperClass != nil {
		w.node(n.SuperClass)
		c.Super = w.canon(n.SuperClass)
		if id, ok := n.SuperClass.(*ast.Identifier); ok {
			if b := w.scope.lookup(id.Name.String()); b != nil && b.class != nil {
				lit := b.class
				w.pending = append(w.pending, func() { c.SuperClass = w.facts.classOf[lit] })
			} else if b != nil && b.fn != nil {
				fn := w.funcOf(b.fn)
				w.pending = append(w.pending, func() { c.SuperClass = fn.Class })
			}
		}
	}
	// Methods first, so this.m resolves inside any of them.
	for _, el := range n.Body {
		if m, ok := el.(*ast.MethodDefinition); ok && m.Body != nil && !m.Static {
			fn := w.funcOf(m.Body)
			mname := propName(m.Key)
			fn.Class, fn.Method = c, mname
			if fn.Name == "" {
				fn.Name = mname
			}
			if mname == "constructor" {
				c.Ctor = fn
			} else if mname != "" {
				c.Methods[mname] = fn
			}
		}
	}
	save := w.class
	w.class = c
	w.push()
	if n.Name != nil {
		w.scope.declare(n.Name.Name.String(), &binding{kind: bClass, class: n})
	}
	for _, el := range n.Body {
		w.node(el)
	}
	w.pop()
	w.class = save
	return c
}

// queueKinds are the kinds of the sites ir.QueueOp recognises.
var queueKinds = map[ir.OpKind]Kind{ir.OpNextTick: NextTick, ir.OpMicrotask: Microtask, ir.OpTimer: Timeout, ir.OpInterval: Interval, ir.OpImmediate: Immediate}

var routeMethods = map[string]bool{"get": true, "post": true, "put": true, "delete": true, "patch": true, "all": true, "use": true, "head": true, "options": true}

func (w *walker) call(n ast.Node, callee ast.Expression, args []ast.Expression) {
	c := w.site(n)
	c.Args = args
	// The names at the site (the callee's, the arguments', p's of
	// p.call(...)) that a local shadows, gone through without a slice
	// of them made for every call.
	shadowed := func(e ast.Expression) {
		if id, ok := unwrap(e).(*ast.Identifier); ok && w.shadows(id.Name.String()) {
			if c.shadow == nil {
				c.shadow = map[string]bool{}
			}
			c.shadow[id.Name.String()] = true
		}
	}
	shadowed(callee)
	for _, a := range args {
		shadowed(a)
	}
	if d, ok := unwrap(callee).(*ast.DotExpression); ok && (d.Identifier.Name == "call" || d.Identifier.Name == "apply") {
		shadowed(d.Left) // p.call(...)
	}
	_, isNew := n.(*ast.NewExpression)
	c.Callee = w.canon(callee)
	if d, ok := unwrap(callee).(*ast.DotExpression); ok {
		c.Method, c.Recv = d.Identifier.Name.String(), d.Left
	}
	for _, a := range args {
		if fn := w.resolveFunc(a); fn != nil {
			c.Funcs = append(c.Funcs, fn)
		}
	}
	if c.Method == "apply" && len(args) == 2 {
		// f.apply(ctx, [key, (err, v) => ...]): the array's functions
		// are f's arguments.
		if al, ok := unwrap(args[1]).(*ast.ArrayLiteral); ok {
			for _, a := range al.Value {
				if fn := w.resolveFunc(a); fn != nil {
					c.Funcs = append(c.Funcs, fn)
				}
			}
		}
	}
	if isNew {
		c.refs = w.modRefs(callee, 0)
		if lit := w.classLitOf(callee); lit != nil {
			w.pending = append(w.pending, func() { c.Class = w.facts.classOf[lit] })
		} else if fn := w.resolveFunc(callee); fn != nil {
			w.pending = append(w.pending, func() { c.Class = fn.Class })
		}
	} else {
		c.Target = w.resolveFunc(callee)
		if id, ok := unwrap(callee).(*ast.Identifier); ok {
			if b := w.scope.lookup(id.Name.String()); b != nil && b.kind == bVar {
				// Assignments later in the file count too: resolved
				// once the walk has seen them all.
				w.pending = append(w.pending, func() {
					for _, g := range b.fns {
						if g != c.Target && !slices.Contains(c.Alts, g) {
							c.Alts = append(c.Alts, g)
						}
					}
				})
			}
		}
		// f.call(this, ...) / f.apply(this, ...)
		if c.Target == nil && (c.Method == "call" || c.Method == "apply") {
			c.Target = w.resolveFunc(c.Recv)
		}
		if id, ok := unwrap(callee).(*ast.Identifier); ok {
			if b := w.scope.lookup(id.Name.String()); b != nil && b.kind == bVar {
				if d, ok := unwrap(b.init).(*ast.DotExpression); ok && w.thisNow(d.Left) {
					c.Loaded = d
				}
				// const cb = q.shift(); cb(...): calls what it takes.
				if ce, ok := unwrap(b.init).(*ast.CallExpression); ok {
					if d, ok := unwrap(ce.Callee).(*ast.DotExpression); ok && (d.Identifier.Name == "shift" || d.Identifier.Name == "pop") {
						w.calledTakes(w.f.Text(d.Left), w.fn)
					}
				}
			}
		}
		if id, ok := unwrap(c.Recv).(*ast.Identifier); ok && c.Method != "" {
			if b := w.scope.lookup(id.Name.String()); b != nil && b.kind == bVar {
				c.inst, _ = unwrap(b.init).(*ast.NewExpression)
			}
		}
		if c.Target == nil && (len(args) > 0 || c.inst != nil || w.allRefs) {
			c.refs = w.modRefs(callee, 0)
		}
		if c.Target == nil && len(c.refs) == 0 {
			fnE := callee
			if c.Method == "call" || c.Method == "apply" {
				fnE = c.Recv
			}
			ok, prop := w.supplied(fnE, 0)
			if ok {
				c.Caller = true
			} else if prop != "" {
				w.pending = append(w.pending, func() { c.Caller = w.userProps[prop] && c.Target == nil && len(c.Alts) == 0 })
			}
			if c.Caller || prop != "" {
				w.handedArgs(c)
			}
		}
	}
	if (c.Method == "push" || c.Method == "unshift") && len(args) > 0 && !isNew && w.outlives(c.Recv) {
		w.parks = append(w.parks, c)
	}
	lastFn := len(args) > 0 && isFuncExpr(args[len(args)-1], w)
	queue, isQueue := ir.QueueOp(c.Callee)
	method := ir.MethodOp(c.Method)
	switch {
	case isNew && c.Callee == "Promise":
		c.Kind = PromiseExec
	case isNew:
	case isQueue:
		c.Kind = queueKinds[queue]
	case method == ir.OpThen || method == ir.OpCatch || method == ir.OpFinally:
		if len(c.Funcs) > 0 {
			c.Kind = Reaction
		}
	case method == ir.OpEmit:
		c.Kind = Emit
	case method == ir.OpListen && len(args) >= 2:
		c.Kind = Listen
	case strings.HasPrefix(c.Callee, "fs.") && !strings.HasPrefix(c.Callee, "fs.promises") && (lastFn || fsCallbackArg(c.Callee, args)):
		c.Kind = IO
	case lastFn && isIOModule(c.Callee):
		c.Kind = IO
	case (c.Callee == "http.createServer" || c.Callee == "https.createServer" || c.Callee == "net.createServer" || c.Callee == "http2.createServer") && len(c.Funcs) > 0:
		c.Kind = Handler
	case routeMethods[c.Method] && lastFn && handlerLike(args[len(args)-1]) && routeArgs(c.Method, args):
		c.Kind = Handler
	}
	if c.Kind != None {
		w.facts.Sched = append(w.facts.Sched, c)
	}
	// util.inherits(F, EventEmitter) makes F an emitter class.
	if c.Callee == "util.inherits" && len(args) == 2 {
		w.inherits(args[0], args[1])
	}
	// Object.setPrototypeOf(F.prototype, S.prototype) does the same.
	// and so does mixing the prototype in:
	// Object.assign(F.prototype, EventEmitter.prototype).
	if (c.Callee == "Object.setPrototypeOf" || c.Callee == "Object.assign") && len(args) == 2 {
		if ctor, sup := protoOf(args[0]), protoOf(args[1]); ctor != nil && sup != nil {
			w.inherits(ctor, sup)
		}
	}
	if c.Method == "call" && len(args) > 0 {
		if _, ok := args[0].(*ast.ThisExpression); ok {
			if sup := w.canon(c.Recv); IsEmitterName(sup) && w.fn.Node != nil && w.fn.Class == nil {
				w.fnClass(w.fn, sup)
			}
		}
	}
	w.node(callee)
	for _, a := range args {
		w.node(a)
	}
}

func (w *walker) inherits(ctor, super ast.Expression) {
	sup := w.canon(super)
	fn := w.resolveFunc(ctor)
	if fn == nil {
		return
	}
	c := w.fnClass(fn, sup)
	if c.Super == "" {
		c.Super = sup
	}
	if id, ok := super.(*ast.Identifier); ok {
		name := id.Name.String()
		w.pending = append(w.pending, func() {
			if c.SuperClass == nil {
				c.SuperClass = w.facts.classBy[name]
			}
		})
	}
}

func (w *walker) fnClass(fn *Func, sup string) *Class {
	if fn.Class != nil {
		return fn.Class
	}
	c := &Class{Name: fn.Name, Node: fn.Node, Super: sup, Ctor: fn, Methods: map[string]*Func{}}
	fn.Class, fn.Method = c, "constructor"
	w.facts.Classes = append(w.facts.Classes, c)
	if c.Name != "" {
		w.facts.classBy[c.Name] = c
	}
	return c
}

func unwrap(e ast.Expression) ast.Expression {
	for {
		switch x := e.(type) {
		case *ast.OptionalChain:
			e = x.Expression
		case *ast.Optional:
			e = x.Expression
		default:
			return e
		}
	}
}

func isFuncExpr(e ast.Expression, w *walker) bool {
	switch e.(type) {
	case *ast.FunctionLiteral, *ast.ArrowFunctionLiteral:
		return true
	}
	return w.resolveFunc(e) != nil
}

// routeArgs: the arguments of a route registration: a path (a string or
// template starting with "/" or "*", a regular expression, or an array of
// them) followed by handlers, or for use() handlers only. Other calls of
// a get/post/... method with a callback are not request handlers:
// cache.get(key, null, (err, v) => ...), session.post('Profiler.stop',
// (err, res) => ...) call back when they are done, perhaps at once.
func routeArgs(method string, args []ast.Expression) bool {
	rest := args
	if routePath(args[0]) {
		rest = args[1:]
	} else if method != "use" {
		return false
	}
	for _, a := range rest {
		switch a.(type) {
		case *ast.FunctionLiteral, *ast.ArrowFunctionLiteral, *ast.Identifier, *ast.DotExpression, *ast.CallExpression, *ast.ArrayLiteral:
		default:
			return false
		}
	}
	return true
}

func routePath(e ast.Expression) bool {
	switch e := e.(type) {
	case *ast.StringLiteral:
		v := e.Value.String()
		return strings.HasPrefix(v, "/") || strings.HasPrefix(v, "*")
	case *ast.TemplateLiteral:
		if e.Tag != nil || len(e.Elements) == 0 {
			return false
		}
		v := e.Elements[0].Parsed.String()
		return strings.HasPrefix(v, "/") || strings.HasPrefix(v, "*") || v == "" && len(e.Expressions) > 0
	case *ast.RegExpLiteral:
		return true
	case *ast.ArrayLiteral:
		for _, x := range e.Value {
			if !routePath(x) {
				return false
			}
		}
		return len(e.Value) > 0
	}
	return false
}

// handlerLike: a function literal with two or more parameters, the shape
// of (req, res) and (req, res, next).
func handlerLike(e ast.Expression) bool {
	var p *ast.ParameterList
	switch f := e.(type) {
	case *ast.FunctionLiteral:
		p = f.ParameterList
	case *ast.ArrowFunctionLiteral:
		p = f.ParameterList
	}
	return p != nil && len(p.List) >= 2
}

// fsCallbackArg: an fs callback function (fs.stat, fs.readFile, ...)
// whose last argument is a name, the callback handed on
// (fs.stat(p, cb)): it is called from the I/O phase whatever it is.
func fsCallbackArg(callee string, args []ast.Expression) bool {
	m := strings.TrimPrefix(callee, "fs.")
	if len(args) < 2 || strings.Contains(m, ".") || strings.HasSuffix(m, "Sync") || strings.HasPrefix(m, "create") || strings.HasPrefix(m, "watch") || strings.HasPrefix(m, "unwatch") {
		return false
	}
	_, ok := args[len(args)-1].(*ast.Identifier)
	return ok
}

func isIOModule(callee string) bool {
	for _, m := range []string{"dns.", "zlib.", "crypto.", "child_process."} {
		if strings.HasPrefix(callee, m) && !strings.HasSuffix(callee, "Sync") {
			return true
		}
	}
	return false
}

// propagate links call edges and marks the functions that run on the loop.
func (f *Facts) propagate() {
	var work []*Func
	mark := func(fn *Func, why *Call) {
		if fn != nil && !fn.OnLoop && !fn.Top {
			fn.OnLoop, fn.Why = true, why
			work = append(work, fn)
		}
	}
	for _, c := range f.Calls {
		for _, g := range c.Targets() {
			g.CalledBy = append(g.CalledBy, c)
		}
		if c.Kind != None {
			for _, fn := range c.Funcs {
				fn.Scheduled = append(fn.Scheduled, c)
			}
		}
		for _, fn := range c.Funcs {
			fn.passedTo = append(fn.passedTo, c)
		}
		if c.Kind.Async() {
			for _, fn := range c.Funcs {
				mark(fn, c)
			}
		}
	}
	// Async functions continue on the loop after their first await; an
	// await site puts the rest of its function there, which this
	// function-level model cannot split, so it is left to analyzers.
	for len(work) > 0 {
		fn := work[len(work)-1]
		work = work[:len(work)-1]
		for _, c := range fn.Calls {
			for _, g := range c.Targets() {
				mark(g, fn.Why)
			}
			// Whatever a callback passes on runs on the loop too, now or later.
			for _, g := range c.Funcs {
				mark(g, fn.Why)
			}
		}
	}
}

func (w *walker) classLitOf(e ast.Expression) *ast.ClassLiteral {
	switch e := e.(type) {
	case *ast.ClassLiteral:
		return e
	case *ast.Identifier:
		b := w.scope.lookup(e.Name.String())
		if b == nil {
			return nil
		}
		if b.class != nil {
			return b.class
		}
		if cl, ok := b.init.(*ast.ClassLiteral); ok {
			return cl
		}
	}
	return nil
}
