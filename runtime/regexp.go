package runtime

import (
	"strings"
	"time"

	"github.com/dlclark/regexp2"
	"github.com/grafana/sobek"

	"github.com/looplint/looplint/runtime/inspect/layout"
)

// A backtracking match (the engine's regexp2, for patterns with
// backreferences or lookaround) never looks at interrupts: one that runs
// past every run's budget gives up as no match, and the interrupt pending
// since the budget ran out then ends the run the host abandoned
// (host.run). Set before any pattern compiles, which copies it.
func init() { regexp2.DefaultMatchTimeout = 30 * time.Second }

// v8RegExpSource makes RegExp.prototype.source and toString V8's
// (layout.RegExpSource) instead of the engine's, which writes a slash as
// \u002f. The engine's source is turned back into the pattern first: its
// \u002f is a slash (a pattern that itself writes \u002f is rare), \n
// and \r stay as V8 12+ writes them.
func (h *host) v8RegExpSource() {
	rt := h.rt
	proto := rt.GlobalObject().Get("RegExp").ToObject(rt).Get("prototype").ToObject(rt)
	desc := rt.GlobalObject().Get("Object").ToObject(rt).Get("getOwnPropertyDescriptor")
	getOwn, _ := sobek.AssertFunction(desc)
	d, err := getOwn(sobek.Undefined(), proto, rt.ToValue("source"))
	if err != nil {
		return
	}
	orig, ok := sobek.AssertFunction(d.ToObject(rt).Get("get"))
	if !ok {
		return
	}
	unescape := strings.NewReplacer(`\u002f`, "/", `\u2028`, "\u2028", `\u2029`, "\u2029")
	major := h.p.Profile.Node.Major
	get := rt.ToValue(func(c sobek.FunctionCall) sobek.Value {
		s, err := orig(c.This)
		if err != nil {
			panic(err)
		}
		if c.This == proto {
			return s
		}
		return rt.ToValue(layout.RegExpSource(major, unescape.Replace(s.String())))
	})
	proto.DefineAccessorProperty("source", get, nil, sobek.FLAG_TRUE, sobek.FLAG_FALSE)
	// toString as the spec writes it, reading source and flags.
	toString := rt.ToValue(func(c sobek.FunctionCall) sobek.Value {
		o, ok := c.This.(*sobek.Object)
		if !ok {
			panic(rt.NewTypeError("RegExp.prototype.toString requires that 'this' be an Object"))
		}
		return rt.ToValue("/" + o.Get("source").String() + "/" + o.Get("flags").String())
	}).ToObject(rt)
	toString.DefineDataProperty("name", rt.ToValue("toString"), sobek.FLAG_FALSE, sobek.FLAG_TRUE, sobek.FLAG_FALSE)
	proto.DefineDataProperty("toString", toString, sobek.FLAG_TRUE, sobek.FLAG_TRUE, sobek.FLAG_FALSE)
}
