package jsdate

import (
	"math"
	"testing"
)

// The expected values were printed by Node 10.24.1, 20.20.2 and 26.10.0
// (Date.parse and toISOString), the same on the three.
func TestParse(t *testing.T) {
	nan := math.NaN()
	for _, c := range []struct {
		s  string
		ms float64
	}{
		{"2020-02-30", 1583020800000},
		{"2020-02-32", nan},
		{"2020-00-10", nan},
		{"2020-13-01", nan},
		{"2020-01-00", nan},
		{"2020-00", nan},
		{"2020", 1577836800000},
		{"0000", -62167219200000},
		{"-000000", nan},
		{"+000000-01-01", -62167219200000},
		{"-000001-01-01", -62198755200000},
		{"2020-01-01T24:00Z", 1577923200000},
		{"2020-01-01T24:00:00.000Z", 1577923200000},
		{"2020-01-01T24:00:00.0001Z", nan},
		{"2020-01-01T24:00:00.001Z", nan},
		{"2020-01-01T25:00Z", nan},
		{"2020-01-01T10:00:60Z", nan},
		{"2020-01-01T10:00:00.0001Z", 1577872800000},
		{"2020-01-01T10:00:00.123456789Z", 1577872800123},
		{"2020-01-01T10:00:00.5+01:00", 1577869200500},
		{"2020-01-01T10:00+23:59", 1577786460000},
		{"2020-01-01T10:00+24:00", nan},
		{"2020-01-01T10:00+23:60", nan},
		{"2020-01-01T10:00+2400", nan},
		{"2020-01-01T10:00-2360", nan},
		{"2020-01-01T10:00-0130", 1577878200000},
		{"+275760-09-13T00:00:00.000Z", 8.64e15},
		{"-271821-04-19T23:00-01:00", -8.64e15},
	} {
		ms, ok := Parse(c.s)
		if !ok || !(ms == c.ms || math.IsNaN(ms) && math.IsNaN(c.ms)) {
			t.Errorf("Parse(%q) = %v, %v; want %v", c.s, ms, ok, c.ms)
		}
	}
	// Read in local time, by V8's legacy parser, or past the range
	// (which Date.parse on Node 10 did not clip): the caller's.
	for _, s := range []string{"2020-01-01T10:00:00", "2020-01-01T10:00", "2020-1-01", " 2020-01-01", "-000000-01-01",
		"2020-01-01T10:00:00.1234567891Z", "2020-01-01t10:00Z", "+275760-09-13T00:00:00.001Z", "Jan 1 2020"} {
		if ms, ok := Parse(s); ok {
			t.Errorf("Parse(%q) = %v, true; want not ok", s, ms)
		}
	}
}

func TestISOString(t *testing.T) {
	for _, c := range []struct {
		ms   float64
		want string
	}{
		{0, "1970-01-01T00:00:00.000Z"},
		{-62198755200000, "-000001-01-01T00:00:00.000Z"},
		{-1e15, "-029719-04-05T22:13:20.000Z"},
		{8.64e15, "+275760-09-13T00:00:00.000Z"},
		{-8.64e15, "-271821-04-20T00:00:00.000Z"},
		{253402300800000, "+010000-01-01T00:00:00.000Z"},
		{253402300799999, "9999-12-31T23:59:59.999Z"},
		{-62167219200000, "0000-01-01T00:00:00.000Z"},
		{-62167219200001, "-000001-12-31T23:59:59.999Z"},
	} {
		if got, ok := ISOString(c.ms); !ok || got != c.want {
			t.Errorf("ISOString(%v) = %q, %v; want %q", c.ms, got, ok, c.want)
		}
	}
	if _, ok := ISOString(math.NaN()); ok {
		t.Error("ISOString(NaN) is ok")
	}
}

func TestMakeDate(t *testing.T) {
	// Date.UTC(2020, 13, 0, 25) and Date.UTC(-1, -1), on Node 20.20.2.
	if got := MakeDate(2020, 13, 0, 25, 0, 0, 0); got != 1612141200000 {
		t.Errorf("MakeDate(2020, 13, 0, 25) = %v", got)
	}
	if got := MakeDate(-1, -1, 1, 0, 0, 0, 0); got != -62201433600000 {
		t.Errorf("MakeDate(-1, -1) = %v", got)
	}
}
