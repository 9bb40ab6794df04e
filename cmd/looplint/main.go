// Command looplint predicts and checks the event-loop ordering of Node.js programs.
package main

import (
	"os"
)

func main() {
	os.Exit(execute(os.Args[1:], os.Stdout, os.Stderr))
}
