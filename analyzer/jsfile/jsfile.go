// Package jsfile is the base of looplint's analyzers: it turns the file
// the driver loaded into a sobek AST with positions in the driver's
// token.FileSet. Every other analyzer Requires it (directly or through
// the sched facts), so each file is parsed once per run.
//
// The driver supplies the loaded file as the result of Input (an
// analyzer with no Run of its own, like a package's syntax trees in
// go/analysis); Analyzer turns it into a File, reusing the AST that
// parse.Load kept from validating the file (it parses only a File that
// carries none).
package jsfile

import (
	"errors"
	"fmt"
	"go/token"
	"reflect"

	"github.com/grafana/sobek/ast"
	"github.com/grafana/sobek/file"
	"golang.org/x/tools/go/analysis"

	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/parse"
)

// Source is what a driver hands in for one file: the loaded file and the
// token.File it registered for File.Source in the pass's FileSet.
type Source struct {
	File *parse.File
	Tok  *token.File
	// Resolve, if set, names the file a require or import specifier of
	// this file loads ("" for a built-in or one not found).
	Resolve func(spec string) string
	// Importers, if set, gives the modules of the file's project that
	// require or import it, parsed (their Resolve set); with mentions,
	// only those whose text has one of them (the names the caller looks
	// for), so that the others are not parsed.
	Importers func(mentions []string) []*File
	// Builtin, if set, says whether a specifier names one of Node's own
	// modules.
	Builtin func(spec string) bool
}

// Input is supplied by the driver (pass.ResultOf[Input] is a *Source);
// running it is an error.
var Input = &analysis.Analyzer{
	Name:       "jsinput",
	Doc:        "the loaded source file, supplied by the driver",
	Run:        func(*analysis.Pass) (any, error) { return nil, errors.New("jsfile.Input is supplied by the driver") },
	ResultType: reflect.TypeOf((*Source)(nil)),
}

// Analyzer parses the file; its result is a *File.
var Analyzer = &analysis.Analyzer{
	Name:       "jsfile",
	Doc:        "parse a JavaScript file into a sobek AST with positions",
	Requires:   []*analysis.Analyzer{Input},
	Run:        run,
	ResultType: reflect.TypeOf((*File)(nil)),
}

// File is a parsed JavaScript file.
type File struct {
	*parse.File
	Program *ast.Program
	// Top is the node whose body is the user's code: the CommonJS
	// wrapper *ast.FunctionLiteral, or the *ast.Program of a module.
	Top ast.Node
	// Body is the user's top-level statements.
	Body []ast.Statement
	// TopDecls are the top-level var declarations (hoisted).
	TopDecls []*ast.VariableDeclaration
	Kind     loop.ModuleKind
	Tok      *token.File
	// Resolve names the file a specifier loads (see Source); nil when
	// the driver resolves nothing.
	Resolve func(spec string) string
	// Importers gives the modules of the file's project that require or
	// import it (see Source); nil when the driver gives none.
	Importers func(mentions []string) []*File
	// Builtin says whether a specifier names one of Node's modules (see
	// Source); nil when the driver does not say.
	Builtin func(spec string) bool
	shift   int // bytes of wrapper before Source in the parsed text
}

func run(pass *analysis.Pass) (any, error) {
	src, ok := pass.ResultOf[Input].(*Source)
	if !ok || src == nil || src.File == nil || src.Tok == nil {
		return nil, errors.New("jsfile: the driver supplied no source")
	}
	jf, err := Parse(src.File, src.Tok)
	if jf != nil {
		jf.Resolve, jf.Importers, jf.Builtin = src.Resolve, src.Importers, src.Builtin
	}
	return jf, err
}

// Parse parses f (as a CommonJS function body, or as a module when it has
// module syntax); tf must have been registered for f.Source.
func Parse(f *parse.File, tf *token.File) (*File, error) {
	if tf.Size() != len(f.Source) {
		return nil, fmt.Errorf("jsfile: token.File size %d does not match source size %d", tf.Size(), len(f.Source))
	}
	jf := &File{File: f, Kind: f.Module(true), Tok: tf}
	// parse.Load/Parse keep the AST of the parse that validated the file
	// (same text, same options): reuse it rather than parse again.
	prog := f.Program()
	if f.ESMSyntax {
		if prog == nil {
			var err error
			if prog, err = parse.ParseJS(f.Path, f.Source, true); err != nil {
				return nil, err
			}
		}
		jf.Program, jf.Top, jf.Body, jf.TopDecls = prog, prog, prog.Body, prog.DeclarationList
		return jf, nil
	}
	if prog == nil {
		var err error
		if prog, err = parse.ParseJS(f.Path, parse.CJSPrefix+f.Source+parse.CJSSuffix, false); err != nil {
			return nil, err
		}
	}
	jf.Program, jf.shift = prog, len(parse.CJSPrefix)
	if len(prog.Body) == 1 {
		if es, ok := prog.Body[0].(*ast.ExpressionStatement); ok {
			if fl, ok := es.Expression.(*ast.FunctionLiteral); ok && fl.Body != nil {
				jf.Top, jf.Body, jf.TopDecls = fl, fl.Body.List, fl.DeclarationList
				return jf, nil
			}
		}
	}
	return nil, errors.New("jsfile: unexpected shape of the CommonJS wrapper")
}

// Offset is the byte offset in Source of a sobek index (clamped).
func (f *File) Offset(idx file.Idx) int {
	off := int(idx) - 1 - f.shift
	if off < 0 {
		return 0
	}
	if off > len(f.Source) {
		return len(f.Source)
	}
	return off
}

// Pos maps a sobek index to a token.Pos in the driver's FileSet.
func (f *File) Pos(idx file.Idx) token.Pos { return f.Tok.Pos(f.Offset(idx)) }

// Range is the token.Pos span of a node.
func (f *File) Range(n ast.Node) (token.Pos, token.Pos) { return f.Pos(n.Idx0()), f.Pos(n.Idx1()) }

// Text is the source text of a node.
func (f *File) Text(n ast.Node) string { return f.Source[f.Offset(n.Idx0()):f.Offset(n.Idx1())] }

// Position is the line and column of a sobek index in the user's file:
// in Source, mapped back through the source map when TypeScript/JSX was
// stripped (columns are then the source map's).
func (f *File) Position(idx file.Idx) token.Position {
	p := f.Tok.Position(f.Pos(idx))
	if f.Transformed {
		p.Line, p.Column, _ = f.Original(p.Line, p.Column)
	}
	return p
}
