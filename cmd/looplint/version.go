package main

import (
	"runtime/debug"
	"strings"
)

// version is set by a release build (-ldflags "-X main.version=v1.2.3");
// otherwise it comes from the build information (buildVersion).
var version = ""

// buildVersion is the version a user reports: the release's, else the
// module version `go install …@VERSION` recorded, else the commit the
// binary was built from (with "+dirty" for uncommitted changes), else
// "devel".
func buildVersion() string {
	if version != "" {
		return version
	}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "devel"
	}
	return versionOf(bi)
}

func versionOf(bi *debug.BuildInfo) string {
	if v := bi.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	var rev, at string
	dirty := false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			at = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev == "" {
		return "devel"
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	v := "devel " + rev
	if at != "" {
		v += " (" + strings.TrimSuffix(at, "Z") + "Z)"
	}
	if dirty {
		v += " +dirty"
	}
	return v
}
