package memfs

import (
	"sort"
	"strings"
	"time"
)

// Stat mirrors the fields of Node's fs.Stats.
type Stat struct {
	Dev, Ino, Mode, Nlink, Uid, Gid, Rdev int64
	Size, Blksize, Blocks                 int64
	Atime, Mtime, Ctime, Birthtime        time.Time
}

func (s Stat) IsFile() bool         { return s.Mode&S_IFMT == S_IFREG }
func (s Stat) IsDirectory() bool    { return s.Mode&S_IFMT == S_IFDIR }
func (s Stat) IsSymbolicLink() bool { return s.Mode&S_IFMT == S_IFLNK }

// Dirent is one entry of ReaddirEntries (Node's withFileTypes).
type Dirent struct {
	Name string
	Mode uint32 // S_IFREG, S_IFDIR or S_IFLNK
}

func (d Dirent) IsFile() bool         { return d.Mode == S_IFREG }
func (d Dirent) IsDirectory() bool    { return d.Mode == S_IFDIR }
func (d Dirent) IsSymbolicLink() bool { return d.Mode == S_IFLNK }

// Fixed identity of the simulated process, which owns every file.
const (
	simUID = 1000
	simGID = 1000
	simDev = 2049
)

func statOf(n *node) Stat {
	nlink := int64(1)
	if n.isDir() {
		nlink = 2
		for _, c := range n.children {
			if c.isDir() {
				nlink++
			}
		}
	}
	size := n.size()
	return Stat{
		Dev: simDev, Ino: int64(n.ino), Mode: int64(n.mode), Nlink: nlink,
		Uid: simUID, Gid: simGID, Size: size, Blksize: 4096,
		Blocks: (size + 4095) / 4096 * 8,
		Atime:  n.mtime, Mtime: n.mtime, Ctime: n.ctime, Birthtime: n.birth,
	}
}

func hasNul(p string) bool { return strings.IndexByte(p, 0) >= 0 }

// Stat follows symlinks.
func (f *FS) Stat(p string) (Stat, error) { return f.stat(p, true, "stat") }

// Kind reports whether p (links followed) is a regular file or a
// directory: what module resolution asks (nodepath.Lookup).
func (f *FS) Kind(p string) (file, dir bool) {
	st, err := f.Stat(p)
	if err != nil {
		return false, false
	}
	return st.IsFile(), st.IsDirectory()
}

// Lstat does not follow a final symlink.
func (f *FS) Lstat(p string) (Stat, error) { return f.stat(p, false, "lstat") }

