package predict

import (
	"fmt"
	"path"
	"slices"
	"strings"
	"sync"

	"github.com/looplint/looplint/ir"
	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/parse"
	"github.com/looplint/looplint/runtime/jslib"
	"github.com/looplint/looplint/runtime/nodepath"
)

// Local modules: require('./x') and import './x' read the file from the
// sandbox's files (Options.Files, what the runtime mounts), lower it and
// run it as Node's CommonJS loader does: once, synchronously, inside the
// require call, with its own module, exports, require, __filename and
// __dirname; the cache holds module.exports from before the body runs
// (cycles see the partial exports).

// mainDir is the directory the program's own require resolves from.
func (in *Interp) mainDir() string {
	if in.opts.Filename == "" {
		return "/app"
	}
	return path.Dir(in.opts.Filename)
}

// requireFn is the require function of a module in dir.
func (in *Interp) requireFn(dir string) *Native {
	return native("require", func(_ Value, a []Value, p ir.Pos) Value {
		s, ok := arg(a, 0).(string)
		if !ok {
			in.reason(p, "require of a value the predictor does not know")
			return unknown{why: "require"}
		}
		if nodepath.IsRelativeRequest(s) {
			return in.requireFile(dir, s, p)
		}
		return in.module(s, false, p)
	})
}

// resolveLocal finds the file require(id) loads from dir, as the
// runtime's loader does (nodepath.Require); "" when there is none.
func (in *Interp) resolveLocal(dir, id string, pos ir.Pos) (string, []byte) {
	if in.opts.Files == nil {
		return "", nil
	}
	r := nodepath.Require(in.opts.Files, dir, id)
	if r.Main != "" && in.p.Has(loop.DEP0128) {
		in.reason(pos, "the DeprecationWarning for a package.json \"main\" that names no file is not modelled")
	}
	return in.read(r.File)
}

// resolveImport finds the file a relative import names (nodepath.Import:
// the path itself); a directory throws ERR_UNSUPPORTED_DIR_IMPORT.
func (in *Interp) resolveImport(dir, spec string) (string, []byte) {
	if in.opts.Files == nil {
		return "", nil
	}
	r := nodepath.Import(in.opts.Files, dir, spec)
	if r.Dir {
		in.throwModuleError("Error", "ERR_UNSUPPORTED_DIR_IMPORT")
	}
	return in.read(r.File)
}

func (in *Interp) read(file string) (string, []byte) {
	if file == "" {
		return "", nil
	}
	b, err := in.opts.Files.ReadFile(file)
	if err != nil {
		return "", nil
	}
	return file, b
}

func (in *Interp) throwModuleError(class, code string) {
	e := in.newError(class, "")
	e.Props["message"] = unknown{why: code + " message"} // paths, Node's require stack
	e.set("code", code)
	panic(&Thrown{V: e})
}

// requireFile loads a local module; nil module object after a reason.
func (in *Interp) requireFile(dir, id string, pos ir.Pos) Value {
	file, data := in.resolveLocal(dir, id, pos)
	if file == "" {
		in.throwModuleError("Error", "MODULE_NOT_FOUND")
	}
	if m, ok := in.modules[file]; ok {
		return in.getMember(m, "exports", pos)
	}
	if path.Ext(file) == ".json" {
		v, err := in.jsonParse(string(data))
		if err != nil {
			in.reason(pos, "module %q is not valid JSON (Node's SyntaxError message is not modelled)", id)
			return unknown{why: "require"}
		}
		m := newObject()
		m.set("exports", v)
		in.modules[file] = m
		return v
	}
	if path.Ext(file) == ".mjs" {
		in.reason(pos, "require of an ES module (%s) is not modelled", id)
		return unknown{why: "require"}
	}
	in.meter.Bytes(len(data))
	f, err := parse.Parse(file, data)
	if err != nil {
		in.reason(pos, "module %q does not parse (%v): its SyntaxError is not modelled", id, err)
		return unknown{why: "require"}
	}
	if f.ESMSyntax {
		in.reason(pos, "require of an ES module (%s) is not modelled", id)
		return unknown{why: "require"}
	}
	if u, _, rejected := f.FirstRejected(in.p.SyntaxRejected); rejected {
		in.reason(ir.Pos{File: file, Line: u.Line, Col: u.Col}, "%s is a SyntaxError on Node %s in a required module (not modelled)", u.Feature, in.p.Node)
		return unknown{why: "require"}
	}
	prog, err := ir.LowerModule(f, false, file)
	if err != nil {
		in.reason(pos, "module %q: %v", id, err)
		return unknown{why: "require"}
	}
	in.cjsNames[file] = f.CJSExports()
	return in.runCJS(prog, file, pos)
}

