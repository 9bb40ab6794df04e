//go:build !unix

package realnode

import "os/exec"

// killTree: without process groups, cancellation kills node itself.
func killTree(cmd *exec.Cmd) {
	cmd.Cancel = func() error { return cmd.Process.Kill() }
}

// busy: only unix refuses to run a binary open for writing.
func busy(error) bool { return false }
