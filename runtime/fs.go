package runtime

import (
	"errors"
	"fmt"
	"path"
	"strings"

	"github.com/grafana/sobek"

	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/runtime/memfs"
	"github.com/looplint/looplint/runtime/nodebuf"
)

// fsOp is one fs function, shared by the callback, Sync and promise forms.
type fsOp struct {
	name  string
	nargs int                            // arguments before the (optional) options/callback
	trips func(*host, []sobek.Value) int // thread-pool round trips in the callback form
	// ptrips, if set, is the promise form's (else trips).
	ptrips func(*host, []sobek.Value) int
	do     func(h *host, args []sobek.Value) (sobek.Value, error)
}

func one(*host, []sobek.Value) int { return 1 }

// writeTrips is writeFile's and appendFile's round trips: the open alone
// when it fails (a missing directory, a directory), else the profile's.
func writeTrips(h *host, a []sobek.Value) int {
	p := h.path(a[0])
	if st, err := h.fs.Stat(p); err == nil && !st.IsFile() {
		return 1
	}
	if st, err := h.fs.Stat(path.Dir(p)); err != nil || st.IsFile() {
		return 1
	}
	return h.p.Profile.WriteFileTrips()
}

// wholeFile is the round trips of readFile/writeFile: open, (fstat,)
// read/write(s), close — or just the open when it fails.
func wholeFile(n func(*host) int) func(*host, []sobek.Value) int {
	return func(h *host, a []sobek.Value) int {
		if _, err := h.fs.Stat(h.path(a[0])); err != nil {
			return 1
		}
		return n(h)
	}
}

func (h *host) path(v sobek.Value) string {
	// Node's getValidatedPath: a string, a Buffer (any Uint8Array) or a
	// file: URL; anything else is ERR_INVALID_ARG_TYPE.
	if o, ok := v.(*sobek.Object); ok {
		href, origin := o.Get("href"), o.Get("origin")
		if href != nil && origin != nil && href.ToBoolean() && origin.ToBoolean() { // URL
			return trimFileURL(href.String())
		}
		if h.isBytes(o) {
			return string(h.bytesOf(v))
		}
	} else if s, ok := v.Export().(string); ok {
		return s
	}
	h.throwType("ERR_INVALID_ARG_TYPE", `The "path" argument must be of type string or an instance of Buffer or URL. Received `+h.describe(v))
	return ""
}

func trimFileURL(s string) string {
	if len(s) > 7 && s[:7] == "file://" {
		return s[7:]
	}
	return s
}

// encodingOf reads an options argument: "utf8" or {encoding: "utf8"}.
func encodingOf(v sobek.Value) string {
	if v == nil || sobek.IsUndefined(v) || sobek.IsNull(v) {
		return ""
	}
	if o, ok := v.(*sobek.Object); ok {
		if e := o.Get("encoding"); e != nil && !sobek.IsUndefined(e) && !sobek.IsNull(e) {
			return e.String()
		}
		return ""
	}
	return v.String()
}

func optBool(v sobek.Value, key string) bool {
	if o, ok := v.(*sobek.Object); ok {
		if x := o.Get(key); x != nil {
			return x.ToBoolean()
		}
	}
	return false
}

func (h *host) dataArg(v sobek.Value, enc string) []byte {
	if o, ok := v.(*sobek.Object); ok && o.ClassName() != "String" {
		return h.bytesOf(v)
	}
	return nodebuf.Encode(v.String(), encName(h.rt.ToValue(enc)))
}

func (h *host) contents(data []byte, enc string) sobek.Value {
	if enc == "" || enc == "buffer" {
		return h.newBuffer(data, nil)
	}
	return h.rt.ToValue(nodebuf.Decode(data, encName(h.rt.ToValue(enc))))
}

