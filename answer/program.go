package answer

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"time"

	"github.com/looplint/looplint/explore"
	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/parse"
	"github.com/looplint/looplint/predict"
	lrt "github.com/looplint/looplint/runtime"
	"github.com/looplint/looplint/runtime/nodepath"
)

// PredictOptions are the interpreter's options for a prepared program:
// the runtime's sandbox files (what the program reads) and its path there.
func PredictOptions(prog *lrt.Program) (predict.Options, error) {
	files, err := prog.Files()
	if err != nil {
		return predict.Options{}, err
	}
	return predict.Options{Files: files, Filename: prog.VirtPath, Cwd: prog.Cwd, Env: prog.Env()}, nil
}

// Unconfirmed answers for prog without confirming the orders (looplint
// check, gen and verify), within timeout.
func Unconfirmed(f *parse.File, prog *lrt.Program, timeout time.Duration) (explore.Prediction, error) {
	popts, err := PredictOptions(prog)
	if err != nil {
		return explore.Prediction{}, err
	}
	return Predict(f, prog, Options{Predict: popts, NoConfirm: true, Timeout: timeout}).Prediction, nil
}

// Notes say what the answer for file (loaded as f, for Node p) may not
// show of `node FILE`: local modules the sandbox cannot see (no fsDir
// mounted), and a program that is not what Node runs (CompiledNotes).
func Notes(file string, f *parse.File, p loop.Profile, fsDir string) []string {
	return append(unmountedModules(file, f.Text, fsDir), CompiledNotes(file, f, p)...)
}

// CompiledNotes say when the program is not what `node FILE` runs: JSX,
// which Node does not run, and TypeScript before Node strips its types
// (there `node file.ts` runs it as JavaScript and fails at the first
// type): both are predicted as compiled, with the types stripped.
func CompiledNotes(file string, f *parse.File, p loop.Profile) []string {
	switch {
	case f.Ext == ".jsx" || f.Ext == ".tsx":
		return []string{fmt.Sprintf("%s: Node does not run JSX; this is the program as compiled to JavaScript", file)}
	case f.TypeScript() && !p.Has(loop.TSStripTypes):
		return []string{fmt.Sprintf("%s: Node %s runs a TypeScript file as JavaScript (it strips types from 22.18.0 and 23.6.0); this is the program with its types stripped, as a compiler or a loader runs it", file, p.Node)}
	}
	return nil
}

// localSpecifier finds require('./x'), import './x' and from './x'.
var localSpecifier = regexp.MustCompile(`(?:\brequire\s*\(\s*|\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}/[^'"]+)['"]`)

// unmountedModules notes the local modules a snippet loads that exist
// beside it on the host but not in the sandbox (no fsDir): Node would
// load them, the prediction throws MODULE_NOT_FOUND.
func unmountedModules(file, src, fsDir string) []string {
	if fsDir != "" {
		return nil
	}
	var notes []string
	seen := map[string]bool{}
	for _, m := range localSpecifier.FindAllStringSubmatch(src, -1) {
		spec := m[1]
		if seen[spec] {
			continue
		}
		seen[spec] = true
		if nodepath.Require(hostFiles{}, filepath.ToSlash(filepath.Dir(file)), spec).File != "" {
			notes = append(notes, fmt.Sprintf("%s loads %s, which the sandbox cannot see: pass --fs %s to mount its directory", file, spec, filepath.Dir(file)))
		}
	}
	return notes
}

// hostFiles is the host's file system as module resolution reads it.
type hostFiles struct{}

func (hostFiles) Kind(p string) (file, dir bool) {
	st, err := os.Stat(filepath.FromSlash(p))
	return err == nil && st.Mode().IsRegular(), err == nil && st.IsDir()
}

func (hostFiles) ReadFile(p string) ([]byte, error) { return os.ReadFile(filepath.FromSlash(p)) }
