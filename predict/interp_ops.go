package predict

import (
	"path"
	"strings"

	"github.com/looplint/looplint/runtime/nodebuf"

	"github.com/looplint/looplint/ir"
	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/runtime/memfs"
)

// op interprets a recognised scheduling operation.
func (in *Interp) op(e *ir.Op, sc *Scope, fr *frame) Value {
	switch e.Kind {
	case ir.OpAwait:
		return in.await(in.eval(e.Args[0], sc, fr), e.Pos)
	case ir.OpExitCode:
		v := in.eval(e.Args[0], sc, fr)
		in.setExitCode(v)
		return v
	}
	args := in.args(e.Args, sc, fr)
	switch e.Kind {
	case ir.OpPrint:
		return in.print(e.Name, args, e.Pos)
	case ir.OpNextTick:
		return in.nextTick(args, e.Pos)
	case ir.OpMicrotask:
		return in.queueMicrotask(args, e.Pos)
	case ir.OpTimer, ir.OpInterval:
		return in.setTimer(args, e.Kind == ir.OpInterval, e.Pos)
	case ir.OpImmediate:
		return in.setImmediate(args, e.Pos)
	case ir.OpClear:
		return in.clear(e.Name, args, e.Pos)
	case ir.OpPromise:
		return in.promiseStatic(e.Name, args, e.Pos)
	case ir.OpNewPromise:
		return in.newPromise(args, e.Pos)
	case ir.OpIO:
		return in.fsCall(e.Name, args, e.Pos)
	case ir.OpIOPromise:
		return in.fsPromise(e.Name, args, e.Pos)
	case ir.OpIOSync:
		return in.fsSync(e.Name, args, e.Pos)
	case ir.OpExit:
		return in.exit(args)
	}
	in.reason(e.Pos, "%s (%s) is not modelled", e.Callee, e.Kind)
	for _, a := range args {
		if isCallable(a) {
			in.reason(e.Pos, "a callback passed to %s is never run by the predictor", e.Callee)
		}
	}
	return unknown{why: string(e.Kind)}
}

func (in *Interp) promiseMethod(p *Promise, name string) *Native {
	return &Native{Name: name, Fn: func(_ Value, args []Value, pos ir.Pos) Value {
		arg := func(i int) Callable {
			if i < len(args) {
				return in.callable(args[i], pos)
			}
			return nil
		}
		onF, onR := arg(0), arg(1)
		site := pos
		if in.method[0] == pos {
			site = in.method[1] // .then's own position, in a chain of calls that all begin alike
		}
		in.e.At = in.origin(name, site)
		switch name {
		case "then":
			return in.e.Then(p, onF, onR)
		case "catch":
			return in.e.Then(p, nil, onF)
		}
		return in.e.Finally(p, onF)
	}}
}

func (in *Interp) task(args []Value, pos ir.Pos, what string) task {
	if len(args) == 0 || !isCallable(args[0]) {
		if len(args) > 0 {
			if _, u := args[0].(unknown); u {
				in.reason(pos, "%s with an unknown callback", what)
			}
		}
		code := in.p.InvalidCallbackCode()
		if what == "queueMicrotask" {
			code = "ERR_INVALID_ARG_TYPE"
		}
		// The message quotes the value as Node inspects it: unknown.
		panic(&Thrown{V: in.nodeError("TypeError", code)})
	}
	return task{fn: args[0], args: args[1:], api: what, site: in.userSite(pos)}
}

func (in *Interp) nextTick(args []Value, pos ir.Pos) Value {
	t := in.task(args, pos, "process.nextTick")
	in.l.NextTick(t, t.site.String())
	return nil
}

func (in *Interp) queueMicrotask(args []Value, pos ir.Pos) Value {
	if !in.p.Has(loop.QueueMicrotask) {
		panic(&Thrown{V: in.newError("ReferenceError", "queueMicrotask is not defined")})
	}
	t := in.task(args, pos, "queueMicrotask")
	in.e.At = in.origin("queueMicrotask", pos)
	in.e.Enqueue(func() {
		in.reaction = t
		if err := in.protect(func() { in.call(t.fn, nil, nil, pos) }); err != nil {
			in.l.ReportUncaught(err)
		}
	})
	return nil
}

