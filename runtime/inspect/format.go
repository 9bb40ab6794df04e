package inspect

import (
	"math"
	"strings"

	"github.com/grafana/sobek"

	"github.com/looplint/looplint/runtime/inspect/layout"
)

// Format is util.format(...args), i.e. the line console.log prints.
func Format(rt *sobek.Runtime, args []sobek.Value, o Options) string {
	e := engine(rt)
	vs := make([]Value, len(args))
	for i, a := range args {
		vs[i] = e.value(a)
	}
	s, _ := FormatValues(vs, e, o)
	return s
}

// FormatValues is util.format(...args) of views; err is a view's
// *Inexact.
func FormatValues(args []Value, conv Conv, o Options) (s string, err error) {
	defer catch(&err)
	if len(args) == 0 {
		return "", nil
	}
	c := newCtx(conv, o)
	inspect := func(v Value, opts Options) string { return newCtx(conv, opts).formatValue(v, 0, false) }
	first, ok := args[0].(string)
	if !ok && c.Major <= 11 {
		// Node 10 inspects every argument, strings included, when the first is not a string.
		parts := make([]string, len(args))
		for i, a := range args {
			parts[i] = inspect(a, o)
		}
		return strings.Join(parts, " "), nil
	}
	a := 0
	var sb strings.Builder
	join := ""
	if ok {
		if len(args) == 1 {
			return first, nil
		}
		var text string
		text, a = layout.Specs(c.Major, first, len(args), func(verb byte, i int) string {
			v := args[i]
			switch verb {
			case 's':
				return c.formatS(v, o)
			case 'j':
				return conv.JSON(v)
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
		obj, isObject := args[a].(Object)
		if s, ok := args[a].(string); ok {
			sb.WriteString(s)
		} else if c.Major <= 11 && (!isObject || obj.Kind() == KFunction) && args[a] != (Null{}) {
			// Node 10 stringifies non-object extras (5n prints as 5, functions as source).
			sb.WriteString(c.str(args[a]))
		} else {
			sb.WriteString(inspect(args[a], o))
		}
		join = " "
	}
	return sb.String(), nil
}

func (c *ctx) formatS(v Value, o Options) string {
	if c.Major <= 11 {
		return c.str(v)
	}
	switch v := v.(type) {
	case float64:
		return formatNumber(v)
	case BigInt:
		return string(v) + "n"
	}
	obj, ok := v.(Object)
	if !ok {
		return c.str(v)
	}
	if obj.Kind() == KFunction || c.conv.OwnToString(obj) {
		return c.str(v)
	}
	sub := newCtx(c.conv, o)
	sub.Depth = 0
	return sub.formatValue(v, 0, false)
}

// formatNum is %d (Number), %i (parseInt) or %f (parseFloat) of v. The
// parsing is layout's (the engine's parseInt drops the sign of -0), and
// -0 prints as 0 before 12, where the specifiers stringify.
func (c *ctx) formatNum(v Value, verb byte) string {
	if b, ok := v.(BigInt); ok && verb != 'f' {
		return string(b) + "n"
	}
	if _, sym := v.(Symbol); sym {
		return "NaN"
	}
	var f float64
	switch verb {
	case 'd':
		f = c.conv.Number(v)
	case 'i':
		f = layout.ParseInt(c.str(v))
	default:
		f = layout.ParseFloat(c.str(v))
	}
	if f == 0 {
		return layout.SpecZero(c.Major, math.Signbit(f))
	}
	return formatNumber(f)
}
