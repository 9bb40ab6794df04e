package driver

import (
	"crypto/sha256"
	"encoding/hex"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"

	"github.com/looplint/looplint/internal/fspath"

	"golang.org/x/tools/go/analysis"

	"github.com/looplint/looplint/analyzer/jsfile"
	"github.com/looplint/looplint/parse"
	"github.com/looplint/looplint/runtime/nodepath"
)

// Facts across modules. Each file is a package of its own (its absolute
// path); an analyzer with FactTypes exports package facts, and a file
// that requires or imports another asks for that module's facts through
// pass.ImportPackageFact. The driver computes them when first asked, by
// running the analyzers that export facts over the module's file, read
// from disk whether or not the command line names it (node_modules
// included; such files are never reported). So `check a.js` and `check
// a.js b.js` give a.js the same findings.
//
// What a module's facts may see is bounded by a depth: the facts of a
// module at depth d use its dependencies' facts at depth d-1, and at
// depth 0 there are none. A file being reported asks for its
// dependencies at maxDepth. So a module's facts at a depth are one
// function of the files, whichever file asked first, and a require cycle
// ends where the depth runs out. Facts that never reached depth 0 (no
// chain below was cut) are the same at every greater depth and are kept
// once; the others are kept per depth.

const maxDepth = 6

type factStore struct {
	fset      *token.FileSet
	ld        *loader
	analyzers []*analysis.Analyzer // those that export facts, with what they require
	mu        sync.Mutex
	// exact: facts that no cut reached, good at any depth from need on;
	// atDepth: the others, by depth.
	exact   map[string]*modFacts
	atDepth map[string]map[int]*modFacts
	// want: the files the run reports (absolute); a dependency among them
	// that is parsed for its facts first keeps its run in runs until its
	// own turn, so no file of the run is parsed twice, and its facts
	// analyzers do not run twice when no chain below was cut (their
	// results are then the same at every depth).
	want map[string]bool
	runs map[string]*fileRun
	// busy: the computations under way, by path and depth; a worker that
	// needs one waits for it rather than doing the same work again.
	busy map[depthKey]chan struct{}
	// cutParse: the parses of modules whose facts a depth bound cut.
	cutParse map[string]*keptParse
	// resolved: specifiers resolved so far, by directory; fs: what the
	// resolutions asked of the file system.
	resolved sync.Map
	fs       runFS
	// indexes: each project's importers by module (importers.go);
	// parsed: the importers parsed so far, by path.
	indexes, parsed sync.Map
	// deps: the files facts come from are tracked, by content key (what
	// a cache needs to tell that a kept result is still good); without
	// a cache nothing reads them, and no file is hashed.
	deps bool
}

type keptParse struct {
	f   *parse.File
	key string
}

type depthKey struct {
	path  string
	depth int
}

type modFacts struct {
	facts map[reflect.Type]analysis.Fact
	// deps: every file whose content these facts depend on, by content key.
	deps map[string]string
	// need: the depth these facts need (1 + their deepest dependency's);
	// cut: some chain below ran out of depth.
	need int
	cut  bool
}

func newFactStore(fset *token.FileSet, ld *loader, analyzers []*analysis.Analyzer, paths []string) *factStore {
	st := &factStore{fset: fset, ld: ld, exact: map[string]*modFacts{}, atDepth: map[string]map[int]*modFacts{},
		want: map[string]bool{}, runs: map[string]*fileRun{}, busy: map[depthKey]chan struct{}{}, cutParse: map[string]*keptParse{}}
	for _, p := range paths {
		if abs, err := fspath.Abs(p); err == nil {
			st.want[abs] = true
		}
	}
	seen := map[*analysis.Analyzer]bool{}
	var visit func(a *analysis.Analyzer) bool
	visit = func(a *analysis.Analyzer) bool {
		if seen[a] {
			return false
		}
		seen[a] = true
		need := len(a.FactTypes) > 0
		for _, r := range a.Requires {
			if visit(r) {
				need = true
			}
		}
		if len(a.FactTypes) > 0 {
			st.analyzers = append(st.analyzers, a)
		}
		return need
	}
	for _, a := range analyzers {
		visit(a)
	}
	return st
}

