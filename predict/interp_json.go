package predict

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/looplint/looplint/internal/jsdate"
	"github.com/looplint/looplint/ir"
	"github.com/looplint/looplint/runtime/inspect/layout"
)

// JSON.stringify for the values the predictor knows: primitives, arrays
// and plain objects (own enumerable keys in insertion order). Anything
// else it cannot render exactly (a toJSON method, a replacer,
// a cycle, an unknown value) makes the result unknown, with a reason.

func (in *Interp) jsonNamespace() *Native {
	return &Native{Name: "JSON", Obj: true, Props: map[string]Value{
		"stringify": native("stringify", func(_ Value, a []Value, pos ir.Pos) Value {
			gap, ok := jsonGap(arg(a, 2))
			if r := arg(a, 1); r != nil && r != null || !ok {
				in.reason(pos, "JSON.stringify with a replacer or this indent is not modelled")
				return unknown{why: "JSON.stringify"}
			}
			var b strings.Builder
			defer func() { in.meter.Bytes(b.Len()) }()
			in.jsonNodes = 0
			switch ok, present := in.jsonValue(&b, arg(a, 0), map[*Object]bool{}, gap, "\n"); {
			case !ok && in.jsonNodes > maxLen:
				in.reason(pos, "JSON.stringify of more than %d values is not modelled", maxLen)
				return unknown{why: "JSON.stringify", typ: "string"}
			case !ok:
				in.reason(pos, "JSON.stringify of a value the predictor cannot render exactly")
				return unknown{why: "JSON.stringify"}
			case !present:
				return nil // undefined, a function
			}
			return b.String()
		}),
		"parse": native("parse", func(_ Value, a []Value, pos ir.Pos) Value {
			if r := arg(a, 1); r != nil {
				in.reason(pos, "JSON.parse with a reviver is not modelled")
				return unknown{why: "JSON.parse"}
			}
			text, ok := toStr(arg(a, 0))
			if !ok {
				in.reason(pos, "JSON.parse of an unknown value")
				return unknown{why: "JSON.parse"}
			}
			if hasLoneSurrogateEscape(text) {
				// Go would decode one to U+FFFD, where JS keeps it.
				in.reason(pos, "JSON.parse of text with a \\uD800-\\uDFFF escape")
				return unknown{why: "JSON.parse"}
			}
			in.meter.Bytes(len(text))
			v, err := in.jsonParse(text)
			if err != nil {
				// V8's message names the token and position, in words
				// that changed across releases: not modelled.
				e := in.newError("SyntaxError", "")
				e.Props["message"] = unknown{why: "JSON.parse message"}
				panic(&Thrown{V: e})
			}
			return v
		}),
	}}
}

// hasLoneSurrogateEscape reports a \u escape of half a surrogate pair
// without its other half, which Go would decode to U+FFFD.
func hasLoneSurrogateEscape(text string) bool {
	unit := func(i int) (uint64, bool) {
		if i+6 > len(text) || text[i] != '\\' || text[i+1] != 'u' {
			return 0, false
		}
		n, err := strconv.ParseUint(text[i+2:i+6], 16, 16)
		return n, err == nil
	}
	for i := 0; i < len(text); i++ {
		if text[i] != '\\' {
			continue
		}
		u, ok := unit(i)
		switch {
		case !ok:
			i++ // another escape: skip its second character
		case u >= 0xd800 && u <= 0xdbff:
			if lo, ok := unit(i + 6); ok && lo >= 0xdc00 && lo <= 0xdfff {
				i += 11
				continue
			}
			return true
		case u >= 0xdc00 && u <= 0xdfff:
			return true
		default:
			i += 5
		}
	}
	return false
}

