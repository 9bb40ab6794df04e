package nodepath

import (
	"encoding/json"
	"path"
	"strings"
)

// IsRelativeRequest reports whether a require or import specifier names a
// file (./x, ../x, /x) rather than a package or built-in.
func IsRelativeRequest(id string) bool {
	return strings.HasPrefix(id, "./") || strings.HasPrefix(id, "../") || strings.HasPrefix(id, "/") || id == "." || id == ".."
}

// Lookup is what resolution asks of a file system: whether a path names
// a regular file or a directory, and a file's contents.
type Lookup interface {
	Kind(p string) (file, dir bool)
	ReadFile(p string) ([]byte, error)
}

// Resolved is where a request leads.
type Resolved struct {
	File string // "" when nothing is found
	// Main is set when the directory's package.json "main" names
	// nothing and its index was loaded instead (Node 16 on warns:
	// DEP0128): that "main".
	Main string
	// Dir: an import names a directory (ERR_UNSUPPORTED_DIR_IMPORT).
	Dir bool
}

// Require finds the file require(id) loads from a module in dir, in the
// order of Node's CommonJS loader: LOAD_AS_FILE (X, X.js, X.json), then
// LOAD_AS_DIRECTORY: package.json "main" as a file, with those
// extensions, or as a directory's index, else X/index.js, X/index.json.
// Native addons (.node) are never found; .cjs and .mjs are not tried.
func Require(fs Lookup, dir, id string) Resolved {
	x := join(dir, id)
	if f := tryExtensions(fs, x); f != "" {
		return Resolved{File: f}
	}
	if _, isDir := fs.Kind(x); !isDir {
		return Resolved{}
	}
	if main := packageMain(fs, x); main != "" {
		m := path.Join(x, main)
		if f := tryExtensions(fs, m); f != "" {
			return Resolved{File: f}
		}
		if f := tryExtensions(fs, m+"/index"); f != "" {
			return Resolved{File: f}
		}
		if f := tryExtensions(fs, x+"/index"); f != "" {
			return Resolved{File: f, Main: main}
		}
		return Resolved{}
	}
	return Resolved{File: tryExtensions(fs, x+"/index")}
}

// Import finds the file a relative import specifier names: the path
// itself, as Node's ES module resolver takes it (no extension is tried
// and a directory has no index).
func Import(fs Lookup, dir, spec string) Resolved {
	x := join(dir, spec)
	switch file, isDir := fs.Kind(x); {
	case file:
		return Resolved{File: x}
	case isDir:
		return Resolved{Dir: true}
	}
	return Resolved{}
}

func join(dir, id string) string {
	if strings.HasPrefix(id, "/") {
		return path.Clean(id)
	}
	return path.Join(dir, id)
}

// tryExtensions is X, X.js or X.json, the first that is a file.
func tryExtensions(fs Lookup, x string) string {
	for _, c := range [...]string{x, x + ".js", x + ".json"} {
		if file, _ := fs.Kind(c); file {
			return c
		}
	}
	return ""
}

// packageMain is the "main" of dir/package.json ("" when there is none,
// it is not a string, or the file does not parse).
func packageMain(fs Lookup, dir string) string {
	data, err := fs.ReadFile(dir + "/package.json")
	if err != nil {
		return ""
	}
	var pkg struct {
		Main any `json:"main"`
	}
	if json.Unmarshal(data, &pkg) != nil {
		return ""
	}
	m, _ := pkg.Main.(string)
	return m
}

// Module finds the file that require(spec) or import spec loads from a
// module in dir, for a reader of the source (looplint check's facts
// across modules): a path as Require finds it (an import's extension may
// be left off too, as bundlers and TypeScript allow; exts are tried
// after Require's, .ts for a TypeScript importer), a package from the
// nearest node_modules that has it (its "main", or its index), a
// built-in nothing.
func Module(fs Lookup, dir, spec string, exts ...string) string {
	spec = strings.TrimPrefix(spec, "file://")
	if IsRelativeRequest(spec) {
		return moduleAt(fs, join(dir, spec), exts)
	}
	if strings.HasPrefix(spec, "node:") || IsBuiltin(spec) || spec == "" {
		return ""
	}
	for d := dir; ; d = path.Dir(d) {
		if path.Base(d) != "node_modules" {
			if f := moduleAt(fs, path.Join(d, "node_modules", spec), exts); f != "" {
				return f
			}
		}
		if d == "/" || d == "." || path.Dir(d) == d {
			return ""
		}
	}
}

func moduleAt(fs Lookup, x string, exts []string) string {
	if r := Require(fs, path.Dir(x), "./"+path.Base(x)); r.File != "" && !strings.HasSuffix(r.File, ".json") {
		return r.File
	}
	for _, e := range exts {
		if file, _ := fs.Kind(x + e); file {
			return x + e
		}
	}
	for _, e := range exts {
		if file, _ := fs.Kind(x + "/index" + e); file {
			return x + "/index" + e
		}
	}
	return ""
}

// IsBuiltin reports whether a bare specifier names one of Node's built-in
// modules (or a module under one: fs/promises, stream/web).
func IsBuiltin(spec string) bool {
	name, _, _ := strings.Cut(spec, "/")
	return builtins[name]
}

var builtins = map[string]bool{}

func init() {
	for _, m := range strings.Fields(`assert async_hooks buffer child_process cluster console constants crypto
		dgram diagnostics_channel dns domain events fs http http2 https inspector module net os path
		perf_hooks process punycode querystring readline repl stream string_decoder sys timers tls
		trace_events tty url util v8 vm wasi worker_threads zlib test sqlite sea`) {
		builtins[m] = true
	}
}
