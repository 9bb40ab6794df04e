package runtime

import (
	"regexp"
	"strings"
)

// engineFrame matches one frame of the engine's stack text:
// "\tat name (file:line:col(pc))" or "\tat file:line:col(pc)".
var engineFrame = regexp.MustCompile(`^\s*at (?:(.*?) \()?(.+?):(\d+):(\d+)\(\d+\)\)?$`)

// nodeStack rewrites the engine's stack text in Node's format: four-space
// "at" lines, no bytecode offsets, no frames of the host's own Go code,
// and line-1 columns of the main module without the wrapper's prefix.
func (h *host) nodeStack(stack string) string {
	lines := strings.Split(strings.TrimRight(stack, "\n"), "\n")
	out := lines[:0:0]
	for i, l := range lines {
		if i == 0 || !strings.HasPrefix(strings.TrimLeft(l, " \t"), "at ") {
			out = append(out, l)
			continue
		}
		if strings.HasSuffix(l, "(native)") || strings.Contains(l, "node:internal/trampoline") || strings.Contains(l, "node:internal/bootstrap") {
			continue
		}
		m := engineFrame.FindStringSubmatch(l)
		if m == nil {
			out = append(out, "    "+strings.TrimLeft(l, " \t"))
			continue
		}
		name, file := m[1], m[2]
		ln, cn := atoi(m[3]), atoi(m[4])
		if file == h.p.VirtPath {
			ln, cn = h.p.callee(ln, cn)
		}
		ln, cn = h.userPos(file, ln, cn)
		line, col := itoa(ln), itoa(cn)
		if name == "" && file == h.p.VirtPath && h.p.cjs != nil {
			name = "Object.<anonymous>"
		}
		loc := file + ":" + line + ":" + col
		if name != "" {
			out = append(out, "    at "+name+" ("+loc+")")
		} else {
			out = append(out, "    at "+loc)
		}
	}
	return strings.Join(out, "\n")
}

// userPos maps an engine position in file to the one its author sees:
// a CommonJS module's first line without the wrapper's prefix, and the
// main file's positions back through esbuild's source map.
func (h *host) userPos(file string, line, col int) (int, int) {
	if line == 1 && (file == h.p.VirtPath && h.p.cjs != nil || h.modules[file] != nil) {
		col -= len(cjsPrefix)
	}
	if file == h.p.VirtPath && h.p.File.Transformed {
		line, col, _ = h.p.File.Original(line, col)
	}
	return line, col
}

func atoi(s string) int {
	n := 0
	for _, c := range s {
		n = n*10 + int(c-'0')
	}
	return n
}

func itoa(n int) string {
	if n < 0 {
		return "-" + itoa(-n)
	}
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}
