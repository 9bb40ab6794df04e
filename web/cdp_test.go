package web

import (
	"testing"

	"github.com/looplint/looplint/internal/cdp"
)

// chromium finds headless Chromium (cdp.Find), "" when there is none.
func chromium() string {
	p, _ := cdp.Find()
	return p
}

// startBrowser runs headless Chromium driven through the DevTools protocol
// over a pipe (package internal/cdp), one page attached, closed when the
// test ends.
func startBrowser(t *testing.T, exe string) *cdp.Browser {
	t.Helper()
	b, err := cdp.Start(exe, t.TempDir(), "--window-size=1400,1000")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	return b
}
