package answer

import (
	"slices"
	"testing"
	"time"
)

// Random bytes are printed as one run's, and the answer says which lines
// vary; the order stays exact, and a program with no random bytes has none.
func TestVaries(t *testing.T) {
	a := answerFor(t, `const crypto = require('crypto');
console.log('fixed');
console.log(crypto.randomBytes(4).toString('hex'));
console.log(crypto.createHash('sha1').update('x').digest('hex'));
`, 10*time.Second)
	if !a.Complete || len(a.Orders) != 1 {
		t.Fatalf("complete %v, %d orders; reasons %v", a.Complete, len(a.Orders), a.Reasons)
	}
	if got := a.Orders[0].Varies; !slices.Equal(got, []int{1}) {
		t.Errorf("varies %v, want [1] (%q)", got, a.Orders[0].Stdout)
	}
	b := answerFor(t, "console.log(require('crypto').createHash('md5').update('x').digest('hex'));\n", 10*time.Second)
	if len(b.Orders) != 1 || b.Orders[0].Varies != nil {
		t.Errorf("a digest varies: %+v", b.Orders)
	}
}
