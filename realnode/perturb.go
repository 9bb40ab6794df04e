package realnode

import (
	_ "embed"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
)

// perturbJS is the --perturb preload; its header says what it delays.
//
//go:embed perturb.js
var perturbJS []byte

// WritePerturb writes the perturbing preload into dir and returns its path,
// for RunSpec.Preload.
func WritePerturb(dir string) (string, error) {
	p := filepath.Join(dir, "looplint-perturb.js")
	return p, os.WriteFile(p, perturbJS, 0o644)
}

// PerturbEnv is the environment that seeds the preload for one run; maxUs
// bounds each delay in microseconds (0: no delays, only what the recorder
// adds; negative: the preload's default, 2000).
func PerturbEnv(seed uint32, maxUs int) []string {
	env := []string{fmt.Sprintf("LOOPLINT_PERTURB_SEED=%d", seed)}
	if maxUs >= 0 {
		env = append(env, fmt.Sprintf("LOOPLINT_PERTURB_MAX_US=%d", maxUs))
	}
	return env
}

// Siblings starts n busy processes, each made by busy, for CPU contention
// while perturbed runs are made, and returns what stops them. started,
// if not nil, is told each one's pid (to pin it to a CPU, say).
func Siblings(n int, busy func() *exec.Cmd, started func(pid int) error) (stop func(), err error) {
	var procs []*exec.Cmd
	stop = func() {
		for _, p := range procs {
			p.Process.Kill() // by its own pid: only what this started
			p.Wait()
		}
	}
	for i := 0; i < n; i++ {
		cmd := busy()
		if err := cmd.Start(); err != nil {
			stop()
			return nil, fmt.Errorf("busy sibling: %v", err)
		}
		procs = append(procs, cmd)
		if started != nil {
			if err := started(cmd.Process.Pid); err != nil {
				stop()
				return nil, fmt.Errorf("busy sibling: %v", err)
			}
		}
	}
	return stop, nil
}
