package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/looplint/looplint/loop"
	"github.com/sourcegraph/jsonrpc2"
)

// client is an editor talking to Serve through pipes.
type client struct {
	t     *testing.T
	conn  *jsonrpc2.Conn
	diags chan publishParams
	exit  chan int
}

func start(t *testing.T, opt Options) *client {
	t.Helper()
	cr, sw := io.Pipe() // server to client
	sr, cw := io.Pipe() // client to server
	c := &client{t: t, diags: make(chan publishParams, 16), exit: make(chan int, 1)}
	go func() { c.exit <- Serve(context.Background(), sr, sw, opt); sw.Close() }()
	h := jsonrpc2.HandlerWithError(func(_ context.Context, _ *jsonrpc2.Conn, r *jsonrpc2.Request) (any, error) {
		if r.Method == "textDocument/publishDiagnostics" {
			var p publishParams
			json.Unmarshal(*r.Params, &p)
			c.diags <- p
		}
		return nil, nil
	})
	c.conn = jsonrpc2.NewConn(context.Background(), jsonrpc2.NewBufferedStream(rwc{cr, cw}, jsonrpc2.VSCodeObjectCodec{}), h)
	t.Cleanup(func() { c.conn.Close(); cw.Close() })
	return c
}

func (c *client) call(method string, params, result any) {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := c.conn.Call(ctx, method, params, result); err != nil {
		c.t.Fatalf("%s: %v", method, err)
	}
}

func (c *client) notify(method string, params any) {
	c.t.Helper()
	if err := c.conn.Notify(context.Background(), method, params); err != nil {
		c.t.Fatalf("%s: %v", method, err)
	}
}

func (c *client) next() publishParams {
	c.t.Helper()
	select {
	case p := <-c.diags:
		return p
	case <-time.After(30 * time.Second):
		c.t.Fatal("no publishDiagnostics")
	}
	return publishParams{}
}

const tickLoop = "function spin() {\n  process.nextTick(spin);\n}\nspin();\n"

