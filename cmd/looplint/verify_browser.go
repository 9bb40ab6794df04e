package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"golang.org/x/tools/txtar"

	"github.com/looplint/looplint/answer"
	"github.com/looplint/looplint/explore"
	"github.com/looplint/looplint/internal/nodecase"
	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/realbrowser"
	lrt "github.com/looplint/looplint/runtime"
)

// verify --target chromium|firefox: each page is predicted with that
// browser's loop and run --runs times in the real browser (realbrowser).

// pageExt says whether a file is one verify --target runs: a .js file as a
// page's classic script, an .html page, or a testdata/browser case.
func pageExt(ext string) bool {
	switch strings.ToLower(ext) {
	case ".js", ".html", ".htm", ".txtar":
		return true
	}
	return false
}

// browserLabel is a browser and its version as the reports name them.
func browserLabel(name, version string) string {
	label := strings.ToUpper(name[:1]) + name[1:]
	if version != "" {
		label += " " + version
	}
	return label
}

// runVerifyBrowser is verify with a browser --target.
func runVerifyBrowser(ctx context.Context, w, log io.Writer, args []string, f verifyFlags) error {
	target, err := loop.ParseTarget(f.target)
	if err != nil {
		return usageErr("%v", err)
	}
	if target == loop.Standard {
		return usageErr("verify --target browser: no browser runs the standard's every choice; give --target chromium or firefox")
	}
	for _, bad := range []struct {
		set  bool
		flag string
	}{{f.nodes != "", "--node"}, {len(f.nodeBins) > 0, "--node-bin"}, {f.fsDir != "", "--fs"},
		{f.record != "", "--record"}, {len(f.env) > 0, "--env"}} {
		if bad.set {
			return usageErr("%s is for Node: verify --target %s runs the page in the browser", bad.flag, f.target)
		}
	}
	if f.quiet < 0 {
		return usageErr("--quiet must not be negative")
	}
	files, err := collectFiles(args, f.recursive, pageExt, ".js, .html or .txtar")
	if err != nil {
		return err
	}
	b, err := realbrowser.Find(target.String(), "")
	if err != nil {
		return &exitError{code: 2, msg: "looplint: " + err.Error()}
	}
	rep := verifyReport{Runs: f.runs, Target: b.Name, Browser: browserLabel(b.Name, ""), Results: []verifyResult{}, Summary: map[string]map[string]int{}}
	for i, file := range files {
		if ctx.Err() != nil {
			rep.Interrupted = true
			fmt.Fprintf(log, "interrupted: %d of %d verified\n", i, len(files))
			break
		}
		res, version, err := verifyPage(file, b, target, f)
		if err != nil {
			return err
		}
		if version != "" {
			rep.Browser = browserLabel(b.Name, version)
		}
		fmt.Fprintf(log, "[%d/%d] %s · %s: %s\n", i+1, len(files), file, res.Browser, verdictLine(res))
		rep.Results = append(rep.Results, res)
		if rep.Summary[res.Browser] == nil {
			rep.Summary[res.Browser] = map[string]int{}
		}
		rep.Summary[res.Browser][res.Verdict]++
	}
	return writeVerify(w, rep, f.format)
}

// browserPage is a file verify runs in a browser: the path predict loads,
// the page the browser loads, and a case's own directives.
type browserPage struct {
	path     string
	page     *realbrowser.Page
	browsers []string // a case recorded in these browsers only; nil: any
	cleanup  func()
}

