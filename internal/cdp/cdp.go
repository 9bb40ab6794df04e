// Package cdp is a small client of the Chrome DevTools Protocol over a pipe:
// headless Chromium started with --remote-debugging-pipe (commands on its
// fd 3, answers and events on its fd 4, each message JSON ending in a NUL
// byte), with one page attached. The playground's browser tests and
// realbrowser use it.
package cdp

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sync"
	"time"
)

// Browser is a running Chromium with one page attached.
type Browser struct {
	cmd     *exec.Cmd
	w       io.WriteCloser
	mu      sync.Mutex
	nextID  int
	waiting map[int]chan Msg
	session string
	// events: the events seen since the last Navigate.
	events  []Msg
	onEvent func(Msg)
	done    chan struct{}
}

// Msg is one message from the browser: an answer (ID) or an event (Method).
type Msg struct {
	ID        int             `json:"id,omitempty"`
	Method    string          `json:"method,omitempty"`
	Params    json.RawMessage `json:"params,omitempty"`
	SessionID string          `json:"sessionId,omitempty"`
	Result    json.RawMessage `json:"result,omitempty"`
	Error     *struct {
		Message string `json:"message"`
	} `json:"error,omitempty"`
}

// Start runs exe (headless Chromium) with a profile in dataDir and the
// extra flags, opens a page on about:blank and attaches to it with the
// Page, Runtime and Network domains enabled. Close ends it.
func Start(exe, dataDir string, extra ...string) (*Browser, error) {
	toChrome, ours, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	fromChrome, theirs, err := os.Pipe()
	if err != nil {
		toChrome.Close()
		ours.Close()
		return nil, err
	}
	args := []string{"--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run", "--disable-extensions",
		"--remote-debugging-pipe", "--user-data-dir=" + dataDir}
	args = append(append(args, extra...), "about:blank")
	cmd := exec.Command(exe, args...)
	cmd.ExtraFiles = []*os.File{toChrome, theirs}
	err = cmd.Start()
	toChrome.Close()
	theirs.Close()
	if err != nil {
		ours.Close()
		fromChrome.Close()
		return nil, err
	}
	b := &Browser{cmd: cmd, w: ours, waiting: map[int]chan Msg{}, done: make(chan struct{})}
	go func() { cmd.Wait(); close(b.done) }()
	go b.read(fromChrome)
	var target struct {
		TargetID string `json:"targetId"`
	}
	if err := b.Call("Target.createTarget", map[string]any{"url": "about:blank"}, &target); err != nil {
		b.Close()
		return nil, err
	}
	var att struct {
		SessionID string `json:"sessionId"`
	}
	if err := b.Call("Target.attachToTarget", map[string]any{"targetId": target.TargetID, "flatten": true}, &att); err != nil {
		b.Close()
		return nil, err
	}
	b.session = att.SessionID
	for _, m := range []string{"Page.enable", "Runtime.enable", "Network.enable"} {
		if err := b.Call(m, nil, nil); err != nil {
			b.Close()
			return nil, err
		}
	}
	return b, nil
}

// Close asks the browser to close and kills it after 5 seconds.
func (b *Browser) Close() error {
	b.Call("Browser.close", nil, nil)
	b.w.Close()
	select {
	case <-b.done:
	case <-time.After(5 * time.Second):
		b.cmd.Process.Kill()
		<-b.done
	}
	return nil
}

// OnEvent sets a function called with every event as it arrives (on the
// reading goroutine, in the browser's order), besides keeping it for
// Events.
func (b *Browser) OnEvent(f func(Msg)) {
	b.mu.Lock()
	b.onEvent = f
	b.mu.Unlock()
}

func (b *Browser) read(r io.Reader) {
	br := bufio.NewReader(r)
	for {
		line, err := br.ReadBytes(0)
		if err != nil {
			b.mu.Lock()
			for id, c := range b.waiting {
				close(c)
				delete(b.waiting, id)
			}
			b.mu.Unlock()
			return
		}
		var m Msg
		if json.Unmarshal(line[:len(line)-1], &m) != nil {
			continue
		}
		b.mu.Lock()
		if m.ID != 0 {
			if c, ok := b.waiting[m.ID]; ok {
				delete(b.waiting, m.ID)
				c <- m
			}
		} else if m.Method != "" {
			b.events = append(b.events, m)
			if b.onEvent != nil {
				b.onEvent(m)
			}
		}
		b.mu.Unlock()
	}
}

