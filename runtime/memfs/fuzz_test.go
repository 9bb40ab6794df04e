package memfs

import (
	"bytes"
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzResolve: Resolve never panics and always yields a clean absolute path;
// no path, however crafted, reads host data from outside the mount.
func FuzzResolve(f *testing.F) {
	for _, s := range []string{"", ".", "..", "/", "a/../../b", "/app/../etc/passwd", "rel-out",
		"sub/sneaky", "self/self/../../secret.txt", "dir-out/s.txt", "loopa", "a.txt/", "//..//x",
		"\x00", strings.Repeat("../", 100) + "secret.txt"} {
		f.Add(s)
	}
	tmp := f.TempDir()
	mnt := filepath.Join(tmp, "mnt")
	must2 := func(err error) {
		if err != nil {
			f.Fatal(err)
		}
	}
	must2(os.MkdirAll(filepath.Join(mnt, "sub"), 0o755))
	must2(os.WriteFile(filepath.Join(tmp, "secret.txt"), []byte("SECRET"), 0o644))
	must2(os.WriteFile(filepath.Join(mnt, "a.txt"), []byte("alpha"), 0o644))
	must2(os.Symlink("../secret.txt", filepath.Join(mnt, "rel-out")))
	must2(os.Symlink(filepath.Join(tmp, "secret.txt"), filepath.Join(mnt, "abs-out")))
	must2(os.Symlink("../../secret.txt", filepath.Join(mnt, "sub", "sneaky")))
	must2(os.Symlink(".", filepath.Join(mnt, "self")))
	must2(os.Symlink("..", filepath.Join(mnt, "sub", "up")))
	fsys, err := New(Options{MountDir: mnt, Cwd: "/app"})
	must2(err)

	f.Fuzz(func(t *testing.T, p string) {
		r := fsys.Resolve(p)
		if !strings.HasPrefix(r, "/") || path.Clean(r) != r {
			t.Fatalf("Resolve(%q) = %q: not clean/absolute", p, r)
		}
		if data, err := fsys.ReadFile(p); err == nil && bytes.Contains(data, []byte("SECRET")) {
			t.Fatalf("ReadFile(%q) escaped the mount", p)
		}
		if rp, err := fsys.Realpath(p); err == nil && (!strings.HasPrefix(rp, "/") || path.Clean(rp) != rp) {
			t.Fatalf("Realpath(%q) = %q", p, rp)
		}
		_, _ = fsys.Readdir(p)
		_, _ = fsys.Lstat(p)
	})
}
