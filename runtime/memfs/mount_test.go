package memfs

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"syscall"
	"testing"
)

func write(t *testing.T, p string, data string) {
	t.Helper()
	must(t, os.MkdirAll(filepath.Dir(p), 0o755))
	must(t, os.WriteFile(p, []byte(data), 0o644))
}

func errno(err error) int {
	var e *Error
	if errors.As(err, &e) {
		return e.Errno
	}
	return 0
}

// mountFixture: <tmp>/secret.txt and <tmp>/outside/ sit next to the mount
// <tmp>/mnt, which holds files, a subdir, and symlinks of every kind.
func mountFixture(t *testing.T) (string, string) {
	t.Helper()
	tmp := t.TempDir()
	mnt := filepath.Join(tmp, "mnt")
	write(t, filepath.Join(tmp, "secret.txt"), "SECRET")
	write(t, filepath.Join(tmp, "outside", "s.txt"), "SECRET")
	write(t, filepath.Join(mnt, "a.txt"), "alpha")
	write(t, filepath.Join(mnt, "sub", "b.txt"), "beta")
	write(t, filepath.Join(mnt, "empty.txt"), "")
	links := map[string]string{
		"abs-out":    filepath.Join(tmp, "secret.txt"),
		"rel-out":    "../secret.txt",
		"dir-out":    "../outside",
		"etc":        "/etc/passwd",
		"in-rel":     "sub/b.txt",
		"in-abs":     filepath.Join(mnt, "sub", "b.txt"),
		"sub/up":     "../a.txt",
		"sub/sneaky": "../../secret.txt",
		"loopa":      "loopb",
		"loopb":      "loopa",
		"self":       ".",
		"dangling":   "nothere",
	}
	for name, target := range links {
		must(t, os.Symlink(target, filepath.Join(mnt, name)))
	}
	return tmp, mnt
}

func TestMountReadAndSymlinks(t *testing.T) {
	_, mnt := mountFixture(t)
	f, err := New(Options{MountDir: mnt, Cwd: "/app"})
	must(t, err)
	defer f.Unmount()

	names, err := f.Readdir(".")
	must(t, err)
	want := []string{"a.txt", "dangling", "empty.txt", "in-abs", "in-rel", "loopa", "loopb", "self", "sub"}
	if !reflect.DeepEqual(names, want) {
		t.Errorf("readdir = %v, want %v (escaping links hidden)", names, want)
	}
	reads := []struct {
		p     string
		data  string
		errno int
	}{
		{"a.txt", "alpha", 0},
		{"/app/sub/b.txt", "beta", 0},
		{"empty.txt", "", 0},
		{"in-rel", "beta", 0},
		{"in-abs", "beta", 0},
		{"sub/up", "alpha", 0},
		{"self/self/self/a.txt", "alpha", 0},
		// Escapes are hidden: ENOENT, never the host content.
		{"abs-out", "", ENOENT},
		{"rel-out", "", ENOENT},
		{"dir-out/s.txt", "", ENOENT},
		{"etc", "", ENOENT},
		{"sub/sneaky", "", ENOENT},
		{"/app/../secret.txt", "", ENOENT},
		{"../secret.txt", "", ENOENT},
		{"../../../../etc/passwd", "", ENOENT},
		{"/etc/passwd", "", ENOENT},
		{mnt + "/a.txt", "", ENOENT}, // host absolute path means nothing here
		{"loopa", "", ELOOP},
		{"dangling", "", ENOENT},
	}
	for _, r := range reads {
		got, err := f.ReadFile(r.p)
		if errno(err) != r.errno || (err == nil && string(got) != r.data) {
			t.Errorf("ReadFile(%q) = %q, %v; want %q errno %d", r.p, got, err, r.data, r.errno)
		}
	}
	if _, err := f.Lstat("abs-out"); errno(err) != ENOENT {
		t.Errorf("lstat of escaping link: %v, want ENOENT", err)
	}
	if st, err := f.Lstat("in-rel"); err != nil || !st.IsSymbolicLink() {
		t.Errorf("lstat in-rel: %+v %v", st, err)
	}
	if got, _ := f.Readlink("in-abs"); got != "/app/sub/b.txt" {
		t.Errorf("readlink in-abs = %q, want host path rewritten to /app/sub/b.txt", got)
	}
	if got, _ := f.Realpath("self/sub/../in-rel"); got != "/app/sub/b.txt" {
		t.Errorf("realpath = %q", got)
	}
	if st, err := f.Stat("a.txt"); err != nil || st.Size != 5 || !st.IsFile() || !st.Mtime.Equal(FixedTime) {
		t.Errorf("stat a.txt = %+v %v", st, err)
	}
}

