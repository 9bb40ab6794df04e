package nodepath

import "testing"

// Expectations measured with url.fileURLToPath and import.meta.url on
// Node 20.20.2.
func TestFileURLToPath(t *testing.T) {
	for _, c := range []struct{ in, path, code string }{
		{"file:///a/b.js", "/a/b.js", ""},
		{"file:///a/b%20c.js", "/a/b c.js", ""},
		{"file://localhost/x", "/x", ""},
		{"file://host/x", "", "ERR_INVALID_FILE_URL_HOST"},
		{"file:///a%2Fb", "", "ERR_INVALID_FILE_URL_PATH"},
		{"http://x/y", "", "ERR_INVALID_URL_SCHEME"},
		{"not a url", "", "ERR_INVALID_URL"},
	} {
		p, code, _ := FileURLToPath(c.in)
		if p != c.path || code != c.code {
			t.Errorf("FileURLToPath(%q) = %q, %q; want %q, %q", c.in, p, code, c.path, c.code)
		}
	}
	if got := FileURL("/tmp/a b/m.mjs"); got != "file:///tmp/a%20b/m.mjs" {
		t.Errorf("FileURL = %q", got)
	}
}