var fsOps = []fsOp{
	{"readFile", 1, wholeFile(func(h *host) int { return h.p.Profile.ReadFileTrips(false) }), wholeFile(func(h *host) int { return h.p.Profile.ReadFileTrips(true) }), func(h *host, a []sobek.Value) (sobek.Value, error) {
		data, err := h.fs.ReadFile(h.path(a[0]))
		if err != nil {
			return nil, err
		}
		h.meter.Bytes(len(data))
		return h.contents(data, encodingOf(a[1])), nil
	}},
	{"writeFile", 2, writeTrips, nil, func(h *host, a []sobek.Value) (sobek.Value, error) {
		return sobek.Undefined(), h.fs.WriteFile(h.path(a[0]), h.dataArg(a[1], encodingOf(a[2])))
	}},
	{"appendFile", 2, writeTrips, nil, func(h *host, a []sobek.Value) (sobek.Value, error) {
		return sobek.Undefined(), h.fs.AppendFile(h.path(a[0]), h.dataArg(a[1], encodingOf(a[2])))
	}},
	{"stat", 1, one, nil, func(h *host, a []sobek.Value) (sobek.Value, error) {
		st, err := h.fs.Stat(h.path(a[0]))
		if err != nil {
			return nil, err
		}
		return h.stats(st), nil
	}},
	{"lstat", 1, one, nil, func(h *host, a []sobek.Value) (sobek.Value, error) {
		st, err := h.fs.Lstat(h.path(a[0]))
		if err != nil {
			return nil, err
		}
		return h.stats(st), nil
	}},
	{"fstat", 1, one, nil, func(h *host, a []sobek.Value) (sobek.Value, error) {
		st, err := h.fs.Fstat(int(a[0].ToInteger()))
		if err != nil {
			return nil, err
		}
		return h.stats(st), nil
	}},
	{"access", 1, one, nil, func(h *host, a []sobek.Value) (sobek.Value, error) {
		mode := 0
		if !sobek.IsUndefined(a[1]) {
			mode = int(a[1].ToInteger())
		}
		return sobek.Undefined(), h.fs.Access(h.path(a[0]), mode)
	}},
	{"readdir", 1, one, nil, func(h *host, a []sobek.Value) (sobek.Value, error) {
		p := h.path(a[0])
		if optBool(a[1], "withFileTypes") {
			ents, err := h.fs.ReaddirEntries(p)
			if err != nil {
				return nil, err
			}
			out := make([]any, len(ents))
			for i, e := range ents {
				out[i] = h.dirent(e)
			}
			return h.rt.NewArray(out...), nil
		}
		names, err := h.fs.Readdir(p)
		if err != nil {
			return nil, err
		}
		out := make([]any, len(names))
		for i, n := range names {
			out[i] = n
		}
		return h.rt.NewArray(out...), nil
	}},
	{"mkdir", 1, one, nil, func(h *host, a []sobek.Value) (sobek.Value, error) {
		first, err := h.fs.Mkdir(h.path(a[0]), optBool(a[1], "recursive"))
		if err != nil {
			return nil, err
		}
		if first == "" {
			return sobek.Undefined(), nil
		}
		return h.rt.ToValue(first), nil
	}},
	{"rmdir", 1, one, nil, func(h *host, a []sobek.Value) (sobek.Value, error) {
		return sobek.Undefined(), h.fs.Rmdir(h.path(a[0]))
	}},
	{"rm", 1, one, nil, func(h *host, a []sobek.Value) (sobek.Value, error) {
		return sobek.Undefined(), h.fs.Rm(h.path(a[0]), optBool(a[1], "recursive"), optBool(a[1], "force"))
	}},
	{"unlink", 1, one, nil, func(h *host, a []sobek.Value) (sobek.Value, error) {
		return sobek.Undefined(), h.fs.Unlink(h.path(a[0]))
	}},
	{"rename", 2, one, nil, func(h *host, a []sobek.Value) (sobek.Value, error) {
		return sobek.Undefined(), h.fs.Rename(h.path(a[0]), h.path(a[1]))
	}},
	{"realpath", 1, one, nil, func(h *host, a []sobek.Value) (sobek.Value, error) {
		p, err := h.fs.Realpath(h.path(a[0]))
		if err != nil {
			return nil, err
		}
		return h.rt.ToValue(p), nil
	}},
	{"copyFile", 2, one, nil, func(h *host, a []sobek.Value) (sobek.Value, error) {
		data, err := h.fs.ReadFile(h.path(a[0]))
		if err != nil {
			return nil, err
		}
		return sobek.Undefined(), h.fs.WriteFile(h.path(a[1]), data)
	}},
	{"open", 1, one, nil, func(h *host, a []sobek.Value) (sobek.Value, error) {
		flags := memfs.O_RDONLY
		if f := a[1]; !sobek.IsUndefined(f) && !sobek.IsNull(f) {
			if s, ok := f.Export().(string); ok {
				var err error
				if flags, err = memfs.ParseFlags(s); err != nil {
					return nil, err
				}
			} else {
				flags = int(f.ToInteger())
			}
		}
		fd, err := h.fs.Open(h.path(a[0]), flags, 0o666)
		if err != nil {
			return nil, err
		}
		return h.rt.ToValue(fd), nil
	}},
	{"close", 1, one, nil, func(h *host, a []sobek.Value) (sobek.Value, error) {
		return sobek.Undefined(), h.fs.Close(int(a[0].ToInteger()))
	}},
}

