package predict

import (
	"math"
	"regexp"
	"strings"

	"github.com/looplint/looplint/internal/frames"
	"github.com/looplint/looplint/ir"
)

// print is console.log & co: arguments formatted as Node does for the
// cases this slice knows, one output line per line of text.
func (in *Interp) print(stream string, args []Value, pos ir.Pos) Value {
	var parts []string
	if s, ok := arg(args, 0).(string); ok && len(args) > 1 && strings.Contains(s, "%") {
		in.reason(pos, "console format specifiers are not modelled")
		parts = append(parts, "<format>")
		args = nil
	}
	// Node <= 11 inspects every argument, strings included, when the
	// first is not a string (runtime/inspect.Format has the same rule).
	_, firstString := arg(args, 0).(string)
	quote := !firstString && in.p.Node.Major <= 11
	for _, a := range args {
		if s, ok := a.(string); ok && !quote {
			parts = append(parts, s)
			continue
		}
		if s, ok := a.(string); ok {
			q, ok := in.inspect(s, 1)
			if !ok {
				in.reason(pos, "printing a value the predictor cannot format exactly")
				q = "<unknown>"
			}
			parts = append(parts, q)
			continue
		}
		s, ok := in.inspect(a, 0)
		if !ok {
			in.reason(pos, "printing a value the predictor cannot format exactly")
			s = "<unknown>"
		}
		parts = append(parts, s)
	}
	in.write(stream, strings.Join(parts, " ")+"\n")
	return nil
}

// write appends text to a stream kept as lines, the last one open (no
// newline yet) after a write that did not end one; the runtime's lines
// are the same split of the same text. A callback that leaves a line
// open, or finishes one another began, does not commute with others.
func (in *Interp) write(stream, text string) {
	if text == "" {
		return
	}
	lines, open := &in.stdout, &in.outOpen
	if stream == "stderr" {
		lines, open = &in.stderr, &in.errOpen
	}
	if *open {
		in.impure = true
	}
	from := len(*lines) // the first line this write may finish
	if *open {
		from--
	}
	segs := strings.Split(text, "\n")
	for i, seg := range segs {
		switch {
		case i == 0 && *open:
			(*lines)[len(*lines)-1] += seg
		case i == len(segs)-1 && seg == "":
		default:
			*lines = append(*lines, seg)
		}
	}
	*open = segs[len(segs)-1] != ""
	if *open {
		in.impure = true
	}
	if stream == "stdout" {
		// Printed output is compared without stack frames (package
		// frames); one a snippet prints itself goes the same way.
		end := len(*lines)
		if *open {
			end--
		}
		kept := (*lines)[:from]
		for _, l := range (*lines)[from:end] {
			if !frames.Is(l) {
				kept = append(kept, l)
			}
		}
		*lines = append(kept, (*lines)[end:]...)
	}
}

// streamWrite is process.stdout.write / process.stderr.write for a
// string: written at once (Node's stdio to files and pipes is
// synchronous) and true returned.
func (in *Interp) streamWrite(stream string, args []Value, pos ir.Pos) Value {
	s, ok := arg(args, 0).(string)
	if !ok || len(args) > 1 {
		in.reason(pos, "process.%s.write of a non-string, or with an encoding or callback, is not modelled", stream)
		if ok {
			in.write(stream, s)
		}
		return true
	}
	in.write(stream, s)
	return true
}

var identKey = regexp.MustCompile(`^[A-Za-z_$][A-Za-z0-9_$]*$`)

// inspect is util.inspect for the simple cases: primitives, and plain
// objects and arrays that fit on one line. It reports false otherwise.
func (in *Interp) inspect(v Value, depth int) (string, bool) {
	s, _, ok := in.inspectD(v, depth)
	return s, ok
}

// inspectD also returns how many levels of nesting v holds.
func (in *Interp) inspectD(v Value, depth int) (string, int, bool) {
	switch v := v.(type) {
	case nil, nullT, bool:
		s, _ := toStr(v)
		return s, 0, true
	case float64:
		if v == 0 && math.Signbit(v) {
			return "-0", 0, true
		}
		return jsNum(v), 0, true
	case string:
		if depth == 0 {
			return v, 0, true
		}
		if strings.ContainsAny(v, "'\\\n\r\t") || !isPrintable(v) {
			return "", 0, false
		}
		return "'" + v + "'", 0, true
	case *Object:
		if h, ok := errorStack(v); ok && depth == 0 {
			// A frame line stands for the frames: what follows the
			// error on its line goes with them, as in Node's output
			// once frames are dropped.
			return h + "\n    at <frames>", 0, true
		}
		if v.Class != "Object" && v.Class != "Array" {
			return "", 0, false
		}
		if depth > 2 {
			if v.Arr {
				return "[Array]", 0, true
			}
			return "[Object]", 0, true
		}
		var entries []string
		nest := 0
		add := func(s string, d int) {
			entries = append(entries, s)
			if d+1 > nest {
				nest = d + 1
			}
		}
		if v.Arr {
			if len(v.Elems) > 6 {
				return "", 0, false
			}
			for _, e := range v.Elems {
				s, d, ok := in.inspectD(e, depth+1)
				if !ok {
					return "", 0, false
				}
				add(s, d)
			}
		}
		for _, k := range v.Keys {
			s, d, ok := in.inspectD(v.Props[k], depth+1)
			if !ok {
				return "", 0, false
			}
			if !identKey.MatchString(k) {
				if strings.ContainsAny(k, "'\\\n") {
					return "", 0, false
				}
				k = "'" + k + "'"
			}
			add(k+": "+s, d)
		}
		open, close := "{", "}"
		if v.Arr {
			open, close = "[", "]"
		}
		if len(entries) == 0 {
			return open + close, 1, true
		}
		// Node joins entries on one line when the object nests fewer
		// than 3 levels and the line fits in 80 columns; anything else
		// breaks lines in ways this slice does not reproduce.
		total := len(entries) + len(entries) + len(open) + 10
		for _, e := range entries {
			total += len(e)
		}
		if nest >= 3 || total+2*depth > 80 || (in.p.Node.Major <= 11 && nest > 1) {
			return "", 0, false
		}
		return open + " " + strings.Join(entries, ", ") + " " + close, nest, true
	case *Promise:
		switch v.State {
		case Pending:
			return "Promise { <pending> }", 1, true
		case Fulfilled:
			s, d, ok := in.inspectD(v.Result, depth+1)
			if !ok {
				return "", 0, false
			}
			return "Promise { " + s + " }", d + 1, true
		}
		return "", 0, false
	}
	return "", 0, false
}

// errorHeader is the first line of an error's stack.
func errorHeader(class, msg string) string {
	if msg == "" {
		return class
	}
	return class + ": " + msg
}

// errorStack is how console.log prints an error made by new Error(msg)
// (or TypeError, ...) at the top level: its stack, whose frames the
// predictor leaves out (package frames). Errors whose name or message
// changed since, that carry own properties or a cause (printed after the
// stack), or made by a subclass or by the interpreter (whose messages may
// differ from V8's) are not known.
func errorStack(o *Object) (string, bool) {
	h, ok := o.Props["[[stack]]"].(string)
	_, named := o.Props["name"]
	_, cause := o.Props["cause"]
	if !ok || o.Proto != nil || len(o.Keys) > 0 || named || cause {
		return "", false
	}
	if m, ok := o.Props["message"].(string); !ok || errorHeader(o.Class, m) != h {
		return "", false
	}
	return h, true
}

func isPrintable(s string) bool {
	for _, r := range s {
		if r < 0x20 || r == 0x7f {
			return false
		}
	}
	return true
}