func (f *FS) stat(p string, follow bool, sc string) (Stat, error) {
	if hasNul(p) {
		return Stat{}, errNulPath(p)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	r, le := f.walk(p, follow)
	if le != nil {
		return Stat{}, le.as(sc, p)
	}
	if r.n == nil {
		return Stat{}, newErr(ENOENT, sc, p)
	}
	return statOf(r.n), nil
}

// Exists reports whether p resolves (following symlinks), like fs.existsSync.
func (f *FS) Exists(p string) bool {
	_, err := f.Stat(p)
	return err == nil
}

// Access checks mode (F_OK/R_OK/W_OK/X_OK) against the owner permission bits;
// the simulated process owns everything and is not root.
func (f *FS) Access(p string, mode int) error {
	if hasNul(p) {
		return errNulPath(p)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	r, le := f.walk(p, true)
	if le != nil {
		return le.as("access", p)
	}
	if r.n == nil {
		return newErr(ENOENT, "access", p)
	}
	if mode&^7 != 0 {
		return newErr(EINVAL, "access", p)
	}
	if !permits(r.n, mode) {
		return newErr(EACCES, "access", p)
	}
	return nil
}

func permits(n *node, mode int) bool {
	owner := int(n.mode>>6) & 7
	return owner&mode == mode
}

// ReadFile returns a copy of the file's contents.
func (f *FS) ReadFile(p string) ([]byte, error) {
	if hasNul(p) {
		return nil, errNulPath(p)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	r, le := f.walk(p, true)
	if le != nil {
		return nil, le.as("open", p)
	}
	if r.n == nil {
		return nil, newErr(ENOENT, "open", p)
	}
	if !permits(r.n, R_OK) {
		return nil, newErr(EACCES, "open", p)
	}
	if r.n.isDir() {
		// Node opens the directory fine and fails on read, without a path.
		return nil, fdErr(EISDIR, "read")
	}
	if le := f.loadFile(r.n); le != nil {
		return nil, le.as("open", p)
	}
	return append([]byte{}, r.n.data...), nil
}

// WriteFile replaces (or creates, mode 0644) the file, like flag 'w'.
func (f *FS) WriteFile(p string, data []byte) error {
	return f.writeWhole(p, data, O_WRONLY|O_CREAT|O_TRUNC)
}

// AppendFile appends (creating the file if needed), like flag 'a'.
func (f *FS) AppendFile(p string, data []byte) error {
	return f.writeWhole(p, data, O_WRONLY|O_CREAT|O_APPEND)
}

func (f *FS) writeWhole(p string, data []byte, flags int) error {
	if hasNul(p) {
		return errNulPath(p)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	n, err := f.openNode(p, flags, 0o666)
	if err != nil {
		return err
	}
	if le := f.writeAt(n, data, int64(len(n.data)), flags&O_APPEND != 0); le != nil {
		return le.as("write", "")
	}
	return nil
}

// writeAt writes b at off (or the end when appending), growing the file.
func (f *FS) writeAt(n *node, b []byte, off int64, appendMode bool) *lerr {
	if le := f.loadFile(n); le != nil {
		return le
	}
	if appendMode {
		off = int64(len(n.data))
	}
	end := off + int64(len(b))
	if end > int64(len(n.data)) {
		if le := f.checkSize(end, end-int64(len(n.data))); le != nil {
			return le
		}
		f.bytes += end - int64(len(n.data))
		if end > int64(cap(n.data)) {
			nd := make([]byte, end, end+end/4)
			copy(nd, n.data)
			n.data = nd
		} else {
			n.data = n.data[:end]
		}
	}
	copy(n.data[off:], b)
	f.touch(n)
	return nil
}

// Readdir lists names sorted bytewise (Node returns OS order; sorted keeps runs
// deterministic).
func (f *FS) Readdir(p string) ([]string, error) {
	ents, err := f.ReaddirEntries(p)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(ents))
	for i, e := range ents {
		out[i] = e.Name
	}
	return out, nil
}

// ReaddirEntries is Readdir with entry types (withFileTypes).
func (f *FS) ReaddirEntries(p string) ([]Dirent, error) {
	if hasNul(p) {
		return nil, errNulPath(p)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	r, le := f.walk(p, true)
	if le != nil {
		return nil, le.as("scandir", p)
	}
	if r.n == nil {
		return nil, newErr(ENOENT, "scandir", p)
	}
	if !r.n.isDir() {
		return nil, newErr(ENOTDIR, "scandir", p)
	}
	if le := f.loadDir(r.n); le != nil {
		return nil, le.as("scandir", p)
	}
	out := make([]Dirent, 0, len(r.n.children))
	for name, c := range r.n.children {
		out = append(out, Dirent{Name: name, Mode: c.mode & S_IFMT})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

// Mkdir creates a directory. With recursive it returns the first directory
// created, spelled as a prefix of p like Node does ("" if none was created).
func (f *FS) Mkdir(p string, recursive bool) (string, error) {
	if hasNul(p) {
		return "", errNulPath(p)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if !recursive {
		return "", f.mkdirOne(p, p)
	}
	first := ""
	prefixes := mkdirPrefixes(p)
	for i, q := range prefixes {
		r, le := f.walk(q, true)
		if le != nil {
			return "", le.as("mkdir", p)
		}
		if r.n != nil {
			if r.n.isDir() {
				continue
			}
			if i == len(prefixes)-1 {
				return "", newErr(EEXIST, "mkdir", p)
			}
			return "", newErr(ENOTDIR, "mkdir", p)
		}
		if err := f.mkdirOne(q, p); err != nil {
			return "", err
		}
		if first == "" {
			first = q
		}
	}
	return first, nil
}

// mkdirPrefixes lists p cut at each '/' (keeping p's own spelling).
func mkdirPrefixes(p string) []string {
	var out []string
	for i := 1; i < len(p); i++ {
		if p[i] == '/' && p[i-1] != '/' {
			out = append(out, p[:i])
		}
	}
	if t := strings.TrimRight(p, "/"); t != "" {
		out = append(out, t)
	} else {
		out = append(out, "/")
	}
	return out
}

func (f *FS) mkdirOne(q, errPath string) error {
	r, le := f.walk(q, false)
	if le != nil {
		return le.as("mkdir", errPath)
	}
	if r.n != nil {
		return newErr(EEXIST, "mkdir", errPath)
	}
	if le := f.roomForNode(); le != nil {
		return le.as("mkdir", errPath)
	}
	n := f.newNode(S_IFDIR | (0o777 &^ umask))
	n.children = map[string]*node{}
	f.addNode(r.parent, r.name, n)
	return nil
}

// Rmdir removes an empty directory; a symlink is not followed (ENOTDIR).
func (f *FS) Rmdir(p string) error {
	if hasNul(p) {
		return errNulPath(p)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	r, le := f.walk(p, false)
	if le != nil {
		return le.as("rmdir", p)
	}
	switch {
	case r.n == nil:
		return newErr(ENOENT, "rmdir", p)
	case r.dot == ".":
		return newErr(EINVAL, "rmdir", p)
	case r.parent == nil:
		return newErr(EBUSY, "rmdir", p)
	case !r.n.isDir():
		return newErr(ENOTDIR, "rmdir", p)
	}
	if le := f.loadDir(r.n); le != nil {
		return le.as("rmdir", p)
	}
	if len(r.n.children) > 0 || r.dot == ".." {
		return newErr(ENOTEMPTY, "rmdir", p)
	}
	f.remove(r.parent, r.name)
	return nil
}

func (f *FS) remove(parent *node, name string) {
	f.forget(parent.children[name])
	delete(parent.children, name)
	f.touch(parent)
}

// Unlink removes a file or symlink.
func (f *FS) Unlink(p string) error {
	if hasNul(p) {
		return errNulPath(p)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	r, le := f.walk(p, false)
	if le != nil {
		return le.as("unlink", p)
	}
	if r.n == nil {
		return newErr(ENOENT, "unlink", p)
	}
	if r.n.isDir() {
		return newErr(EISDIR, "unlink", p)
	}
	f.remove(r.parent, r.name)
	return nil
}

// Rm is Node 20's fs.rm: lstat first, refuses directories unless recursive,
// force ignores a missing path. Symlinks are removed, never followed.
func (f *FS) Rm(p string, recursive, force bool) error {
	if hasNul(p) {
		return errNulPath(p)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	r, le := f.walk(p, false)
	if le != nil {
		if force && (le.errno == ENOENT || le.errno == ENOTDIR) {
			return nil
		}
		return le.as("lstat", p)
	}
	if r.n == nil {
		if force {
			return nil
		}
		return newErr(ENOENT, "lstat", p)
	}
	if r.n.isDir() && !recursive {
		return errIsDirRm(p)
	}
	if r.parent == nil || r.dot != "" {
		return newErr(EINVAL, "rm", p)
	}
	f.remove(r.parent, r.name)
	return nil
}

// Rename follows rename(2): replaces files, empty directories, never follows
// symlinks, refuses moving a directory into itself.
func (f *FS) Rename(oldp, newp string) error {
	if hasNul(oldp) {
		return errNulPath(oldp)
	}
	if hasNul(newp) {
		return errNulPath(newp)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	src, le := f.walk(oldp, false)
	if le != nil {
		return le.as2("rename", oldp, newp)
	}
	if src.n == nil {
		return newErr2(ENOENT, "rename", oldp, newp)
	}
	dst, le := f.walk(newp, false)
	if le != nil {
		return le.as2("rename", oldp, newp)
	}
	if src.parent == nil || dst.parent == nil {
		return newErr2(EBUSY, "rename", oldp, newp)
	}
	if src.dot != "" || dst.dot != "" {
		return newErr2(EINVAL, "rename", oldp, newp)
	}
	if src.n == dst.n {
		return nil
	}
	if src.n.isDir() {
		for _, a := range dst.chain {
			if a == src.n {
				return newErr2(EINVAL, "rename", oldp, newp)
			}
		}
		if dst.n != nil {
			if !dst.n.isDir() {
				return newErr2(ENOTDIR, "rename", oldp, newp)
			}
			if le := f.loadDir(dst.n); le != nil {
				return le.as2("rename", oldp, newp)
			}
			if len(dst.n.children) > 0 {
				return newErr2(ENOTEMPTY, "rename", oldp, newp)
			}
		}
	} else {
		if dst.trailing {
			return newErr2(ENOTDIR, "rename", oldp, newp)
		}
		if dst.n != nil && dst.n.isDir() {
			return newErr2(EISDIR, "rename", oldp, newp)
		}
	}
	if dst.n != nil {
		f.remove(dst.parent, dst.name)
	}
	n := src.n
	delete(src.parent.children, src.name)
	f.touch(src.parent)
	dst.parent.children[dst.name] = n
	f.touch(dst.parent)
	n.ctime = f.now()
	return nil
}

// Symlink creates path p pointing at target (stored verbatim, resolved in the
// sandbox when followed).
func (f *FS) Symlink(target, p string) error {
	if hasNul(target) {
		return errNulPath(target)
	}
	if hasNul(p) {
		return errNulPath(p)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	r, le := f.walk(p, false)
	if le != nil {
		return le.as2("symlink", target, p)
	}
	if r.n != nil {
		return newErr2(EEXIST, "symlink", target, p)
	}
	if le := f.roomForNode(); le != nil {
		return le.as2("symlink", target, p)
	}
	n := f.newNode(S_IFLNK | 0o777)
	n.target = target
	f.addNode(r.parent, r.name, n)
	return nil
}

// Readlink returns a symlink's target. Host links pointing into the mount by
// absolute host path come back rewritten to their virtual path.
func (f *FS) Readlink(p string) (string, error) {
	if hasNul(p) {
		return "", errNulPath(p)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	r, le := f.walk(p, false)
	if le != nil {
		return "", le.as("readlink", p)
	}
	if r.n == nil {
		return "", newErr(ENOENT, "readlink", p)
	}
	if !r.n.isLink() {
		return "", newErr(EINVAL, "readlink", p)
	}
	return r.n.target, nil
}

// Realpath resolves symlinks, "." and ".." to a canonical absolute path. Error
// syscalls match Node's JS realpath (lstat; stat for ELOOP).
func (f *FS) Realpath(p string) (string, error) {
	if hasNul(p) {
		return "", errNulPath(p)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	r, le := f.walk(p, true)
	if le != nil {
		if le.errno == ELOOP {
			return "", le.as("stat", p)
		}
		return "", le.as("lstat", p)
	}
	if r.n == nil {
		return "", newErr(ENOENT, "lstat", p)
	}
	if r.parent == nil {
		return "/", nil
	}
	return r.absPath(), nil
}
