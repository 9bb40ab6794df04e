package driver

import (
	"bufio"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/looplint/looplint/internal/fspath"

	"github.com/bmatcuk/doublestar/v4"
	"github.com/looplint/looplint/parse"
)

// Expand lists the source files patterns name: files, directories
// (searched recursively, as DIR/... is), and globs ("**" matches any
// number of directories). Directories are searched for the extensions
// parse reads, skipping node_modules, .git and, unless includeIgnored,
// what .gitignore files ignore. unread are the paths that could not be
// read, as results with their error; err, a pattern that is malformed or
// names nothing.
func Expand(patterns []string, includeIgnored bool) (files []string, unread []Result, err error) {
	seen := map[string]bool{}
	add := func(p string) {
		key := filepath.Clean(p)
		if !seen[key] {
			seen[key] = true
			files = append(files, p)
		}
	}
	stat := statAll(patterns)
	for _, pat := range patterns {
		root, recursive := pat, false
		if pat == "..." || strings.HasSuffix(pat, "/...") {
			root, recursive = strings.TrimSuffix(strings.TrimSuffix(pat, "..."), "/"), true
			if root == "" {
				root = "."
			}
		}
		var matches []string
		if !recursive && strings.ContainsAny(pat, "*?[{") {
			m, err := globAll(pat, includeIgnored)
			if err != nil {
				return nil, nil, fmt.Errorf("bad pattern %q: %v", pat, err)
			}
			if len(m) == 0 {
				return nil, nil, fmt.Errorf("pattern %q matched no files", pat)
			}
			matches = m
		} else {
			matches = []string{root}
		}
		for _, m := range matches {
			st, err := stat(m)
			if err != nil {
				if os.IsNotExist(err) && !strings.ContainsAny(pat, "*?[{") {
					return nil, nil, fmt.Errorf("%s: no such file or directory", m)
				}
				unread = append(unread, Result{Path: m, Err: err})
				continue
			}
			if !st.IsDir() {
				add(m)
				continue
			}
			walkDir(m, includeIgnored, add, func(p string, err error) { unread = append(unread, Result{Path: p, Err: err}) })
		}
	}
	if len(files) == 0 && len(unread) == 0 {
		return nil, nil, fmt.Errorf("no JavaScript or TypeScript files in %s", strings.Join(patterns, " "))
	}
	return files, unread, nil
}

// statAll stats the patterns that name a file or directory as they are
// (no glob, no /...), on all cores when there are many (a tool that
// lists every file of a tree on the command line: one stat after another
// was a hundredth of such a run on one core), and gives os.Stat with
// those answers kept.
func statAll(patterns []string) func(string) (fs.FileInfo, error) {
	type answer struct {
		st  fs.FileInfo
		err error
	}
	jobs := runtime.GOMAXPROCS(0)
	if len(patterns) < 256 || jobs < 2 {
		return os.Stat
	}
	answers := make([]answer, len(patterns))
	onWorkers(len(patterns), jobs, func(i int) {
		if p := patterns[i]; !strings.ContainsAny(p, "*?[{") && p != "..." && !strings.HasSuffix(p, "/...") {
			answers[i].st, answers[i].err = os.Stat(p)
		}
	})
	known := make(map[string]answer, len(patterns))
	for i, p := range patterns {
		if answers[i].st != nil || answers[i].err != nil {
			known[p] = answers[i]
		}
	}
	return func(p string) (fs.FileInfo, error) {
		if a, ok := known[p]; ok {
			return a.st, a.err
		}
		return os.Stat(p)
	}
}

// globAll expands a glob to the source files it names: "**" matches any
// number of directories, {a,b} either name (doublestar's syntax, as the
// shells and oxlint read it). The walk from the pattern's fixed prefix
// skips node_modules and .git, what git ignores (unless includeIgnored),
// and does not follow links to directories.
func globAll(pat string, includeIgnored bool) ([]string, error) {
	p := path.Clean(filepath.ToSlash(pat))
	if !doublestar.ValidatePattern(p) {
		return nil, doublestar.ErrBadPattern
	}
	base, _ := doublestar.SplitPattern(p)
	var out []string
	walkDir(filepath.FromSlash(base), includeIgnored, func(f string) {
		if ok, _ := doublestar.Match(p, path.Clean(filepath.ToSlash(f))); ok {
			out = append(out, f)
		}
	}, func(string, error) {})
	return out, nil
}

