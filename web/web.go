// Package web is the playground: the page (static/, plain HTML, CSS and
// JavaScript over looplint compiled to WebAssembly), the built playground
// (Dist, make web), the page of reports computed beforehand (Page:
// predict --format html) and serving the playground on a loopback
// address (Serve: looplint serve). README.md says what the page shows in
// its DOM for tests and tools.
package web

import (
	"bytes"
	"compress/gzip"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

//go:embed static
var static embed.FS

// Files the built playground holds besides static/'s (Dist).
const (
	Wasm     = "looplint.wasm"    // looplint compiled for js/wasm (make web)
	WasmGz   = "looplint.wasm.gz" // the same, gzip-compressed: what Serve sends
	WasmExec = "wasm_exec.js"     // Go's loader, copied from the toolchain
	Examples = "examples.json"    // [{name, title, source}]
)

// Example is one entry of the page's example list.
type Example struct {
	Name   string `json:"name"`
	Title  string `json:"title"`
	Source string `json:"source"`
}

// WriteDist writes the playground into out, which already holds Wasm
// (built by the go command): the page's files, Go's wasm_exec.js from
// goroot, the examples (root's testdata/examples/*.js first, then
// web/examples/*.js) and WasmGz.
func WriteDist(out, root, goroot string) error {
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	ents, err := static.ReadDir("static")
	if err != nil {
		return err
	}
	for _, e := range ents {
		b, err := static.ReadFile("static/" + e.Name())
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(out, e.Name()), b, 0o644); err != nil {
			return err
		}
	}
	var exec []byte
	for _, p := range []string{"lib/wasm/wasm_exec.js", "misc/wasm/wasm_exec.js"} {
		if exec, err = os.ReadFile(filepath.Join(goroot, p)); err == nil {
			break
		}
	}
	if err != nil {
		return fmt.Errorf("wasm_exec.js is in neither lib/wasm nor misc/wasm of %s", goroot)
	}
	if err := os.WriteFile(filepath.Join(out, WasmExec), exec, 0o644); err != nil {
		return err
	}
	var exs []Example
	for _, dir := range []string{"testdata/examples", "web/examples"} {
		files, _ := filepath.Glob(filepath.Join(root, dir, "*.js"))
		sort.Strings(files)
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				return err
			}
			name := filepath.Base(f)
			exs = append(exs, Example{Name: name, Title: strings.TrimSuffix(name, ".js"), Source: string(b)})
		}
	}
	b, err := json.MarshalIndent(exs, "", " ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(out, Examples), b, 0o644); err != nil {
		return err
	}
	wasm, err := os.ReadFile(filepath.Join(out, Wasm))
	if err != nil {
		return fmt.Errorf("%s: build it first (GOOS=js GOARCH=wasm go build -o %s ./cmd/looplint)", err, filepath.Join(out, Wasm))
	}
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	zw.Write(wasm)
	if err := zw.Close(); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(out, WasmGz), gz.Bytes(), 0o644)
}

// Page writes one self-contained page showing reports, predict's JSON
// reports of file (an array, one per Node version) whose text is
// source: the playground's page with its style, script and the answer
// inline, needing no engine and no network.
func Page(w io.Writer, file, source string, reports json.RawMessage) error {
	html, err := static.ReadFile("static/index.html")
	if err != nil {
		return err
	}
	css, _ := static.ReadFile("static/style.css")
	app, _ := static.ReadFile("static/app.js")
	data, err := json.Marshal(struct {
		File    string          `json:"file"`
		Source  string          `json:"source"`
		Reports json.RawMessage `json:"reports"`
	}{file, source, reports})
	if err != nil {
		return err
	}
	page := string(html)
	for _, r := range []struct{ old, new string }{
		{`<link rel="stylesheet" href="style.css">`, "<style>\n" + string(css) + "</style>"},
		{`<script src="app.js"></script>`, "<script>window.LOOPLINT_STATIC = " + string(data) + ";</script>\n<script>\n" +
			strings.ReplaceAll(string(app), "</script", `<\/script`) + "</script>"},
		{`<title>looplint playground: what does this print, and why?</title>`, "<title>" + htmlEscape(file) + " · looplint</title>"},
	} {
		if !strings.Contains(page, r.old) {
			return fmt.Errorf("web: static/index.html lacks %q", r.old)
		}
		page = strings.Replace(page, r.old, r.new, 1)
	}
	_, err = io.WriteString(w, page)
	return err
}

func htmlEscape(s string) string {
	var b bytes.Buffer
	for _, c := range s {
		switch c {
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '&':
			b.WriteString("&amp;")
		case '"':
			b.WriteString("&quot;")
		default:
			b.WriteRune(c)
		}
	}
	return b.String()
}

// ErrNoDist says this binary holds no built playground.
var ErrNoDist = errors.New("this looplint was built without the playground: run `make web` then `make build` (which embeds web/dist), or give serve --dir web/dist after `make web`")

// Handler serves a built playground: WasmGz as Wasm, gzip-encoded to a
// client that accepts it (decompressed for one that does not), the other
// files as they are.
func Handler(dist fs.FS) http.Handler {
	files := http.FileServerFS(dist)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		if strings.TrimPrefix(r.URL.Path, "/") != Wasm {
			files.ServeHTTP(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/wasm")
		if b, err := fs.ReadFile(dist, Wasm); err == nil {
			if acceptsGzip(r) {
				if gz, err := fs.ReadFile(dist, WasmGz); err == nil {
					b = gz
					w.Header().Set("Content-Encoding", "gzip")
				}
			}
			w.Header().Set("Content-Length", fmt.Sprint(len(b)))
			w.Write(b)
			return
		}
		gz, err := fs.ReadFile(dist, WasmGz)
		if err != nil {
			http.NotFound(w, r)
			return
		}
		if acceptsGzip(r) {
			w.Header().Set("Content-Encoding", "gzip")
			w.Header().Set("Content-Length", fmt.Sprint(len(gz)))
			w.Write(gz)
			return
		}
		zr, err := gzip.NewReader(bytes.NewReader(gz))
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		io.Copy(w, zr)
	})
}

func acceptsGzip(r *http.Request) bool {
	for _, e := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		if strings.TrimSpace(strings.SplitN(e, ";", 2)[0]) == "gzip" {
			return true
		}
	}
	return false
}

// Listen opens addr for Serve, refusing an address that is not loopback:
// the playground is for the machine it runs on.
func Listen(addr string) (net.Listener, error) {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, err
	}
	if host != "localhost" {
		ip := net.ParseIP(host)
		if ip == nil || !ip.IsLoopback() {
			return nil, fmt.Errorf("%s is not a loopback address (127.0.0.1, ::1 or localhost)", addr)
		}
	}
	return net.Listen("tcp", addr)
}

// Serve serves the built playground dist on l until it fails.
func Serve(l net.Listener, dist fs.FS) error {
	if dist == nil {
		return ErrNoDist
	}
	if _, err := fs.Stat(dist, "index.html"); err != nil {
		return ErrNoDist
	}
	return http.Serve(l, Handler(dist))
}
