// Package parse is looplint's front door: it reads a source file, strips
// TypeScript and JSX with esbuild's public API, validates the result with
// the engine's own parser, and records the facts that decide how Node
// loads it (extension, nearest package.json "type", ESM syntax).
package parse

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/evanw/esbuild/pkg/api"
	"github.com/go-sourcemap/sourcemap"
	"github.com/grafana/sobek/ast"
	"github.com/grafana/sobek/parser"

	"github.com/looplint/looplint/loop"
)

// MaxSize is the largest source file looplint accepts.
const MaxSize = 16 << 20

// File is a loaded source file.
type File struct {
	Path        string // as the user named it
	Source      string // JavaScript for the engine (TypeScript/JSX stripped)
	Text        string // the file as the user wrote it
	Ext         string // ".js", ".mjs", ".ts", ...
	PackageType string // "module", "commonjs" or "" (nearest package.json)
	// PackageInvalid is the nearest package.json when it is not JSON:
	// Node reads it for a .js entry's "type" and refuses to run.
	PackageInvalid string
	ESMSyntax      bool // import/export or top-level await: only valid as a module
	Transformed    bool // Source differs from the file's text (esbuild ran)
	Lowered        bool // syntax the engine lacks (async generators, for await) was lowered
	// Page is an HTML page's elements and scripts (LoadPage): a browser
	// target runs it; Source is then empty.
	Page *Page

	maps []*sourcemap.Consumer // esbuild passes, in the order they ran
	// prog is the engine's parse that validated Source, kept so the
	// analyzers need not parse the file a second time (see Program).
	prog  *ast.Program
	depth int // Depth, once measured (+1)
}

// Depth is how deeply the engine's AST nests: an expression of 40,000
// chained operators is 40,000 deep (the engine compiles such a chain in
// time that grows with its square). 0 without an AST.
func (f *File) Depth() int {
	if f.depth == 0 && f.prog != nil {
		max := 0
		WalkDepth(f.prog, func(_ any, d int) bool {
			if d > max {
				max = d
			}
			return true
		})
		f.depth = max + 1
	}
	return max(f.depth-1, 0)
}

// Program is the engine's (sobek's) AST of Source from the parse that
// validated it: CJSPrefix+Source+CJSSuffix parsed as a script when
// ESMSyntax is false, Source parsed as a module when it is true; the
// same input and options analyzer/jsfile would parse. Callers must not
// modify it. It is nil for a File not made by Load or Parse.
func (f *File) Program() *ast.Program { return f.prog }

// Original maps a 1-based line and column of Source back to the user's
// file. Without an esbuild pass it is the identity; ok is false for code
// esbuild or looplint added (helpers), which the user's file lacks.
func (f *File) Original(line, col int) (l, c int, ok bool) {
	for i := len(f.maps) - 1; i >= 0; i-- {
		_, _, l, c, ok := f.maps[i].Source(line, col-1)
		if !ok {
			return line, col, false
		}
		line, col = l, c+1
	}
	return line, col, true
}

// HelperFile names the code esbuild or looplint added to a lowered file
// in positions (File.Original's ok false).
const HelperFile = "(looplint's lowering of async iteration)"

// Error is a problem with the input, printed as file:line:col: message.
type Error struct {
	File      string
	Line, Col int // 1-based; 0 when the whole file is at fault
	Msg       string
}

func (e *Error) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("%s: %s", e.File, e.Msg)
	}
	return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
}

var loaders = map[string]api.Loader{
	".js": api.LoaderJS, ".cjs": api.LoaderJS, ".mjs": api.LoaderJS,
	".jsx": api.LoaderJSX, ".ts": api.LoaderTS, ".mts": api.LoaderTS, ".cts": api.LoaderTS,
	".tsx": api.LoaderTSX,
}

// SourceExt reports whether looplint reads files with extension ext
// (".js", ".cjs", ".mjs", ".jsx", ".ts", ".tsx", ".mts", ".cts").
func SourceExt(ext string) bool {
	_, ok := loaders[ext]
	return ok
}

// Load reads and parses path from the host file system.
func Load(path string) (*File, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, &Error{File: path, Msg: cleanOSError(err)}
	}
	if st.IsDir() {
		return nil, &Error{File: path, Msg: "is a directory, not a source file"}
	}
	if st.Size() > MaxSize {
		return nil, &Error{File: path, Msg: fmt.Sprintf("file is %d bytes; looplint reads at most %d", st.Size(), MaxSize)}
	}
	data, err := ReadFile(path)
	if err != nil {
		return nil, &Error{File: path, Msg: cleanOSError(err)}
	}
	f, err := Parse(path, data)
	if err != nil {
		return nil, err
	}
	f.PackageType, f.PackageInvalid = packageScope(filepath.Dir(path))
	return f, nil
}

