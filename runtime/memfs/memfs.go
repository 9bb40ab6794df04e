// Package memfs is the sandbox file system: an in-memory tree, optionally
// backed lazily by a host directory mounted read-only at the working directory.
//
// Security model: host data is only ever read through an os.Root opened on the
// mount directory, using paths built from directory listings (never from user
// input), so neither ".." nor symlinks can reach outside the mount. Host
// symlinks whose target leaves the mount, and special files (devices, FIFOs,
// sockets), are hidden: they are absent from listings and every operation on
// them fails with ENOENT. Nothing is ever written to the host.
package memfs

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"
)

// Defaults applied when an Options limit is zero.
const (
	DefaultCwd           = "/app"
	DefaultMaxFileBytes  = 16 << 20
	DefaultMaxTotalBytes = 64 << 20
	DefaultMaxFiles      = 10000
	DefaultMaxFds        = 1024
)

// FixedTime is every timestamp when Options.Now is nil, so runs are reproducible.
var FixedTime = time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)

const (
	maxSymlinks = 40 // Linux MAXSYMLINKS
	maxNameLen  = 255
	maxPathLen  = 4096
	umask       = 0o022
)

// Mode bits and open flags use Linux values, as in Node's fs.constants.
const (
	S_IFMT      = 0o170000
	S_IFREG     = 0o100000
	S_IFDIR     = 0o040000
	S_IFLNK     = 0o120000
	F_OK        = 0
	X_OK        = 1
	W_OK        = 2
	R_OK        = 4
	O_RDONLY    = 0
	O_WRONLY    = 1
	O_RDWR      = 2
	O_ACCMODE   = 3
	O_CREAT     = 0o100
	O_EXCL      = 0o200
	O_TRUNC     = 0o1000
	O_APPEND    = 0o2000
	O_DIRECTORY = 0o200000
	O_NOFOLLOW  = 0o400000
	O_SYNC      = 0o4010000
)

// Options configures New. Zero limits mean the Default* values.
type Options struct {
	MountDir      string           // host directory mounted read-only at Cwd ("" = none)
	Cwd           string           // virtual working directory (absolute); "" = DefaultCwd
	MaxFileBytes  int64            // largest single file, read from host or written (EFBIG)
	MaxTotalBytes int64            // all file contents held in memory (ENOSPC)
	MaxFiles      int              // nodes (files, dirs, symlinks) held in memory (ENOSPC)
	MaxFds        int              // simultaneously open fds (EMFILE)
	Now           func() time.Time // clock for new/modified nodes; nil = FixedTime
	// Listings, when set, keeps the mount's directory listings across the
	// file systems made with it (over the same MountDir and Cwd), so that
	// each directory is listed on the host once rather than once per FS.
	Listings *Listings
}

// Listings caches what loading a mounted host directory reads from the host
// (its entries, their lstat facts and symlink targets), so that the many
// file systems made for one program (one per run) list each directory once.
// A file system built from a cached listing is the one a fresh listing
// would have built (same entries, order, inode numbers, limits and errors),
// as long as the host directory does not change meanwhile. File contents
// are not cached. It is safe for concurrent use; its zero value is ready.
type Listings struct {
	mu   sync.Mutex
	key  string // mount dir and Cwd the listings belong to
	dirs map[string]*listing
}

// listing is one host directory as loadDir reads it: the entries in the
// order the host returned them, then the error that ended the reading (a
// listing with an error is not cached: the next load reads the host again).
type listing struct {
	ents []listEntry
	err  *lerr
}

// listEntry is one directory entry; kind 0 means hidden (a special file, or
// one whose lstat or readlink failed), which still counts toward MaxFiles
// while loading, as the entry did when read from the host.
type listEntry struct {
	name   string
	kind   uint32 // S_IFREG, S_IFDIR, S_IFLNK or 0
	perm   uint32
	size   int64
	target string // symlink target as read from the host
}

func (l *Listings) get(key, rel string) *listing {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.key != key {
		return nil
	}
	return l.dirs[rel]
}

func (l *Listings) put(key, rel string, d *listing) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.key != key {
		// Another mount: start over (one program has one mount).
		l.key, l.dirs = key, nil
	}
	if l.dirs == nil {
		l.dirs = map[string]*listing{}
	}
	l.dirs[rel] = d
}

type node struct {
	mode  uint32 // type | permission bits
	ino   uint64
	mtime time.Time
	ctime time.Time
	birth time.Time

	data     []byte
	hostSize int64 // size from the host listing until data is loaded

	children map[string]*node
	target   string // symlink target

	// host != nil means contents (file data / dir listing) still come from the
	// mount at hostRel; it is cleared once loaded or replaced in memory.
	host    *hostMount
	hostRel string
}