// get gives the facts of the module at path at depth d (nil at depth 0:
// the chain is cut there).
func (st *factStore) get(path string, d int) *modFacts {
	if d <= 0 {
		return nil
	}
	key := depthKey{path, d}
	st.mu.Lock()
	for {
		m := st.exact[path]
		if m == nil || m.need > d {
			m = st.atDepth[path][d]
		}
		if m != nil {
			st.mu.Unlock()
			return m
		}
		wait := st.busy[key]
		if wait == nil {
			break
		}
		// Another worker computes it: wait, then look again. Chains of
		// waits go down in depth, so they never close a cycle.
		st.mu.Unlock()
		<-wait
		st.mu.Lock()
	}
	done := make(chan struct{})
	st.busy[key] = done
	st.mu.Unlock()
	m := st.compute(path, d)
	st.mu.Lock()
	defer st.mu.Unlock()
	delete(st.busy, key)
	close(done)
	if !m.cut {
		if old := st.exact[path]; old == nil || old.need > m.need {
			st.exact[path] = m
		}
		return m
	}
	if st.atDepth[path] == nil {
		st.atDepth[path] = map[int]*modFacts{}
	}
	if old := st.atDepth[path][d]; old != nil {
		return old
	}
	st.atDepth[path][d] = m
	return m
}

// compute runs the fact analyzers over one module at depth d (nothing
// reported).
func (st *factStore) compute(path string, d int) (m *modFacts) {
	defer func() {
		if r := recover(); r != nil {
			m = &modFacts{deps: map[string]string{}, need: 1} // a module that breaks an analyzer gives no facts
		}
	}()
	st.mu.Lock()
	kept := st.cutParse[path]
	st.mu.Unlock()
	var f *parse.File
	var key string
	if kept != nil {
		f, key = kept.f, kept.key
	} else {
		data, err := parse.ReadFile(path)
		if err != nil {
			return &modFacts{deps: map[string]string{}, need: 1}
		}
		if st.deps {
			key = contentKey(data)
		}
		if f, err = st.ld.parse(path, data); err != nil {
			return &modFacts{deps: map[string]string{path: key}, need: 1}
		}
	}
	r := newFileRun(st.fset, path, f, st, d)
	for _, a := range st.analyzers {
		r.run(a, false)
	}
	r.self = key
	if r.cut && kept == nil {
		// Facts cut by the depth bound are computed again at each depth
		// that asks: the parse (read-only to the analyzers) is kept for
		// those runs.
		st.mu.Lock()
		st.cutParse[path] = &keptParse{f, key}
		st.mu.Unlock()
	}
	var deps map[string]string
	if st.deps {
		deps = make(map[string]string, len(r.deps)+1)
		for p, k := range r.deps {
			deps[p] = k
		}
		deps[path] = r.self
	}
	// Kept for the file's own turn only once this run is done with it.
	st.mu.Lock()
	if st.want[path] && st.runs[path] == nil {
		st.runs[path] = r
	}
	st.mu.Unlock()
	return &modFacts{facts: r.exported, deps: deps, need: r.need + 1, cut: r.cut}
}

// take gives the run of a reported file made for its facts, once: whole
// when no chain below it was cut (its facts analyzers' results are then
// those of maxDepth, and it goes on at maxDepth), else only its parse.
func (st *factStore) take(abs string) (run *fileRun, f *parse.File) {
	st.mu.Lock()
	defer st.mu.Unlock()
	r := st.runs[abs]
	delete(st.runs, abs)
	delete(st.want, abs)
	if r == nil {
		return nil, nil
	}
	if r.cut {
		return nil, r.src.File
	}
	r.depth = maxDepth
	return r, r.src.File
}

// keep records the facts a reported file's own run exported (at
// maxDepth, as a dependency's would be), when no chain below was cut.
func (st *factStore) keep(abs string, r *fileRun) {
	if r.cut {
		return
	}
	var deps map[string]string
	if st.deps {
		self := r.self
		if self == "" {
			data, err := parse.ReadFile(abs)
			if err != nil {
				return
			}
			self = contentKey(data)
		}
		deps = map[string]string{abs: self}
		for p, k := range r.deps {
			deps[p] = k
		}
	}
	st.mu.Lock()
	if old := st.exact[abs]; old == nil || old.need > r.need+1 {
		st.exact[abs] = &modFacts{facts: r.exported, deps: deps, need: r.need + 1}
	}
	st.mu.Unlock()
}

func contentKey(data []byte) string {
	h := sha256.Sum256(data)
	return hex.EncodeToString(h[:8])
}

// DepsChanged reports whether a file that a kept result's facts came
// from is no longer what it was.
func DepsChanged(deps map[string]string) bool {
	for p, k := range deps {
		data, err := parse.ReadFile(p)
		if err != nil || contentKey(data) != k {
			return true
		}
	}
	return false
}

// runFS is the file system the resolver looks things up in, each answer
// kept for the run: modules of many directories try the same candidates
// and read the same package.json (11,597 of the 26,497 stats of a check
// of bench/check's tree asked again what one had asked).
type runFS struct {
	kinds sync.Map // path → fsKind
	files sync.Map // path → fsFile
}

type fsKind struct{ file, dir bool }

type fsFile struct {
	data []byte
	err  error
}

