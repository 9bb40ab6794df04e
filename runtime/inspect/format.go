package inspect

import (
	"math"
	"strings"

	"github.com/grafana/sobek"

	"github.com/looplint/looplint/runtime/inspect/layout"
)

// Format is util.format(...args), i.e. the line console.log prints.
func Format(rt *sobek.Runtime, args []sobek.Value, o Options) string {
	if len(args) == 0 {
		return ""
	}
	c := newCtx(rt, o)
	inspect := func(v sobek.Value, opts Options) string { return Inspect(rt, v, opts) }
	first, ok := args[0], sobek.IsString(args[0])
	if !ok && c.Major <= 11 {
		// Node 10 inspects every argument, strings included, when the first is not a string.
		parts := make([]string, len(args))
		for i, a := range args {
			parts[i] = inspect(a, o)
		}
		return strings.Join(parts, " ")
	}
	a := 0
	var sb strings.Builder
	join := ""
	if ok {
		if len(args) == 1 {
			return first.String()
		}
		var text string
		text, a = layout.Specs(c.Major, first.String(), len(args), func(verb byte, i int) string {
			v := args[i]
			switch verb {
			case 's':
				return c.formatS(v, o)
			case 'j':
				return c.h.call("json", v).String()
			case 'd', 'i', 'f':
				return c.formatNum(v, verb)
			case 'O':
				return inspect(v, o)
			}
			return inspect(v, Options{Major: o.Major, Depth: 4, ShowHidden: true}) // 'o'
		})
		if a > 0 {
			sb.WriteString(text)
			join = " "
		}
	}
	for ; a < len(args); a++ {
		sb.WriteString(join)
		_, isObject := args[a].(*sobek.Object)
		if sobek.IsString(args[a]) {
			sb.WriteString(args[a].String())
		} else if c.Major <= 11 && (!isObject || isFn(args[a])) && !sobek.IsNull(args[a]) {
			// Node 10 stringifies non-object extras (5n prints as 5, functions as source).
			sb.WriteString(c.h.call("str", args[a]).String())
		} else {
			sb.WriteString(inspect(args[a], o))
		}
		join = " "
	}
	return sb.String()
}

func (c *ctx) formatS(v sobek.Value, o Options) string {
	if c.Major <= 11 {
		return c.h.call("str", v).String()
	}
	switch {
	case sobek.IsNumber(v):
		return c.formatNumber(v)
	case sobek.IsBigInt(v):
		return v.String() + "n"
	}
	obj, ok := v.(*sobek.Object)
	if !ok {
		return c.h.call("str", v).String()
	}
	if _, fn := sobek.AssertFunction(obj); fn || c.h.call("toStringOwn", obj).ToBoolean() {
		return c.h.call("str", v).String()
	}
	sub := newCtx(c.rt, o)
	sub.depth = 0
	return sub.formatValue(v, 0, false)
}

// formatNum is %d (Number), %i (parseInt) or %f (parseFloat) of v. The
// parsing is layout's (the engine's parseInt drops the sign of -0), and
// -0 prints as 0 before 12, where the specifiers stringify.
func (c *ctx) formatNum(v sobek.Value, verb byte) string {
	if sobek.IsBigInt(v) && verb != 'f' {
		return v.String() + "n"
	}
	if _, sym := v.(*sobek.Symbol); sym {
		return "NaN"
	}
	var f float64
	switch verb {
	case 'd':
		f = c.h.call("num", v).ToFloat()
	case 'i':
		f = layout.ParseInt(c.h.call("str", v).String())
	default:
		f = layout.ParseFloat(c.h.call("str", v).String())
	}
	if f == 0 {
		return layout.SpecZero(c.Major, math.Signbit(f))
	}
	return c.formatNumber(c.rt.ToValue(f))
}

func isFn(v sobek.Value) bool {
	_, ok := sobek.AssertFunction(v)
	return ok
}
