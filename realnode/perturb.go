package realnode

import (
	_ "embed"
	"fmt"
	"os"
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