func (n *node) isDir() bool  { return n.mode&S_IFMT == S_IFDIR }
func (n *node) isLink() bool { return n.mode&S_IFMT == S_IFLNK }
func (n *node) isFile() bool { return n.mode&S_IFMT == S_IFREG }

func (n *node) size() int64 {
	switch {
	case n.isDir():
		return 4096
	case n.isLink():
		return int64(len(n.target))
	case n.host != nil:
		return n.hostSize
	}
	return int64(len(n.data))
}

type hostMount struct {
	root     *os.Root
	abs      []string // absolute host spellings of the mount dir, for absolute symlink targets
	virtRoot string   // where it is mounted (Cwd)
	listings *Listings
	key      string // for listings
}

type openFile struct {
	n     *node
	flags int
	pos   int64
}

// FS is the sandbox file system. It is safe for concurrent use.
type FS struct {
	mu      sync.Mutex
	opt     Options
	root    *node
	cwd     string
	mount   *hostMount
	nextIno uint64
	nodes   int
	bytes   int64
	fds     map[int]*openFile
}

// New builds a file system with Cwd created (and backed by MountDir if set).
func New(o Options) (*FS, error) {
	if o.Cwd == "" {
		o.Cwd = DefaultCwd
	}
	if !path.IsAbs(o.Cwd) {
		return nil, fmt.Errorf("memfs: Cwd %q must be absolute", o.Cwd)
	}
	o.Cwd = path.Clean(o.Cwd)
	if o.MaxFileBytes <= 0 {
		o.MaxFileBytes = DefaultMaxFileBytes
	}
	if o.MaxTotalBytes <= 0 {
		o.MaxTotalBytes = DefaultMaxTotalBytes
	}
	if o.MaxFiles <= 0 {
		o.MaxFiles = DefaultMaxFiles
	}
	if o.MaxFds <= 0 {
		o.MaxFds = DefaultMaxFds
	}
	f := &FS{opt: o, cwd: o.Cwd, fds: map[int]*openFile{}}
	f.root = f.newNode(S_IFDIR | 0o755)
	f.root.children = map[string]*node{}
	d := f.root
	for _, c := range strings.Split(strings.TrimPrefix(o.Cwd, "/"), "/") {
		if c == "" {
			continue
		}
		n := f.newNode(S_IFDIR | 0o755)
		n.children = map[string]*node{}
		d.children[c] = n
		d = n
	}
	if o.MountDir != "" {
		abs, err := filepath.Abs(o.MountDir)
		if err != nil {
			return nil, fmt.Errorf("memfs: mount: %w", err)
		}
		st, err := os.Stat(abs)
		if err != nil {
			return nil, fmt.Errorf("memfs: mount: %w", err)
		}
		if !st.IsDir() {
			return nil, fmt.Errorf("memfs: mount %s is not a directory", abs)
		}
		if d, err := os.Open(abs); err == nil {
			kind, bad := pseudo(d)
			d.Close()
			if bad {
				return nil, fmt.Errorf("memfs: mount %s is on %s, which describes this machine, not a project", abs, kind)
			}
		}
		r, err := os.OpenRoot(abs)
		if err != nil {
			return nil, fmt.Errorf("memfs: mount: %w", err)
		}
		m := &hostMount{root: r, abs: []string{abs}, virtRoot: o.Cwd, listings: o.Listings, key: abs + "\x00" + o.Cwd}
		if real, err := filepath.EvalSymlinks(abs); err == nil && real != abs {
			m.abs = append(m.abs, real)
		}
		f.mount = m
		d.mode = S_IFDIR | uint32(st.Mode().Perm())
		d.host, d.hostRel = m, "."
	}
	return f, nil
}

// Unmount releases the host mount handle. The FS must not be used afterwards.
func (f *FS) Unmount() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.mount != nil {
		return f.mount.root.Close()
	}
	return nil
}

// Cwd returns the virtual working directory.
func (f *FS) Cwd() string { return f.cwd }

func (f *FS) now() time.Time {
	if f.opt.Now != nil {
		return f.opt.Now()
	}
	return FixedTime
}

func (f *FS) newNode(mode uint32) *node {
	f.nextIno++
	t := f.now()
	return &node{mode: mode, ino: f.nextIno, mtime: t, ctime: t, birth: t}
}

