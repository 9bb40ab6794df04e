// Package driver runs looplint's analyzers over JavaScript files: each
// file is loaded (as parse.Load does), registered in one token.FileSet,
// handed to the analyzers through jsfile.Input, and every analyzer runs
// after the ones it Requires. Files are processed on all cores; results
// come back in the order the files were given. A file that cannot be
// loaded or parsed is reported in its Result and the run goes on.
// Expand finds the files that looplint check's patterns name.
package driver

import (
	"fmt"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"sort"
	"sync"
	"unicode/utf8"

	"github.com/looplint/looplint/internal/fspath"

	"golang.org/x/tools/go/analysis"

	"github.com/looplint/looplint/analyzer/jsfile"
	"github.com/looplint/looplint/parse"
)

// Options configure a run.
type Options struct {
	// Jobs is the number of files analyzed at once (0: GOMAXPROCS).
	Jobs int
	// NoSuppress disables looplint-ignore comments.
	NoSuppress bool
	// Known are the names of every check that exists (for suppression
	// comments naming a check that does not); defaults to the analyzers run.
	Known []string
	// Extra, if set, adds findings that do not come from an analyzer (the
	// predictor's, for looplint check on one file). It sees the parsed
	// file and sets Check, Message and Pos.Line/Col (in the user's text);
	// the driver fills in offsets, drops a finding an analyzer already
	// made on that line for that check, and applies suppressions to the
	// rest. ExtraChecks are the checks it may report.
	Extra       func(f *parse.File) []Diagnostic
	ExtraChecks []string
	// Cache, if set, gives the results of files analyzed before with the
	// same content and package type, and keeps the new ones (not used
	// with Extra: the predictor's findings are not kept).
	Cache Cache
}

// Cache keeps results between runs (package analyzer/cache).
type Cache interface {
	Get(path string, content []byte, pkgType string) (Result, bool)
	Put(path string, content []byte, pkgType string, res Result)
}

// Position is a place in a file: 1-based line and column, the column
// counted in characters (runes) as editors do, and the byte offset.
type Position struct {
	Line, Col, Offset int
}

// Edit replaces Source[Start:End] with New (byte offsets).
type Edit struct {
	Start, End int
	New        string
}

// Fix is one suggested fix. KeepsOrder: applying it leaves when every
// callback runs as it was (check --fix applies only those; the others,
// which move work between queues, are suggestions).
type Fix struct {
	Message    string
	Edits      []Edit
	KeepsOrder bool
}

// Diagnostic is a finding.
type Diagnostic struct {
	Check    string
	Pos, End Position
	Message  string
	Fixes    []Fix
}

// Result is the outcome for one file.
type Result struct {
	Path string
	// Err is set when the file could not be analyzed (unreadable,
	// binary, syntax error, or an analyzer failed); Diagnostics may
	// still hold what the other analyzers found.
	Err         error
	Diagnostics []Diagnostic
	// Source is the text positions and edits refer to, set when there
	// are Diagnostics (a run over thousands of clean files does not keep
	// all their text); Transformed says it is not the file's own text
	// (TypeScript/JSX was stripped), so fixes cannot be applied to the file.
	Source      string
	Transformed bool
	// Deps are the other files whose facts the findings depend on (the
	// modules the file requires, and theirs), by content key: a kept
	// result is good while they are unchanged. Set only when the run has
	// a Cache (hashing every file costs, and nothing else reads them).
	Deps map[string]string
}

// Run analyzes the files at paths.
func Run(paths []string, analyzers []*analysis.Analyzer, opt Options) []Result {
	out := make([]Result, len(paths))
	jobs := opt.Jobs
	if jobs <= 0 {
		jobs = runtime.GOMAXPROCS(0)
	}
	jobs = min(jobs, max(len(paths), 1))
	fset := token.NewFileSet()
	ld := newLoader()
	store := newFactStore(fset, ld, analyzers, paths)
	store.deps = opt.Cache != nil
	next := make(chan int)
	var wg sync.WaitGroup
	for range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				out[i] = runFile(store, paths[i], nil, analyzers, opt)
			}
		}()
	}
	for _, i := range largestFirst(paths, jobs) {
		next <- i
	}
	close(next)
	wg.Wait()
	return out
}

// RunSource analyzes src as the file at path (an editor's buffer, standard
// input): positions, the module kind (the package.json nearest path) and
// suppressions are path's, the text is src.
func RunSource(path string, src []byte, analyzers []*analysis.Analyzer, opt Options) Result {
	fset := token.NewFileSet()
	return runFile(newFactStore(fset, newLoader(), analyzers, nil), path, src, analyzers, opt)
}

