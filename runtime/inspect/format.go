package inspect

import (
	"strings"

	"github.com/grafana/sobek"
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
		f := first.String()
		lastPos := 0
		for i := 0; i < len(f)-1; i++ {
			if f[i] != '%' {
				continue
			}
			i++
			next := f[i]
			if a+1 == len(args) {
				if next == '%' {
					sb.WriteString(f[lastPos:i])
					lastPos = i + 1
				}
				continue
			}
			var s string
			switch next {
			case 's':
				a++
				s = c.formatS(args[a], o)
			case 'j':
				a++
				s = c.h.call("json", args[a]).String()
			case 'd':
				a++
				s = c.formatNum(args[a], "num")
			case 'i':
				a++
				s = c.formatNum(args[a], "pInt")
			case 'f':
				a++
				if _, sym := args[a].(*sobek.Symbol); sym {
					s = "NaN"
				} else {
					s = c.formatNumber(c.h.call("pFloat", args[a]))
				}
			case 'O':
				a++
				s = inspect(args[a], o)
			case 'o':
				a++
				s = inspect(args[a], Options{Major: o.Major, Depth: 4, ShowHidden: true})
			case 'c':
				if c.Major <= 11 {
					continue
				}
				a++
				s = ""
			case '%':
				sb.WriteString(f[lastPos:i])
				lastPos = i + 1
				continue
			default:
				continue
			}
			if lastPos != i-1 {
				sb.WriteString(f[lastPos : i-1])
			}
			sb.WriteString(s)
			lastPos = i + 1
		}
		if lastPos != 0 {
			a++
			join = " "
			if lastPos < len(f) {
				sb.WriteString(f[lastPos:])
			}
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

func (c *ctx) formatNum(v sobek.Value, conv string) string {
	if sobek.IsBigInt(v) {
		return v.String() + "n"
	}
	if _, sym := v.(*sobek.Symbol); sym {
		return "NaN"
	}
	return c.formatNumber(c.h.call(conv, v))
}

func isFn(v sobek.Value) bool {
	_, ok := sobek.AssertFunction(v)
	return ok
}
