// Command mkdist writes the playground's files into a directory that
// holds looplint.wasm (make web builds it first): go run ./web/mkdist
// -out web/dist, from the repository's root.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"strings"

	"github.com/looplint/looplint/web"
)

func main() {
	out := flag.String("out", "web/dist", "the directory to write")
	goroot := flag.String("goroot", "", "the Go toolchain whose wasm_exec.js to copy (default: go env GOROOT)")
	flag.Parse()
	if *goroot == "" {
		b, err := exec.Command("go", "env", "GOROOT").Output()
		if err != nil {
			fmt.Fprintln(os.Stderr, "mkdist: go env GOROOT:", err)
			os.Exit(1)
		}
		*goroot = strings.TrimSpace(string(b))
	}
	if err := web.WriteDist(*out, ".", *goroot); err != nil {
		fmt.Fprintln(os.Stderr, "mkdist:", err)
		os.Exit(1)
	}
}
