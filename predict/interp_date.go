package predict

import (
	"math"
	"time"

	"github.com/looplint/looplint/internal/jsdate"
	"github.com/looplint/looplint/ir"
)

// Dates with a known time value. Only what does not depend on the time
// zone is modelled: the time value, ISO and UTC views, and parsing of
// ISO strings that say their offset (or are date-only, which ECMAScript
// reads as UTC). Local-time constructors, getters and texts are reasons.

// newFixedDate is new Date(x) for a time value, an ISO string or another
// Date; nil after a reason for the rest.
func (in *Interp) newFixedDate(args []Value, pos ir.Pos) *dateObj {
	if len(args) > 1 {
		in.reason(pos, "new Date(year, month, ...) is in local time (the time zone decides): not modelled")
		return nil
	}
	switch v := args[0].(type) {
	case float64:
		return &dateObj{fixed: true, ms: jsdate.TimeClip(v)}
	case string:
		if ms, ok := jsdate.Parse(v); ok {
			return &dateObj{fixed: true, ms: ms}
		}
		in.reason(pos, "new Date of a string in local time (the time zone decides) or outside the ISO format is not modelled")
		return nil
	case *dateObj:
		if v.fixed {
			return &dateObj{fixed: true, ms: v.ms}
		}
		return &dateObj{t: v.t}
	case bool, nullT:
		n, _ := toNumber(v)
		return &dateObj{fixed: true, ms: n}
	case nil:
		return &dateObj{fixed: true, ms: math.NaN()}
	}
	in.reason(pos, "new Date of this value is not modelled")
	return nil
}

// dateUTC is Date.UTC(y, m = 0, d = 1, h, min, s, ms).
func dateUTC(a []Value) Value {
	f := make([]float64, 7)
	f[2] = 1
	for i := 0; i < 7 && i < len(a); i++ {
		n, ok := toNumber(a[i])
		if !ok {
			return unknown{why: "Date.UTC"}
		}
		if math.IsNaN(n) || math.IsInf(n, 0) {
			return math.NaN()
		}
		f[i] = math.Trunc(n)
	}
	if len(a) == 0 {
		return math.NaN()
	}
	if f[0] >= 0 && f[0] <= 99 {
		f[0] += 1900
	}
	return jsdate.MakeDate(f[0], f[1], f[2], f[3], f[4], f[5], f[6])
}

// dateMethod is a fixed Date's method k that the time zone does not
// decide; nil for the rest.
func (in *Interp) dateMethod(d *dateObj, k string, pos ir.Pos) Value {
	utc := func(get func(t time.Time) int) Value {
		return native(k, func(Value, []Value, ir.Pos) Value {
			if math.IsNaN(d.ms) {
				return math.NaN()
			}
			return float64(get(time.UnixMilli(int64(d.ms)).UTC()))
		})
	}
	switch k {
	case "toISOString":
		return native(k, func(_ Value, _ []Value, p ir.Pos) Value {
			s, ok := jsdate.ISOString(d.ms)
			if !ok {
				in.throwRange(p, "Invalid time value")
			}
			return s
		})
	case "toJSON":
		return native(k, func(Value, []Value, ir.Pos) Value {
			if s, ok := jsdate.ISOString(d.ms); ok {
				return s
			}
			return null
		})
	case "getUTCFullYear":
		return utc(func(t time.Time) int { return t.Year() })
	case "getUTCMonth":
		return utc(func(t time.Time) int { return int(t.Month()) - 1 })
	case "getUTCDate":
		return utc(func(t time.Time) int { return t.Day() })
	case "getUTCDay":
		return utc(func(t time.Time) int { return int(t.Weekday()) })
	case "getUTCHours":
		return utc(func(t time.Time) int { return t.Hour() })
	case "getUTCMinutes":
		return utc(func(t time.Time) int { return t.Minute() })
	case "getUTCSeconds":
		return utc(func(t time.Time) int { return t.Second() })
	case "getUTCMilliseconds":
		return utc(func(t time.Time) int { return t.Nanosecond() / 1e6 })
	case "setTime":
		return native(k, func(_ Value, a []Value, p ir.Pos) Value {
			n, ok := toNumber(arg(a, 0))
			if !ok {
				in.reason(p, "Date.prototype.setTime with an unknown value")
				return unknown{why: k}
			}
			in.mut(0) // dates carry no epoch: count it as older state
			d.ms = jsdate.TimeClip(n)
			return d.ms
		})
	}
	return nil
}
