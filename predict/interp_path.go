package predict

import (
	"github.com/looplint/looplint/ir"
	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/runtime/nodepath"
)

// pathModule is require('path') over runtime/nodepath, as the runtime
// has it; resolve and relative need the working directory (Options.Cwd).
func (in *Interp) pathModule() Value {
	if in.pathMod != nil {
		return in.pathMod
	}
	m := &Native{Name: "path", Obj: true, Props: map[string]Value{"sep": "/", "delimiter": ":"}}
	in.pathMod = m
	type strs = []string
	// fn wraps a function of string arguments: anything else is Node's
	// ERR_INVALID_ARG_TYPE (its message renders the value: unknown here).
	fn := func(name string, f func(a strs, pos ir.Pos) Value) {
		m.Props[name] = native(name, func(_ Value, a []Value, pos ir.Pos) Value {
			ss := make(strs, len(a))
			for i, v := range a {
				s, ok := v.(string)
				if !ok {
					if _, u := v.(unknown); u {
						in.reason(pos, "path.%s of an unknown value", name)
						return unknown{why: "path." + name, made: true, typ: "string"}
					}
					if name == "basename" && i == 1 && v == nil {
						ss = ss[:1]
						break
					}
					panic(&Thrown{V: in.nodeError("TypeError", "ERR_INVALID_ARG_TYPE")})
				}
				ss[i] = s
			}
			return f(ss, pos)
		})
	}
	first := func(a strs) string {
		if len(a) == 0 {
			panic(&Thrown{V: in.nodeError("TypeError", "ERR_INVALID_ARG_TYPE")})
		}
		return a[0]
	}
	cwd := func(pos ir.Pos) (string, bool) {
		if c := in.cwd(); c != "" {
			return c, true
		}
		in.reason(pos, "the working directory is not known")
		return "", false
	}
	fn("normalize", func(a strs, _ ir.Pos) Value { return nodepath.Normalize(first(a)) })
	fn("join", func(a strs, _ ir.Pos) Value { return nodepath.Join(a...) })
	fn("resolve", func(a strs, pos ir.Pos) Value {
		c, ok := cwd(pos)
		if !ok {
			return unknown{why: "path.resolve", made: true, typ: "string"}
		}
		return nodepath.Resolve(c, a...)
	})
	fn("dirname", func(a strs, _ ir.Pos) Value { return nodepath.Dirname(first(a)) })
	fn("basename", func(a strs, _ ir.Pos) Value {
		if len(a) > 1 {
			return nodepath.Basename(a[0], a[1], true)
		}
		return nodepath.Basename(first(a), "", false)
	})
	fn("extname", func(a strs, _ ir.Pos) Value { return nodepath.Extname(first(a)) })
	fn("isAbsolute", func(a strs, _ ir.Pos) Value { return nodepath.IsAbsolute(first(a)) })
	fn("relative", func(a strs, pos ir.Pos) Value {
		if len(a) < 2 {
			panic(&Thrown{V: in.nodeError("TypeError", "ERR_INVALID_ARG_TYPE")})
		}
		c, ok := cwd(pos)
		if !ok {
			return unknown{why: "path.relative", made: true, typ: "string"}
		}
		return nodepath.Relative(c, a[0], a[1])
	})
	fn("parse", func(a strs, _ ir.Pos) Value {
		p := nodepath.Parse(first(a))
		o := newObject()
		o.born = in.epoch
		for _, kv := range [][2]string{{"root", p.Root}, {"dir", p.Dir}, {"base", p.Base}, {"ext", p.Ext}, {"name", p.Name}} {
			o.set(kv[0], kv[1])
		}
		return o
	})
	m.Props["format"] = native("format", func(_ Value, a []Value, pos ir.Pos) Value {
		o, ok := arg(a, 0).(*Object)
		if !ok || !plainKeys(o) {
			in.reason(pos, "path.format of this value")
			return unknown{why: "path.format", made: true, typ: "string"}
		}
		field := func(k string) string {
			s, _ := toStr(o.Props[k])
			if o.Props[k] == nil || o.Props[k] == null {
				return ""
			}
			return s
		}
		return nodepath.Format(nodepath.Parsed{Root: field("root"), Dir: field("dir"), Base: field("base"), Name: field("name"), Ext: field("ext")}, in.p.Has(loop.PathFormatDot))
	})
	m.Props["toNamespacedPath"] = native("toNamespacedPath", func(_ Value, a []Value, _ ir.Pos) Value { return arg(a, 0) })
	m.Props["posix"] = m
	return m
}
