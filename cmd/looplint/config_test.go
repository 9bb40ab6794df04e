package main

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/looplint/looplint/analyzer/checks"
	"github.com/looplint/looplint/analyzer/driver"
)

var updateDocs = flag.Bool("update", false, "rewrite docs/checks.md from the checks' Doc")

// checksDoc renders docs/checks.md: every check's Doc under its name, the
// page SARIF's helpUri points at.
func checksDoc() string {
	var b strings.Builder
	b.WriteString("# looplint's checks\n\nWritten from each check's own documentation (`looplint check --explain CHECK`);\n`go test ./cmd/looplint -run TestChecksDoc -update` rewrites this file.\n")
	add := func(name, doc string) {
		b.WriteString("\n## " + name + "\n\n")
		short, rest, _ := strings.Cut(doc, "\n")
		b.WriteString(short + "\n")
		if rest = strings.TrimSpace(rest); rest != "" {
			b.WriteString("\n```text\n" + rest + "\n```\n")
		}
	}
	for _, a := range checks.All {
		add(a.Name, a.Doc)
	}
	for _, c := range predictedOnly {
		add(c.Name, c.Doc)
	}
	add(driver.SuppressCheck, "a looplint-ignore comment that is malformed or suppresses nothing\n\nA looplint-ignore comment names a check and gives a reason after --:\n\n\t// looplint-ignore nexttickloop -- bounded: stops after 3 rounds\n\nIt must suppress a finding on its own line or the next.")
	return b.String()
}