// largestFirst is the order to analyze paths in on jobs workers: the
// largest files first, so that a big file (a bundle of megabytes takes
// a second) does not start last and run alone while the other workers
// have nothing left to do.
func largestFirst(paths []string, jobs int) []int {
	order := make([]int, len(paths))
	for i := range order {
		order[i] = i
	}
	if jobs < 2 {
		return order
	}
	// The sizes on all workers: one stat per file, done before any file
	// starts, was a hundredth of a node_modules run spent on one core.
	size := make([]int64, len(paths))
	onWorkers(len(paths), jobs, func(i int) {
		if st, err := os.Stat(paths[i]); err == nil {
			size[i] = st.Size()
		}
	})
	sort.SliceStable(order, func(a, b int) bool { return size[order[a]] > size[order[b]] })
	return order
}

// onWorkers calls f(i) for each i < n on jobs goroutines (each writes
// only its own i's results) and returns when all are done.
func onWorkers(n, jobs int, f func(i int)) {
	var wg sync.WaitGroup
	for w := range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < n; i += jobs {
				f(i)
			}
		}()
	}
	wg.Wait()
}

func runFile(store *factStore, path string, src []byte, analyzers []*analysis.Analyzer, opt Options) (res Result) {
	fset, ld := store.fset, store.ld
	res.Path = path
	defer func() {
		if r := recover(); r != nil {
			res.Err = fmt.Errorf("%s: internal error: %v", path, r)
		}
	}()
	if c := opt.Cache; c != nil && opt.Extra == nil && src == nil && ld != nil {
		if data, err := parse.ReadFile(path); err == nil {
			typ := ld.packageType(filepath.Dir(path))
			if kept, ok := c.Get(path, data, typ); ok && !DepsChanged(kept.Deps) {
				return kept
			}
			defer func() {
				if r := recover(); r != nil {
					panic(r) // the run's own recover makes it an error, not kept
				}
				c.Put(path, data, typ, res)
			}()
		}
	}
	var f *parse.File
	var err error
	var r *fileRun
	self := ""
	abs, _ := fspath.Abs(path)
	if src == nil {
		r, f = store.take(abs)
	}
	switch {
	case f != nil:
	case src != nil:
		f, err = ld.parse(path, src)
	case ld != nil:
		var data []byte
		if f, data, err = ld.load(path); err == nil && data != nil && store.deps {
			self = contentKey(data)
		}
	default:
		f, err = parse.Load(path)
	}
	if err != nil {
		res.Err = err
		return res
	}
	res.Source, res.Transformed = f.Text, f.Transformed
	if r == nil {
		r = newFileRun(fset, path, f, store, maxDepth)
		r.self = self
	}
	for _, a := range analyzers {
		_, err := r.run(a, true)
		if err != nil && res.Err == nil {
			res.Err = err
		}
	}
	if src == nil && res.Err == nil {
		store.keep(abs, r)
	}
	sort.SliceStable(r.diags, func(i, j int) bool { return r.diags[i].Pos < r.diags[j].Pos })
	for _, d := range r.diags {
		res.Diagnostics = append(res.Diagnostics, r.convert(d.Diagnostic, d.check, f.Source))
	}
	if opt.Extra != nil {
		res.Diagnostics = addExtra(res.Diagnostics, opt.Extra(f), f.Text)
	}
	if !opt.NoSuppress {
		known := opt.Known
		if known == nil {
			for _, a := range analyzers {
				known = append(known, a.Name)
			}
		}
		ran := map[string]bool{}
		for _, a := range analyzers {
			ran[a.Name] = true
		}
		for _, c := range opt.ExtraChecks {
			ran[c] = true
		}
		res.Diagnostics = applySuppressions(f.Text, res.Diagnostics, known, ran)
	}
	if len(res.Diagnostics) == 0 {
		res.Source = ""
	}
	if len(r.deps) > 0 {
		res.Deps = r.deps
	}
	return res
}

// addExtra adds the extra findings that no analyzer made, with offsets
// computed in text, and keeps the findings in source order.
func addExtra(diags, extra []Diagnostic, text string) []Diagnostic {
	if len(extra) == 0 {
		return diags
	}
	type at struct {
		check string
		line  int
	}
	have := map[at]bool{}
	for _, d := range diags {
		have[at{d.Check, d.Pos.Line}] = true
	}
	starts := lineStarts(text)
	for _, d := range extra {
		if d.Pos.Line < 1 || d.Pos.Line > len(starts) || have[at{d.Check, d.Pos.Line}] {
			continue
		}
		have[at{d.Check, d.Pos.Line}] = true
		off := starts[d.Pos.Line-1]
		for col := 1; col < d.Pos.Col && off < len(text) && text[off] != '\n'; col++ {
			_, n := utf8.DecodeRuneInString(text[off:])
			off += n
		}
		d.Pos.Offset = off
		d.End = d.Pos
		diags = append(diags, d)
	}
	sort.SliceStable(diags, func(i, j int) bool { return diags[i].Pos.Offset < diags[j].Pos.Offset })
	return diags
}

type memo struct {
	result any
	err    error
}