// jsonParse reads JSON text into the predictor's values, keeping each
// object's keys in JS order.
func (in *Interp) jsonParse(text string) (Value, error) {
	if !utf8.ValidString(text) {
		return nil, fmt.Errorf("invalid UTF-8")
	}
	dec := json.NewDecoder(strings.NewReader(text))
	dec.UseNumber()
	var read func() (Value, error)
	read = func() (Value, error) {
		t, err := dec.Token()
		if err != nil {
			return nil, err
		}
		switch t := t.(type) {
		case json.Delim:
			switch t {
			case '[':
				var vs []Value
				for dec.More() {
					v, err := read()
					if err != nil {
						return nil, err
					}
					vs = append(vs, v)
				}
				if _, err := dec.Token(); err != nil {
					return nil, err
				}
				o := newArray(vs)
				o.born = in.epoch
				return o, nil
			case '{':
				o := newObject()
				o.born = in.epoch
				for dec.More() {
					kt, err := dec.Token()
					if err != nil {
						return nil, err
					}
					k, _ := kt.(string)
					v, err := read()
					if err != nil {
						return nil, err
					}
					o.set(k, v)
				}
				if _, err := dec.Token(); err != nil {
					return nil, err
				}
				return o, nil
			}
			return nil, fmt.Errorf("unexpected %v", t)
		case json.Number:
			f, err := strconv.ParseFloat(string(t), 64)
			if err != nil && !errors.Is(err, strconv.ErrRange) {
				return nil, err
			}
			return f, nil
		case string:
			return t, nil
		case bool:
			return t, nil
		case nil:
			return null, nil
		}
		return nil, fmt.Errorf("unexpected token")
	}
	v, err := read()
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("unexpected data after JSON")
	}
	return v, nil
}

// jsonGap is JSON.stringify's space argument: a number of spaces (at
// most 10) or a string's first 10 characters; ok is false for others.
func jsonGap(v Value) (string, bool) {
	switch v := v.(type) {
	case nil, nullT:
		return "", true
	case float64:
		return layout.JSONGapNumber(v), true
	case string:
		return layout.JSONGapString(v), true
	}
	return "", false
}

// jsonValue writes v; present is false for what JSON leaves out
// (undefined, functions), ok is false for what the predictor cannot render.
// gap is the indent unit ("" for none), nl a newline and the indent of the
// current level.
func (in *Interp) jsonValue(b *strings.Builder, v Value, seen map[*Object]bool, gap, nl string) (ok, present bool) {
	if in.jsonNodes++; in.jsonNodes > maxLen {
		return false, true // stringify says why
	}
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
	case *dateObj:
		if !v.fixed {
			return false, true
		}
		if s, ok := jsdate.ISOString(v.ms); ok {
			jsonQuote(b, s)
		} else {
			b.WriteString("null")
		}
	case *Object:
		if seen[v] || isIterator(v) || len(v.acc) > 0 && v.Class != "Object" || v.Class == "Arguments" || v.gen != nil || v.ctor != nil && protoHas(v.ctor, "toJSON") {
			return false, true
		}
		if _, has := v.get("toJSON"); has {
			return false, true
		}
		if v.protoObj != nil {
			if _, has := in.inherited(v, "toJSON", v, ir.Pos{}); has {
				return false, true
			}
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
		inner := nl + gap
		// sep opens each member, close ends a non-empty list.
		sep, close, colon := "", "", ":"
		if gap != "" {
			sep, close, colon = inner, nl, ": "
		}
		if v.Arr {
			b.WriteByte('[')
			for i, e := range v.Elems {
				if i > 0 {
					b.WriteByte(',')
				}
				b.WriteString(sep)
				ok, present := in.jsonValue(b, e, seen, gap, inner)
				if !ok {
					return false, true
				}
				if !present {
					b.WriteString("null")
				}
			}
			if len(v.Elems) > 0 {
				b.WriteString(close)
			}
			b.WriteByte(']')
			return true, true
		}
		b.WriteByte('{')
		first := true
		for _, k := range v.Keys {
			var item strings.Builder
			pv := v.Props[k]
			if v.acc[k] != nil {
				pv, _ = in.readProp(v, k, v) // a getter runs as JSON reads it
			}
			ok, present := in.jsonValue(&item, pv, seen, gap, inner)
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
			b.WriteString(sep)
			jsonQuote(b, k)
			b.WriteString(colon)
			b.WriteString(item.String())
		}
		if !first {
			b.WriteString(close)
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
