// Package inspect renders values the way Node's util.inspect and
// util.format (and thus console.log) do, for a chosen Node major version.
// It reads values through a view (view.go): the runtime's engine values
// (sobek.go) and the predictor's abstract ones are formatted by one code.
package inspect

import (
	"math"
	"strings"

	"github.com/grafana/sobek"

	"github.com/looplint/looplint/internal/jsnum"
	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/runtime/inspect/layout"
)

// Options selects the Node flavour and util.inspect options.
type Options struct {
	Major      int                             // Node major version; 0 means newest. 10 and 11 use the pre-12 layout.
	Depth      int                             // 0 means Node's default (2); DepthNone is depth 0; other negatives mean unlimited (depth: null).
	ShowHidden bool                            // util.inspect's showHidden
	Has        func(feature loop.Feature) bool // layout.Ctx.Has
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
	layout.Ctx
	conv       Conv
	showHidden bool
	stack      func(string) string
	maxArray   int // maxArrayLength, when not the default (console.table's cells)
}

// arrayMax is util.inspect's maxArrayLength.
func (c *ctx) arrayMax() int {
	if c.maxArray > 0 {
		return c.maxArray
	}
	return maxArrayLength
}

// beyondMax refuses n entries past a maxArrayLength other than the
// default where releases differ in applying it (Sets and Maps from a
// release not measured, an ArrayBuffer's bytes).
func (c *ctx) beyondMax(n int) {
	if c.maxArray > 0 && n > c.maxArray {
		panic(&Inexact{Why: "entries past a maxArrayLength that releases apply differently"})
	}
}

func newCtx(conv Conv, o Options) *ctx {
	major := o.Major
	if major == 0 {
		major = newestMajor
	}
	c := &ctx{Ctx: layout.New(major), conv: conv, showHidden: o.ShowHidden, stack: o.Stack}
	c.Has = o.Has
	switch {
	case o.Depth == 0:
	case o.Depth == DepthNone:
		c.Depth = 0
	case o.Depth < 0:
		c.Depth = -1
	default:
		c.Depth = o.Depth
	}
	return c
}

// Inspect is util.inspect(v) with the given options.
func Inspect(rt *sobek.Runtime, v sobek.Value, o Options) string {
	e := engine(rt)
	return newCtx(e, o).formatValue(e.value(v), 0, false)
}

// InspectValue is util.inspect(v) of a view; err is the view's *Inexact.
func InspectValue(v Value, conv Conv, o Options) (s string, err error) {
	defer catch(&err)
	return newCtx(conv, o).formatValue(v, 0, false), nil
}

// str is String(v).
func (c *ctx) str(v Value) string {
	if s, ok := v.(string); ok {
		return s
	}
	return c.conv.String(v)
}

const newestMajor = 26

func (c *ctx) depthExceeded(recurse int) bool { return c.Past(recurse) }

func (c *ctx) formatValue(v Value, recurse int, typedArray bool) string {
	o, ok := v.(Object)
	if !ok {
		return c.formatPrimitive(v)
	}
	// util.inspect.custom hook, as used by snippets that define their own view.
	var d Value = Null{}
	if c.Depth >= 0 {
		d = float64(c.Depth - recurse)
	}
	if ret, ok := o.Custom(d); ok {
		if r, isObj := ret.(Object); !isObj || r.ID() != o.ID() {
			if s, ok := ret.(string); ok {
				if c.Major < 12 { // line breaks indented from 12 (measured on 11.15.0 and 12.0.0)
					return s
				}
				return strings.ReplaceAll(s, "\n", "\n"+strings.Repeat(" ", c.IndentLvl))
			}
			return c.formatValue(ret, recurse, false)
		}
	}
	if s, ok := c.Circular(o.ID()); ok {
		return s
	}
	return c.formatRaw(o, recurse, typedArray)
}

func formatNumber(f float64) string {
	if f == 0 && math.Signbit(f) {
		return "-0"
	}
	return jsnum.String(f)
}

func (c *ctx) formatPrimitive(v Value) string {
	switch v := v.(type) {
	case nil:
		return "undefined"
	case Null:
		return "null"
	case string:
		return c.FormatString(v)
	case float64:
		return formatNumber(v)
	case BigInt:
		return string(v) + "n"
	case Symbol:
		return v.Text
	case bool:
		if v {
			return "true"
		}
		return "false"
	}
	panic(&Inexact{Why: "a value of an unknown kind"})
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

// constructorName is getConstructorName: nil for a null prototype; a
// chain without a usable constructor prints as "Class <proto>".
func (c *ctx) constructorName(o Object, recurse int) *string {
	if name, ok := o.Constructor(); ok {
		return &name
	}
	firstProto, ok := o.Proto()
	if !ok {
		return nil
	}
	res := o.Class()
	if c.depthExceeded(recurse) {
		s := res + " <Complex prototype>"
		return &s
	}
	pc := c.constructorName(firstProto, recurse+1)
	var s string
	if pc == nil {
		sub := &ctx{Ctx: layout.Ctx{Major: c.Major, Legacy: c.Legacy, BreakLength: c.BreakLength, Has: c.Has, Depth: -1}, conv: c.conv}
		s = res + " <" + sub.formatValue(firstProto, 0, false) + ">"
	} else {
		s = res + " <" + *pc + ">"
	}
	return &s
}

// key is a property to print; hidden forces the "[key]" spelling for
// synthetic entries such as byteLength.
type key struct {
	Key
	hidden bool
}

func (c *ctx) getKeys(o Object, nonIndex bool) []key {
	var keys []key
	for _, k := range o.Keys(c.showHidden) {
		if nonIndex && !k.IsSym && isIndex(k.Name) {
			continue
		}
		keys = append(keys, key{Key: k})
	}
	return keys
}

func isIndex(s string) bool {
	if s == "" || len(s) > 10 || (len(s) > 1 && s[0] == '0') {
		return false
	}
	n := 0
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
		n = n*10 + int(r-'0')
	}
	return n < 1<<32-1
}

func (c *ctx) formatProperty(o Object, recurse int, k key, typ int) string {
	var str string
	extra := " "
	p, has := o.Own(k.Key)
	if !has {
		p = Prop{Value: getKey(o, k.Key), Enumerable: true}
	}
	switch {
	case !p.Getter && !p.Setter:
		diff := 2
		if c.Legacy && typ == kObjectType {
			diff = 3
		}
		c.IndentLvl += diff
		str = c.formatValue(p.Value, recurse, false)
		if diff == 3 && c.BreakLength < layout.Width(str) {
			extra = "\n" + strings.Repeat(" ", c.IndentLvl)
		}
		c.IndentLvl -= diff
	case p.Getter && p.Setter:
		str = "[Getter/Setter]"
	case p.Getter:
		str = "[Getter]"
	default:
		str = "[Setter]"
	}
	if typ == kArrayType {
		return str
	}
	var name string
	switch {
	case k.IsSym:
		name = layout.SymbolKey(c.Major, k.Sym.Text)
	case !p.Enumerable || k.hidden:
		name = "[" + k.Name + "]"
	default:
		name = c.Key(k.Name)
	}
	return name + ":" + extra + str
}

// getKey is o[k] for a key without an own property (a synthetic one).
func getKey(o Object, k Key) Value {
	if k.IsSym {
		return nil
	}
	return o.Get(k.Name)
}
