//go:build !unix

package realbrowser

import "os/exec"

// ownGroup: no process groups here; killGroup kills the browser itself.
func ownGroup(cmd *exec.Cmd) {}

func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		cmd.Process.Kill()
	}
}