func TestOverlayNeverWritesHost(t *testing.T) {
	_, mnt := mountFixture(t)
	f, err := New(Options{MountDir: mnt})
	must(t, err)
	defer f.Unmount()

	must(t, f.WriteFile("a.txt", []byte("changed")))
	must(t, f.AppendFile("sub/b.txt", []byte("+more")))
	must(t, f.WriteFile("new.txt", []byte("n")))
	_, err = f.Mkdir("newdir/x", true)
	must(t, err)
	must(t, f.Rename("sub", "moved"))
	must(t, f.Unlink("empty.txt"))
	must(t, f.Rm("in-rel", false, false))
	must(t, f.Symlink("a.txt", "lnk"))
	// Writing through an escaping link name creates an overlay file instead.
	must(t, f.WriteFile("abs-out", []byte("overlay")))

	for p, want := range map[string]string{"a.txt": "changed", "moved/b.txt": "beta+more", "new.txt": "n", "lnk": "changed", "abs-out": "overlay"} {
		got, err := f.ReadFile(p)
		if err != nil || string(got) != want {
			t.Errorf("ReadFile(%q) = %q, %v; want %q", p, got, err, want)
		}
	}
	if f.Exists("empty.txt") || f.Exists("sub") || f.Exists("in-rel") {
		t.Error("removed entries still visible")
	}
	// Host is untouched.
	for p, want := range map[string]string{"a.txt": "alpha", "sub/b.txt": "beta", "empty.txt": ""} {
		got, err := os.ReadFile(filepath.Join(mnt, p))
		if err != nil || string(got) != want {
			t.Errorf("host %s = %q, %v; want %q", p, got, err, want)
		}
	}
	for _, p := range []string{"new.txt", "newdir", "moved", "lnk"} {
		if _, err := os.Lstat(filepath.Join(mnt, p)); !os.IsNotExist(err) {
			t.Errorf("host gained %s", p)
		}
	}
	if _, err := os.Lstat(filepath.Join(mnt, "in-rel")); err != nil {
		t.Errorf("host lost in-rel: %v", err)
	}
	if s, _ := os.ReadFile(filepath.Join(filepath.Dir(mnt), "secret.txt")); string(s) != "SECRET" {
		t.Error("secret modified")
	}
	// A second FS sees the pristine mount: the overlay died with the first.
	g, err := New(Options{MountDir: mnt})
	must(t, err)
	defer g.Unmount()
	if got, _ := g.ReadFile("a.txt"); string(got) != "alpha" {
		t.Errorf("fresh FS sees %q", got)
	}
}

func TestSpecialFilesHidden(t *testing.T) {
	tmp := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(tmp, "fifo"), 0o644); err != nil {
		t.Skip("mkfifo:", err)
	}
	must(t, os.Symlink("fifo", filepath.Join(tmp, "to-fifo")))
	must(t, os.Symlink("/dev/null", filepath.Join(tmp, "devnull")))
	f, err := New(Options{MountDir: tmp})
	must(t, err)
	for _, p := range []string{"fifo", "to-fifo", "devnull"} {
		if _, err := f.ReadFile(p); errno(err) != ENOENT {
			t.Errorf("ReadFile(%s) = %v, want ENOENT", p, err)
		}
	}
	names, _ := f.Readdir(".")
	if len(names) != 1 || names[0] != "to-fifo" {
		t.Errorf("readdir = %v (fifo and devnull hidden; to-fifo is a dangling in-mount link)", names)
	}
}