func (in *Interp) setTimer(args []Value, repeat bool, pos ir.Pos) Value {
	what := "setTimeout"
	if repeat {
		what = "setInterval"
	}
	t := in.task(args, pos, what)
	var d Value
	if len(args) > 1 {
		d = args[1]
		t.args = args[2:]
	} else {
		t.args = nil
	}
	n, ok := toNumber(d)
	if !ok {
		in.reason(pos, "timer delay is not known")
		n = 1
	}
	h := &timerHandle{}
	t.this = h
	h.t = in.l.SetTimer(t, in.l.CoerceDelay(n), repeat)
	// The first timer sets up Node's timer lists after it read the
	// clock: the next creation can fall in another millisecond.
	in.meter.TimerMade()
	return h
}

func (in *Interp) setImmediate(args []Value, pos ir.Pos) Value {
	t := in.task(args, pos, "setImmediate")
	h := &immHandle{}
	t.this = h
	h.im = in.l.SetImmediate(t)
	return h
}

func (in *Interp) clear(kind string, args []Value, pos ir.Pos) Value {
	if len(args) == 0 {
		return nil
	}
	switch h := args[0].(type) {
	case *timerHandle:
		if kind != "immediate" {
			in.l.ClearTimer(h.t)
			return nil
		}
	case *immHandle:
		if kind == "immediate" {
			in.l.ClearImmediate(h.im)
			return nil
		}
	case nil, nullT:
		return nil
	}
	in.reason(pos, "clear%s of a value the predictor does not track", kind)
	return nil
}

func (in *Interp) newPromise(args []Value, pos ir.Pos) Value {
	if len(args) == 0 || !isCallable(args[0]) {
		in.throwTypeVague() // "Promise resolver 5 is not a function"
	}
	p := in.e.New()
	res, rej := in.e.Resolver(p)
	resolve := &Native{Name: "resolve", Fn: func(_ Value, a []Value, at ir.Pos) Value {
		in.e.At = in.origin("resolve", at)
		res(arg(a, 0))
		return nil
	}}
	if err := in.protect(func() { in.call(args[0], nil, []Value{resolve, resolverFn("reject", rej)}, pos) }); err != nil {
		rej(thrownValue(err))
	}
	return p
}

func (in *Interp) promiseStatic(name string, args []Value, pos ir.Pos) Value {
	var a0 Value
	if len(args) > 0 {
		a0 = args[0]
	}
	if in.lacks(promiseStatics, name) {
		in.throwType(pos, "Promise."+name+" is not a function")
	}
	in.e.At = in.origin("Promise."+name, pos)
	switch name {
	case "resolve":
		return in.e.Resolved(a0)
	case "reject":
		return in.e.Rejected(a0)
	case "all", "race", "allSettled", "any":
		arr, ok := a0.(*Object)
		if !ok || !arr.Arr {
			in.reason(pos, "Promise.%s over a value that is not a known array", name)
			return in.e.New()
		}
		items := append([]Value{}, arr.Elems...)
		in.e.At = in.origin("Promise."+name, pos)
		return in.e.Combinator(name, items, func(errs []Value) Value {
			o := in.newError("AggregateError", "All promises were rejected")
			o.Props["errors"] = newArray(append([]Value{}, errs...))
			return o
		}, func(ok bool, v Value) Value {
			o := newObject()
			if ok {
				o.set("status", "fulfilled")
				o.set("value", v)
			} else {
				o.set("status", "rejected")
				o.set("reason", v)
			}
			return o
		})
	}
	if name == "withResolvers" {
		p := in.builtins["Promise"]
		return in.call(in.getMember(p, name, pos), p, args, pos)
	}
	in.reason(pos, "Promise.%s is not modelled", name)
	return unknown{why: "Promise." + name}
}

