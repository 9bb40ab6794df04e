package runtime

import (
	"strconv"

	"github.com/grafana/sobek"

	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/runtime/nodepath"
)

// pathModule is require('path') (POSIX), over runtime/nodepath, which
// the predictor shares.
func (h *host) pathModule() sobek.Value {
	rt := h.rt
	str := func(v sobek.Value, name string) string {
		if !sobek.IsString(v) {
			h.throwType("ERR_INVALID_ARG_TYPE", `The "`+name+`" argument must be of type string. Received `+h.describe(v))
		}
		return v.String()
	}
	args := func(c sobek.FunctionCall, name func(i int) string) []string {
		out := make([]string, len(c.Arguments))
		for i, a := range c.Arguments {
			out[i] = str(a, name(i))
		}
		return out
	}
	path := func(int) string { return "path" }
	o := rt.NewObject()
	o.Set("sep", "/")
	o.Set("delimiter", ":")
	o.Set("normalize", func(c sobek.FunctionCall) sobek.Value {
		return rt.ToValue(nodepath.Normalize(str(c.Argument(0), "path")))
	})
	o.Set("join", func(c sobek.FunctionCall) sobek.Value { return rt.ToValue(nodepath.Join(args(c, path)...)) })
	o.Set("resolve", func(c sobek.FunctionCall) sobek.Value {
		ps := args(c, func(i int) string { return "paths[" + strconv.Itoa(i) + "]" })
		return rt.ToValue(nodepath.Resolve(h.fs.Cwd(), ps...))
	})
	o.Set("dirname", func(c sobek.FunctionCall) sobek.Value {
		return rt.ToValue(nodepath.Dirname(str(c.Argument(0), "path")))
	})
	o.Set("basename", func(c sobek.FunctionCall) sobek.Value {
		p := str(c.Argument(0), "path")
		ext, hasExt := "", !sobek.IsUndefined(c.Argument(1))
		if hasExt {
			ext = str(c.Argument(1), "ext")
		}
		return rt.ToValue(nodepath.Basename(p, ext, hasExt))
	})
	o.Set("extname", func(c sobek.FunctionCall) sobek.Value {
		return rt.ToValue(nodepath.Extname(str(c.Argument(0), "path")))
	})
	o.Set("isAbsolute", func(c sobek.FunctionCall) sobek.Value {
		return rt.ToValue(nodepath.IsAbsolute(str(c.Argument(0), "path")))
	})
	o.Set("relative", func(c sobek.FunctionCall) sobek.Value {
		return rt.ToValue(nodepath.Relative(h.fs.Cwd(), str(c.Argument(0), "from"), str(c.Argument(1), "to")))
	})
	o.Set("parse", func(c sobek.FunctionCall) sobek.Value {
		p := nodepath.Parse(str(c.Argument(0), "path"))
		r := rt.NewObject()
		r.Set("root", p.Root)
		r.Set("dir", p.Dir)
		r.Set("base", p.Base)
		r.Set("ext", p.Ext)
		r.Set("name", p.Name)
		return r
	})
	o.Set("format", func(c sobek.FunctionCall) sobek.Value {
		arg := c.Argument(0)
		if sobek.IsUndefined(arg) || sobek.IsNull(arg) || arg.ExportType() == nil {
			h.throwType("ERR_INVALID_ARG_TYPE", `The "pathObject" argument must be of type object. Received `+h.describe(arg))
		}
		obj := arg.ToObject(rt)
		field := func(k string) string {
			v := obj.Get(k)
			if v == nil || sobek.IsUndefined(v) || sobek.IsNull(v) {
				return ""
			}
			return v.String()
		}
		return rt.ToValue(nodepath.Format(nodepath.Parsed{Root: field("root"), Dir: field("dir"), Base: field("base"), Name: field("name"), Ext: field("ext")}, h.p.Profile.Has(loop.PathFormatDot)))
	})
	o.Set("toNamespacedPath", func(c sobek.FunctionCall) sobek.Value { return c.Argument(0) })
	o.Set("posix", o)
	return o
}
