package ir

import (
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/grafana/sobek/ast"
	"github.com/grafana/sobek/file"
	"github.com/grafana/sobek/parser"
	"github.com/grafana/sobek/token"
	"github.com/grafana/sobek/unistring"

	"github.com/looplint/looplint/internal/jsnum"
	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/parse"
)

// Lower parses f.Source as a CommonJS module (wrapped like Node does) or,
// when module is set, as an ES module, and lowers it to the IR.
func Lower(f *parse.File, module bool) (p *Program, err error) {
	defer func() { // last line of defence; FuzzLower calls lower directly
		if r := recover(); r != nil {
			p, err = nil, &parse.Error{File: f.Path, Msg: fmt.Sprintf("internal error lowering: %v", r)}
		}
	}()
	return lower(f, module, "")
}

// LowerModule lowers a file another one loads (require, import): its
// positions carry its path.
func LowerModule(f *parse.File, module bool, path string) (p *Program, err error) {
	defer func() {
		if r := recover(); r != nil {
			p, err = nil, &parse.Error{File: f.Path, Msg: fmt.Sprintf("internal error lowering: %v", r)}
		}
	}()
	return lower(f, module, path)
}

func lower(f *parse.File, module bool, file string) (*Program, error) {
	l := &lowerer{src: f.Source, module: module, file: file}
	if f.Transformed {
		l.original = f.Original
	}
	l.lineStarts = []int{0}
	for i := 0; i < len(f.Source); i++ {
		if f.Source[i] == '\n' {
			l.lineStarts = append(l.lineStarts, i+1)
		}
	}
	if !module {
		l.prefix = len(parse.CJSPrefix)
		l.full = parse.CJSPrefix + f.Source + parse.CJSSuffix
	} else {
		l.full = f.Source
	}
	prog, err := parseJS(f.Path, l.full, module)
	if err != nil {
		pe := &parse.Error{File: f.Path, Msg: err.Error()}
		if el, ok := err.(parser.ErrorList); ok && len(el) > 0 {
			line, col := el[0].Position.Line, el[0].Position.Column
			if line == 1 && !module {
				col -= len(parse.CJSPrefix)
			}
			if col < 1 {
				col = 1
			}
			pe.Line, pe.Col, pe.Msg = line, col, el[0].Message
		}
		return nil, pe
	}
	m := loop.CommonJS
	if module {
		m = loop.ESModule
	}
	l.prog = &Program{File: f.Path, Module: m}
	main := l.newFunc("", 1)
	main.Kind = "main"
	l.prog.Main = main
	body := prog.Body
	if !module {
		body = nil
		if len(prog.Body) == 1 {
			if es, ok := prog.Body[0].(*ast.ExpressionStatement); ok {
				if fl, ok := es.Expression.(*ast.FunctionLiteral); ok && fl.Body != nil {
					body = fl.Body.List
				}
			}
		}
	} else {
		main.Async = prog.HasTLA
	}
	main.Strict = module || useStrict(body)
	l.sc = &scope{fnTop: true, names: map[string]*binding{}}
	l.fn = main
	l.hoist(body, main)
	var imports []Stmt
	for _, s := range body {
		if d, ok := s.(*ast.ImportDeclaration); ok {
			imports = append(imports, l.importDecl(d))
		}
	}
	main.Body = append(imports, l.stmts(body, false)...)
	l.prog.Depth = l.maxDepth
	return l.prog, nil
}

// useStrict reports whether a body's directive prologue holds "use strict".
func useStrict(body []ast.Statement) bool {
	for _, s := range body {
		es, ok := s.(*ast.ExpressionStatement)
		if !ok {
			return false
		}
		lit, ok := es.Expression.(*ast.StringLiteral)
		if !ok {
			return false
		}
		if lit.Value == "use strict" && (lit.Literal == "'use strict'" || lit.Literal == `"use strict"`) {
			return true
		}
	}
	return false
}

// parseJS runs the engine's parser, which can panic on some malformed
// inputs (found by FuzzLower); that becomes a plain error.
func parseJS(path, src string, module bool) (prog *ast.Program, err error) {
	defer func() {
		if r := recover(); r != nil {
			prog, err = nil, fmt.Errorf("parser failed: %v", r)
		}
	}()
	return parse.ParseJS(path, src, module)
}

type binding struct {
	kind   DeclKind
	mod    string // the module this name holds ("fs", "fs/promises", ...), if known
	member string // ... or the export of mod it holds
}

type scope struct {
	parent *scope
	fnTop  bool // crossing out of it enters the enclosing function
	names  map[string]*binding
}

type lowerer struct {
	starts          map[ast.Node]file.Idx // idx0's memory
	inClass         int                   // lowering a class body (strict code)
	depth, maxDepth int                   // statement and expression nesting (Program.Depth)
	full            string                // what the parser saw
	src             string
	file            string // Pos.File (LowerModule)
	prefix          int
	lineStarts      []int
	colMarks        map[int][]colMark // per long line, see column
	module          bool
	// original maps a position of src back to the user's file (nil when
	// src is the file as written).
	original func(line, col int) (int, int, bool)
	prog     *Program
	sc       *scope
	fn       *Func
}

// ---- positions ----

func (l *lowerer) off(idx file.Idx) int {
	o := int(idx) - 1 - l.prefix
	if o < 0 {
		return 0
	}
	if o > len(l.src) {
		return len(l.src)
	}
	return o
}

func (l *lowerer) pos(idx file.Idx) Pos {
	o := l.off(idx)
	line := sort.Search(len(l.lineStarts), func(i int) bool { return l.lineStarts[i] > o }) - 1
	if line < 0 {
		line = 0
	}
	if l.original != nil {
		// esbuild rewrote the file (TypeScript, JSX, async iteration):
		// positions go back through its source map to the user's text.
		ln, col, ok := l.original(line+1, l.column(line, o)+1)
		if !ok {
			return Pos{File: parse.HelperFile, Line: ln, Col: col}
		}
		return Pos{File: l.file, Line: ln, Col: col}
	}
	return Pos{File: l.file, Line: line + 1, Col: l.column(line, o) + 1}
}

// column counts the runes from the start of line to offset o. Long lines
// (minified files) keep a rune count every colBlock bytes, so that each
// position costs at most one block instead of the whole line.
func (l *lowerer) column(line, o int) int {
	start := l.lineStarts[line]
	if o-start < colBlock {
		return utf8.RuneCountInString(l.src[start:o])
	}
	if l.colMarks == nil {
		l.colMarks = map[int][]colMark{}
	}
	marks := l.colMarks[line]
	k := (o - start) / colBlock
	for len(marks) <= k {
		prev := colMark{off: start}
		if n := len(marks); n > 0 {
			prev = marks[n-1]
		}
		b := min(start+len(marks)*colBlock, len(l.src))
		for b > prev.off && b < len(l.src) && !utf8.RuneStart(l.src[b]) {
			b--
		}
		marks = append(marks, colMark{off: b, runes: prev.runes + utf8.RuneCountInString(l.src[prev.off:b])})
	}
	l.colMarks[line] = marks
	m := marks[k]
	if m.off > o {
		m = marks[max(k-1, 0)]
	}
	return m.runes + utf8.RuneCountInString(l.src[m.off:o])
}

