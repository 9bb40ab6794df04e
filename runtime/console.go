package runtime

import (
	"fmt"
	"strings"

	"github.com/grafana/sobek"

	"github.com/looplint/looplint/runtime/inspect"
)

// console writes log/info/debug to stdout and warn/error/trace to stderr,
// formatted by util.format.
func (h *host) console() *sobek.Object {
	rt := h.rt
	c := rt.NewObject()
	indent := ""
	line := func(to *outBuf, args []sobek.Value) {
		s := inspect.Format(rt, args, h.inspectOpts())
		if indent != "" {
			s = indent + strings.ReplaceAll(s, "\n", "\n"+indent)
		}
		to.write(s + "\n")
	}
	out := func(call sobek.FunctionCall) sobek.Value { line(&h.out, call.Arguments); return sobek.Undefined() }
	errf := func(call sobek.FunctionCall) sobek.Value { line(&h.err, call.Arguments); return sobek.Undefined() }
	for _, n := range []string{"log", "info", "debug"} {
		c.Set(n, out)
	}
	for _, n := range []string{"warn", "error"} {
		c.Set(n, errf)
	}
	c.Set("trace", func(call sobek.FunctionCall) sobek.Value {
		msg := inspect.Format(rt, call.Arguments, h.inspectOpts())
		h.err.write(indent + "Trace: " + msg + "\n")
		for _, f := range rt.CaptureCallStack(10, nil) {
			if p := f.Position(); p.Line > 0 && f.SrcName() != "<native>" && !strings.HasPrefix(f.SrcName(), "node:") {
				h.err.write(fmt.Sprintf("%s    at %s (%s:%d:%d)\n", indent, f.FuncName(), f.SrcName(), p.Line, p.Column))
			}
		}
		return sobek.Undefined()
	})
	c.Set("dir", func(call sobek.FunctionCall) sobek.Value {
		h.out.write(indent + inspect.Inspect(rt, call.Argument(0), h.inspectOptsFrom(call.Argument(1))) + "\n")
		return sobek.Undefined()
	})
	c.Set("table", func(call sobek.FunctionCall) sobek.Value {
		s, ok, err := inspect.TableOf(rt, call.Argument(0), call.Argument(1), h.inspectOpts())
		if err != nil {
			h.incomplete(fmt.Sprintf("console.table is not modelled here (%v)", err))
		}
		if !ok || err != nil {
			line(&h.out, []sobek.Value{call.Argument(0)})
			return sobek.Undefined()
		}
		if indent != "" {
			s = indent + strings.ReplaceAll(s, "\n", "\n"+indent)
		}
		h.out.write(s + "\n")
		return sobek.Undefined()
	})
	c.Set("group", func(call sobek.FunctionCall) sobek.Value {
		if len(call.Arguments) > 0 {
			line(&h.out, call.Arguments)
		}
		indent += "  "
		return sobek.Undefined()
	})
	c.Set("groupCollapsed", c.Get("group"))
	c.Set("groupEnd", func(sobek.FunctionCall) sobek.Value {
		if len(indent) >= 2 {
			indent = indent[2:]
		}
		return sobek.Undefined()
	})
	counts := map[string]int{}
	c.Set("count", func(call sobek.FunctionCall) sobek.Value {
		label := labelOf(call)
		counts[label]++
		h.out.write(fmt.Sprintf("%s%s: %d\n", indent, label, counts[label]))
		return sobek.Undefined()
	})
	c.Set("countReset", func(call sobek.FunctionCall) sobek.Value {
		label := labelOf(call)
		delete(counts, label)
		return sobek.Undefined()
	})
	starts := map[string]int64{}
	c.Set("time", func(call sobek.FunctionCall) sobek.Value {
		label := labelOf(call)
		starts[label] = h.monoMillis()
		return sobek.Undefined()
	})
	timeEnd := func(del bool) func(call sobek.FunctionCall) sobek.Value {
		return func(call sobek.FunctionCall) sobek.Value {
			label := labelOf(call)
			if s, ok := starts[label]; ok {
				h.out.write(fmt.Sprintf("%s%s: %.3fms\n", indent, label, float64(h.monoMillis()-s)))
				if del {
					delete(starts, label)
				}
			}
			return sobek.Undefined()
		}
	}
	c.Set("timeEnd", timeEnd(true))
	c.Set("timeLog", timeEnd(false))
	c.Set("assert", func(call sobek.FunctionCall) sobek.Value {
		if call.Argument(0).ToBoolean() {
			return sobek.Undefined()
		}
		rest := call.Arguments
		if len(rest) > 0 {
			rest = rest[1:]
		}
		if len(rest) == 0 {
			h.err.write(indent + "Assertion failed\n")
		} else {
			if s, ok := rest[0].Export().(string); ok {
				rest = append([]sobek.Value{rt.ToValue("Assertion failed: " + s)}, rest[1:]...)
			} else {
				rest = append([]sobek.Value{rt.ToValue("Assertion failed:")}, rest...)
			}
			line(&h.err, rest)
		}
		return sobek.Undefined()
	})
	return c
}

// labelOf is the label argument of console.count/time and friends.
func labelOf(call sobek.FunctionCall) string {
	if a := call.Argument(0); !sobek.IsUndefined(a) {
		return a.String()
	}
	return "default"
}