// resolverFn is a promise's resolve or reject function as a value.
func resolverFn(name string, f func(Value)) *Native {
	return &Native{Name: name, Fn: func(_ Value, a []Value, _ ir.Pos) Value {
		f(arg(a, 0))
		return nil
	}}
}

// fsCall is an fs callback API: its completion is I/O in the poll
// phase, the callback a macrotask with the error and the result.
func (in *Interp) fsCall(name string, args []Value, pos ir.Pos) Value {
	if name == "createReadStream" || name == "createWriteStream" {
		return in.fsStream(name, args, pos)
	}
	if fsWrites[name] {
		if len(args) == 0 || !isCallable(args[len(args)-1]) {
			in.throwInvalidCallback()
		}
		cb := args[len(args)-1]
		trips, res, ok := in.fsWrite(name, args[:len(args)-1], "cb", pos)
		if !ok {
			in.reason(pos, "a callback passed to fs.%s is never run by the predictor", name)
			return nil
		}
		in.submitWrite(writePaths(name, args), trips, res, func(e Value) { in.call(cb, nil, []Value{e}, pos) }, "fs."+name, pos)
		return nil
	}
	if !fsModelled[name] {
		in.reason(pos, "fs.%s is not modelled", name)
		for _, a := range args {
			if isCallable(a) {
				in.reason(pos, "a callback passed to fs.%s is never run by the predictor", name)
			}
		}
		return unknown{why: "fs." + name}
	}
	if len(args) == 0 || !isCallable(args[len(args)-1]) {
		in.throwInvalidCallback()
	}
	trips, cbArgs := in.fsRequest(name, args[:len(args)-1], false, pos)
	in.submitRead(arg(args, 0), trips, task{fn: args[len(args)-1], args: cbArgs, api: "fs." + name, site: in.userSite(pos)})
	return nil
}

// submitRead submits a read request, counting it in flight on its file
// (a write meeting it is a reason).
func (in *Interp) submitRead(p Value, trips int, t task) {
	s, ok := p.(string)
	if !ok {
		in.l.SubmitIO(trips, t)
		return
	}
	k := in.absPath(s)
	in.reading[k]++
	fn := t.fn
	t.fn = native("", func(this Value, a []Value, pos ir.Pos) Value {
		in.reading[k]--
		return in.call(fn, this, a, pos)
	})
	in.l.SubmitIO(trips, t)
}

// writePaths are the files a write changes: its path, and a rename's
// destination too.
func writePaths(name string, args []Value) []string {
	ps := []string{arg(args, 0).(string)}
	if q, ok := arg(args, 1).(string); ok && name == "rename" {
		ps = append(ps, q)
	}
	return ps
}

// submitWrite submits a write: on completion the overlay takes it (res's
// second element applies it), then done gets the error or null. Until
// then its files count as in flight: Node's thread pool may already have
// changed them (raceCheck, readdir).
func (in *Interp) submitWrite(paths []string, trips int, res []Value, done func(e Value), api string, pos ir.Pos) {
	var ks []string
	for _, p := range paths {
		k := in.absPath(p)
		in.writing[k]++
		ks = append(ks, k)
	}
	finish := native(api, func(Value, []Value, ir.Pos) Value {
		for _, k := range ks {
			in.writing[k]--
		}
		if len(res) > 1 {
			in.call(res[1], nil, nil, pos)
		}
		done(res[0])
		return nil
	})
	in.l.SubmitIO(trips, task{fn: finish, api: api, site: in.userSite(pos)})
}

