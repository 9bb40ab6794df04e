// Package lsp is `looplint lsp`: the Language Server Protocol over a
// stream (standard input and output), for editors. It reports the checks'
// findings as diagnostics when a document is opened, changed or saved,
// with the severities of its looplint.json; offers each finding's fix and
// a suppression comment as code actions; and, hovering a scheduling call,
// says when its callback runs. JSON-RPC framing and dispatch are
// sourcegraph/jsonrpc2's.
package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"path/filepath"
	"runtime"
	"strings"
	"sync"

	"github.com/sourcegraph/jsonrpc2"
	"golang.org/x/tools/go/analysis"

	"github.com/looplint/looplint/analyzer/checks"
	"github.com/looplint/looplint/analyzer/config"
	"github.com/looplint/looplint/analyzer/driver"
	"github.com/looplint/looplint/loop"
)

// Options configure a server.
type Options struct {
	Version string // said in initialize's serverInfo
	// DocURL is where a check's documentation is read (a diagnostic's
	// codeDescription); nil: none.
	DocURL func(check string) string
	// Known are the check names a suppression or looplint.json may give.
	Known []string
	// Node is the release a file in dir runs on (the project's, as
	// `looplint predict` picks it); nil: hovers show no predicted orders.
	Node func(dir string) (loop.Version, error)
}

// Server is one editor's session.
type Server struct {
	opt       Options
	analyzers []*analysis.Analyzer
	finder    *config.Finder
	mu        sync.Mutex
	docs      map[string]*document
	conn      *jsonrpc2.Conn
	done      chan struct{}
	shutdown  bool
}

type document struct {
	uri, path string
	version   int
	text      string
	result    driver.Result // of text
	// orders is the hover's note on what the file prints, for version
	// ordersAt (computed on the first hover of a version).
	orders   string
	ordersAt int
	ordered  bool
}

type rwc struct {
	io.Reader
	io.Writer
}

func (rwc) Close() error { return nil }

// Serve speaks the protocol on r and w until the client says exit or the
// stream ends; it returns the process's exit status (0 after shutdown).
func Serve(ctx context.Context, r io.Reader, w io.Writer, opt Options) int {
	if ctx == nil {
		ctx = context.Background()
	}
	s := New(opt)
	stream := jsonrpc2.NewBufferedStream(rwc{r, w}, jsonrpc2.VSCodeObjectCodec{})
	s.conn = jsonrpc2.NewConn(ctx, stream, jsonrpc2.AsyncHandler(jsonrpc2.HandlerWithError(s.handle)))
	select {
	case <-s.conn.DisconnectNotify():
	case <-s.done:
		s.conn.Close()
	case <-ctx.Done():
		s.conn.Close()
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.shutdown {
		return 0
	}
	return 1
}

// New makes a server (Serve runs one).
func New(opt Options) *Server {
	known := opt.Known
	isKnown := func(n string) bool {
		for _, k := range known {
			if k == n {
				return true
			}
		}
		return n == driver.SuppressCheck
	}
	return &Server{opt: opt, analyzers: checks.All, finder: config.NewFinder(isKnown), docs: map[string]*document{}, done: make(chan struct{})}
}

func (s *Server) handle(ctx context.Context, conn *jsonrpc2.Conn, req *jsonrpc2.Request) (any, error) {
	params := func(v any) error {
		if req.Params == nil {
			return &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: "missing params"}
		}
		if err := json.Unmarshal(*req.Params, v); err != nil {
			return &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: err.Error()}
		}
		return nil
	}
	switch req.Method {
	case "initialize":
		return map[string]any{
			"capabilities": map[string]any{
				// Incremental changes; a save needs no text (the buffer is kept).
				"textDocumentSync":   map[string]any{"openClose": true, "change": 2, "save": map[string]any{"includeText": false}},
				"codeActionProvider": map[string]any{"codeActionKinds": []string{"quickfix"}},
				"hoverProvider":      true,
			},
			"serverInfo": map[string]any{"name": "looplint", "version": s.opt.Version},
		}, nil
	case "initialized", "$/cancelRequest", "$/setTrace", "workspace/didChangeConfiguration", "workspace/didChangeWatchedFiles":
		return nil, nil
	case "shutdown":
		s.mu.Lock()
		s.shutdown = true
		s.mu.Unlock()
		return nil, nil
	case "exit":
		close(s.done)
		return nil, nil
	case "textDocument/didOpen":
		var p didOpenParams
		if err := params(&p); err != nil {
			return nil, err
		}
		d := &document{uri: p.TextDocument.URI, path: uriPath(p.TextDocument.URI), version: p.TextDocument.Version, text: p.TextDocument.Text}
		s.mu.Lock()
		s.docs[d.uri] = d
		s.mu.Unlock()
		return nil, s.publish(ctx, d)
	case "textDocument/didChange":
		var p didChangeParams
		if err := params(&p); err != nil {
			return nil, err
		}
		s.mu.Lock()
		d := s.docs[p.TextDocument.URI]
		if d != nil {
			for _, c := range p.ContentChanges {
				d.text = applyChange(d.text, c)
			}
			d.version = p.TextDocument.Version
		}
		s.mu.Unlock()
		if d == nil {
			return nil, nil
		}
		return nil, s.publish(ctx, d)
	case "textDocument/didSave":
		var p didSaveParams
		if err := params(&p); err != nil {
			return nil, err
		}
		s.mu.Lock()
		d := s.docs[p.TextDocument.URI]
		if d != nil && p.Text != nil {
			d.text = *p.Text
		}
		s.mu.Unlock()
		if d == nil {
			return nil, nil
		}
		// A looplint.json may have changed: read configurations afresh.
		s.finder = config.NewFinder(s.finder.Known())
		return nil, s.publish(ctx, d)
	case "textDocument/didClose":
		var p didCloseParams
		if err := params(&p); err != nil {
			return nil, err
		}
		s.mu.Lock()
		delete(s.docs, p.TextDocument.URI)
		s.mu.Unlock()
		return nil, conn.Notify(ctx, "textDocument/publishDiagnostics", publishParams{URI: p.TextDocument.URI, Diagnostics: []diagnostic{}})
	case "textDocument/codeAction":
		var p codeActionParams
		if err := params(&p); err != nil {
			return nil, err
		}
		return s.codeActions(p), nil
	case "textDocument/hover":
		var p hoverParams
		if err := params(&p); err != nil {
			return nil, err
		}
		s.mu.Lock()
		d := s.docs[p.TextDocument.URI]
		var text, path string
		var version int
		if d != nil {
			text, path, version = d.text, d.path, d.version
		}
		s.mu.Unlock()
		if d == nil {
			return nil, nil
		}
		h := hoverAt(path, text, p.Position)
		if h != nil {
			if note := s.orders(d, path, text, version); note != "" {
				h.Contents.Value += "\n\n---\n\n" + note
			}
		}
		return h, nil
	}
	if req.Notif || strings.HasPrefix(req.Method, "$/") {
		return nil, nil
	}
	return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeMethodNotFound, Message: "looplint does not serve " + req.Method}
}

