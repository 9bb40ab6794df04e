package runtime

import (
	"encoding/json"
	"fmt"
	"maps"
	"math/big"
	"path"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/grafana/sobek"
	"github.com/grafana/sobek/ast"
	"github.com/grafana/sobek/parser"

	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/parse"
	"github.com/looplint/looplint/runtime/jslib"
	"github.com/looplint/looplint/runtime/nodepath"
)

// unsupported modules fail loudly: their behaviour is out of the sandbox.
var unsupported = map[string]bool{
	"https": true, "http2": true, "child_process": true,
	"cluster": true, "dgram": true, "tls": true, "inspector": true, "vm": true, "v8": true,
	"repl": true, "readline": true, "os": true, "module": true,
	"async_hooks": true, "perf_hooks": true, "tty": true, "querystring": true,
	"wasi": true, "diagnostics_channel": true, "trace_events": true, "sqlite": true, "test": true,
}

// libNames are built-ins whose jslib source has another name.
var libNames = map[string]string{"timers/promises": "_timers_promises"}

var (
	modMu    sync.Mutex
	modCache = map[string]*sobek.Program{}
)

// compileCJS compiles a wrapped CommonJS module from the engine's parse
// with parse.FixRelational applied (its parser nests a < b < c to the
// right).
func compileCJS(name, src string) (*sobek.Program, error) {
	prog, err := sobek.Parse(name, src)
	if err != nil {
		return nil, err
	}
	parse.FixRelational(prog, src)
	return sobek.CompileAST(prog, false)
}

// parseModule is sobek.ParseModule with parse.FixRelational applied.
func parseModule(name, src string, resolve sobek.HostResolveImportedModuleFunc) (*sobek.SourceTextModuleRecord, []*ast.ImportDeclaration, error) {
	prog, err := sobek.Parse(name, src, parser.IsModule)
	if err != nil {
		return nil, nil, err
	}
	parse.FixRelational(prog, src)
	m, err := sobek.ModuleFromAST(prog, resolve)
	return m, prog.ImportEntries, err
}

// checkImports throws Node's link-time SyntaxError for a name a source
// module imports from another that does not export it.
func (h *host) checkImports() error {
	for rec, decls := range h.esmImports {
		for _, d := range decls {
			if d.ImportClause == nil || d.ImportClause.NamedImports == nil || d.FromClause == nil {
				continue
			}
			spec := d.FromClause.ModuleSpecifier.String()
			target, err := h.esmResolve(rec, spec)
			if err != nil {
				continue // evaluation reports it
			}
			if _, ok := target.(*sobek.SourceTextModuleRecord); !ok {
				continue
			}
			for _, s := range d.ImportClause.NamedImports.ImportsList {
				name := s.IdentifierName.String()
				if b, ambiguous := target.ResolveExport(name); b == nil && !ambiguous {
					e, _ := h.rt.New(h.rt.Get("SyntaxError"), h.rt.ToValue(fmt.Sprintf("The requested module '%s' does not provide an export named '%s'", spec, name)))
					return &jsThrow{e}
				}
			}
		}
	}
	return nil
}

// moduleProgram compiles a JS built-in once per process.
func moduleProgram(name string) (*sobek.Program, bool, error) {
	modMu.Lock()
	defer modMu.Unlock()
	if p, ok := modCache[name]; ok {
		return p, true, nil
	}
	lib := name
	if n, ok := libNames[name]; ok {
		lib = n
	}
	src, ok := jslib.Source(lib)
	if !ok {
		return nil, false, nil
	}
	if strings.Contains(src, "async function*") {
		// The engine has no async generators: parse lowers them onto the
		// helpers a snippet's own use (so both engines count the same jobs).
		f, err := parse.Parse("/looplint/"+name+".cjs", []byte(src))
		if err != nil {
			return nil, false, fmt.Errorf("built-in %s: %w", name, err)
		}
		src = f.Source
	}
	p, err := sobek.Compile("node:"+name, "(function (exports, require, module, __internal) {"+src+"\n})", true)
	if err != nil {
		return nil, false, fmt.Errorf("built-in %s: %w", name, err)
	}
	modCache[name] = p
	return p, true, nil
}

