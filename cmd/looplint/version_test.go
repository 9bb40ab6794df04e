package main

import (
	"bytes"
	"runtime/debug"
	"strings"
	"testing"
)

func TestVersionOf(t *testing.T) {
	for _, c := range []struct {
		bi   debug.BuildInfo
		want string
	}{
		{debug.BuildInfo{Main: debug.Module{Version: "v0.3.1"}}, "v0.3.1"},
		{debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, "devel"},
		{debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "68c133b0123456789abcdef"}, {Key: "vcs.time", Value: "2026-11-27T08:50:00Z"}, {Key: "vcs.modified", Value: "true"},
		}}, "devel 68c133b01234 (2026-11-27T08:50:00Z) +dirty"},
	} {
		if got := versionOf(&c.bi); got != c.want {
			t.Errorf("versionOf(%+v) = %q, want %q", c.bi.Main, got, c.want)
		}
	}
}

// --version and the version command print the same line.
func TestVersionFlag(t *testing.T) {
	var a, b, e bytes.Buffer
	if code := execute([]string{"--version"}, &a, &e); code != 0 {
		t.Fatalf("--version: exit %d, %s", code, e.String())
	}
	if code := execute([]string{"version"}, &b, &e); code != 0 {
		t.Fatalf("version: exit %d, %s", code, e.String())
	}
	if a.String() != b.String() || !strings.HasPrefix(a.String(), "looplint ") || strings.TrimSpace(a.String()) == "looplint" {
		t.Errorf("--version %q, version %q", a.String(), b.String())
	}
}
