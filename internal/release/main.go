// Command release builds looplint for users: archives of the binary for
// linux, darwin and windows on amd64 and arm64 with a SHA-256 checksums
// file (dist/release), and npm packages the way esbuild ships its Go
// binary (dist/npm): a main package "looplint" whose launcher (npm/
// looplint.js) runs the binary of the one optional dependency that fits
// the platform, "@looplint/OS-ARCH". Nothing needs npm to build them.
//
//	go run ./internal/release [-version V] [-out dist] [-targets linux/amd64,...] [-archives] [-npm]
package main

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"time"
)

// Target is one platform a release is built for.
type Target struct{ OS, Arch string }

// All are the platforms of a release.
var All = []Target{{"linux", "amd64"}, {"linux", "arm64"}, {"darwin", "amd64"}, {"darwin", "arm64"}, {"windows", "amd64"}, {"windows", "arm64"}}

// npmOS and npmCPU are Node's names (process.platform, process.arch).
func (t Target) npmOS() string {
	if t.OS == "windows" {
		return "win32"
	}
	return t.OS
}

func (t Target) npmCPU() string {
	if t.Arch == "amd64" {
		return "x64"
	}
	return t.Arch
}

func (t Target) exe() string {
	if t.OS == "windows" {
		return "looplint.exe"
	}
	return "looplint"
}

func main() {
	version := flag.String("version", "", "the version (default: git describe, made a semver for npm)")
	out := flag.String("out", "dist", "output directory")
	targets := flag.String("targets", "", "comma-separated OS/ARCH (default: all six)")
	archives := flag.Bool("archives", true, "write dist/release archives and checksums")
	npm := flag.Bool("npm", true, "write dist/npm packages")
	flag.Parse()
	ts := All
	if *targets != "" {
		ts = nil
		for _, s := range strings.Split(*targets, ",") {
			if s == "host" {
				s = runtime.GOOS + "/" + runtime.GOARCH
			}
			os_, arch, ok := strings.Cut(strings.TrimSpace(s), "/")
			if !ok {
				fail(fmt.Errorf("-targets: %q is not OS/ARCH", s))
			}
			ts = append(ts, Target{os_, arch})
		}
	}
	v := *version
	if v == "" {
		v = describe()
	}
	sv, err := semver(v)
	if err != nil {
		fail(err)
	}
	if err := build(ts, v, sv, *out, *archives, *npm); err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "release:", err)
	os.Exit(2)
}

// describe is git describe, or "dev" outside a checkout.
func describe() string {
	b, err := exec.Command("git", "describe", "--tags", "--always", "--dirty").Output()
	if err != nil {
		return "dev"
	}
	return strings.TrimSpace(string(b))
}

var semverRE = regexp.MustCompile(`^v?(\d+\.\d+\.\d+)(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$`)

// semver is the version npm accepts: a tag v1.2.3 as 1.2.3; a commit
// (abc1234, abc1234-dirty, v1.2.3-4-gabc1234) as a prerelease of 0.0.0.
func semver(v string) (string, error) {
	if semverRE.MatchString(v) {
		return strings.TrimPrefix(v, "v"), nil
	}
	clean := regexp.MustCompile(`[^0-9A-Za-z.-]+`).ReplaceAllString(v, "-")
	clean = strings.Trim(clean, "-.")
	if clean == "" {
		return "", fmt.Errorf("version %q makes no npm version", v)
	}
	return "0.0.0-dev." + clean, nil
}

func build(ts []Target, version, sv, out string, archives, npm bool) error {
	tmp, err := os.MkdirTemp("", "looplint-release-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	var sums []string
	for _, t := range ts {
		bin := filepath.Join(tmp, t.OS+"-"+t.Arch, t.exe())
		cmd := exec.Command("go", "build", "-trimpath", "-ldflags", "-s -w -X main.version="+version, "-o", bin, "./cmd/looplint")
		cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOOS="+t.OS, "GOARCH="+t.Arch)
		if b, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("build %s/%s: %v\n%s", t.OS, t.Arch, err, b)
		}
		data, err := os.ReadFile(bin)
		if err != nil {
			return err
		}
		if archives {
			name, arc, err := archive(t, version, data)
			if err != nil {
				return err
			}
			if err := write(filepath.Join(out, "release", name), arc); err != nil {
				return err
			}
			h := sha256.Sum256(arc)
			sums = append(sums, hex.EncodeToString(h[:])+"  "+name)
		}
		if npm {
			pkg, err := platformPackage(t, sv, data)
			if err != nil {
				return err
			}
			if err := write(filepath.Join(out, "npm", fmt.Sprintf("looplint-%s-%s-%s.tgz", t.npmOS(), t.npmCPU(), sv)), pkg); err != nil {
				return err
			}
		}
		fmt.Printf("built %s/%s\n", t.OS, t.Arch)
	}
	if archives {
		sort.Slice(sums, func(i, j int) bool { return sums[i][66:] < sums[j][66:] })
		if err := write(filepath.Join(out, "release", "checksums.txt"), []byte(strings.Join(sums, "\n")+"\n")); err != nil {
			return err
		}
	}
	if npm {
		pkg, err := mainPackage(ts, sv)
		if err != nil {
			return err
		}
		if err := write(filepath.Join(out, "npm", "looplint-"+sv+".tgz"), pkg); err != nil {
			return err
		}
	}
	return nil
}