func TestZeroByteAndBinary(t *testing.T) {
	tmp := t.TempDir()
	bin := make([]byte, 0, 512)
	for i := 0; i < 512; i++ {
		bin = append(bin, byte(i))
	}
	must(t, os.WriteFile(filepath.Join(tmp, "bin"), bin, 0o644))
	must(t, os.WriteFile(filepath.Join(tmp, "zero"), nil, 0o644))
	f, err := New(Options{MountDir: tmp})
	must(t, err)
	got, err := f.ReadFile("bin")
	if err != nil || !bytes.Equal(got, bin) {
		t.Errorf("binary round trip failed: %v", err)
	}
	got, err = f.ReadFile("zero")
	if err != nil || len(got) != 0 {
		t.Errorf("zero: %q %v", got, err)
	}
	if st, _ := f.Stat("zero"); st.Size != 0 || st.Blocks != 0 {
		t.Errorf("zero stat: %+v", st)
	}
	must(t, f.WriteFile("bin2", bin))
	if got, _ := f.ReadFile("bin2"); !bytes.Equal(got, bin) {
		t.Error("binary write round trip failed")
	}
}

func TestLimits(t *testing.T) {
	tmp := t.TempDir()
	write(t, filepath.Join(tmp, "big"), string(make([]byte, 100)))
	write(t, filepath.Join(tmp, "small"), "0123456789")
	f, err := New(Options{MountDir: tmp, MaxFileBytes: 50, MaxTotalBytes: 80, MaxFiles: 6, MaxFds: 2})
	must(t, err)

	_, err = f.ReadFile("big")
	var e *Error
	if !errors.As(err, &e) || e.Error() != "EFBIG: file too large, open 'big'" || e.Detail == "" {
		t.Errorf("host file over MaxFileBytes: %v", err)
	}
	if st, err := f.Stat("big"); err != nil || st.Size != 100 {
		t.Errorf("stat of unloaded big file: %+v %v", st, err)
	}
	if err := f.WriteFile("w", make([]byte, 51)); errno(err) != EFBIG {
		t.Errorf("write over MaxFileBytes: %v", err)
	}
	must(t, f.WriteFile("w", make([]byte, 50)))
	must(t, f.WriteFile("w2", make([]byte, 25))) // 75 in memory; host files not loaded
	if err := f.WriteFile("w3", make([]byte, 6)); errno(err) != ENOSPC {
		t.Errorf("write over MaxTotalBytes: %v", err)
	}
	if _, err := f.ReadFile("small"); errno(err) != ENOSPC {
		t.Errorf("host read over MaxTotalBytes: %v", err)
	}
	must(t, f.Unlink("w")) // frees 50
	if _, err := f.ReadFile("small"); err != nil {
		t.Errorf("read after freeing: %v", err)
	}
	// nodes: big, small, w2, w3 (created, empty) = 4; two more allowed.
	must(t, f.WriteFile("n1", nil))
	_, err = f.Mkdir("n2", false)
	must(t, err)
	if err := f.WriteFile("n3", nil); errno(err) != ENOSPC {
		t.Errorf("create over MaxFiles: %v", err)
	}
	fd1 := mustOpen(t, f, "small", O_RDONLY)
	mustOpen(t, f, "small", O_RDONLY)
	if _, err := f.Open("small", O_RDONLY, 0); errno(err) != EMFILE {
		t.Errorf("open over MaxFds: %v", err)
	}
	must(t, f.Close(fd1))
	if fd := mustOpen(t, f, "small", O_RDONLY); fd != fd1 {
		t.Errorf("lowest fd not reused: got %d want %d", fd, fd1)
	}

	// A mounted directory with too many entries fails when listed.
	many := t.TempDir()
	for _, n := range []string{"1", "2", "3", "4"} {
		write(t, filepath.Join(many, n), n)
	}
	g, err := New(Options{MountDir: many, MaxFiles: 3})
	must(t, err)
	if _, err := g.Readdir("."); errno(err) != ENOSPC {
		t.Errorf("listing over MaxFiles: %v", err)
	}
}

