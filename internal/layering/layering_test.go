// Package layering checks that the module's packages import only what
// docs/architecture.md says they may: the picture a newcomer reads and
// the code stay one.
package layering

import (
	"bufio"
	"go/parser"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

const module = "github.com/looplint/looplint/"

// rules reads the doc's ```imports block: "pkg: dep dep ...", where a
// pkg ending in /* covers the packages under it that have no line.
func rules(t *testing.T) map[string][]string {
	f, err := os.Open("../../docs/architecture.md")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string][]string{}
	in := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case line == "```imports":
			in = true
		case in && line == "```":
			return out
		case in:
			pkg, deps, ok := strings.Cut(line, ":")
			if !ok {
				t.Fatalf("docs/architecture.md: %q is not \"pkg: deps\"", line)
			}
			out[pkg] = strings.Fields(deps)
		}
	}
	t.Fatal("docs/architecture.md has no ```imports block")
	return nil
}

// imports lists, per package directory, the module's packages its
// non-test files import.
func imports(t *testing.T) map[string][]string {
	out := map[string][]string{}
	root, _ := filepath.Abs("../..")
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		rel, _ := filepath.Rel(root, filepath.Dir(p))
		pkg := filepath.ToSlash(rel)
		f, err := parser.ParseFile(token.NewFileSet(), p, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		if _, ok := out[pkg]; !ok {
			out[pkg] = nil
		}
		for _, im := range f.Imports {
			s, _ := strconv.Unquote(im.Path.Value)
			if dep, ok := strings.CutPrefix(s, module); ok && !slices.Contains(out[pkg], dep) {
				out[pkg] = append(out[pkg], dep)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestImportsMatchArchitecture(t *testing.T) {
	allowed := rules(t)
	for pkg, deps := range imports(t) {
		rule, ok := allowed[pkg]
		if !ok {
			rule, ok = allowed[path.Dir(pkg)+"/*"]
		}
		if !ok {
			t.Errorf("package %s is not in docs/architecture.md's imports block", pkg)
			continue
		}
		for _, d := range deps {
			if !slices.Contains(rule, d) {
				t.Errorf("%s imports %s, which docs/architecture.md does not allow", pkg, d)
			}
		}
	}
}

// The rules must not allow what nothing uses: a stale picture misleads.
func TestArchitectureNamesOnlyRealPackages(t *testing.T) {
	real := imports(t)
	for pkg := range rules(t) {
		if strings.HasSuffix(pkg, "/*") {
			continue
		}
		if _, ok := real[pkg]; !ok {
			t.Errorf("docs/architecture.md names %s, which is no package", pkg)
		}
	}
}
