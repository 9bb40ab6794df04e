package web

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sync"
	"testing"
	"time"
)

// browser is headless Chromium driven through the DevTools protocol over
// a pipe (--remote-debugging-pipe: commands on its fd 3, answers on its
// fd 4, each message JSON ending in a NUL byte), one page attached.
type browser struct {
	cmd     *exec.Cmd
	w       io.WriteCloser
	mu      sync.Mutex
	nextID  int
	waiting map[int]chan cdpMsg
	session string
	// events: the methods of the events seen, with their params.
	events []cdpMsg
}

type cdpMsg struct {
	ID        int             `json:"id,omitempty"`
	Method    string          `json:"method,omitempty"`
	Params    json.RawMessage `json:"params,omitempty"`
	SessionID string          `json:"sessionId,omitempty"`
	Result    json.RawMessage `json:"result,omitempty"`
	Error     *struct {
		Message string `json:"message"`
	} `json:"error,omitempty"`
}

func startBrowser(t *testing.T, exe string) *browser {
	t.Helper()
	toChrome, ours, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	fromChrome, theirs, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run", "--disable-extensions",
		"--remote-debugging-pipe", "--user-data-dir="+t.TempDir(), "--window-size=1400,1000", "about:blank")
	cmd.ExtraFiles = []*os.File{toChrome, theirs}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	toChrome.Close()
	theirs.Close()
	b := &browser{cmd: cmd, w: ours, waiting: map[int]chan cdpMsg{}}
	go b.read(fromChrome)
	t.Cleanup(func() {
		b.call("Browser.close", nil, nil)
		ours.Close()
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
			<-done
		}
	})
	var target struct {
		TargetID string `json:"targetId"`
	}
	if err := b.call("Target.createTarget", map[string]any{"url": "about:blank"}, &target); err != nil {
		t.Fatal(err)
	}
	var att struct {
		SessionID string `json:"sessionId"`
	}
	if err := b.call("Target.attachToTarget", map[string]any{"targetId": target.TargetID, "flatten": true}, &att); err != nil {
		t.Fatal(err)
	}
	b.session = att.SessionID
	for _, m := range []string{"Page.enable", "Runtime.enable", "Network.enable"} {
		if err := b.call(m, nil, nil); err != nil {
			t.Fatal(err)
		}
	}
	return b
}

func (b *browser) read(r io.Reader) {
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
		var m cdpMsg
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
		}
		b.mu.Unlock()
	}
}

// call sends a command (to the page's session once attached) and decodes
// its result into out.
func (b *browser) call(method string, params, out any) error {
	b.mu.Lock()
	b.nextID++
	id := b.nextID
	c := make(chan cdpMsg, 1)
	b.waiting[id] = c
	msg := map[string]any{"id": id, "method": method}
	if params != nil {
		msg["params"] = params
	}
	if b.session != "" && method != "Browser.close" {
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

// eval runs expression in the page, awaiting a promise, and decodes its
// value into out.
func (b *browser) eval(expression string, out any) error {
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
	err := b.call("Runtime.evaluate", map[string]any{"expression": expression, "awaitPromise": true, "returnByValue": true}, &res)
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

// navigate loads url and waits for its load event.
func (b *browser) navigate(url string) error {
	b.mu.Lock()
	b.events = nil
	b.mu.Unlock()
	if err := b.call("Page.navigate", map[string]any{"url": url}, nil); err != nil {
		return err
	}
	deadline := time.Now().Add(time.Minute)
	for time.Now().Before(deadline) {
		b.mu.Lock()
		for _, e := range b.events {
			if e.Method == "Page.loadEventFired" {
				b.mu.Unlock()
				return nil
			}
		}
		b.mu.Unlock()
		time.Sleep(10 * time.Millisecond)
	}
	return fmt.Errorf("%s did not load in a minute", url)
}

// screenshot writes the page, whole, as a PNG to file.
func (b *browser) screenshot(file string) error {
	var res struct {
		Data []byte `json:"data"`
	}
	if err := b.call("Page.captureScreenshot", map[string]any{"format": "png", "captureBeyondViewport": true}, &res); err != nil {
		return err
	}
	return os.WriteFile(file, res.Data, 0o644)
}

// requests are the URLs the page asked the network for since the last
// navigate.
func (b *browser) requests() []string {
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
