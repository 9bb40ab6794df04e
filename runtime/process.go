package runtime

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/grafana/sobek"

	"github.com/looplint/looplint/loop"
)

// jsThrow carries a thrown JS value that did not come from the engine
// (e.g. the error Node makes of an unhandled rejection).
type jsThrow struct{ val sobek.Value }

func (t *jsThrow) Error() string { return t.val.String() }

func exceptionValue(err error) sobek.Value {
	switch e := err.(type) {
	case *sobek.Exception:
		return e.Value()
	case *jsThrow:
		return e.val
	}
	return sobek.Undefined()
}

func (h *host) listeners(event string) int {
	v, err := h.lcount(h.process, h.rt.ToValue(event))
	if err != nil {
		return 0
	}
	return int(v.ToInteger())
}

// emitProcess calls process.emit(event, args...); a throwing listener is
// an uncaught exception, as in Node.
func (h *host) emitProcess(event string, args ...sobek.Value) bool {
	all := append([]sobek.Value{h.rt.ToValue(event)}, args...)
	v, err := h.emit(h.process, all...)
	if err = h.jsError(err); err != nil {
		h.l.ReportUncaught(err)
		return false
	}
	return v != nil && v.ToBoolean()
}

// Uncaught implements loop.Host: process._fatalException.
func (h *host) Uncaught(err error, fromPromise bool) bool {
	if h.p.Profile.Browser != loop.NoBrowser {
		return h.browserUncaught(err)
	}
	val := exceptionValue(err)
	if h.listeners("uncaughtException") > 0 && (!h.exited || h.naturalExit) {
		origin := "uncaughtException"
		if fromPromise {
			origin = "unhandledRejection"
		}
		all := []sobek.Value{h.rt.ToValue("uncaughtException"), val}
		if h.p.Profile.Has(loop.UncaughtExceptionOrigin) {
			all = append(all, h.rt.ToValue(origin))
		}
		if _, e := h.emit(h.process, all...); h.jsError(e) != nil {
			// A throwing handler is fatal with exit code 7.
			h.fatal(e, 7, false)
			return false
		}
		return true
	}
	h.fatal(err, 1, fromPromise)
	return false
}

// fatal ends the process the way an uncaught exception does: 'exit'
// listeners run with the code, the error is printed, nothing else runs.
func (h *host) fatal(err error, code int, fromPromise bool) {
	if h.exited {
		// An 'exit' listener threw: Node prints it, runs no more
		// listeners and ends with process.exitCode, or 1 (measured on
		// 10, 20 and 26).
		if code = h.processExitCode(); code == 0 {
			code = 1
		}
		h.exitCode = code
		h.process.Set("exitCode", code)
		h.printFatal(err, false)
		h.interrupt(sigExit)
		return
	}
	h.exitCode = code
	h.process.Set("exitCode", code)
	h.l.Exit()
	h.exited = true
	h.emitProcess("exit", h.rt.ToValue(code))
	h.printFatal(err, fromPromise)
	h.interrupt(sigExit)
}

var frameRe = regexp.MustCompile(`^\s*at (?:.*? \()?([^\s()]+):(\d+):(\d+)(?:\(\d+\))?\)?$`)

