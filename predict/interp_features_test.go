package predict

import (
	"strings"
	"testing"

	"github.com/looplint/looplint/loop"
)

// Each key gates the feature named after it, and every feature of the
// table with the tables' prefixes is gated: a release's lack of one must
// not read as "in every release" here.
func TestMemberFeatures(t *testing.T) {
	for _, c := range []struct {
		prefix string
		table  map[string]loop.Feature
		skip   string // features with the prefix that are not the table's
	}{
		{"Promise.", promiseStatics, "Promise.prototype."},
		{"Array.prototype.", arrayMethods, ""},
		{"Set.prototype.", setMethods, ""},
		{"module:", builtinModules, ""},
	} {
		for key, f := range c.table {
			if f.String() != c.prefix+key {
				t.Errorf("%s%s is gated by %s", c.prefix, key, f)
			}
		}
		for _, f := range loop.Features() {
			name := f.String()
			key, ok := strings.CutPrefix(name, c.prefix)
			if !ok || c.skip != "" && strings.HasPrefix(name, c.skip) {
				continue
			}
			if g, listed := c.table[key]; !listed || g != f {
				t.Errorf("feature %s is not in the %s table", name, c.prefix)
			}
		}
	}
}
