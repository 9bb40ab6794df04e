package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"golang.org/x/tools/go/analysis"

	"github.com/looplint/looplint/analyzer/baseline"
	"github.com/looplint/looplint/analyzer/cache"
	"github.com/looplint/looplint/analyzer/checks"
	"github.com/looplint/looplint/analyzer/config"
	"github.com/looplint/looplint/analyzer/driver"
	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/parse"
)

type checkFlags struct {
	format, enable, disable, explain string
	list, includeIgnored, fix, diff  bool
	listFiles                        bool
	cache                            bool
	cacheLocation                    string
	fixSuggestions                   bool
	jobs                             int
	node                             string
	noPredict, predict               bool
	stdinName                        string
	config                           string
	ignorePatterns                   []string
	baseline, writeBaseline          string
	maxWarnings                      int
	quiet                            bool
	predictTimeout                   time.Duration
	cpuProfile, memProfile           string
	target                           string
}

func newCheckCmd() *cobra.Command {
	var f checkFlags
	cmd := &cobra.Command{
		Use:   "check [PATTERNS...]",
		Short: "Report event-loop hazards in JavaScript and TypeScript files, like go vet",
		Long: `Check runs looplint's analyzers over the files PATTERNS name and reports
each finding as file:line:col: message (check).

Patterns: files, directories (searched recursively), DIR/... (the same),
and globs (quoted, so the shell leaves them alone). The default is ./... .
Directories are searched for .js .cjs .mjs .jsx .ts .tsx .mts .cts files,
skipping node_modules, .git and what .gitignore files ignore (unless
--include-ignored); symbolic links to directories are not followed.

Suppress a finding with a comment on the line before it or at the end of
its line; the reason after -- is required:

  // looplint-ignore nexttickloop -- bounded: stops after 3 rounds

a whole file, or a range of lines (to the end of the file without an
enable), the same way:

  // looplint-ignore-file blockingwait -- a CLI script: nothing else runs
  // looplint-disable zalgo -- vendored code
  ...
  // looplint-enable zalgo

A file that cannot be analyzed (unreadable, binary, syntax error) is
reported and the run goes on.

With --predict (or "predict": true in looplint.json), check also runs
the predictor (looplint predict) on each file of up to 256 KiB, for the
--node version (else the file's looplint.json "node", .nvmrc and so on),
and reports what it finds: nextTick and microtask chains that starve the
loop (nexttickloop, microtaskloop) and orders decided by the clock or by
I/O completion (timerrace, iorace), each marked "(predicted for Node V)".
The same file gets the same findings however many files a run names.
--no-predict turns it off; --predict-timeout bounds it per file.

Exit status: 0 no findings, 1 findings (or files that could not be
analyzed), 2 usage or internal error.`,
		Example: `  looplint check ./...
  looplint check --format sarif src > looplint.sarif
  looplint check --disable blockingwait 'lib/**/*.js'
  looplint check --explain nexttickloop`,
		RunE: func(cmd *cobra.Command, args []string) error {
			stop, err := startProfiles(f.cpuProfile, f.memProfile)
			if err != nil {
				return err
			}
			defer stop()
			return runCheckIn(cmd.InOrStdin(), cmd.OutOrStdout(), cmd.ErrOrStderr(), args, f)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.format, "format", "text", "output format: text, json, sarif or github")
	fl.StringVar(&f.enable, "enable", "", "run only these checks (comma-separated)")
	fl.StringVar(&f.disable, "disable", "", "do not run these checks (comma-separated)")
	fl.BoolVar(&f.list, "list", false, "list the checks and exit")
	fl.BoolVar(&f.cache, "cache", false, "keep results in --cache-location and analyze only files changed since (content, package type, checks, looplint build)")
	fl.StringVar(&f.cacheLocation, "cache-location", ".looplintcache", "the cache file of --cache")
	fl.BoolVar(&f.listFiles, "list-files", false, "print the files the patterns name (after .gitignore, looplint.json and --ignore-pattern) and exit")
	fl.StringVar(&f.explain, "explain", "", "print the documentation of CHECK and exit")
	fl.BoolVar(&f.includeIgnored, "include-ignored", false, "also check files that .gitignore ignores (node_modules and .git are always skipped)")
	fl.BoolVar(&f.fix, "fix", false, "apply the fixes that keep when every callback runs (none of the checks has one yet: their fixes are suggestions)")
	fl.BoolVar(&f.fixSuggestions, "fix-suggestions", false, "also apply suggested fixes, which change when callbacks run (review them with --diff first)")
	fl.BoolVar(&f.diff, "diff", false, "print suggested fixes as a unified diff (git apply takes it) instead of findings")
	fl.IntVar(&f.jobs, "jobs", 0, "files analyzed at once (default: all cores)")
	fl.StringVar(&f.node, "node", "", nodeFlagHelp)
	fl.StringVar(&f.target, "target", "node", "whose event loop runs the files: node, or a browser (chromium, firefox, browser), for which nodeonly reports Node's own globals")
	fl.BoolVar(&f.predict, "predict", false, "also run the predictor on each file (up to 256 KiB) and report what it finds (looplint.json: \"predict\": true)")
	fl.BoolVar(&f.noPredict, "no-predict", false, "do not run the predictor, whatever looplint.json says")
	fl.StringVar(&f.config, "config", "", "use this looplint.json for every file (default: the looplint.json nearest each file, up to the repository's root)")
	fl.StringArrayVar(&f.ignorePatterns, "ignore-pattern", nil, "leave out files matching this glob, relative to the working directory (repeatable; a directory covers what is under it)")
	fl.StringVar(&f.baseline, "baseline", "", "report only findings that FILE (written by --write-baseline) does not hold")
	fl.StringVar(&f.writeBaseline, "write-baseline", "", "record today's findings in FILE and exit 0 (adopting looplint on existing code)")
	fl.IntVar(&f.maxWarnings, "max-warnings", -1, "fail the run when there are more than N warnings (default: warnings never fail it)")
	fl.BoolVarP(&f.quiet, "quiet", "q", false, "report errors only (warnings are neither shown nor counted)")
	fl.StringVar(&f.stdinName, "stdin-filename", "", "with - as the only pattern: the path standard input stands for (positions, module kind, package.json, suppressions); default stdin.js")
	fl.DurationVar(&f.predictTimeout, "predict-timeout", 10*time.Second, "time budget of the predictor per file")
	fl.StringVar(&f.cpuProfile, "cpuprofile", "", "write a CPU profile of the run to FILE (go tool pprof)")
	fl.StringVar(&f.memProfile, "memprofile", "", "write an allocation profile of the run to FILE (go tool pprof)")
	fl.MarkHidden("cpuprofile")
	fl.MarkHidden("memprofile")
	return cmd
}

// checkErr is a usage error, printed as JSON too when --format json.
func checkErr(w io.Writer, format, msg string) error {
	if format == "json" {
		json.NewEncoder(w).Encode(map[string]string{"error": msg})
	}
	return &exitError{code: 2, msg: "looplint: " + msg}
}

// runCheckIn is looplint check; stdin is read when the only pattern is
// "-" (nil: the process's).
func runCheckIn(stdin io.Reader, stdout, stderr io.Writer, args []string, f checkFlags) error {
	switch f.format {
	case "text", "json", "sarif", "github":
	default:
		return checkErr(stdout, "", fmt.Sprintf("--format must be text, json, sarif or github, not %q", f.format))
	}
	if f.list {
		for _, a := range checks.All {
			fmt.Fprintf(stdout, "%-18s %s\n", a.Name, firstLine(a.Doc))
		}
		for _, c := range predictedOnly {
			fmt.Fprintf(stdout, "%-18s %s\n", c.Name, firstLine(c.Doc))
		}
		return nil
	}
	if f.explain != "" {
		if doc, ok := predictedOnlyDoc(f.explain); ok {
			fmt.Fprintf(stdout, "%s: %s\n", f.explain, doc)
			return nil
		}
		a := checks.Lookup(f.explain)
		if a == nil {
			return checkErr(stdout, f.format, fmt.Sprintf("no check named %q (see looplint check --list)", f.explain))
		}
		fmt.Fprintf(stdout, "%s: %s\n", a.Name, a.Doc)
		return nil
	}
	if (f.fix || f.fixSuggestions) && f.diff {
		return checkErr(stdout, f.format, "--fix and --diff cannot be used together")
	}
	if _, err := loop.ParseTarget(f.target); err != nil {
		return checkErr(stdout, f.format, err.Error())
	}
	// A browser's target turns nodeonly on (its Flags, as go vet's
	// analyzers take theirs); put back for the next run in this process.
	nodeonly := checks.Lookup("nodeonly")
	if err := nodeonly.Flags.Set("target", strings.ToLower(f.target)); err != nil {
		return checkErr(stdout, f.format, err.Error())
	}
	defer nodeonly.Flags.Set("target", "node")
	analyzers, on, err := selectChecks(f.enable, f.disable)
	if err != nil {
		return checkErr(stdout, f.format, err.Error())
	}
	if len(args) == 0 {
		args = []string{"./..."}
	}
	fromStdin := slices.Contains(args, "-")
	var src []byte
	var files []string
	var unread []driver.Result
	switch {
	case fromStdin && len(args) > 1:
		return checkErr(stdout, f.format, "- (standard input) must be the only pattern")
	case fromStdin && (f.fix || f.fixSuggestions):
		return checkErr(stdout, f.format, "--fix cannot write standard input back: use --diff")
	case fromStdin:
		if stdin == nil {
			stdin = os.Stdin
		}
		if src, err = io.ReadAll(io.LimitReader(stdin, parse.MaxSize+1)); err != nil {
			return checkErr(stdout, f.format, "reading standard input: "+err.Error())
		}
		if len(src) > parse.MaxSize {
			return checkErr(stdout, f.format, fmt.Sprintf("standard input is larger than %d bytes", parse.MaxSize))
		}
		name := f.stdinName
		if name == "" {
			name = "stdin.js"
		}
		files = []string{name}
	case f.stdinName != "":
		return checkErr(stdout, f.format, "--stdin-filename needs - (standard input) as the pattern")
	default:
		if files, unread, err = driver.Expand(args, f.includeIgnored); err != nil {
			return checkErr(stdout, f.format, err.Error())
		}
	}
	known := checkNames()
	cfgOf, err := configs(f.config, known)
	if err != nil {
		return checkErr(stdout, f.format, err.Error())
	}
	cli, err := config.IgnoreOnly(".", f.ignorePatterns)
	if err != nil {
		return checkErr(stdout, f.format, err.Error())
	}
	kept := files[:0:0]
	for _, file := range files {
		c, err := cfgOf(file)
		if err != nil {
			return checkErr(stdout, f.format, err.Error())
		}
		if !c.Ignored(file) && !cli.Ignored(file) {
			kept = append(kept, file)
		}
	}
	files = kept
	if f.listFiles {
		for _, file := range files {
			fmt.Fprintln(stdout, file)
		}
		return nil
	}
	opt := driver.Options{Jobs: f.jobs, Known: known}
	// The predictor, per file: on when --predict or the file's
	// looplint.json says so (never with --no-predict), for files small
	// enough, each for its own Node release.
	predicts := func(file string) (*config.Config, bool) {
		c, err := cfgOf(file)
		if err != nil || f.noPredict {
			return c, false
		}
		return c, f.predict || c.Predict != nil && *c.Predict
	}
	anyPredicts := false
	for _, file := range files {
		if _, ok := predicts(file); ok {
			anyPredicts = true
			break
		}
	}
	if anyPredicts {
		// Each predicted file's release, resolved once, before the run.
		release := map[string]loop.Version{}
		for _, file := range files {
			c, ok := predicts(file)
			if !ok {
				continue
			}
			node := f.node
			if node == "" {
				node = c.Node
			}
			v, err := nodeVersion(node, filepath.Dir(file))
			if err != nil {
				return checkErr(stdout, f.format, err.Error())
			}
			release[file] = v
		}
		opt.Extra = func(pf *parse.File) []driver.Diagnostic {
			v, ok := release[pf.Path]
			if !ok || len(pf.Source) > maxPredictSize {
				return nil
			}
			return predictedFindings(pf, v, f.predictTimeout, on)
		}
		for name, ok := range on {
			if ok {
				opt.ExtraChecks = append(opt.ExtraChecks, name)
			}
		}
	}
	var store *cache.Cache
	if f.cache && opt.Extra == nil {
		var names []string
		for _, a := range analyzers {
			names = append(names, a.Name)
		}
		names = append(names, "target="+strings.ToLower(f.target))
		store = cache.Open(f.cacheLocation, cacheSalt(names, known))
		opt.Cache = store
	}
	var results []driver.Result
	if fromStdin {
		results = []driver.Result{driver.RunSource(files[0], src, analyzers, opt)}
	} else {
		results = append(driver.Run(files, analyzers, opt), unread...)
	}

	if store != nil {
		if err := store.Save(); err != nil {
			fmt.Fprintf(stderr, "looplint: --cache: %v\n", err)
		}
	}
	rep := buildReport(results, cfgOf, f.quiet)
	if f.writeBaseline != "" {
		var all [][3]string
		for _, d := range rep.Diagnostics {
			all = append(all, [3]string{d.File, d.Check, d.Message})
		}
		if err := baseline.Write(f.writeBaseline, all); err != nil {
			return checkErr(stdout, f.format, "--write-baseline: "+err.Error())
		}
		fmt.Fprintf(stderr, "looplint: %d finding(s) recorded in %s\n", len(all), f.writeBaseline)
		return nil
	}
	if f.baseline != "" {
		b, err := baseline.Read(f.baseline)
		if err != nil {
			return checkErr(stdout, f.format, "--baseline: "+err.Error())
		}
		rep.Diagnostics = slices.DeleteFunc(rep.Diagnostics, func(d jsonDiag) bool { return b.Known(d.File, d.Check, d.Message) })
	}
	if f.fix || f.fixSuggestions || f.diff {
		if err := applyFixes(stdout, stderr, results, &rep, f.diff, f.fixSuggestions); err != nil {
			return &exitError{code: 2, msg: "looplint: " + err.Error()}
		}
	}
	if !f.diff {
		switch f.format {
		case "text":
			for _, d := range rep.Diagnostics {
				sev := ""
				if d.Severity == config.Warn.String() {
					sev = "warning: "
				}
				fmt.Fprintf(stdout, "%s:%d:%d: %s%s (%s)\n", d.File, d.Line, d.Col, sev, d.Message, d.Check)
			}
			for _, e := range rep.Errors {
				fmt.Fprintln(stderr, e.String())
			}
		case "json":
			if err := writeJSON(stdout, rep); err != nil {
				return err
			}
		case "sarif":
			if err := writeJSON(stdout, toSARIF(rep, analyzers)); err != nil {
				return err
			}
		case "github":
			for _, d := range rep.Diagnostics {
				fmt.Fprintf(stdout, "::%s file=%s,line=%d,col=%d,endLine=%d,endColumn=%d,title=%s::%s\n",
					d.Severity, ghProp(d.File), d.Line, d.Col, d.EndLine, d.EndCol, ghProp("looplint "+d.Check), ghData(d.Message))
			}
			for _, e := range rep.Errors {
				if e.Line > 0 {
					fmt.Fprintf(stdout, "::error file=%s,line=%d,col=%d,title=looplint::%s\n", ghProp(e.File), e.Line, e.Col, ghData(e.Message))
				} else {
					fmt.Fprintf(stdout, "::error file=%s,title=looplint::%s\n", ghProp(e.File), ghData(e.Message))
				}
			}
		}
	}
	if rep.internal {
		return &exitError{code: 2}
	}
	warnings := 0
	for _, d := range rep.Diagnostics {
		if d.Severity == config.Warn.String() {
			warnings++
		}
	}
	if len(rep.Diagnostics) > warnings || len(rep.Errors) > 0 {
		return &exitError{code: 1}
	}
	if f.maxWarnings >= 0 && warnings > f.maxWarnings {
		return &exitError{code: 1, msg: fmt.Sprintf("looplint: %d warnings, more than --max-warnings %d", warnings, f.maxWarnings)}
	}
	return nil
}

// cacheSalt is what a kept result depends on besides its file: this
// looplint (a development build by its executable's identity, since its
// version does not change with its code), the checks run, the names a
// suppression may give.
func cacheSalt(analyzers, known []string) string {
	v := buildVersion()
	if exe, err := os.Executable(); err == nil && (v == "" || strings.HasPrefix(v, "devel") || strings.Contains(v, "dirty")) {
		if st, err := os.Stat(exe); err == nil {
			v += fmt.Sprintf(" %s %d %d", exe, st.Size(), st.ModTime().UnixNano())
		}
	}
	return v + "\x00" + strings.Join(analyzers, ",") + "\x00" + strings.Join(known, ",")
}

// checkNames are the names a looplint.json or a suppression may give: the
// analyzers, the predictor's checks, and the suppression comments' own.
func checkNames() []string {
	var known []string
	for _, a := range checks.All {
		known = append(known, a.Name)
	}
	for _, c := range predictedOnly {
		known = append(known, c.Name)
	}
	return known
}

// configs gives each file its looplint.json: the one --config names, else
// the nearest one (package config).
func configs(path string, known []string) (func(string) (*config.Config, error), error) {
	isKnown := func(n string) bool { return n == driver.SuppressCheck || slices.Contains(known, n) }
	if path != "" {
		c, err := config.Load(path, isKnown)
		if err != nil {
			return nil, fmt.Errorf("--config: %v", err)
		}
		return func(string) (*config.Config, error) { return c, nil }, nil
	}
	return config.NewFinder(isKnown).For, nil
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return l
}

// selectChecks is the analyzers to run and, by name, which checks are on
// (the predictor's too).
func selectChecks(enable, disable string) ([]*analysis.Analyzer, map[string]bool, error) {
	split := func(s string) ([]string, error) {
		var out []string
		for _, n := range strings.Split(s, ",") {
			if n = strings.TrimSpace(n); n == "" {
				continue
			}
			if _, ok := predictedOnlyDoc(n); !ok && checks.Lookup(n) == nil {
				return nil, fmt.Errorf("no check named %q (see looplint check --list)", n)
			}
			out = append(out, n)
		}
		return out, nil
	}
	en, err := split(enable)
	if err != nil {
		return nil, nil, err
	}
	dis, err := split(disable)
	if err != nil {
		return nil, nil, err
	}
	on := map[string]bool{}
	for _, a := range checks.All {
		on[a.Name] = len(en) == 0
	}
	for _, c := range predictedOnly {
		on[c.Name] = len(en) == 0
	}
	for _, n := range en {
		on[n] = true
	}
	for _, n := range dis {
		on[n] = false
	}
	var out []*analysis.Analyzer
	for _, a := range checks.All {
		if on[a.Name] {
			out = append(out, a)
		}
	}
	left := false
	for _, ok := range on {
		left = left || ok
	}
	if !left {
		return nil, nil, fmt.Errorf("no check left to run after --enable/--disable")
	}
	return out, on, nil
}

// ----- report -----

type jsonDiag struct {
	File    string `json:"file"`
	Line    int    `json:"line"`
	Col     int    `json:"col"`
	EndLine int    `json:"endLine"`
	EndCol  int    `json:"endCol"`
	Check   string `json:"check"`
	// Severity is "error" or "warning" (looplint.json).
	Severity string    `json:"severity"`
	Message  string    `json:"message"`
	Fixes    []jsonFix `json:"fixes,omitempty"`
}

type jsonFix struct {
	Message string     `json:"message"`
	Edits   []jsonEdit `json:"edits"`
}

type jsonEdit struct {
	Start   int    `json:"start"` // byte offsets
	End     int    `json:"end"`
	NewText string `json:"newText"`
}

type jsonError struct {
	File    string `json:"file"`
	Line    int    `json:"line,omitempty"`
	Col     int    `json:"col,omitempty"`
	Message string `json:"message"`
	Kind    string `json:"kind"` // "input" (the file) or "internal" (looplint)
}

func (e jsonError) String() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Message)
	}
	return fmt.Sprintf("%s: %s", e.File, e.Message)
}