const colBlock = 1024

// colMark: runes is the rune count from the line start to byte off.
type colMark struct{ off, runes int }

// kw finds a keyword the parser gave no position (if, import()) by
// looking back from the next node it did place.
func (l *lowerer) kw(before file.Idx, word string) file.Idx {
	end := int(before) - 1
	if end < 0 || end > len(l.full) {
		return before
	}
	if i := strings.LastIndex(l.full[:end], word); i >= 0 {
		return file.Idx(i + 1)
	}
	return before
}

// start is where an expression begins (a tagged template at its tag).
func start(e ast.Expression) file.Idx {
	if t, ok := e.(*ast.TemplateLiteral); ok && t.Tag != nil {
		return start(t.Tag)
	}
	return e.Idx0()
}

// text is the source between two indexes, cut at a line end and 60 bytes.
func (l *lowerer) text(from, to file.Idx) string {
	a, b := l.off(from), l.off(to)
	if b < a {
		return ""
	}
	s := l.src[a:b]
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	if len(s) > 60 {
		s = s[:60]
		for !utf8.ValidString(s) {
			s = s[:len(s)-1]
		}
	}
	return s
}

// ---- scopes ----

func (l *lowerer) push(fnTop bool) {
	l.sc = &scope{parent: l.sc, fnTop: fnTop, names: map[string]*binding{}}
}
func (l *lowerer) pop() { l.sc = l.sc.parent }

func (l *lowerer) declare(name string, kind DeclKind) *binding {
	if b := l.sc.names[name]; b != nil {
		return b
	}
	b := &binding{kind: kind}
	l.sc.names[name] = b
	return b
}

func (l *lowerer) lookup(name string) (*binding, VarKind, int) {
	depth := 0
	for s := l.sc; s != nil; s = s.parent {
		if b := s.names[name]; b != nil {
			if depth == 0 {
				return b, Local, 0
			}
			return b, Captured, depth
		}
		if s.fnTop {
			depth++
		}
	}
	if builtins[name] || (!l.module && cjsBuiltins[name]) {
		return nil, Builtin, 0
	}
	return nil, Global, 0
}

var builtins = set("console process setTimeout setInterval setImmediate clearTimeout clearInterval clearImmediate " +
	"queueMicrotask Promise globalThis global Buffer URL URLSearchParams structuredClone fetch performance " +
	"Object Array Function String Number Boolean Symbol BigInt Math JSON Date RegExp Error TypeError RangeError " +
	"SyntaxError ReferenceError EvalError URIError AggregateError Map Set WeakMap WeakSet WeakRef FinalizationRegistry " +
	"Reflect Proxy Intl Atomics SharedArrayBuffer ArrayBuffer DataView Int8Array Uint8Array Uint8ClampedArray " +
	"Int16Array Uint16Array Int32Array Uint32Array Float32Array Float64Array BigInt64Array BigUint64Array " +
	"parseInt parseFloat isNaN isFinite encodeURI decodeURI encodeURIComponent decodeURIComponent escape unescape " +
	"undefined NaN Infinity eval arguments AbortController AbortSignal EventTarget Event TextEncoder TextDecoder " +
	"MessageChannel BroadcastChannel MessagePort MessageEvent")

// The CommonJS wrapper's parameters; the interpreter provides them.
var cjsBuiltins = set("require module exports __filename __dirname")

func set(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}

// hoist declares what a function body creates on entry: var and function
// declarations (recording them as fn.Locals) and its top-level lexicals.
func (l *lowerer) hoist(body []ast.Statement, fn *Func) {
	seen := map[string]bool{}
	add := func(n string, k DeclKind, init ast.Expression, target ast.Expression) {
		l.declare(n, k)
		if !seen[n] {
			seen[n] = true
			fn.Locals = append(fn.Locals, n)
		}
	}
	var walk func(s ast.Statement)
	walkList := func(list []ast.Statement) {
		for _, s := range list {
			walk(s)
		}
	}
	varBindings := func(list []*ast.Binding) {
		for _, b := range list {
			if b == nil {
				continue
			}
			for _, n := range targetNames(b.Target) {
				add(n, DeclVar, nil, nil)
			}
			l.noteRequire(b.Target, b.Initializer)
		}
	}
	walk = func(s ast.Statement) {
		switch s := s.(type) {
		case *ast.VariableStatement:
			varBindings(s.List)
		case *ast.BlockStatement:
			if s != nil {
				walkList(s.List)
			}
		case *ast.IfStatement:
			walk(s.Consequent)
			walk(s.Alternate)
		case *ast.WhileStatement:
			walk(s.Body)
		case *ast.DoWhileStatement:
			walk(s.Body)
		case *ast.ForStatement:
			if v, ok := s.Initializer.(*ast.ForLoopInitializerVarDeclList); ok {
				varBindings(v.List)
			}
			walk(s.Body)
		case *ast.ForInStatement:
			if v, ok := s.Into.(*ast.ForIntoVar); ok {
				varBindings([]*ast.Binding{v.Binding})
			}
			walk(s.Body)
		case *ast.ForOfStatement:
			if v, ok := s.Into.(*ast.ForIntoVar); ok {
				varBindings([]*ast.Binding{v.Binding})
			}
			walk(s.Body)
		case *ast.LabelledStatement:
			walk(s.Statement)
		case *ast.TryStatement:
			walk(s.Body)
			if s.Catch != nil {
				walk(s.Catch.Body)
			}
			if s.Finally != nil {
				walk(s.Finally)
			}
		case *ast.SwitchStatement:
			for _, c := range s.Body {
				if c != nil {
					walkList(c.Consequent)
				}
			}
		case *ast.WithStatement:
			walk(s.Body)
		case *ast.ExportDeclaration:
			if s.Variable != nil {
				varBindings(s.Variable.List)
			}
		}
	}
	walkList(body)
	for _, s := range body {
		if fd := funcDecl(s); fd != nil && fd.Name != nil {
			add(fd.Name.Name.String(), DeclFunction, nil, nil)
		}
	}
	l.declareLexical(body)
}

// funcDecl is the function a statement declares, if any.
func funcDecl(s ast.Statement) *ast.FunctionLiteral {
	switch s := s.(type) {
	case *ast.FunctionDeclaration:
		return s.Function
	case *ast.ExportDeclaration:
		if s.HoistableDeclaration != nil && s.HoistableDeclaration.FunctionDeclaration != nil {
			return s.HoistableDeclaration.FunctionDeclaration.Function
		}
	}
	return nil
}

