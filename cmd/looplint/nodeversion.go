package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// The default --node is the version of the node on PATH. Asking it
// (`node --version`, one process start) costs about as much as the whole
// prediction of a small snippet, so its answer is kept on disk, keyed by the
// binary's resolved path and its file identity (device, inode, size, mtime,
// ctime: any replacement or rewrite of the binary changes the key). Any
// trouble with the cache falls back to asking node.

// nodeVersionCacheMax bounds the entries kept (one per node binary seen).
const nodeVersionCacheMax = 16

// nodeOnPathVersion is the trimmed output of `node --version` for the node on
// PATH, or ok=false when there is none or it fails.
func nodeOnPathVersion() (string, bool) {
	key, file := nodeVersionKey()
	if key != "" {
		if v, ok := readNodeVersionCache(file, key); ok {
			return v, true
		}
	}
	out, err := exec.Command("node", "--version").Output()
	if err != nil {
		return "", false
	}
	v := strings.TrimSpace(string(out))
	if key != "" && v != "" && !strings.ContainsAny(v, "\t\n") {
		writeNodeVersionCache(file, key, v)
	}
	return v, true
}

// nodeVersionKey is the cache key of the node on PATH and the cache file,
// or "" when either cannot be had.
func nodeVersionKey() (key, file string) {
	p, err := exec.LookPath("node")
	if err != nil {
		return "", ""
	}
	if p, err = filepath.Abs(p); err != nil {
		return "", ""
	}
	real, err := filepath.EvalSymlinks(p)
	if err != nil {
		return "", ""
	}
	st, err := os.Stat(real)
	if err != nil || !st.Mode().IsRegular() {
		return "", ""
	}
	id, ok := fileIdentity(st)
	if !ok {
		return "", ""
	}
	dir := os.Getenv("XDG_CACHE_HOME")
	if dir == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			return "", ""
		}
		dir = filepath.Join(home, ".cache")
	}
	return real + " " + id, filepath.Join(dir, "looplint", "node-version")
}

// readNodeVersionCache finds key in the cache file: lines "key\tversion".
func readNodeVersionCache(file, key string) (string, bool) {
	data, err := os.ReadFile(file)
	if err != nil {
		return "", false
	}
	for _, line := range strings.Split(string(data), "\n") {
		k, v, ok := strings.Cut(line, "\t")
		if ok && k == key && v != "" {
			return v, true
		}
	}
	return "", false
}

// writeNodeVersionCache puts key first in the cache file, keeping the most
// recent other entries; it writes a temp file and renames it, so concurrent
// runs never see a partial file. Errors are ignored (the cache is optional).
func writeNodeVersionCache(file, key, v string) {
	var b bytes.Buffer
	b.WriteString(key + "\t" + v + "\n")
	if data, err := os.ReadFile(file); err == nil {
		n := 1
		for _, line := range strings.Split(string(data), "\n") {
			k, _, ok := strings.Cut(line, "\t")
			if !ok || k == key || n >= nodeVersionCacheMax {
				continue
			}
			b.WriteString(line + "\n")
			n++
		}
	}
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		return
	}
	tmp, err := os.CreateTemp(filepath.Dir(file), ".node-version-*")
	if err != nil {
		return
	}
	_, werr := tmp.Write(b.Bytes())
	cerr := tmp.Close()
	if werr != nil || cerr != nil || os.Rename(tmp.Name(), file) != nil {
		os.Remove(tmp.Name())
	}
}