// fsCheck throws Node's error for arguments an fs call refuses before
// any request: an unknown readFile encoding, and from 14 write data that
// is not a string or a Buffer (measured on 12.22.12, 14.0.0, 15.0.0,
// 20.20.2).
func (h *host) fsCheck(name string, a []sobek.Value) {
	switch name {
	case "readFile":
		enc := encodingOf(a[1])
		if enc == "" || enc == "buffer" || nodebuf.Known(strings.ToLower(enc)) {
			return
		}
		if h.p.Profile.Node.Major < 15 {
			h.throwType("ERR_INVALID_OPT_VALUE_ENCODING", `The value "`+enc+`" is invalid for option "encoding"`)
		}
		h.throwType("ERR_INVALID_ARG_VALUE", "The argument 'encoding' is invalid encoding. Received '"+enc+"'")
	case "writeFile", "appendFile":
		d := a[1]
		if !h.p.Profile.Has(loop.FSWriteDataChecked) {
			return
		}
		if o, ok := d.(*sobek.Object); ok {
			if h.isView(o) {
				return
			}
		} else if typeOf(d) == "string" {
			return
		}
		h.throwType("ERR_INVALID_ARG_TYPE", `The "data" argument must be of type string or an instance of Buffer, TypedArray, or DataView. Received `+h.describe(d))
	}
}

// fsChecked is fsCheck's error as a value (nil when the call is fine).
func (h *host) fsChecked(name string, a []sobek.Value) (bad sobek.Value) {
	defer func() {
		if r := recover(); r != nil {
			v, ok := r.(sobek.Value)
			if !ok {
				panic(r)
			}
			bad = v
		}
	}()
	h.fsCheck(name, a)
	return nil
}

