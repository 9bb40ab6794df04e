package sched

import (
	"fmt"
	"go/types"
	"path/filepath"
	"strings"

	"github.com/grafana/sobek/ast"
	"golang.org/x/tools/go/analysis"
)

// Facts across modules: each module exports a ModuleFact (the analysis
// Facts mechanism, one package fact per file) saying how its exported
// functions, classes' methods and objects' function members call the
// functions they are given. A call of a function that another module
// exports (const { open } = require('./opener'); open(url, cb)) then
// counts, in the caller's summaries, as what that function does with cb,
// where the file alone treats it as "later, if ever".

// ModuleFact is what a module exports, as seen by the modules that
// require or import it.
type ModuleFact struct {
	// Exports by name; "" is module.exports itself (or the default export).
	Exports map[string]*Export
}

func (*ModuleFact) AFact() {}

func (m *ModuleFact) String() string { return fmt.Sprintf("module(%d exports)", len(m.Exports)) }

// Export is one exported value: a function (Params, Wraps), a class
// (Params of its constructor, Members its methods) or an object of
// functions (Members).
type Export struct {
	Name    string
	File    string // the base name of the module's file, for messages
	Line    int
	Params  []Timing
	Wraps   []Timing
	Members map[string]*Export
	// Holds: for a class, by constructor parameter, the property of this
	// it is stored in ("" for none): new C(sql, cb) keeps cb as callback.
	Holds []string
	// Props: for a method, how it calls the callbacks stored on this.
	Props map[string]Timing
}

// Ref is a value that comes from another module: Module's export Member
// ("" for the module itself, "a.b" for a member of a member); with Inst,
// an instance of that class, whose method Method is called.
type Ref struct {
	Module, Member string
	Inst           bool
	Method         string
}

// modRefs: the other modules' values e may be (a require or import, a
// member of one, a variable initialised or assigned from one, an
// instance made with new from one).
func (w *walker) modRefs(e ast.Expression, depth int) []Ref {
	if depth > 8 || e == nil {
		return nil
	}
	switch e := unwrap(e).(type) {
	case *ast.CallExpression:
		if m := requireOf(e); m != "" && w.scope.lookup("require") == nil {
			return []Ref{{Module: m}}
		}
	case *ast.NewExpression:
		var out []Ref
		for _, r := range w.modRefs(e.Callee, depth+1) {
			if !r.Inst {
				r.Inst = true
				out = append(out, r)
			}
		}
		return out
	case *ast.DotExpression:
		name := e.Identifier.Name.String()
		if init := w.ctorProp(e); init != nil {
			// this.signer, which the constructor set to new Signer(...)
			// or require('./signer'): a receiver typed by what the
			// constructor stored.
			return w.modRefs(init, depth+1)
		}
		var out []Ref
		for _, r := range w.modRefs(e.Left, depth+1) {
			switch {
			case r.Inst && r.Method == "":
				r.Method = name
			case r.Inst:
				continue
			case r.Member == "":
				r.Member = name
			default:
				r.Member += "." + name
			}
			out = append(out, r)
		}
		return out
	case *ast.Identifier:
		b := w.scope.lookup(e.Name.String())
		if b == nil || b.resolving {
			return nil
		}
		if b.module != "" {
			return []Ref{{Module: b.module, Member: b.member}}
		}
		if b.kind != bVar {
			return nil
		}
		b.resolving = true
		defer func() { b.resolving = false }()
		out := append([]Ref(nil), b.assigned...)
		if b.init != nil {
			out = append(out, w.modRefs(b.init, depth+1)...)
		}
		return out
	}
	return nil
}

// exportSite is an export the walk saw: name, and what it is.
type exportSite struct {
	name  string
	fn    *Func
	lit   *ast.ClassLiteral
	obj   map[string]*Func // module.exports = { a: f, b }
	line  int
	close func() // resolves fn/lit once every function is known
}