func (r *runFS) Kind(p string) (file, dir bool) {
	if k, ok := r.kinds.Load(p); ok {
		return k.(fsKind).file, k.(fsKind).dir
	}
	var k fsKind
	if st, err := os.Stat(p); err == nil {
		k = fsKind{st.Mode().IsRegular(), st.IsDir()}
	}
	r.kinds.Store(p, k)
	return k.file, k.dir
}

// ReadFile gives the file's bytes, shared: the resolver only reads them.
func (r *runFS) ReadFile(p string) ([]byte, error) {
	if f, ok := r.files.Load(p); ok {
		return f.(fsFile).data, f.(fsFile).err
	}
	data, err := os.ReadFile(p)
	r.files.Store(p, fsFile{data, err})
	return data, err
}

var tsExts = []string{".ts", ".tsx", ".mts", ".cts", ".d.ts"}

// resolver resolves the specifiers of the module at path with Node's
// resolution (runtime/nodepath, the runtime's own), TypeScript's
// extensions too for a TypeScript module. Dependencies are analyzed as
// JavaScript or TypeScript only.
func (st *factStore) resolver(path string) func(string) string {
	abs, err := fspath.Abs(path)
	if err != nil {
		return nil
	}
	dir := filepath.Dir(abs)
	var exts []string
	switch filepath.Ext(abs) {
	case ".ts", ".tsx", ".mts", ".cts":
		exts = tsExts
	default:
		exts = []string{".mjs", ".cjs"}
	}
	return func(spec string) string {
		// Files of one directory ask for the same packages: each answer
		// (a walk up through node_modules directories) is kept for the run.
		key := dir + "\x00" + exts[0] + "\x00" + spec
		if p, ok := st.resolved.Load(key); ok {
			return p.(string)
		}
		p := nodepath.Module(&st.fs, filepath.ToSlash(dir), spec, exts...)
		if p == "" || strings.HasSuffix(p, ".d.ts") || strings.HasSuffix(p, ".node") {
			p = ""
		}
		p = filepath.FromSlash(p)
		st.resolved.Store(key, p)
		return p
	}
}

// importFact answers pass.ImportPackageFact for the file being run: the
// module's facts one level below this file's depth.
func (r *fileRun) importFact(pkg *types.Package, fact analysis.Fact) bool {
	if r.store == nil || pkg == nil {
		return false
	}
	m := r.store.get(pkg.Path(), r.depth-1)
	if m == nil {
		r.cut = true
		return false
	}
	r.cut = r.cut || m.cut
	r.need = max(r.need, m.need)
	if r.store.deps {
		for p, k := range m.deps {
			r.deps[p] = k
		}
	}
	got, ok := m.facts[reflect.TypeOf(fact)]
	if !ok {
		return false
	}
	reflect.ValueOf(fact).Elem().Set(reflect.ValueOf(got).Elem())
	return true
}

func (r *fileRun) exportFact(fact analysis.Fact) {
	if r.exported == nil {
		r.exported = map[reflect.Type]analysis.Fact{}
	}
	r.exported[reflect.TypeOf(fact)] = fact
}

// lineOffsets are the offsets at which the lines of src start, as
// token.File.SetLinesForContent computes them, without copying src to
// a []byte first (a copy of every file's text).
func lineOffsets(src string) []int {
	if src == "" {
		return nil
	}
	lines := make([]int, 1, 1+strings.Count(src, "\n"))
	for off := 0; ; {
		i := strings.IndexByte(src[off:], '\n')
		if i < 0 || off+i+1 >= len(src) {
			return lines
		}
		off += i + 1
		lines = append(lines, off)
	}
}

// newFileRun sets up the run of the analyzers over one loaded file.
func newFileRun(fset *token.FileSet, path string, f *parse.File, store *factStore, depth int) *fileRun {
	tf := fset.AddFile(path, -1, len(f.Source))
	tf.SetLines(lineOffsets(f.Source))
	src := &jsfile.Source{File: f, Tok: tf}
	if store != nil {
		src.Resolve = store.resolver(path)
		src.Builtin = builtin
	}
	abs, _ := fspath.Abs(path)
	r := &fileRun{fset: fset, tf: tf, src: src, results: map[*analysis.Analyzer]*memo{},
		store: store, depth: depth, pkg: types.NewPackage(abs, filepath.Base(path)), deps: map[string]string{}}
	if store != nil && abs != "" {
		src.Importers = func(mentions []string) []*jsfile.File { return store.importers(abs, mentions, r.deps) }
	}
	if f.Transformed {
		r.textLines = lineStarts(f.Text)
	}
	return r
}

// builtin: spec names one of Node's modules (node:fs, fs).
func builtin(spec string) bool {
	return strings.HasPrefix(spec, "node:") || nodepath.IsBuiltin(spec)
}
