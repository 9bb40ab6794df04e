package memfs

import (
	"errors"
	"testing"
)

// Expected messages below were measured with real Node v20.20.2 on Linux
// (fs.*Sync and callback APIs give identical errors), with the host paths
// replaced by sandbox ones.
func newTestFS(t *testing.T) *FS {
	t.Helper()
	f, err := New(Options{Cwd: "/app"})
	if err != nil {
		t.Fatal(err)
	}
	must(t, f.AddFile("/app/f.txt", []byte("hi\n")))
	must(t, f.AddFile("/app/sub/x", nil))
	if _, err := f.Mkdir("/app/d", false); err != nil {
		t.Fatal(err)
	}
	return f
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func TestNodeErrors(t *testing.T) {
	type want struct {
		msg     string
		errno   int
		code    string
		syscall string
	}
	cases := []struct {
		name string
		op   func(f *FS) error
		want want
	}{
		{"readFile missing", func(f *FS) error { _, err := f.ReadFile("/app/missing.txt"); return err },
			want{"ENOENT: no such file or directory, open '/app/missing.txt'", -2, "ENOENT", "open"}},
		{"readFile relative keeps user path", func(f *FS) error { _, err := f.ReadFile("nope"); return err },
			want{"ENOENT: no such file or directory, open 'nope'", -2, "ENOENT", "open"}},
		{"readFile empty path", func(f *FS) error { _, err := f.ReadFile(""); return err },
			want{"ENOENT: no such file or directory, open ''", -2, "ENOENT", "open"}},
		{"readFile dir", func(f *FS) error { _, err := f.ReadFile("/app/d"); return err },
			want{"EISDIR: illegal operation on a directory, read", -21, "EISDIR", "read"}},
		{"readFile through file", func(f *FS) error { _, err := f.ReadFile("/app/f.txt/x"); return err },
			want{"ENOTDIR: not a directory, open '/app/f.txt/x'", -20, "ENOTDIR", "open"}},
		{"readFile trailing slash", func(f *FS) error { _, err := f.ReadFile("f.txt/"); return err },
			want{"ENOTDIR: not a directory, open 'f.txt/'", -20, "ENOTDIR", "open"}},
		{"readFile file/..", func(f *FS) error { _, err := f.ReadFile("f.txt/.."); return err },
			want{"ENOTDIR: not a directory, open 'f.txt/..'", -20, "ENOTDIR", "open"}},
		{"readFile long name", func(f *FS) error { _, err := f.ReadFile(string(make300a())); return err },
			want{"ENAMETOOLONG: name too long, open '" + string(make300a()) + "'", -36, "ENAMETOOLONG", "open"}},
		{"writeFile dir", func(f *FS) error { return f.WriteFile("/app/d", []byte("x")) },
			want{"EISDIR: illegal operation on a directory, open '/app/d'", -21, "EISDIR", "open"}},
		{"writeFile no parent", func(f *FS) error { return f.WriteFile("/app/nop/x", []byte("x")) },
			want{"ENOENT: no such file or directory, open '/app/nop/x'", -2, "ENOENT", "open"}},
		{"writeFile new trailing slash", func(f *FS) error { return f.WriteFile("newf/", []byte("x")) },
			want{"EISDIR: illegal operation on a directory, open 'newf/'", -21, "EISDIR", "open"}},
		{"appendFile dir", func(f *FS) error { return f.AppendFile("/app/d", []byte("x")) },
			want{"EISDIR: illegal operation on a directory, open '/app/d'", -21, "EISDIR", "open"}},
		{"appendFile no parent", func(f *FS) error { return f.AppendFile("/app/nop/x", []byte("x")) },
			want{"ENOENT: no such file or directory, open '/app/nop/x'", -2, "ENOENT", "open"}},
		{"stat missing", func(f *FS) error { _, err := f.Stat("/app/missing"); return err },
			want{"ENOENT: no such file or directory, stat '/app/missing'", -2, "ENOENT", "stat"}},
		{"lstat missing", func(f *FS) error { _, err := f.Lstat("/app/missing"); return err },
			want{"ENOENT: no such file or directory, lstat '/app/missing'", -2, "ENOENT", "lstat"}},
		{"stat through file", func(f *FS) error { _, err := f.Stat("/app/f.txt/x"); return err },
			want{"ENOTDIR: not a directory, stat '/app/f.txt/x'", -20, "ENOTDIR", "stat"}},
		{"readdir missing", func(f *FS) error { _, err := f.Readdir("/app/missing"); return err },
			want{"ENOENT: no such file or directory, scandir '/app/missing'", -2, "ENOENT", "scandir"}},
		{"readdir file", func(f *FS) error { _, err := f.Readdir("/app/f.txt"); return err },
			want{"ENOTDIR: not a directory, scandir '/app/f.txt'", -20, "ENOTDIR", "scandir"}},
		{"mkdir exists", func(f *FS) error { _, err := f.Mkdir("/app/d", false); return err },
			want{"EEXIST: file already exists, mkdir '/app/d'", -17, "EEXIST", "mkdir"}},
		{"mkdir exists file", func(f *FS) error { _, err := f.Mkdir("/app/f.txt", false); return err },
			want{"EEXIST: file already exists, mkdir '/app/f.txt'", -17, "EEXIST", "mkdir"}},
		{"mkdir no parent", func(f *FS) error { _, err := f.Mkdir("/app/nop/x", false); return err },
			want{"ENOENT: no such file or directory, mkdir '/app/nop/x'", -2, "ENOENT", "mkdir"}},
		{"mkdir recursive over file", func(f *FS) error { _, err := f.Mkdir("/app/f.txt", true); return err },
			want{"EEXIST: file already exists, mkdir '/app/f.txt'", -17, "EEXIST", "mkdir"}},
		{"mkdir recursive through file", func(f *FS) error { _, err := f.Mkdir("/app/f.txt/a/b", true); return err },
			want{"ENOTDIR: not a directory, mkdir '/app/f.txt/a/b'", -20, "ENOTDIR", "mkdir"}},
		{"rmdir missing", func(f *FS) error { return f.Rmdir("/app/missing") },
			want{"ENOENT: no such file or directory, rmdir '/app/missing'", -2, "ENOENT", "rmdir"}},
		{"rmdir file", func(f *FS) error { return f.Rmdir("/app/f.txt") },
			want{"ENOTDIR: not a directory, rmdir '/app/f.txt'", -20, "ENOTDIR", "rmdir"}},
		{"rmdir through file", func(f *FS) error { return f.Rmdir("f.txt/x") },
			want{"ENOTDIR: not a directory, rmdir 'f.txt/x'", -20, "ENOTDIR", "rmdir"}},
		{"rmdir not empty", func(f *FS) error { return f.Rmdir("/app/sub") },
			want{"ENOTEMPTY: directory not empty, rmdir '/app/sub'", -39, "ENOTEMPTY", "rmdir"}},
		{"rmdir dot", func(f *FS) error { return f.Rmdir("d/.") },
			want{"EINVAL: invalid argument, rmdir 'd/.'", -22, "EINVAL", "rmdir"}},
		{"rmdir root", func(f *FS) error { return f.Rmdir("/") },
			want{"EBUSY: resource busy or locked, rmdir '/'", -16, "EBUSY", "rmdir"}},
		{"unlink missing", func(f *FS) error { return f.Unlink("/app/missing") },
			want{"ENOENT: no such file or directory, unlink '/app/missing'", -2, "ENOENT", "unlink"}},
		{"unlink dir", func(f *FS) error { return f.Unlink("/app/d") },
			want{"EISDIR: illegal operation on a directory, unlink '/app/d'", -21, "EISDIR", "unlink"}},
		{"unlink trailing slash", func(f *FS) error { return f.Unlink("f.txt/") },
			want{"ENOTDIR: not a directory, unlink 'f.txt/'", -20, "ENOTDIR", "unlink"}},
		{"rename missing", func(f *FS) error { return f.Rename("/app/missing", "/app/m2") },
			want{"ENOENT: no such file or directory, rename '/app/missing' -> '/app/m2'", -2, "ENOENT", "rename"}},
		{"rename file onto dir", func(f *FS) error { return f.Rename("/app/f.txt", "/app/d") },
			want{"EISDIR: illegal operation on a directory, rename '/app/f.txt' -> '/app/d'", -21, "EISDIR", "rename"}},
		{"rename dir onto file", func(f *FS) error { return f.Rename("/app/d", "/app/f.txt") },
			want{"ENOTDIR: not a directory, rename '/app/d' -> '/app/f.txt'", -20, "ENOTDIR", "rename"}},
		{"rename dir onto non-empty dir", func(f *FS) error { return f.Rename("/app/d", "/app/sub") },
			want{"ENOTEMPTY: directory not empty, rename '/app/d' -> '/app/sub'", -39, "ENOTEMPTY", "rename"}},
		{"rename dir into itself", func(f *FS) error { return f.Rename("/app/d", "/app/d/e") },
			want{"EINVAL: invalid argument, rename '/app/d' -> '/app/d/e'", -22, "EINVAL", "rename"}},
		{"rename dest no parent", func(f *FS) error { return f.Rename("/app/f.txt", "/app/nop/x") },
			want{"ENOENT: no such file or directory, rename '/app/f.txt' -> '/app/nop/x'", -2, "ENOENT", "rename"}},
		{"access missing", func(f *FS) error { return f.Access("/app/missing", F_OK) },
			want{"ENOENT: no such file or directory, access '/app/missing'", -2, "ENOENT", "access"}},
		{"access X_OK on 0644", func(f *FS) error { return f.Access("/app/f.txt", X_OK) },
			want{"EACCES: permission denied, access '/app/f.txt'", -13, "EACCES", "access"}},
		{"realpath missing", func(f *FS) error { _, err := f.Realpath("/app/missing"); return err },
			want{"ENOENT: no such file or directory, lstat '/app/missing'", -2, "ENOENT", "lstat"}},
		{"open missing", func(f *FS) error { _, err := f.Open("/app/missing", O_RDONLY, 0o666); return err },
			want{"ENOENT: no such file or directory, open '/app/missing'", -2, "ENOENT", "open"}},
		{"open dir for write", func(f *FS) error { _, err := f.Open("/app/d", flag(t, "w"), 0o666); return err },
			want{"EISDIR: illegal operation on a directory, open '/app/d'", -21, "EISDIR", "open"}},
		{"open wx existing", func(f *FS) error { _, err := f.Open("/app/f.txt", flag(t, "wx"), 0o666); return err },
			want{"EEXIST: file already exists, open '/app/f.txt'", -17, "EEXIST", "open"}},
		{"read bad fd", func(f *FS) error { _, err := f.Read(999, make([]byte, 3), -1); return err },
			want{"EBADF: bad file descriptor, read", -9, "EBADF", "read"}},
		{"write bad fd", func(f *FS) error { _, err := f.Write(999, []byte("x"), -1); return err },
			want{"EBADF: bad file descriptor, write", -9, "EBADF", "write"}},
		{"close bad fd", func(f *FS) error { return f.Close(999) },
			want{"EBADF: bad file descriptor, close", -9, "EBADF", "close"}},
		{"fstat bad fd", func(f *FS) error { _, err := f.Fstat(999); return err },
			want{"EBADF: bad file descriptor, fstat", -9, "EBADF", "fstat"}},
		{"read dir fd", func(f *FS) error {
			fd, err := f.Open("/app/d", O_RDONLY, 0)
			if err != nil {
				return err
			}
			_, err = f.Read(fd, make([]byte, 3), -1)
			return err
		}, want{"EISDIR: illegal operation on a directory, read", -21, "EISDIR", "read"}},
		{"write on read-only fd", func(f *FS) error {
			fd, _ := f.Open("/app/f.txt", O_RDONLY, 0)
			_, err := f.Write(fd, []byte("x"), -1)
			return err
		}, want{"EBADF: bad file descriptor, write", -9, "EBADF", "write"}},
		{"read on write-only fd", func(f *FS) error {
			fd, _ := f.Open("/app/w.txt", flag(t, "w"), 0o666)
			_, err := f.Read(fd, make([]byte, 3), -1)
			return err
		}, want{"EBADF: bad file descriptor, read", -9, "EBADF", "read"}},
		{"rm missing", func(f *FS) error { return f.Rm("/app/missing", false, false) },
			want{"ENOENT: no such file or directory, lstat '/app/missing'", -2, "ENOENT", "lstat"}},
		{"rm missing recursive", func(f *FS) error { return f.Rm("/app/missing", true, false) },
			want{"ENOENT: no such file or directory, lstat '/app/missing'", -2, "ENOENT", "lstat"}},
		{"rm dir", func(f *FS) error { return f.Rm("/app/d", false, false) },
			want{"Path is a directory: rm returned EISDIR (is a directory) /app/d", 21, "ERR_FS_EISDIR", "rm"}},
		{"rm dir force", func(f *FS) error { return f.Rm("/app/d", false, true) },
			want{"Path is a directory: rm returned EISDIR (is a directory) /app/d", 21, "ERR_FS_EISDIR", "rm"}},
		{"symlink exists", func(f *FS) error { return f.Symlink("f.txt", "d") },
			want{"EEXIST: file already exists, symlink 'f.txt' -> 'd'", -17, "EEXIST", "symlink"}},
		{"readlink non-link", func(f *FS) error { _, err := f.Readlink("f.txt"); return err },
			want{"EINVAL: invalid argument, readlink 'f.txt'", -22, "EINVAL", "readlink"}},
		{"readlink missing", func(f *FS) error { _, err := f.Readlink("missing"); return err },
			want{"ENOENT: no such file or directory, readlink 'missing'", -2, "ENOENT", "readlink"}},
		{"open O_NOFOLLOW on link", func(f *FS) error {
			must(t, f.Symlink("f.txt", "lnk"))
			_, err := f.Open("lnk", O_RDONLY|O_NOFOLLOW, 0)
			return err
		}, want{"ELOOP: too many symbolic links encountered, open 'lnk'", -40, "ELOOP", "open"}},
		{"open wx on link", func(f *FS) error {
			must(t, f.Symlink("f.txt", "lnk"))
			_, err := f.Open("lnk", flag(t, "wx"), 0o666)
			return err
		}, want{"EEXIST: file already exists, open 'lnk'", -17, "EEXIST", "open"}},
		{"symlink loop readFile", func(f *FS) error {
			must(t, f.Symlink("/app/loopb", "/app/loopa"))
			must(t, f.Symlink("/app/loopa", "/app/loopb"))
			_, err := f.ReadFile("/app/loopa")
			return err
		}, want{"ELOOP: too many symbolic links encountered, open '/app/loopa'", -40, "ELOOP", "open"}},
		{"symlink loop stat", func(f *FS) error {
			must(t, f.Symlink("/app/loopb", "/app/loopa"))
			must(t, f.Symlink("/app/loopa", "/app/loopb"))
			_, err := f.Stat("/app/loopa")
			return err
		}, want{"ELOOP: too many symbolic links encountered, stat '/app/loopa'", -40, "ELOOP", "stat"}},
		{"symlink loop realpath", func(f *FS) error {
			must(t, f.Symlink("/app/loopb", "/app/loopa"))
			must(t, f.Symlink("/app/loopa", "/app/loopb"))
			_, err := f.Realpath("/app/loopa")
			return err
		}, want{"ELOOP: too many symbolic links encountered, stat '/app/loopa'", -40, "ELOOP", "stat"}},
		{"nul byte in path", func(f *FS) error { _, err := f.ReadFile("a\x00b"); return err },
			want{`The argument 'path' must be a string, Uint8Array, or URL without null bytes. Received 'a\x00b'`, 0, "ERR_INVALID_ARG_VALUE", ""}},
		{"bad flag string", func(f *FS) error { _, err := ParseFlags("zz"); return err },
			want{"The argument 'flags' is invalid. Received 'zz'", 0, "ERR_INVALID_ARG_VALUE", ""}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.op(newTestFS(t))
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("got %v (%T), want *Error", err, err)
			}
			got := want{e.Error(), e.Errno, e.Code, e.Syscall}
			if got != tc.want {
				t.Errorf("\ngot  %+v\nwant %+v", got, tc.want)
			}
		})
	}
}

