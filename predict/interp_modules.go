package predict

import (
	"path"

	"github.com/looplint/looplint/ir"
	"github.com/looplint/looplint/parse"
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

// resolveLocal finds the file a local specifier names (as the runtime's
// loader does, for require and import alike); "" when there is none.
func (in *Interp) resolveLocal(dir, id string) (string, []byte) {
	if in.opts.Files == nil {
		return "", nil
	}
	for _, c := range nodepath.RequireCandidates(dir, id) {
		if b, err := in.opts.Files.ReadFile(c); err == nil {
			return c, b
		}
	}
	return "", nil
}

func (in *Interp) throwModuleError(class, code string) {
	e := in.newError(class, "")
	e.Props["message"] = unknown{why: code + " message"} // paths, Node's require stack
	e.set("code", code)
	panic(&Thrown{V: e})
}

// importFile is import of a local file from the main ES module: the
// runtime's resolution, Node's refusal of .cjs before 12.
func (in *Interp) importFile(id string, pos ir.Pos) Value {
	file, _ := in.resolveLocal(in.mainDir(), id)
	switch {
	case file == "":
		in.throwModuleError("Error", "ERR_MODULE_NOT_FOUND")
	case path.Ext(file) == ".cjs" && !in.p.Has("import:.cjs"):
		in.throwModuleError("TypeError", "ERR_UNKNOWN_FILE_EXTENSION")
	}
	return in.requireFile(in.mainDir(), id, pos)
}

// requireFile loads a local module; nil module object after a reason.
func (in *Interp) requireFile(dir, id string, pos ir.Pos) Value {
	file, data := in.resolveLocal(dir, id)
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
	sc.declare("require", in.requireFn(path.Dir(file)), false)
	sc.declare("__filename", file, false)
	sc.declare("__dirname", path.Dir(file), false)
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