// printFatal writes Node's report of an uncaught exception to stderr:
// the source line with a caret, the stack (or the inspected value) and
// the version trailer. fromPromise: a rejection made it (an ES module's
// throw, or any unhandled rejection from 15).
func (h *host) printFatal(err error, fromPromise bool) {
	val := exceptionValue(err)
	file, line, col := "", 0, 0
	if ex, ok := err.(*sobek.Exception); ok && len(ex.Stack()) > 0 {
		// V8 points at the throw; the engine's stack of an Error is
		// where it was made, which is inside the throw statement when
		// the program wrote `throw new Error(...)`, maybe some calls deep.
		for _, f := range ex.Stack() {
			if p := f.Position(); f.SrcName() == h.p.VirtPath {
				if l, c, ok := h.p.throwAt(p.Line, p.Column); ok {
					file, line, col = f.SrcName(), l, c
					break
				}
			}
		}
		for _, f := range ex.Stack() {
			if file != "" {
				break
			}
			if p := f.Position(); p.Line > 0 && f.SrcName() != "<native>" {
				file, line, col = f.SrcName(), p.Line, p.Column
			}
		}
	}
	isErr := h.isError(val)
	if file == "" && isErr {
		if obj, ok := val.(*sobek.Object); ok {
			for _, l := range strings.Split(h.safeStack(obj), "\n")[1:] {
				if m := frameRe.FindStringSubmatch(l); m != nil {
					file = m[1]
					line, _ = strconv.Atoi(m[2])
					col, _ = strconv.Atoi(m[3])
					break
				}
			}
		}
	}
	var b strings.Builder
	if file == h.p.VirtPath {
		line, col = h.p.callee(line, col)
	}
	line, col = h.userPos(file, line, col)
	if fromPromise && !h.p.Profile.Has(loop.ESMErrorSource) {
		file = "" // Node 10 reports a module's throw without its source
	}
	if src, ok := h.sourceLine(file, line); ok {
		sep := "\n"
		if !isErr {
			sep = "" // Node puts no blank line between the caret and a thrown non-Error
		}
		// The path as Node prints it: the file's absolute path.
		fmt.Fprintf(&b, "%s:%d\n%s\n%s^\n%s", file, line, src, strings.Repeat(" ", max(col-1, 0)), sep)
	}
	switch {
	case isErr && !h.p.Profile.Has(loop.UncaughtInspect):
		obj := val.(*sobek.Object)
		if st := h.safeStack(obj); st != "" {
			b.WriteString(h.nodeStack(st))
		} else {
			b.WriteString(safeProp(obj, "name", "Error") + ": " + safeProp(obj, "message", ""))
		}
	case isErr:
		b.WriteString(h.errorText(val))
	case !h.p.Profile.Has(loop.UncaughtInspect):
		b.WriteString(h.toStringOrSay(val))
	default:
		if b.Len() == 0 {
			b.WriteString("Uncaught ")
		}
		b.WriteString(h.safeInspect(val))
	}
	b.WriteString("\n")
	if h.p.Profile.Node.Major >= 17 {
		fmt.Fprintf(&b, "\nNode.js v%s\n", h.p.Profile.Node)
	}
	h.err.write(b.String())
}

// toStringOrSay is String(v), which may run the program's toString, as
// Node before 12 printed an uncaught value that is not an Error.
func (h *host) toStringOrSay(v sobek.Value) (s string) {
	defer func() {
		if recover() != nil {
			s = "<toString() threw exception>"
		}
	}()
	if _, ok := v.(*sobek.Symbol); ok {
		return "<toString() threw exception>"
	}
	if v == nil {
		return "undefined"
	}
	return v.String()
}

func (h *host) safeStack(obj *sobek.Object) (s string) {
	defer func() {
		if recover() != nil {
			s = ""
		}
	}()
	if v := obj.Get("stack"); v != nil {
		return v.String()
	}
	return ""
}

func (h *host) sourceLine(file string, line int) (string, bool) {
	if file == "" || line < 1 {
		return "", false
	}
	data, err := h.fs.ReadFile(file)
	if err != nil {
		return "", false
	}
	lines := strings.Split(string(data), "\n")
	if line > len(lines) {
		return "", false
	}
	return strings.TrimRight(lines[line-1], "\r"), true
}

func (h *host) isError(v sobek.Value) bool {
	obj, ok := v.(*sobek.Object)
	if !ok {
		return false
	}
	return obj.ClassName() == "Error"
}

// errorText is how Node prints an Error it reports: its stack with our
// frames in Node's format, plus own enumerable properties.
func (h *host) errorText(v sobek.Value) string {
	return h.safeInspect(v)
}

