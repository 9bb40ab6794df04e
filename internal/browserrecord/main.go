// Command browserrecord runs txtar test cases in real headless browsers
// (Chromium and Firefox ESR) and records the console lines each run
// printed into each archive's "browser.json" section: the browsers'
// ground truth, as internal/noderecord's node.json is Node's. It is a
// developer tool: `make test` never runs it. README.md says how to run it.
//
// Usage:
//
//	go run ./internal/browserrecord [-browsers chromium,firefox] [-runs 20] FILES...
//
// Archive format: the txtar comment is a human description plus optional
// directives, one per line:
//
//	# runs: 40             runs per browser; -runs overrides it
//	# browsers: chromium   which browsers to record (default both); -browsers narrows it
//	# click: #inner        after load, a trusted click at the middle of this element (CDP in Chromium, WebDriver BiDi in Firefox)
//	# quiet: 500ms         how long the page must stay quiet after load before it ends (default 300ms)
//
// The page is the section page.html, or else a page whose one inline
// classic script is main.js; every other section is served beside it.
//
// -perturb records perturbed runs instead, into each version's "perturbed"
// entry, and leaves its plain runs as they are (as noderecord -perturb
// does): each run's page gets realbrowser's perturbing script after the
// harness (random busy-waits, up to -max-us, in the page's callbacks and
// around the calls that make them, seeded per run), the server waits up
// to -net-ms before serving each file beside the page, and -contend N
// runs N busy sibling processes meanwhile (CPU contention). The entry's
// "how" says which.
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing/fstest"
	"time"

	"golang.org/x/tools/txtar"

	"github.com/looplint/looplint/internal/nodecase"
	"github.com/looplint/looplint/realbrowser"
	"github.com/looplint/looplint/realnode"
)

// Outcome and Record are node.json's types: browser.json holds, per
// browser, a node.json-like map from version to Record.
type (
	Outcome = nodecase.Outcome
	Record  = nodecase.Record
)

var allBrowsers = realbrowser.Names

type config struct {
	browsers    []string
	browsersSet bool
	runs        int
	runsSet     bool
	timeout     time.Duration
	chromium    string
	firefox     string
	fresh       bool
	accumulate  bool
	found       map[string]realbrowser.Browser

	perturb bool
	pert    realbrowser.Perturb // with perturb: the script's and the network's delays, the seed
	contend int                 // with perturb: busy sibling processes
	quiet   time.Duration       // > 0: the quiet period, instead of the archive's
}

// how says how perturbed runs were made, for the record's "how".
func (c config) how() string {
	how := fmt.Sprintf("%s, %d busy siblings", c.pert.How(), c.contend)
	if c.quiet > 0 {
		how += fmt.Sprintf(", quiet %s", c.quiet)
	}
	return how
}

// busyEnv, set, makes this command a busy sibling: it spins (ten minutes
// at most) instead of recording.
const busyEnv = "BROWSERRECORD_BUSY"

// caseFile is one archive's page and directives.
type caseFile struct {
	page     *realbrowser.Page
	files    []txtar.File // every section but browser.json
	browsers []string
	runs     int // 0: not said
}

