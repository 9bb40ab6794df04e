package runtime

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/grafana/sobek/parser"

	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/parse"
)

// esmInCJSError is Node's complaint about ESM syntax in a CommonJS main
// (before module detection, or with "type": "commonjs").
func esmInCJSError(f *parse.File) string {
	_, err := parser.ParseFile(nil, "", parse.CJSPrefix+f.Source+parse.CJSSuffix, 0, parser.WithDisableSourceMaps)
	line := 0
	if el, ok := err.(parser.ErrorList); ok && len(el) > 0 {
		line = el[0].Position.Line
	}
	src := ""
	if ls := strings.Split(f.Source, "\n"); line > 0 && line <= len(ls) {
		src = ls[line-1]
	}
	t := strings.TrimSpace(src)
	switch {
	case strings.HasPrefix(t, "import"):
		return fmt.Sprintf("%d\x00%s\x00SyntaxError: Cannot use import statement outside a module", line, src)
	case strings.HasPrefix(t, "export"):
		return fmt.Sprintf("%d\x00%s\x00SyntaxError: Unexpected token 'export'", line, src)
	}
	return fmt.Sprintf("%d\x00%s\x00SyntaxError: await is only valid in async functions and the top level bodies of modules", line, src)
}

var (
	forAwaitRe = regexp.MustCompile(`\bfor\s+await\s*\(`)
	asyncGenRe = regexp.MustCompile(`\basync\s+(function\s*)?\*`)
)

// asyncIterationError is Node 8's complaint about for await or an async
// generator (V8 6.2 has neither), at the first one in the file.
func asyncIterationError(f *parse.File) string {
	text := f.Text
	at, msg := -1, "SyntaxError: Unexpected reserved word"
	if m := forAwaitRe.FindStringIndex(text); m != nil {
		at = m[0]
	} else if m := asyncGenRe.FindStringIndex(text); m != nil {
		at, msg = m[0], "SyntaxError: Unexpected token *"
	}
	line, src := 0, ""
	if at >= 0 {
		line = strings.Count(text[:at], "\n") + 1
		src = strings.Split(text, "\n")[line-1]
	}
	return fmt.Sprintf("%d\x00%s\x00%s", line, src, msg)
}

// moduleSyntaxError is the engine's complaint about f read as a module,
// at its line of the user's file.
func moduleSyntaxError(f *parse.File, err error) string {
	el, ok := err.(parser.ErrorList)
	if !ok || len(el) == 0 {
		return "SyntaxError: " + err.Error()
	}
	line, src := el[0].Position.Line, ""
	if l, _, ok := f.Original(line, max(el[0].Position.Column, 1)); ok {
		line = l
	}
	if lines := strings.Split(f.Text, "\n"); line >= 1 && line <= len(lines) {
		src = lines[line-1]
	}
	return fmt.Sprintf("%d\x00%s\x00SyntaxError: %s", line, src, el[0].Message)
}

// syntaxStderr is what Node prints when it refuses to compile the entry.
func syntaxStderr(p *Program, msg string) []string {
	parts := strings.SplitN(msg, "\x00", 3)
	var out []string
	if len(parts) == 3 {
		out = append(out, fmt.Sprintf("%s:%s", p.File.Path, parts[0]), parts[1], "^", "", parts[2])
	} else {
		out = append(out, msg)
	}
	if p.Profile.Node.Major >= 17 {
		out = append(out, "", "Node.js v"+p.Profile.Node.String())
	}
	return out
}

// hasTopLevelAwait reports whether a module needs top-level await.
func hasTopLevelAwait(src string) bool {
	body := stripESM(src)
	_, err := parser.ParseFile(nil, "", "(async function () {"+body+"\n})", 0, parser.WithDisableSourceMaps)
	if err != nil {
		return false
	}
	// Parses as an async body but not as a plain module without TLA support:
	// compare with a sync wrapper.
	_, err = parser.ParseFile(nil, "", "(function () {"+body+"\n})", 0, parser.WithDisableSourceMaps)
	return err != nil
}

// stripESM blanks import/export keywords so a module body parses as a
// function body for the TLA check.
func stripESM(src string) string {
	var b strings.Builder
	for _, l := range strings.Split(src, "\n") {
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, "import ") || strings.HasPrefix(t, "import{") || strings.HasPrefix(t, "export ") {
			if strings.HasPrefix(t, "export ") && !strings.HasPrefix(t, "export {") && !strings.HasPrefix(t, "export default") && !strings.HasPrefix(t, "export *") {
				b.WriteString(strings.Replace(l, "export ", "       ", 1))
			}
			b.WriteString("\n")
			continue
		}
		b.WriteString(l + "\n")
	}
	return b.String()
}

// syntaxRejected is Node's refusal of the file's first use of syntax
// newer than the release ("" when it has none), as syntaxStderr takes it.
func syntaxRejected(f *parse.File, prof loop.Profile) string {
	if prof.Has(loop.TSStripTypes) {
		if line, _, msg := f.StripOnlyError(); msg != "" {
			return fmt.Sprintf("%d\x00%s\x00%s", line, sourceLine(f, line), msg)
		}
	}
	if u, msg, rejected := f.FirstRejected(prof.SyntaxRejected); rejected {
		if msg == "" {
			msg = "SyntaxError: " + strings.TrimPrefix(u.Feature.String(), "syntax:") + " (on Node " + prof.Node.String() + ")"
		}
		return fmt.Sprintf("%d\x00%s\x00%s", u.Line, sourceLine(f, u.Line), msg)
	}
	return ""
}

// sourceLine is line n (1-based) of the user's file.
func sourceLine(f *parse.File, n int) string {
	lines := strings.Split(f.Text, "\n")
	if n >= 1 && n <= len(lines) {
		return lines[n-1]
	}
	return ""
}
