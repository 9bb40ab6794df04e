// Package ir is looplint's scheduling IR: a small language that keeps what
// the order of a Node.js program's output depends on (functions and
// closures, control flow, values) and makes scheduling first-class (Op).
// The predictor interprets it abstractly; `looplint ir FILE` prints it.
//
// Ops are an optimisation of recognition, not a requirement: a builtin
// reached by value (`const t = setTimeout; t(f)`, `globalThis["setTimeout"]`)
// stays a generic Call to a builtin Var, and the interpreter must handle
// it the same way it handles the Op.
package ir

import (
	"path"
	"strconv"
	"strings"

	"github.com/looplint/looplint/loop"
)

// Pos is a 1-based line and column (in characters) in the analysed source.
// For TypeScript/JSX input that is esbuild's output, not the original file.
//
// File is empty in the program's own file; in a module it requires, the
// module's path (see LowerModule).
type Pos struct {
	File      string
	Line, Col int
}

func (p Pos) String() string {
	s := strconv.Itoa(p.Line) + ":" + strconv.Itoa(p.Col)
	switch {
	case strings.HasPrefix(p.File, "node:"):
		s = p.File + ":" + s // a built-in's own JavaScript
	case p.File != "":
		s = path.Base(p.File) + ":" + s
	}
	return s
}

// Before reports whether p comes before q in the file.
func (p Pos) Before(q Pos) bool { return p.Line < q.Line || p.Line == q.Line && p.Col < q.Col }

// Program is one lowered file. Funcs[0] is Main; every function literal,
// method and class field initializer gets its own Func, referenced by ID.
type Program struct {
	File   string
	Module loop.ModuleKind
	Main   *Func
	Funcs  []*Func
	// Depth is how deeply statements and expressions nest in the source.
	Depth int
}

// Func is one function body. Closures refer to enclosing functions'
// variables by name (see Var); Locals are the var-scoped names the
// function creates on entry (hoisted var and function declarations).
type Func struct {
	ID        int
	Name      string // "" when anonymous
	Params    []Pattern
	Async     bool
	Generator bool
	Arrow     bool
	// Strict: strict-mode code (a module, a class, a "use strict"
	// directive here or around), where this stays undefined in a plain call.
	Strict bool
	Kind   string // "", "method", "get", "set", "ctor", "field", "static" (class members)
	// LoweredAsyncGen: an async generator function the front end lowered
	// for the engine (its body hands a generator to __asyncGenerator);
	// Node shows it as an AsyncGeneratorFunction.
	LoweredAsyncGen bool
	Locals          []string
	Body            []Stmt
	Pos             Pos
}

// ---- statements ----

type Stmt interface{ stmt() }

// DeclKind is the keyword of a declaration.
type DeclKind string

const (
	DeclVar      DeclKind = "var"
	DeclLet      DeclKind = "let"
	DeclConst    DeclKind = "const"
	DeclClass    DeclKind = "class"
	DeclFunction DeclKind = "function"
	DeclImport   DeclKind = "import"
)

