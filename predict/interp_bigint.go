package predict

import (
	"math"
	"math/big"
	"strings"

	"github.com/looplint/looplint/ir"
)

// BigInts: arbitrary-precision integers as V8 has them from Node 10.4.
// A value is never mutated: every operation makes a new one.
type bigInt struct{ v *big.Int }

func (b bigInt) String() string { return b.v.String() }

// bigLiteral is a bigint literal's value: decimal, hex, octal or binary
// digits, separators allowed, then n.
func bigLiteral(lit string) (bigInt, bool) {
	s, base := radixDigits(strings.ReplaceAll(strings.TrimSuffix(lit, "n"), "_", ""))
	v, ok := new(big.Int).SetString(s, base)
	return bigInt{v}, ok
}

// toBigInt is BigInt(x).
func (in *Interp) toBigInt(x Value, pos ir.Pos) Value {
	switch x := x.(type) {
	case bigInt:
		return x
	case bool:
		if x {
			return bigInt{big.NewInt(1)}
		}
		return bigInt{big.NewInt(0)}
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) || x != math.Trunc(x) {
			in.throwRange(pos, "The number "+jsNum(x)+" cannot be converted to a BigInt because it is not an integer")
		}
		v, _ := new(big.Float).SetFloat64(x).Int(nil)
		return bigInt{v}
	case string:
		s := jsTrim(x)
		if s == "" {
			return bigInt{big.NewInt(0)}
		}
		lit := s
		neg := false
		if !strings.HasPrefix(s, "0x") && !strings.HasPrefix(s, "0X") && !strings.HasPrefix(s, "0o") && !strings.HasPrefix(s, "0b") {
			if s[0] == '-' || s[0] == '+' {
				neg, lit = s[0] == '-', s[1:]
			}
		}
		if b, ok := bigLiteral(lit); ok && !strings.ContainsAny(lit, "_n+-") {
			if neg {
				b = bigInt{new(big.Int).Neg(b.v)}
			}
			return b
		}
		e := in.newError("SyntaxError", "Cannot convert "+x+" to a BigInt")
		panic(&Thrown{V: e})
	case unknown:
		return unknown{why: "BigInt"}
	}
	in.reason(pos, "BigInt of this value is not modelled")
	return unknown{why: "BigInt"}
}

// bigBinary is a binary operator with a BigInt operand; handled is false
// when neither is one.
func (in *Interp) bigBinary(op string, a, b Value, pos ir.Pos) (Value, bool) {
	x, xb := a.(bigInt)
	y, yb := b.(bigInt)
	if !xb && !yb {
		return nil, false
	}
	if _, u := a.(unknown); u {
		return unknown{why: "bigint"}, true
	}
	if _, u := b.(unknown); u {
		return unknown{why: "bigint"}, true
	}
	switch op {
	case "<", ">", "<=", ">=":
		c, ok := bigCompare(a, b)
		if !ok {
			return unknown{why: "bigint comparison"}, true
		}
		if c == 2 { // NaN
			return false, true
		}
		switch op {
		case "<":
			return c < 0, true
		case ">":
			return c > 0, true
		case "<=":
			return c <= 0, true
		}
		return c >= 0, true
	case "+":
		_, sa := toPrim(a).(string)
		_, sb := toPrim(b).(string)
		if sa || sb {
			return nil, false // concatenation: toStr knows BigInts
		}
	}
	if !xb || !yb {
		in.throwType(pos, "Cannot mix BigInt and other types, use explicit conversions")
	}
	r := new(big.Int)
	switch op {
	case "+":
		r.Add(x.v, y.v)
	case "-":
		r.Sub(x.v, y.v)
	case "*":
		r.Mul(x.v, y.v)
	case "/", "%":
		if y.v.Sign() == 0 {
			in.throwRange(pos, "Division by zero")
		}
		if op == "/" {
			r.Quo(x.v, y.v) // truncates toward zero, as JS
		} else {
			r.Rem(x.v, y.v) // the dividend's sign, as JS
		}
	case "**":
		if y.v.Sign() < 0 {
			// V8's message names the exponent differently by release.
			e := in.newError("RangeError", "")
			e.Props["message"] = unknown{why: "RangeError message"}
			panic(&Thrown{V: e})
		}
		if y.v.BitLen() > 20 || x.v.BitLen()*int(y.v.Int64()) > 1<<20 {
			in.reason(pos, "a BigInt power this large is not modelled")
			return unknown{why: "bigint"}, true
		}
		r.Exp(x.v, y.v, nil)
	case "&":
		r.And(x.v, y.v)
	case "|":
		r.Or(x.v, y.v)
	case "^":
		r.Xor(x.v, y.v)
	case "<<", ">>":
		if !y.v.IsInt64() || y.v.Int64() > 1<<16 || y.v.Int64() < -(1<<16) {
			in.reason(pos, "a BigInt shift this large is not modelled")
			return unknown{why: "bigint"}, true
		}
		n := y.v.Int64()
		if op == ">>" {
			n = -n
		}
		if n >= 0 {
			r.Lsh(x.v, uint(n))
		} else {
			r.Rsh(x.v, uint(-n)) // floors, as JS
		}
	case ">>>":
		in.throwType(pos, "BigInts have no unsigned right shift, use >> instead")
	default:
		return nil, false
	}
	if r.BitLen() > maxBigBits {
		in.reason(pos, "a BigInt of more than %d bits is not modelled", maxBigBits)
		return unknown{why: "bigint"}, true
	}
	return bigInt{r}, true
}