// fsSync is fs.<name>Sync: the same request done at once, in the calling
// callback; it returns the result or throws the error.
func (in *Interp) fsSync(name string, args []Value, pos ir.Pos) Value {
	in.meter.SyncIO()
	switch {
	case fsWrites[name]:
		_, res, ok := in.fsWrite(name, args, "sync", pos)
		if !ok {
			return unknown{why: "fs." + name + "Sync"}
		}
		if e, isErr := res[0].(*Object); isErr {
			panic(&Thrown{V: in.syncFsError(e)})
		}
		return nil
	case name == "write":
		return in.writeSync(args, pos)
	case name == "exists":
		// Never throws: a missing file or a bad path is false.
		if p := arg(args, 0); p == nil || p == null {
			return false
		}
		known, _, err := in.readPath(arg(args, 0), pos, "existsSync")
		if !known {
			return unknown{why: "fs.existsSync", made: true, typ: "boolean"}
		}
		return err == nil
	case !fsModelled[name] || name == "open":
		// openSync's descriptor is only good for other descriptor calls,
		// which are not modelled.
		in.reason(pos, "fs.%sSync is not modelled", name)
		return unknown{why: "fs." + name + "Sync"}
	case (name == "stat" || name == "lstat") && in.p.Has(loop.StatSyncThrowIfNoEntry):
		// { throwIfNoEntry: false }: undefined for a missing file.
		if o, ok := arg(args, 1).(*Object); ok && plainKeys(o) && len(o.Keys) == 1 && o.Props["throwIfNoEntry"] == false {
			_, res := in.fsRequest(name, args[:1], false, pos)
			if e, isErr := res[0].(*Object); isErr {
				if e.Props["code"] == "ENOENT" {
					return nil
				}
				panic(&Thrown{V: in.syncFsError(e)})
			}
			if _, u := res[0].(unknown); u {
				return unknown{why: "fs." + name + "Sync"}
			}
			return res[1]
		}
	}
	_, res := in.fsRequest(name, args, false, pos)
	switch e := res[0].(type) {
	case nullT:
	case *Object:
		panic(&Thrown{V: in.syncFsError(e)})
	default:
		return unknown{why: "fs." + name + "Sync"} // fsRequest gave the reason
	}
	if name == "access" {
		return nil
	}
	return res[1]
}

// writeSync is fs.writeSync to the process's stdout (1) or stderr (2), the
// descriptors a snippet can know without opening a file: written at once,
// in order with console and process.stdout writes.
func (in *Interp) writeSync(args []Value, pos ir.Pos) Value {
	stream := map[Value]string{1.0: "stdout", 2.0: "stderr"}[arg(args, 0)]
	data, ok := arg(args, 1).(string)
	if stream == "" || !ok {
		in.reason(pos, "fs.writeSync other than a string to descriptor 1 or 2 is not modelled")
		return unknown{why: "fs.writeSync", made: true, typ: "number"}
	}
	for _, a := range args[2:] {
		if a != nil && a != null && a != "utf8" && a != "utf-8" {
			in.reason(pos, "fs.writeSync with a position or an encoding other than utf8 is not modelled")
			break
		}
	}
	in.write(stream, data)
	return float64(len(data))
}

// fsPromise is fs.promises.name: the same request, whose completion
// settles the promise returned. Node settles it a few internal jobs
// after the request completes, but nothing else runs in between (the
// completion is its own macrotask), so those jobs cannot reorder output.
func (in *Interp) fsPromise(name string, args []Value, pos ir.Pos) Value {
	if !fsModelled[name] {
		in.reason(pos, "fs.promises.%s is not modelled", name)
		return unknown{why: "fs.promises." + name}
	}
	p := in.e.New()
	resolve, reject := in.e.Resolver(p)
	if fsWrites[name] {
		trips, res, ok := in.fsWrite(name, args, "promise", pos)
		if !ok {
			return unknown{why: "fs.promises." + name}
		}
		in.submitWrite(writePaths(name, args), trips, res, func(e Value) {
			if e != null {
				reject(in.promiseFsError(name, e))
			} else {
				resolve(nil)
			}
		}, "fs.promises."+name, pos)
		return p
	}
	trips, res := in.fsRequest(name, args, true, pos)
	settle := native("fs.promises."+name, func(_ Value, a []Value, _ ir.Pos) Value {
		if e := arg(a, 0); e != null {
			reject(in.promiseFsError(name, e))
		} else {
			resolve(arg(a, 1))
		}
		return nil
	})
	in.l.SubmitIO(trips, task{fn: settle, args: res, api: "fs.promises." + name, site: in.userSite(pos)})
	return p
}

