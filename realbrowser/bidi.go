package realbrowser

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"time"
)

// bidi is a WebDriver BiDi session with Firefox's remote agent: commands
// one at a time, events (none subscribed) skipped.
type bidi struct {
	ws     *wsConn
	nextID int
}

func (b *bidi) call(method string, params, out any) error {
	b.nextID++
	id := b.nextID
	data, err := json.Marshal(map[string]any{"id": id, "method": method, "params": params})
	if err != nil {
		return err
	}
	if err := b.ws.writeText(data); err != nil {
		return err
	}
	for {
		msg, err := b.ws.readMessage()
		if err != nil {
			return fmt.Errorf("%s: %v", method, err)
		}
		var m struct {
			ID      int             `json:"id"`
			Type    string          `json:"type"`
			Result  json.RawMessage `json:"result"`
			Error   string          `json:"error"`
			Message string          `json:"message"`
		}
		if json.Unmarshal(msg, &m) != nil || m.ID != id {
			continue
		}
		if m.Type == "error" {
			return fmt.Errorf("%s: %s: %s", method, m.Error, m.Message)
		}
		if out != nil {
			return json.Unmarshal(m.Result, out)
		}
		return nil
	}
}

// runFirefoxBiDi runs a page with clicks n times in one headless Firefox
// driven over WebDriver BiDi: each run's page is navigated to and, once
// loaded, clicked with input.performActions (a trusted click, as a
// user's). The console lines are read from stdout as in runFirefox.
func runFirefoxBiDi(exe string, c *Page, n int, timeout time.Duration) (string, []Result, error) {
	version, err := firefoxVersion(exe)
	if err != nil {
		return "", nil, err
	}
	srv := serve(c, "firefox", n, false)
	defer srv.Close()

	profile, err := os.MkdirTemp("", "realbrowser-firefox-")
	if err != nil {
		return "", nil, err
	}
	defer os.RemoveAll(profile)
	if err := os.WriteFile(filepath.Join(profile, "user.js"), []byte(firefoxPrefs), 0o644); err != nil {
		return "", nil, err
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	cmd := exec.Command(exe, "--headless", "--no-remote", "--profile", profile,
		"--remote-debugging-port", strconv.Itoa(port), "about:blank")
	cmd.Env = append(os.Environ(), "MOZ_HEADLESS=1")
	ownGroup(cmd)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return "", nil, err
	}
	stderr, err := cmd.StderrPipe()
	if err != nil {
		return "", nil, err
	}
	if err := cmd.Start(); err != nil {
		return "", nil, err
	}
	var wg sync.WaitGroup
	defer func() {
		killGroup(cmd)
		wg.Wait()
		cmd.Wait()
	}()

	lr := newLiveRuns(n)
	wg.Add(2)
	go func() {
		defer wg.Done()
		sc := bufio.NewScanner(stdout)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			if l, ok := parseFirefoxLine(sc.Text()); ok {
				lr.add(l)
			}
		}
	}()
	wsURL := make(chan string, 1)
	go func() {
		defer wg.Done()
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if u, ok := wsURLFrom(sc.Text()); ok {
				select {
				case wsURL <- u:
				default:
				}
			}
		}
	}()
	var addr string
	select {
	case addr = <-wsURL:
	case <-time.After(30 * time.Second):
		return "", nil, fmt.Errorf("Firefox's remote agent did not listen in 30s")
	}
	ws, err := wsDial(addr+"/session", 10*time.Second)
	if err != nil {
		return "", nil, err
	}
	defer ws.Close()
	b := &bidi{ws: ws}
	if err := b.call("session.new", map[string]any{"capabilities": map[string]any{}}, nil); err != nil {
		return "", nil, err
	}
	var tree struct {
		Contexts []struct {
			Context string `json:"context"`
		} `json:"contexts"`
	}
	if err := b.call("browsingContext.getTree", map[string]any{}, &tree); err != nil {
		return "", nil, err
	}
	if len(tree.Contexts) == 0 {
		return "", nil, fmt.Errorf("Firefox has no browsing context")
	}
	ctx := tree.Contexts[0].Context

	out := make([]Result, 0, n)
	for i := 0; i < n; i++ {
		url := fmt.Sprintf("%s/run/%d/", srv.URL, i)
		if err := b.call("browsingContext.navigate", map[string]any{"context": ctx, "url": url, "wait": "complete"}, nil); err != nil {
			return "", nil, err
		}
		for _, sel := range c.Clicks {
			if err := bidiClick(b, ctx, sel); err != nil {
				return "", nil, fmt.Errorf("run %d: %v", i, err)
			}
			time.Sleep(c.Quiet)
		}
		if len(c.Clicks) > 0 {
			err := b.call("script.evaluate", map[string]any{"expression": fmt.Sprintf("console.log(%q)", marker(endPrefix, i)),
				"target": map[string]any{"context": ctx}, "awaitPromise": false}, nil)
			if err != nil {
				return "", nil, fmt.Errorf("run %d: %v", i, err)
			}
		}
		out = append(out, lr.wait(i, timeout+c.Quiet))
	}
	b.call("session.end", map[string]any{}, nil)
	return version, out, nil
}

// bidiClick moves the mouse to the middle of the element selector names
// and presses and releases its left button.
func bidiClick(b *bidi, ctx, selector string) error {
	var found struct {
		Nodes []struct {
			SharedID string `json:"sharedId"`
		} `json:"nodes"`
	}
	if err := b.call("browsingContext.locateNodes", map[string]any{"context": ctx, "locator": map[string]any{"type": "css", "value": selector}}, &found); err != nil {
		return err
	}
	if len(found.Nodes) == 0 {
		return fmt.Errorf("no element %s", selector)
	}
	return b.call("input.performActions", map[string]any{"context": ctx, "actions": []any{map[string]any{
		"type": "pointer", "id": "mouse", "parameters": map[string]any{"pointerType": "mouse"},
		"actions": []any{
			map[string]any{"type": "pointerMove", "x": 0, "y": 0, "origin": map[string]any{"type": "element", "element": map[string]any{"sharedId": found.Nodes[0].SharedID}}},
			map[string]any{"type": "pointerDown", "button": 0},
			map[string]any{"type": "pointerUp", "button": 0},
		},
	}}}, nil)
}