func TestChecksDoc(t *testing.T) {
	p := filepath.Join("..", "..", "docs", "checks.md")
	want := checksDoc()
	if *updateDocs {
		if err := os.WriteFile(p, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(p)
	if err != nil || string(got) != want {
		t.Errorf("docs/checks.md is not the checks' Doc: go test ./cmd/looplint -run TestChecksDoc -update (%v)", err)
	}
}

// The JSON Schema names the keys package config reads and every check.
func TestConfigSchema(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "looplint.schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		Properties  map[string]json.RawMessage `json:"properties"`
		Definitions struct {
			Checks struct {
				Properties map[string]json.RawMessage `json:"properties"`
			} `json:"checks"`
		} `json:"definitions"`
	}
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	var keys, names []string
	for k := range s.Properties {
		keys = append(keys, k)
	}
	for k := range s.Definitions.Checks.Properties {
		names = append(names, k)
	}
	sort.Strings(keys)
	sort.Strings(names)
	want := append(checkNames(), driver.SuppressCheck)
	sort.Strings(want)
	if !slices.Equal(names, want) {
		t.Errorf("schema checks %v, want %v", names, want)
	}
	if w := []string{"$schema", "checks", "ignorePatterns", "node", "overrides", "predict"}; !slices.Equal(keys, w) {
		t.Errorf("schema keys %v, want %v", keys, w)
	}
}

// looplint.json changes what check reports, its exit status, and the
// levels SARIF and GitHub annotations carry.
func TestCheckConfig(t *testing.T) {
	root := t.TempDir()
	os.Mkdir(filepath.Join(root, ".git"), 0o755)
	writeFile(t, root, "looplint.json", []byte(`{"checks": {"nexttickloop": "warn"}, "ignorePatterns": ["dist"], "overrides": [{"files": ["test/**"], "checks": {"nexttickloop": "off"}}]}`))
	src := writeFile(t, root, "a.js", []byte(tickLoop))
	os.MkdirAll(filepath.Join(root, "dist"), 0o755)
	os.MkdirAll(filepath.Join(root, "test"), 0o755)
	writeFile(t, root, "dist/b.js", []byte(tickLoop))
	writeFile(t, root, "test/c.js", []byte(tickLoop))

	// A warning: shown, exit 0, until --max-warnings says otherwise.
	code, out, errs := cliRun(t, "check", "--no-predict", root)
	if code != 0 || !strings.Contains(out, src+":2:3: warning: ") || strings.Contains(out, "dist") || strings.Contains(out, "c.js") {
		t.Errorf("check with warn: exit %d\n%s%s", code, out, errs)
	}
	if code, _, errs := cliRun(t, "check", "--no-predict", "--max-warnings", "0", root); code != 1 || !strings.Contains(errs, "1 warnings, more than --max-warnings 0") {
		t.Errorf("--max-warnings 0: exit %d %s", code, errs)
	}
	if code, out, _ := cliRun(t, "check", "--no-predict", "-q", "--max-warnings", "0", root); code != 0 || out != "" {
		t.Errorf("-q: exit %d\n%s", code, out)
	}
	if _, out, _ := cliRun(t, "check", "--no-predict", "--format", "github", root); !strings.HasPrefix(out, "::warning file=") {
		t.Errorf("github: %s", out)
	}
	_, out, _ = cliRun(t, "check", "--no-predict", "--format", "sarif", root)
	if !strings.Contains(out, `"level": "warning"`) || !strings.Contains(out, `"helpUri": "https://github.com/looplint/looplint/blob/main/docs/checks.md#nexttickloop"`) {
		t.Errorf("sarif: %.600s", out)
	}
	_, out, _ = cliRun(t, "check", "--no-predict", "--format", "json", root)
	if !strings.Contains(out, `"severity": "warning"`) {
		t.Errorf("json: %.400s", out)
	}
	// --ignore-pattern, relative to the working directory.
	t.Chdir(root)
	if code, out, _ := cliRun(t, "check", "--no-predict", "--ignore-pattern", "a.js", "--ignore-pattern", "{dist,test}/**", "."); code != 0 || out != "" {
		t.Errorf("--ignore-pattern: exit %d\n%s", code, out)
	}
	if code, _, errs := cliRun(t, "check", "--ignore-pattern", "[", "."); code != 2 || !strings.Contains(errs, "--ignore-pattern") {
		t.Errorf("bad --ignore-pattern: exit %d %s", code, errs)
	}
	// --config replaces the nearest file: here every check is an error.
	other := writeFile(t, t.TempDir(), "strict.json", []byte(`{"checks": {"nexttickloop": "error"}}`))
	if code, out, _ := cliRun(t, "check", "--no-predict", "--config", other, src); code != 1 || strings.Contains(out, "warning") {
		t.Errorf("--config: exit %d\n%s", code, out)
	}
	// A broken configuration stops the run with its place.
	writeFile(t, root, "looplint.json", []byte("{\n  \"checks\": {\"nexttickloop\": \"loud\"}\n}"))
	if code, _, errs := cliRun(t, "check", "--no-predict", src); code != 2 || !strings.Contains(errs, filepath.Join(root, "looplint.json")) {
		t.Errorf("bad config: exit %d %s", code, errs)
	}
}

// --write-baseline records today's findings; --baseline then reports only
// new ones, wherever the old ones moved.
func TestCheckBaseline(t *testing.T) {
	dir := t.TempDir()
	a := writeFile(t, dir, "a.js", []byte(tickLoop))
	bl := filepath.Join(dir, "looplint-baseline.json")
	if code, _, errs := cliRun(t, "check", "--no-predict", "--write-baseline", bl, dir); code != 0 || !strings.Contains(errs, "1 finding(s) recorded") {
		t.Fatalf("--write-baseline: exit %d %s", code, errs)
	}
	// The old finding two lines lower, and a new one in another file.
	writeFile(t, dir, "a.js", []byte("// moved\n// down\n"+tickLoop))
	writeFile(t, dir, "b.js", []byte(tickLoop))
	code, out, _ := cliRun(t, "check", "--no-predict", "--baseline", bl, dir)
	if code != 1 || strings.Contains(out, a) || !strings.Contains(out, filepath.Join(dir, "b.js")+":2:3:") {
		t.Errorf("--baseline: exit %d\n%s", code, out)
	}
	if code, _, errs := cliRun(t, "check", "--baseline", filepath.Join(dir, "nope.json"), dir); code != 2 || !strings.Contains(errs, "--baseline") {
		t.Errorf("missing baseline: exit %d %s", code, errs)
	}
}

// --cache: a second run over unchanged files reads their results from the
// cache (the same report), a changed file is analyzed again.
func TestCheckCache(t *testing.T) {
	dir := t.TempDir()
	a := writeFile(t, dir, "a.js", []byte(tickLoop))
	writeFile(t, dir, "b.js", []byte(cleanJS))
	loc := filepath.Join(t.TempDir(), "cache.json")
	_, first, _ := cliRun(t, "check", "--no-predict", "--cache", "--cache-location", loc, dir)
	data, err := os.ReadFile(loc)
	if err != nil || !strings.Contains(string(data), "nexttickloop") {
		t.Fatalf("cache file: %v %.200s", err, data)
	}
	// Poison the kept result of a.js: an unchanged file is not analyzed
	// again, so the poisoned message shows.
	os.WriteFile(loc, []byte(strings.Replace(string(data), "re-schedules itself", "CACHED re-schedules itself", 1)), 0o644)
	code, second, _ := cliRun(t, "check", "--no-predict", "--cache", "--cache-location", loc, dir)
	if code != 1 || !strings.Contains(second, "CACHED") || strings.Replace(second, "CACHED ", "", 1) != first {
		t.Errorf("second run:\n%s\nfirst:\n%s", second, first)
	}
	// A change is analyzed again.
	writeFile(t, dir, "a.js", []byte("// changed\n"+tickLoop))
	if _, out, _ := cliRun(t, "check", "--no-predict", "--cache", "--cache-location", loc, dir); strings.Contains(out, "CACHED") || !strings.Contains(out, a+":3:3:") {
		t.Errorf("after a change:\n%s", out)
	}
}
