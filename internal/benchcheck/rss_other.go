//go:build !unix

package main

import "os"

// maxRSS is not read here: no wait4.
func maxRSS(*os.ProcessState) int64 { return 0 }
