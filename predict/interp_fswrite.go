package predict

import (
	"path"
	"strings"

	"github.com/looplint/looplint/ir"
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

// writeCheck is what a write to p would fail with (a missing directory:
// ENOENT; a directory: EISDIR), nil when it succeeds; known is false
// after a reason.
func (in *Interp) writeCheck(p string, pos ir.Pos) (error, bool) {
	k := in.absPath(p)
	if _, ok := in.written[k]; ok {
		return nil, true
	}
	if _, err := in.opts.Files.ReadFile(k); err != nil {
		msg := err.Error()
		switch {
		case strings.Contains(msg, "EISDIR"):
			return err, true
		case !strings.HasPrefix(msg, "ENOENT"):
			in.reason(pos, "fs write: %v is not modelled", err)
			return nil, false
		}
		// A new file: its directory must exist.
		if _, derr := in.opts.Files.ReadFile(path.Dir(k)); derr == nil || !strings.Contains(derr.Error(), "EISDIR") {
			return err, true // ENOENT, open
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
		if !ok {
			old, _ = in.opts.Files.ReadFile(k)
		}
		data = append(append([]byte{}, old...), data...)
	}
	in.written[k] = append([]byte{}, data...)
}

// fsWrite is writeFile/appendFile in any form: submit ("cb", "promise")
// or do at once ("sync"); it returns the callback's or promise's
// completion arguments for the first two, the Sync result for the last.
func (in *Interp) fsWrite(name string, args []Value, form string, pos ir.Pos) (trips int, res []Value, ok bool) {
	p, isStr := arg(args, 0).(string)
	if !isStr || in.opts.Files == nil {
		in.reason(pos, "fs.%s of a path the predictor does not know (or no files: pass --fs)", name)
		return 0, nil, false
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