// collectExports records the module's exports: module.exports = X,
// module.exports.n = X, exports.n = X at the top level, and ES module
// export declarations.
func (w *walker) collectExports(body []ast.Statement) {
	isModExports := func(e ast.Expression) bool {
		d, ok := e.(*ast.DotExpression)
		if !ok || d.Identifier.Name != "exports" {
			return false
		}
		id, ok := d.Left.(*ast.Identifier)
		return ok && id.Name == "module" && w.scope.lookup("module") == nil
	}
	isExports := func(e ast.Expression) bool {
		if isModExports(e) {
			return true
		}
		id, ok := e.(*ast.Identifier)
		return ok && id.Name == "exports" && w.scope.lookup("exports") == nil
	}
	add := func(name string, v ast.Expression, at ast.Node) {
		x := &exportSite{name: name, line: w.f.Position(at.Idx0()).Line}
		if fn := w.resolveFunc(v); fn != nil {
			x.fn = fn
		} else if lit := w.classLitOf(v); lit != nil {
			x.lit = lit
		} else if o, ok := v.(*ast.ObjectLiteral); ok {
			x.obj = map[string]*Func{}
			for _, p := range o.Value {
				switch p := p.(type) {
				case *ast.PropertyKeyed:
					if fn := w.resolveFunc(p.Value); fn != nil {
						x.obj[propName(p.Key)] = fn
					}
				case *ast.PropertyShort:
					if fn := w.resolveFunc(&p.Name); fn != nil {
						x.obj[p.Name.Name.String()] = fn
					}
				}
			}
		} else {
			return
		}
		w.facts.exports = append(w.facts.exports, x)
	}
	for _, st := range body {
		switch st := st.(type) {
		case *ast.ExpressionStatement:
			a, ok := st.Expression.(*ast.AssignExpression)
			for ok {
				// module.exports = exports = X
				inner, chained := a.Right.(*ast.AssignExpression)
				right := a.Right
				for chained {
					right = inner.Right
					inner, chained = inner.Right.(*ast.AssignExpression)
				}
				if isModExports(a.Left) {
					add("", right, st)
				} else if d, isDot := a.Left.(*ast.DotExpression); isDot && isExports(d.Left) {
					add(d.Identifier.Name.String(), right, st)
				}
				a, ok = a.Right.(*ast.AssignExpression)
			}
		case *ast.ExportDeclaration:
			w.esmExport(st, add)
		}
	}
}

func (w *walker) esmExport(ex *ast.ExportDeclaration, add func(string, ast.Expression, ast.Node)) {
	name := func(n string) string {
		if ex.IsDefault {
			return ""
		}
		return n
	}
	switch {
	case ex.HoistableDeclaration != nil && ex.HoistableDeclaration.FunctionDeclaration != nil:
		fl := ex.HoistableDeclaration.FunctionDeclaration.Function
		if fl != nil {
			n := ""
			if fl.Name != nil {
				n = fl.Name.Name.String()
			}
			add(name(n), fl, ex)
		}
	case ex.ClassDeclaration != nil && ex.ClassDeclaration.Class != nil:
		cl := ex.ClassDeclaration.Class
		n := ""
		if cl.Name != nil {
			n = cl.Name.Name.String()
		}
		add(name(n), cl, ex)
	case ex.LexicalDeclaration != nil:
		for _, b := range ex.LexicalDeclaration.List {
			if id, ok := b.Target.(*ast.Identifier); ok && b.Initializer != nil {
				add(id.Name.String(), id, ex)
			}
		}
	case ex.Variable != nil:
		for _, b := range ex.Variable.List {
			if id, ok := b.Target.(*ast.Identifier); ok && b.Initializer != nil {
				add(id.Name.String(), id, ex)
			}
		}
	case ex.AssignExpression != nil:
		add("", ex.AssignExpression, ex)
	case ex.NamedExports != nil && ex.FromClause == nil:
		for _, sp := range ex.NamedExports.ExportsList {
			n := sp.Alias.String()
			if n == "" {
				n = sp.IdentifierName.String()
			}
			if n == "default" {
				n = ""
			}
			add(n, &ast.Identifier{Name: sp.IdentifierName, Idx: ex.Idx}, ex)
		}
	}
}