func cleanOSError(err error) string {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err.Error()
	}
	return err.Error()
}

// Parse validates src as the file at path. It never panics: a crash of
// the engine's parser on malformed input is reported as a syntax error.
// The File keeps src as its text without a copy: the caller must not
// change src afterwards.
func Parse(path string, src []byte) (f *File, err error) {
	defer func() {
		if x := recover(); x != nil {
			f, err = nil, &Error{File: path, Msg: fmt.Sprintf("malformed input (the JavaScript parser failed: %v)", x)}
			// esbuild's diagnosis, when it has one, is better.
			if _, _, terr := transform(path, string(src), api.LoaderJS, nil); terr != nil {
				err = terr
			}
		}
	}()
	return parseFile(path, src)
}

func parseFile(path string, src []byte) (*File, error) {
	ext := strings.ToLower(filepath.Ext(path))
	loader, ok := loaders[ext]
	if !ok {
		loader = api.LoaderJS
	}
	if bytes.IndexByte(src, 0) >= 0 || !utf8.Valid(src) {
		return nil, &Error{File: path, Msg: "binary or non-UTF-8 file, not JavaScript"}
	}
	src = bytes.TrimPrefix(src, []byte("\xef\xbb\xbf"))
	text := viewString(src)
	f := &File{Path: path, Source: text, Text: text, Ext: ext}
	if loader != api.LoaderJS {
		out, m, err := transform(path, f.Source, loader, nil)
		if err != nil {
			return nil, err
		}
		f.Source, f.Transformed, f.maps = out, true, append(f.maps, m)
	}
	if strings.HasPrefix(f.Source, "#!") { // Node ignores a hashbang line
		if i := strings.IndexByte(f.Source, '\n'); i >= 0 {
			f.Source = "//" + f.Source[2:]
		} else {
			f.Source = ""
		}
	}
	if n, at := tooDeepArrows(f.Source); n > maxArrowNesting {
		line := strings.Count(f.Source[:at], "\n") + 1
		col := utf8.RuneCountInString(f.Source[strings.LastIndexByte(f.Source[:at], '\n')+1:at]) + 1
		if l, c, ok := f.Original(line, col); ok {
			line, col = l, c
		}
		return nil, &Error{File: path, Line: line, Col: col, Msg: fmt.Sprintf(
			"arrow functions nest %d deep here, past the %d looplint reads (Node's own parser overflows its stack near 6,000)", n, maxArrowNesting)}
	}
	// A file that looks like an ES module is parsed as one first: when
	// that parse has an import or export declaration (and no top-level
	// await, where a script would read the tokens otherwise), the script
	// parse is bound to fail, and it was a whole wasted parse of a tenth
	// of node_modules' files. The outcome is the one the script-first
	// order gives: the module parse is reused below, not repeated.
	var (
		prog                *ast.Program
		asyncGen, modParsed bool
		scriptErr           error
		modProg             *ast.Program
		modAsyncGen         bool
		moduleErr           error
	)
	if looksESM(f.Source) {
		modParsed = true
		modProg, modAsyncGen, moduleErr = parseJS(path, f.Source, true)
		if moduleErr == nil && !modProg.HasTLA && hasModuleDecl(modProg) {
			scriptErr = errNotScript
		}
	}
	if scriptErr == nil {
		prog, asyncGen, scriptErr = checkScript(f.Source)
	}
	parseModule := func() (*ast.Program, bool, error) {
		if modParsed {
			return modProg, modAsyncGen, moduleErr
		}
		return parseJS(path, f.Source, true)
	}
	if scriptErr == nil {
		if !asyncGen {
			f.prog = prog
			return f, nil
		}
	} else if prog, asyncGen, moduleErr = parseModule(); moduleErr == nil {
		if !asyncGen {
			f.ESMSyntax, f.prog = true, prog
			return f, nil
		}
	}
	// esbuild accepts it but the engine does not (or parses async
	// generators it cannot run): lower exactly the syntax the engine
	// lacks, and nothing else.
	lowered, m, lowerErr := transform(path, f.Source, api.LoaderJS, unsupported)
	if lowerErr != nil && scriptErr != nil && moduleErr != nil {
		// Neither form parses: let esbuild say what is wrong, in its
		// words. Asked only now: when the lowering succeeds, esbuild
		// parses the file, and asking first cost a whole esbuild run of
		// each file the engine rejects.
		if _, _, err := transform(path, f.Source, api.LoaderJS, nil); err != nil {
			return nil, err
		}
	}
	if lowerErr == nil {
		lowered = withAsyncHelpers(lowered)
		if prog, _, err := checkScript(lowered); err == nil {
			f.Source, f.Transformed, f.Lowered, f.maps, f.prog = lowered, true, true, append(f.maps, m), prog
			return f, nil
		}
		if prog, err := ParseJS(path, lowered, true); err == nil {
			f.Source, f.Transformed, f.Lowered, f.ESMSyntax, f.maps, f.prog = lowered, true, true, true, append(f.maps, m), prog
			return f, nil
		}
	}
	if scriptErr == nil || moduleErr == nil {
		return nil, &Error{File: path, Msg: "unsupported syntax: async generators could not be lowered for the engine"}
	}
	return nil, engineError(f, scriptErr, moduleErr)
}