// fsModule builds require('fs'): callback, Sync and promise forms of
// every operation. Callback and promise forms complete in a poll phase
// after the version's number of thread-pool round trips.
func (h *host) fsModule() sobek.Value {
	rt := h.rt
	fs := rt.NewObject()
	promises := rt.NewObject()
	for _, op := range fsOps {
		op := op
		fs.Set(op.name, func(c sobek.FunctionCall) sobek.Value {
			args, cb := h.splitCallback(c, op.nargs)
			h.fsCheck(op.name, args)
			h.l.SubmitIO(op.trips(h, args), h.label(&callback{goFn: func() error {
				v, err := op.do(h, args)
				if err != nil {
					_, e := cb(sobek.Undefined(), h.fsError(err, false))
					return h.jsError(e)
				}
				var e error
				if v == nil || sobek.IsUndefined(v) {
					_, e = cb(sobek.Undefined(), sobek.Null())
				} else {
					_, e = cb(sobek.Undefined(), sobek.Null(), v)
				}
				return h.jsError(e)
			}}, "fs."+op.name))
			return sobek.Undefined()
		})
		fs.Set(op.name+"Sync", func(c sobek.FunctionCall) sobek.Value {
			args := padArgs(c.Arguments, op.nargs+2)
			h.fsCheck(op.name, args)
			h.meter.SyncIO()
			v, err := op.do(h, args)
			if err != nil && (op.name == "stat" || op.name == "lstat") && h.p.Profile.Has(loop.StatSyncThrowIfNoEntry) {
				// statSync(p, { throwIfNoEntry: false }) returns undefined
				// for a missing file.
				var fe *memfs.Error
				if o, ok := args[1].(*sobek.Object); ok && errors.As(err, &fe) && fe.Code == "ENOENT" {
					if x := o.Get("throwIfNoEntry"); x != nil && !sobek.IsUndefined(x) && !x.ToBoolean() {
						return sobek.Undefined()
					}
				}
			}
			if err != nil {
				panic(h.fsError(err, true))
			}
			if v == nil {
				return sobek.Undefined()
			}
			return v
		})
		promises.Set(op.name, func(c sobek.FunctionCall) sobek.Value {
			args := padArgs(c.Arguments, op.nargs+2)
			p, resolve, reject := rt.NewPromise()
			if bad := h.fsChecked(op.name, args); bad != nil {
				// An async function in Node: the promise rejects.
				if err := reject(bad); err != nil {
					panic(err)
				}
				return rt.ToValue(p)
			}
			trips := op.trips
			if op.ptrips != nil {
				trips = op.ptrips
			}
			h.l.SubmitIO(trips(h, args), h.label(&callback{goFn: func() error {
				v, err := op.do(h, args)
				if err != nil {
					e := h.fsError(err, false)
					if o, ok := e.(*sobek.Object); ok && h.p.Profile.FsPromiseFrames(op.name) {
						// Node's has async frames (dropped when compared).
						o.Set("stack", "Error: "+err.Error()+"\n    at async "+op.name+" (node:internal/fs/promises)")
					}
					return h.jsError(reject(e))
				}
				return h.jsError(resolve(v))
			}}, "fs.promises."+op.name))
			return rt.ToValue(p)
		})
	}
	fs.Set("exists", func(c sobek.FunctionCall) sobek.Value {
		p := c.Argument(0).String()
		cb, ok := sobek.AssertFunction(c.Argument(1))
		if !ok {
			h.callbackArg(c.Argument(1))
		}
		h.l.SubmitIO(1, h.label(&callback{goFn: func() error {
			_, e := cb(sobek.Undefined(), rt.ToValue(h.fs.Exists(p)))
			return h.jsError(e)
		}}, "fs.exists"))
		return sobek.Undefined()
	})
	// writeSync/readSync on descriptors; 1 and 2 are the process's stdout
	// and stderr.
	fs.Set("writeSync", func(c sobek.FunctionCall) sobek.Value {
		fd := int(c.Argument(0).ToInteger())
		data := h.dataArg(c.Argument(1), "utf8")
		switch fd {
		case 1:
			h.out.write(string(data))
		case 2:
			h.err.write(string(data))
		default:
			pos := int64(-1)
			if p := c.Argument(2); sobek.IsNumber(p) {
				pos = p.ToInteger()
			}
			n, err := h.fs.Write(fd, data, pos)
			if err != nil {
				panic(h.fsError(err, true))
			}
			return rt.ToValue(n)
		}
		return rt.ToValue(len(data))
	})
	fs.Set("readSync", func(c sobek.FunctionCall) sobek.Value {
		fd := int(c.Argument(0).ToInteger())
		buf, ok := c.Argument(1).(*sobek.Object)
		if !ok {
			h.throwType("ERR_INVALID_ARG_TYPE", `The "buffer" argument must be an instance of Buffer, TypedArray, or DataView.`)
		}
		off := int(c.Argument(2).ToInteger())
		length := int(buf.Get("length").ToInteger()) - off
		if l := c.Argument(3); !sobek.IsUndefined(l) {
			length = int(l.ToInteger())
		}
		pos := int64(-1)
		if p := c.Argument(4); !sobek.IsUndefined(p) && !sobek.IsNull(p) {
			pos = p.ToInteger()
		}
		tmp := make([]byte, max(length, 0))
		n, err := h.fs.Read(fd, tmp, pos)
		if err != nil {
			panic(h.fsError(err, true))
		}
		for i := 0; i < n; i++ {
			buf.Set(itoa(off+i), int(tmp[i]))
		}
		return rt.ToValue(n)
	})
	fs.Set("existsSync", func(c sobek.FunctionCall) sobek.Value { return rt.ToValue(h.fs.Exists(c.Argument(0).String())) })
	// The file streams are JavaScript (jslib/_fs_streams.js), loaded at
	// the first call.
	for _, n := range []string{"createReadStream", "createWriteStream"} {
		n := n
		fs.Set(n, func(c sobek.FunctionCall) sobek.Value {
			lib, err := h.builtin("_fs_streams")
			if err != nil {
				panic(err)
			}
			f, _ := sobek.AssertFunction(lib.ToObject(rt).Get(n))
			v, err := f(sobek.Undefined(), c.Arguments...)
			if err != nil {
				panic(err)
			}
			return v
		})
	}
	for _, n := range []string{"watch", "watchFile"} {
		n := n
		fs.Set(n, func(sobek.FunctionCall) sobek.Value {
			panic(h.rt.ToValue(h.moduleError(fmt.Sprintf("looplint: fs.%s is not supported in the sandbox", n), "ERR_LOOPLINT_UNSUPPORTED").(*jsThrow).val))
		})
	}
	consts := rt.NewObject()
	for k, v := range map[string]int{"F_OK": 0, "R_OK": 4, "W_OK": 2, "X_OK": 1, "O_RDONLY": memfs.O_RDONLY, "O_WRONLY": memfs.O_WRONLY, "O_RDWR": memfs.O_RDWR, "O_CREAT": memfs.O_CREAT, "O_EXCL": memfs.O_EXCL, "O_TRUNC": memfs.O_TRUNC, "O_APPEND": memfs.O_APPEND} {
		consts.Set(k, v)
	}
	fs.Set("constants", consts)
	promises.Set("constants", consts)
	for _, k := range []string{"F_OK", "R_OK", "W_OK", "X_OK"} {
		fs.Set(k, consts.Get(k))
	}
	fs.Set("promises", h.partial("fs.promises", promises))
	return fs
}

