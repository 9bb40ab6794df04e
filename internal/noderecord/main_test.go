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

// TestPerturbedApart: -perturb records into the version's perturbed
// entry and leaves its plain runs as they were; -accumulate adds to it;
// plain runs recorded again keep it.
func TestPerturbedApart(t *testing.T) {
	const ver = "20.20.2"
	nodes := needNode(t, ver)
	dir := t.TempDir()
	file := filepath.Join(dir, "case.txtar")
	// The plain record is a sentinel: the recorder must not touch it.
	os.WriteFile(file, []byte(`a timer and an immediate
-- main.js --
setTimeout(() => console.log('timeout'), 0);
setImmediate(() => console.log('immediate'));
-- node.json --
{"`+ver+`": {"runs": 1, "outcomes": [{"stdout": ["sentinel"], "stderr": [], "exitCode": 0, "count": 1}]}}
`), 0o644)
	preload, err := realnode.WritePerturb(dir)
	if err != nil {
		t.Fatal(err)
	}
	cfg := config{versions: []string{ver}, runs: 4, nodes: nodes, parallel: 2, timeout: 10 * time.Second,
		perturb: true, maxUs: 500, stdout: "mixed", seed: 1, preload: preload}
	load := func() nodecase.Record {
		t.Helper()
		c, err := nodecase.Load(file)
		if err != nil {
			t.Fatal(err)
		}
		return c.Node[ver]
	}
	if err := recordArchive(cfg, file); err != nil {
		t.Fatal(err)
	}
	rec := load()
	if rec.Runs != 1 || len(rec.Outcomes) != 1 || rec.Outcomes[0].Stdout[0] != "sentinel" {
		t.Errorf("plain runs changed: %+v", rec)
	}
	p := rec.Perturbed
	if p == nil || p.Runs != 4 || !strings.Contains(p.How, "stdout mixed") || !strings.Contains(p.How, "500 µs") {
		t.Fatalf("perturbed: %+v", p)
	}
	n := 0
	for _, o := range p.Outcomes {
		n += o.Count
		if len(o.Stdout) != 2 || o.ExitCode != 0 {
			t.Errorf("perturbed outcome: %+v", o)
		}
	}
	if n != 4 {
		t.Errorf("perturbed counts add up to %d", n)
	}

	cfg.accumulate = true
	if err := recordArchive(cfg, file); err != nil {
		t.Fatal(err)
	}
	if rec := load(); rec.Runs != 1 || rec.Perturbed == nil || rec.Perturbed.Runs != 8 {
		t.Errorf("accumulated: %+v", rec)
	}

	cfg.accumulate, cfg.perturb, cfg.stdout = false, false, "pipe"
	if err := recordArchive(cfg, file); err != nil {
		t.Fatal(err)
	}
	if rec := load(); rec.Runs != 4 || rec.Perturbed == nil || rec.Perturbed.Runs != 8 {
		t.Errorf("plain runs recorded again: %+v", rec)
	}
}

// needNode skips the test unless Node ver is installed where the
// recorder looks, and gives that directory (realnode.DefaultDir).
func needNode(t *testing.T, ver string) string {
	t.Helper()
	nodes := realnode.DefaultDir()
	if _, err := os.Stat(filepath.Join(nodes, ver, "package", "bin", "node")); err != nil {
		t.Skipf("node %s not installed in %s", ver, nodes)
	}
	return nodes
}