func TestFdReadWrite(t *testing.T) {
	f := newTestFS(t)
	fd := mustOpen(t, f, "rw.txt", flag(t, "w+"))
	if n, err := f.Write(fd, []byte("hello world"), -1); n != 11 || err != nil {
		t.Fatal(n, err)
	}
	if _, err := f.Write(fd, []byte("HELLO"), 0); err != nil { // positional: offset unchanged
		t.Fatal(err)
	}
	buf := make([]byte, 5)
	if n, _ := f.Read(fd, buf, 6); n != 5 || string(buf) != "world" {
		t.Errorf("pread = %q", buf[:n])
	}
	if n, _ := f.Read(fd, buf, -1); n != 0 {
		t.Errorf("read at EOF = %d", n)
	}
	must(t, f.Close(fd))
	fd = mustOpen(t, f, "rw.txt", flag(t, "a"))
	if _, err := f.Write(fd, []byte("!"), 0); err != nil { // append ignores position
		t.Fatal(err)
	}
	must(t, f.Close(fd))
	fd = mustOpen(t, f, "rw.txt", flag(t, "r"))
	var out []byte
	for {
		n, err := f.Read(fd, buf, -1)
		must(t, err)
		if n == 0 {
			break
		}
		out = append(out, buf[:n]...)
	}
	if string(out) != "HELLO world!" {
		t.Errorf("content = %q", out)
	}
	// Unlinked files stay readable through open fds.
	must(t, f.Unlink("rw.txt"))
	if n, _ := f.Read(fd, buf, 0); string(buf[:n]) != "HELLO" {
		t.Errorf("read after unlink = %q", buf[:n])
	}
}