// safeInspect never fails: a throwing getter or proxy trap in the value
// falls back to what can still be said about it.
func (h *host) safeInspect(v sobek.Value) (s string) {
	defer func() {
		if recover() != nil {
			s = "[" + describeClass(v) + "]"
			if obj, ok := v.(*sobek.Object); ok && obj.ClassName() == "Error" {
				s = safeProp(obj, "name", "Error") + ": " + safeProp(obj, "message", "")
			}
		}
	}()
	return h.inspect(v)
}

// plainString is how V8 words a value without running the program's
// code (NoSideEffectsToString), as Node words a rejection's reason that
// is not an Error: a primitive as String() does, a function as its
// source, an object that keeps Object.prototype.toString as
// #<Constructor>, any other as [object Tag]
// (testdata/runtime/rejection-reason-text, 10.24.1 to 26.10.0).
func (h *host) plainString(v sobek.Value) (s string) {
	obj, ok := v.(*sobek.Object)
	if !ok {
		if v == nil {
			return "undefined"
		}
		return v.String()
	}
	defer func() {
		if recover() != nil {
			s = "[object " + obj.ClassName() + "]"
		}
	}()
	if _, ok := sobek.AssertFunction(obj); ok {
		if fn, ok := sobek.AssertFunction(h.rt.Get("Function").ToObject(h.rt).Get("prototype").ToObject(h.rt).Get("toString")); ok {
			if src, err := fn(obj); err == nil {
				return src.String()
			}
		}
	}
	objToString := h.rt.Get("Object").ToObject(h.rt).Get("prototype").ToObject(h.rt).Get("toString")
	if ts := obj.Get("toString"); ts != nil && objToString != nil && ts.SameAs(objToString) {
		name := ""
		if c, ok := obj.Get("constructor").(*sobek.Object); ok {
			name = safeProp(c, "name", "")
		}
		if name == "" {
			name = "Object"
		}
		return "#<" + name + ">"
	}
	return "[object " + obj.ClassName() + "]"
}

func safeProp(obj *sobek.Object, key, def string) (s string) {
	defer func() {
		if recover() != nil {
			s = def
		}
	}()
	if v := obj.Get(key); v != nil && !sobek.IsUndefined(v) {
		return v.String()
	}
	return def
}

func describeClass(v sobek.Value) string {
	if obj, ok := v.(*sobek.Object); ok {
		return "object " + obj.ClassName()
	}
	return "value"
}

// TakeRejections implements loop.Host.
func (h *host) TakeRejections() (unhandled, late []any) {
	for _, p := range h.pending {
		unhandled = append(unhandled, p)
		if h.p.Profile.Browser != loop.NoBrowser {
			h.announcing[p] = true
		}
	}
	for _, p := range h.handledLa {
		late = append(late, p)
	}
	h.pending, h.handledLa = nil, nil
	return unhandled, late
}

func (h *host) trackRejection(p *sobek.Promise, op sobek.PromiseRejectionOperation) {
	switch op {
	case sobek.PromiseRejectionReject:
		h.pending = append(h.pending, p)
		h.l.Rejected()
	case sobek.PromiseRejectionHandle:
		delete(h.announcing, p) // handled before the browser announced it
		for i, q := range h.pending {
			if q == p {
				h.pending = append(h.pending[:i:i], h.pending[i+1:]...)
				return
			}
		}
		if _, ok := h.reported[p]; ok && !h.l.HandledLate(p) {
			h.handledLa = append(h.handledLa, p)
		}
	}
}

func (h *host) promiseValue(p *sobek.Promise) sobek.Value { return h.rt.ToValue(p) }