// declareLexical declares a block's let/const/class/function/import names.
func (l *lowerer) declareLexical(list []ast.Statement) {
	lex := func(d *ast.LexicalDeclaration) {
		k := DeclLet
		if d.Token == token.CONST {
			k = DeclConst
		}
		for _, b := range d.List {
			if b == nil {
				continue
			}
			for _, n := range targetNames(b.Target) {
				l.declare(n, k)
			}
			l.noteRequire(b.Target, b.Initializer)
		}
	}
	for _, s := range list {
		switch s := s.(type) {
		case *ast.LexicalDeclaration:
			lex(s)
		case *ast.ClassDeclaration:
			if s.Class != nil && s.Class.Name != nil {
				l.declare(s.Class.Name.Name.String(), DeclClass)
			}
		case *ast.FunctionDeclaration:
			if s.Function != nil && s.Function.Name != nil {
				l.declare(s.Function.Name.Name.String(), DeclFunction)
			}
		case *ast.ImportDeclaration:
			l.declareImport(s)
		case *ast.ExportDeclaration:
			if s.LexicalDeclaration != nil {
				lex(s.LexicalDeclaration)
			}
			if s.ClassDeclaration != nil && s.ClassDeclaration.Class != nil && s.ClassDeclaration.Class.Name != nil {
				l.declare(s.ClassDeclaration.Class.Name.Name.String(), DeclClass)
			}
		}
	}
}

func (l *lowerer) declareImport(d *ast.ImportDeclaration) {
	c := d.ImportClause
	if c == nil {
		return
	}
	mod := normModule(d.ModuleSpecifier.String())
	if d.FromClause != nil {
		mod = normModule(d.FromClause.ModuleSpecifier.String())
	}
	if c.ImportedDefaultBinding != nil {
		l.declare(c.ImportedDefaultBinding.Name.String(), DeclImport).mod = mod
	}
	if c.NameSpaceImport != nil {
		l.declare(c.NameSpaceImport.ImportedBinding.String(), DeclImport).mod = mod
	}
	if c.NamedImports != nil {
		for _, s := range c.NamedImports.ImportsList {
			if s == nil {
				continue
			}
			local := s.Alias
			if local == "" {
				local = s.IdentifierName
			}
			b := l.declare(local.String(), DeclImport)
			if s.IdentifierName == "default" {
				b.mod = mod
			} else if mod+"."+s.IdentifierName.String() == "fs.promises" {
				b.mod = "fs/promises"
			} else {
				b.mod, b.member = mod, s.IdentifierName.String()
			}
		}
	}
}

// noteRequire records `x = require('m')`, `x = require('m').p` and
// `{a, b: c} = require('m')` on the bindings just declared, so calls
// through them lower to ops.
func (l *lowerer) noteRequire(target ast.Expression, init ast.Expression) {
	mod := l.requirePath(init)
	if mod == "" {
		return
	}
	switch t := target.(type) {
	case *ast.Identifier:
		if b := l.sc.names[t.Name.String()]; b != nil {
			b.mod = mod
		}
	case *ast.ObjectPattern:
		for _, p := range t.Properties {
			var key, local string
			switch p := p.(type) {
			case *ast.PropertyShort:
				key, local = p.Name.Name.String(), p.Name.Name.String()
			case *ast.PropertyKeyed:
				k, ok1 := p.Key.(*ast.StringLiteral)
				v, ok2 := p.Value.(*ast.Identifier)
				if !ok1 || !ok2 || p.Computed {
					continue
				}
				key, local = k.Value.String(), v.Name.String()
			}
			if b := l.sc.names[local]; b != nil && key != "" {
				if p := normPath(mod + "." + key); !strings.Contains(p, ".") {
					b.mod = p
				} else {
					b.mod, b.member = mod, key
				}
			}
		}
	}
}

// requirePath is the module path of require('m') or require('m').a.b.
func (l *lowerer) requirePath(e ast.Expression) string {
	switch e := e.(type) {
	case *ast.CallExpression:
		id, ok := e.Callee.(*ast.Identifier)
		if !ok || id.Name != "require" || len(e.ArgumentList) != 1 {
			return ""
		}
		if _, k, _ := l.lookup("require"); k != Builtin {
			return ""
		}
		if s, ok := e.ArgumentList[0].(*ast.StringLiteral); ok {
			return normModule(s.Value.String())
		}
	case *ast.DotExpression:
		if p := l.requirePath(e.Left); p != "" {
			return normPath(p + "." + e.Identifier.Name.String())
		}
	}
	return ""
}

func normModule(m string) string { return strings.TrimPrefix(m, "node:") }

// normPath folds submodules reached as properties into module names.
func normPath(p string) string {
	for _, m := range []string{"fs.promises", "timers.promises", "dns.promises", "stream.promises"} {
		if p == m || strings.HasPrefix(p, m+".") {
			return strings.Replace(p, ".promises", "/promises", 1)
		}
	}
	return p
}

// targetNames lists the names a binding target declares.
func targetNames(t ast.Expression) []string {
	var out []string
	var walk func(e ast.Expression)
	walk = func(e ast.Expression) {
		switch e := e.(type) {
		case *ast.Identifier:
			out = append(out, e.Name.String())
		case *ast.ArrayPattern:
			for _, x := range e.Elements {
				walk(x)
			}
			walk(e.Rest)
		case *ast.ObjectPattern:
			for _, p := range e.Properties {
				switch p := p.(type) {
				case *ast.PropertyShort:
					out = append(out, p.Name.Name.String())
				case *ast.PropertyKeyed:
					walk(p.Value)
				}
			}
			walk(e.Rest)
		case *ast.AssignExpression:
			walk(e.Left)
		case *ast.Binding:
			if e != nil {
				walk(e.Target)
			}
		}
	}
	walk(t)
	return out
}

// ---- functions ----

func (l *lowerer) newFunc(name string, at file.Idx) *Func {
	f := &Func{ID: len(l.prog.Funcs), Name: name, Pos: l.pos(at)}
	l.prog.Funcs = append(l.prog.Funcs, f)
	return f
}

// function lowers a function literal's params and body into a new Func.
func (l *lowerer) function(name string, at file.Idx, params *ast.ParameterList, body []ast.Statement, exprBody ast.Expression, async, gen, arrow bool, kind string) *Func {
	f := l.newFunc(name, at)
	f.Async, f.Generator, f.Arrow, f.Kind = async, gen, arrow, kind
	f.Strict = l.module || l.inClass > 0 || l.fn != nil && l.fn.Strict || useStrict(body)
	outerSc, outerFn := l.sc, l.fn
	defer func() { l.sc, l.fn = outerSc, outerFn }()
	l.fn = f
	l.push(true)
	if params != nil {
		for _, b := range params.List {
			if b == nil {
				continue
			}
			for _, n := range targetNames(b.Target) {
				l.declare(n, DeclVar)
			}
		}
		for _, n := range targetNames(params.Rest) {
			l.declare(n, DeclVar)
		}
	}
	l.hoist(body, f)
	if params != nil {
		for _, b := range params.List {
			if b != nil {
				f.Params = append(f.Params, l.bindingPattern(b.Target, b.Initializer))
			}
		}
		if params.Rest != nil {
			f.Params = append(f.Params, &PRest{Target: l.target(params.Rest), Pos: l.pos(params.Rest.Idx0())})
		}
	}
	if exprBody != nil {
		f.Body = []Stmt{&Return{X: l.expr(exprBody), Pos: l.pos(l.idx0(exprBody))}}
	} else {
		f.Body = l.stmts(body, false)
	}
	f.LoweredAsyncGen = loweredAsyncGen(f)
	return f
}

