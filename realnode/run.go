package realnode

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"time"
)

// RunSpec says how to run one snippet once.
type RunSpec struct {
	// File is the snippet. It runs where it is, so that its relative
	// imports and its nearest package.json (which decides the module kind,
	// as for looplint's own loader) are the ones it has.
	File string
	// ESM says the file loads as an ES module; Node before 12.17 then
	// needs --experimental-modules, which Run adds.
	ESM bool
	// WorkDir, when set, is copied into a fresh temp dir that becomes the
	// working directory; else the working directory is an empty temp dir.
	WorkDir string
	// Cwd, when set, is the working directory itself (nothing is copied
	// or removed); WorkDir is then ignored.
	Cwd string
	// Preload is passed as --require (see Perturb).
	Preload string
	// Env is added to the minimal environment Run builds.
	Env []string
	// Timeout bounds one run (default 10s); the process group is killed then.
	Timeout time.Duration
	// StdoutFile sends stdout to a regular file (read back afterwards)
	// instead of a pipe, as `node FILE > out` does: Node's process.stdout
	// is then a synchronous file stream, whose first write is quicker on
	// some releases.
	StdoutFile bool
	// Started, when set, is called with node's pid once it has started;
	// what it returns is called once node has ended (noderecord -starve
	// watches the process's threads meanwhile).
	Started func(pid int) (stop func())
}

// Result is one run.
type Result struct {
	Stdout, Stderr string
	ExitCode       int  // -1 when killed by a signal
	TimedOut       bool // killed after Timeout, or its output could not be read to the end
	// Cwd is the working directory the run had (a temp dir is removed by now); output
	// mentioning it is normalised by the caller.
	Cwd string
}

// maxOutput caps what is kept of each stream.
const maxOutput = 4 << 20

// Args is the node command line for spec (without the binary).
func (b *Binary) Args(spec RunSpec) []string {
	var args []string
	if spec.ESM && !b.Version.AtLeast(12, 17) {
		args = append(args, "--experimental-modules")
	}
	if spec.Preload != "" {
		args = append(args, "--require", spec.Preload)
	}
	return append(args, spec.File)
}

// Run runs the snippet once: a fresh working directory, stdin closed, a
// minimal environment (PATH with node's dir first, HOME = the working
// directory, TZ=UTC, LANG=C.UTF-8), its own process group killed on
// timeout or cancellation.
func (b *Binary) Run(ctx context.Context, spec RunSpec) (Result, error) {
	if spec.Timeout <= 0 {
		spec.Timeout = 10 * time.Second
	}
	dir := spec.Cwd
	if dir == "" {
		var err error
		if dir, err = os.MkdirTemp("", "looplint-node-"); err != nil {
			return Result{}, err
		}
		defer os.RemoveAll(dir)
	}
	if spec.Cwd == "" && spec.WorkDir != "" {
		if err := copyTree(spec.WorkDir, dir); err != nil {
			return Result{}, fmt.Errorf("copy %s: %v", spec.WorkDir, err)
		}
	}
	ctx, cancel := context.WithTimeout(ctx, spec.Timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, b.Path, b.Args(spec)...)
	cmd.Dir = dir
	cmd.Env = append([]string{
		"PATH=" + filepath.Dir(b.Path) + ":/usr/bin:/bin",
		"HOME=" + dir,
		"TZ=UTC",
		"LANG=C.UTF-8",
	}, spec.Env...)
	killTree(cmd)
	cmd.WaitDelay = 5 * time.Second
	var stdout, stderr capped
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	var file *os.File
	if spec.StdoutFile {
		var err error
		if file, err = os.CreateTemp("", "looplint-stdout-"); err != nil {
			return Result{}, err
		}
		defer os.Remove(file.Name())
		defer file.Close()
		cmd.Stdout = file
	}
	err := cmd.Start()
	if err == nil {
		if spec.Started != nil {
			stop := spec.Started(cmd.Process.Pid)
			err = cmd.Wait()
			stop()
		} else {
			err = cmd.Wait()
		}
	}
	if file != nil {
		if _, serr := file.Seek(0, io.SeekStart); serr != nil {
			return Result{}, serr
		}
		if _, rerr := io.Copy(&stdout, io.LimitReader(file, maxOutput)); rerr != nil {
			return Result{}, rerr
		}
	}
	res := Result{Stdout: stdout.String(), Stderr: stderr.String(), Cwd: dir}
	// Killed for the time limit (Wait then reports the context's error or
	// the signal, depending on timing): a timed-out run, not a failure.
	if ctx.Err() != nil && cmd.Process != nil {
		res.TimedOut = true
		res.ExitCode = -1
		return res, nil
	}
	var exitErr *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &exitErr):
		res.ExitCode = exitErr.ExitCode()
	case errors.Is(err, exec.ErrWaitDelay):
		// The process ended but its output pipes were still open after
		// WaitDelay (a descendant holds them, or this machine is too loaded
		// to drain them): what was captured may be cut short, so the run
		// counts as timed out rather than as a clean exit with that output.
		res.TimedOut = true
		res.ExitCode = -1
	default:
		return res, err
	}
	return res, nil
}

// capped keeps the first maxOutput bytes written to it.
type capped struct{ bytes.Buffer }

func (c *capped) Write(p []byte) (int, error) {
	if room := maxOutput - c.Len(); room > 0 {
		if len(p) > room {
			c.Buffer.Write(p[:room])
		} else {
			c.Buffer.Write(p)
		}
	}
	return len(p), nil
}

// copyTree copies the regular files, directories and symlinks under src into dst.
func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil || rel == "." {
			return err
		}
		to := filepath.Join(dst, rel)
		switch {
		case d.IsDir():
			return os.MkdirAll(to, 0o755)
		case d.Type()&fs.ModeSymlink != 0:
			t, err := os.Readlink(p)
			if err != nil {
				return err
			}
			return os.Symlink(t, to)
		case d.Type().IsRegular():
			in, err := os.Open(p)
			if err != nil {
				return err
			}
			defer in.Close()
			out, err := os.OpenFile(to, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
			if err != nil {
				return err
			}
			if _, err := io.Copy(out, in); err != nil {
				out.Close()
				return err
			}
			return out.Close()
		}
		return nil
	})
}

// Lines is a run's output normalised for comparison: paths replaced by r,
// stdout split into lines (NormalizeLines is for the comparison key, so
// it is not applied here), stderr through NormalizeStderr.
func (res Result) Lines(r Replacer) (stdout, stderr []string) {
	return SplitLines(r.Apply(res.Stdout)), NormalizeStderr(r.Apply(res.Stderr))
}
