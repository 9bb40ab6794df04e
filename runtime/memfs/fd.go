package memfs

// firstFd is the lowest fd handed out; 0-2 are the stdio streams.
const firstFd = 3

var flagStrings = map[string]int{
	"r": O_RDONLY, "rs": O_RDONLY | O_SYNC, "sr": O_RDONLY | O_SYNC,
	"r+": O_RDWR, "rs+": O_RDWR | O_SYNC, "sr+": O_RDWR | O_SYNC,
	"w": O_TRUNC | O_CREAT | O_WRONLY, "wx": O_TRUNC | O_CREAT | O_WRONLY | O_EXCL,
	"xw": O_TRUNC | O_CREAT | O_WRONLY | O_EXCL,
	"w+": O_TRUNC | O_CREAT | O_RDWR, "wx+": O_TRUNC | O_CREAT | O_RDWR | O_EXCL,
	"xw+": O_TRUNC | O_CREAT | O_RDWR | O_EXCL,
	"a":   O_APPEND | O_CREAT | O_WRONLY, "ax": O_APPEND | O_CREAT | O_WRONLY | O_EXCL,
	"xa": O_APPEND | O_CREAT | O_WRONLY | O_EXCL, "as": O_APPEND | O_CREAT | O_WRONLY | O_SYNC,
	"sa": O_APPEND | O_CREAT | O_WRONLY | O_SYNC,
	"a+": O_APPEND | O_CREAT | O_RDWR, "ax+": O_APPEND | O_CREAT | O_RDWR | O_EXCL,
	"xa+": O_APPEND | O_CREAT | O_RDWR | O_EXCL, "as+": O_APPEND | O_CREAT | O_RDWR | O_SYNC,
	"sa+": O_APPEND | O_CREAT | O_RDWR | O_SYNC,
}

// ParseFlags converts Node's string flags ('r', 'w+', 'ax', ...) to O_* bits.
func ParseFlags(s string) (int, error) {
	if v, ok := flagStrings[s]; ok {
		return v, nil
	}
	return 0, &Error{Code: "ERR_INVALID_ARG_VALUE",
		Message: "The argument 'flags' is invalid. Received '" + s + "'"}
}

// Open opens p with O_* flags; perm (e.g. 0o666) applies to created files,
// minus a umask of 022. It returns the lowest free fd >= 3.
func (f *FS) Open(p string, flags int, perm uint32) (int, error) {
	if hasNul(p) {
		return -1, errNulPath(p)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.fds) >= f.opt.MaxFds {
		e := newErr(EMFILE, "open", p)
		e.Detail = "memfs: more than MaxFds open files"
		return -1, e
	}
	n, err := f.openNode(p, flags, perm)
	if err != nil {
		return -1, err
	}
	fd := firstFd
	for f.fds[fd] != nil {
		fd++
	}
	f.fds[fd] = &openFile{n: n, flags: flags}
	return fd, nil
}

// openNode implements open(2) path semantics; callers hold f.mu.
func (f *FS) openNode(p string, flags int, perm uint32) (*node, error) {
	acc := flags & O_ACCMODE
	writable := acc == O_WRONLY || acc == O_RDWR
	excl := flags&O_CREAT != 0 && flags&O_EXCL != 0
	follow := flags&O_NOFOLLOW == 0 && !excl
	r, le := f.walk(p, follow)
	if le != nil {
		return nil, le.as("open", p)
	}
	n := r.n
	if n == nil {
		if flags&O_CREAT == 0 {
			return nil, newErr(ENOENT, "open", p)
		}
		if r.trailing {
			return nil, newErr(EISDIR, "open", p)
		}
		if le := f.roomForNode(); le != nil {
			return nil, le.as("open", p)
		}
		n = f.newNode(S_IFREG | (perm & 0o777 &^ umask))
		f.addNode(r.parent, r.name, n)
		return n, nil
	}
	switch {
	case excl:
		return nil, newErr(EEXIST, "open", p)
	case n.isLink():
		return nil, newErr(ELOOP, "open", p)
	case n.isDir() && writable:
		return nil, newErr(EISDIR, "open", p)
	case flags&O_DIRECTORY != 0 && !n.isDir():
		return nil, newErr(ENOTDIR, "open", p)
	}
	if (acc != O_WRONLY && !permits(n, R_OK)) || (writable && !permits(n, W_OK)) {
		return nil, newErr(EACCES, "open", p)
	}
	if flags&O_TRUNC != 0 && writable && n.isFile() {
		f.dropData(n)
		f.touch(n)
	}
	return n, nil
}

// Read reads into buf at position pos, or at the fd's offset (advancing it)
// when pos < 0. It returns 0 at end of file.
func (f *FS) Read(fd int, buf []byte, pos int64) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	of := f.fds[fd]
	if of == nil || of.flags&O_ACCMODE == O_WRONLY {
		return 0, fdErr(EBADF, "read")
	}
	if of.n.isDir() {
		return 0, fdErr(EISDIR, "read")
	}
	if le := f.loadFile(of.n); le != nil {
		return 0, le.as("read", "")
	}
	off := pos
	if pos < 0 {
		off = of.pos
	}
	if off >= int64(len(of.n.data)) {
		return 0, nil
	}
	k := copy(buf, of.n.data[off:])
	if pos < 0 {
		of.pos += int64(k)
	}
	return k, nil
}

// Write writes b at pos, or at the fd's offset (advancing it) when pos < 0.
// In append mode the position is ignored, as on Linux.
func (f *FS) Write(fd int, b []byte, pos int64) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	of := f.fds[fd]
	if of == nil || of.flags&O_ACCMODE == O_RDONLY {
		return 0, fdErr(EBADF, "write")
	}
	off := pos
	if pos < 0 {
		off = of.pos
	}
	appendMode := of.flags&O_APPEND != 0
	if le := f.writeAt(of.n, b, off, appendMode); le != nil {
		return 0, le.as("write", "")
	}
	if appendMode {
		off = int64(len(of.n.data)) - int64(len(b))
	}
	if pos < 0 || appendMode {
		of.pos = off + int64(len(b))
	}
	return len(b), nil
}

// Close releases fd.
func (f *FS) Close(fd int) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.fds[fd] == nil {
		return fdErr(EBADF, "close")
	}
	delete(f.fds, fd)
	return nil
}

// Fstat stats an open fd.
func (f *FS) Fstat(fd int) (Stat, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	of := f.fds[fd]
	if of == nil {
		return Stat{}, fdErr(EBADF, "fstat")
	}
	return statOf(of.n), nil
}
