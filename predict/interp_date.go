package predict

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/looplint/looplint/ir"
)

// Dates with a known time value. Only what does not depend on the time
// zone is modelled: the time value, ISO and UTC views, and parsing of
// ISO strings that say their offset (or are date-only, which ECMAScript
// reads as UTC). Local-time constructors, getters and texts are reasons.

const maxTime = 8.64e15

func timeClip(ms float64) float64 {
	if math.IsNaN(ms) || math.IsInf(ms, 0) || math.Abs(ms) > maxTime {
		return math.NaN()
	}
	return math.Trunc(ms) + 0 // +0 turns -0 into 0
}

// newFixedDate is new Date(x) for a time value, an ISO string or another
// Date; nil after a reason for the rest.
func (in *Interp) newFixedDate(args []Value, pos ir.Pos) *dateObj {
	if len(args) > 1 {
		in.reason(pos, "new Date(year, month, ...) is in local time (the time zone decides): not modelled")
		return nil
	}
	switch v := args[0].(type) {
	case float64:
		return &dateObj{fixed: true, ms: timeClip(v)}
	case string:
		if ms, ok := parseISODate(v); ok {
			return &dateObj{fixed: true, ms: ms}
		}
		in.reason(pos, "new Date of a string without its UTC offset (the time zone decides) is not modelled")
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

// isoDate is ECMAScript's date time string format, with an offset or
// date-only; a date-time without an offset is local time (not matched).
var isoDate = regexp.MustCompile(`^([+-]\d{6}|\d{4})(?:-(\d{2})(?:-(\d{2}))?)?(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2}))?$`)

// parseISODate is the time value of an ISO string that does not depend
// on the time zone; NaN for one V8 rejects; ok is false for one V8 reads
// in local time or by its legacy parser.
func parseISODate(s string) (float64, bool) {
	m := isoDate.FindStringSubmatch(s)
	if m == nil {
		return 0, false
	}
	num := func(x string, def int) int {
		if x == "" {
			return def
		}
		n, _ := strconv.Atoi(x)
		return n
	}
	y, mo, d := num(m[1], 0), num(m[2], 1), num(m[3], 1)
	h, mi, sec := num(m[4], 0), num(m[5], 0), num(m[6], 0)
	if m[1] == "-000000" || mo < 1 || mo > 12 || d < 1 || d > 31 || h > 24 || mi > 59 || sec > 59 ||
		h == 24 && (mi != 0 || sec != 0 || strings.Trim(m[7], "0") != "") {
		return math.NaN(), true // measured on 10.24.1 and 20.20.2
	}
	frac := 0.0
	if m[7] != "" {
		f, _ := strconv.ParseFloat("0."+m[7], 64)
		frac = math.Floor(f * 1000)
	}
	off := 0
	if z := m[8]; z != "" && z != "Z" {
		z = strings.Replace(z, ":", "", 1)
		off = (num(z[1:3], 0)*60 + num(z[3:5], 0)) * 60000
		if z[0] == '-' {
			off = -off
		}
	}
	days := daysFromCivil(y, mo, d) // February 30 is March 1, as in V8
	ms := float64(days)*864e5 + float64(h*3600000+mi*60000+sec*1000) + frac - float64(off)
	return timeClip(ms), true
}

// daysFromCivil is the day number of a proleptic Gregorian date.
func daysFromCivil(y, m, d int) int64 {
	return time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC).Unix() / 86400
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
	return makeTime(f)
}

// makeTime is MakeDate(MakeDay(y, m, d), MakeTime(h, min, s, ms)), fields
// already integers; months and the rest may overflow into the next.
func makeTime(f []float64) float64 {
	y := f[0] + math.Floor(f[1]/12)
	m := math.Mod(f[1], 12)
	if m < 0 {
		m += 12
	}
	if math.Abs(y) > 400000 {
		return math.NaN()
	}
	day := float64(daysFromCivil(int(y), int(m)+1, 1)) + f[2] - 1
	return timeClip(day*864e5 + f[3]*3600000 + f[4]*60000 + f[5]*1000 + f[6])
}

// isoString is toISOString's text; ok is false for an Invalid Date.
func isoString(ms float64) (string, bool) {
	if math.IsNaN(ms) {
		return "", false
	}
	t := time.UnixMilli(int64(ms)).UTC()
	y := t.Year()
	var ys string
	switch {
	case y >= 0 && y <= 9999:
		ys = pad(y, 4)
	case y < 0:
		ys = "-" + pad(-y, 6)
	default:
		ys = "+" + pad(y, 6)
	}
	return ys + t.Format("-01-02T15:04:05.000Z"), true
}

func pad(n, w int) string {
	s := strconv.Itoa(n)
	for len(s) < w {
		s = "0" + s
	}
	return s
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
			s, ok := isoString(d.ms)
			if !ok {
				in.throwRange(p, "Invalid time value")
			}
			return s
		})
	case "toJSON":
		return native(k, func(Value, []Value, ir.Pos) Value {
			if s, ok := isoString(d.ms); ok {
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
			d.ms = timeClip(n)
			return d.ms
		})
	}
	return nil
}