// promiseFsError is the error fs.promises.<name> rejects with: with
// stack frames where Node's has them (loop.Profile.FsPromiseFrames).
func (in *Interp) promiseFsError(name string, e Value) Value {
	if o, ok := e.(*Object); ok && in.p.FsPromiseFrames(name) {
		delete(o.Props, "[[stackless]]")
	}
	return e
}

// throwInvalidCallback is Node's TypeError for an fs call without a
// callback (its message renders the value: not modelled).
func (in *Interp) throwInvalidCallback() {
	panic(&Thrown{V: in.nodeError("TypeError", in.p.InvalidCallbackCode())})
}

// fsModelled are the fs operations the predictor models (both forms).
var fsModelled = map[string]bool{"readFile": true, "stat": true, "lstat": true, "access": true, "open": true, "readdir": true,
	"writeFile": true, "appendFile": true, "unlink": true, "rename": true}

// fsWrites are those that change files (interp_fswrite.go).
var fsWrites = map[string]bool{"writeFile": true, "appendFile": true, "unlink": true, "rename": true}

// fsRequest is an fs request's round trips and what it completes with
// ([error, result]; error null on success). args are the request's
// arguments without a callback.
func (in *Interp) fsRequest(name string, args []Value, promise bool, pos ir.Pos) (int, []Value) {
	if p := arg(args, 0); (p == nil || p == null) && !promise {
		// Validated before any request: the call itself throws (the
		// promise form rejects instead, a job later: not modelled).
		panic(&Thrown{V: in.nodeError("TypeError", "ERR_INVALID_ARG_TYPE")})
	}
	if name == "readdir" {
		return 1, in.readdir(args, pos)
	}
	trips := 1
	if name == "readFile" {
		trips = in.p.ReadFileTrips(promise)
	}
	if f := arg(args, 1); name == "open" && f != nil && f != "r" {
		// Writing flags create or truncate: the sandbox's files are
		// read-only, and the predictor does not model writes.
		in.reason(pos, "fs.open with flags other than 'r' is not modelled")
	}
	res := []Value{unknown{why: "fs error"}}
	if name != "access" {
		res = append(res, unknown{why: "fs result"})
	}
	enc, ok := in.fsOptions(name, args, pos)
	if !ok {
		return trips, res
	}
	if known, data, ferr := in.readPath(arg(args, 0), pos, name); known && ferr != nil {
		// A failed open is one round trip, and the request fails.
		return 1, []Value{in.fsError(ferr, name)}
	} else if known {
		res = []Value{null}
		switch {
		case name == "readFile" && enc != "":
			res = append(res, nodebuf.Decode(data, enc))
		case name == "readFile":
			res = append(res, bufferValue(data))
		case name == "open":
			res = append(res, unknown{why: "file descriptor", made: true, typ: "number"})
		case name == "stat":
			res = append(res, statsValue(data))
		case name != "access":
			// lstat: readPath followed a final symlink.
			res = append(res, unknown{why: "fs.Stats", made: true, typ: "object"})
		}
	}
	return trips, res
}