// urlModule is require('url'): fileURLToPath, and URL and URLSearchParams
// as the globals are; its other functions need what the sandbox lacks and
// throw when called.
func (h *host) urlModule() sobek.Value {
	rt := h.rt
	o := rt.NewObject()
	for _, n := range []string{"URL", "URLSearchParams"} {
		if v := rt.GlobalObject().Get(n); v != nil {
			o.Set(n, v)
		}
	}
	for _, n := range []string{"pathToFileURL", "format", "parse", "resolve", "resolveObject", "domainToASCII", "domainToUnicode", "urlToHttpOptions", "Url"} {
		n := n
		o.Set(n, func(sobek.FunctionCall) sobek.Value {
			panic(rt.NewGoError(fmt.Errorf("looplint: url.%s is not available in the sandbox", n)))
		})
	}
	if !h.p.Profile.Has(loop.FileURLToPath) {
		return o
	}
	o.Set("fileURLToPath", func(c sobek.FunctionCall) sobek.Value {
		arg := c.Argument(0)
		href := ""
		switch {
		case typeOf(arg) == "string" && !isObject(arg):
			href = arg.String()
		case isObject(arg) && arg.ToObject(rt).Get("href") != nil:
			href = arg.ToObject(rt).Get("href").String()
		default:
			h.throwType("ERR_INVALID_ARG_TYPE", `The "path" argument must be of type string or an instance of URL. Received `+h.describe(arg))
		}
		p, code, msg := nodepath.FileURLToPath(href)
		if code != "" {
			if code == "ERR_INVALID_URL" && h.p.Profile.Node.Major < 16 {
				msg += ": " + href
			}
			h.throwType(code, msg)
		}
		return rt.ToValue(p)
	})
	return o
}

func isObject(v sobek.Value) bool { _, ok := v.(*sobek.Object); return ok }

// userBuiltin is builtin as user code sees it: internal helpers are hidden.
func (h *host) userBuiltin(name string) (sobek.Value, error) {
	if jslib.Internal(name) {
		return nil, h.moduleError(fmt.Sprintf("Cannot find module '%s'", name), "MODULE_NOT_FOUND")
	}
	if _, ok := h.builtins[strings.TrimPrefix(name, "node:")]; !ok {
		h.meter.BuiltinLoad()
	}
	return h.builtin(name)
}