// loweredAsyncGen recognizes what esbuild makes of an async generator
// function: function f() { return __asyncGenerator(this, args, function* () {...}) }.
func loweredAsyncGen(f *Func) bool {
	if len(f.Body) != 1 || f.Async || f.Generator || f.Arrow {
		return false
	}
	r, ok := f.Body[0].(*Return)
	if !ok {
		return false
	}
	c, ok := r.X.(*Call)
	if !ok || len(c.Args) != 3 {
		return false
	}
	v, ok := c.Callee.(*Var)
	_, this := c.Args[0].(*This)
	return ok && v.Name == "__asyncGenerator" && this
}

func (l *lowerer) funcLit(fl *ast.FunctionLiteral, kind string, name string) *Func {
	if fl.Name != nil && kind == "" {
		name = fl.Name.Name.String()
	}
	var body []ast.Statement
	if fl.Body != nil {
		body = fl.Body.List
	}
	return l.function(name, fl.Function, fl.ParameterList, body, nil, fl.Async, fl.Generator, false, kind)
}

// ---- statements ----

// stmts lowers a statement list; function declarations come first
// (hoisted). newScope opens a block scope for its lexical declarations.
func (l *lowerer) stmts(list []ast.Statement, newScope bool) []Stmt {
	if newScope {
		l.push(false)
		defer l.pop()
		l.declareLexical(list)
	}
	var out []Stmt
	for _, s := range list {
		if fd := funcDecl(s); fd != nil {
			out = append(out, l.funcDeclStmt(fd))
		}
	}
	for _, s := range list {
		if _, ok := s.(*ast.FunctionDeclaration); ok {
			continue
		}
		out = append(out, l.stmt(s)...)
	}
	return out
}

func (l *lowerer) funcDeclStmt(fd *ast.FunctionLiteral) Stmt {
	name, at := "", fd.Function
	if fd.Name != nil {
		name, at = fd.Name.Name.String(), fd.Name.Idx
	}
	f := l.funcLit(fd, "", name)
	return &FuncDecl{Name: l.varRef(name, at), Func: f, Pos: l.pos(fd.Function)}
}

// body lowers a loop or if body as its own block.
func (l *lowerer) body(s ast.Statement) []Stmt {
	if s == nil {
		return nil
	}
	if b, ok := s.(*ast.BlockStatement); ok {
		if b == nil {
			return nil
		}
		return l.stmts(b.List, true)
	}
	return l.stmts([]ast.Statement{s}, true)
}

func (l *lowerer) stmt(s ast.Statement) []Stmt {
	l.depth++
	defer func() { l.depth-- }()
	l.maxDepth = max(l.maxDepth, l.depth)
	switch s := s.(type) {
	case nil:
		return nil
	case *ast.EmptyStatement, *ast.DebuggerStatement, *ast.ImportDeclaration:
		return nil // imports were hoisted to the top of main
	case *ast.ExpressionStatement:
		return []Stmt{l.exprStmt(s.Expression)}
	case *ast.VariableStatement:
		return l.bindings(DeclVar, s.List)
	case *ast.LexicalDeclaration:
		k := DeclLet
		if s.Token == token.CONST {
			k = DeclConst
		}
		return l.bindings(k, s.List)
	case *ast.FunctionDeclaration:
		return []Stmt{l.funcDeclStmt(s.Function)}
	case *ast.ClassDeclaration:
		return []Stmt{l.classDecl(s.Class)}
	case *ast.BlockStatement:
		if s == nil {
			return nil
		}
		return []Stmt{&Block{Body: l.stmts(s.List, true), Pos: l.pos(s.LeftBrace)}}
	case *ast.IfStatement:
		at := s.If
		if at == 0 && s.Test != nil {
			at = l.kw(start(s.Test), "if")
		}
		st := &If{Cond: l.expr(s.Test), Then: l.body(s.Consequent), Pos: l.pos(at)}
		if s.Alternate != nil {
			st.Else = l.body(s.Alternate)
			if st.Else == nil {
				st.Else = []Stmt{}
			}
		}
		return []Stmt{st}
	case *ast.WhileStatement:
		return []Stmt{&While{Cond: l.expr(s.Test), Body: l.body(s.Body), Pos: l.pos(s.While)}}
	case *ast.DoWhileStatement:
		return []Stmt{&DoWhile{Body: l.body(s.Body), Cond: l.expr(s.Test), Pos: l.pos(s.Do)}}
	case *ast.ForStatement:
		return []Stmt{l.forStmt(s)}
	case *ast.ForOfStatement:
		k, t, body := l.forInto(s.Into, s.Body)
		return []Stmt{&ForOf{Kind: k, Target: t, Iter: l.exprOrNil(s.Source), Body: body, Pos: l.pos(s.For)}}
	case *ast.ForInStatement:
		k, t, body := l.forInto(s.Into, s.Body)
		return []Stmt{&ForIn{Kind: k, Target: t, Obj: l.exprOrNil(s.Source), Body: body, Pos: l.pos(s.For)}}
	case *ast.LabelledStatement:
		name := ""
		if s.Label != nil {
			name = s.Label.Name.String()
		}
		inner := l.stmt(s.Statement)
		var b Stmt = &Block{Body: inner, Pos: l.pos(s.Colon)}
		if len(inner) == 1 {
			b = inner[0]
		}
		return []Stmt{&Labeled{Label: name, Body: b, Pos: l.pos(s.Idx0())}}
	case *ast.ReturnStatement:
		return []Stmt{&Return{X: l.exprOrNil(s.Argument), Pos: l.pos(s.Return)}}
	case *ast.ThrowStatement:
		return []Stmt{&Throw{X: l.exprOrNil(s.Argument), Pos: l.pos(s.Throw)}}
	case *ast.BranchStatement:
		label := ""
		if s.Label != nil {
			label = s.Label.Name.String()
		}
		if s.Token == token.CONTINUE {
			return []Stmt{&Continue{Label: label, Pos: l.pos(s.Idx)}}
		}
		return []Stmt{&Break{Label: label, Pos: l.pos(s.Idx)}}
	case *ast.TryStatement:
		return []Stmt{l.tryStmt(s)}
	case *ast.SwitchStatement:
		return []Stmt{l.switchStmt(s)}
	case *ast.WithStatement:
		return []Stmt{&Unknown{Reason: "with statement (body not analysed)", Pos: l.pos(s.With)}}
	case *ast.BadStatement:
		return []Stmt{&Unknown{Reason: "syntax error", Pos: l.pos(s.From)}}
	case *ast.ExportDeclaration:
		return l.exportDecl(s)
	}
	return []Stmt{&Unknown{Reason: fmt.Sprintf("statement %T", s), Pos: l.pos(s.Idx0())}}
}