func (f *FS) touch(n *node) {
	t := f.now()
	n.mtime, n.ctime = t, t
}

// Resolve makes p absolute against Cwd and cleans it lexically ('/'-separated).
// The result always starts with "/", so it can never name anything above the
// sandbox root.
func (f *FS) Resolve(p string) string {
	if !strings.HasPrefix(p, "/") {
		p = f.cwd + "/" + p
	}
	return path.Clean(p)
}

// AddFile places data at virtPath (creating parent directories), replacing any
// existing file. It is meant for the snippet itself and bypasses the limits,
// though the bytes still count toward them.
func (f *FS) AddFile(virtPath string, data []byte) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	abs := f.Resolve(virtPath)
	d := f.root
	parts := strings.Split(strings.TrimPrefix(abs, "/"), "/")
	for i, c := range parts {
		if c == "" {
			return newErr(EISDIR, "open", virtPath)
		}
		last := i == len(parts)-1
		if last && d.host != nil && d.isDir() {
			// A file put in a mounted directory not listed yet (the
			// snippet, in the mount's root) waits there for the listing,
			// which it then hides: most snippets never list the mount,
			// and listing it costs a system call per entry.
			if d.children == nil {
				d.children = map[string]*node{}
			}
		} else if le := f.loadDir(d); le != nil {
			return le.as("open", virtPath)
		}
		n := d.children[c]
		if last {
			if n != nil && !n.isFile() {
				return newErr(EISDIR, "open", virtPath)
			}
			if n != nil {
				f.dropData(n)
			} else {
				n = f.newNode(S_IFREG | 0o644)
				d.children[c] = n
				f.nodes++
			}
			n.data = append([]byte(nil), data...)
			f.bytes += int64(len(n.data))
			return nil
		}
		if n == nil {
			n = f.newNode(S_IFDIR | 0o755)
			n.children = map[string]*node{}
			d.children[c] = n
			f.nodes++
		} else if !n.isDir() {
			return newErr(ENOTDIR, "open", virtPath)
		}
		d = n
	}
	return nil
}

// ---- path walking ----

type walkResult struct {
	parent   *node   // directory holding the final entry
	name     string  // final entry name ("" if the path ended in ".", ".." or was "/")
	n        *node   // final entry, nil if it does not exist
	chain    []*node // directories from root to parent (inclusive)
	names    []string
	dot      string // "." or ".." if the path's last component was one of those
	trailing bool   // path ended with "/"
}

// walk resolves raw (a user path) component by component like the kernel: ".."
// is applied after symlinks are followed, and every intermediate must be a
// directory. follow controls whether a final symlink is followed.
func (f *FS) walk(raw string, follow bool) (*walkResult, *lerr) {
	if raw == "" {
		return nil, &lerr{errno: ENOENT} // the kernel rejects "" outright
	}
	if len(raw) >= maxPathLen {
		return nil, &lerr{errno: ENAMETOOLONG}
	}
	abs := raw
	if !strings.HasPrefix(abs, "/") {
		abs = f.cwd + "/" + raw
	}
	res := &walkResult{trailing: len(raw) > 1 && strings.HasSuffix(raw, "/")}
	queue := splitPath(abs)
	chain := []*node{f.root}
	names := []string{}
	links := 0
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		last := len(queue) == 0
		cur := chain[len(chain)-1]
		if c == "." || c == ".." {
			if c == ".." && len(chain) > 1 {
				chain = chain[:len(chain)-1]
				names = names[:len(names)-1]
			}
			if last {
				res.dot = c
			}
			continue
		}
		if len(c) > maxNameLen {
			return nil, &lerr{errno: ENAMETOOLONG}
		}
		if le := f.loadDir(cur); le != nil {
			return nil, le
		}
		child := cur.children[c]
		if child == nil {
			if last {
				res.parent, res.name, res.chain, res.names = cur, c, chain, names
				return res, nil
			}
			return nil, &lerr{errno: ENOENT}
		}
		if child.isLink() && (!last || follow || res.trailing) {
			links++
			if links > maxSymlinks {
				return nil, &lerr{errno: ELOOP}
			}
			t := child.target
			if strings.HasPrefix(t, "/") {
				chain, names = chain[:1], names[:0]
			}
			queue = append(splitPath(t), queue...)
			continue
		}
		if last {
			if res.trailing && !child.isDir() {
				return nil, &lerr{errno: ENOTDIR}
			}
			res.parent, res.name, res.n, res.chain, res.names = cur, c, child, chain, names
			return res, nil
		}
		if !child.isDir() {
			return nil, &lerr{errno: ENOTDIR}
		}
		chain = append(chain, child)
		names = append(names, c)
	}
	// Path ended at a directory reached via ".", ".." or "/".
	res.n = chain[len(chain)-1]
	if len(chain) > 1 {
		res.parent = chain[len(chain)-2]
		res.name = names[len(names)-1]
		res.chain, res.names = chain[:len(chain)-1], names[:len(names)-1]
	}
	return res, nil
}