// Module is the fact this file exports: its exports' summaries.
func (f *Facts) Module() *ModuleFact {
	if f.sums == nil {
		f.summarize()
	}
	m := &ModuleFact{Exports: map[string]*Export{}}
	file := filepath.Base(f.File.Path)
	for _, x := range f.exports {
		var e *Export
		switch {
		case x.fn != nil && x.fn.Class != nil && x.fn.Method == "constructor":
			e = f.classExport(x.fn.Class)
		case x.fn != nil:
			e = f.funcExport(x.fn)
		case x.lit != nil && f.classOf[x.lit] != nil:
			e = f.classExport(f.classOf[x.lit])
		case x.obj != nil:
			e = &Export{Members: map[string]*Export{}}
			for k, fn := range x.obj {
				if fe := f.funcExport(fn); fe != nil {
					fe.Name = k
					e.Members[k] = fe
				}
			}
		}
		if e == nil {
			continue
		}
		e.File = file
		if e.Line == 0 {
			e.Line = x.line
		}
		if e.Name == "" {
			e.Name = x.name
		}
		for _, me := range e.Members {
			me.File = file
		}
		m.Exports[x.name] = e
	}
	return m
}

func (f *Facts) funcExport(fn *Func) *Export {
	sum := f.sums[fn]
	if sum == nil {
		return nil
	}
	e := &Export{Name: fn.Name, Params: append([]Timing(nil), sum.Params...), Wraps: append([]Timing(nil), sum.Wraps...)}
	for i := range e.Params {
		e.Params[i] &^= User // the importer knows what it supplied
	}
	for i := range e.Wraps {
		e.Wraps[i] &^= User
	}
	if len(sum.Props) > 0 {
		e.Props = map[string]Timing{}
		for k, t := range sum.Props {
			e.Props[k] = t &^ User
		}
	}
	if fn.Node != nil {
		e.Line = f.File.Position(fn.Node.Idx0()).Line
	}
	return e
}

func (f *Facts) classExport(c *Class) *Export {
	e := &Export{Name: c.Name, Members: map[string]*Export{}}
	if c.Ctor != nil {
		if ce := f.funcExport(c.Ctor); ce != nil {
			e.Params, e.Wraps = ce.Params, ce.Wraps
		}
		e.Holds = f.holds(c)
	}
	for seen := 0; c != nil && seen < 32; seen, c = seen+1, c.SuperClass {
		for name, m := range c.Methods {
			if e.Members[name] == nil {
				if me := f.funcExport(m); me != nil {
					me.Name = name
					e.Members[name] = me
				}
			}
		}
	}
	return e
}

// holds: by constructor parameter, the property of this the
// constructor stores it in.
func (f *Facts) holds(c *Class) []string {
	if c == nil || c.Ctor == nil {
		return nil
	}
	ps := c.Ctor.Params()
	var out []string
	for _, st := range f.propStores {
		if thisRoot(st.fn, false) != c.Ctor {
			continue
		}
		for i, p := range ps {
			if p == st.name {
				for len(out) < len(ps) {
					out = append(out, "")
				}
				out[i] = st.prop
			}
		}
	}
	return out
}

// lookup finds what r names in m.
func (m *ModuleFact) lookup(r Ref) *Export {
	if m == nil {
		return nil
	}
	var e *Export
	if r.Member == "" {
		e = m.Exports[""]
	} else {
		parts := strings.Split(r.Member, ".")
		e = m.Exports[parts[0]]
		if e == nil && m.Exports[""] != nil {
			e = m.Exports[""].Members[parts[0]]
		}
		for _, p := range parts[1:] {
			if e == nil {
				return nil
			}
			e = e.Members[p]
		}
	}
	if e != nil && r.Inst {
		if r.Method == "" {
			return nil
		}
		e = e.Members[r.Method]
	}
	return e
}

// Importer gives the fact of the module a specifier names (nil when
// there is none to be had).
type Importer func(spec string) *ModuleFact

// PassImporter imports ModuleFacts through the pass, resolving
// specifiers with the file's resolver.
func PassImporter(pass *analysis.Pass, resolve func(string) string) Importer {
	if resolve == nil {
		return nil
	}
	return func(spec string) *ModuleFact {
		p := resolve(spec)
		if p == "" {
			return nil
		}
		m := new(ModuleFact)
		if !pass.ImportPackageFact(types.NewPackage(p, ""), m) {
			return nil
		}
		return m
	}
}

