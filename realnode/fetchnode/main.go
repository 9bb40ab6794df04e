// Command fetchnode installs official Node.js builds into looplint's Node
// cache (package realnode) and prints each binary's path, one per line.
//
//	go run ./realnode/fetchnode 22 20.20.2 10
//
// scripts/fetch-node.sh runs it.
package main

import (
	"context"
	"fmt"
	"os"

	"github.com/looplint/looplint/realnode"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: fetchnode VERSION...   (22, 22.12, 22.12.0)")
		os.Exit(2)
	}
	cache := realnode.DefaultCache(os.Stderr)
	failed := false
	for _, spec := range os.Args[1:] {
		b, err := cache.Node(context.Background(), spec)
		if err != nil {
			fmt.Fprintf(os.Stderr, "fetchnode: %v\n", err)
			failed = true
			continue
		}
		fmt.Println(b.Path)
	}
	if failed {
		os.Exit(1)
	}
}
