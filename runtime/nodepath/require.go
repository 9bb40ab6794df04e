package nodepath

import (
	"path"
	"strings"
)

// IsRelativeRequest reports whether a require or import specifier names a
// file (./x, ../x, /x) rather than a package or built-in.
func IsRelativeRequest(id string) bool {
	return strings.HasPrefix(id, "./") || strings.HasPrefix(id, "../") || strings.HasPrefix(id, "/") || id == "." || id == ".."
}

// RequireCandidates are the files require(id) tries from a module in dir,
// in Node's order (LOAD_AS_FILE, then LOAD_AS_DIRECTORY without a
// package.json "main"); the first that is a file wins.
func RequireCandidates(dir, id string) []string {
	base := id
	if !strings.HasPrefix(id, "/") {
		base = path.Join(dir, id)
	}
	return []string{base, base + ".js", base + ".json", base + ".cjs", base + ".mjs", base + "/index.js", base + "/index.json"}
}
