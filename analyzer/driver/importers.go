package driver

import (
	"bytes"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
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

var specRE = regexp.MustCompile(`(?:\brequire\s*\(\s*|\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}/[^'"\n]*|\.{1,2})['"]`)

func projectRoot(abs string) string {
	dir := filepath.Dir(abs)
	for d := dir; ; {
		if _, err := os.Stat(filepath.Join(d, "package.json")); err == nil {
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
					if _, err := os.Stat(filepath.Join(p, "package.json")); err == nil && filepath.Base(filepath.Dir(p)) == "node_modules" {
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
			data, err := readSmall(p)
			if err != nil {
				return nil
			}
			resolve := st.resolver(p)
			seen := map[string]bool{}
			for _, m := range specRE.FindAllSubmatch(data, -1) {
				t := resolve(string(m[1]))
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
	for _, p := range st.importIndex(projectRoot(abs)).by[abs] {
		var data []byte // read once for the mentions and the parse
		if len(mentions) > 0 {
			var err error
			if data, err = readSmall(p); err != nil {
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
				if data, err = readSmall(p); err != nil {
					return
				}
			}
			if st.deps {
				pi.key = contentKey(data)
			}
			f, err := parse.Parse(p, data)
			if err != nil {
				return
			}
			if st.ld != nil {
				f.PackageType = st.ld.packageType(filepath.Dir(p))
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