type checkReport struct {
	Files       int         `json:"files"`
	Diagnostics []jsonDiag  `json:"diagnostics"`
	Errors      []jsonError `json:"errors"`
	Fixed       int         `json:"fixed,omitempty"`
	internal    bool
}

// buildReport gathers the findings, each with the severity its file's
// configuration gives its check: "off" ones go, and with quiet the
// warnings too.
func buildReport(results []driver.Result, cfgOf func(string) (*config.Config, error), quiet bool) checkReport {
	rep := checkReport{Files: len(results), Diagnostics: []jsonDiag{}, Errors: []jsonError{}}
	for _, r := range results {
		cfg, err := cfgOf(r.Path)
		if err != nil {
			cfg = config.Default // (every file's configuration was read before the run)
		}
		for _, d := range r.Diagnostics {
			sev := cfg.Severity(d.Check, r.Path)
			if sev == config.Off || quiet && sev == config.Warn {
				continue
			}
			jd := jsonDiag{File: r.Path, Line: d.Pos.Line, Col: d.Pos.Col, EndLine: d.End.Line, EndCol: d.End.Col, Check: d.Check, Severity: sev.String(), Message: d.Message}
			for _, fx := range d.Fixes {
				jf := jsonFix{Message: fx.Message}
				for _, e := range fx.Edits {
					jf.Edits = append(jf.Edits, jsonEdit{e.Start, e.End, e.New})
				}
				jd.Fixes = append(jd.Fixes, jf)
			}
			rep.Diagnostics = append(rep.Diagnostics, jd)
		}
		if r.Err != nil {
			rep.Errors = append(rep.Errors, toJSONError(r.Path, r.Err))
			if rep.Errors[len(rep.Errors)-1].Kind == "internal" {
				rep.internal = true
			}
		}
	}
	return rep
}