// maxBigBits bounds the predictor's BigInts (a squaring loop would
// otherwise exhaust memory where V8 throws "Maximum BigInt size exceeded"
// only past a billion bits).
const maxBigBits = 1 << 20

// bigCompare orders a BigInt against a BigInt or a number: -1, 0, 1, or
// 2 when the number is NaN; ok is false for other operands.
func bigCompare(a, b Value) (int, bool) {
	toF := func(v Value) (*big.Float, bool, bool) {
		switch v := v.(type) {
		case bigInt:
			return new(big.Float).SetInt(v.v), true, false
		case string:
			// StringToBigInt; text that is not one compares as undefined.
			s := jsTrim(v)
			if s == "" {
				return new(big.Float), true, false
			}
			b, ok := bigLiteral(s)
			if !ok || strings.ContainsAny(s, "_n") {
				return nil, true, true
			}
			return new(big.Float).SetInt(b.v), true, false
		case float64:
			if math.IsNaN(v) {
				return nil, true, true
			}
			if math.IsInf(v, 0) {
				return new(big.Float).SetInf(v < 0), true, false
			}
			return new(big.Float).SetFloat64(v), true, false
		}
		return nil, false, false
	}
	x, ok1, nan1 := toF(a)
	y, ok2, nan2 := toF(b)
	if !ok1 || !ok2 {
		return 0, false
	}
	if nan1 || nan2 {
		return 2, true
	}
	return x.Cmp(y), true
}

// bigUnary is -x and ~x of a BigInt; +x throws.
func (in *Interp) bigUnary(op string, x bigInt, pos ir.Pos) Value {
	switch op {
	case "-":
		return bigInt{new(big.Int).Neg(x.v)}
	case "~":
		return bigInt{new(big.Int).Not(x.v)}
	}
	in.throwType(pos, "Cannot convert a BigInt value to a number")
	return nil
}

// bigMember is a BigInt's methods.
func (in *Interp) bigMember(x bigInt, k string, pos ir.Pos) Value {
	switch k {
	case "toString":
		return native(k, func(_ Value, a []Value, p ir.Pos) Value {
			radix := 10.0
			if r := arg(a, 0); r != nil {
				f, ok := r.(float64)
				if !ok || f != math.Trunc(f) || f < 2 || f > 36 {
					in.reason(p, "BigInt.prototype.toString with this radix is not modelled")
					return unknown{why: k}
				}
				radix = f
			}
			return x.v.Text(int(radix))
		})
	case "valueOf":
		return native(k, func(Value, []Value, ir.Pos) Value { return x })
	}
	in.reason(pos, "BigInt.prototype.%s is not modelled", k)
	return unknown{why: k}
}
