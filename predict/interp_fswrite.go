package predict

import (
	"path"
	"strings"

	"github.com/looplint/looplint/ir"
	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/runtime/memfs"
)

// Writes: fs.writeFile and fs.appendFile (callback, promise and Sync
// forms) go to an overlay of this run's own, over the sandbox's files
// (which every explored path shares), applied when the request completes,
// as the runtime applies it. A read and a write of the same file in
// flight together race in Node in ways not modelled: a reason.

// absPath is p against the working directory (the overlay's key).
func (in *Interp) absPath(p string) string {
	if !path.IsAbs(p) {
		p = path.Join(in.cwd(), p)
	}
	return path.Clean(p)
}

// overlayRead is the overlay's content for p, if this run wrote it.
func (in *Interp) overlayRead(p string) ([]byte, bool) {
	b, ok := in.written[in.absPath(p)]
	return b, ok
}

// raceCheck gives a reason when a request on p meets a write in flight
// (or, for a write, any request in flight).
func (in *Interp) raceCheck(p string, write bool, pos ir.Pos) {
	k := in.absPath(p)
	if in.writing[k] > 0 || write && in.reading[k] > 0 {
		in.reason(pos, "requests on %s in flight together with a write to it (their order inside Node's thread pool) are not modelled", path.Base(k))
	}
}

// writeData is the bytes a write takes: a string (utf8) or a Buffer.
func (in *Interp) writeData(v, opts Value, pos ir.Pos) ([]byte, bool) {
	enc := "utf8"
	switch o := opts.(type) {
	case nil, nullT:
	case string:
		enc = o
	case *Object:
		if e, ok := o.Props["encoding"].(string); ok {
			enc = e
		}
		for _, k := range o.Keys {
			if k != "encoding" {
				in.reason(pos, "fs write option %s is not modelled", k)
				return nil, false
			}
		}
	default:
		in.reason(pos, "fs write options of this kind")
		return nil, false
	}
	if enc != "utf8" && enc != "utf-8" {
		in.reason(pos, "fs writes with encoding %q are not modelled", enc)
		return nil, false
	}
	switch d := v.(type) {
	case string:
		return []byte(d), true
	case unknown:
		if d.bytes != nil {
			return *d.bytes, true
		}
	}
	if s, ok := toStr(v); ok && !isObj(v) {
		return []byte(s), true // numbers and the like, as String(v)
	}
	in.reason(pos, "fs write of this value is not modelled")
	return nil, false
}

// isWriteData: v is what writeFile and appendFile take from 14 (a string
// or a Buffer; before, anything, as String(v)).
func isWriteData(v Value) bool {
	switch d := v.(type) {
	case string:
		return true
	case unknown:
		return d.bytes != nil
	}
	return false
}

// writeCheck is what a write to p would fail with (a missing directory:
// ENOENT; a directory: EISDIR), nil when it succeeds; known is false
// after a reason.
func (in *Interp) writeCheck(p string, pos ir.Pos) (error, bool) {
	k := in.absPath(p)
	if _, ok := in.written[k]; ok || in.removed[k] {
		return nil, true // (a removed file's directory is still there)
	}
	// The write's open fails, naming the path as the program gave it.
	if _, err := in.opts.Files.ReadFile(k); err != nil {
		msg := err.Error()
		switch {
		case strings.Contains(msg, "EISDIR"):
			return &memfs.Error{Errno: -21, Code: "EISDIR", Syscall: "open", Path: p}, true
		case !strings.HasPrefix(msg, "ENOENT"):
			in.reason(pos, "fs write: %v is not modelled", err)
			return nil, false
		}
		// A new file: its directory must exist.
		if _, derr := in.opts.Files.ReadFile(path.Dir(k)); derr == nil || !strings.Contains(derr.Error(), "EISDIR") {
			return &memfs.Error{Errno: -2, Code: "ENOENT", Syscall: "open", Path: p}, true
		}
	}
	return nil, true
}

// applyWrite writes or appends data to p in the overlay.
func (in *Interp) applyWrite(p string, data []byte, appendMode bool) {
	k := in.absPath(p)
	if in.written == nil {
		in.written = map[string][]byte{}
	}
	if appendMode {
		old, ok := in.written[k]
		if !ok && !in.removed[k] {
			old, _ = in.opts.Files.ReadFile(k)
		}
		data = append(append([]byte{}, old...), data...)
	}
	in.written[k] = append([]byte{}, data...)
	delete(in.removed, k)
}

