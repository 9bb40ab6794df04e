//go:build !js

package main

import "os"

func main() {
	tuneGC(1 << 30)
	os.Exit(execute(os.Args[1:], os.Stdout, os.Stderr))
}