type (
	// VarDecl declares Target; Init is nil for `let x;` / `var x;`.
	VarDecl struct {
		Kind   DeclKind
		Target Pattern
		Init   Expr
		Pos    Pos
	}
	// FuncDecl is a hoisted function declaration, placed at the top of its
	// block (function declarations are initialised before the body runs).
	FuncDecl struct {
		Name *Var
		Func *Func
		Pos  Pos
	}
	// Import binds names from a module. Name "*" is the namespace, "default"
	// the default export; an Import with no Names only evaluates Source.
	Import struct {
		Source string
		Names  []ImportName
		Pos    Pos
		// Reexport: export ... from Source (its names are not listed).
		Reexport bool
	}
	// Export records an exported local (re-exports are Imports).
	Export struct {
		Name  string // exported name
		Local Expr   // its value
		Pos   Pos
	}
	Assign struct {
		Op     string // "=", "+=", "??=", ...
		Target Pattern
		Value  Expr
		Pos    Pos
	}
	ExprStmt struct {
		X   Expr
		Pos Pos
	}
	If struct {
		Cond       Expr
		Then, Else []Stmt // Else nil when absent
		Pos        Pos
	}
	While struct {
		Cond Expr
		Body []Stmt
		Pos  Pos
	}
	DoWhile struct {
		Body []Stmt
		Cond Expr
		Pos  Pos
	}
	// For keeps its head. PerIteration lists the `let` names that get a
	// fresh binding per iteration (closures in the body see each copy).
	For struct {
		Init         []Stmt // VarDecls or one ExprStmt
		Cond         Expr   // nil: forever
		Update       Expr
		Body         []Stmt
		PerIteration []string
		Pos          Pos
	}
	// ForOf / ForIn: Kind is the declaration keyword ("" when Target is an
	// existing variable or member); let/const are fresh per iteration.
	ForOf struct {
		Kind   DeclKind
		Target Pattern
		Iter   Expr
		Body   []Stmt
		Pos    Pos
	}
	ForIn struct {
		Kind   DeclKind
		Target Pattern
		Obj    Expr
		Body   []Stmt
		Pos    Pos
	}
	Block struct {
		Body []Stmt
		Pos  Pos
	}
	Labeled struct {
		Label string
		Body  Stmt
		Pos   Pos
	}
	Return struct {
		X   Expr // nil: undefined
		Pos Pos
	}
	Throw struct {
		X   Expr
		Pos Pos
	}
	// Try: Catch nil when absent; Param nil for `catch {`.
	Try struct {
		Body    []Stmt
		Catch   *Catch
		Finally []Stmt // nil when absent
		Pos     Pos
	}
	Break struct {
		Label string
		Pos   Pos
	}
	Continue struct {
		Label string
		Pos   Pos
	}
	Switch struct {
		X     Expr
		Cases []Case
		Pos   Pos
	}
)

type ImportName struct{ Name, Local string }

type Catch struct {
	Param Pattern
	Body  []Stmt
	Pos   Pos
}

// Case: Test nil is `default:`.
type Case struct {
	Test Expr
	Body []Stmt
	Pos  Pos
}

func (*VarDecl) stmt()  {}
func (*FuncDecl) stmt() {}
func (*Import) stmt()   {}
func (*Export) stmt()   {}
func (*Assign) stmt()   {}
func (*ExprStmt) stmt() {}
func (*If) stmt()       {}
func (*While) stmt()    {}
func (*DoWhile) stmt()  {}
func (*For) stmt()      {}
func (*ForOf) stmt()    {}
func (*ForIn) stmt()    {}
func (*Block) stmt()    {}
func (*Labeled) stmt()  {}
func (*Return) stmt()   {}
func (*Throw) stmt()    {}
func (*Try) stmt()      {}
func (*Break) stmt()    {}
func (*Continue) stmt() {}
func (*Switch) stmt()   {}
func (*Unknown) stmt()  {}

// ---- patterns (binding and assignment targets) ----

type Pattern interface{ pattern() }

type (
	// PArray: nil entries in Elems are holes.
	PArray struct {
		Elems []Pattern
		Rest  Pattern
		Pos   Pos
	}
	PObject struct {
		Props []PProp
		Rest  Pattern
		Pos   Pos
	}
	PDefault struct {
		Target  Pattern
		Default Expr
		Pos     Pos
	}
	// PRest is a rest parameter (the last of Func.Params).
	PRest struct {
		Target Pattern
		Pos    Pos
	}
)

// PProp: Key is a Const string unless Computed.
type PProp struct {
	Key      Expr
	Computed bool
	Value    Pattern
}

func (*PArray) pattern()   {}
func (*PObject) pattern()  {}
func (*PDefault) pattern() {}
func (*PRest) pattern()    {}
func (*Var) pattern()      {} // a variable target
func (*Member) pattern()   {} // a property target (assignment only)
func (*Unknown) pattern()  {}

