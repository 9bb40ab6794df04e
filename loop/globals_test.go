package loop

import (
	"strings"
	"testing"
)

// Absent looks globals up in the feature table by name, and takes a name
// the table lacks for one every release has: a misspelt row, or a global
// missing from globalTypes, would pass unnoticed.
func TestGlobalFeatures(t *testing.T) {
	notGlobals := map[string]bool{"multipleResolves": true, "DEP0128": true}
	for _, f := range Features() {
		name := f.String()
		if g, ok := strings.CutPrefix(name, "removed:"); ok {
			if _, known := globalTypes[g]; !known {
				t.Errorf("%s: %s is not in globalTypes", name, g)
			}
			continue
		}
		if strings.ContainsAny(name, ":. /") || notGlobals[name] {
			continue
		}
		if _, known := globalTypes[name]; !known {
			t.Errorf("feature %s looks like a global but is not in globalTypes", name)
		}
	}
}

func TestAbsent(t *testing.T) {
	for _, c := range []struct {
		v, name string
		want    bool
	}{
		{"17.9.1", "fetch", true}, {"18.0.0", "fetch", false},
		{"13.14.0", "GLOBAL", false}, {"14.0.0", "GLOBAL", true},
		{"8.17.0", "Array", false}, {"26.10.0", "Array", false},
		{"10.0.0", "URL", false}, {"8.17.0", "URL", true},
		{"8.17.0", "Promise.any", false},
	} {
		v, _ := ParseVersion(c.v)
		if got := (Profile{Node: v}).Absent(c.name); got != c.want {
			t.Errorf("%s Absent(%s) = %v, want %v", c.v, c.name, got, c.want)
		}
	}
}