// builtin returns the exports of a built-in module by name.
func (h *host) builtin(name string) (sobek.Value, error) {
	if strings.HasPrefix(name, "node:") {
		if !h.p.Profile.Has(loop.RequireNodeScheme) {
			return nil, h.moduleError(fmt.Sprintf("Cannot find module '%s'", name), "MODULE_NOT_FOUND")
		}
		name = strings.TrimPrefix(name, "node:")
	}
	if v, ok := h.builtins[name]; ok {
		return v, nil
	}
	var v sobek.Value
	switch name {
	case "process":
		v = h.process
	case "timers":
		o := h.rt.NewObject()
		for _, n := range []string{"setTimeout", "setInterval", "setImmediate", "clearTimeout", "clearInterval", "clearImmediate"} {
			o.Set(n, h.rt.Get(n))
		}
		if p, err := h.builtin("timers/promises"); err == nil {
			o.Set("promises", p)
		}
		v = o
	case "buffer":
		o := h.rt.NewObject()
		o.Set("Buffer", h.bufferCtor)
		v = h.partial("buffer", o)
	case "fs":
		v = h.partial("fs", h.fsModule())
	case "fs/promises":
		if !h.p.Profile.Has(loop.ModuleFSPromises) {
			return nil, h.moduleError(fmt.Sprintf("Cannot find module '%s'", name), "MODULE_NOT_FOUND")
		}
		fs, err := h.builtin("fs")
		if err != nil {
			return nil, err
		}
		v = fs.ToObject(h.rt).Get("promises")
	case "console":
		v = h.rt.Get("console")
	case "path", "path/posix":
		v = h.pathModule()
	case "url":
		v = h.partial("url", h.urlModule())
	case "stream/promises":
		if !h.p.Profile.Has(loop.ModuleStreamPromises) {
			return nil, h.moduleError(fmt.Sprintf("Cannot find module '%s'", name), "MODULE_NOT_FOUND")
		}
		st, err := h.builtin("stream")
		if err != nil {
			return nil, err
		}
		v = st.ToObject(h.rt).Get("_promises")
	case "assert/strict":
		if !h.p.Profile.Has(loop.ModuleAssertStrict) {
			return nil, h.moduleError(fmt.Sprintf("Cannot find module '%s'", name), "MODULE_NOT_FOUND")
		}
		a, err := h.builtin("assert")
		if err != nil {
			return nil, err
		}
		v = a.ToObject(h.rt).Get("strict")
	default:
		prg, ok, err := moduleProgram(name)
		if err != nil {
			return nil, err
		}
		// A module the table does not name is in every release.
		f, gated := loop.FeatureNamed("module:" + name)
		if !ok || gated && !h.p.Profile.Has(f) {
			if unsupported[name] {
				return nil, h.moduleError(fmt.Sprintf("looplint: module '%s' is not supported in the sandbox", name), "ERR_LOOPLINT_UNSUPPORTED")
			}
			return nil, h.moduleError(fmt.Sprintf("Cannot find module '%s'", name), "MODULE_NOT_FOUND")
		}
		mod := h.rt.NewObject()
		exports := h.rt.NewObject()
		mod.Set("exports", exports)
		h.builtins[name] = exports // cycles see the partial exports
		fn, err := h.rt.RunProgram(prg)
		if err != nil {
			return nil, err
		}
		call, _ := sobek.AssertFunction(fn)
		if _, err := call(sobek.Undefined(), exports, h.libRequire(), mod, h.internal); err != nil {
			delete(h.builtins, name)
			return nil, err
		}
		v = mod.Get("exports")
	}
	h.builtins[name] = v
	return v, nil
}

// libRequire is require inside a built-in (and the bootstrap's load):
// the other built-ins, its helpers included.
func (h *host) libRequire() sobek.Value {
	if h.libReq == nil {
		h.libReq = h.rt.ToValue(func(c sobek.FunctionCall) sobek.Value {
			v, err := h.builtin(c.Argument(0).String())
			if err != nil {
				panic(err)
			}
			return v
		})
	}
	return h.libReq
}

func (h *host) moduleError(msg, code string) error {
	if code == "ERR_LOOPLINT_UNSUPPORTED" {
		// Node would run it: the explorer's answer cannot be complete.
		h.departs(strings.TrimPrefix(msg, "looplint: ") + " (Node has it)")
	}
	e, _ := h.rt.New(h.rt.Get("Error"), h.rt.ToValue(msg))
	e.Set("code", code)
	return &jsThrow{e}
}

// requireFrom makes the require function of the module at dir.
func (h *host) requireFrom(dir string) sobek.Value {
	req := h.rt.ToValue(func(c sobek.FunctionCall) sobek.Value {
		return h.requireOrThrow(dir, c.Argument(0).String())
	}).ToObject(h.rt)
	req.Set("resolve", func(c sobek.FunctionCall) sobek.Value {
		id := c.Argument(0).String()
		if nodepath.IsRelativeRequest(id) {
			if p, ok := h.resolveFile(dir, id); ok {
				return h.rt.ToValue(p)
			}
		}
		return h.rt.ToValue(id)
	})
	req.Set("cache", h.rt.NewObject())
	return req
}

// requireOrThrow is require() seen from JS: failures are thrown as the
// JS error Node would throw.
func (h *host) requireOrThrow(dir, id string) sobek.Value {
	v, err := h.require(dir, id)
	if err != nil {
		if t, ok := err.(*jsThrow); ok {
			panic(h.rt.ToValue(t.val))
		}
		panic(err)
	}
	return v
}