// errNotScript stands for the script parse's error when it was skipped
// (the module parse has import or export declarations); it is never
// reported, since the module parse succeeded.
var errNotScript = errors.New("import or export declaration in a script")

// looksESM guesses that src is an ES module: a line starts with an import
// or export declaration. A wrong guess only costs the order of parses.
// It looks only where the words are: a walk over every line of every
// CommonJS file was a hundredth of a check.
func looksESM(src string) bool {
	// One pass over the text for what both words end with.
	for from := 0; ; {
		i := strings.Index(src[from:], "port")
		if i < 0 {
			return false
		}
		i += from
		from = i + 4
		if i < 2 || (src[i-2:i] != "im" && src[i-2:i] != "ex") {
			continue
		}
		if from < len(src) && strings.IndexByte(" \t{*", src[from]) >= 0 && startsLine(src, i-2) {
			return true
		}
	}
}

// startsLine: only spaces and tabs lie between src[i] and the start of
// its line.
func startsLine(src string, i int) bool {
	for i > 0 && (src[i-1] == ' ' || src[i-1] == '\t') {
		i--
	}
	return i == 0 || src[i-1] == '\n'
}

// hasModuleDecl reports whether a module's top level has an import or
// export declaration, which a script cannot parse.
func hasModuleDecl(prog *ast.Program) bool {
	for _, s := range prog.Body {
		switch s.(type) {
		case *ast.ImportDeclaration, *ast.ExportDeclaration:
			return true
		}
	}
	return false
}

// asyncHelpers replace esbuild's helpers for async iteration: esbuild's
// take other numbers of microtask jobs than V8 (measured on Node 10 to
// 24), which both the runtime and the predictor would then reproduce.
//
//go:embed asyncgen.js
var asyncHelpers string

// esbuildHelper matches esbuild's definition of one of the helpers that
// asyncHelpers replaces.
var esbuildHelper = regexp.MustCompile(`(?m)^var __(await|asyncGenerator|yieldStar|forAwait) = `)

// withAsyncHelpers renames esbuild's definitions (to names of the same
// length, so no position moves) and appends asyncHelpers, whose function
// declarations are hoisted over the whole file.
func withAsyncHelpers(lowered string) string {
	if !esbuildHelper.MatchString(lowered) {
		return lowered
	}
	lowered = esbuildHelper.ReplaceAllString(lowered, "var _$$$1 = ")
	return lowered + asyncHelpers
}

// unsupported is the syntax the engine cannot run, in esbuild's feature
// names. Lowering it changes microtask job counts around it, so Lowered
// is reported to the user.
var unsupported = map[string]bool{"async-generator": false, "for-await": false}

// checkScript parses src the way Node compiles a CommonJS module: as a
// function body (so top-level return is allowed), and returns the AST.
func checkScript(src string) (*ast.Program, bool, error) {
	// The wrapped text is built as bytes, which the engine's parser
	// copies once into its string; a string here was copied twice more
	// (to bytes and back), for every file.
	wrapped := make([]byte, 0, len(CJSPrefix)+len(src)+len(CJSSuffix))
	wrapped = append(append(append(wrapped, CJSPrefix...), src...), CJSSuffix...)
	return parseSource("", wrapped, false)
}

// ParseJS is the engine's parse of src (as a module or a script) with
// FixRelational applied: how the front end, the IR and the analyzers
// parse (the runtime names its files for the engine: sobek.Parse).
func ParseJS(path, src string, module bool) (*ast.Program, error) {
	prog, _, err := parseJS(path, src, module)
	return prog, err
}

// parseJS is ParseJS, also telling whether the tree has an async
// generator function.
func parseJS(path, src string, module bool) (*ast.Program, bool, error) {
	// As bytes: the engine's parser copies a string twice (to bytes and
	// back), bytes once, and never writes to them.
	return parseSource(path, viewBytes(src), module)
}

// parseSource is parseJS of src given as bytes.
func parseSource(path string, src []byte, module bool) (*ast.Program, bool, error) {
	opts := []parser.Option{parser.WithDisableSourceMaps}
	if module {
		opts = append(opts, parser.IsModule)
	}
	prog, err := parser.ParseFile(nil, path, src, 0, opts...)
	asyncGen := false
	if err == nil {
		var at int
		if at, asyncGen = fixTree(prog, prog.File.Source()); at >= 0 {
			return nil, false, parser.ErrorList{{Position: prog.File.Position(at), Message: "Invalid regular expression: missing /"}}
		}
	}
	return prog, asyncGen, err
}