func splitPath(p string) []string {
	var out []string
	for _, c := range strings.Split(p, "/") {
		if c != "" {
			out = append(out, c)
		}
	}
	return out
}

func (r *walkResult) absPath() string {
	parts := append(append([]string(nil), r.names...), r.name)
	return path.Clean("/" + strings.Join(parts, "/"))
}

// ---- host loading ----

// loadDir materialises a host directory's listing. Once loaded, the in-memory
// children are authoritative, so later unlinks can't be resurrected.
func (f *FS) loadDir(d *node) *lerr {
	if d.host == nil || !d.isDir() {
		return nil
	}
	m := d.host
	var l *listing
	if m.listings != nil {
		l = m.listings.get(m.key, d.hostRel)
	}
	if l == nil {
		var le *lerr
		if l, le = m.list(d.hostRel); le != nil {
			return le
		}
		if m.listings != nil && l.err == nil {
			m.listings.put(m.key, d.hostRel, l)
		}
	}
	kids := map[string]*node{}
	for _, e := range l.ents {
		if f.nodes+len(kids)+1 > f.opt.MaxFiles {
			return &lerr{errno: ENOSPC, detail: fmt.Sprintf("memfs: mounted tree exceeds MaxFiles (%d)", f.opt.MaxFiles)}
		}
		rel := e.name
		if d.hostRel != "." {
			rel = d.hostRel + "/" + e.name
		}
		if n := f.hostNode(m, rel, e); n != nil {
			kids[e.name] = n
		}
	}
	if l.err != nil {
		return l.err
	}
	// Files added before the listing (AddFile) hide what it lists.
	added := 0
	for name := range kids {
		if _, ok := d.children[name]; !ok {
			added++
		}
	}
	for name, n := range d.children {
		kids[name] = n
	}
	d.children = kids
	d.host = nil
	f.nodes += added
	return nil
}

// list reads the host directory rel of the mount: every entry with what
// hostNode needs, and the error (if any) that stopped the reading. An error
// opening the directory is returned as such and not cached.
func (m *hostMount) list(rel string) (*listing, *lerr) {
	fh, err := m.root.OpenFile(rel, os.O_RDONLY|hostNoFollow, 0)
	if err != nil {
		return nil, hostErr(err)
	}
	defer fh.Close()
	if st, err := fh.Stat(); err != nil || !st.IsDir() {
		return nil, &lerr{errno: EIO, detail: "memfs: host directory changed while loading"}
	}
	if _, ok := pseudo(fh); ok {
		return nil, &lerr{errno: EACCES, detail: "memfs: a kernel file system is not shown"}
	}
	l := &listing{}
	for {
		ents, err := fh.ReadDir(256)
		for _, e := range ents {
			l.ents = append(l.ents, m.entry(rel, e))
		}
		if err == io.EOF || len(ents) == 0 {
			break
		}
		if err != nil {
			l.err = hostErr(err)
			break
		}
	}
	return l, nil
}

// entry reads what the sandbox keeps of one host directory entry.
func (m *hostMount) entry(dirRel string, e fs.DirEntry) listEntry {
	le := listEntry{name: e.Name()}
	info, err := e.Info()
	if err != nil {
		return le
	}
	le.perm = uint32(info.Mode().Perm())
	switch t := info.Mode().Type(); {
	case t == 0:
		le.kind, le.size = S_IFREG, info.Size()
	case t == fs.ModeDir:
		le.kind = S_IFDIR
	case t == fs.ModeSymlink:
		rel := e.Name()
		if dirRel != "." {
			rel = dirRel + "/" + e.Name()
		}
		if target, err := m.root.Readlink(rel); err == nil {
			le.kind, le.target = S_IFLNK, target
		}
	}
	return le
}

