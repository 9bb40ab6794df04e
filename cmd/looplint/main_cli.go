//go:build !js

package main

import (
	"os"

	"github.com/looplint/looplint/internal/fspath"
)

func main() {
	tuneGC(1 << 30)
	fspath.Pin() // the command never changes its directory
	os.Exit(execute(os.Args[1:], os.Stdout, os.Stderr))
}
