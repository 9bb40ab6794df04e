package driver

import (
	"path/filepath"
	"sync"

	"github.com/looplint/looplint/internal/fspath"

	"github.com/looplint/looplint/parse"
)

// loader is parse.Load for one run: it looks up each directory's nearest
// package.json "type" once, not once per file (reading and decoding the
// same package.json for every file of a package was a tenth of a run
// over a node_modules tree).
type loader struct {
	mu    sync.Mutex
	types map[string]string // absolute directory -> "type" of its nearest package.json
}

func newLoader() *loader { return &loader{types: map[string]string{}} }

// load reads and parses path like parse.Load, and gives the text read too.
func (l *loader) load(path string) (*parse.File, []byte, error) {
	// ReadFile refuses what is not a regular file of at most MaxSize
	// bytes, from the one stat of the file it opened.
	data, err := parse.ReadFile(path)
	if err != nil {
		f, err := parse.Load(path) // its error, in its words
		return f, nil, err
	}
	f, err := l.parse(path, data)
	if err != nil {
		return nil, nil, err
	}
	return f, data, nil
}

// parse parses data as the file at path, with the "type" of its nearest
// package.json as parse.Load finds it (none when l is nil). Parse keeps
// data: the caller must not change it afterwards.
func (l *loader) parse(path string, data []byte) (*parse.File, error) {
	f, err := parse.Parse(path, data)
	if err == nil && l != nil {
		f.PackageType = l.packageType(filepath.Dir(path))
	}
	return f, err
}

// packageType is the "type" field of the package.json nearest to dir, as
// parse.Load finds it: the first package.json that can be read, going
// up, decides ("" when it is not valid JSON or there is none).
func (l *loader) packageType(dir string) string {
	dir, _ = fspath.Abs(dir)
	var walked []string
	typ := ""
	for d := dir; ; {
		l.mu.Lock()
		t, ok := l.types[d]
		l.mu.Unlock()
		if ok {
			typ = t
			break
		}
		walked = append(walked, d)
		if data, err := parse.ReadFile(filepath.Join(d, "package.json")); err == nil {
			typ, _ = parse.PackageType(data)
			break
		}
		parent := filepath.Dir(d)
		if parent == d {
			break
		}
		d = parent
	}
	l.mu.Lock()
	for _, d := range walked {
		l.types[d] = typ
	}
	l.mu.Unlock()
	return typ
}