func (l *lowerer) exprStmt(e ast.Expression) Stmt {
	if a, ok := e.(*ast.AssignExpression); ok {
		if x := l.assign(a); x != nil {
			if ae, ok := x.(*AssignExpr); ok {
				return &Assign{Op: ae.Op, Target: ae.Target, Value: ae.Value, Pos: ae.Pos}
			}
			return &ExprStmt{X: x, Pos: l.pos(start(e))}
		}
	}
	return &ExprStmt{X: l.expr(e), Pos: l.pos(start(e))}
}

func (l *lowerer) bindings(k DeclKind, list []*ast.Binding) []Stmt {
	var out []Stmt
	for _, b := range list {
		if b == nil {
			continue
		}
		d := &VarDecl{Kind: k, Target: l.target(b.Target), Init: l.exprOrNil(b.Initializer), Pos: l.pos(b.Target.Idx0())}
		if v, ok := d.Target.(*Var); ok {
			nameAnonymous(d.Init, v.Name)
		}
		out = append(out, d)
	}
	return out
}

func (l *lowerer) forStmt(s *ast.ForStatement) Stmt {
	st := &For{Pos: l.pos(s.For)}
	switch in := s.Initializer.(type) {
	case *ast.ForLoopInitializerExpression:
		st.Init = []Stmt{l.exprStmt(in.Expression)}
	case *ast.ForLoopInitializerVarDeclList:
		st.Init = l.bindings(DeclVar, in.List)
	case *ast.ForLoopInitializerLexicalDecl:
		l.push(false)
		defer l.pop()
		l.declareLexical([]ast.Statement{&in.LexicalDeclaration})
		k := DeclLet
		if in.LexicalDeclaration.Token == token.CONST {
			k = DeclConst
		} else {
			for _, b := range in.LexicalDeclaration.List {
				if b != nil {
					st.PerIteration = append(st.PerIteration, targetNames(b.Target)...)
				}
			}
		}
		st.Init = l.bindings(k, in.LexicalDeclaration.List)
	}
	st.Cond = l.exprOrNil(s.Test)
	st.Update = l.exprOrNil(s.Update)
	st.Body = l.body(s.Body)
	return st
}

// forInto lowers a for-in/of head and body; let/const heads get a scope.
func (l *lowerer) forInto(into ast.ForInto, body ast.Statement) (DeclKind, Pattern, []Stmt) {
	switch in := into.(type) {
	case *ast.ForIntoVar:
		if in.Binding == nil {
			break
		}
		return DeclVar, l.target(in.Binding.Target), l.body(body)
	case *ast.ForDeclaration:
		l.push(false)
		defer l.pop()
		k := DeclLet
		if in.IsConst {
			k = DeclConst
		}
		for _, n := range targetNames(in.Target) {
			l.declare(n, k)
		}
		return k, l.target(in.Target), l.body(body)
	case *ast.ForIntoExpression:
		return "", l.target(in.Expression), l.body(body)
	}
	return "", &Unknown{Reason: "for head", Pos: l.pos(into.Idx0())}, l.body(body)
}

func (l *lowerer) tryStmt(s *ast.TryStatement) Stmt {
	st := &Try{Pos: l.pos(s.Try)}
	if s.Body != nil {
		st.Body = l.stmts(s.Body.List, true)
	}
	if c := s.Catch; c != nil {
		l.push(false)
		for _, n := range targetNames(c.Parameter) {
			l.declare(n, DeclLet)
		}
		cc := &Catch{Pos: l.pos(c.Catch)}
		if c.Parameter != nil {
			cc.Param = l.target(c.Parameter)
		}
		if c.Body != nil {
			cc.Body = l.stmts(c.Body.List, true)
		}
		l.pop()
		st.Catch = cc
	}
	if s.Finally != nil {
		st.Finally = l.stmts(s.Finally.List, true)
		if st.Finally == nil {
			st.Finally = []Stmt{}
		}
	}
	return st
}

func (l *lowerer) switchStmt(s *ast.SwitchStatement) Stmt {
	st := &Switch{X: l.exprOrNil(s.Discriminant), Pos: l.pos(s.Switch)}
	l.push(false)
	defer l.pop()
	var all []ast.Statement
	for _, c := range s.Body {
		if c != nil {
			all = append(all, c.Consequent...)
		}
	}
	l.declareLexical(all)
	for _, c := range s.Body {
		if c == nil {
			continue
		}
		st.Cases = append(st.Cases, Case{Test: l.exprOrNil(c.Test), Body: l.stmts(c.Consequent, false), Pos: l.pos(c.Case)})
	}
	return st
}

func (l *lowerer) importDecl(d *ast.ImportDeclaration) Stmt {
	src := d.ModuleSpecifier.String()
	if d.FromClause != nil {
		src = d.FromClause.ModuleSpecifier.String()
	}
	st := &Import{Source: src, Pos: l.pos(d.Idx)}
	if c := d.ImportClause; c != nil {
		if c.ImportedDefaultBinding != nil {
			st.Names = append(st.Names, ImportName{"default", c.ImportedDefaultBinding.Name.String()})
		}
		if c.NameSpaceImport != nil {
			st.Names = append(st.Names, ImportName{"*", c.NameSpaceImport.ImportedBinding.String()})
		}
		if c.NamedImports != nil {
			for _, s := range c.NamedImports.ImportsList {
				if s == nil {
					continue
				}
				local := s.Alias
				if local == "" {
					local = s.IdentifierName
				}
				st.Names = append(st.Names, ImportName{s.IdentifierName.String(), local.String()})
			}
		}
	}
	return st
}

