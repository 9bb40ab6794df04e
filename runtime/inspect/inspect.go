// Package inspect renders sobek values the way Node's util.inspect and
// util.format (and thus console.log) do, for a chosen Node major version.
package inspect

import (
	"github.com/looplint/looplint/internal/jsnum"
	"github.com/looplint/looplint/runtime/inspect/layout"
	"math"
	"strconv"
	"strings"

	"github.com/grafana/sobek"
)

// Options selects the Node flavour and util.inspect options.
type Options struct {
	Major      int                       // Node major version; 0 means newest. 10 and 11 use the pre-12 layout.
	Depth      int                       // 0 means Node's default (2); DepthNone is depth 0; other negatives mean unlimited (depth: null).
	ShowHidden bool                      // util.inspect's showHidden
	Has        func(feature string) bool // layout.Ctx.Has
	// Stack, if set, rewrites an Error's stack text before printing: the
	// runtime turns the engine's frames into Node's and hides its own.
	Stack func(string) string
}

// DepthNone requests util.inspect's depth: 0 (the zero Options value means the default depth).
const DepthNone = math.MinInt

const (
	kObjectType = iota
	kArrayType
	kArrayExtrasType
)

type ctx struct {
	rt *sobek.Runtime
	h  *helpers
	layout.Ctx
	depth      int
	unlimited  bool // depth: null
	showHidden bool
	stack      func(string) string
}

func newCtx(rt *sobek.Runtime, o Options) *ctx {
	major := o.Major
	if major == 0 {
		major = newestMajor
	}
	c := &ctx{Ctx: layout.New(major), rt: rt, h: getHelpers(rt), showHidden: o.ShowHidden, depth: o.Depth, stack: o.Stack}
	c.Has = o.Has
	switch {
	case c.depth == 0:
		c.depth = 2
	case c.depth == DepthNone:
		c.depth = 0
	case c.depth < 0:
		c.unlimited = true
	}
	return c
}

// Inspect is util.inspect(v) with the given options.
func Inspect(rt *sobek.Runtime, v sobek.Value, o Options) string {
	return newCtx(rt, o).formatValue(v, 0, false)
}

const newestMajor = 26

func (c *ctx) depthExceeded(recurse int) bool { return !c.unlimited && recurse > c.depth }

func isObj(v sobek.Value) (*sobek.Object, bool) {
	o, ok := v.(*sobek.Object)
	return o, ok
}

func (c *ctx) formatValue(v sobek.Value, recurse int, typedArray bool) string {
	o, ok := isObj(v)
	if !ok {
		return c.formatPrimitive(v)
	}
	// util.inspect.custom hook, as used by snippets that define their own view.
	if fn, ok := sobek.AssertFunction(o.GetSymbol(c.symbolFor())); ok {
		d := sobek.Value(sobek.Null())
		if !c.unlimited {
			d = c.rt.ToValue(c.depth - recurse)
		}
		if ret, err := fn(o, d, c.rt.NewObject()); err == nil && !ret.SameAs(o) {
			if sobek.IsString(ret) {
				if c.Major < 12 { // line breaks indented from 12 (measured on 11.15.0 and 12.0.0)
					return ret.String()
				}
				return strings.ReplaceAll(ret.String(), "\n", "\n"+strings.Repeat(" ", c.IndentLvl))
			}
			return c.formatValue(ret, recurse, false)
		}
	}
	if s, ok := c.Circular(o); ok {
		return s
	}
	return c.formatRaw(o, recurse, typedArray)
}

func (c *ctx) symbolFor() *sobek.Symbol {
	s, _ := c.h.obj.Get("customSym").(*sobek.Symbol)
	return s
}

func (c *ctx) formatNumber(v sobek.Value) string {
	if !sobek.IsNumber(v) {
		return v.String() // a BigInt in a typed array before Node 11
	}
	f := v.ToFloat()
	if f == 0 && math.Signbit(f) {
		return "-0"
	}
	return jsnum.String(f)
}

func (c *ctx) formatPrimitive(v sobek.Value) string {
	switch {
	case v == nil || sobek.IsUndefined(v):
		return "undefined"
	case sobek.IsNull(v):
		return "null"
	case sobek.IsString(v):
		return c.FormatString(v.String())
	case sobek.IsNumber(v):
		return c.formatNumber(v)
	case sobek.IsBigInt(v):
		return v.String() + "n"
	}
	if _, ok := v.(*sobek.Symbol); ok {
		return c.h.call("symStr", v).String()
	}
	return v.String()
}