// fsWrite is writeFile/appendFile in any form: submit ("cb", "promise")
// or do at once ("sync"); it returns the callback's or promise's
// completion arguments for the first two, the Sync result for the last.
func (in *Interp) fsWrite(name string, args []Value, form string, pos ir.Pos) (trips int, res []Value, ok bool) {
	if name == "unlink" || name == "rename" {
		return in.fsRemove(name, args, form, pos)
	}
	p, isStr := arg(args, 0).(string)
	if !isStr || in.opts.Files == nil {
		in.reason(pos, "fs.%s of a path the predictor does not know (or no files: pass --fs)", name)
		return 0, nil, false
	}
	if d := arg(args, 1); in.p.Has(loop.FSWriteDataChecked) && !isWriteData(d) {
		if _, u := d.(unknown); u || form == "promise" {
			in.reason(pos, "fs.%s of this value is not modelled", name)
			return 0, nil, false
		}
		panic(&Thrown{V: in.nodeError("TypeError", "ERR_INVALID_ARG_TYPE")})
	}
	data, ok := in.writeData(arg(args, 1), arg(args, 2), pos)
	if !ok {
		return 0, nil, false
	}
	in.raceCheck(p, true, pos)
	ferr, ok := in.writeCheck(p, pos)
	if !ok {
		return 0, nil, false
	}
	if ferr != nil {
		return 1, []Value{in.fsError(ferr, name)}, true
	}
	appendMode := name == "appendFile"
	if form == "sync" {
		in.applyWrite(p, data, appendMode)
		return 0, []Value{null}, true
	}
	return in.p.WriteFileTrips(), []Value{null, native("apply "+name, func(Value, []Value, ir.Pos) Value {
		in.applyWrite(p, data, appendMode)
		return nil
	})}, true
}

// changed is every path this run wrote or removed.
func (in *Interp) changed() map[string]bool {
	m := map[string]bool{}
	for k := range in.written {
		m[k] = true
	}
	for k := range in.removed {
		m[k] = true
	}
	return m
}

type fileKind int

const (
	kMissing fileKind = iota
	kFile
	kDir
)

// kindOf is what p is now, this run's changes over the sandbox's files;
// known is false after a reason.
func (in *Interp) kindOf(p string, pos ir.Pos) (kind fileKind, data []byte, known bool) {
	k := in.absPath(p)
	if in.removed[k] {
		return kMissing, nil, true
	}
	if b, ok := in.written[k]; ok {
		return kFile, b, true
	}
	data, err := in.opts.Files.ReadFile(k)
	if err == nil {
		return kFile, data, true
	}
	switch msg := err.Error(); {
	case strings.Contains(msg, "EISDIR"):
		return kDir, nil, true
	case strings.HasPrefix(msg, "ENOENT") || strings.HasPrefix(msg, "ENOTDIR"):
		return kMissing, nil, true
	default:
		in.reason(pos, "fs: %v is not modelled", err)
		return 0, nil, false
	}
}

// fsRemove is unlink(p) and rename(p, q) of files, like fsWrite: the
// outcome is decided when the request is made (another request on the
// file in flight is a reason) and applied when it completes.
func (in *Interp) fsRemove(name string, args []Value, form string, pos ir.Pos) (trips int, res []Value, ok bool) {
	p, isStr := arg(args, 0).(string)
	q, isStr2 := arg(args, 1).(string)
	if !isStr || in.opts.Files == nil || name == "rename" && !isStr2 {
		in.reason(pos, "fs.%s of a path the predictor does not know (or no files: pass --fs)", name)
		return 0, nil, false
	}
	sysErr := func(errno int, code string) error {
		e := &memfs.Error{Errno: errno, Code: code, Syscall: name, Path: p}
		if name == "rename" {
			e.Dest = q
		}
		return e
	}
	in.raceCheck(p, true, pos)
	kind, data, known := in.kindOf(p, pos)
	if !known {
		return 0, nil, false
	}
	var ferr error
	switch {
	case kind == kMissing:
		ferr = sysErr(memfs.ENOENT, "ENOENT")
	case kind == kDir && name == "unlink":
		ferr = sysErr(memfs.EISDIR, "EISDIR")
	case kind == kDir:
		in.reason(pos, "fs.rename of a directory is not modelled")
		return 0, nil, false
	case name == "rename":
		in.raceCheck(q, true, pos)
		to, _, known := in.kindOf(q, pos)
		parent, _, pknown := in.kindOf(path.Dir(in.absPath(q)), pos)
		switch {
		case !known || !pknown:
			return 0, nil, false
		case to == kDir:
			ferr = sysErr(memfs.EISDIR, "EISDIR")
		case parent != kDir:
			ferr = sysErr(memfs.ENOENT, "ENOENT")
		}
	}
	if ferr != nil {
		return 1, []Value{in.fsError(ferr, name)}, true
	}
	apply := func() {
		if name == "rename" {
			if in.absPath(p) == in.absPath(q) {
				return
			}
			in.applyWrite(q, data, false)
		}
		k := in.absPath(p)
		delete(in.written, k)
		if in.removed == nil {
			in.removed = map[string]bool{}
		}
		in.removed[k] = true
	}
	if form == "sync" {
		apply()
		return 0, []Value{null}, true
	}
	return 1, []Value{null, native("apply "+name, func(Value, []Value, ir.Pos) Value {
		apply()
		return nil
	})}, true
}