func (l *lowerer) exportDecl(d *ast.ExportDeclaration) []Stmt {
	at := l.pos(d.Idx)
	var out []Stmt
	exportNames := func(names []string) {
		for _, n := range names {
			out = append(out, &Export{Name: n, Local: l.varRef(n, d.Idx), Pos: at})
		}
	}
	switch {
	case d.Variable != nil:
		out = l.bindings(DeclVar, d.Variable.List)
		for _, b := range d.Variable.List {
			if b != nil {
				exportNames(targetNames(b.Target))
			}
		}
	case d.LexicalDeclaration != nil:
		out = l.stmt(d.LexicalDeclaration)
		for _, b := range d.LexicalDeclaration.List {
			if b != nil {
				exportNames(targetNames(b.Target))
			}
		}
	case d.ClassDeclaration != nil && d.ClassDeclaration.Class != nil:
		c := d.ClassDeclaration.Class
		if c.Name == nil || d.IsDefault {
			out = append(out, &Export{Name: "default", Local: l.class(c), Pos: at})
		} else {
			out = append(out, l.classDecl(c))
			exportNames([]string{c.Name.Name.String()})
		}
	case d.HoistableDeclaration != nil:
		// The function itself was hoisted by stmts.
		if fd := funcDecl(d); fd != nil {
			name := ""
			if fd.Name != nil {
				name = fd.Name.Name.String()
			}
			if d.IsDefault {
				out = append(out, &Export{Name: "default", Local: l.varRef(name, d.Idx), Pos: at})
			} else {
				exportNames([]string{name})
			}
		}
	case d.AssignExpression != nil:
		out = append(out, &Export{Name: "default", Local: l.expr(d.AssignExpression), Pos: at})
	case d.FromClause != nil:
		out = append(out, &Import{Source: d.FromClause.ModuleSpecifier.String(), Pos: at, Reexport: true})
	case d.NamedExports != nil:
		for _, s := range d.NamedExports.ExportsList {
			if s == nil {
				continue
			}
			name := s.Alias
			if name == "" {
				name = s.IdentifierName
			}
			out = append(out, &Export{Name: name.String(), Local: l.varRef(s.IdentifierName.String(), d.Idx), Pos: at})
		}
	}
	return out
}

func (l *lowerer) classDecl(c *ast.ClassLiteral) Stmt {
	name, at := "", c.Class
	if c.Name != nil {
		name, at = c.Name.Name.String(), c.Name.Idx
	}
	return &VarDecl{Kind: DeclClass, Target: l.varRef(name, at), Init: l.class(c), Pos: l.pos(c.Class)}
}

// ---- patterns ----

func (l *lowerer) bindingPattern(t ast.Expression, init ast.Expression) Pattern {
	p := l.target(t)
	if init != nil {
		return withDefault(p, l.expr(init), l.pos(l.idx0(t)))
	}
	return p
}

// withDefault is target = def in a pattern; an anonymous function or
// class there is named after a plain binding (NamedEvaluation).
func withDefault(target Pattern, def Expr, pos Pos) *PDefault {
	if v, ok := target.(*Var); ok {
		nameAnonymous(def, v.Name)
	}
	return &PDefault{Target: target, Default: def, Pos: pos}
}

// target lowers a binding or assignment target.
func (l *lowerer) target(e ast.Expression) Pattern {
	switch e := e.(type) {
	case *ast.Identifier:
		return l.varRef(e.Name.String(), e.Idx)
	case *ast.DotExpression, *ast.BracketExpression, *ast.PrivateDotExpression:
		if m, ok := l.expr(e).(*Member); ok {
			return m
		}
	case *ast.AssignExpression:
		return withDefault(l.target(e.Left), l.expr(e.Right), l.pos(l.idx0(e)))
	case *ast.ArrayPattern:
		p := &PArray{Pos: l.pos(e.LeftBracket)}
		for _, x := range e.Elements {
			if x == nil {
				p.Elems = append(p.Elems, nil)
			} else {
				p.Elems = append(p.Elems, l.target(x))
			}
		}
		if e.Rest != nil {
			p.Rest = l.target(e.Rest)
		}
		return p
	case *ast.ObjectPattern:
		p := &PObject{Pos: l.pos(e.LeftBrace)}
		for _, prop := range e.Properties {
			switch prop := prop.(type) {
			case *ast.PropertyShort:
				var v Pattern = l.varRef(prop.Name.Name.String(), prop.Name.Idx)
				if prop.Initializer != nil {
					v = withDefault(v, l.expr(prop.Initializer), l.pos(prop.Name.Idx))
				}
				p.Props = append(p.Props, PProp{Key: &Const{Kind: String, Value: prop.Name.Name.String(), Pos: l.pos(prop.Name.Idx)}, Value: v})
			case *ast.PropertyKeyed:
				p.Props = append(p.Props, PProp{Key: l.key(prop.Key, prop.Computed), Computed: prop.Computed, Value: l.target(prop.Value)})
			default:
				p.Props = append(p.Props, PProp{Value: &Unknown{Reason: "pattern property", Pos: l.pos(prop.Idx0())}})
			}
		}
		if e.Rest != nil {
			p.Rest = l.target(e.Rest)
		}
		return p
	case nil:
		return &Unknown{Reason: "missing target"}
	}
	return &Unknown{Reason: fmt.Sprintf("target %T", e), Pos: l.pos(l.idx0(e))}
}

// ---- expressions ----

func (l *lowerer) exprOrNil(e ast.Expression) Expr {
	if e == nil {
		return nil
	}
	return l.expr(e)
}

func (l *lowerer) exprs(list []ast.Expression) []Expr {
	out := make([]Expr, 0, len(list))
	for _, e := range list {
		if e == nil {
			out = append(out, nil)
			continue
		}
		out = append(out, l.expr(e))
	}
	return out
}

func (l *lowerer) varRef(name string, at file.Idx) *Var {
	_, k, d := l.lookup(name)
	return &Var{Name: name, Kind: k, Depth: d, Pos: l.pos(at)}
}