// ---- expressions ----

type Expr interface{ expr() }

// VarKind says where a name resolves.
type VarKind int

const (
	Local    VarKind = iota // declared in the current function
	Captured                // declared Depth functions out
	Global                  // undeclared, not a known builtin (a global property)
	Builtin                 // undeclared name Node provides (console, setTimeout, require in CJS, ...)
)

type ConstKind string

const (
	Number    ConstKind = "number"
	String    ConstKind = "string"
	Bool      ConstKind = "bool"
	Null      ConstKind = "null"
	Undefined ConstKind = "undefined"
	BigInt    ConstKind = "bigint"
	Regexp    ConstKind = "regexp"
)

type (
	// Const: Value is the literal's text for number/bigint/regexp, the
	// decoded string for strings, "true"/"false", "null", "undefined".
	Const struct {
		Kind  ConstKind
		Value string
		Pos   Pos
	}
	// Template: len(Quasis) == len(Exprs)+1; Tag non-nil for tagged templates.
	Template struct {
		Tag    Expr
		Quasis []string
		Exprs  []Expr
		Pos    Pos
		// Raw are the quasis as written (a tag's strings.raw); Invalid
		// marks those whose escapes do not cook (undefined to a tag).
		Raw     []string
		Invalid []bool
	}
	// Array: nil elements are holes.
	Array struct {
		Elems []Expr
		Pos   Pos
	}
	Object struct {
		Props []Prop
		Pos   Pos
	}
	// FuncLit creates a closure of Func.
	FuncLit struct {
		Func *Func
		Pos  Pos
		// SelfBind: a named function expression, whose name is bound to
		// the function itself inside it (function sth() { ... sth ... }).
		SelfBind bool
	}
	Var struct {
		Name  string
		Kind  VarKind
		Depth int // functions out, for Captured
		Pos   Pos
	}
	// Member: Prop is a Const string unless Computed; private names are
	// Const "#x". Optional is `?.` before this access.
	Member struct {
		Obj      Expr
		Prop     Expr
		Computed bool
		Optional bool
		Pos      Pos
	}
	// Call: Eval marks a direct eval(...) or new Function(...): code the
	// IR cannot see.
	Call struct {
		Callee   Expr
		Args     []Expr
		Optional bool
		New      bool
		Eval     bool
		Pos      Pos
	}
	// OptChain delimits an optional chain: a `?.` short-circuit inside X
	// makes the whole chain undefined.
	OptChain struct {
		X   Expr
		Pos Pos
	}
	Spread struct {
		X   Expr
		Pos Pos
	}
	// Unary: Op is "!", "-", "+", "~", "typeof", "void", "delete", "++", "--".
	Unary struct {
		Op      string
		X       Expr
		Postfix bool
		Pos     Pos
	}
	Binary struct {
		Op   string
		L, R Expr
		Pos  Pos
	}
	// Logical: "&&", "||", "??" (short-circuiting).
	Logical struct {
		Op   string
		L, R Expr
		Pos  Pos
	}
	Cond struct {
		Test, Then, Else Expr
		Pos              Pos
	}
	AssignExpr struct {
		Op     string
		Target Pattern
		Value  Expr
		Pos    Pos
	}
	Sequence struct {
		List []Expr
		Pos  Pos
	}
	Yield struct {
		X        Expr // nil: undefined
		Delegate bool
		Pos      Pos
	}
	Class struct {
		Name string
		// Inferred: Name came from what the class is bound to (const
		// C = class {}): it names the class but binds nothing inside.
		Inferred bool
		Extends  Expr // nil when none
		Ctor     *Func
		Members  []ClassMember
		Pos      Pos
	}
	This struct{ Pos Pos }
	// Super is `super` in super(...) calls and super.x accesses.
	Super struct{ Pos Pos }
	// Meta is new.target or import.meta.
	Meta struct {
		Name string
		Pos  Pos
	}
	// Unknown is syntax the IR does not model; the interpreter must treat
	// its value and effects as unknown.
	Unknown struct {
		Reason string
		Pos    Pos
	}
)

