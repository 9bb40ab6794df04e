package predict

import (
	"fmt"
	"math"
	"strings"

	"github.com/looplint/looplint/ir"
)

// JSON.stringify for the values the predictor knows: primitives, arrays
// and plain objects (own enumerable keys in insertion order). Anything
// else it cannot render exactly (a toJSON method, a replacer or an indent,
// a cycle, an unknown value) makes the result unknown, with a reason.

func (in *Interp) jsonNamespace() *Native {
	return &Native{Name: "JSON", Obj: true, Props: map[string]Value{
		"stringify": native("stringify", func(_ Value, a []Value, pos ir.Pos) Value {
			if len(a) > 1 && arg(a, 1) != nil || len(a) > 2 && arg(a, 2) != nil {
				in.reason(pos, "JSON.stringify with a replacer or an indent is not modelled")
				return unknown{why: "JSON.stringify"}
			}
			var b strings.Builder
			switch ok, present := jsonValue(&b, arg(a, 0), map[*Object]bool{}); {
			case !ok:
				in.reason(pos, "JSON.stringify of a value the predictor cannot render exactly")
				return unknown{why: "JSON.stringify"}
			case !present:
				return nil // undefined, a function
			}
			return b.String()
		}),
	}}
}

// jsonValue writes v; present is false for what JSON leaves out
// (undefined, functions), ok is false for what the predictor cannot render.
func jsonValue(b *strings.Builder, v Value, seen map[*Object]bool) (ok, present bool) {
	switch v := v.(type) {
	case nil:
		return true, false
	case nullT:
		b.WriteString("null")
	case bool:
		fmt.Fprint(b, v)
	case float64:
		if math.IsNaN(v) || math.IsInf(v, 0) {
			b.WriteString("null")
		} else {
			b.WriteString(jsNum(v))
		}
	case string:
		jsonQuote(b, v)
	case *Closure, *Native, *ClassVal:
		return true, false
	case *Object:
		if seen[v] || v.emitter != nil || v.Proto != nil && v.Proto.native {
			return false, true
		}
		if _, has := v.get("toJSON"); has {
			return false, true
		}
		if v.Proto != nil {
			has := false
			v.Proto.chain(func(c *ClassVal) bool { _, has = c.Methods["toJSON"]; return has })
			if has {
				return false, true
			}
		}
		seen[v] = true
		defer delete(seen, v)
		if v.Arr {
			b.WriteByte('[')
			for i, e := range v.Elems {
				if i > 0 {
					b.WriteByte(',')
				}
				ok, present := jsonValue(b, e, seen)
				if !ok {
					return false, true
				}
				if !present {
					b.WriteString("null")
				}
			}
			b.WriteByte(']')
			return true, true
		}
		b.WriteByte('{')
		first := true
		for _, k := range v.Keys {
			var item strings.Builder
			ok, present := jsonValue(&item, v.Props[k], seen)
			if !ok {
				return false, true
			}
			if !present {
				continue
			}
			if !first {
				b.WriteByte(',')
			}
			first = false
			jsonQuote(b, k)
			b.WriteByte(':')
			b.WriteString(item.String())
		}
		b.WriteByte('}')
	default:
		return false, true // unknown values, promises, timers, clock readings
	}
	return true, true
}

// jsonQuote is JSON's QuoteJSONString: ", \ and control characters
// escaped, everything else as is (no HTML escaping, unlike Go's).
func jsonQuote(b *strings.Builder, s string) {
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\b':
			b.WriteString(`\b`)
		case '\f':
			b.WriteString(`\f`)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		default:
			if r < 0x20 {
				fmt.Fprintf(b, `\u%04x`, r)
			} else {
				b.WriteRune(r)
			}
		}
	}
	b.WriteByte('"')
}