// walkDir visits the source files under root. Symbolic links to
// directories are not followed (so a link loop cannot hang the walk);
// links to files are checked like files.
func walkDir(root string, includeIgnored bool, add func(string), fail func(string, error)) {
	var ign *ignorer
	if !includeIgnored {
		ign = newIgnorer(root)
	}
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			fail(p, err)
			if d != nil && d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		name := d.Name()
		if d.IsDir() {
			if p != root && (name == "node_modules" || name == ".git") {
				return fs.SkipDir
			}
			if ign != nil && p != root {
				if ign.ignored(p, true) {
					return fs.SkipDir
				}
			}
			if ign != nil {
				ign.load(p)
			}
			return nil
		}
		if !parse.SourceExt(strings.ToLower(filepath.Ext(name))) {
			return nil
		}
		if ign != nil && ign.ignored(p, false) {
			return nil
		}
		if d.Type()&fs.ModeSymlink != 0 {
			st, err := os.Stat(p)
			if err != nil {
				fail(p, fmt.Errorf("broken symbolic link: %v", unwrapPathErr(err)))
				return nil
			}
			if st.IsDir() {
				return nil
			}
		} else if !d.Type().IsRegular() {
			return nil
		}
		add(p)
		return nil
	})
}

func unwrapPathErr(err error) error {
	if pe, ok := err.(*fs.PathError); ok {
		return pe.Err
	}
	return err
}

// .gitignore

type ignoreRule struct {
	dir      string // absolute directory of the .gitignore, slash-separated
	pattern  string
	negate   bool
	dirOnly  bool
	anchored bool
}

type ignorer struct {
	rules []ignoreRule
	// git, when set, decides alone: the files git lists under the walk's
	// root (gitListed) and their directories.
	gitFiles, gitDirs map[string]bool
}

// newIgnorer loads the .gitignore files from the repository root (the
// nearest parent with .git) down to root.
func newIgnorer(root string) *ignorer {
	ign := &ignorer{}
	if files, dirs, ok := gitListed(root); ok {
		ign.gitFiles, ign.gitDirs = files, dirs
		return ign
	}
	abs, err := fspath.Abs(root)
	if err != nil {
		return ign
	}
	var chain []string
	for d := filepath.Dir(abs); ; d = filepath.Dir(d) {
		chain = append([]string{d}, chain...)
		if _, err := os.Stat(filepath.Join(d, ".git")); err == nil {
			break
		}
		if filepath.Dir(d) == d {
			chain = nil // not in a repository: only root's own .gitignore files count
			break
		}
	}
	if len(chain) > 0 {
		// The repository's own exclude file, as git reads it first.
		ign.loadAs(filepath.Join(chain[0], ".git", "info", "exclude"), chain[0])
	}
	for _, d := range chain {
		ign.loadAs(filepath.Join(d, ".gitignore"), d)
	}
	return ign
}

func (ig *ignorer) load(dir string) {
	if ig.gitFiles != nil {
		return
	}
	if abs, err := fspath.Abs(dir); err == nil {
		ig.loadAs(filepath.Join(dir, ".gitignore"), abs)
	}
}

func (ig *ignorer) loadAs(file, dir string) {
	fh, err := os.Open(file)
	if err != nil {
		return
	}
	defer fh.Close()
	sc := bufio.NewScanner(fh)
	for sc.Scan() {
		line := strings.TrimRight(sc.Text(), " \t\r")
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		r := ignoreRule{dir: filepath.ToSlash(dir)}
		if strings.HasPrefix(line, "!") {
			r.negate, line = true, line[1:]
		}
		line = strings.TrimPrefix(line, "\\")
		if strings.HasSuffix(line, "/") {
			r.dirOnly, line = true, strings.TrimSuffix(line, "/")
		}
		if strings.Contains(line, "/") {
			r.anchored, line = true, strings.TrimPrefix(line, "/")
		}
		if line == "" {
			continue
		}
		r.pattern = line
		ig.rules = append(ig.rules, r)
	}
}

func (ig *ignorer) ignored(p string, isDir bool) bool {
	if ig.gitFiles != nil {
		abs, err := fspath.Abs(p)
		if err != nil {
			return false
		}
		if isDir {
			return !ig.gitDirs[abs]
		}
		return !ig.gitFiles[abs]
	}
	if len(ig.rules) == 0 {
		return false
	}
	abs, err := fspath.Abs(p)
	if err != nil {
		return false
	}
	p = filepath.ToSlash(abs)
	ignored := false
	for _, r := range ig.rules {
		if r.dirOnly && !isDir {
			continue
		}
		if !strings.HasPrefix(p, strings.TrimSuffix(r.dir, "/")+"/") {
			continue
		}
		rel := p[len(strings.TrimSuffix(r.dir, "/"))+1:]
		var hit bool
		if r.anchored {
			hit, _ = doublestar.Match(gitGlob(r.pattern), rel)
		} else {
			hit, _ = doublestar.Match(gitGlob(r.pattern), path.Base(rel))
		}
		if hit {
			ignored = !r.negate
		}
	}
	return ignored
}

// gitGlob is a .gitignore pattern in doublestar's syntax: git has no
// braces, so they stand for themselves ([!k] and ** mean what git means).
func gitGlob(p string) string {
	return strings.NewReplacer("{", "\\{", "}", "\\}").Replace(p)
}
