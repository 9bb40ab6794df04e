package predict

import (
	"math"
	"math/big"

	"github.com/looplint/looplint/internal/jsnum"
	"github.com/looplint/looplint/ir"
)

// numberMember is n.toFixed(d), n.toString(radix) and n.valueOf().
func (in *Interp) numberMember(n float64, k string, pos ir.Pos) Value {
	switch k {
	case "toFixed":
		return native(k, func(_ Value, a []Value, pos ir.Pos) Value {
			d, ok := toNumber(arg(a, 0))
			if !ok || math.IsNaN(d) {
				d = 0
			}
			d = math.Trunc(d)
			if d < 0 || d > 100 {
				in.throwRange(pos, "toFixed() digits argument must be between 0 and 100")
			}
			return jsnum.Fixed(n, int(d))
		})
	case "toPrecision", "toExponential":
		return native(k, func(_ Value, a []Value, pos ir.Pos) Value {
			p := arg(a, 0)
			if p == nil {
				if k == "toPrecision" {
					return jsNum(n)
				}
			}
			d, ok := toNumber(p)
			if !ok {
				return unknown{why: k}
			}
			if math.IsNaN(n) || math.IsInf(n, 0) {
				return jsNum(n)
			}
			if math.IsNaN(d) {
				d = 0
			}
			d = math.Trunc(d)
			lo := map[string]float64{"toPrecision": 1, "toExponential": 0}[k]
			if p != nil && (d < lo || d > 100) {
				in.throwRange(pos, k+"() argument must be between "+jsNum(lo)+" and 100")
			}
			if k == "toPrecision" {
				return jsnum.Precision(n, int(d))
			}
			if p == nil {
				d = -1 // as many digits as n needs
			}
			return jsnum.Exponential(n, int(d))
		})
	case "toString":
		return native(k, func(_ Value, a []Value, pos ir.Pos) Value {
			r := arg(a, 0)
			if r == nil {
				return jsNum(n)
			}
			radix, ok := toNumber(r)
			if !ok {
				return unknown{why: "toString radix"}
			}
			radix = math.Trunc(radix)
			if radix < 2 || radix > 36 {
				in.throwRange(pos, "toString() radix must be between 2 and 36")
			}
			s, ok := jsnum.Radix(n, int(radix))
			if !ok {
				in.reason(pos, "Number.prototype.toString of a fraction or a large number in radix %d", int(radix))
				return unknown{why: "toString radix"}
			}
			return s
		})
	case "valueOf":
		return native(k, func(Value, []Value, ir.Pos) Value { return n })
	}
	in.reason(pos, "Number.prototype.%s is not modelled", k)
	return unknown{why: k}
}

func (in *Interp) throwRange(pos ir.Pos, msg string) {
	panic(&Thrown{V: in.newError("RangeError", msg)})
}

// jsPow is x ** y where every engine agrees: the special cases, powers of
// two, and integer powers that are exact doubles; ok is false for the
// rest (V8's last digit differs by release: 10 ** -5 is 0.00001 on Node
// 10 and 0.000009999999999999999 on 20).
func jsPow(x, y float64) (float64, bool) {
	switch {
	case y == 0:
		return 1, true
	case math.IsNaN(x) || math.IsNaN(y):
		return math.NaN(), true
	case (x == 1 || x == -1) && math.IsInf(y, 0):
		return math.NaN(), true // JS, unlike C's pow
	case math.IsInf(x, 0) || math.IsInf(y, 0) || x == 0:
		return math.Pow(x, y), true // exact special cases
	}
	if y != math.Trunc(y) {
		if x < 0 {
			return math.NaN(), true
		}
		if y == 0.5 {
			return math.Sqrt(x), true // correctly rounded everywhere
		}
		return 0, false
	}
	if frac, exp := math.Frexp(math.Abs(x)); frac == 0.5 && math.Abs(y) < 1e4 {
		// A power of two: exact (or an exact underflow/overflow).
		r := math.Ldexp(1, int(y)*(exp-1))
		if x < 0 && math.Mod(y, 2) != 0 {
			r = -r
		}
		return r, true
	}
	if y < 0 || y > 64 {
		return 0, false
	}
	// The exact power (53 bits per factor suffice), kept only when it is
	// a double itself: then every engine returns it.
	b := new(big.Float).SetPrec(uint(53*y) + 53).SetFloat64(1)
	bx := new(big.Float).SetPrec(53).SetFloat64(x)
	for i := 0; i < int(y); i++ {
		b.Mul(b, bx)
	}
	f, acc := b.Float64()
	if acc != big.Exact {
		return 0, false
	}
	return f, true
}