func toJSONError(p string, err error) jsonError {
	je := jsonError{File: p, Message: err.Error(), Kind: "internal"}
	var pe *parse.Error
	var fe *fs.PathError
	switch {
	case errors.As(err, &pe):
		je.Line, je.Col, je.Message, je.Kind = pe.Line, pe.Col, pe.Msg, "input"
	case errors.As(err, &fe):
		je.Message, je.Kind = err.Error(), "input"
		if len(je.Message) > len(p)+2 && strings.HasPrefix(je.Message, p+": ") {
			je.Message = je.Message[len(p)+2:]
		}
	case strings.HasPrefix(err.Error(), "broken symbolic link"):
		je.Kind = "input"
	}
	return je
}

// ----- SARIF 2.1.0 -----

// checkDocURL is where a check's documentation is read: docs/checks.md,
// which TestChecksDoc keeps equal to the checks' own Doc.
func checkDocURL(check string) string {
	return "https://github.com/looplint/looplint/blob/main/docs/checks.md#" + check
}

func sarifURI(p string) string {
	p = filepath.ToSlash(p)
	u := url.URL{Path: p}
	return u.String()
}

func toSARIF(rep checkReport, analyzers []*analysis.Analyzer) map[string]any {
	type obj = map[string]any
	var rules []any
	index := map[string]int{}
	addRule := func(id, short, full string) {
		index[id] = len(rules)
		rules = append(rules, obj{
			"id": id, "name": id,
			"shortDescription":     obj{"text": short},
			"fullDescription":      obj{"text": full},
			"help":                 obj{"text": full},
			"defaultConfiguration": obj{"level": "error"},
			"helpUri":              checkDocURL(id),
		})
	}
	for _, a := range analyzers {
		addRule(a.Name, firstLine(a.Doc), a.Doc)
	}
	for _, c := range predictedOnly {
		addRule(c.Name, firstLine(c.Doc), c.Doc)
	}
	addRule(driver.SuppressCheck, "malformed or unused suppression comment", "A looplint-ignore, looplint-ignore-file or looplint-disable comment must name a check and give a reason after --, and must suppress a finding (on its line or the next, in the file, or before its looplint-enable); a looplint-enable must end a looplint-disable.")
	results := []any{}
	region := func(l, c, el, ec int) obj {
		r := obj{"startLine": max(l, 1)}
		if c > 0 {
			r["startColumn"] = c
		}
		if el >= l && el > 0 {
			r["endLine"] = el
			if ec > 0 && (el > l || ec >= c) {
				r["endColumn"] = ec
			}
		}
		return r
	}
	for _, d := range rep.Diagnostics {
		res := obj{
			"ruleId":    d.Check,
			"ruleIndex": index[d.Check],
			"level":     d.Severity,
			"message":   obj{"text": d.Message},
			"locations": []any{obj{"physicalLocation": obj{
				"artifactLocation": obj{"uri": sarifURI(d.File)},
				"region":           region(d.Line, d.Col, d.EndLine, d.EndCol),
			}}},
		}
		if len(d.Fixes) > 0 {
			var fixes []any
			for _, fx := range d.Fixes {
				var reps []any
				for _, e := range fx.Edits {
					reps = append(reps, obj{
						"deletedRegion":   obj{"charOffset": e.Start, "charLength": e.End - e.Start},
						"insertedContent": obj{"text": e.NewText},
					})
				}
				fixes = append(fixes, obj{
					"description":     obj{"text": fx.Message},
					"artifactChanges": []any{obj{"artifactLocation": obj{"uri": sarifURI(d.File)}, "replacements": reps}},
				})
			}
			res["fixes"] = fixes
		}
		results = append(results, res)
	}
	notes := []any{}
	for _, e := range rep.Errors {
		n := obj{"level": "error", "message": obj{"text": e.Message}, "descriptor": obj{"id": "looplint-" + e.Kind}}
		loc := obj{"artifactLocation": obj{"uri": sarifURI(e.File)}}
		if e.Line > 0 {
			loc["region"] = region(e.Line, e.Col, 0, 0)
		}
		n["locations"] = []any{obj{"physicalLocation": loc}}
		notes = append(notes, n)
	}
	return obj{
		"$schema": "https://json.schemastore.org/sarif-2.1.0.json",
		"version": "2.1.0",
		"runs": []any{obj{
			"tool": obj{"driver": obj{
				"name": "looplint", "version": version,
				"informationUri": "https://github.com/looplint/looplint",
				"rules":          rules,
			}},
			"columnKind": "unicodeCodePoints",
			"results":    results,
			"invocations": []any{obj{
				"executionSuccessful":        !rep.internal,
				"toolExecutionNotifications": notes,
			}},
		}},
	}
}