// externs: what the other modules' functions a call may invoke do
// (nil: none known).
func (f *Facts) externs(s *Call) []*Export {
	if s.ext != nil || s.Target != nil || s.Kind != None || len(s.refs) == 0 || f.importer == nil {
		return s.ext
	}
	s.ext = []*Export{}
	for _, r := range s.refs {
		if m := f.module(r.Module); m != nil {
			if e := m.lookup(r); e != nil {
				s.ext = append(s.ext, e)
			}
		}
	}
	return s.ext
}

func (f *Facts) module(spec string) *ModuleFact {
	if m, ok := f.mods[spec]; ok {
		return m
	}
	if f.mods == nil {
		f.mods = map[string]*ModuleFact{}
	}
	m := f.importer(spec)
	f.mods[spec] = m
	return m
}

// Extern is the other module's function a call invokes, when the
// module's facts say what it does (nil otherwise).
func (s *Call) Extern() *Export {
	if len(s.ext) > 0 {
		return s.ext[0]
	}
	return nil
}

// ExternParams: by argument position, how the other modules' functions
// a call may invoke call the functions given there, as their modules'
// facts say (nil: nothing known).
func (f *Facts) ExternParams(s *Call) []Timing { return f.externParams(s) }

// externParams: by position, how the other modules' functions a call
// may invoke call the functions given there.
func (f *Facts) externParams(s *Call) []Timing {
	var out []Timing
	for _, e := range f.externs(s) {
		for j, t := range e.Params {
			for len(out) <= j {
				out = append(out, 0)
			}
			out[j] |= t
		}
	}
	return out
}

func (f *Facts) externWraps(s *Call, arg int) Timing {
	var t Timing
	for _, e := range f.externs(s) {
		if arg < len(e.Wraps) {
			t |= e.Wraps[arg]
		}
	}
	return t
}

// syncHigherOrder: methods of arrays, strings and collection libraries
// (lodash's _.each) that call the function they are given before they
// return, whatever its first parameter is named (errors.forEach((err)
// => ...)), and assertion helpers that call a validator at once.
var syncHigherOrder = map[string]bool{
	"forEach": true, "each": true, "map": true, "filter": true, "some": true, "every": true,
	"find": true, "findIndex": true, "findLast": true, "findLastIndex": true, "reduce": true,
	"reduceRight": true, "sort": true, "flatMap": true, "replace": true, "replaceAll": true,
	"from": true, "throws": true, "doesNotThrow": true, "call": true, "apply": true,
}

// errorFirst: fn's first parameter is named as an error (err, error,
// er): by Node's convention a completion callback.
func errorFirst(fn *Func) bool {
	ps := fn.Params()
	if len(ps) == 0 {
		return false
	}
	switch ps[0] {
	case "err", "error", "er":
		return true
	}
	return false
}

// Conventional reports whether fn, handed to s, is called later by
// Node's convention for completion callbacks: fn takes an error first,
// and s calls a function of a package the run cannot read (one that is
// not installed), so no facts say what it does. Node's own modules are
// left out: their asynchronous APIs are scheduling sites already, and
// the others may answer at once (inspector's Session.post).
// Not a synchronous higher-order method of an array or collection
// (errors.forEach((err) => ...)). A package that calls such a callback
// at once breaks the convention itself; installed, its facts decide. A
// method of a receiver of unknown type is left unknown: the receiver
// may be one of the project's objects (a cache that answers a hit at
// once).
func (f *Facts) Conventional(s *Call, fn *Func) bool {
	if s.Kind != None || s.Parks || s.Caller || len(s.Targets()) > 0 || syncHigherOrder[s.Method] || !errorFirst(fn) {
		return false
	}
	_, ok := s.Node.(*ast.CallExpression)
	return ok && f.Unread(s)
}

// Unread reports whether s calls into packages the run cannot read (each
// of the modules its callee may come from is a package that resolves to
// no file: not installed).
func (f *Facts) Unread(s *Call) bool {
	if len(s.refs) == 0 || f.File.Resolve == nil || f.File.Builtin == nil {
		return false
	}
	for _, r := range s.refs {
		if f.File.Builtin(r.Module) || f.File.Resolve(r.Module) != "" {
			return false // a module the run reads: its facts say what it does
		}
	}
	return true
}

