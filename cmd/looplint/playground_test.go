package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkPlayground answers each of the playground's examples as its
// page does by default (Node 10, 22 and 26, with the steps): the native
// time of what the WebAssembly build runs, for issue 25's 1 s per example.
func BenchmarkPlayground(b *testing.B) {
	var files []string
	for _, dir := range []string{"../../testdata/examples", "../../web/examples"} {
		fs, _ := filepath.Glob(filepath.Join(dir, "*.js"))
		files = append(files, fs...)
	}
	if len(files) < 2 {
		b.Fatalf("found %d examples", len(files))
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		name := filepath.Base(f)
		b.Run(strings.TrimSuffix(name, ".js"), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				for _, v := range []string{"10", "22", "26"} {
					if out := predictSource(string(src), v, name, ""); strings.HasPrefix(out, `{"error"`) {
						b.Fatalf("Node %s: %s", v, out)
					}
				}
			}
		})
	}
}