func make300a() []byte {
	b := make([]byte, 300)
	for i := range b {
		b[i] = 'a'
	}
	return b
}

func flag(t *testing.T, s string) int {
	t.Helper()
	v, err := ParseFlags(s)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// Node v20.20.2 succeeds on these.
func TestNodeSuccesses(t *testing.T) {
	f := newTestFS(t)
	if err := f.Rm("/app/missing", true, true); err != nil {
		t.Errorf("rm force missing: %v", err)
	}
	if err := f.Rename("f.txt", "f.txt"); err != nil {
		t.Errorf("rename onto itself: %v", err)
	}
	if first, err := f.Mkdir("/app/d", true); err != nil || first != "" {
		t.Errorf("mkdir -p existing: %q %v", first, err)
	}
	if first, err := f.Mkdir("q1/q2", true); err != nil || first != "q1" {
		t.Errorf("mkdir -p relative: %q %v (Node returns 'q1')", first, err)
	}
	if first, err := f.Mkdir("/app/z1/z2", true); err != nil || first != "/app/z1" {
		t.Errorf("mkdir -p absolute: %q %v", first, err)
	}
	if _, err := f.Mkdir("newdir2/", false); err != nil {
		t.Errorf("mkdir trailing slash: %v", err)
	}
	fd1, _ := f.Open("f.txt", O_RDONLY, 0)
	fd2, _ := f.Open("f.txt", O_RDONLY, 0)
	if fd1 != 3 || fd2 != 4 {
		t.Errorf("fds %d %d, want 3 4", fd1, fd2)
	}
	st, err := f.Fstat(mustOpen(t, f, "d", O_RDONLY))
	if err != nil || !st.IsDirectory() {
		t.Errorf("fstat dir fd: %+v %v", st, err)
	}
}

func mustOpen(t *testing.T, f *FS, p string, flags int) int {
	t.Helper()
	fd, err := f.Open(p, flags, 0o666)
	if err != nil {
		t.Fatal(err)
	}
	return fd
}