// Refs are the other modules' values the callee of s may be.
func (s *Call) Refs() []Ref { return s.refs }

// ExportedFunc is this file's function that r names when another module
// requires this one (r.Module aside): an exported function, a member of
// an exported object, or with r.Inst the method r.Method of an exported
// class (nil: none).
func (f *Facts) ExportedFunc(r Ref) *Func {
	parts := strings.Split(r.Member, ".")
	var x *exportSite
	for _, e := range f.exports {
		if e.name == parts[0] {
			x = e
		}
	}
	var fn *Func
	var cl *Class
	switch {
	case x == nil && len(parts) == 1 && r.Member != "":
		// module.exports = { name: f }: a member of the module itself.
		for _, e := range f.exports {
			if e.name == "" && e.obj != nil {
				fn = e.obj[parts[0]]
			}
		}
	case x == nil:
		return nil
	case len(parts) == 2 && x.obj != nil:
		fn = x.obj[parts[1]]
	case len(parts) > 1:
		return nil
	case x.fn != nil && x.fn.Class != nil && x.fn.Method == "constructor":
		cl = x.fn.Class
	case x.fn != nil:
		fn = x.fn
		cl = fn.Class
	case x.lit != nil:
		cl = f.classOf[x.lit]
	}
	if !r.Inst {
		if cl != nil && fn == nil {
			return cl.Ctor
		}
		return fn
	}
	for ; cl != nil && r.Method != ""; cl = cl.SuperClass {
		if m := cl.Methods[r.Method]; m != nil {
			return m
		}
	}
	return nil
}

// ctorProp: for this.name in a method of the class being walked (or an
// arrow inside one), the value the class's constructor stores there once
// at its top level, when that is a new expression or a require: the
// receiver's type follows the constructor (nil otherwise).
func (w *walker) ctorProp(e *ast.DotExpression) ast.Expression {
	if _, ok := e.Left.(*ast.ThisExpression); !ok || w.class == nil || w.class.Ctor == nil {
		return nil
	}
	if root := thisRoot(w.fn, false); root == nil || root.Class != w.class {
		return nil
	}
	var body *ast.BlockStatement
	switch n := w.class.Ctor.Node.(type) {
	case *ast.FunctionLiteral:
		body = n.Body
	}
	if body == nil {
		return nil
	}
	name := e.Identifier.Name
	var found ast.Expression
	n := 0
	for _, st := range body.List {
		es, ok := st.(*ast.ExpressionStatement)
		if !ok {
			continue
		}
		a, ok := es.Expression.(*ast.AssignExpression)
		if !ok {
			continue
		}
		d, ok := a.Left.(*ast.DotExpression)
		if !ok || d.Identifier.Name != name {
			continue
		}
		if _, ok := d.Left.(*ast.ThisExpression); !ok {
			continue
		}
		n++
		switch r := a.Right.(type) {
		case *ast.NewExpression:
			found = r
		case *ast.CallExpression:
			if requireOf(r) != "" {
				found = r
			}
		}
	}
	if n != 1 {
		return nil
	}
	return found
}

// Entry is a function of this file that other modules reach by a name:
// an export's (exports.load, export function load), a member's of an
// exported object, a method's of an exported class. Name is "" for the
// module's own function (module.exports = function ...), which an
// importer calls by a name of its own.
type Entry struct {
	Name string
	Func *Func
}

// Entries lists the functions other modules reach, with the names they
// call them by.
func (f *Facts) Entries() []Entry {
	var out []Entry
	class := func(cl *Class) {
		for ; cl != nil; cl = cl.SuperClass {
			if cl.Ctor != nil {
				out = append(out, Entry{"", cl.Ctor})
			}
			for name, m := range cl.Methods {
				out = append(out, Entry{name, m})
			}
		}
	}
	for _, x := range f.exports {
		switch {
		case x.fn != nil && x.fn.Class != nil:
			out = append(out, Entry{x.name, x.fn})
			class(x.fn.Class)
		case x.fn != nil:
			out = append(out, Entry{x.name, x.fn})
		case x.lit != nil:
			class(f.classOf[x.lit])
		}
		for name, fn := range x.obj {
			out = append(out, Entry{name, fn})
		}
	}
	return out
}