func (h *host) require(dir, id string) (sobek.Value, error) {
	if !nodepath.IsRelativeRequest(id) {
		return h.userBuiltin(id)
	}
	p, ok := h.resolveFile(dir, id)
	if !ok {
		return nil, h.moduleError(fmt.Sprintf("Cannot find module '%s'", id), "MODULE_NOT_FOUND")
	}
	if m, ok := h.modules[p]; ok {
		return m.Get("exports"), nil
	}
	data, err := h.fs.ReadFile(p)
	if err != nil {
		return nil, h.moduleError(fmt.Sprintf("Cannot find module '%s'", id), "MODULE_NOT_FOUND")
	}
	h.meter.Bytes(len(data))
	mod := h.newModule(p)
	h.modules[p] = mod
	if strings.HasSuffix(p, ".json") {
		var x any
		if err := json.Unmarshal(data, &x); err != nil {
			return nil, h.moduleError(fmt.Sprintf("%s: Unexpected token in JSON", p), "ERR_INVALID_JSON")
		}
		mod.Set("exports", h.rt.ToValue(x))
		return mod.Get("exports"), nil
	}
	f, perr := parse.Parse(p, data)
	if perr != nil {
		return nil, h.moduleError(perr.Error(), "ERR_SYNTAX")
	}
	prg, cerr := compileCJS(p, parse.CJSPrefix+f.Source+parse.CJSSuffix)
	if cerr != nil {
		return nil, h.moduleError(cerr.Error(), "ERR_SYNTAX")
	}
	if err := h.runCJS(prg, mod, p); err != nil {
		delete(h.modules, p)
		return nil, err
	}
	return mod.Get("exports"), nil
}

// resolveFile applies Node's CommonJS file and directory resolution for
// a path id.
func (h *host) resolveFile(dir, id string) (string, bool) {
	r := nodepath.Require(h.fs, dir, id)
	if r.Main != "" && h.p.Profile.Has(loop.DEP0128) {
		pkg := path.Join(path.Dir(r.File), "package.json")
		h.warnCode("DeprecationWarning", fmt.Sprintf("Invalid 'main' field in '%s' of '%s'. Please either fix that or report it to the module author", pkg, r.Main), "DEP0128")
	}
	return r.File, r.File != ""
}

func (h *host) newModule(p string) *sobek.Object {
	mod := h.rt.NewObject()
	mod.Set("exports", h.rt.NewObject())
	mod.Set("id", ".")
	mod.Set("filename", p)
	mod.Set("loaded", false)
	mod.Set("children", h.rt.NewArray())
	mod.Set("paths", h.rt.NewArray())
	return mod
}

// runCJS calls a compiled module wrapper; an exception escapes as error.
func (h *host) runCJS(prg *sobek.Program, mod *sobek.Object, p string) error {
	fnv, err := h.rt.RunProgram(prg)
	if err != nil {
		return err
	}
	fn, _ := sobek.AssertFunction(fnv)
	req := h.requireFrom(path.Dir(p))
	req.ToObject(h.rt).Set("main", mod)
	exports := mod.Get("exports")
	_, err = fn(exports, exports, req, mod, h.rt.ToValue(p), h.rt.ToValue(path.Dir(p)))
	mod.Set("loaded", true)
	return err
}

// engineAsyncModuleHops is how many jobs sobek takes to reject an async
// module's evaluation promise after its body throws (measured against the
// esm-throw-hops-after-await case: V8 takes none of its own there).
const engineAsyncModuleHops = 2

