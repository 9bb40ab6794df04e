package nodespec

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/looplint/looplint/loop"
)

func onPath(v string) OnPath { return func() (string, bool) { return v, v != "" } }

func latest(t *testing.T, major int) loop.Version {
	t.Helper()
	v, ok := loop.Latest(major)
	if !ok {
		t.Fatalf("no Node %d modelled", major)
	}
	return v
}

func TestParse(t *testing.T) {
	for _, c := range []struct {
		spec, path string
		want       loop.Version
	}{
		{"22", "", latest(t, 22)},
		{"v20.20.2", "", loop.Version{Major: 20, Minor: 20, Patch: 2}},
		{"22.x", "", latest(t, 22)},
		{"v18.*", "", latest(t, 18)},
		{"lts", "", latest(t, newestLTS)},
		{"lts/*", "", latest(t, newestLTS)},
		{"lts/iron", "", latest(t, 20)},
		{"LTS/Jod", "", latest(t, 22)},
		{"lts/-1", "", latest(t, newestLTS-2)},
		{"node", "", loop.Newest},
		// A range takes the node on PATH when it fits, else the newest
		// modelled release that does.
		{">=20", "v20.20.2", loop.Version{Major: 20, Minor: 20, Patch: 2}},
		{">=20", "v18.20.8", loop.Newest},
		{">=20", "", loop.Newest},
		{"^18.17 || ^20", "", latest(t, 20)},
		{">=16 <19", "", latest(t, 18)},
		{"~16.20.0", "", latest(t, 16)},
		{"12 - 14", "", latest(t, 14)},
	} {
		got, err := Parse(c.spec, onPath(c.path))
		if err != nil || got != c.want {
			t.Errorf("Parse(%q, PATH %q) = %v, %v; want %v", c.spec, c.path, got, err, c.want)
		}
	}
	for _, bad := range []string{"", "banana", "lts/unknown", "7", "99", ">=99", "22.x.y", "<8", "x", "*"} {
		if v, err := Parse(bad, nil); err == nil {
			t.Errorf("Parse(%q) = %v, want an error", bad, v)
		}
	}
}

func write(t *testing.T, path, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestResolve(t *testing.T) {
	root := t.TempDir()
	if err := os.Mkdir(filepath.Join(root, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(root, "package.json"), `{"name":"x","engines":{"node":">=16 <19"}}`)
	write(t, filepath.Join(root, "a", ".nvmrc"), "# pinned\nlts/iron\n")
	write(t, filepath.Join(root, "a", "b", "package.json"), `{"name":"no engines"}`)
	write(t, filepath.Join(root, "c", ".node-version"), "v10.24.1\n")
	write(t, filepath.Join(root, "d", ".nvmrc"), "\n# nothing\n")
	write(t, filepath.Join(root, "e", "package.json"), `{"engines": `)
	for _, c := range []struct {
		flag, dir, path string
		want            loop.Version
		from            string
	}{
		{"", "a/b", "v22.2.0", latest(t, 20), "a/.nvmrc"},
		{"", "c", "", loop.Version{Major: 10, Minor: 24, Patch: 1}, "c/.node-version"},
		{"", ".", "", latest(t, 18), "package.json (engines.node)"},
		{"", ".", "v18.0.0", loop.Version{Major: 18}, "package.json (engines.node)"},
		{"26", "a", "", latest(t, 26), "--node"},
	} {
		ch, err := Resolve(c.flag, filepath.Join(root, c.dir), onPath(c.path))
		if err != nil || ch.Version != c.want || !strings.HasSuffix(ch.From, c.from) {
			t.Errorf("Resolve(%q, %s, PATH %q) = %+v, %v; want %v from %s", c.flag, c.dir, c.path, ch, err, c.want, c.from)
		}
	}
	// Outside a project: the node on PATH (its line's newest when it is
	// newer than the model), else the newest modelled.
	plain := t.TempDir()
	if err := os.Mkdir(filepath.Join(plain, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]loop.Version{"v20.20.2": {Major: 20, Minor: 20, Patch: 2}, "v22.99.0": latest(t, 22), "": loop.Newest} {
		if ch, err := Resolve("", plain, onPath(path)); err != nil || ch.Version != want {
			t.Errorf("Resolve outside a project, PATH %q = %+v, %v; want %v", path, ch, err, want)
		}
	}
	// A declaration that cannot be read is an error naming its file.
	for _, dir := range []string{"d", "e"} {
		if _, err := Resolve("", filepath.Join(root, dir), nil); err == nil || !strings.Contains(err.Error(), filepath.Join(root, dir)) {
			t.Errorf("Resolve in %s: %v, want an error naming the file", dir, err)
		}
	}
}

func TestList(t *testing.T) {
	for in, want := range map[string]string{
		"10,20,26": "10.24.1 20.20.2 26.10.0", "26, 10 ,20.20.2,20": "10.24.1 20.20.2 26.10.0",
		"22.17": "22.17.0", "v12.22.12,12": "12.22.12", "lts/iron, 10.x": "10.24.1 20.20.2",
	} {
		vs, err := List(in, nil)
		var got []string
		for _, v := range vs {
			got = append(got, v.String())
		}
		if err != nil || strings.Join(got, " ") != want {
			t.Errorf("List(%q) = %v, %v; want %s", in, got, err, want)
		}
	}
	for in, names := range map[string]string{
		"10,99": `"99"`, "10,banana": `"banana"`, "10,,20": "empty", "": "empty", "20,20.99.0": `"20.99.0"`, "7,20": `"7"`,
	} {
		if _, err := List(in, nil); err == nil || !strings.Contains(err.Error(), names) {
			t.Errorf("List(%q): %v; want an error naming %s", in, err, names)
		}
	}
}
