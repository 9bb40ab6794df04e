package realbrowser

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/looplint/looplint/internal/cdp"
)

// remoteObject is the part of a DevTools Runtime.RemoteObject a console
// argument is printed from.
type remoteObject struct {
	Type                string          `json:"type"`
	Subtype             string          `json:"subtype"`
	Value               json.RawMessage `json:"value"`
	UnserializableValue string          `json:"unserializableValue"`
	Description         string          `json:"description"`
}

// text prints an argument as Firefox and Node print it for strings,
// numbers, booleans, null and undefined (objects by their description).
func (o remoteObject) text() string {
	switch {
	case o.Type == "string":
		var s string
		if json.Unmarshal(o.Value, &s) == nil {
			return s
		}
	case o.Type == "undefined":
		return "undefined"
	case o.Subtype == "null":
		return "null"
	case o.UnserializableValue != "":
		return o.UnserializableValue
	case o.Type == "number" || o.Type == "boolean":
		if len(o.Value) > 0 {
			return string(o.Value)
		}
	}
	return o.Description
}

// consoleCall reads a Runtime.consoleAPICalled event.
func consoleCall(params json.RawMessage) (consoleLine, bool) {
	var p struct {
		Type string         `json:"type"`
		Args []remoteObject `json:"args"`
	}
	if json.Unmarshal(params, &p) != nil {
		return consoleLine{}, false
	}
	parts := make([]string, len(p.Args))
	for i, a := range p.Args {
		parts[i] = a.text()
	}
	return consoleLine{method: p.Type, text: strings.Join(parts, " ")}, true
}

// runChromium runs the page n times in one headless Chromium, one tab
// navigated to each run's URL, and returns the version and the results.
func runChromium(exe string, c *Page, n int, timeout time.Duration) (string, []Result, error) {
	dir, err := os.MkdirTemp("", "realbrowser-chromium-")
	if err != nil {
		return "", nil, err
	}
	defer os.RemoveAll(dir)
	b, err := cdp.Start(exe, dir, "--window-size=800,600")
	if err != nil {
		return "", nil, err
	}
	defer b.Close()
	product, err := b.Version()
	if err != nil {
		return "", nil, err
	}
	_, version, _ := strings.Cut(product, "/")

	srv := serve(c, "chromium", n, false)
	defer srv.Close()

	lr := newLiveRuns(n)
	b.OnEvent(func(m cdp.Msg) {
		if m.Method != "Runtime.consoleAPICalled" {
			return
		}
		if l, ok := consoleCall(m.Params); ok {
			lr.add(l)
		}
	})
	out := make([]Result, 0, n)
	for i := 0; i < n; i++ {
		if err := b.Navigate(fmt.Sprintf("%s/run/%d/", srv.URL, i), timeout); err != nil {
			return "", nil, err
		}
		for _, sel := range c.Clicks {
			if err := click(b, sel); err != nil {
				return "", nil, fmt.Errorf("run %d: %v", i, err)
			}
			time.Sleep(c.Quiet)
		}
		if len(c.Clicks) > 0 {
			if err := b.Eval(fmt.Sprintf("console.log(%q)", marker(endPrefix, i)), nil); err != nil {
				return "", nil, fmt.Errorf("run %d: %v", i, err)
			}
		}
		out = append(out, lr.wait(i, timeout+c.Quiet))
	}
	return version, out, nil
}

// click presses and releases the left mouse button at the middle of the
// element selector names: a trusted click, as a user's.
func click(b *cdp.Browser, selector string) error {
	var at struct{ X, Y float64 }
	err := b.Eval(fmt.Sprintf(`(() => { const e = document.querySelector(%q); if (!e) throw new Error("no element %s");
		const r = e.getBoundingClientRect(); return {X: r.x + r.width / 2, Y: r.y + r.height / 2}; })()`, selector, strings.ReplaceAll(selector, `"`, `'`)), &at)
	if err != nil {
		return err
	}
	for _, typ := range []string{"mouseMoved", "mousePressed", "mouseReleased"} {
		p := map[string]any{"type": typ, "x": at.X, "y": at.Y}
		if typ != "mouseMoved" {
			p["button"] = "left"
			p["clickCount"] = 1
		}
		if err := b.Call("Input.dispatchMouseEvent", p, nil); err != nil {
			return err
		}
	}
	return nil
}