// hostNode returns nil for entries the sandbox hides (special files and
// symlinks leaving the mount).
func (f *FS) hostNode(m *hostMount, rel string, e listEntry) *node {
	switch e.kind {
	case S_IFREG:
		n := f.newNode(S_IFREG | e.perm)
		n.host, n.hostRel, n.hostSize = m, rel, e.size
		return n
	case S_IFDIR:
		n := f.newNode(S_IFDIR | e.perm)
		n.host, n.hostRel = m, rel
		return n
	case S_IFLNK:
		vt, ok := m.translateLink(rel, e.target)
		if !ok {
			return nil
		}
		n := f.newNode(S_IFLNK | 0o777)
		n.target = vt
		return n
	}
	return nil
}

// translateLink maps a host symlink target into the virtual tree. Relative
// targets are kept as written when they stay inside the mount (checked
// lexically); absolute targets must lie under the mount dir and are rewritten
// to their virtual location. Anything else escapes and is rejected.
func (m *hostMount) translateLink(rel, target string) (string, bool) {
	if target == "" || strings.ContainsRune(target, 0) {
		return "", false
	}
	if filepath.IsAbs(target) {
		target = filepath.ToSlash(filepath.Clean(target))
		for _, a := range m.abs {
			a = filepath.ToSlash(a)
			if target == a {
				return m.virtRoot, true
			}
			if strings.HasPrefix(target, strings.TrimSuffix(a, "/")+"/") {
				return path.Join(m.virtRoot, target[len(a):]), true
			}
		}
		return "", false
	}
	v := path.Join(m.virtRoot, path.Dir(rel), filepath.ToSlash(target))
	if v == m.virtRoot || strings.HasPrefix(v, strings.TrimSuffix(m.virtRoot, "/")+"/") {
		return target, true
	}
	return "", false
}

// loadFile reads a host file's contents on first use, enforcing the limits.
func (f *FS) loadFile(n *node) *lerr {
	if n.host == nil || !n.isFile() {
		return nil
	}
	fh, err := n.host.root.OpenFile(n.hostRel, os.O_RDONLY|hostNoFollow|hostNonBlock, 0)
	if err != nil {
		return hostErr(err)
	}
	defer fh.Close()
	st, err := fh.Stat()
	if err != nil {
		return hostErr(err)
	}
	if !st.Mode().IsRegular() {
		return &lerr{errno: EACCES, detail: "memfs: host entry is no longer a regular file"}
	}
	if le := f.checkSize(st.Size(), st.Size()); le != nil {
		return le
	}
	data, err := io.ReadAll(io.LimitReader(fh, f.opt.MaxFileBytes+1))
	if err != nil {
		return hostErr(err)
	}
	if le := f.checkSize(int64(len(data)), int64(len(data))); le != nil {
		return le
	}
	n.data = data
	n.host = nil
	f.bytes += int64(len(data))
	return nil
}

// checkSize validates a file growing to newSize, adding delta bytes overall.
func (f *FS) checkSize(newSize, delta int64) *lerr {
	if newSize > f.opt.MaxFileBytes {
		return &lerr{errno: EFBIG, detail: fmt.Sprintf("memfs: file exceeds MaxFileBytes (%d)", f.opt.MaxFileBytes)}
	}
	if f.bytes+delta > f.opt.MaxTotalBytes {
		return &lerr{errno: ENOSPC, detail: fmt.Sprintf("memfs: total file bytes exceed MaxTotalBytes (%d)", f.opt.MaxTotalBytes)}
	}
	return nil
}

func hostErr(err error) *lerr {
	var errno syscall.Errno
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return &lerr{errno: ENOENT}
	case errors.Is(err, fs.ErrPermission):
		return &lerr{errno: EACCES}
	case errors.As(err, &errno) && errno == syscall.ELOOP:
		return &lerr{errno: ELOOP}
	}
	return &lerr{errno: EIO, detail: "memfs: host read failed: " + err.Error()}
}

// dropData forgets a file's contents (host-backed or in memory) for the byte budget.
func (f *FS) dropData(n *node) {
	f.bytes -= int64(len(n.data))
	n.data, n.host, n.hostSize = nil, nil, 0
}

// forget removes n (and loaded descendants) from the accounting.
func (f *FS) forget(n *node) {
	f.nodes--
	f.bytes -= int64(len(n.data))
	for _, c := range n.children {
		f.forget(c)
	}
}

func (f *FS) addNode(parent *node, name string, n *node) {
	parent.children[name] = n
	f.nodes++
	f.touch(parent)
}

func (f *FS) roomForNode() *lerr {
	if f.nodes+1 > f.opt.MaxFiles {
		return &lerr{errno: ENOSPC, detail: fmt.Sprintf("memfs: more than MaxFiles (%d) entries", f.opt.MaxFiles)}
	}
	return nil
}
