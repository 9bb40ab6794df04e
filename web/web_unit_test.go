package web

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
)

func TestListenLoopbackOnly(t *testing.T) {
	for _, addr := range []string{"0.0.0.0:0", "192.0.2.1:0", ":0"} {
		if l, err := Listen(addr); err == nil {
			l.Close()
			t.Errorf("Listen(%q) listened", addr)
		}
	}
	l, err := Listen("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	l.Close()
}

// TestHandlerWasm: the wasm goes out gzip-encoded to a client that takes
// it, decompressed to one that does not, as application/wasm.
func TestHandlerWasm(t *testing.T) {
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte("\x00asm-module"))
	zw.Close()
	h := Handler(fstest.MapFS{"index.html": {Data: []byte("<p>hi")}, WasmGz: {Data: gz.Bytes()}})
	for _, enc := range []string{"gzip, br", ""} {
		r := httptest.NewRequest("GET", "/"+Wasm, nil)
		if enc != "" {
			r.Header.Set("Accept-Encoding", enc)
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		body := w.Body.Bytes()
		if w.Header().Get("Content-Encoding") == "gzip" {
			zr, err := gzip.NewReader(bytes.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			body, _ = io.ReadAll(zr)
		} else if enc != "" {
			t.Errorf("Accept-Encoding %q: not gzip-encoded", enc)
		}
		if string(body) != "\x00asm-module" || w.Header().Get("Content-Type") != "application/wasm" {
			t.Errorf("Accept-Encoding %q: %q as %s", enc, body, w.Header().Get("Content-Type"))
		}
	}
}

// TestPageInline: Page inlines the style, the script and the reports,
// whose text cannot end the script early.
func TestPageInline(t *testing.T) {
	var b strings.Builder
	if err := Page(&b, "a<b>.js", "console.log('</script>')", []byte(`[{"orders":[{"stdout":["</script><b>"]}]}]`)); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	if strings.Count(page, "</script>") != strings.Count(page, "<script") {
		t.Errorf("a </script> in the data ends a script early")
	}
	for _, want := range []string{"window.LOOPLINT_STATIC", "<style>", "a&lt;b&gt;.js · looplint"} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
}