func TestResolve(t *testing.T) {
	f := newTestFS(t)
	cases := map[string]string{
		"":                    "/app",
		".":                   "/app",
		"a":                   "/app/a",
		"./a/../b/":           "/app/b",
		"../../../etc/passwd": "/etc/passwd",
		"/app/../etc/passwd":  "/etc/passwd",
		"//x//y/":             "/x/y",
		"/..":                 "/",
		"a/./b/../../..":      "/",
		"...":                 "/app/...",
	}
	for in, want := range cases {
		if got := f.Resolve(in); got != want {
			t.Errorf("Resolve(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestMkdirRecursiveAndRm(t *testing.T) {
	f := newTestFS(t)
	first, err := f.Mkdir("a/b/c", true)
	if err != nil || first != "a" {
		t.Fatalf("%q %v", first, err)
	}
	must(t, f.WriteFile("a/b/c/f", []byte("x")))
	if err := f.Rmdir("a"); errno(err) != ENOTEMPTY {
		t.Errorf("rmdir non-empty: %v", err)
	}
	must(t, f.Rm("a", true, false))
	if f.Exists("a") {
		t.Error("rm -r left a")
	}
	must(t, f.Rmdir("d"))
	if got, _ := f.Readdir("/app"); !reflect.DeepEqual(got, []string{"f.txt", "sub"}) {
		t.Errorf("readdir after removals = %v", got)
	}
	must(t, f.Rename("sub", "d2"))
	ents, _ := f.ReaddirEntries("/")
	if len(ents) != 1 || ents[0].Name != "app" || !ents[0].IsDirectory() {
		t.Errorf("root entries %+v", ents)
	}
}

// TestListingsSameTree: a file system built from cached listings is the
// one a fresh listing builds (entries, inode numbers, link targets, sizes,
// contents), and the MaxFiles error comes out the same way from the cache.
func TestListingsSameTree(t *testing.T) {
	_, mnt := mountFixture(t)
	paths := []string{".", "a.txt", "sub", "sub/b.txt", "sub/up", "empty.txt", "in-rel", "in-abs", "self", "dangling", "loopa", "abs-out", "sub/sneaky"}
	snapshot := func(l *Listings) []string {
		f, err := New(Options{MountDir: mnt, Cwd: "/app", Listings: l})
		must(t, err)
		defer f.Unmount()
		var out []string
		for _, p := range paths {
			names, err := f.Readdir(p)
			st, serr := f.Lstat(p)
			target, lerr := f.Readlink(p)
			data, rerr := f.ReadFile(p)
			out = append(out, fmt.Sprintf("%s: %v %v | %d %o %d %v | %q %v | %q %v", p, names, errno(err),
				st.Ino, st.Mode, st.Size, errno(serr), target, errno(lerr), data, errno(rerr)))
		}
		return out
	}
	fresh := snapshot(nil)
	l := &Listings{}
	for i := 0; i < 3; i++ { // the first fills the cache, the others use it
		if got := snapshot(l); !reflect.DeepEqual(got, fresh) {
			t.Fatalf("run %d with listings:\n%s\nwant\n%s", i, strings.Join(got, "\n"), strings.Join(fresh, "\n"))
		}
	}
	if len(l.dirs) != 2 { // "." and "sub"
		t.Errorf("cached %d listings, want 2", len(l.dirs))
	}
	// Another mount with the same Listings starts over.
	other := t.TempDir()
	write(t, filepath.Join(other, "x.txt"), "x")
	g, err := New(Options{MountDir: other, Listings: l})
	must(t, err)
	names, err := g.Readdir(".")
	g.Unmount()
	if err != nil || !reflect.DeepEqual(names, []string{"x.txt"}) {
		t.Errorf("other mount: %v %v", names, err)
	}

	many := t.TempDir()
	for i := 0; i < 5; i++ {
		write(t, filepath.Join(many, fmt.Sprintf("f%d", i)), "x")
	}
	ml := &Listings{}
	for i := 0; i < 2; i++ {
		h, err := New(Options{MountDir: many, MaxFiles: 3, Listings: ml})
		must(t, err)
		_, err = h.Readdir(".")
		h.Unmount()
		if errno(err) != ENOSPC {
			t.Errorf("listing over MaxFiles (run %d): %v", i, err)
		}
	}
}

// A kernel file system is not a project: mounting /proc would show the
// snippet looplint's own environment (/proc/self/environ).
func TestPseudoFSRefused(t *testing.T) {
	for _, dir := range []string{"/proc", "/sys"} {
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			continue
		}
		if _, err := New(Options{MountDir: dir}); err == nil || !strings.Contains(err.Error(), "describes this machine") {
			t.Errorf("New(MountDir %s) = %v, want refused", dir, err)
		}
	}
}

// AddFile in the mount's root (the snippet) does not list the mount; the
// listing, when it comes, shows the host's entries with the added file in
// place of the host's file of that name.
func TestAddFileBeforeListing(t *testing.T) {
	_, mnt := mountFixture(t)
	ls := &Listings{}
	f, err := New(Options{MountDir: mnt, Cwd: "/app", Listings: ls})
	must(t, err)
	defer f.Unmount()
	must(t, f.AddFile("/app/a.txt", []byte("snippet")))
	must(t, f.AddFile("/app/main.js", []byte("main")))
	if ls.get(f.mount.key, ".") != nil {
		t.Fatal("AddFile listed the mount")
	}
	names, err := f.Readdir("/app")
	must(t, err)
	if !reflect.DeepEqual(names, []string{"a.txt", "dangling", "empty.txt", "in-abs", "in-rel", "loopa", "loopb", "main.js", "self", "sub"}) {
		t.Errorf("Readdir = %q", names)
	}
	for p, want := range map[string]string{"a.txt": "snippet", "main.js": "main", "sub/b.txt": "beta", "in-rel": "beta"} {
		if got, err := f.ReadFile(p); err != nil || string(got) != want {
			t.Errorf("ReadFile(%q) = %q, %v; want %q", p, got, err, want)
		}
	}
}