// runCJS runs a lowered CommonJS module once: its module object is cached
// under file before its body runs (a cycle sees its exports so far) and
// forgotten if the body throws.
func (in *Interp) runCJS(prog *ir.Program, file string, pos ir.Pos) Value {
	mod := newObject()
	exports := newObject()
	mod.set("exports", exports)
	mod.set("id", file)
	mod.set("filename", file)
	mod.set("loaded", false)
	in.modules[file] = mod
	sc := newScope(in.globals, true)
	sc.declare("module", mod, false)
	sc.declare("exports", exports, false)
	if isLib(ir.Pos{File: file}) {
		// jslib's wrapper: (exports, require, module, __internal).
		sc.declare("require", in.libRequire(), false)
		sc.declare("__internal", in.internalObj(), false)
	} else {
		sc.declare("require", in.requireFn(path.Dir(file)), false)
		sc.declare("__filename", file, false)
		sc.declare("__dirname", path.Dir(file), false)
	}
	ok := false
	defer func() {
		if !ok {
			delete(in.modules, file) // a throw: Node forgets the module
		}
	}()
	in.callFunc(&Closure{Fn: prog.Main, Scope: sc}, exports, nil)
	ok = true
	mod.set("loaded", true)
	return in.getMember(mod, "exports", pos)
}

// libProg is a built-in's JavaScript parsed and lowered once per process:
// the interpreter never writes to IR, so every run shares it.
type libProg struct {
	once sync.Once
	prog *ir.Program
	err  error
}

var libProgs sync.Map // jslib name -> *libProg

// lowerLib parses and lowers jslib's source name; its positions carry
// File "node:<name>".
func lowerLib(name string) (*ir.Program, error) {
	v, _ := libProgs.LoadOrStore(name, &libProg{})
	lp := v.(*libProg)
	lp.once.Do(func() {
		src, ok := jslib.Source(name)
		if !ok {
			lp.err = fmt.Errorf("no source")
			return
		}
		f, err := parse.Parse("/looplint/"+name+".cjs", []byte(src))
		if err != nil {
			lp.err = err
			return
		}
		lp.prog, lp.err = ir.LowerModule(f, false, libFile(name))
	})
	return lp.prog, lp.err
}

// libFile is the File of a built-in's positions.
func libFile(name string) string { return "node:" + name }

// isLib reports a position in a built-in's JavaScript.
func isLib(p ir.Pos) bool { return strings.HasPrefix(p.File, "node:") }

// builtinJS runs one of jslib's JavaScript built-ins, the runtime's own
// sources, as a CommonJS module of its own (once per run).
func (in *Interp) builtinJS(name string, pos ir.Pos) Value {
	key := libFile(name)
	if m, ok := in.modules[key]; ok {
		return in.getMember(m, "exports", pos)
	}
	if !isLib(pos) {
		prev := in.site
		in.site = pos
		defer func() { in.site = prev }()
	}
	prog, err := lowerLib(name)
	if err != nil {
		in.reason(pos, "built-in %s: %v (a looplint bug)", name, err)
		return unknown{why: name}
	}
	// A built-in's initialisation throws nothing on Node: a throw here
	// is the predictor's failure to run it.
	var v Value
	if err := in.protect(func() { v = in.runCJS(prog, key, pos) }); err != nil {
		s, _ := toStr(thrownValue(err))
		in.reason(pos, "built-in %s failed to load: %s (a looplint bug)", name, s)
		return unknown{why: name}
	}
	return v
}