func main() {
	if os.Getenv(busyEnv) != "" {
		for end := time.Now().Add(10 * time.Minute); time.Now().Before(end); {
		}
		return
	}
	var cfg config
	browsers := flag.String("browsers", strings.Join(allBrowsers, ","), "comma-separated browsers: chromium, firefox")
	flag.IntVar(&cfg.runs, "runs", 20, "runs per browser (overrides an archive's '# runs:')")
	flag.DurationVar(&cfg.timeout, "timeout", 10*time.Second, "time limit per run, beyond the quiet period")
	flag.StringVar(&cfg.chromium, "chromium", "", "headless Chromium (default $LOOPLINT_CHROMIUM, chromium-headless-shell, chromium)")
	flag.StringVar(&cfg.firefox, "firefox", "", "Firefox (default $LOOPLINT_FIREFOX, firefox-esr, firefox)")
	flag.BoolVar(&cfg.fresh, "fresh", false, "drop previously recorded browsers and versions instead of merging")
	flag.BoolVar(&cfg.accumulate, "accumulate", false, "add the new runs to a version's old record instead of replacing it")
	flag.BoolVar(&cfg.perturb, "perturb", false, "record perturbed runs, into each version's \"perturbed\" entry (plain runs are kept)")
	flag.IntVar(&cfg.pert.MaxUs, "max-us", 2000, "with -perturb: the longest of the script's busy-waits, in microseconds (0: none)")
	flag.IntVar(&cfg.pert.NetMs, "net-ms", 20, "with -perturb: the longest wait before a file beside the page is served, in milliseconds")
	flag.IntVar(&cfg.contend, "contend", 0, "with -perturb: busy sibling processes run meanwhile")
	flag.DurationVar(&cfg.quiet, "quiet", 0, "the quiet period after load before a run ends, instead of the archive's '# quiet:' (longer delays need a longer one)")
	flag.Uint64Var(&cfg.pert.Seed, "seed", uint64(time.Now().UnixNano()), "with -perturb: the seed the runs' seeds derive from")
	flag.Usage = func() {
		fmt.Fprintf(os.Stderr, "usage: browserrecord [flags] FILE.txtar...\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	flag.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "runs":
			cfg.runsSet = true
		case "browsers":
			cfg.browsersSet = true
		}
	})
	cfg.browsers = nodecase.List(*browsers)
	if flag.NArg() == 0 || len(cfg.browsers) == 0 || cfg.runs < 1 || cfg.pert.MaxUs < 0 || cfg.pert.NetMs < 0 || cfg.contend < 0 {
		flag.Usage()
		os.Exit(2)
	}
	if !cfg.perturb && cfg.contend > 0 {
		fmt.Fprintln(os.Stderr, "browserrecord: -contend applies to -perturb runs only")
		os.Exit(2)
	}
	for _, b := range cfg.browsers {
		if b != "chromium" && b != "firefox" {
			fmt.Fprintf(os.Stderr, "browserrecord: unknown browser %q (chromium, firefox)\n", b)
			os.Exit(2)
		}
	}
	if err := findBrowsers(&cfg); err != nil {
		fmt.Fprintf(os.Stderr, "browserrecord: %v\n", err)
		os.Exit(1)
	}
	failed := false
	for i, file := range flag.Args() {
		c := cfg
		c.pert.Seed += uint64(i) << 32 // each archive its own seeds
		if err := recordArchive(c, file); err != nil {
			fmt.Fprintf(os.Stderr, "%s: %v\n", file, err)
			failed = true
		}
	}
	if failed {
		os.Exit(1)
	}
}

func findBrowsers(cfg *config) error {
	cfg.found = map[string]realbrowser.Browser{}
	for _, name := range cfg.browsers {
		path := cfg.chromium
		if name == "firefox" {
			path = cfg.firefox
		}
		b, err := realbrowser.Find(name, path)
		if err != nil {
			return err
		}
		cfg.found[name] = b
	}
	return nil
}

// parseCase reads an archive's page, directives and old browser.json.
func parseCase(ar *txtar.Archive) (*caseFile, map[string]map[string]Record, error) {
	c := &caseFile{page: &realbrowser.Page{Quiet: realbrowser.DefaultQuiet}, browsers: allBrowsers}
	files := fstest.MapFS{}
	old := map[string]map[string]Record{}
	for _, f := range ar.Files {
		switch f.Name {
		case "browser.json":
			if err := json.Unmarshal(f.Data, &old); err != nil {
				return nil, nil, fmt.Errorf("old browser.json: %v", err)
			}
			continue
		case "page.html":
			c.page.HTML = f.Data
		case "main.js":
			c.page.JS = f.Data
		}
		c.files = append(c.files, f)
		files[f.Name] = &fstest.MapFile{Data: f.Data}
	}
	c.page.Files = files
	if c.page.HTML == nil && c.page.JS == nil {
		return nil, nil, errors.New("no page.html or main.js section")
	}
	d := nodecase.Directives(ar.Comment)
	if v, ok := d["runs"]; ok {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return nil, nil, fmt.Errorf("bad '# runs: %s'", v)
		}
		c.runs = n
	}
	if v, ok := d["quiet"]; ok {
		q, err := time.ParseDuration(v)
		if err != nil || q < 0 {
			return nil, nil, fmt.Errorf("bad '# quiet: %s'", v)
		}
		c.page.Quiet = q
	}
	if v := d["click"]; v != "" {
		c.page.Clicks = []string{v}
	}
	if v, ok := d["browsers"]; ok {
		c.browsers = nodecase.List(v)
	}
	return c, old, nil
}