// uriPath is the file a document URI names; an unsaved buffer (untitled:)
// is a file in the working directory, so its module kind is .js's.
func uriPath(uri string) string {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "file" {
		name := "untitled.js"
		if i := strings.LastIndexAny(uri, "/:"); i >= 0 && strings.Contains(uri[i+1:], ".") {
			name = uri[i+1:]
		}
		return name
	}
	p := u.Path
	if runtime.GOOS == "windows" {
		p = strings.TrimPrefix(p, "/")
	}
	return filepath.FromSlash(p)
}

// analyze checks d's text and keeps the result.
func (s *Server) analyze(d *document) ([]diagnostic, int) {
	s.mu.Lock()
	path, text, version := d.path, d.text, d.version
	s.mu.Unlock()
	cfg, err := s.finder.For(path)
	if err != nil {
		// The configuration is at fault: say so on the document.
		return []diagnostic{{Severity: 1, Code: "looplint.json", Source: "looplint", Message: err.Error()}}, version
	}
	if cfg.Ignored(path) {
		return []diagnostic{}, version
	}
	res := driver.RunSource(path, []byte(text), s.analyzers, driver.Options{Jobs: 1, Known: s.opt.Known})
	s.mu.Lock()
	if d.version == version {
		d.result = res
	}
	s.mu.Unlock()
	lines := newLines(text)
	out := []diagnostic{}
	if res.Err != nil {
		msg, line, col := errPlace(res.Err, path)
		out = append(out, diagnostic{Range: lines.rangeAt(line, col, line, col+1), Severity: 1, Code: "syntax", Source: "looplint", Message: msg})
	}
	for _, dg := range res.Diagnostics {
		sev := cfg.Severity(dg.Check, path)
		if sev == config.Off {
			continue
		}
		ld := diagnostic{Range: lines.rangeAt(dg.Pos.Line, dg.Pos.Col, dg.End.Line, dg.End.Col), Severity: 1, Code: dg.Check, Source: "looplint", Message: dg.Message}
		if sev == config.Warn {
			ld.Severity = 2
		}
		if s.opt.DocURL != nil && dg.Check != driver.SuppressCheck {
			ld.CodeDesc = &struct {
				Href string `json:"href"`
			}{s.opt.DocURL(dg.Check)}
		}
		out = append(out, ld)
	}
	return out, version
}

// orders is ordersNote for d's version, computed once.
func (s *Server) orders(d *document, path, text string, version int) string {
	if s.opt.Node == nil {
		return ""
	}
	s.mu.Lock()
	if d.ordered && d.ordersAt == version {
		note := d.orders
		s.mu.Unlock()
		return note
	}
	s.mu.Unlock()
	v, err := s.opt.Node(filepath.Dir(path))
	note := ""
	if err == nil {
		note = ordersNote(path, text, v)
	}
	s.mu.Lock()
	if d.version == version {
		d.orders, d.ordersAt, d.ordered = note, version, true
	}
	s.mu.Unlock()
	return note
}

func (s *Server) publish(ctx context.Context, d *document) error {
	diags, version := s.analyze(d)
	return s.conn.Notify(ctx, "textDocument/publishDiagnostics", publishParams{URI: d.uri, Version: version, Diagnostics: diags})
}

// errPlace reads "path:line:col: msg" (a parse error) back into its parts.
func errPlace(err error, path string) (string, int, int) {
	msg := strings.TrimPrefix(err.Error(), path+":")
	var line, col int
	if n, _ := fmt.Sscanf(msg, "%d:%d:", &line, &col); n == 2 {
		_, rest, _ := strings.Cut(msg, ": ")
		return rest, line, col
	}
	return err.Error(), 1, 1
}