// esModule is a local ES module: the cells of its exports (the
// importer's names share them: live bindings), filled as its body runs.
type esModule struct {
	file    string
	prog    *ir.Program
	cells   map[string]*cell
	names   map[string]bool // exported names, known before it runs (linking)
	reexp   bool            // it has export ... from: its names are not all listed
	started bool
}

// isESM decides a local file's module kind as the runtime's loader does:
// .mjs, or a .js whose text needs a module; .cjs and .json never.
func isESM(file string, f *parse.File) bool {
	switch path.Ext(file) {
	case ".mjs":
		return true
	case ".cjs", ".json":
		return false
	}
	return f.ESMSyntax
}

// dirOf is the directory a statement's module resolves from.
func (in *Interp) dirOf(p ir.Pos) string {
	if p.File != "" {
		return path.Dir(p.File)
	}
	return in.mainDir()
}

// loadESM parses, lowers and links a local ES module and, depth first,
// what it imports; nil after a reason.
func (in *Interp) loadESM(file string, data []byte, pos ir.Pos) *esModule {
	if m, ok := in.esm[file]; ok {
		return m
	}
	f, err := parse.Parse(file, data)
	if err != nil {
		in.reason(pos, "module %s does not parse (%v): its SyntaxError is not modelled", path.Base(file), err)
		return nil
	}
	prog, err := ir.LowerModule(f, true, file)
	if err != nil {
		in.reason(pos, "module %s: %v", path.Base(file), err)
		return nil
	}
	if prog.Main.Async {
		in.reason(pos, "a local ES module with top-level await (%s) is not modelled", path.Base(file))
		return nil
	}
	m := &esModule{file: file, prog: prog, cells: map[string]*cell{}, names: map[string]bool{}}
	for _, s := range prog.Main.Body {
		switch s := s.(type) {
		case *ir.Export:
			m.names[s.Name] = true
		case *ir.Import:
			m.reexp = m.reexp || s.Reexport
		}
	}
	in.esm[file] = m
	return m
}

// link checks, before anything runs, that every local ES module the
// body imports (transitively) has the names imported: Node links the
// whole graph first, so a missing one is a SyntaxError with no output.
func (in *Interp) link(body []ir.Stmt, dir string, seen map[string]bool) {
	for _, s := range body {
		im, ok := s.(*ir.Import)
		if !ok || !nodepath.IsRelativeRequest(im.Source) {
			continue
		}
		if in.opts.Files == nil {
			continue
		}
		file, data := in.read(nodepath.Import(in.opts.Files, dir, im.Source).File)
		if file == "" || path.Ext(file) == ".cjs" || path.Ext(file) == ".json" {
			continue // evaluation throws, in order
		}
		f, err := parse.Parse(file, data)
		if err != nil || !isESM(file, f) || path.Ext(file) == ".js" && !in.p.DetectModule() {
			continue
		}
		m := in.loadESM(file, data, im.Pos)
		if m == nil {
			continue
		}
		in.checkNames(m, im)
		if !seen[file] {
			seen[file] = true
			in.link(m.prog.Main.Body, path.Dir(file), seen)
		}
	}
}

// checkNames throws Node's SyntaxError for an imported name the module
// does not export.
func (in *Interp) checkNames(m *esModule, im *ir.Import) {
	for _, n := range im.Names {
		if n.Name != "*" && !m.names[n.Name] {
			if m.reexp {
				in.reason(im.Pos, "an import of %q from a module that re-exports others is not modelled", n.Name)
				continue
			}
			e := in.newError("SyntaxError", "The requested module '"+im.Source+"' does not provide an export named '"+n.Name+"'")
			panic(&Thrown{V: e})
		}
	}
}