// mainBody is what RunMain evaluates: the CommonJS wrapper call, or the ES
// module graph's evaluation.
func (h *host) mainBody() func() {
	if h.p.page != nil {
		return func() {} // the loop runs the page's scripts (loop.SetPage)
	}
	if h.p.script != nil {
		return func() {
			if _, err := h.rt.RunProgram(h.p.script); h.jsError(err) != nil {
				h.l.ReportUncaught(err)
			}
		}
	}
	if h.p.cjs != nil {
		return func() {
			mod := h.newModule(h.p.VirtPath)
			h.modules[h.p.VirtPath] = mod
			if err := h.jsError(h.runCJS(h.p.cjs, mod, h.p.VirtPath)); err != nil {
				h.l.ReportUncaught(err)
			}
		}
	}
	return func() {
		rec, err := h.loadESM(h.p.VirtPath, h.p.srcFor())
		if err != nil {
			h.l.ReportUncaught(err)
			return
		}
		if err := rec.Link(); err != nil {
			h.l.ReportUncaught(h.linkError(err))
			return
		}
		// The engine resolves imported names only as it evaluates a
		// module; Node links the whole graph first, so a missing export
		// fails before any module runs.
		if err := h.checkImports(); err != nil {
			h.l.ReportUncaught(err)
			return
		}
		// A throw in the body, now or after top-level await, reaches Node
		// as the rejection of the module job's promise: an uncaught
		// exception raised some jobs later (loop.Profile.ESMThrowHops), so
		// jobs the body queued before throwing, and what they chain, still
		// run. Never an unhandled rejection, though 'uncaughtException'
		// hears it with that origin. The handler is JS: a Go
		// handler calling back into JS from an engine job would drain the
		// job queue early.
		wrap, _ := h.runInternal("rejectWrapper")
		wf, _ := sobek.AssertFunction(wrap)
		withHops, _ := wf(sobek.Undefined(), h.rt.ToValue(func(c sobek.FunctionCall) sobek.Value {
			h.l.ReportRejected(&jsThrow{h.unwrap(c.Argument(0))})
			return sobek.Undefined()
		}))
		h.evaluatingESM = true
		prom := rec.Evaluate(h.rt)
		h.mainAsync = prom
		async := prom.State() == sobek.PromiseStatePending
		hops, _ := h.p.Profile.ESMThrowHops(async)
		if async {
			// The engine's own async module evaluation already takes two
			// jobs to reject the promise after the body throws.
			hops = max(hops-engineAsyncModuleHops, 1)
		}
		hf, _ := sobek.AssertFunction(withHops)
		onReject, _ := hf(sobek.Undefined(), h.rt.ToValue(hops))
		h.thenFn(h.rt.ToValue(prom), sobek.Undefined(), onReject)
	}
}

// unwrap turns an engine exception that reached JS as a Go value (the
// engine rejects module promises that way) back into the thrown value.
func (h *host) unwrap(v sobek.Value) sobek.Value {
	if v == nil {
		return sobek.Undefined()
	}
	if ex, ok := v.Export().(*sobek.Exception); ok {
		return ex.Value()
	}
	return v
}

func (h *host) linkError(err error) error {
	msg := err.Error()
	if strings.Contains(msg, "not supported in the sandbox") || strings.Contains(msg, "Cannot find module") {
		if t, ok := err.(*jsThrow); ok {
			return t
		}
	}
	e, _ := h.rt.New(h.rt.Get("SyntaxError"), h.rt.ToValue(msg))
	return &jsThrow{e}
}

func (p *Program) srcFor() string {
	if p.rewritten != "" {
		return p.rewritten
	}
	return p.File.Source
}

// loadESM parses the entry ES module; imports resolve through esmResolve.
func (h *host) loadESM(p, src string) (sobek.ModuleRecord, error) {
	m, imports, err := parseModule(p, src, h.esmResolve)
	if err != nil {
		return nil, err
	}
	h.esmImports[m] = imports
	h.esmCache[p] = m
	h.esmPath[m] = p
	h.rt.SetGetImportMetaProperties(func(mr sobek.ModuleRecord) []sobek.MetaProperty {
		k, ok := h.esmPath[mr]
		if !ok {
			return nil
		}
		props := []sobek.MetaProperty{{Key: "url", Value: h.rt.ToValue(nodepath.FileURL(k))}}
		if h.p.Profile.Has(loop.ImportMetaFilename) {
			props = append(props, sobek.MetaProperty{Key: "filename", Value: h.rt.ToValue(k)},
				sobek.MetaProperty{Key: "dirname", Value: h.rt.ToValue(path.Dir(k))})
		}
		return props
	})
	return m, nil
}

