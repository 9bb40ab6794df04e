// Package cache keeps `looplint check`'s results between runs, as
// ESLint's --cache does: a file whose content, package type and checks are
// those of the last run, under the same looplint, is not analyzed again.
// The cache is one JSON file; entries of files not seen in a run are
// dropped when it is saved.
package cache

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"sync"

	"github.com/looplint/looplint/internal/fspath"

	"github.com/looplint/looplint/analyzer/driver"
)

type entry struct {
	Key         string              `json:"key"`
	Diagnostics []driver.Diagnostic `json:"diagnostics,omitempty"`
	Source      string              `json:"source,omitempty"`
	Transformed bool                `json:"transformed,omitempty"`
	// Deps: the files the findings' facts came from (driver.Result.Deps).
	Deps map[string]string `json:"deps,omitempty"`
}

type file struct {
	Salt    string           `json:"salt"`
	Entries map[string]entry `json:"entries"`
}

// Cache is a loaded cache file.
type Cache struct {
	path, salt string
	mu         sync.Mutex
	old, now   map[string]entry
}

// Open reads the cache at path (a missing, unreadable or foreign file is
// an empty cache). salt names everything else a result depends on: the
// looplint build, the checks run, the names suppressions may use.
func Open(path, salt string) *Cache {
	c := &Cache{path: path, salt: salt, old: map[string]entry{}, now: map[string]entry{}}
	if data, err := os.ReadFile(path); err == nil {
		var f file
		if json.Unmarshal(data, &f) == nil && f.Salt == salt && f.Entries != nil {
			c.old = f.Entries
		}
	}
	return c
}

func key(content []byte, pkgType string) string {
	h := sha256.New()
	h.Write([]byte(pkgType))
	h.Write([]byte{0})
	h.Write(content)
	return hex.EncodeToString(h.Sum(nil))
}

func abs(p string) string {
	if a, err := fspath.Abs(p); err == nil {
		return a
	}
	return p
}

// Get is the kept result of path, when its content and package type are
// those it was kept for.
func (c *Cache) Get(path string, content []byte, pkgType string) (driver.Result, bool) {
	p, k := abs(path), key(content, pkgType)
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.old[p]
	if !ok || e.Key != k {
		return driver.Result{}, false
	}
	c.now[p] = e
	return driver.Result{Path: path, Diagnostics: e.Diagnostics, Source: e.Source, Transformed: e.Transformed, Deps: e.Deps}, true
}

// Put keeps res for path (a result with an error is not kept: its file is
// analyzed again).
func (c *Cache) Put(path string, content []byte, pkgType string, res driver.Result) {
	if res.Err != nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now[abs(path)] = entry{Key: key(content, pkgType), Diagnostics: res.Diagnostics, Source: res.Source, Transformed: res.Transformed, Deps: res.Deps}
}

// Save writes the entries of this run.
func (c *Cache) Save() error {
	c.mu.Lock()
	data, err := json.Marshal(file{Salt: c.salt, Entries: c.now})
	c.mu.Unlock()
	if err != nil {
		return err
	}
	if dir := filepath.Dir(c.path); dir != "" {
		os.MkdirAll(dir, 0o755)
	}
	tmp := c.path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, c.path)
}