// Prop of an object literal. Kind "value", "get", "set", "method" or
// "spread" (then Value is the spread operand and Key nil).
type Prop struct {
	Kind     string
	Key      Expr
	Computed bool
	Short    bool // { x }: an own property even when x is __proto__
	Value    Expr
}

// ClassMember: Kind "method", "get", "set", "field" or "static-block".
// Fields and static blocks are Funcs too: they run later, with their own this.
type ClassMember struct {
	Kind     string
	Key      Expr // nil for static blocks
	Computed bool
	Static   bool
	Func     *Func
	Pos      Pos
}

func (*Const) expr()      {}
func (*Template) expr()   {}
func (*Array) expr()      {}
func (*Object) expr()     {}
func (*FuncLit) expr()    {}
func (*Var) expr()        {}
func (*Member) expr()     {}
func (*Call) expr()       {}
func (*OptChain) expr()   {}
func (*Spread) expr()     {}
func (*Unary) expr()      {}
func (*Binary) expr()     {}
func (*Logical) expr()    {}
func (*Cond) expr()       {}
func (*AssignExpr) expr() {}
func (*Sequence) expr()   {}
func (*Yield) expr()      {}
func (*Class) expr()      {}
func (*This) expr()       {}
func (*Super) expr()      {}
func (*Meta) expr()       {}
func (*Unknown) expr()    {}
func (*Op) expr()         {}

// ---- scheduling ops ----

// OpKind names a scheduling operation.
type OpKind string

const (
	OpPrint      OpKind = "print"      // console.*; Name is "stdout" or "stderr"
	OpNextTick   OpKind = "nextTick"   // process.nextTick(cb, ...args)
	OpMicrotask  OpKind = "microtask"  // queueMicrotask(cb)
	OpTimer      OpKind = "timer"      // setTimeout(cb, delay, ...args)
	OpInterval   OpKind = "interval"   // setInterval(cb, delay, ...args)
	OpImmediate  OpKind = "immediate"  // setImmediate(cb, ...args)
	OpClear      OpKind = "clear"      // Name: "timeout", "interval", "immediate"
	OpPromise    OpKind = "promise"    // Promise.<Name>(...): resolve, reject, all, race, allSettled, any, withResolvers
	OpNewPromise OpKind = "newPromise" // new Promise(executor)
	OpAwait      OpKind = "await"      // await Args[0]
	OpIO         OpKind = "io"         // fs.<Name>(..., cb): completes in the poll phase
	OpIOSync     OpKind = "io.sync"    // fs.<Name>Sync(...): synchronous
	OpIOPromise  OpKind = "io.promise" // fs/promises.<Name>(...): returns a promise
	OpExit       OpKind = "exit"       // process.exit([code])
	OpExitCode   OpKind = "exitCode"   // process.exitCode = Args[0]
	OpImport     OpKind = "import"     // import(specifier): a promise
)

// The kinds MethodOp gives the analyzers; no Op has them (the calls are
// ordinary method calls).
const (
	OpThen    OpKind = "then"    // Recv.then(onFulfilled, onRejected), any receiver
	OpCatch   OpKind = "catch"   // Recv.catch(onRejected)
	OpFinally OpKind = "finally" // Recv.finally(onFinally)
	OpEmit    OpKind = "emit"    // Recv.emit(event, ...args): synchronous listeners
	OpListen  OpKind = "listen"  // Recv.<Name>(event, fn): on, once, addListener, prepend(Once)Listener
)

// Op is a recognised scheduling operation. Callee is the callee as
// written in the source.
type Op struct {
	Kind     OpKind
	Name     string
	Args     []Expr
	Optional bool
	Callee   string
	Pos      Pos
}