// esmResolve resolves an import: to a source module, or to a facade over a
// CommonJS module or built-in. Static and dynamic imports share it.
func (h *host) esmResolve(ref any, spec string) (sobek.ModuleRecord, error) {
	dir := path.Dir(h.p.VirtPath)
	if r, ok := ref.(sobek.ModuleRecord); ok {
		if k, ok := h.esmPath[r]; ok {
			dir = path.Dir(k)
		}
	}
	key := spec
	if nodepath.IsRelativeRequest(spec) {
		r := nodepath.Import(h.fs, dir, spec)
		switch {
		case r.Dir:
			return nil, h.moduleError(fmt.Sprintf("Directory import '%s' is not supported resolving ES modules imported from %s", path.Join(dir, spec), h.p.VirtPath), "ERR_UNSUPPORTED_DIR_IMPORT")
		case r.File == "":
			return nil, h.moduleError(fmt.Sprintf("Cannot find module '%s' imported from %s", path.Join(dir, spec), h.p.VirtPath), "ERR_MODULE_NOT_FOUND")
		}
		key = r.File
	} else if strings.HasPrefix(spec, "file://") {
		key = strings.TrimPrefix(spec, "file://")
	} else if strings.HasPrefix(spec, "node:") && !h.p.Profile.Has(loop.ImportNodeScheme) {
		return nil, h.moduleError("Only file and data URLs are supported by the default ESM loader. Received protocol 'node:'", "ERR_UNSUPPORTED_ESM_URL_SCHEME")
	}
	if strings.HasSuffix(key, ".cjs") && !h.p.Profile.Has(loop.ImportCJS) {
		return nil, h.moduleError(fmt.Sprintf("Unknown file extension \".cjs\" for %s", key), "ERR_UNKNOWN_FILE_EXTENSION")
	}
	if m, ok := h.esmCache[key]; ok {
		return m, nil
	}
	var m sobek.ModuleRecord
	var err error
	if nodepath.IsRelativeRequest(key) && (strings.HasSuffix(key, ".mjs") || h.isESMFile(key)) {
		data, rerr := h.fs.ReadFile(key)
		if rerr != nil {
			return nil, rerr
		}
		h.meter.Bytes(len(data))
		var imports []*ast.ImportDeclaration
		var st *sobek.SourceTextModuleRecord
		st, imports, err = parseModule(key, string(data), h.esmResolve)
		if err == nil {
			h.esmImports[st] = imports
			m = st
		}
	} else {
		m, err = h.facade(key, dir)
	}
	if err != nil {
		return nil, err
	}
	h.esmCache[key] = m
	h.esmPath[m] = key
	return m, nil
}

// importDynamic serves import(): the same resolution, failures reject the
// promise with the error Node would give.
func (h *host) importDynamic(ref any, spec sobek.Value, pcap any) {
	m, err := h.esmResolve(ref, spec.String())
	var reason any
	if err != nil {
		if t, ok := err.(*jsThrow); ok {
			reason = t.val
		} else {
			reason = h.rt.NewGoError(err)
		}
		m = nil
	}
	h.rt.FinishLoadingImportModule(ref, spec, pcap, m, reason)
}

func (h *host) isESMFile(p string) bool {
	if strings.HasSuffix(p, ".cjs") || strings.HasSuffix(p, ".json") {
		return false
	}
	data, err := h.fs.ReadFile(p)
	if err != nil {
		return false
	}
	f, err := parse.Parse(p, data)
	return err == nil && f.ESMSyntax
}

var identRe = regexp.MustCompile(`^[A-Za-z_$][A-Za-z0-9_$]*$`)

// facade is an ES module re-exporting a CommonJS module or built-in: its
// default export is module.exports and its named exports are the keys.
func (h *host) facade(key, dir string) (sobek.ModuleRecord, error) {
	var names []string
	id := key
	if !nodepath.IsRelativeRequest(key) {
		v, err := h.userBuiltin(key)
		if err != nil {
			return nil, err
		}
		if o, ok := v.(*sobek.Object); ok {
			names = o.Keys()
		}
	} else if p, ok := h.resolveFile(dir, key); ok {
		// A local CommonJS file: the names cjs-module-lexer would find.
		if data, err := h.fs.ReadFile(p); err == nil {
			if f, err := parse.Parse(p, data); err == nil {
				names = f.CJSExports()
			}
		}
	}
	h.facades++
	slot := fmt.Sprintf("__looplint_import_%d", h.facades)
	// Evaluated lazily, in graph order, like Node's CommonJS translator.
	g := h.rt.GlobalObject()
	g.DefineDataProperty(slot, h.rt.ToValue(func(sobek.FunctionCall) sobek.Value {
		return h.requireOrThrow(dir, id)
	}), sobek.FLAG_FALSE, sobek.FLAG_FALSE, sobek.FLAG_FALSE)
	var b strings.Builder
	fmt.Fprintf(&b, "const m = %s();\nexport default m;\n", slot)
	sort.Strings(names)
	for _, n := range names {
		if identRe.MatchString(n) && n != "default" && !reserved[n] {
			fmt.Fprintf(&b, "export const %s = m.%s;\n", n, n)
		}
	}
	return sobek.ParseModule("node:"+key, b.String(), h.esmResolve)
}

