package parse

import (
	"reflect"
	"testing"
)

func TestComments(t *testing.T) {
	for _, c := range []struct {
		src  string
		want []string
	}{
		{"a // one\nb /* two */ c", []string{"// one", "/* two */"}},
		{"const s = '// no', t = \"/* no */\";", nil},
		{"const t = `\n// no\n${x /* yes */}\n// no`;", []string{"/* yes */"}},
		{"const r = /\\/\\/ no/g; // yes", []string{"// yes"}},
		{"x = a / b; // yes", []string{"// yes"}},
		{"x = /[/]/; /* yes */", []string{"/* yes */"}},
	} {
		var got []string
		for _, span := range Comments(c.src) {
			got = append(got, c.src[span[0]:span[1]])
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("Comments(%q) = %q, want %q", c.src, got, c.want)
		}
	}
}
