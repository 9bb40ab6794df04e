package runtime

import (
	"strconv"

	"github.com/grafana/sobek"

	"github.com/looplint/looplint/ir"
	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/parse"
)

// nodeOnly are the globals Node has and a browser lacks: in a browser
// they are ReferenceErrors (testdata/browser/node_apis_reference_errors).
var nodeOnly = []string{"process", "Buffer", "global", "GLOBAL", "root", "setImmediate", "clearImmediate",
	"require", "module", "exports", "__filename", "__dirname"}

// browserGlobals turns the engine's globals into a browser window's
// (jslib/_browser.js) over the loop's browser model.
func (h *host) browserGlobals() error {
	rt := h.rt
	g := rt.GlobalObject()
	for _, n := range nodeOnly {
		g.Delete(n)
	}
	bi := rt.NewObject()
	fnArg := func(c sobek.FunctionCall, api string) *callback {
		fn, ok := sobek.AssertFunction(c.Argument(0))
		if !ok {
			panic(rt.NewTypeError("looplint: __internal.browser." + api + " takes a function"))
		}
		return h.label(&callback{fn: fn, this: g}, api)
	}
	num := func(id int) sobek.Value { return rt.ToValue(id) }
	bi.Set("setTimer", func(c sobek.FunctionCall) sobek.Value {
		api := c.Argument(3).String()
		ms := loop.WebIDLLong(c.Argument(1).ToFloat())
		return num(h.l.SetBrowserTimer(fnArg(c, api), ms, c.Argument(2).ToBoolean()))
	})
	bi.Set("clearTimer", func(c sobek.FunctionCall) sobek.Value {
		h.l.ClearBrowserTimer(int(c.Argument(0).ToInteger()))
		return sobek.Undefined()
	})
	bi.Set("raf", func(c sobek.FunctionCall) sobek.Value {
		cb := fnArg(c, "requestAnimationFrame")
		cb.prep = func() []sobek.Value { return []sobek.Value{rt.ToValue(h.frameMillis())} }
		return num(h.l.RequestAnimationFrame(cb))
	})
	bi.Set("cancelRaf", func(c sobek.FunctionCall) sobek.Value {
		h.l.CancelAnimationFrame(int(c.Argument(0).ToInteger()))
		return sobek.Undefined()
	})
	bi.Set("idle", func(c sobek.FunctionCall) sobek.Value {
		return num(h.l.RequestIdleCallback(fnArg(c, "requestIdleCallback")))
	})
	bi.Set("cancelIdle", func(c sobek.FunctionCall) sobek.Value {
		h.l.CancelIdleCallback(int(c.Argument(0).ToInteger()))
		return sobek.Undefined()
	})
	bi.Set("render", func(c sobek.FunctionCall) sobek.Value {
		h.l.OnRendering(fnArg(c, "an observer"))
		return sobek.Undefined()
	})
	bi.Set("task", func(c sobek.FunctionCall) sobek.Value {
		h.l.QueueTask("event", fnArg(c, "an observer's delivery"), nil, loop.PrioNormal)
		return sobek.Undefined()
	})
	// post(port, fn): a posted message to port (null: the window).
	bi.Set("post", func(c sobek.FunctionCall) sobek.Value {
		port := c.Argument(0)
		cb := &callback{this: g}
		cb.fn, _ = sobek.AssertFunction(c.Argument(1))
		cb = h.label(cb, "postMessage")
		if o, ok := port.(*sobek.Object); ok {
			h.l.QueueTask("message", cb, o, loop.PrioNormal)
		} else {
			h.l.QueueTask("window message", cb, nil, loop.PrioNormal)
		}
		return sobek.Undefined()
	})
	bi.Set("postTask", func(c sobek.FunctionCall) sobek.Value {
		prio := map[string]int{"user-blocking": loop.PrioUserBlocking, "background": loop.PrioBackground}[c.Argument(1).String()]
		if c.Argument(1).String() == "user-visible" {
			prio = loop.PrioNormal
		}
		h.l.QueueTask("postTask "+c.Argument(1).String(), fnArg(c, "scheduler.postTask"), nil, prio)
		return sobek.Undefined()
	})
	bi.Set("uncaught", func(c sobek.FunctionCall) sobek.Value {
		h.err.write(c.Argument(0).String() + "\n")
		return sobek.Undefined()
	})
	h.internal.Set("browser", bi)
	v, err := h.builtin("_browser")
	if err != nil {
		return err
	}
	mod := v.ToObject(rt)
	install, _ := sobek.AssertFunction(mod.Get("install"))
	tree := sobek.Undefined()
	if pg := h.p.File.Page; pg != nil {
		tree = rt.ToValue(pageTree(pg.Root))
	}
	if _, err := install(sobek.Undefined(), tree); err != nil {
		return err
	}
	h.listenersFn, _ = sobek.AssertFunction(mod.Get("listeners"))
	h.reportFn, _ = sobek.AssertFunction(mod.Get("report"))
	h.setPage()
	return nil
}