// GitHub workflow command escaping.
func ghData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

func ghProp(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}

// ----- fixes -----

// diffPath names a file in --diff as git does: relative to the working
// directory, with forward slashes, so `git apply` finds it (an absolute
// path or one outside the directory stays as given).
func diffPath(p string) string {
	if abs, err := filepath.Abs(p); err == nil {
		if wd, err := os.Getwd(); err == nil {
			if rel, err := filepath.Rel(wd, abs); err == nil && rel != ".." && !strings.HasPrefix(rel, "../") {
				p = rel
			}
		}
	}
	return filepath.ToSlash(p)
}

const bom = "\ufeff"

// applyFixes writes (or, diffOnly, prints) the fixes of the findings.
// A fix that changes when a callback runs is a suggestion (every fix of
// the checks today: moving work from nextTick to setImmediate, deferring
// an emit, is the fix): plain --fix leaves it and says so, --fix-suggestions
// applies it. A file whose fixed text would not parse is never written.
func applyFixes(stdout, stderr io.Writer, results []driver.Result, rep *checkReport, diffOnly, suggestions bool) error {
	fixedFiles, held := 0, 0
	remaining := rep.Diagnostics[:0:0]
	fixedAt := map[string]map[[2]int]bool{}
	// Only what the report kept is fixed (a check turned off in
	// looplint.json, or a warning under -q, is not).
	reported := map[string]bool{}
	for _, d := range rep.Diagnostics {
		reported[fmt.Sprintf("%s:%d:%d:%s", d.File, d.Line, d.Col, d.Check)] = true
	}
	for _, r := range results {
		if r.Err != nil || len(r.Diagnostics) == 0 {
			continue
		}
		r.Diagnostics = slices.DeleteFunc(slices.Clone(r.Diagnostics), func(d driver.Diagnostic) bool {
			return !reported[fmt.Sprintf("%s:%d:%d:%s", r.Path, d.Pos.Line, d.Pos.Col, d.Check)]
		})
		hasFix := false
		for _, d := range r.Diagnostics {
			hasFix = hasFix || len(d.Fixes) > 0
		}
		if !hasFix {
			continue
		}
		diags := r.Diagnostics
		if !diffOnly && !suggestions {
			diags = nil
			for _, d := range r.Diagnostics {
				if len(d.Fixes) > 0 && d.Fixes[0].KeepsOrder {
					diags = append(diags, d)
				} else if len(d.Fixes) > 0 {
					held++
				}
			}
		}
		out, applied, _ := driver.ApplyFixes(r.Source, diags)
		if len(applied) == 0 || out == r.Source {
			continue
		}
		if _, err := parse.Parse(r.Path, []byte(out)); err != nil {
			fmt.Fprintf(stderr, "looplint: %s: fixes not applied: the fixed file would not parse (%v)\n", r.Path, err)
			continue
		}
		if diffOnly {
			fmt.Fprint(stdout, driver.Diff(diffPath(r.Path), r.Source, out))
			continue
		}
		st, err := os.Stat(r.Path)
		if err != nil {
			return err
		}
		if orig, err := parse.ReadFile(r.Path); err == nil && bytes.HasPrefix(orig, []byte(bom)) {
			out = bom + out // the front end read past it; the file keeps it
		}
		if err := os.WriteFile(r.Path, []byte(out), st.Mode().Perm()); err != nil {
			return err
		}
		fixedFiles++
		rep.Fixed += len(applied)
		m := map[[2]int]bool{}
		for _, d := range applied {
			m[[2]int{d.Pos.Line, d.Pos.Col}] = true
		}
		fixedAt[r.Path] = m
	}
	if diffOnly {
		return nil
	}
	for _, d := range rep.Diagnostics {
		if !fixedAt[d.File][[2]int{d.Line, d.Col}] {
			remaining = append(remaining, d)
		}
	}
	rep.Diagnostics = remaining
	if rep.Fixed > 0 {
		fmt.Fprintf(stderr, "looplint: fixed %d finding(s) in %d file(s)\n", rep.Fixed, fixedFiles)
	}
	if held > 0 {
		fmt.Fprintf(stderr, "looplint: %d suggested fix(es) not applied: they change when callbacks run; review them with --diff, apply them with --fix-suggestions\n", held)
	}
	return nil
}