// EmitUnhandledRejection implements loop.Host.
func (h *host) EmitUnhandledRejection(r any) bool {
	p := r.(*sobek.Promise)
	h.rejections++
	h.reported[p] = h.rejections
	if h.listeners("unhandledRejection") == 0 {
		return false
	}
	h.emitProcess("unhandledRejection", p.Result(), h.promiseValue(p))
	return true
}

// WarnUnhandledRejection implements loop.Host (Node <= 14).
func (h *host) WarnUnhandledRejection(r any) {
	p := r.(*sobek.Promise)
	reason := p.Result()
	text := h.plainString(reason)
	if h.isError(reason) {
		text = h.errorText(reason)
	}
	h.Warn("UnhandledPromiseRejectionWarning", text)
	msg := "Unhandled promise rejection. This error originated either by throwing inside of an async function without a catch block, or by rejecting a promise which was not handled with .catch()."
	if h.p.Profile.Node.Major >= 12 {
		msg += " To terminate the node process on unhandled promise rejection, use the CLI flag `--unhandled-rejections=strict` (see https://nodejs.org/api/cli.html#cli_unhandled_rejections_mode)."
	}
	h.Warn("UnhandledPromiseRejectionWarning", fmt.Sprintf("%s (rejection id: %d)", msg, h.reported[p]))
	if !h.warnedOnce["DEP0018"] {
		h.warnedOnce["DEP0018"] = true
		h.warnCode("DeprecationWarning", "Unhandled promise rejections are deprecated. In the future, promise rejections that are not handled will terminate the Node.js process with a non-zero exit code.", "DEP0018")
	}
}

// RejectionError implements loop.Host (Node >= 15).
func (h *host) RejectionError(r any) error {
	reason := r.(*sobek.Promise).Result()
	if h.isError(reason) {
		return &jsThrow{reason}
	}
	msg := fmt.Sprintf("This error originated either by throwing inside of an async function without a catch block, or by rejecting a promise which was not handled with .catch(). The promise rejected with the reason \"%s\".", h.plainString(reason))
	e, _ := h.rt.New(h.rt.Get("Error"), h.rt.ToValue(msg))
	e.Set("code", "ERR_UNHANDLED_REJECTION")
	e.DefineDataProperty("name", h.rt.ToValue("UnhandledPromiseRejection"), sobek.FLAG_TRUE, sobek.FLAG_TRUE, sobek.FLAG_FALSE)
	stack := "UnhandledPromiseRejection: " + msg
	if h.p.Profile.Has(loop.RejectionErrorFrames) {
		stack += "\n    at processPromiseRejections (node:internal/process/promises)"
	}
	e.Set("stack", stack)
	return &jsThrow{e}
}

// EmitRejectionHandled implements loop.Host.
func (h *host) EmitRejectionHandled(r any) {
	p := r.(*sobek.Promise)
	if h.listeners("rejectionHandled") > 0 {
		h.emitProcess("rejectionHandled", h.promiseValue(p))
		return
	}
	h.Warn("PromiseRejectionHandledWarning", fmt.Sprintf("Promise rejection was handled asynchronously (rejection id: %d)", h.reported[p]))
}

// EmitProcess implements loop.Host: 'beforeExit' and the natural 'exit'.
func (h *host) EmitProcess(event string) {
	code := h.processExitCode()
	if event == "exit" {
		unsettled := h.mainAsync != nil && h.mainAsync.State() == sobek.PromiseStatePending
		listener := code
		if unsettled {
			// Node's verdict on a top-level await that never settled.
			l, sets := h.p.Profile.UnsettledTLA()
			if sets {
				h.process.Set("exitCode", 13)
			}
			code, listener = 13, l
			h.err.write("Warning: Detected unsettled top-level await at " + "file://" + h.p.VirtPath + "\n")
		}
		h.exitCode = code
		h.exited, h.naturalExit = true, true
		h.emitProcess("exit", h.rt.ToValue(listener))
		h.naturalExit = false
		if c := h.processExitCode(); c != 0 || !unsettled {
			h.exitCode = c
		}
		return
	}
	h.emitProcess(event, h.rt.ToValue(code))
}