// openPage reads a .js or .html file, or a testdata/browser case (a txtar
// archive: its page.html or main.js, the files beside it, its "# click:"
// and "# quiet:"), written out to a temp directory that cleanup removes.
func openPage(file string, f verifyFlags) (browserPage, error) {
	bp := browserPage{path: file, cleanup: func() {}}
	clicks, quiet := f.clicks, f.quiet
	if strings.EqualFold(filepath.Ext(file), ".txtar") {
		ar, err := txtar.ParseFile(file)
		if err != nil {
			return bp, usageErr("%v", err)
		}
		dir, err := os.MkdirTemp("", "looplint-verify-page-")
		if err != nil {
			return bp, err
		}
		bp.cleanup = func() { os.RemoveAll(dir) }
		bp.path = ""
		for _, af := range ar.Files {
			if af.Name == "browser.json" || af.Name == "node.json" {
				continue
			}
			if strings.ContainsAny(af.Name, `/\`) || af.Name == "." || af.Name == ".." {
				bp.cleanup()
				return bp, usageErr("%s: section %q: only files beside the page", file, af.Name)
			}
			p := filepath.Join(dir, af.Name)
			if err := os.WriteFile(p, af.Data, 0o644); err != nil {
				bp.cleanup()
				return bp, err
			}
			if af.Name == "page.html" || (af.Name == "main.js" && bp.path == "") {
				bp.path = p
			}
		}
		if bp.path == "" {
			bp.cleanup()
			return bp, usageErr("%s: no page.html or main.js section", file)
		}
		d := nodecase.Directives(ar.Comment)
		if c := d["click"]; c != "" && len(clicks) == 0 {
			clicks = []string{c}
		}
		if q, ok := d["quiet"]; ok && !f.quietSet {
			if quiet, err = time.ParseDuration(q); err != nil || quiet < 0 {
				bp.cleanup()
				return bp, usageErr("%s: bad '# quiet: %s'", file, q)
			}
		}
		if v, ok := d["browsers"]; ok {
			bp.browsers = nodecase.List(v)
		}
	}
	page, err := realbrowser.PageOf(bp.path)
	if err != nil {
		bp.cleanup()
		return bp, usageErr("%v", err)
	}
	if bp.path != file {
		page.Files = os.DirFS(filepath.Dir(bp.path))
	}
	page.Clicks, page.Quiet = clicks, quiet
	if f.perturb {
		page.Perturb = &realbrowser.Perturb{Seed: f.seed, MaxUs: 2000, NetMs: 20}
	}
	bp.page = page
	return bp, nil
}

// verifyPage predicts file with the browser's loop and runs it there; it
// returns the browser's version as the run read it.
func verifyPage(file string, b realbrowser.Browser, target loop.Browser, f verifyFlags) (verifyResult, string, error) {
	res := verifyResult{File: file, Browser: browserLabel(b.Name, "")}
	bp, err := openPage(file, f)
	if err != nil {
		return res, "", err
	}
	defer bp.cleanup()
	if bp.browsers != nil && !contains(bp.browsers, b.Name) {
		res.Verdict, res.Error = verdictSkipped, fmt.Sprintf("the case says '# browsers: %s'", strings.Join(bp.browsers, ","))
		res.Reasons, res.Orders = []predictReason{}, []verifyOrder{}
		return res, "", nil
	}
	var pred *explore.Prediction
	// A browser target runs with the newest Node's JavaScript features.
	_, pf, prog, err := loadProgram(bp.path, loop.Newest.String(), lrt.Options{Browser: target, Clicks: bp.page.Clicks, Timeout: 10 * time.Second})
	if err != nil {
		res.Error = strings.TrimPrefix(err.Error(), "looplint: ")
	} else if p, err := answer.Unconfirmed(pf, prog, f.predictTimeout); err != nil {
		res.Error = err.Error()
	} else {
		pred = &p
	}
	version, runs, err := b.Run(bp.page, f.runs, f.timeout)
	if err != nil {
		// One page that cannot be run does not stop the others.
		res.Error = fmt.Sprintf("running %s: %v", b.Name, err)
		return compareOrders(res, pred, nil), "", nil
	}
	res.Browser = browserLabel(b.Name, version)
	obs := make([]observation, len(runs))
	for i, r := range runs {
		obs[i] = observation{Stdout: r.Stdout, Stderr: r.Stderr, TimedOut: !r.Ended}
	}
	return compareOrders(res, pred, obs), version, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// MarshalJSON leaves a browser's result without a module kind: a page's
// scripts say their own.
func (r verifyResult) MarshalJSON() ([]byte, error) {
	type plain verifyResult
	if r.Browser == "" {
		return json.Marshal(plain(r))
	}
	return json.Marshal(struct {
		plain
		Module *struct{} `json:"module,omitempty"` // shadows plain's
	}{plain: plain(r)})
}
