package main

import (
	"archive/tar"
	"compress/gzip"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

func TestSemver(t *testing.T) {
	for in, want := range map[string]string{
		"v1.2.3": "1.2.3", "v0.4.0-rc.1": "0.4.0-rc.1", "8615767": "0.0.0-dev.8615767",
		"8615767-dirty": "0.0.0-dev.8615767-dirty", "v1.2.3-4-gabc1234": "1.2.3-4-gabc1234", "dev": "0.0.0-dev.dev",
	} {
		if got, err := semver(in); err != nil || got != want {
			t.Errorf("semver(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
}

// The npm packages of this platform, installed offline into a new project
// from their tarballs, give a working npx looplint.
func TestNPMInstall(t *testing.T) {
	npm, err := exec.LookPath("npm")
	if err != nil {
		t.Skip("no npm")
	}
	if testing.Short() {
		t.Skip("builds looplint")
	}
	out := t.TempDir()
	t.Chdir(filepath.Join("..", ".."))
	host := Target{runtime.GOOS, runtime.GOARCH}
	if err := build([]Target{host}, "v0.0.1-test", "0.0.1-test", out, true, true); err != nil {
		t.Fatal(err)
	}
	// The archive holds the binary, executable.
	arc := filepath.Join(out, "release", "looplint_0.0.1-test_"+host.OS+"_"+host.Arch+".tar.gz")
	if host.OS != "windows" && !tarHas(t, arc, "looplint_0.0.1-test_"+host.OS+"_"+host.Arch+"/looplint", 0o755) {
		t.Errorf("%s lacks the executable", arc)
	}
	if sums, err := os.ReadFile(filepath.Join(out, "release", "checksums.txt")); err != nil || !strings.Contains(string(sums), filepath.Base(arc)) {
		t.Errorf("checksums.txt: %q %v", sums, err)
	}
	proj := t.TempDir()
	os.WriteFile(filepath.Join(proj, "package.json"), []byte(`{"name":"try-looplint","version":"1.0.0","private":true}`), 0o644)
	os.WriteFile(filepath.Join(proj, "puzzle.js"), []byte("setTimeout(() => console.log('timeout'), 0);\nPromise.resolve().then(() => console.log('promise'));\nprocess.nextTick(() => console.log('tick'));\nconsole.log('sync');\n"), 0o644)
	os.WriteFile(filepath.Join(proj, "spin.js"), []byte("function spin() {\n  process.nextTick(spin);\n}\nspin();\n"), 0o644)
	pkgs, _ := filepath.Glob(filepath.Join(out, "npm", "*.tgz"))
	if len(pkgs) != 2 {
		t.Fatalf("packages %v, want the main one and this platform's", pkgs)
	}
	install := exec.Command(npm, append([]string{"install", "--offline", "--no-audit", "--no-fund", "--ignore-scripts"}, pkgs...)...)
	install.Dir = proj
	install.Env = append(os.Environ(), "npm_config_cache="+t.TempDir(), "npm_config_update_notifier=false")
	if b, err := install.CombinedOutput(); err != nil {
		t.Fatalf("npm install: %v\n%s", err, b)
	}
	npx := func(args ...string) (string, int) {
		cmd := exec.Command(filepath.Join(proj, "node_modules", ".bin", "looplint"), args...)
		cmd.Dir = proj
		b, err := cmd.CombinedOutput()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatalf("looplint %v: %v", args, err)
		}
		return string(b), code
	}
	if o, code := npx("--version"); code != 0 || o != "looplint v0.0.1-test\n" {
		t.Errorf("--version: %d %q", code, o)
	}
	if o, code := npx("check", "."); code != 1 || !strings.Contains(o, "spin.js:2:3:") {
		t.Errorf("check .: %d %s", code, o)
	}
	if o, code := npx("predict", "--node", "20", "puzzle.js"); code != 0 || !strings.Contains(o, "  sync\n  tick\n  promise\n  timeout\n") {
		t.Errorf("predict: %d %s", code, o)
	}
}

func tarHas(t *testing.T, path, name string, mode int64) bool {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(gz)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return false
		}
		if err != nil {
			t.Fatal(err)
		}
		if h.Name == name && h.Mode&0o777 == mode {
			return true
		}
	}
}