func padArgs(a []sobek.Value, n int) []sobek.Value {
	out := make([]sobek.Value, n)
	for i := range out {
		if i < len(a) {
			out[i] = a[i]
		} else {
			out[i] = sobek.Undefined()
		}
	}
	return out
}

// splitCallback takes the last argument as the callback (validated, as
// Node does synchronously) and pads the rest.
func (h *host) splitCallback(c sobek.FunctionCall, nargs int) ([]sobek.Value, sobek.Callable) {
	if len(c.Arguments) == 0 {
		h.callbackArg(sobek.Undefined())
	}
	last := c.Arguments[len(c.Arguments)-1]
	cb := h.callbackArg(last)
	return padArgs(c.Arguments[:len(c.Arguments)-1], nargs+2), cb
}

// fsError makes Node's error object for a file-system failure. Errors from
// callbacks and promises carry no stack frames, so they print as [Error: …].
func (h *host) fsError(err error, sync bool) sobek.Value {
	var fe *memfs.Error
	if !errors.As(err, &fe) {
		if t, ok := err.(*jsThrow); ok {
			return t.val
		}
		return h.rt.NewGoError(err)
	}
	msg := fe.Error()
	e, _ := h.rt.New(h.rt.Get("Error"), h.rt.ToValue(msg))
	if !sync {
		e.Set("stack", "Error: "+msg)
	}
	if fe.Message == "" {
		e.Set("errno", fe.Errno)
		if sync && !h.p.Profile.Has(loop.FSSyncErrorKeys) {
			e.Set("syscall", fe.Syscall) // before code, before 20.8.0
		}
	}
	e.Set("code", fe.Code)
	if fe.Message == "" {
		e.Set("syscall", fe.Syscall)
		if fe.Path != "" {
			e.Set("path", fe.Path)
		}
		if fe.Dest != "" {
			e.Set("dest", fe.Dest)
		}
	}
	return e
}

