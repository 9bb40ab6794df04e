// Package realbrowser runs a page in real headless browsers many times and
// reads what each run printed on the console: Chromium
// (chromium-headless-shell) over the DevTools protocol, Firefox ESR with its
// console on stdout and WebDriver BiDi for clicks. It is the browsers'
// ground truth, as realnode is Node's: `looplint verify --target
// chromium|firefox` and internal/browserrecord run it.
package realbrowser

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/looplint/looplint/internal/cdp"
)

// Names are the browsers this package runs.
var Names = []string{"chromium", "firefox"}

// Page is what one run loads: the HTML page, or else a page whose one
// inline classic script is JS, with Files served beside it (the page's
// relative URLs: defer and module scripts).
type Page struct {
	HTML, JS []byte
	Files    fs.FS // nil: nothing beside the page
	// Clicks are selectors clicked in turn once the page has loaded, each
	// a trusted click at the middle of the element, Quiet apart.
	Clicks []string
	// Quiet is how long the page stays quiet after load (or after the
	// last click) before its run ends: a page must be done by then.
	Quiet time.Duration
	// Perturb, when set, makes each run take a little longer at random
	// (perturb.js, and the network's delays).
	Perturb *Perturb
}

// DefaultQuiet is a page's quiet period when none is said.
const DefaultQuiet = 300 * time.Millisecond

// PageOf reads the page at path: an .html page, with the files of its
// directory served beside it, or a .js file run as a page's one classic
// script.
func PageOf(path string) (*Page, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	p := &Page{Quiet: DefaultQuiet}
	switch strings.ToLower(filepath.Ext(path)) {
	case ".html", ".htm":
		p.HTML = data
		p.Files = os.DirFS(filepath.Dir(path))
	default:
		p.JS = data
	}
	return p, nil
}

// Browser is one installed browser.
type Browser struct {
	Name string // chromium or firefox
	Path string
}

// Find finds the browser name: path when given, else $LOOPLINT_CHROMIUM or
// $LOOPLINT_FIREFOX, else the binary Debian's package installs. A missing
// browser is an error naming the package to install.
func Find(name, path string) (Browser, error) {
	b := Browser{Name: name, Path: path}
	switch name {
	case "chromium":
		if path == "" {
			p, err := cdp.Find()
			if err != nil {
				return b, err
			}
			b.Path = p
		}
	case "firefox":
		if path == "" {
			b.Path = os.Getenv("LOOPLINT_FIREFOX")
		}
		for _, exe := range []string{"firefox-esr", "firefox"} {
			if b.Path != "" {
				break
			}
			if p, err := exec.LookPath(exe); err == nil {
				b.Path = p
			}
		}
		if b.Path == "" {
			return b, errors.New("no Firefox: apt-get update && apt-get install -y firefox-esr (or set LOOPLINT_FIREFOX)")
		}
	default:
		return b, fmt.Errorf("unknown browser %q (chromium, firefox)", name)
	}
	if _, err := exec.LookPath(b.Path); err != nil {
		pkg := map[string]string{"chromium": "chromium-headless-shell", "firefox": "firefox-esr"}[name]
		return b, fmt.Errorf("no %s at %s (%v): apt-get install -y %s, or name another binary", name, b.Path, err, pkg)
	}
	return b, nil
}

// Result is one run: the console lines, log, info and debug on stdout,
// error, warn, assert and trace on stderr, as Node splits them; Ended is
// false when the run did not end within its time limit (its lines are
// what came).
type Result struct {
	Stdout, Stderr []string
	Ended          bool
}

// Run loads p n times in b, each run a fresh URL, and returns the
// browser's version and each run's result. timeout bounds a run beyond
// its quiet period.
func (b Browser) Run(p *Page, n int, timeout time.Duration) (string, []Result, error) {
	if n < 1 {
		return "", nil, errors.New("realbrowser: no runs")
	}
	switch {
	case b.Name == "chromium":
		return runChromium(b.Path, p, n, timeout)
	case b.Name == "firefox" && len(p.Clicks) > 0:
		return runFirefoxBiDi(b.Path, p, n, timeout)
	case b.Name == "firefox":
		return runFirefox(b.Path, p, n, timeout)
	}
	return "", nil, fmt.Errorf("unknown browser %q (chromium, firefox)", b.Name)
}