// readdir is a directory's names, in the order the sandbox (like
// libuv's scandir) lists them: [null, names] or [error].
func (in *Interp) readdir(args []Value, pos ir.Pos) []Value {
	unknownRes := []Value{unknown{why: "fs error"}, unknown{why: "fs result"}}
	switch o := arg(args, 1).(type) {
	case nil, nullT:
	case string:
		if o != "utf8" && o != "utf-8" {
			in.reason(pos, "fs.readdir with encoding %q is not modelled", o)
			return unknownRes
		}
	case *Object:
		for _, k := range o.Keys {
			if k != "encoding" || (o.Props[k] != "utf8" && o.Props[k] != "utf-8") {
				in.reason(pos, "fs.readdir option %s is not modelled", k)
				return unknownRes
			}
		}
	default:
		in.reason(pos, "fs.readdir options of this kind")
		return unknownRes
	}
	lister, ok := in.opts.Files.(interface {
		Readdir(string) ([]string, error)
	})
	p, isStr := arg(args, 0).(string)
	if !ok || !isStr {
		in.reason(pos, "fs.readdir: the directory's entries are not known (its path, or the files: pass --fs)")
		return unknownRes
	}
	for k, n := range in.writing {
		if n > 0 && path.Dir(k) == in.absPath(p) {
			in.reason(pos, "fs.readdir of a directory with a write, unlink or rename in flight (which Node's thread pool may have done already) is not modelled")
			return unknownRes
		}
	}
	for k := range in.changed() {
		if path.Dir(k) == in.absPath(p) {
			in.reason(pos, "fs.readdir of a directory this run wrote files in is not modelled")
			return unknownRes
		}
	}
	names, err := lister.Readdir(p)
	if err != nil {
		if !strings.HasPrefix(err.Error(), "ENOENT") && !strings.HasPrefix(err.Error(), "ENOTDIR") {
			in.reason(pos, "fs.readdir: %v is not modelled", err)
			return unknownRes
		}
		return []Value{in.fsError(err, "readdir")}
	}
	return []Value{null, in.stringArray(names)}
}

// statsValue is the fs.Stats of a file with contents data, or of a
// directory (data nil, as readPath returns it): what a snippet asks of it
// (the kind, the size) is known; the rest (times, inode) and printing it
// are not.
func statsValue(data []byte) Value {
	dir := data == nil
	is := func(name string, v bool) *Native {
		return native(name, func(Value, []Value, ir.Pos) Value { return v })
	}
	st := &Native{Name: "fs.Stats", Obj: true, Props: map[string]Value{
		"isFile": is("isFile", !dir), "isDirectory": is("isDirectory", dir),
		"isSymbolicLink": is("isSymbolicLink", false),
	}}
	if !dir {
		st.Props["size"] = float64(len(data))
	}
	return st
}

// readPath reads the file an fs call names from Options.Files. known is
// false (and the prediction incomplete) when the path or the file system
// is not known: whether the file exists decides the round trips. A
// directory reads as nil data (a file's data is never nil).
func (in *Interp) readPath(p Value, pos ir.Pos, name string) (known bool, data []byte, err error) {
	s, ok := p.(string)
	if !ok || in.opts.Files == nil {
		in.reason(pos, "fs.%s: whether the file exists is not known (its path, or the files: pass --fs)", name)
		return false, nil, nil
	}
	in.raceCheck(s, false, pos)
	if in.removed[in.absPath(s)] {
		return true, nil, &memfs.Error{Errno: memfs.ENOENT, Code: "ENOENT", Syscall: "open", Path: s}
	}
	if b, ok := in.overlayRead(s); ok {
		return true, b, nil // this run wrote it
	}
	// A relative path is read from the file system's own working
	// directory, which keeps it as given in error messages, as Node does.
	data, err = in.opts.Files.ReadFile(s)
	in.meter.Bytes(len(data))
	if err != nil && name != "readFile" && strings.Contains(err.Error(), "EISDIR") {
		return true, nil, nil // stat/access of a directory succeed
	}
	if err != nil && !strings.HasPrefix(err.Error(), "ENOENT") {
		in.reason(pos, "fs.%s: %v is not modelled", name, err)
		return false, nil, nil
	}
	return true, data, err
}

func (in *Interp) cwd() string {
	if in.opts.Cwd != "" {
		return in.opts.Cwd
	}
	return "/"
}