var reserved = map[string]bool{"await": true, "break": true, "case": true, "catch": true, "class": true, "const": true, "continue": true,
	"debugger": true, "delete": true, "do": true, "else": true, "enum": true, "export": true, "extends": true, "false": true,
	"finally": true, "for": true, "function": true, "if": true, "import": true, "in": true, "instanceof": true, "new": true,
	"null": true, "return": true, "super": true, "switch": true, "this": true, "throw": true, "true": true, "try": true,
	"typeof": true, "var": true, "void": true, "while": true, "with": true, "yield": true, "let": true, "static": true}

// setupProcess adds the Go-backed parts of process.
func (h *host) setupProcess() {
	rt, pr := h.rt, h.process
	pr.Set("nextTick", h.nextTick)
	pr.Set("argv", rt.NewArray("/usr/local/bin/node", h.p.VirtPath))
	pr.Set("execArgv", rt.NewArray())
	pr.Set("argv0", "node")
	pr.Set("execPath", "/usr/local/bin/node")
	env := rt.NewObject()
	for _, k := range slices.Sorted(maps.Keys(h.p.opts.Env)) {
		env.Set(k, h.p.opts.Env[k])
	}
	pr.Set("env", env)
	// The thread pool reads its size from the program's environment at
	// its first request (libuv's getenv: what process.env holds then).
	h.l.SetPoolEnv(func(name string) (s string, ok bool) {
		// (A getter the program put there that throws reads as unset.)
		defer func() {
			if recover() != nil {
				s, ok = "", false
			}
		}()
		v := env.Get(name)
		if v == nil || sobek.IsUndefined(v) {
			return "", false
		}
		return v.String(), true
	})
	pr.Set("pid", fakePID)
	pr.Set("ppid", fakePID-1)
	pr.Set("platform", "linux")
	pr.Set("arch", "x64")
	pr.Set("title", "node")
	pr.Set("version", "v"+h.p.Profile.Node.String())
	versions := rt.NewObject()
	versions.Set("node", h.p.Profile.Node.String())
	pr.Set("versions", versions)
	pr.Set("release", map[string]any{"name": "node"})
	h.defineExitCode(pr)
	pr.Set("cwd", func(sobek.FunctionCall) sobek.Value { return rt.ToValue(h.fs.Cwd()) })
	pr.Set("chdir", func(sobek.FunctionCall) sobek.Value {
		panic(h.rt.NewGoError(fmt.Errorf("process.chdir() is not supported in the sandbox")))
	})
	pr.Set("uptime", func(sobek.FunctionCall) sobek.Value { return rt.ToValue(float64(h.monoMillis()) / 1000) })
	pr.Set("exit", func(c sobek.FunctionCall) sobek.Value {
		if a := c.Argument(0); !sobek.IsUndefined(a) {
			if err := pr.Set("exitCode", a); err != nil {
				panic(err) // the setter refused it (defineExitCode)
			}
		}
		if !h.exited {
			h.exited = true
			h.l.Exit()
			// process.emit('exit', process.exitCode || 0): the value
			// as stored, not the number the OS gets.
			code := pr.Get("exitCode")
			if code == nil || !code.ToBoolean() {
				code = rt.ToValue(0)
			}
			h.emitProcess("exit", code)
		}
		h.exitCode = h.processExitCode()
		h.interrupt(sigExit)
		return sobek.Undefined()
	})
	pr.Set("abort", func(sobek.FunctionCall) sobek.Value {
		h.exitCode = 134
		h.exited = true
		h.l.Exit()
		h.interrupt(sigExit)
		return sobek.Undefined()
	})
	hr := rt.ToValue(func(c sobek.FunctionCall) sobek.Value {
		ns := h.monoMillis()*1_000_000 + hrBase
		s, n := ns/1e9, ns%1e9
		if t := c.Argument(0); !sobek.IsUndefined(t) {
			prev, ok := t.(*sobek.Object)
			if !ok || prev.ClassName() != "Array" {
				h.throwType("ERR_INVALID_ARG_TYPE", `The "time" argument must be an instance of Array. Received `+h.describe(t))
			}
			if l := prev.Get("length").ToInteger(); l != 2 {
				if h.p.Profile.Node.Major <= 10 {
					h.throwType("ERR_INVALID_ARRAY_LENGTH", fmt.Sprintf(`The array "time" (length %d) must be of length 2.`, l))
				}
				h.throwCoded("RangeError", "ERR_OUT_OF_RANGE", fmt.Sprintf(`The value of "time" is out of range. It must be 2. Received %d`, l))
			}
			ps, pn := prev.Get("0").ToInteger(), prev.Get("1").ToInteger()
			s, n = s-ps, n-pn
			if n < 0 {
				s--
				n += 1e9
			}
		}
		return rt.NewArray(s, n)
	}).ToObject(rt)
	hr.Set("bigint", func(sobek.FunctionCall) sobek.Value {
		return rt.ToValue(big.NewInt(h.monoMillis()*1_000_000 + hrBase))
	})
	pr.Set("hrtime", hr)
	pr.Set("memoryUsage", func(sobek.FunctionCall) sobek.Value {
		return rt.ToValue(map[string]any{"rss": 40 << 20, "heapTotal": 6 << 20, "heapUsed": 4 << 20, "external": 1 << 20, "arrayBuffers": 10 << 10})
	})
	pr.Set("cpuUsage", func(sobek.FunctionCall) sobek.Value {
		return rt.ToValue(map[string]any{"user": 30000, "system": 10000})
	})
	// process.stdout and process.stderr are Writables (jslib/_stdio.js),
	// made at the first read: most programs never need stream.js.
	for fd, to := range []*outBuf{&h.out, &h.err} {
		name := [...]string{"stdout", "stderr"}[fd]
		var made sobek.Value
		get := rt.ToValue(func(sobek.FunctionCall) sobek.Value {
			if made != nil {
				return made
			}
			lib, err := h.builtin("_stdio")
			if err != nil {
				panic(err)
			}
			mk, _ := sobek.AssertFunction(lib)
			write := rt.ToValue(func(c sobek.FunctionCall) sobek.Value {
				v := c.Argument(0)
				if o, ok := v.(*sobek.Object); ok && h.isBytes(o) {
					to.write(string(h.bytesOf(v)))
				} else {
					to.write(v.String())
				}
				return sobek.Undefined()
			})
			ended := rt.ToValue(func(sobek.FunctionCall) sobek.Value {
				if fd == 0 {
					to.mu.Lock()
					to.ended = true
					to.mu.Unlock()
				}
				return sobek.Undefined()
			})
			s, err := mk(sobek.Undefined(), rt.ToValue(fd+1), write, ended)
			if err != nil {
				panic(err)
			}
			made = s
			return made
		})
		set := rt.ToValue(func(c sobek.FunctionCall) sobek.Value { made = c.Argument(0); return sobek.Undefined() })
		if err := pr.DefineAccessorProperty(name, get, set, sobek.FLAG_TRUE, sobek.FLAG_TRUE); err != nil {
			panic(err)
		}
	}
}

const hrBase = 1_000_000_000_000

// esmStackOverflow: the engine failed evaluating an ES module, which it
// does when the call stack overflows in the module's top-level code (its
// stack-overflow error cannot be caught, and unwinding it through module
// evaluation dereferences nil). Run reports it as a budget stop.
type esmStackOverflow struct{}
