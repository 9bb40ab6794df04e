//go:build linux

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/looplint/looplint/internal/nodecase"
	"github.com/looplint/looplint/realnode"
)

// TestStarve: with -starve and -one-cpu the main thread runs at nice 0 or
// the one given, on one CPU, and the entry's "how" says so.
func TestStarve(t *testing.T) {
	const ver = "20.20.2"
	nodes := needNode(t, ver)
	dir := t.TempDir()
	file := filepath.Join(dir, "case.txtar")
	// The main thread's nice and CPUs, once a timer has let the
	// recorder's watcher (every 200 µs) see it.
	os.WriteFile(file, []byte(`a thread's nice and CPUs
-- main.js --
setTimeout(() => {
  const status = require('fs').readFileSync('/proc/self/status', 'utf8');
  console.log(require('os').getPriority(), /Cpus_allowed_list:\s*(\S+)/.exec(status)[1]);
}, 20);
`), 0o644)
	preload, err := realnode.WritePerturb(dir)
	if err != nil {
		t.Fatal(err)
	}
	s, err := newStarver(7, true)
	if err != nil {
		t.Fatal(err)
	}
	cfg := config{versions: []string{ver}, runs: 8, nodes: nodes, parallel: 2, timeout: 10 * time.Second,
		perturb: true, maxUs: 0, stdout: "pipe", seed: 1, preload: preload, starve: 7, oneCPU: true, starver: s}
	if err := recordArchive(cfg, file); err != nil {
		t.Fatal(err)
	}
	c, err := nodecase.Load(file)
	if err != nil {
		t.Fatal(err)
	}
	p := c.Node[ver].Perturbed
	if p == nil || !strings.HasSuffix(p.How, ", one CPU, threads at nice 0 or 7") {
		t.Fatalf("perturbed: %+v", p)
	}
	for _, o := range p.Outcomes {
		if len(o.Stdout) != 1 {
			t.Fatalf("outcome: %+v", o)
		}
		f := strings.Fields(o.Stdout[0])
		if len(f) != 2 || f[0] != "0" && f[0] != "7" || strings.ContainsAny(f[1], ",-") {
			t.Errorf("a run's nice and CPUs: %q (want 0 or 7, one CPU)", o.Stdout[0])
		}
	}
}