func write(p string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	return os.WriteFile(p, data, 0o644)
}

// file is one entry of an archive or package.
type file struct {
	name string
	mode int64
	data []byte
}

// archive is the release archive of t: a .zip on windows, else a .tar.gz,
// holding the binary, the README and the licence notice if present.
func archive(t Target, version string, bin []byte) (string, []byte, error) {
	dir := fmt.Sprintf("looplint_%s_%s_%s", strings.TrimPrefix(version, "v"), t.OS, t.Arch)
	files := []file{{dir + "/" + t.exe(), 0o755, bin}}
	for _, extra := range []string{"README.md", "LICENSE"} {
		if data, err := os.ReadFile(extra); err == nil {
			files = append(files, file{dir + "/" + extra, 0o644, data})
		}
	}
	if t.OS == "windows" {
		var buf bytes.Buffer
		zw := zip.NewWriter(&buf)
		for _, f := range files {
			h := &zip.FileHeader{Name: f.name, Method: zip.Deflate, Modified: stamp}
			h.SetMode(os.FileMode(f.mode))
			w, err := zw.CreateHeader(h)
			if err != nil {
				return "", nil, err
			}
			w.Write(f.data)
		}
		if err := zw.Close(); err != nil {
			return "", nil, err
		}
		return dir + ".zip", buf.Bytes(), nil
	}
	data, err := tgz(files)
	return dir + ".tar.gz", data, err
}

// stamp is every entry's time, so that a build of one commit gives the
// same bytes.
var stamp = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

func tgz(files []file) ([]byte, error) {
	var buf bytes.Buffer
	gz := gzip.NewWriter(&buf)
	tw := tar.NewWriter(gz)
	for _, f := range files {
		if err := tw.WriteHeader(&tar.Header{Name: f.name, Mode: f.mode, Size: int64(len(f.data)), ModTime: stamp, Typeflag: tar.TypeReg, Format: tar.FormatPAX}); err != nil {
			return nil, err
		}
		if _, err := io.Copy(tw, bytes.NewReader(f.data)); err != nil {
			return nil, err
		}
	}
	if err := tw.Close(); err != nil {
		return nil, err
	}
	if err := gz.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func jsonFile(v any) []byte {
	b, _ := json.MarshalIndent(v, "", "  ")
	return append(b, '\n')
}

const repo = "https://github.com/looplint/looplint"

// platformPackage is @looplint/OS-ARCH: the binary and a package.json
// whose os and cpu make npm install it only where it runs.
func platformPackage(t Target, sv string, bin []byte) ([]byte, error) {
	name := fmt.Sprintf("@looplint/%s-%s", t.npmOS(), t.npmCPU())
	pj := map[string]any{
		"name": name, "version": sv,
		"description": "The looplint binary for " + t.npmOS() + " " + t.npmCPU() + " (installed by the looplint package).",
		"repository":  repo,
		"os":          []string{t.npmOS()}, "cpu": []string{t.npmCPU()},
		"preferUnplugged": true,
	}
	return tgz([]file{
		{"package/package.json", 0o644, jsonFile(pj)},
		{"package/bin/" + t.exe(), 0o755, bin},
		{"package/README.md", 0o644, []byte("# " + name + "\n\nThe `looplint` binary for " + t.npmOS() + " " + t.npmCPU() + ". Install `looplint`, which depends on it.\n")},
	})
}

// mainPackage is looplint: the launcher, and every platform package as an
// optional dependency of the same version.
func mainPackage(ts []Target, sv string) ([]byte, error) {
	launcher, err := os.ReadFile(filepath.Join("npm", "looplint.js"))
	if err != nil {
		return nil, fmt.Errorf("the launcher: %v (run from the repository's root)", err)
	}
	readme, _ := os.ReadFile("README.md")
	opt := map[string]string{}
	for _, t := range ts {
		opt[fmt.Sprintf("@looplint/%s-%s", t.npmOS(), t.npmCPU())] = sv
	}
	pj := map[string]any{
		"name": "looplint", "version": sv,
		"description":          "Predicts the order asynchronous Node.js code prints, and checks for event-loop hazards.",
		"repository":           repo,
		"bin":                  map[string]string{"looplint": "bin/looplint.js"},
		"engines":              map[string]string{"node": ">=14"},
		"optionalDependencies": opt,
		"keywords":             []string{"event loop", "lint", "static analysis", "nodejs", "promises", "nexttick"},
	}
	return tgz([]file{
		{"package/package.json", 0o644, jsonFile(pj)},
		{"package/bin/looplint.js", 0o755, launcher},
		{"package/README.md", 0o644, readme},
	})
}
