//go:build unix

package realnode

import (
	"os/exec"
	"syscall"
)

// killTree makes cmd's cancellation kill its process group: node and
// whatever it started.
func killTree(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
}
