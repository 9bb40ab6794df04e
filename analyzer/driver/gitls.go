package driver

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/looplint/looplint/internal/fspath"
)

// gitListed asks git which files under root it does not ignore (tracked,
// or untracked and not excluded by .gitignore, .git/info/exclude and
// core.excludesFile: git's own rules, exactly). ok is false when root is
// not in a git work tree, git is missing, or root itself is ignored (a
// directory the user names is checked, as before, by looplint's matcher).
func gitListed(root string) (files, dirs map[string]bool, ok bool) {
	abs, err := fspath.Abs(root)
	if err != nil {
		return nil, nil, false
	}
	if _, err := exec.LookPath("git"); err != nil {
		return nil, nil, false
	}
	if exec.Command("git", "-C", abs, "check-ignore", "-q", ".").Run() == nil {
		return nil, nil, false // root is ignored
	}
	out, err := exec.Command("git", "-C", abs, "ls-files", "-z", "--cached", "--others", "--exclude-standard").Output()
	if err != nil {
		return nil, nil, false
	}
	files, dirs = map[string]bool{}, map[string]bool{abs: true}
	for _, rel := range bytes.Split(out, []byte{0}) {
		if len(rel) == 0 {
			continue
		}
		p := filepath.Join(abs, filepath.FromSlash(string(rel)))
		files[p] = true
		for d := filepath.Dir(p); strings.HasPrefix(d, abs) && !dirs[d]; d = filepath.Dir(d) {
			dirs[d] = true
		}
	}
	return files, dirs, true
}