// evalImports evaluates, in order, the local modules a module body
// imports (ES modules depth first, then their own body; CommonJS ones
// through require), as Node's graph evaluation does before the body.
func (in *Interp) evalImports(body []ir.Stmt, dir string) {
	for _, s := range body {
		im, ok := s.(*ir.Import)
		if !ok || !nodepath.IsRelativeRequest(im.Source) {
			continue
		}
		in.evalLocal(dir, im, im.Pos)
	}
}

// evalLocal evaluates the local module an import names (once) and checks
// that it has the names imported; it returns the module (nil: CommonJS,
// whose exports evalLocal returns as v).
func (in *Interp) evalLocal(dir string, im *ir.Import, pos ir.Pos) (m *esModule, v Value) {
	file, data := in.resolveImport(dir, im.Source)
	switch {
	case file == "":
		in.throwModuleError("Error", "ERR_MODULE_NOT_FOUND")
	case path.Ext(file) == ".cjs" && !in.p.Has(loop.ImportCJS):
		in.throwModuleError("TypeError", "ERR_UNKNOWN_FILE_EXTENSION")
	}
	f, err := parse.Parse(file, data)
	if err == nil && f.ESMSyntax && path.Ext(file) == ".js" && !in.p.DetectModule() {
		// Loaded as CommonJS: Node's SyntaxError (a named export not
		// found, or import outside a module) is not modelled.
		in.reason(pos, "%s has ES module syntax, which Node %s loads as CommonJS (a SyntaxError) without a package.json type", path.Base(file), in.p.Node)
		return nil, unknown{why: "import"}
	}
	if err != nil || !isESM(file, f) {
		return nil, in.requireFile(dir, im.Source, pos)
	}
	m = in.loadESM(file, data, pos)
	if m == nil {
		return nil, unknown{why: "import"}
	}
	in.checkNames(m, im)
	if m.started {
		return m, nil // evaluated, or evaluating (a cycle: its cells so far)
	}
	m.started = true
	in.evalImports(m.prog.Main.Body, path.Dir(file))
	in.esmStack = append(in.esmStack, m)
	defer func() { in.esmStack = in.esmStack[:len(in.esmStack)-1] }()
	sc := newScope(in.globals, true)
	in.callFunc(&Closure{Fn: m.prog.Main, Scope: sc}, nil, nil)
	return m, nil
}

// exportStmt records an export of the running local ES module: a
// variable shares its cell, an expression gets one of its own.
func (in *Interp) exportStmt(s *ir.Export, sc *Scope, fr *frame) {
	if len(in.esmStack) == 0 || s.Pos.File != in.esmStack[len(in.esmStack)-1].file {
		in.eval(s.Local, sc, fr) // the main module: no importer
		return
	}
	m := in.esmStack[len(in.esmStack)-1]
	if v, ok := s.Local.(*ir.Var); ok {
		if c := sc.lookup(v.Name); c != nil {
			m.cells[s.Name] = c
			return
		}
	}
	m.cells[s.Name] = &cell{v: in.eval(s.Local, sc, fr), konst: true, born: sc.born}
}

// bindESM binds an import's names to a local ES module's cells.
func (in *Interp) bindESM(m *esModule, s *ir.Import, sc *Scope) {
	for _, n := range s.Names {
		if n.Name == "*" {
			ns := newObject()
			ns.Class, ns.born = "Module", in.epoch // printed by rules not modelled
			keys := make([]string, 0, len(m.cells))
			for k := range m.cells {
				keys = append(keys, k)
			}
			slices.Sort(keys)
			for _, k := range keys {
				c := m.cells[k]
				if !c.konst {
					in.reason(s.Pos, "a namespace import of a module that exports a variable (a live binding) is not modelled")
				}
				ns.set(k, c.v)
			}
			sc.declare(n.Local, ns, true)
			continue
		}
		if c, ok := m.cells[n.Name]; ok {
			sc.vars[n.Local] = c
			continue
		}
		in.reason(s.Pos, "import of %q before its module exported it (a cycle) is not modelled", n.Name)
		sc.declare(n.Local, unknown{why: "import"}, true)
	}
}
