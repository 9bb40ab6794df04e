// Package jsnum formats numbers as V8 does: Number.prototype.toString,
// toFixed, toPrecision and toExponential. The predictor and the runtime
// both use it; the engine's own conversions differ from V8's in the last
// digit of some doubles and lose the sign of negatives that round up to
// a new leading digit ((-1e-7).toPrecision(1)), so neither uses those.
package jsnum

import (
	"math"
	"math/big"
	"strconv"
	"strings"
)

// String is Number.prototype.toString() (String(-0) is "0").
func String(f float64) string {
	switch {
	case math.IsNaN(f):
		return "NaN"
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	case f == 0:
		return "0"
	}
	// Go's shortest digits are V8's: the shortest that round-trip, the
	// closest of those.
	mant, exps, _ := strings.Cut(strconv.FormatFloat(math.Abs(f), 'e', -1, 64), "e")
	digits := strings.Replace(mant, ".", "", 1)
	e, _ := strconv.Atoi(exps)
	n, k := e+1, len(digits) // n: where the decimal point goes
	var s string
	switch {
	case k <= n && n <= 21:
		s = digits + strings.Repeat("0", n-k)
	case 0 < n && n <= 21:
		s = digits[:n] + "." + digits[n:]
	case -6 < n && n <= 0:
		s = "0." + strings.Repeat("0", -n) + digits
	default:
		s = exponential(digits, e)
	}
	return sign(f) + s
}

func sign(f float64) string {
	if f < 0 {
		return "-"
	}
	return ""
}

// exponential is d.ddde±x.
func exponential(digits string, e int) string {
	s := digits[:1]
	if len(digits) > 1 {
		s += "." + digits[1:]
	}
	if e < 0 {
		return s + "e" + strconv.Itoa(e)
	}
	return s + "e+" + strconv.Itoa(e)
}

// exact is x's exact decimal expansion ('f' or 'e' format): a double has
// fewer than 1100 significant digits.
func exact(x float64, fmt byte) string {
	return new(big.Float).SetPrec(2000).SetFloat64(x).Text(fmt, 1100)
}

// roundUp adds one to the last digit of a decimal digit string; carry
// reports a new leading 1.
func roundUp(digits []byte) (out []byte, carry bool) {
	i := len(digits) - 1
	for ; i >= 0 && digits[i] == '9'; i-- {
		digits[i] = '0'
	}
	if i < 0 {
		return append([]byte{'1'}, digits...), true
	}
	digits[i]++
	return digits, false
}

// Fixed is Number.prototype.toFixed(d), d in [0, 100]: the exact binary
// value rounded to d decimals, a tie going away from zero (Go's
// formatting rounds to even).
func Fixed(x float64, d int) string {
	if math.IsNaN(x) || math.IsInf(x, 0) || math.Abs(x) >= 1e21 {
		return String(x)
	}
	s := sign(x)
	intPart, frac, _ := strings.Cut(exact(math.Abs(x), 'f'), ".")
	frac += strings.Repeat("0", d+1)
	digits := []byte(intPart + frac[:d])
	if frac[d] >= '5' { // the rest is exact: 5 and anything rounds up
		digits, _ = roundUp(digits)
	}
	ip, fp := string(digits[:len(digits)-d]), string(digits[len(digits)-d:])
	if d == 0 {
		return s + ip
	}
	return s + ip + "." + fp
}

// digits are x's first p significant decimal digits, rounded half up
// from its exact expansion (as V8's bignum conversion), and the decimal
// exponent of the first.
func digits(x float64, p int) (string, int) {
	if x == 0 {
		return strings.Repeat("0", p), 0
	}
	mant, exp, _ := strings.Cut(exact(x, 'e'), "e")
	e, _ := strconv.Atoi(exp)
	all := strings.Replace(mant, ".", "", 1) + strings.Repeat("0", p+1)
	ds := []byte(all[:p])
	if all[p] >= '5' {
		var carry bool
		if ds, carry = roundUp(ds); carry {
			ds, e = ds[:p], e+1
		}
	}
	return string(ds), e
}

// Exponential is Number.prototype.toExponential(d), d in [0, 100];
// d < 0 is toExponential() without an argument: as many digits as x
// needs.
func Exponential(x float64, d int) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return String(x)
	}
	if d < 0 {
		mant, exp, _ := strings.Cut(strconv.FormatFloat(math.Abs(x), 'e', -1, 64), "e")
		e, _ := strconv.Atoi(exp)
		return sign(x) + exponential(strings.Replace(mant, ".", "", 1), e)
	}
	ds, e := digits(math.Abs(x), d+1)
	return sign(x) + exponential(ds, e)
}

// Precision is Number.prototype.toPrecision(p), p in [1, 100]: fixed
// notation while the exponent is in [-6, p).
func Precision(x float64, p int) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return String(x)
	}
	ds, e := digits(math.Abs(x), p)
	s := sign(x)
	switch {
	case e < -6 || e >= p:
		return s + exponential(ds, e)
	case e >= 0 && e+1 >= len(ds):
		return s + ds + strings.Repeat("0", e+1-len(ds))
	case e >= 0:
		return s + ds[:e+1] + "." + ds[e+1:]
	}
	return s + "0." + strings.Repeat("0", -e-1) + ds
}

// Radix is Number.prototype.toString(radix) for an integer below 2**53
// in magnitude; ok is false for the rest, whose digits V8 chooses by an
// algorithm of its own.
func Radix(x float64, radix int) (string, bool) {
	if radix == 10 || math.IsNaN(x) || math.IsInf(x, 0) {
		return String(x), true
	}
	if x != math.Trunc(x) || math.Abs(x) >= 1<<53 {
		return "", false
	}
	return strconv.FormatInt(int64(x), radix), true
}