func (l *lowerer) expr(e ast.Expression) Expr {
	l.depth++
	defer func() { l.depth-- }()
	l.maxDepth = max(l.maxDepth, l.depth)
	switch e := e.(type) {
	case nil:
		return &Unknown{Reason: "missing expression"}
	case *ast.Identifier:
		if e.Name == "undefined" {
			if _, k, _ := l.lookup("undefined"); k == Builtin {
				return &Const{Kind: Undefined, Value: "undefined", Pos: l.pos(e.Idx)}
			}
		}
		return l.varRef(e.Name.String(), e.Idx)
	case *ast.NumberLiteral:
		k := Number
		if strings.HasSuffix(e.Literal, "n") {
			k = BigInt
		}
		return &Const{Kind: k, Value: e.Literal, Pos: l.pos(e.Idx)}
	case *ast.StringLiteral:
		if loneSurrogate(e.Value) {
			// Go strings cannot hold it: '\ud800' would become U+FFFD.
			return &Unknown{Reason: "a string with half a surrogate pair", Pos: l.pos(e.Idx)}
		}
		return &Const{Kind: String, Value: e.Value.String(), Pos: l.pos(e.Idx)}
	case *ast.BooleanLiteral:
		return &Const{Kind: Bool, Value: fmt.Sprint(e.Value), Pos: l.pos(e.Idx)}
	case *ast.NullLiteral:
		return &Const{Kind: Null, Value: "null", Pos: l.pos(e.Idx)}
	case *ast.RegExpLiteral:
		// Literal can run on over the whitespace after the flags.
		return &Const{Kind: Regexp, Value: "/" + e.Pattern + "/" + e.Flags, Pos: l.pos(e.Idx)}
	case *ast.TemplateLiteral:
		t := &Template{Pos: l.pos(e.OpenQuote), Exprs: l.exprs(e.Expressions)}
		if e.Tag != nil {
			t.Tag = l.expr(e.Tag)
			t.Pos = l.pos(l.idx0(e.Tag))
		}
		for _, q := range e.Elements {
			if q != nil {
				t.Quasis = append(t.Quasis, q.Parsed.String())
				t.Raw = append(t.Raw, q.Literal)
				t.Invalid = append(t.Invalid, !q.Valid)
			}
		}
		return t
	case *ast.ArrayLiteral:
		return &Array{Elems: l.exprs(e.Value), Pos: l.pos(e.LeftBracket)}
	case *ast.ObjectLiteral:
		return l.object(e)
	case *ast.SpreadElement:
		return &Spread{X: l.expr(e.Expression), Pos: l.pos(l.idx0(e))}
	case *ast.FunctionLiteral:
		if e.Name == nil {
			return &FuncLit{Func: l.funcLit(e, "", ""), Pos: l.pos(e.Function)}
		}
		l.push(false)
		defer l.pop()
		l.declare(e.Name.Name.String(), DeclConst)
		return &FuncLit{Func: l.funcLit(e, "", ""), Pos: l.pos(e.Function), SelfBind: true}
	case *ast.ArrowFunctionLiteral:
		var body []ast.Statement
		var xb ast.Expression
		switch b := e.Body.(type) {
		case *ast.BlockStatement:
			if b != nil {
				body = b.List
			}
		case *ast.ExpressionBody:
			if b != nil {
				xb = b.Expression
			}
		}
		f := l.function("", e.Start, e.ParameterList, body, xb, e.Async, false, true, "")
		return &FuncLit{Func: f, Pos: l.pos(e.Start)}
	case *ast.ClassLiteral:
		return l.class(e)
	case *ast.DotExpression:
		obj, opt := l.optional(e.Left)
		return &Member{Obj: obj, Prop: &Const{Kind: String, Value: e.Identifier.Name.String(), Pos: l.pos(e.Identifier.Idx)}, Optional: opt, Pos: l.pos(l.idx0(e))}
	case *ast.PrivateDotExpression:
		obj, opt := l.optional(e.Left)
		return &Member{Obj: obj, Prop: &Const{Kind: String, Value: "#" + e.Identifier.Name.String(), Pos: l.pos(e.Identifier.Idx)}, Optional: opt, Pos: l.pos(l.idx0(e))}
	case *ast.BracketExpression:
		obj, opt := l.optional(e.Left)
		return &Member{Obj: obj, Prop: l.expr(e.Member), Computed: true, Optional: opt, Pos: l.pos(l.idx0(e))}
	case *ast.OptionalChain:
		return &OptChain{X: l.expr(e.Expression), Pos: l.pos(l.idx0(e))}
	case *ast.Optional:
		return l.expr(e.Expression) // only reached outside a member/call
	case *ast.CallExpression:
		return l.call(e)
	case *ast.NewExpression:
		return l.newExpr(e)
	case *ast.AwaitExpression:
		return &Op{Kind: OpAwait, Args: []Expr{l.exprOrNil(e.Argument)}, Callee: "await", Pos: l.pos(e.Await)}
	case *ast.YieldExpression:
		return &Yield{X: l.exprOrNil(e.Argument), Delegate: e.Delegate, Pos: l.pos(e.Yield)}
	case *ast.UnaryExpression:
		return &Unary{Op: e.Operator.String(), X: l.expr(e.Operand), Postfix: e.Postfix, Pos: l.pos(l.idx0(e))}
	case *ast.BinaryExpression:
		op := e.Operator.String()
		if _, ok := e.Left.(*ast.PrivateIdentifier); ok {
			op = "#in" // a brand check (the parser records the token after `in`)
		}
		switch e.Operator {
		case token.LOGICAL_AND, token.LOGICAL_OR, token.COALESCE:
			return &Logical{Op: op, L: l.expr(e.Left), R: l.expr(e.Right), Pos: l.pos(l.idx0(e))}
		}
		return &Binary{Op: op, L: l.expr(e.Left), R: l.expr(e.Right), Pos: l.pos(l.idx0(e))}
	case *ast.ConditionalExpression:
		return &Cond{Test: l.expr(e.Test), Then: l.expr(e.Consequent), Else: l.expr(e.Alternate), Pos: l.pos(l.idx0(e))}
	case *ast.AssignExpression:
		return l.assign(e)
	case *ast.SequenceExpression:
		if len(e.Sequence) == 0 {
			return &Unknown{Reason: "empty sequence"}
		}
		return &Sequence{List: l.exprs(e.Sequence), Pos: l.pos(l.idx0(e))}
	case *ast.ThisExpression:
		return &This{Pos: l.pos(e.Idx)}
	case *ast.SuperExpression:
		return &Super{Pos: l.pos(e.Idx)}
	case *ast.MetaProperty:
		name := "meta"
		if e.Meta != nil && e.Property != nil {
			name = e.Meta.Name.String() + "." + e.Property.Name.String()
		}
		return &Meta{Name: name, Pos: l.pos(e.Idx)}
	case *ast.PrivateIdentifier: // `#x in obj` (left of a BinaryExpression)
		return &Const{Kind: String, Value: "#" + e.Name.String(), Pos: l.pos(e.Idx)}
	case *ast.DynamicImportExpression:
		return &Unknown{Reason: "import without call", Pos: l.pos(e.Idx)}
	case *ast.BadExpression:
		return &Unknown{Reason: "syntax error", Pos: l.pos(e.From)}
	}
	return &Unknown{Reason: fmt.Sprintf("expression %T", e), Pos: l.pos(l.idx0(e))}
}

// optional unwraps a `?.` marker before a member access or call.
func (l *lowerer) optional(e ast.Expression) (Expr, bool) {
	if o, ok := e.(*ast.Optional); ok {
		return l.expr(o.Expression), true
	}
	return l.expr(e), false
}

func assignOp(t token.Token) string {
	if t == token.ASSIGN {
		return "="
	}
	return t.String() + "="
}

func (l *lowerer) assign(e *ast.AssignExpression) Expr {
	if e.Operator == token.ASSIGN {
		if d, ok := e.Left.(*ast.DotExpression); ok && l.path(d) == "process.exitCode" {
			return &Op{Kind: OpExitCode, Args: []Expr{l.expr(e.Right)}, Callee: l.text(l.idx0(d), d.Idx1()), Pos: l.pos(l.idx0(d))}
		}
	}
	a := &AssignExpr{Op: assignOp(e.Operator), Target: l.target(e.Left), Value: l.expr(e.Right), Pos: l.pos(l.idx0(e))}
	if v, ok := a.Target.(*Var); ok && (a.Op == "=" || a.Op == "&&=" || a.Op == "||=" || a.Op == "??=") {
		nameAnonymous(a.Value, v.Name)
	}
	return a
}

