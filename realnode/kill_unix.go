//go:build unix

package realnode

import (
	"errors"
	"os/exec"
	"syscall"
)

// killTree makes cmd's cancellation kill its process group: node and
// whatever it started.
func killTree(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
}

// busy reports that exec met a binary still open for writing (ETXTBSY).
func busy(err error) bool { return errors.Is(err, syscall.ETXTBSY) }
