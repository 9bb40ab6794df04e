package driver

import (
	"bytes"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"sync"

	"github.com/looplint/looplint/analyzer/jsfile"
	"github.com/looplint/looplint/parse"
)

// Importers: the modules of a file's own project that require or import
// it, for the facts that flow from callers back to the module they call
// (which of its exports they call from the event loop). A project is the
// nearest directory above the file with a package.json (a package under
// node_modules is a project of its own), or the file's directory when
// there is none; its files are those below it, node_modules and hidden
// directories left out, up to maxProjectFiles in lexical order, and only
// relative specifiers count (a project names its own modules so). The
// index is built once per project and run, the importers parsed once.

const maxProjectFiles = 2000

type importIndex struct {
	once sync.Once
	by   map[string][]string // a module's absolute path → its importers', sorted
}

type parsedImporter struct {
	once sync.Once
	f    *jsfile.File
	key  string
}

// relativeSpecs gives the relative specifiers src names to require,
// import or export ... from: a quoted "." or "..", or one of them
// followed by "/" and more, after require( or from or import or
// import( (white space between allowed, each keyword whole). It is
// scanned from each quote that opens such a specifier, backwards to its
// keyword: a regular expression with the keywords in front (what it
// replaces, kept in the test) was a twentieth of a run over a
// node_modules tree, trying three keywords at every byte.
func relativeSpecs(src []byte) [][]byte {
	var out [][]byte
	for i := 0; i+1 < len(src); i++ {
		if q := src[i]; (q != '\'' && q != '"') || src[i+1] != '.' {
			continue
		}
		end := specEnd(src, i+1)
		if end < 0 || !afterKeyword(src[:i]) {
			continue
		}
		out = append(out, src[i+1:end])
		i = end // the closing quote opens nothing
	}
	return out
}

// specEnd is the index of the quote that closes a relative specifier
// starting at src[at] ('.'), or -1.
func specEnd(src []byte, at int) int {
	j := at + 1
	if j < len(src) && src[j] == '.' {
		j++
	}
	if j < len(src) && (src[j] == '\'' || src[j] == '"') {
		return j
	}
	if j >= len(src) || src[j] != '/' {
		return -1
	}
	for ; j < len(src); j++ {
		switch src[j] {
		case '\'', '"':
			return j
		case '\n':
			return -1
		}
	}
	return -1
}

// afterKeyword reports whether before ends with require( or from or
// import or import(, white space allowed around the parenthesis, the
// keyword not the end of a longer word.
func afterKeyword(before []byte) bool {
	j := skipSpaceBack(before, len(before))
	paren := j > 0 && before[j-1] == '('
	if paren {
		j = skipSpaceBack(before, j-1)
	}
	word := func(w string) bool {
		k := j - len(w)
		return k >= 0 && string(before[k:j]) == w && (k == 0 || !isWordByte(before[k-1]))
	}
	if paren {
		return word("require") || word("import")
	}
	return word("from") || word("import")
}

func skipSpaceBack(b []byte, j int) int {
	for j > 0 {
		switch b[j-1] {
		case ' ', '\t', '\n', '\f', '\r':
			j--
			continue
		}
		break
	}
	return j
}

func isWordByte(c byte) bool {
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

func (st *factStore) projectRoot(abs string) string {
	dir := filepath.Dir(abs)
	for d := dir; ; {
		if file, dir := st.fs.Kind(filepath.Join(d, "package.json")); file || dir {
			return d
		}
		up := filepath.Dir(d)
		if up == d || filepath.Base(d) == "node_modules" {
			return dir
		}
		d = up
	}
}

var jsExts = map[string]bool{".js": true, ".mjs": true, ".cjs": true, ".ts": true, ".tsx": true, ".mts": true, ".cts": true, ".jsx": true}

func (st *factStore) importIndex(root string) *importIndex {
	v, _ := st.indexes.LoadOrStore(root, &importIndex{})
	ix := v.(*importIndex)
	ix.once.Do(func() {
		ix.by = map[string][]string{}
		n := 0
		filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return nil
			}
			name := d.Name()
			if d.IsDir() {
				if p != root && (name == "node_modules" || strings.HasPrefix(name, ".")) {
					return filepath.SkipDir
				}
				if p != root {
					if file, dir := st.fs.Kind(filepath.Join(p, "package.json")); (file || dir) && filepath.Base(filepath.Dir(p)) == "node_modules" {
						return filepath.SkipDir
					}
				}
				return nil
			}
			if !d.Type().IsRegular() || !jsExts[filepath.Ext(name)] || strings.HasSuffix(name, ".d.ts") || strings.HasSuffix(name, ".min.js") {
				return nil
			}
			if n++; n > maxProjectFiles {
				return filepath.SkipAll
			}
			data, err := parse.ReadFile(p)
			if err != nil {
				return nil
			}
			resolve := st.resolver(p)
			seen := map[string]bool{}
			for _, spec := range relativeSpecs(data) {
				t := resolve(string(spec))
				if t == "" || t == p || seen[t] {
					continue
				}
				seen[t] = true
				ix.by[t] = append(ix.by[t], p) // the walk is lexical: sorted
			}
			return nil
		})
	})
	return ix
}

// importers gives the parsed importers of the module at abs (see above)
// whose text mentions one of mentions (all when there are none),
// recording their content in deps when a cache reads them (st.deps).
func (st *factStore) importers(abs string, mentions []string, deps map[string]string) []*jsfile.File {
	var out []*jsfile.File
	for _, p := range st.importIndex(st.projectRoot(abs)).by[abs] {
		var data []byte // read once for the mentions and the parse
		if len(mentions) > 0 {
			var err error
			if data, err = parse.ReadFile(p); err != nil {
				continue
			}
			if st.deps {
				deps[p] = contentKey(data) // what it does not mention counts too
			}
			if !mentionsAny(data, mentions) {
				continue
			}
		}
		v, _ := st.parsed.LoadOrStore(p, &parsedImporter{})
		pi := v.(*parsedImporter)
		pi.once.Do(func() {
			if data == nil {
				var err error
				if data, err = parse.ReadFile(p); err != nil {
					return
				}
			}
			if st.deps {
				pi.key = contentKey(data)
			}
			f, err := st.ld.parse(p, data)
			if err != nil {
				return
			}
			fset := token.NewFileSet()
			tf := fset.AddFile(p, -1, len(f.Source))
			tf.SetLines(lineOffsets(f.Source))
			jf, err := jsfile.Parse(f, tf)
			if err != nil {
				return
			}
			jf.Resolve, jf.Builtin = st.resolver(p), builtin
			pi.f = jf
		})
		if pi.f != nil {
			out = append(out, pi.f)
			if st.deps {
				deps[p] = pi.key
			}
		}
	}
	return out
}

func mentionsAny(data []byte, names []string) bool {
	for _, n := range names {
		if n != "" && bytes.Contains(data, []byte(n)) {
			return true
		}
	}
	return false
}