// pageTree is a page's elements as the JavaScript DOM builds them:
// [tag, attributes, children...] for an element, a string for text.
func pageTree(n *parse.PageNode) any {
	if n.Tag == "" {
		return n.Text
	}
	out := []any{n.Tag, n.Attrs}
	for _, c := range n.Children {
		out = append(out, pageTree(c))
	}
	return out
}

// setPage gives the loop the page's scripts (one for a .js file) and the
// user's clicks.
func (h *host) setPage() {
	run := func(prog *sobek.Program, line int) *callback {
		c := &callback{goFn: func() error {
			_, err := h.rt.RunProgram(prog)
			return h.jsError(err)
		}}
		if h.x != nil || h.sites {
			c.api, c.site = "a script", ir.Pos{Line: line, Col: 1}
		}
		return c
	}
	var scripts []loop.PageScript
	if h.p.script != nil {
		scripts = append(scripts, loop.PageScript{Run: run(h.p.script, 1)})
	}
	for _, s := range h.p.page {
		scripts = append(scripts, loop.PageScript{Run: run(s.prog, s.line), External: s.ext,
			Deferred: s.kind == parse.ScriptDefer || s.kind == parse.ScriptModule, Async: s.kind == parse.ScriptAsync})
	}
	var clicks []any
	for _, c := range h.p.opts.Clicks {
		clicks = append(clicks, c)
	}
	h.l.SetPage(scripts, clicks)
}

// frameMillis is the running rendering update's time, rAF's argument.
func (h *host) frameMillis() float64 {
	t := h.l.FrameTime()
	if h.x != nil {
		h.unmodelled("a requestAnimationFrame timestamp")
		return float64(h.x.Clock().Pin(t, 0)) + perfOrigin
	}
	return float64(h.l.Millis(t)) + perfOrigin
}

// Listeners is loop.BrowserHost: the listeners of an event the browser
// fires (at the window, the document, or a clicked element), one
// callback each.
func (h *host) Listeners(event string, detail any) []any {
	a, b := sobek.Undefined(), sobek.Undefined()
	var tail []any
	switch d := detail.(type) {
	case *sobek.Promise:
		if event == "unhandledrejection" {
			if !h.announcing[d] {
				return nil // it got a handler before the task ran: no event
			}
			// Still unhandled once its listeners ran: a later handler
			// makes a rejectionhandled event (HTML's outstanding
			// rejected promises).
			tail = append(tail, &callback{goFn: func() error {
				if h.announcing[d] {
					delete(h.announcing, d)
					h.reported[d] = len(h.reported) + 1
				}
				return nil
			}, api: "the browser's record of an unhandled rejection", whole: true})
		}
		a, b = h.rt.ToValue(d), d.Result()
	case string:
		a = h.rt.ToValue(d)
	}
	v, err := h.listenersFn(sobek.Undefined(), h.rt.ToValue(event), a, b)
	if err != nil {
		h.browserUncaught(err)
		return nil
	}
	var out []any
	arr := v.ToObject(h.rt)
	for i := range int(arr.Get("length").ToInteger()) {
		fn, _ := sobek.AssertFunction(arr.Get(strconv.Itoa(i)))
		out = append(out, &callback{fn: fn, this: sobek.Undefined(), api: "a listener of the " + event + " event", whole: true})
	}
	return append(out, tail...)
}

// browserUncaught reports an exception as a browser does: the window's
// error event, and "Uncaught ..." on the console (as the recorder's
// harness prints it).
func (h *host) browserUncaught(err error) bool {
	if h.jsError(err) == nil {
		return true
	}
	if _, e := h.reportFn(sobek.Undefined(), exceptionValue(err)); e != nil {
		h.err.write("Uncaught " + exceptionValue(e).String() + "\n")
	}
	return true
}