func recordArchive(cfg config, file string) error {
	ar, err := txtar.ParseFile(file)
	if err != nil {
		return err
	}
	c, records, err := parseCase(ar)
	if err != nil {
		return err
	}
	if cfg.fresh {
		records = map[string]map[string]Record{}
	}
	runs := cfg.runs
	if c.runs > 0 && !cfg.runsSet {
		runs = c.runs
	}
	if cfg.perturb {
		p := cfg.pert
		c.page.Perturb = &p
	}
	if cfg.quiet > 0 {
		c.page.Quiet = cfg.quiet
	}
	for _, browser := range cfg.browsers {
		if !contains(c.browsers, browser) {
			continue
		}
		stop, err := contend(cfg.contend)
		if err != nil {
			return err
		}
		version, results, err := cfg.found[browser].Run(c.page, runs, cfg.timeout)
		stop()
		if err != nil {
			return fmt.Errorf("%s: %v", browser, err)
		}
		outs := make([]Outcome, len(results))
		for i, r := range results {
			outs[i] = Outcome{Stdout: r.Stdout, Stderr: r.Stderr, Count: 1}
			if !r.Ended {
				outs[i].Stderr = append(outs[i].Stderr, fmt.Sprintf("<browserrecord: no end after %s>", cfg.timeout+c.page.Quiet))
			}
		}
		rec := Record{Runs: runs, Outcomes: realnode.Tally(outs)}
		if records[browser] == nil {
			records[browser] = map[string]Record{}
		}
		old, had := records[browser][version]
		if cfg.perturb {
			if !had {
				old.Outcomes = []Outcome{} // no plain runs yet
			}
			old.Perturbed = realnode.AddPerturbed(old.Perturbed, &nodecase.Perturbed{How: cfg.how(), Runs: rec.Runs, Outcomes: rec.Outcomes}, cfg.accumulate)
			records[browser][version] = old
			fmt.Fprintf(os.Stderr, "%s  %s %s  perturbed: %s\n", filepath.Base(file), browser, version, summary(rec))
			continue
		}
		if had && cfg.accumulate {
			rec = Record{Runs: old.Runs + rec.Runs, Outcomes: realnode.Tally(append(old.Outcomes, rec.Outcomes...))}
		}
		rec.Perturbed = old.Perturbed // plain runs keep the perturbed ones
		records[browser][version] = rec
		fmt.Fprintf(os.Stderr, "%s  %s %s  %s\n", filepath.Base(file), browser, version, summary(rec))
	}
	data, err := encode(records)
	if err != nil {
		return err
	}
	ar.Files = append(c.files, txtar.File{Name: "browser.json", Data: data})
	return os.WriteFile(file, txtar.Format(ar), 0o644)
}

// contend starts n busy sibling processes (this command, spinning) and
// returns what stops them: CPU contention for the runs made meanwhile.
func contend(n int) (stop func(), err error) {
	if n == 0 {
		return func() {}, nil
	}
	self, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("busy sibling: %v", err)
	}
	return realnode.Siblings(n, func() *exec.Cmd {
		cmd := exec.Command(self)
		cmd.Env = append(os.Environ(), busyEnv+"=1")
		return cmd
	}, nil)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// encode writes browser.json: browsers in order, each a node.json-like
// map of versions (realnode.EncodeRecords), one outcome a line.
func encode(records map[string]map[string]Record) ([]byte, error) {
	names := make([]string, 0, len(records))
	for b := range records {
		names = append(names, b)
	}
	sort.Strings(names)
	var out strings.Builder
	out.WriteString("{\n")
	for i, b := range names {
		data, err := realnode.EncodeRecords(records[b])
		if err != nil {
			return nil, err
		}
		inner := strings.TrimRight(string(data), "\n")
		inner = strings.ReplaceAll(inner, "\n", "\n  ")
		fmt.Fprintf(&out, "  %q: %s", b, inner)
		if i < len(names)-1 {
			out.WriteByte(',')
		}
		out.WriteByte('\n')
	}
	out.WriteString("}\n")
	return []byte(out.String()), nil
}

func summary(rec Record) string {
	var parts []string
	for _, o := range rec.Outcomes {
		s := strings.Join(o.Stdout, "|")
		if len(o.Stderr) > 0 {
			s += " +stderr[" + strings.Join(o.Stderr, "|") + "]"
		}
		parts = append(parts, fmt.Sprintf("%d× %s", o.Count, s))
	}
	return strings.Join(parts, "  ||  ")
}