// Call sends a command (to the page's session once attached) and decodes
// its result into out.
func (b *Browser) Call(method string, params, out any) error {
	b.mu.Lock()
	b.nextID++
	id := b.nextID
	c := make(chan Msg, 1)
	b.waiting[id] = c
	msg := map[string]any{"id": id, "method": method}
	if params != nil {
		msg["params"] = params
	}
	if b.session != "" && method != "Browser.close" && method != "Browser.getVersion" {
		msg["sessionId"] = b.session
	}
	data, _ := json.Marshal(msg)
	_, err := b.w.Write(append(data, 0))
	b.mu.Unlock()
	if err != nil {
		return err
	}
	select {
	case m, ok := <-c:
		if !ok {
			return fmt.Errorf("%s: the browser went away", method)
		}
		if m.Error != nil {
			return fmt.Errorf("%s: %s", method, m.Error.Message)
		}
		if out != nil {
			return json.Unmarshal(m.Result, out)
		}
		return nil
	case <-time.After(2 * time.Minute):
		return fmt.Errorf("%s: no answer in 2 minutes", method)
	}
}

// Eval runs expression in the page, awaiting a promise, and decodes its
// value into out.
func (b *Browser) Eval(expression string, out any) error {
	var res struct {
		Result struct {
			Value json.RawMessage `json:"value"`
		} `json:"result"`
		ExceptionDetails *struct {
			Text      string `json:"text"`
			Exception *struct {
				Description string `json:"description"`
			} `json:"exception"`
		} `json:"exceptionDetails"`
	}
	err := b.Call("Runtime.evaluate", map[string]any{"expression": expression, "awaitPromise": true, "returnByValue": true}, &res)
	if err != nil {
		return err
	}
	if e := res.ExceptionDetails; e != nil {
		if e.Exception != nil {
			return fmt.Errorf("in the page: %s", e.Exception.Description)
		}
		return fmt.Errorf("in the page: %s", e.Text)
	}
	if out != nil {
		return json.Unmarshal(res.Result.Value, out)
	}
	return nil
}

// Navigate loads url and waits for its load event (at most timeout).
func (b *Browser) Navigate(url string, timeout time.Duration) error {
	b.mu.Lock()
	b.events = nil
	b.mu.Unlock()
	if err := b.Call("Page.navigate", map[string]any{"url": url}, nil); err != nil {
		return err
	}
	deadline := time.Now().Add(timeout)
	for time.Now().Before(deadline) {
		if b.Seen("Page.loadEventFired") {
			return nil
		}
		time.Sleep(10 * time.Millisecond)
	}
	return fmt.Errorf("%s did not load in %s", url, timeout)
}

// Seen reports whether an event of method arrived since the last Navigate.
func (b *Browser) Seen(method string) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, e := range b.events {
		if e.Method == method {
			return true
		}
	}
	return false
}

// Screenshot writes the page, whole, as a PNG to file.
func (b *Browser) Screenshot(file string) error {
	var res struct {
		Data []byte `json:"data"`
	}
	if err := b.Call("Page.captureScreenshot", map[string]any{"format": "png", "captureBeyondViewport": true}, &res); err != nil {
		return err
	}
	return os.WriteFile(file, res.Data, 0o644)
}

// Requests are the URLs the page asked the network for since the last
// Navigate.
func (b *Browser) Requests() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	var out []string
	for _, e := range b.events {
		if e.Method != "Network.requestWillBeSent" {
			continue
		}
		var p struct {
			Request struct {
				URL string `json:"url"`
			} `json:"request"`
		}
		if json.Unmarshal(e.Params, &p) == nil {
			out = append(out, p.Request.URL)
		}
	}
	return out
}

// Version is the browser's product string, e.g. "HeadlessChrome/148.0.7778.167".
func (b *Browser) Version() (string, error) {
	var v struct {
		Product string `json:"product"`
	}
	err := b.Call("Browser.getVersion", nil, &v)
	return v.Product, err
}

// ErrNoBrowser is returned by Find when no headless Chromium is installed.
var ErrNoBrowser = errors.New("no headless Chromium: apt-get install -y chromium-headless-shell (or set LOOPLINT_CHROMIUM)")

// Find finds headless Chromium: $LOOPLINT_CHROMIUM, else
// chromium-headless-shell (Debian's package of that name), else chromium.
func Find() (string, error) {
	if p := os.Getenv("LOOPLINT_CHROMIUM"); p != "" {
		return p, nil
	}
	for _, name := range []string{"chromium-headless-shell", "chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", ErrNoBrowser
}