// fsOptions checks the options of a read request the predictor models
// (readFile's encoding and flag 'r'; stat's, lstat's and access's defaults)
// and returns readFile's encoding ("" for a Buffer); false after a reason.
func (in *Interp) fsOptions(name string, args []Value, pos ir.Pos) (string, bool) {
	opt := arg(args, 1)
	switch name {
	case "readFile":
		enc := ""
		switch o := opt.(type) {
		case nil, nullT:
		case string:
			enc = o
		case *Object:
			if !plainKeys(o) {
				in.reason(pos, "fs.readFile options of this kind are not modelled")
				return "", false
			}
			for _, k := range o.Keys {
				switch v := o.Props[k]; {
				case k == "encoding" && (v == nil || v == null):
				case k == "encoding":
					s, isStr := v.(string)
					if !isStr {
						in.reason(pos, "fs.readFile with this encoding is not modelled")
						return "", false
					}
					enc = s
				case k == "flag" && v == "r":
				default:
					in.reason(pos, "fs.readFile option %s is not modelled", k)
					return "", false
				}
			}
		default:
			in.reason(pos, "fs.readFile options of this kind are not modelled")
			return "", false
		}
		if enc != "" && !nodebuf.Known(strings.ToLower(enc)) {
			// Node throws, with a code that changed by release.
			in.reason(pos, "fs.readFile with encoding %q is not modelled", enc)
			return "", false
		}
		return strings.ToLower(enc), true
	case "stat", "lstat":
		if opt != nil && opt != null {
			in.reason(pos, "fs.%s options (bigint, throwIfNoEntry) are not modelled", name)
			return "", false
		}
	case "access":
		// F_OK and R_OK; W_OK and X_OK depend on the file's mode and who
		// runs Node.
		if opt != nil && opt != null && opt != 0.0 && opt != 4.0 {
			in.reason(pos, "fs.access with this mode is not modelled")
			return "", false
		}
	}
	return "", true
}

// fsError is the Error an fs callback receives, with Node's properties.
// fsError is the error an fs call named op completes with; the file
// system read the path with open, Node's op names its own syscall.
func (in *Interp) fsError(err error, op string) Value {
	sc := map[string]string{"stat": "stat", "lstat": "lstat", "access": "access"}[op]
	msg := err.Error()
	if sc != "" {
		msg = strings.Replace(msg, ", open '", ", "+sc+" '", 1)
	}
	o := in.newError("Error", msg)
	o.Props["[[stackless]]"] = true // libuv's errors carry no JS frames
	if fe, ok := err.(interface {
		Props() (code, syscall, path string, errno int)
	}); ok {
		code, syscall, p, errno := fe.Props()
		if sc != "" {
			syscall = sc
		}
		o.set("errno", float64(errno))
		o.set("code", code)
		o.set("syscall", syscall)
		o.set("path", p)
	}
	return o
}

// syncFsError is an fs error as a Sync call throws it: from JS, so with
// stack frames, and before 20.8.0 with syscall set before code.
func (in *Interp) syncFsError(e *Object) *Object {
	delete(e.Props, "[[stackless]]")
	if !in.p.Has(loop.FSSyncErrorKeys) {
		for i, k := range e.Keys {
			if k == "code" && i+1 < len(e.Keys) && e.Keys[i+1] == "syscall" {
				e.Keys[i], e.Keys[i+1] = "syscall", "code"
				break
			}
		}
	}
	return e
}

func (in *Interp) exit(args []Value) Value {
	if len(args) > 0 && args[0] != nil {
		in.setExitCode(args[0])
	}
	if !in.l.Exiting() {
		in.l.Exit()
		// process.emit('exit', process.exitCode || 0): the value as
		// stored, not the number the OS gets.
		var code Value = float64(0)
		if t, ok := truthy(in.exitCode); ok && t {
			code = in.exitCode
		} else if !ok {
			code = unknown{why: "process.exitCode"}
		}
		in.emit("exit", code)
	}
	panic(exitSignal{})
}