func TestSession(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a.js")
	uri := "file://" + filepath.ToSlash(path)
	c := start(t, Options{Version: "test", Known: []string{"nexttickloop", "zalgo"}, DocURL: func(s string) string { return "https://docs/" + s },
		Node: func(string) (loop.Version, error) { return loop.Version{Major: 20, Minor: 20, Patch: 2}, nil }})
	var init struct {
		Capabilities map[string]any `json:"capabilities"`
		ServerInfo   struct{ Name, Version string }
	}
	c.call("initialize", map[string]any{"processId": nil, "rootUri": "file://" + dir, "capabilities": map[string]any{}}, &init)
	if init.ServerInfo.Name != "looplint" || init.Capabilities["hoverProvider"] != true {
		t.Fatalf("initialize: %+v", init)
	}
	c.notify("initialized", map[string]any{})

	c.notify("textDocument/didOpen", didOpenParams{textDocumentItem{URI: uri, Version: 1, Text: tickLoop}})
	p := c.next()
	if p.URI != uri || p.Version != 1 || len(p.Diagnostics) != 1 {
		t.Fatalf("didOpen: %+v", p)
	}
	d := p.Diagnostics[0]
	if d.Code != "nexttickloop" || d.Severity != 1 || d.Range.Start != (position{1, 2}) || d.CodeDesc == nil || d.CodeDesc.Href != "https://docs/nexttickloop" {
		t.Errorf("diagnostic %+v", d)
	}

	// The fix and the suppression as code actions.
	var acts []codeAction
	c.call("textDocument/codeAction", codeActionParams{TextDocument: docID{URI: uri}, Range: d.Range}, &acts)
	if len(acts) != 2 || !strings.Contains(acts[0].Title, "changes when callbacks run") || acts[0].Edit.Changes[uri][0].NewText != "setImmediate" ||
		acts[1].Edit.Changes[uri][0].NewText != "  // looplint-ignore nexttickloop -- why this is safe here\n" {
		t.Errorf("code actions %+v", acts)
	}

	// An incremental change (UTF-16 positions: the emoji is two units)
	// that fixes the loop clears the finding.
	c.notify("textDocument/didChange", didChangeParams{TextDocument: docID{URI: uri, Version: 2}, ContentChanges: []contentChange{
		{Range: &rangeT{position{1, 2}, position{1, 18}}, Text: "setImmediate"},
		{Range: &rangeT{position{0, 0}, position{0, 0}}, Text: "// 😀 spin\n"},
	}})
	if p := c.next(); p.Version != 2 || len(p.Diagnostics) != 0 {
		t.Errorf("after the fix: %+v", p)
	}
	// Hover on setImmediate (line 2 now, after the inserted comment).
	var h *hover
	c.call("textDocument/hover", hoverParams{TextDocument: docID{URI: uri}, Position: position{2, 4}}, &h)
	if h == nil || !strings.Contains(h.Contents.Value, "**setImmediate**") || h.Range.Start != (position{2, 2}) {
		t.Errorf("hover %+v", h)
	}
	// Hover also says what a small program prints, as predict's lead.
	puzzle := "file://" + filepath.ToSlash(filepath.Join(dir, "puzzle.js"))
	c.notify("textDocument/didOpen", didOpenParams{textDocumentItem{URI: puzzle, Version: 1,
		Text: "setTimeout(() => console.log('timeout'), 0);\nPromise.resolve().then(() => console.log('promise'));\nprocess.nextTick(() => console.log('tick'));\nconsole.log('sync');\n"}})
	c.next()
	var hp *hover
	c.call("textDocument/hover", hoverParams{TextDocument: docID{URI: puzzle}, Position: position{0, 3}}, &hp)
	if hp == nil || !strings.Contains(hp.Contents.Value, "**setTimeout**") || !strings.Contains(hp.Contents.Value, "on Node 20.20.2, this file prints:\n\n```text\nsync\ntick\npromise\ntimeout\n```") {
		t.Errorf("hover on the puzzle: %+v", hp)
	}
	// A syntax error is a diagnostic at its place.
	c.notify("textDocument/didChange", didChangeParams{TextDocument: docID{URI: uri, Version: 3}, ContentChanges: []contentChange{{Text: "let x = ;\n"}}})
	if p := c.next(); len(p.Diagnostics) != 1 || p.Diagnostics[0].Range.Start != (position{0, 8}) {
		t.Errorf("syntax error: %+v", p)
	}
	// A looplint.json makes the finding a warning (read again on save).
	os.WriteFile(filepath.Join(dir, "looplint.json"), []byte(`{"checks": {"nexttickloop": "warn"}}`), 0o644)
	c.notify("textDocument/didChange", didChangeParams{TextDocument: docID{URI: uri, Version: 4}, ContentChanges: []contentChange{{Text: tickLoop}}})
	c.next()
	c.notify("textDocument/didSave", didSaveParams{TextDocument: docID{URI: uri}})
	if p := c.next(); len(p.Diagnostics) != 1 || p.Diagnostics[0].Severity != 2 {
		t.Errorf("with looplint.json warn: %+v", p)
	}
	c.notify("textDocument/didClose", didCloseParams{TextDocument: docID{URI: uri}})
	if p := c.next(); len(p.Diagnostics) != 0 {
		t.Errorf("didClose: %+v", p)
	}
	// An unknown request is refused, not crashed on.
	var x any
	if err := c.conn.Call(context.Background(), "textDocument/formatting", map[string]any{}, &x); err == nil {
		t.Error("formatting answered")
	}
	c.call("shutdown", nil, nil)
	c.notify("exit", nil)
	select {
	case code := <-c.exit:
		if code != 0 {
			t.Errorf("exit %d after shutdown", code)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the server did not exit")
	}
}

// BenchmarkChange2000 is the editor's loop: one change to a 2,000-line file,
// analyzed and published (the target is well under 50 ms).
func BenchmarkChange2000(b *testing.B) {
	var src strings.Builder
	for i := 0; i < 250; i++ {
		fmt.Fprintf(&src, "function f%d(cb) {\n  if (cb) setImmediate(cb);\n  process.nextTick(() => console.log(%d));\n  return new Promise((r) => setTimeout(r, %d));\n}\nf%d(() => {});\n// line\n\n", i, i, i, i)
	}
	text := src.String()
	s := New(Options{Known: []string{"nexttickloop"}})
	d := &document{uri: "file:///bench.js", path: "/bench.js", text: text}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		d.version = i
		d.text = applyChange(d.text, contentChange{Range: &rangeT{position{1000, 0}, position{1000, 0}}, Text: "x;"})
		s.analyze(d)
	}
}