type fileRun struct {
	fset    *token.FileSet
	tf      *token.File
	src     *jsfile.Source
	results map[*analysis.Analyzer]*memo
	diags   []located
	// textLines are the line starts of the user's text when Source was
	// transformed; positions are mapped back through the source map.
	textLines []int
	// store gives other modules' facts; depth is how deep this file's
	// own facts may look (see factStore); pkg is this file's package,
	// exported its facts, deps the files they came from; need the
	// depth its imports needed; cut: some chain below ran out of depth.
	store    *factStore
	depth    int
	need     int
	pkg      *types.Package
	exported map[reflect.Type]analysis.Fact
	deps     map[string]string
	cut      bool
	// self: the content key of this file, when known.
	self string
	// col caches the last column computed by runeCol.
	col struct {
		valid          bool
		lineStart, off int
		runes          int
	}
}

func lineStarts(s string) []int {
	out := []int{0}
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			out = append(out, i+1)
		}
	}
	return out
}

type located struct {
	analysis.Diagnostic
	check string
}

func (r *fileRun) run(a *analysis.Analyzer, report bool) (any, error) {
	if a == jsfile.Input {
		return r.src, nil
	}
	if m := r.results[a]; m != nil {
		return m.result, m.err
	}
	m := &memo{}
	r.results[a] = m // a cycle in Requires ends here with a nil result
	resultOf := map[*analysis.Analyzer]any{}
	for _, req := range a.Requires {
		res, err := r.run(req, false)
		if err != nil {
			m.err = err
			return nil, err
		}
		resultOf[req] = res
	}
	pass := &analysis.Pass{
		Analyzer:   a,
		Fset:       r.fset,
		Pkg:        r.pkg,
		OtherFiles: []string{r.tf.Name()},
		ResultOf:   resultOf,
		Report: func(d analysis.Diagnostic) {
			if report {
				r.diags = append(r.diags, located{d, a.Name})
			}
		},
		ReadFile:          func(string) ([]byte, error) { return []byte(r.src.File.Source), nil },
		ImportObjectFact:  func(types.Object, analysis.Fact) bool { return false },
		ImportPackageFact: r.importFact,
		ExportObjectFact:  func(types.Object, analysis.Fact) {},
		ExportPackageFact: r.exportFact,
		AllObjectFacts:    func() []analysis.ObjectFact { return nil },
		AllPackageFacts:   func() []analysis.PackageFact { return nil },
	}
	res, err := a.Run(pass)
	if err != nil {
		err = fmt.Errorf("%s: %s: %v", r.tf.Name(), a.Name, err)
	}
	m.result, m.err = res, err
	return res, err
}

func (r *fileRun) position(p token.Pos, src string) Position {
	if !p.IsValid() || r.tf.Base() > int(p) || int(p) > r.tf.Base()+r.tf.Size() {
		return Position{}
	}
	off := r.tf.Offset(p)
	pos := r.tf.Position(p)
	lineStart := off - (pos.Column - 1)
	if r.textLines != nil {
		line, col, _ := r.src.File.Original(pos.Line, pos.Column)
		text := r.src.File.Text
		if line < 1 || line > len(r.textLines) {
			return Position{Line: pos.Line, Col: pos.Column}
		}
		start := r.textLines[line-1]
		off := min(start+col-1, len(text))
		return Position{Line: line, Col: utf8.RuneCountInString(text[start:off]) + 1, Offset: off}
	}
	return Position{Line: pos.Line, Col: r.runeCol(src, lineStart, off), Offset: off}
}

// runeCol is the 1-based character column of byte offset off on the line
// starting at lineStart. Positions are converted in source order, so it
// counts on from the previous position on the same line: on a minified
// file (one line of megabytes) counting from the line start every time
// made the conversion quadratic in the number of findings.
func (r *fileRun) runeCol(src string, lineStart, off int) int {
	c := &r.col
	if c.valid && c.lineStart == lineStart && c.off <= off {
		c.runes += utf8.RuneCountInString(src[c.off:off])
	} else {
		c.runes = utf8.RuneCountInString(src[lineStart:off])
	}
	c.valid, c.lineStart, c.off = true, lineStart, off
	return c.runes + 1
}

func (r *fileRun) convert(d analysis.Diagnostic, check, src string) Diagnostic {
	out := Diagnostic{Check: check, Message: d.Message, Pos: r.position(d.Pos, src)}
	if d.End.IsValid() {
		out.End = r.position(d.End, src)
	} else {
		out.End = out.Pos
	}
	if r.textLines != nil {
		return out // fixes would be edits of the stripped JavaScript, not the file
	}
	for _, sf := range d.SuggestedFixes {
		fx := Fix{Message: sf.Message}
		ok := true
		for _, e := range sf.TextEdits {
			s, en := r.position(e.Pos, src), r.position(e.End, src)
			if !e.End.IsValid() {
				en = s
			}
			if s.Line == 0 || en.Line == 0 && e.End.IsValid() {
				ok = false
				break
			}
			fx.Edits = append(fx.Edits, Edit{Start: s.Offset, End: en.Offset, New: string(e.NewText)})
		}
		if ok {
			out.Fixes = append(out.Fixes, fx)
		}
	}
	return out
}