// getPrefix mirrors Node's "Constructor(size) [tag] " prefix; ctor nil means null prototype.
func getPrefix(ctor *string, tag, fallback, size string) string {
	if ctor == nil {
		if tag != "" && fallback != tag {
			return "[" + fallback + size + ": null prototype] [" + tag + "] "
		}
		return "[" + fallback + size + ": null prototype] "
	}
	if tag != "" && *ctor != tag {
		return *ctor + size + " [" + tag + "] "
	}
	return *ctor + size + " "
}

func (c *ctx) constructorName(o *sobek.Object, recurse int) *string {
	obj := o
	first := true
	for obj != nil {
		d := c.h.call("desc", obj, c.rt.ToValue("constructor"))
		if dobj, ok := isObj(d); ok {
			if fn, ok := isObj(dobj.Get("value")); ok {
				if _, isFn := sobek.AssertFunction(fn); isFn {
					name := fn.Get("name")
					if name != nil && sobek.IsString(name) && name.String() != "" && c.h.call("instOf", o, fn).ToBoolean() {
						s := name.String()
						return &s
					}
				}
			}
		}
		p, _ := isObj(c.h.call("proto", obj))
		if first && p == nil {
			return nil
		}
		first = false
		obj = p
	}
	// Prototype chain without a usable constructor: Node prints "Class <proto>".
	res := o.ClassName()
	firstProto, _ := isObj(c.h.call("proto", o))
	if c.depthExceeded(recurse) {
		s := res + " <Complex prototype>"
		return &s
	}
	pc := c.constructorName(firstProto, recurse+1)
	var s string
	if pc == nil {
		sub := &ctx{Ctx: layout.Ctx{Major: c.Major, Legacy: c.Legacy, BreakLength: c.BreakLength, Has: c.Has}, rt: c.rt, h: c.h, depth: -1}
		s = res + " <" + sub.formatValue(firstProto, 0, false) + ">"
	} else {
		s = res + " <" + *pc + ">"
	}
	return &s
}

type key struct {
	v   sobek.Value
	str string
	sym *sobek.Symbol
	// hidden forces the "[key]" spelling for synthetic entries such as byteLength.
	hidden bool
}

func (c *ctx) getKeys(o *sobek.Object, nonIndex bool) []key {
	arr, _ := isObj(c.h.call("keys", o, c.rt.ToValue(c.showHidden)))
	if arr == nil {
		return nil
	}
	n := int(arr.Get("length").ToInteger())
	keys := make([]key, 0, n)
	for i := 0; i < n; i++ {
		v := arr.Get(strconv.Itoa(i))
		if s, ok := v.(*sobek.Symbol); ok {
			keys = append(keys, key{v: v, sym: s})
			continue
		}
		s := v.String()
		if nonIndex && isIndex(s) {
			continue
		}
		keys = append(keys, key{v: v, str: s})
	}
	return keys
}

func isIndex(s string) bool {
	if s == "" || len(s) > 10 || (len(s) > 1 && s[0] == '0') {
		return false
	}
	n, err := strconv.ParseUint(s, 10, 64)
	return err == nil && n < 1<<32-1
}

func (c *ctx) get(o *sobek.Object, k key) sobek.Value {
	if k.sym != nil {
		return o.GetSymbol(k.sym)
	}
	return o.Get(k.str)
}

func (c *ctx) formatProperty(o *sobek.Object, recurse int, k key, typ int) string {
	var str string
	extra := " "
	d, hasDesc := isObj(c.h.call("desc", o, k.v))
	enumerable := true
	var val, getter, setter sobek.Value
	if hasDesc {
		val, getter, setter = d.Get("value"), d.Get("get"), d.Get("set")
		enumerable = d.Get("enumerable").ToBoolean()
	} else {
		val = c.get(o, k)
	}
	undef := func(v sobek.Value) bool { return v == nil || sobek.IsUndefined(v) }
	switch {
	case !undef(val):
		diff := 2
		if c.Legacy && typ == kObjectType {
			diff = 3
		}
		c.IndentLvl += diff
		str = c.formatValue(val, recurse, false)
		if diff == 3 && c.BreakLength < layout.Width(str) {
			extra = "\n" + strings.Repeat(" ", c.IndentLvl)
		}
		c.IndentLvl -= diff
	case !undef(getter) && !undef(setter):
		str = "[Getter/Setter]"
	case !undef(getter):
		str = "[Getter]"
	case !undef(setter):
		str = "[Setter]"
	default:
		str = "undefined"
	}
	if typ == kArrayType {
		return str
	}
	var name string
	switch {
	case k.sym != nil:
		name = layout.SymbolKey(c.Major, c.h.call("symStr", k.v).String())
	case !enumerable || k.hidden:
		name = "[" + k.str + "]"
	default:
		name = c.Key(k.str)
	}
	return name + ":" + extra + str
}