// CJSPrefix and CJSSuffix wrap a CommonJS module like Node's module
// wrapper. The prefix shares the first line, so only line 1 columns shift.
const (
	CJSPrefix = "(function (exports, require, module, __filename, __dirname) { "
	CJSSuffix = "\n})"
)

// engineError reports what the engine's parser could not read, from
// whichever reading (script or module) got further into the file: that
// one is about the real obstacle, the other about the file's kind.
func engineError(f *File, scriptErr, moduleErr error) error {
	path := f.Path
	type at struct {
		line, col int
		msg       string
	}
	pos := func(err error, shift int) (at, bool) {
		el, ok := err.(parser.ErrorList)
		if !ok || len(el) == 0 {
			return at{}, false
		}
		e := el[0]
		col := e.Position.Column
		if e.Position.Line == 1 {
			col -= shift
		}
		return at{e.Position.Line, col, e.Message}, true
	}
	best, ok := pos(scriptErr, len(CJSPrefix))
	if m, mok := pos(moduleErr, 0); mok && (!ok || m.line > best.line || m.line == best.line && m.col > best.col) {
		best, ok = m, true
	}
	if !ok {
		return &Error{File: path, Msg: scriptErr.Error()}
	}
	line, col := f.EnginePos(best.line, best.col)
	return &Error{File: path, Line: line, Col: col, Msg: "unsupported syntax: " + best.msg}
}

// EnginePos maps an engine position in Source (a 1-based line and a
// column counted in bytes) to the user's file, in characters.
func (f *File) EnginePos(line, byteCol int) (int, int) {
	col := byteCol
	if lines := strings.SplitN(f.Source, "\n", line+1); line >= 1 && line <= len(lines) && col >= 1 && col-1 <= len(lines[line-1]) {
		col = utf8.RuneCountInString(lines[line-1][:col-1]) + 1
	}
	if l, c, ok := f.Original(line, col); ok {
		line, col = l, c
	}
	return line, col
}

// transform runs esbuild with a source map back to src; supported, when
// set, lists the features to lower.
func transform(path, src string, loader api.Loader, supported map[string]bool) (string, *sourcemap.Consumer, error) {
	res := api.Transform(src, api.TransformOptions{
		Loader:     loader,
		Sourcefile: path,
		LogLevel:   api.LogLevelSilent,
		// Keep async/await and everything else as written: lowering
		// changes microtask job counts.
		Target:    api.ESNext,
		Supported: supported,
		Sourcemap: api.SourceMapExternal,
	})
	if len(res.Errors) > 0 {
		m := res.Errors[0]
		e := &Error{File: path, Msg: m.Text}
		if m.Location != nil {
			e.Line = m.Location.Line
			e.Col = utf8.RuneCountInString(prefixBytes(m.Location.LineText, m.Location.Column)) + 1
		}
		return "", nil, e
	}
	sm, err := sourcemap.Parse(path+".map", res.Map)
	if err != nil {
		return "", nil, &Error{File: path, Msg: "esbuild source map: " + err.Error()}
	}
	return string(res.Code), sm, nil
}

func prefixBytes(s string, n int) string {
	if n > len(s) {
		return s
	}
	return s[:n]
}

// packageScope finds the "type" field of the nearest package.json, as
// Node does for .js files, or that file's path when it is not JSON.
func packageScope(dir string) (typ, invalid string) {
	dir, _ = filepath.Abs(dir)
	for {
		p := filepath.Join(dir, "package.json")
		data, err := ReadFile(p)
		if err == nil {
			typ, ok := PackageType(data)
			if !ok {
				return "", p
			}
			return typ, ""
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", ""
		}
		dir = parent
	}
}

// PackageType is the "type" field of a package.json's text ("" when it
// has none, or not a string); ok is false when the text is not JSON.
func PackageType(data []byte) (typ string, ok bool) {
	var pkg struct {
		Type any `json:"type"`
	}
	if json.Unmarshal(data, &pkg) != nil {
		return "", false
	}
	typ, _ = pkg.Type.(string)
	return typ, true
}

// Module decides CommonJS vs ES module the way Node does: extension,
// then package.json "type", then (when detect is set, Node 20.19+/22.7+)
// ESM syntax in a typeless .js file.
func (f *File) Module(detect bool) loop.ModuleKind {
	switch f.Ext {
	case ".mjs", ".mts":
		return loop.ESModule
	case ".cjs", ".cts":
		return loop.CommonJS
	}
	switch f.PackageType {
	case "module":
		return loop.ESModule
	case "commonjs":
		return loop.CommonJS
	}
	if detect && f.ESMSyntax {
		return loop.ESModule
	}
	return loop.CommonJS
}
