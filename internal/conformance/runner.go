package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// RunOutput is the JSON contract of `looplint run --format json`.
type RunOutput struct {
	File     string    `json:"file"`
	Node     string    `json:"node"`
	Module   string    `json:"module"`
	Outcomes []Outcome `json:"outcomes"`
}

// Outcome is one distinct result reached by the runtime.
type Outcome struct {
	Stdout   []string        `json:"stdout"`
	Stderr   []string        `json:"stderr"`
	ExitCode int             `json:"exitCode"`
	Count    int             `json:"count"`
	Witness  json.RawMessage `json:"witness,omitempty"`
}

// RunResult is what one looplint invocation produced.
type RunResult struct {
	Output *RunOutput // nil when looplint failed
	Failed string     // "looplint failed: <stderr first line>" etc.
	// SyntaxError: looplint exited 2 with a "file:line:col: message" diagnostic.
	SyntaxError bool
	Stderr      string // looplint's own stderr
}

// Runner invokes the looplint binary.
type Runner struct {
	Bin     string
	Explore int
	Seed    int
	Timeout time.Duration
}

var diagnostic = regexp.MustCompile(`^\S.*:\d+:\d+: `)

func (r Runner) args(c Case, version string) []string {
	return []string{"run", "--node", version, "--explore", strconv.Itoa(r.Explore),
		"--seed", strconv.Itoa(r.Seed), "--format", "json", "--fs", c.FS, c.File}
}

// Run executes one case on one Node version.
func (r Runner) Run(c Case, version string) RunResult {
	ctx, cancel := context.WithTimeout(context.Background(), r.Timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, r.Bin, r.args(c, version)...)
	cmd.Dir = c.FS
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	return interpret(stdout.Bytes(), stderr.String(), err, ctx.Err() != nil, r.Timeout)
}

// interpret turns looplint's stdout/stderr/exit status into a RunResult. It
// is separate from Run so that it can be tested on fixed inputs.
func interpret(stdout []byte, stderr string, runErr error, timedOut bool, timeout time.Duration) RunResult {
	res := RunResult{Stderr: stderr}
	first := firstLine(stderr)
	switch {
	case timedOut:
		res.Failed = fmt.Sprintf("looplint timed out after %s", timeout)
		return res
	case runErr != nil:
		var ee *exec.ExitError
		if !errors.As(runErr, &ee) {
			res.Failed = "looplint failed: " + runErr.Error()
			return res
		}
		code := ee.ExitCode()
		// Exit 1 means the snippet itself failed in some outcome; the
		// JSON report is still on stdout.
		if code == 1 {
			var out RunOutput
			if json.Unmarshal(stdout, &out) == nil && out.Outcomes != nil {
				res.Output = &out
				return res
			}
		}
		res.SyntaxError = code == 2 && diagnostic.MatchString(first)
		if first == "" {
			first = fmt.Sprintf("exit status %d, no stderr", code)
		}
		res.Failed = "looplint failed: " + first
		return res
	}
	var out RunOutput
	if err := json.Unmarshal(stdout, &out); err != nil {
		res.Failed = "looplint failed: output is not the JSON contract: " + err.Error()
		return res
	}
	res.Output = &out
	return res
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return strings.TrimSpace(s)
}