var statsClass = `(function () {
  class Stats {
    isFile() { return (this.mode & 0o170000) === 0o100000; }
    isDirectory() { return (this.mode & 0o170000) === 0o040000; }
    isSymbolicLink() { return (this.mode & 0o170000) === 0o120000; }
    isFIFO() { return false; } isSocket() { return false; } isBlockDevice() { return false; } isCharacterDevice() { return false; }
  }
  class Dirent {
    constructor(name, type, path) { this.name = name; this.parentPath = path; this.path = path; this[Symbol.for('looplint.type')] = type; }
    isFile() { return this[Symbol.for('looplint.type')] === 1; }
    isDirectory() { return this[Symbol.for('looplint.type')] === 2; }
    isSymbolicLink() { return this[Symbol.for('looplint.type')] === 3; }
    isFIFO() { return false; } isSocket() { return false; } isBlockDevice() { return false; } isCharacterDevice() { return false; }
  }
  return { Stats, Dirent };
})()`

func (h *host) fsClasses() *sobek.Object {
	if h.fsCls == nil {
		v, err := h.runInternal("fsClasses")
		if err != nil {
			panic(err)
		}
		h.fsCls = v.ToObject(h.rt)
	}
	return h.fsCls
}

func (h *host) stats(st memfs.Stat) sobek.Value {
	proto := h.fsClasses().Get("Stats").ToObject(h.rt).Get("prototype").ToObject(h.rt)
	o := h.rt.CreateObject(proto)
	for _, kv := range []struct {
		k string
		v int64
	}{{"dev", st.Dev}, {"mode", st.Mode}, {"nlink", st.Nlink}, {"uid", st.Uid}, {"gid", st.Gid}, {"rdev", st.Rdev},
		{"blksize", st.Blksize}, {"ino", st.Ino}, {"size", st.Size}, {"blocks", st.Blocks}} {
		o.Set(kv.k, kv.v)
	}
	for _, kv := range []struct {
		k string
		t interface{ UnixMilli() int64 }
	}{{"atime", st.Atime}, {"mtime", st.Mtime}, {"ctime", st.Ctime}, {"birthtime", st.Birthtime}} {
		ms := kv.t.UnixMilli()
		o.Set(kv.k+"Ms", ms)
	}
	date := h.rt.Get("Date")
	for _, k := range []string{"atime", "mtime", "ctime", "birthtime"} {
		d, _ := h.rt.New(date, o.Get(k+"Ms"))
		o.Set(k, d)
	}
	return o
}

func (h *host) dirent(e memfs.Dirent) sobek.Value {
	t := 0
	switch {
	case e.IsFile():
		t = 1
	case e.IsDirectory():
		t = 2
	case e.IsSymbolicLink():
		t = 3
	}
	d, _ := h.rt.New(h.fsClasses().Get("Dirent"), h.rt.ToValue(e.Name), h.rt.ToValue(t), h.rt.ToValue(h.fs.Cwd()))
	return d
}

// isView: o is a Buffer, a TypedArray or a DataView (ArrayBuffer.isView).
func (h *host) isView(o *sobek.Object) bool {
	ab, ok := h.rt.GlobalObject().Get("ArrayBuffer").(*sobek.Object)
	if !ok {
		return false
	}
	isView, ok := sobek.AssertFunction(ab.Get("isView"))
	if !ok {
		return false
	}
	r, err := isView(ab, o)
	return err == nil && r.ToBoolean()
}

