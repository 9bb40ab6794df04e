package runtime

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/looplint/looplint/loop"
)

// The runtime's JavaScript asks internal.has for features by name, out of
// the compiler's sight: every name it uses must be one of the table's.
func TestJSFeatureNames(t *testing.T) {
	call := regexp.MustCompile(`\b(?:__)?internal\.has\(([^)]*)\)`)
	literal := regexp.MustCompile(`^'([^'\\]*)'$|^"([^"\\]*)"$`)
	files, err := filepath.Glob("js/*.js")
	if err != nil {
		t.Fatal(err)
	}
	lib, err := filepath.Glob("jslib/*.js")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, file := range append(files, lib...) {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range call.FindAllStringSubmatch(string(src), -1) {
			n++
			lit := literal.FindStringSubmatch(m[1])
			if lit == nil {
				t.Errorf("%s: %s: the feature is not a string literal, so no test can check it", file, m[0])
				continue
			}
			if name := lit[1] + lit[2]; !isFeature(name) {
				t.Errorf("%s: %s: loop has no feature %q", file, m[0], name)
			}
		}
	}
	if n == 0 {
		t.Fatal("found no internal.has calls: the pattern or the paths are out of date")
	}
}

func isFeature(name string) bool {
	_, ok := loop.FeatureNamed(name)
	return ok
}
