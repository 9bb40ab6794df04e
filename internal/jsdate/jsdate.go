// Package jsdate is V8's reading and writing of ECMAScript's date time
// strings: Date.parse and new Date(string) for a string in the format,
// toISOString's text, and the time arithmetic under them. The predictor
// and the runtime both use it; the embedded engine's own parser differs
// from V8's at the edges (month 00, six-digit years), so the runtime
// uses it in place of the engine's for the strings it covers.
package jsdate

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// MaxTime is the largest time value a Date holds, either side of 1970.
const MaxTime = 8.64e15

// TimeClip is ECMAScript's TimeClip: NaN past MaxTime, whole milliseconds.
func TimeClip(ms float64) float64 {
	if math.IsNaN(ms) || math.IsInf(ms, 0) || math.Abs(ms) > MaxTime {
		return math.NaN()
	}
	return math.Trunc(ms) + 0 // +0 turns -0 into 0
}

// isoDate is the date time string format with an offset, or date-only
// (which ECMAScript reads as UTC); a date-time without an offset is local
// time, not matched. Past nine fraction digits V8's reading changed
// between releases (10 and 20), not matched either.
var isoDate = regexp.MustCompile(`^([+-]\d{6}|\d{4})(?:-(\d{2})(?:-(\d{2}))?)?(?:[Tt](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?([Zz]|[+-]\d{2}(?::?\d{2})?))?$`)

// Parse is the time value V8 reads in s, NaN for a string in the format
// that V8 rejects; ok is false for a string V8 reads in local time or by
// its legacy parser, which the caller handles its own way. Measured on
// Node 10.24.1, 20.20.2 and 26.10.0.
func Parse(s string) (ms float64, ok bool) {
	m := isoDate.FindStringSubmatch(s)
	if m == nil {
		return 0, false
	}
	if m[1] == "-000000" {
		// Alone it is rejected; with a month V8's legacy parser reads it.
		if s == m[1] {
			return math.NaN(), true
		}
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
	frac := 0
	if f := m[7]; f != "" {
		// The first three digits, truncated.
		f = (f + "00")[:3]
		frac = num(f, 0)
	}
	off, oh, om := 0, 0, 0
	if z := m[8]; len(z) > 1 {
		if len(z) == 3 {
			return math.NaN(), true // hours without minutes
		}
		oh = num(z[1:3], 0)
		om = num(z[len(z)-2:], 0)
		off = (oh*60 + om) * 60000
		if z[0] == '-' {
			off = -off
		}
	}
	if mo < 1 || mo > 12 || d < 1 || d > 31 || h > 24 || mi > 59 || sec > 59 || oh > 23 || om > 59 ||
		h == 24 && (mi != 0 || sec != 0 || strings.Trim(m[7], "0") != "") {
		return math.NaN(), true
	}
	days := daysFromCivil(y, mo, d) // February 30 is March 1, as in V8
	v := float64(days)*864e5 + float64(h*3600000+mi*60000+sec*1000+frac-off)
	if math.Abs(v) > MaxTime {
		// new Date clips it; Date.parse on Node 10 did not.
		return 0, false
	}
	return v, true
}

// daysFromCivil is the day number of a proleptic Gregorian date; a day
// past the month's end runs into the next.
func daysFromCivil(y, m, d int) int64 {
	return time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC).Unix() / 86400
}

// MakeDate is MakeDate(MakeDay(y, m, d), MakeTime(h, min, s, ms)), TimeClip'd,
// for fields already whole numbers: months and the rest run over into the
// next (Date.UTC).
func MakeDate(y, m, d, h, min, s, ms float64) float64 {
	y += math.Floor(m / 12)
	m = math.Mod(m, 12)
	if m < 0 {
		m += 12
	}
	if math.Abs(y) > 400000 {
		return math.NaN()
	}
	day := float64(daysFromCivil(int(y), int(m)+1, 1)) + d - 1
	return TimeClip(day*864e5 + h*3600000 + min*60000 + s*1000 + ms)
}

// ISOString is toISOString's text of a time value: four-digit years, and
// six digits with a sign outside 0 to 9999; ok is false for NaN (an
// Invalid Date, which toISOString throws for).
func ISOString(ms float64) (string, bool) {
	if math.IsNaN(ms) || math.IsInf(ms, 0) {
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