// defineExitCode makes process.exitCode an accessor that, from 20.0.0,
// refuses what is not an integer or a string of one, and from 22.15.0 and
// 23.10.0 stores the number (null as undefined), as Node's does.
func (h *host) defineExitCode(pr *sobek.Object) {
	rt := h.rt
	var code sobek.Value = sobek.Undefined()
	validate, number := h.p.Profile.Has(loop.ExitCodeValidated), h.p.Profile.Has(loop.ExitCodeNumber)
	get := rt.ToValue(func(sobek.FunctionCall) sobek.Value { return code })
	set := rt.ToValue(func(c sobek.FunctionCall) sobek.Value {
		v := c.Argument(0)
		if validate && !sobek.IsUndefined(v) && !sobek.IsNull(v) {
			h.validateExitCode(v)
		}
		switch {
		case number && sobek.IsNull(v):
			v = sobek.Undefined()
		case number && !sobek.IsUndefined(v):
			v = rt.ToValue(v.ToNumber())
		}
		code = v
		return sobek.Undefined()
	})
	pr.DefineAccessorProperty("exitCode", get, set, sobek.FLAG_TRUE, sobek.FLAG_TRUE)
}

func (h *host) validateExitCode(v sobek.Value) {
	if s, ok := v.Export().(string); ok && s != "" {
		if f := v.ToFloat(); f == math.Trunc(f) && !math.IsInf(f, 0) {
			return
		}
	}
	f, ok := v.Export().(float64)
	if i, isInt := v.Export().(int64); isInt {
		f, ok = float64(i), true
	}
	switch {
	case !ok:
		h.throwType("ERR_INVALID_ARG_TYPE", `The "code" argument must be of type number. Received `+h.describe(v))
	case f != math.Trunc(f) || math.IsInf(f, 0):
		h.throwCoded("RangeError", "ERR_OUT_OF_RANGE", `The value of "code" is out of range. It must be an integer. Received `+h.inspect(v))
	}
}

func (h *host) processExitCode() int {
	v := h.process.Get("exitCode")
	if v == nil || sobek.IsUndefined(v) || sobek.IsNull(v) {
		return 0
	}
	return int(v.ToInteger())
}

// Warn implements loop.Host: process.emitWarning(msg, name).
func (h *host) Warn(name, msg string) { h.warnCode(name, msg, "") }

func (h *host) warnCode(name, msg, code string) {
	fn, _ := sobek.AssertFunction(h.process.Get("emitWarning"))
	if fn == nil {
		return
	}
	args := []sobek.Value{h.rt.ToValue(msg), h.rt.ToValue(name)}
	if code != "" {
		args = append(args, h.rt.ToValue(code))
	}
	if _, err := fn(h.process, args...); h.jsError(err) != nil {
		h.l.ReportUncaught(err)
	}
}

// writeWarning prints a warning the way Node's default 'warning' handler does.
func (h *host) writeWarning(w sobek.Value) {
	obj, ok := w.(*sobek.Object)
	if !ok {
		return
	}
	name := obj.Get("name").String()
	msg := obj.Get("message").String()
	prefix := "(node:" + strconv.Itoa(fakePID) + ") "
	if c := obj.Get("code"); c != nil && !sobek.IsUndefined(c) {
		prefix += "[" + c.String() + "] "
	}
	text := prefix + name + ": " + msg + "\n"
	if !h.warnedOnce["trace-hint"] && h.p.Profile.Node.Major >= 14 {
		h.warnedOnce["trace-hint"] = true
		flag := "--trace-warnings"
		if name == "DeprecationWarning" {
			flag = "--trace-deprecation"
		}
		text += "(Use `node " + flag + " ...` to show where the warning was created)\n"
	}
	h.err.write(text)
}

const fakePID = 4242
