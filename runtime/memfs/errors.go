package memfs

import "strings"

// Linux errno values as Node reports them (negated libuv codes).
const (
	EPERM        = -1
	ENOENT       = -2
	EIO          = -5
	EBADF        = -9
	EACCES       = -13
	EBUSY        = -16
	EEXIST       = -17
	ENOTDIR      = -20
	EISDIR       = -21
	EINVAL       = -22
	EMFILE       = -24
	EFBIG        = -27
	ENOSPC       = -28
	ENAMETOOLONG = -36
	ENOTEMPTY    = -39
	ELOOP        = -40
)

// uvErrors mirrors util.getSystemErrorMap() of Node v20.20.2 on Linux.
var uvErrors = map[int][2]string{
	EPERM:        {"EPERM", "operation not permitted"},
	ENOENT:       {"ENOENT", "no such file or directory"},
	EIO:          {"EIO", "i/o error"},
	EBADF:        {"EBADF", "bad file descriptor"},
	EACCES:       {"EACCES", "permission denied"},
	EBUSY:        {"EBUSY", "resource busy or locked"},
	EEXIST:       {"EEXIST", "file already exists"},
	ENOTDIR:      {"ENOTDIR", "not a directory"},
	EISDIR:       {"EISDIR", "illegal operation on a directory"},
	EINVAL:       {"EINVAL", "invalid argument"},
	EMFILE:       {"EMFILE", "too many open files"},
	EFBIG:        {"EFBIG", "file too large"},
	ENOSPC:       {"ENOSPC", "no space left on device"},
	ENAMETOOLONG: {"ENAMETOOLONG", "name too long"},
	ENOTEMPTY:    {"ENOTEMPTY", "directory not empty"},
	ELOOP:        {"ELOOP", "too many symbolic links encountered"},
}

// Error is a Node-style system error. Every error returned by FS is an *Error.
type Error struct {
	Errno   int    // negative Linux errno (Node's err.errno); ERR_FS_EISDIR uses +21 like Node
	Code    string // "ENOENT", ..., or a Node ERR_* code
	Syscall string
	Path    string
	Dest    string
	// Message overrides the uv-style text; set for Node's non-uv errors
	// (ERR_FS_EISDIR, ERR_INVALID_ARG_VALUE).
	Message string
	// Detail explains sandbox-imposed failures (limits, hidden host entries);
	// it is not part of Error() so messages stay identical to Node's.
	Detail string
}

// fdSyscalls never carry a path in Node's messages.
var fdSyscalls = map[string]bool{"read": true, "write": true, "close": true, "fstat": true}

func (e *Error) Error() string {
	if e.Message != "" {
		return e.Message
	}
	var b strings.Builder
	b.WriteString(e.Code)
	b.WriteString(": ")
	b.WriteString(uvErrors[e.Errno][1])
	b.WriteString(", ")
	b.WriteString(e.Syscall)
	if e.Path != "" || !fdSyscalls[e.Syscall] {
		b.WriteString(" '" + e.Path + "'")
		if e.Dest != "" {
			b.WriteString(" -> '" + e.Dest + "'")
		}
	}
	return b.String()
}

func newErr(errno int, syscall, p string) *Error {
	return &Error{Errno: errno, Code: uvErrors[errno][0], Syscall: syscall, Path: p}
}

func newErr2(errno int, syscall, p, dest string) *Error {
	e := newErr(errno, syscall, p)
	e.Dest = dest
	return e
}

// fdErr is for fd-based calls, whose Node messages omit the path.
func fdErr(errno int, syscall string) *Error {
	return &Error{Errno: errno, Code: uvErrors[errno][0], Syscall: syscall}
}

// errIsDirRm mirrors Node 20's rm() on a directory without recursive.
func errIsDirRm(p string) *Error {
	return &Error{Errno: 21, Code: "ERR_FS_EISDIR", Syscall: "rm", Path: p,
		Message: "Path is a directory: rm returned EISDIR (is a directory) " + p}
}

func errNulPath(p string) *Error {
	q := strings.ReplaceAll(p, "\x00", `\x00`)
	return &Error{Code: "ERR_INVALID_ARG_VALUE",
		Message: "The argument 'path' must be a string, Uint8Array, or URL without null bytes. Received '" + q + "'"}
}

// lerr is an internal errno carrier used before the syscall name is known.
type lerr struct {
	errno  int
	detail string
}

func (l *lerr) as(syscall, p string) *Error {
	e := newErr(l.errno, syscall, p)
	e.Detail = l.detail
	return e
}

func (l *lerr) as2(syscall, p, dest string) *Error {
	e := l.as(syscall, p)
	e.Dest = dest
	return e
}

// Props are the properties Node gives such an error (the predictor builds
// the same error object from them).
func (e *Error) Props() (code, syscall, path string, errno int) {
	return e.Code, e.Syscall, e.Path, e.Errno
}