// nameAnonymous gives an anonymous function or class the name it is
// bound to (the spec's NamedEvaluation): const f = () => {} is named f.
func nameAnonymous(x Expr, name string) {
	switch x := x.(type) {
	case *FuncLit:
		if x.Func.Name == "" {
			x.Func.Name = name
		}
	case *Class:
		if x.Name == "" {
			x.Name, x.Inferred = name, true
		}
	}
}

func (l *lowerer) key(k ast.Expression, computed bool) Expr {
	if !computed {
		switch k := k.(type) {
		case *ast.StringLiteral:
			return &Const{Kind: String, Value: k.Value.String(), Pos: l.pos(k.Idx)}
		case *ast.Identifier:
			return &Const{Kind: String, Value: k.Name.String(), Pos: l.pos(k.Idx)}
		case *ast.PrivateIdentifier:
			return &Const{Kind: String, Value: "#" + k.Name.String(), Pos: l.pos(k.Idx)}
		case *ast.NumberLiteral:
			return &Const{Kind: String, Value: numberKey(k.Value), Pos: l.pos(k.Idx)}
		}
	}
	return l.expr(k)
}

func keyName(k Expr) string {
	if c, ok := k.(*Const); ok {
		return c.Value
	}
	return ""
}

func (l *lowerer) object(e *ast.ObjectLiteral) Expr {
	o := &Object{Pos: l.pos(e.LeftBrace)}
	for _, p := range e.Value {
		switch p := p.(type) {
		case *ast.PropertyShort:
			o.Props = append(o.Props, Prop{Kind: "value", Key: &Const{Kind: String, Value: p.Name.Name.String(), Pos: l.pos(p.Name.Idx)}, Value: l.varRef(p.Name.Name.String(), p.Name.Idx), Short: true})
		case *ast.PropertyKeyed:
			key := l.key(p.Key, p.Computed)
			kind := string(p.Kind)
			var v Expr
			if fl, ok := p.Value.(*ast.FunctionLiteral); ok && kind != "value" {
				v = &FuncLit{Func: l.funcLit(fl, kind, keyName(key)), Pos: l.pos(fl.Function)}
			} else {
				kind = "value"
				v = l.exprOrNil(p.Value)
				if !p.Computed {
					nameAnonymous(v, keyName(key))
				}
			}
			o.Props = append(o.Props, Prop{Kind: kind, Key: key, Computed: p.Computed, Value: v})
		case *ast.SpreadElement:
			o.Props = append(o.Props, Prop{Kind: "spread", Value: l.expr(p.Expression)})
		default:
			o.Props = append(o.Props, Prop{Kind: "value", Value: &Unknown{Reason: fmt.Sprintf("property %T", p), Pos: l.pos(p.Idx0())}})
		}
	}
	return o
}

func (l *lowerer) class(c *ast.ClassLiteral) Expr {
	l.inClass++ // class bodies are strict
	defer func() { l.inClass-- }()
	cl := &Class{Pos: l.pos(c.Class)}
	if c.SuperClass != nil {
		cl.Extends = l.expr(c.SuperClass)
	}
	// The class name is an inner binding visible to its members.
	l.push(false)
	defer l.pop()
	if c.Name != nil {
		cl.Name = c.Name.Name.String()
		l.declare(cl.Name, DeclConst)
	}
	for _, el := range c.Body {
		switch m := el.(type) {
		case *ast.MethodDefinition:
			if m.Body == nil {
				continue
			}
			key := l.key(m.Key, m.Computed)
			if !m.Static && !m.Computed && keyName(key) == "constructor" {
				cl.Ctor = l.funcLit(m.Body, "ctor", cl.Name)
				continue
			}
			f := l.funcLit(m.Body, string(m.Kind), keyName(key))
			cl.Members = append(cl.Members, ClassMember{Kind: string(m.Kind), Key: key, Computed: m.Computed, Static: m.Static, Func: f, Pos: l.pos(m.Idx)})
		case *ast.FieldDefinition:
			key := l.key(m.Key, m.Computed)
			var f *Func
			if m.Initializer != nil {
				f = l.function(keyName(key), m.Initializer.Idx0(), nil, nil, m.Initializer, false, false, false, "field")
				if r, ok := f.Body[0].(*Return); ok && !m.Computed {
					// A field's initializer is named after its key
					// (x = () => {} is x, #p = function () {} is #p).
					nameAnonymous(r.X, keyName(key))
				}
			}
			cl.Members = append(cl.Members, ClassMember{Kind: "field", Key: key, Computed: m.Computed, Static: m.Static, Func: f, Pos: l.pos(m.Idx)})
		case *ast.ClassStaticBlock:
			var body []ast.Statement
			if m.Block != nil {
				body = m.Block.List
			}
			f := l.function("", m.Static, nil, body, nil, false, false, false, "static")
			cl.Members = append(cl.Members, ClassMember{Kind: "static-block", Static: true, Func: f, Pos: l.pos(m.Static)})
		}
	}
	return cl
}

// numberKey is the property key a numeric literal names (1e3 is "1000").
func numberKey(v any) string {
	switch n := v.(type) {
	case int64:
		return jsnum.String(float64(n))
	case float64:
		return jsnum.String(n)
	}
	return fmt.Sprint(v)
}

// idx0 is n.Idx0(), where the parser finds a left-nested expression's
// start by walking down its left side each time: asked of every node of a
// chain of 100,000 '+', that is quadratic. Starts are remembered here.
func (l *lowerer) idx0(n ast.Node) file.Idx {
	var left ast.Node
	switch e := n.(type) {
	case *ast.BinaryExpression:
		left = e.Left
	case *ast.AssignExpression:
		left = e.Left
	case *ast.BracketExpression:
		left = e.Left
	case *ast.CallExpression:
		left = e.Callee
	case *ast.ConditionalExpression:
		left = e.Test
	case *ast.DotExpression:
		left = e.Left
	case *ast.PrivateDotExpression:
		left = e.Left
	case *ast.SequenceExpression:
		if len(e.Sequence) > 0 {
			left = e.Sequence[0]
		}
	}
	if left == nil {
		return n.Idx0()
	}
	if i, ok := l.starts[n]; ok {
		return i
	}
	i := l.idx0(left)
	if l.starts == nil {
		l.starts = map[ast.Node]file.Idx{}
	}
	l.starts[n] = i
	return i
}

// loneSurrogate reports a string holding half a surrogate pair.
func loneSurrogate(s unistring.String) bool {
	u := s.AsUtf16()
	if u == nil {
		return false
	}
	u = u[1:] // the marker of the UTF-16 form
	for i := 0; i < len(u); i++ {
		switch c := u[i]; {
		case c >= 0xd800 && c <= 0xdbff:
			if i+1 < len(u) && u[i+1] >= 0xdc00 && u[i+1] <= 0xdfff {
				i++
				continue
			}
			return true
		case c >= 0xdc00 && c <= 0xdfff:
			return true
		}
	}
	return false
}