// fsStreamBindings is __internal.fsio, the host side of
// jslib/_fs_streams.js (fs.createReadStream, fs.createWriteStream; the
// interpreter's is predict's fsioObj): open, read, write and close, each
// one thread-pool round trip, as Node's fs calls are. Here a file's
// handle is its fd.
//
//	open(path, flags, mode, cb)      cb(err, fd, fd)
//	read(fd, length, position, cb)   cb(err, buffer): the bytes read (none at the end)
//	write(fd, buffer, position, cb)  cb(err, bytesWritten)
//	close(fd, cb)                    cb(err)
//
// position null or undefined: the file's own position.
func (h *host) fsStreamBindings() *sobek.Object {
	rt := h.rt
	o := rt.NewObject()
	op := func(name string) fsOp {
		for _, f := range fsOps {
			if f.name == name {
				return f
			}
		}
		panic("no fs op " + name)
	}
	openOp, closeOp := op("open"), op("close")
	o.Set("open", func(c sobek.FunctionCall) sobek.Value {
		args := padArgs(c.Arguments[:3], 4)
		cb, ok := sobek.AssertFunction(c.Argument(3))
		if !ok {
			panic(rt.NewTypeError("looplint: __internal.fsio takes a callback"))
		}
		h.l.SubmitIO(1, h.label(&callback{goFn: func() error {
			fd, err := openOp.do(h, args)
			if err != nil {
				_, e := cb(sobek.Undefined(), h.fsError(err, false))
				return h.jsError(e)
			}
			_, e := cb(sobek.Undefined(), sobek.Null(), fd, fd)
			return h.jsError(e)
		}}, "fs.open"))
		return sobek.Undefined()
	})
	o.Set("close", func(c sobek.FunctionCall) sobek.Value {
		args := padArgs(c.Arguments[:1], 3)
		cb, ok := sobek.AssertFunction(c.Argument(1))
		if !ok {
			panic(rt.NewTypeError("looplint: __internal.fsio takes a callback"))
		}
		h.l.SubmitIO(1, h.label(&callback{goFn: func() error {
			if _, err := closeOp.do(h, args); err != nil {
				_, e := cb(sobek.Undefined(), h.fsError(err, false))
				return h.jsError(e)
			}
			_, e := cb(sobek.Undefined(), sobek.Null())
			return h.jsError(e)
		}}, "fs.close"))
		return sobek.Undefined()
	})
	posOf := func(v sobek.Value) int64 {
		if sobek.IsUndefined(v) || sobek.IsNull(v) {
			return -1
		}
		return v.ToInteger()
	}
	cbOf := func(v sobek.Value) sobek.Callable {
		fn, ok := sobek.AssertFunction(v)
		if !ok {
			panic(rt.NewTypeError("looplint: __internal.fsio takes a callback"))
		}
		return fn
	}
	o.Set("read", func(c sobek.FunctionCall) sobek.Value {
		fd, n, pos, cb := int(c.Argument(0).ToInteger()), int(c.Argument(1).ToInteger()), posOf(c.Argument(2)), cbOf(c.Argument(3))
		h.l.SubmitIO(1, h.label(&callback{goFn: func() error {
			buf := make([]byte, max(n, 0))
			got, err := h.fs.Read(fd, buf, pos)
			if err != nil {
				_, e := cb(sobek.Undefined(), h.fsError(err, false))
				return h.jsError(e)
			}
			_, e := cb(sobek.Undefined(), sobek.Null(), h.newBuffer(buf[:got], nil))
			return h.jsError(e)
		}}, "fs.read"))
		return sobek.Undefined()
	})
	o.Set("write", func(c sobek.FunctionCall) sobek.Value {
		fd, data, pos, cb := int(c.Argument(0).ToInteger()), h.bytesOf(c.Argument(1)), posOf(c.Argument(2)), cbOf(c.Argument(3))
		h.l.SubmitIO(1, h.label(&callback{goFn: func() error {
			n, err := h.fs.Write(fd, data, pos)
			if err != nil {
				_, e := cb(sobek.Undefined(), h.fsError(err, false))
				return h.jsError(e)
			}
			_, e := cb(sobek.Undefined(), sobek.Null(), rt.ToValue(n))
			return h.jsError(e)
		}}, "fs.write"))
		return sobek.Undefined()
	})
	return o
}
