package predict

import (
	"unicode/utf8"

	"github.com/looplint/looplint/ir"
	"github.com/looplint/looplint/runtime/nodebuf"
)

// Buffers are the bytes the predictor knows (unknown{bytes}): read from
// files, or made by Buffer.from / alloc / concat; what a snippet asks of
// them is their length, toString in utf8, hex, base64 or latin1, and
// Node's printing of them (layout.Buffer).

func bufferValue(b []byte) Value {
	return unknown{why: "Buffer", made: true, typ: "object", bytes: &b}
}

// bufferBytes is v's bytes when v is a known Buffer.
func bufferBytes(v Value) ([]byte, bool) {
	if u, ok := v.(unknown); ok && u.bytes != nil {
		return *u.bytes, true
	}
	return nil, false
}

// encode is a string's bytes in a Buffer encoding (utf8 by default);
// ok is false for encodings the predictor does not model.
func encode(s, enc string) ([]byte, bool) {
	if enc == "" {
		enc = "utf8"
	}
	if !nodebuf.Known(enc) {
		return nil, false
	}
	return nodebuf.Encode(s, enc), true
}

// decode is Buffer.prototype.toString(enc); ok is false for encodings
// not modelled and for invalid UTF-8 (whose replacement characters
// Node places by rules not modelled).
func decode(b []byte, enc string) (string, bool) {
	if enc == "" {
		enc = "utf8"
	}
	if !nodebuf.Known(enc) || (enc == "utf8" || enc == "utf-8") && !utf8.Valid(b) {
		return "", false
	}
	return nodebuf.Decode(b, enc), true
}

func (in *Interp) bufferBuiltin() *Native {
	str := func(v Value) (string, bool) { s, ok := v.(string); return s, ok }
	return &Native{Name: "Buffer", Props: map[string]Value{
		"from": native("from", func(_ Value, a []Value, pos ir.Pos) Value {
			switch x := arg(a, 0).(type) {
			case string:
				enc, _ := str(arg(a, 1))
				if b, ok := encode(x, enc); ok {
					return bufferValue(b)
				}
			case *Object:
				if x.Arr && x.Class == "Array" {
					b := make([]byte, len(x.Elems))
					for i, e := range x.Elems {
						n, ok := e.(float64)
						if !ok {
							in.reason(pos, "Buffer.from of an array with non-numbers")
							return unknown{why: "Buffer"}
						}
						b[i] = byte(int64(n))
					}
					return bufferValue(b)
				}
			default:
				if b, ok := bufferBytes(x); ok {
					return bufferValue(append([]byte(nil), b...))
				}
			}
			in.reason(pos, "Buffer.from of this value")
			return unknown{why: "Buffer", made: true, typ: "object"}
		}),
		"alloc": native("alloc", func(_ Value, a []Value, pos ir.Pos) Value {
			n, ok := arg(a, 0).(float64)
			if !ok || n < 0 || n > 1<<20 || len(a) > 1 {
				in.reason(pos, "Buffer.alloc of this size or fill")
				return unknown{why: "Buffer", made: true, typ: "object"}
			}
			return bufferValue(make([]byte, int(n)))
		}),
		"byteLength": native("byteLength", func(_ Value, a []Value, pos ir.Pos) Value {
			if s, ok := str(arg(a, 0)); ok {
				enc, _ := str(arg(a, 1))
				if b, ok := encode(s, enc); ok {
					return float64(len(b))
				}
			}
			if b, ok := bufferBytes(arg(a, 0)); ok {
				return float64(len(b))
			}
			in.reason(pos, "Buffer.byteLength of this value")
			return unknown{why: "byteLength"}
		}),
		"isBuffer": native("isBuffer", func(_ Value, a []Value, _ ir.Pos) Value {
			if _, ok := bufferBytes(arg(a, 0)); ok {
				return true
			}
			if u, ok := arg(a, 0).(unknown); ok && u.why == "Buffer" {
				return unknown{why: "isBuffer"}
			}
			return false
		}),
		"concat": native("concat", func(_ Value, a []Value, pos ir.Pos) Value {
			list, ok := arg(a, 0).(*Object)
			if !ok || !list.Arr || len(a) > 1 {
				in.reason(pos, "Buffer.concat of this value")
				return unknown{why: "Buffer", made: true, typ: "object"}
			}
			var out []byte
			for _, e := range list.Elems {
				b, ok := bufferBytes(e)
				if !ok {
					in.reason(pos, "Buffer.concat of a Buffer the predictor does not know")
					return unknown{why: "Buffer", made: true, typ: "object"}
				}
				out = append(out, b...)
			}
			return bufferValue(out)
		}),
	}}
}
