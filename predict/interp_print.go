package predict

import (
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/looplint/looplint/internal/frames"
	"github.com/looplint/looplint/ir"
	"github.com/looplint/looplint/runtime/inspect"
)

// print is console.log & co: util.format (format), for the values the
// predictor can format exactly; anything else is a reason.
func (in *Interp) print(stream string, args []Value, pos ir.Pos) Value {
	in.printLine(stream, in.format(args, pos))
	return nil
}

// printLine writes one console line, each of its lines indented by the
// console.group depth.
func (in *Interp) printLine(stream, text string) {
	if in.groupIndent != "" {
		text = in.groupIndent + strings.ReplaceAll(text, "\n", "\n"+in.groupIndent)
	}
	in.write(stream, text+"\n")
}

// consoleMethod is console's other methods, as Node's Console has them.
func (in *Interp) consoleMethod(m string, args []Value, pos ir.Pos) Value {
	switch m {
	case "group", "groupCollapsed", "groupEnd", "count", "countReset", "time", "timeEnd", "timeLog":
		// State every later console line depends on: callbacks that
		// touch it do not commute.
		in.impure = true
	}
	switch m {
	case "group", "groupCollapsed":
		if len(args) > 0 {
			in.print("stdout", args, pos)
		}
		in.groupIndent += "  "
	case "groupEnd":
		if len(in.groupIndent) >= 2 {
			in.groupIndent = in.groupIndent[2:]
		}
	case "count", "countReset":
		label, ok := in.consoleLabel(m, args, pos)
		if !ok {
			return nil
		}
		if in.counts == nil {
			in.counts = map[string]int{}
		}
		if m == "count" {
			in.counts[label]++
			in.printLine("stdout", label+": "+strconv.Itoa(in.counts[label]))
			return nil
		}
		if _, ok := in.counts[label]; !ok {
			in.Warn("Warning", "Count for '"+label+"' does not exist")
			return nil
		}
		in.counts[label] = 0
	case "assert":
		t, ok := truthy(arg(args, 0))
		if !ok {
			t = in.fork(pos, "console.assert")
		}
		if t {
			return nil
		}
		rest := append([]Value{}, args[min(1, len(args)):]...)
		if s, ok := arg(rest, 0).(string); ok {
			rest[0] = "Assertion failed: " + s
		} else {
			rest = append([]Value{"Assertion failed"}, rest...)
		}
		in.print("stderr", rest, pos)
	case "dir":
		depth, known := in.inspectOptions(arg(args, 1), pos)
		s, ok := in.inspectDepth(arg(args, 0), depth)
		ok = ok && known
		if !ok {
			in.reason(pos, "printing a value the predictor cannot format exactly")
			s = "<unknown>"
		}
		in.printLine("stdout", s)
	case "time", "timeEnd", "timeLog":
		label, ok := in.consoleLabel(m, args, pos)
		if !ok {
			return nil
		}
		if in.timeLabels == nil {
			in.timeLabels = map[string]bool{}
		}
		started := in.timeLabels[label]
		switch {
		case m == "time" && started:
			in.Warn("Warning", "Label '"+label+"' already exists for console.time()")
		case m == "time":
			in.timeLabels[label] = true
		case !started:
			in.Warn("Warning", "No such label '"+label+"' for console."+m+"()")
		default:
			// "label: 1.234ms": the time is the machine's.
			in.reason(pos, "console.%s prints the time elapsed, which the predictor does not know", m)
			in.printLine("stdout", label+": <unknown>")
			if m == "timeEnd" {
				delete(in.timeLabels, label)
			}
		}
	case "table":
		s, ok, err := inspect.Table(in.view(arg(args, 0)), in.view(arg(args, 1)), iconv{in}, in.inspectOpts(2))
		switch {
		case err != nil:
			in.reason(pos, "console.table is not modelled here (%v)", err)
			in.printLine("stdout", "<unknown>")
		case !ok:
			in.print("stdout", []Value{arg(args, 0)}, pos)
		default:
			in.printLine("stdout", s)
		}
	default: // trace
		in.reason(pos, "console.%s is not modelled", m)
	}
	return nil
}

// consoleLabel is the label argument of console.count and console.time
// and their kin ("default" when absent); ok is false after a reason.
func (in *Interp) consoleLabel(m string, args []Value, pos ir.Pos) (string, bool) {
	v := arg(args, 0)
	if v == nil {
		return "default", true
	}
	s, ok := toStr(v)
	if !ok {
		in.reason(pos, "console.%s with a label the predictor does not know", m)
	}
	return s, ok
}

// format is util.format(...args): the runtime's (runtime/inspect) over
// the interpreter's values (interp_view.go).
func (in *Interp) format(args []Value, pos ir.Pos) string {
	vs := make([]inspect.Value, len(args))
	for i, a := range args {
		vs[i] = in.view(a)
	}
	s, err := inspect.FormatValues(vs, iconv{in}, in.inspectOpts(2))
	if err != nil {
		in.reason(pos, "printing a value the predictor cannot format exactly (%v)", err)
		return "<unknown>"
	}
	return s
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
	stream0 := 0
	if stream == "stderr" {
		stream0 = 1
	}
	in.meter.Write(stream0, len(text))
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

// streamWrite is process.stdout.write / process.stderr.write: a string
// is written at once (Node's stdio to files and pipes is synchronous)
// and true returned.
func (in *Interp) streamWrite(stream string, args []Value, pos ir.Pos) Value {
	switch v := arg(args, 0).(type) {
	case string:
		in.write(stream, v)
	case unknown:
		in.reason(pos, "process.%s.write of a value the predictor does not know", stream)
		return true
	default:
		// Not a string, Buffer or Uint8Array (the predictor makes
		// none): Node's Writable throws and writes nothing.
		panic(&Thrown{V: in.nodeError("TypeError", "ERR_INVALID_ARG_TYPE")})
	}
	rest := args[1:]
	if len(rest) > 0 && isCallable(rest[len(rest)-1]) {
		// The write is done at once; its callback is a tick queued now
		// (measured on 8 to 26, to a pipe and to a file).
		cb := rest[len(rest)-1]
		rest = rest[:len(rest)-1]
		in.l.NextTick(task{fn: cb, args: []Value{unknown{why: "write callback argument"}}, api: "process." + stream + ".write", site: pos}, pos.String())
	}
	if e := arg(rest, 0); len(rest) > 1 || e != nil && e != "utf8" && e != "utf-8" {
		in.reason(pos, "process.%s.write with an encoding other than utf8 is not modelled", stream)
	}
	return true
}

var identKey = regexp.MustCompile(`^[A-Za-z_$][A-Za-z0-9_$]*$`)

// inspectDepth is util.inspect(v) with the depth option (-1: unlimited).
func (in *Interp) inspectDepth(v Value, depth int) (string, bool) {
	s, err := inspect.InspectValue(in.view(v), iconv{in}, in.inspectOpts(depth))
	return s, err == nil
}

// inspectOpts are util.inspect's options at depth (-1: unlimited) on
// this release.
func (in *Interp) inspectOpts(depth int) inspect.Options {
	if depth == 0 {
		depth = inspect.DepthNone
	}
	return inspect.Options{Major: in.p.Node.Major, Depth: depth, Has: in.p.Has}
}

// inspectOptions is the depth an options object for util.inspect or
// console.dir asks for; ok is false (after a reason) for other options.
func (in *Interp) inspectOptions(opts Value, pos ir.Pos) (int, bool) {
	o, isObj := opts.(*Object)
	if opts == nil {
		return 2, true
	}
	if !isObj || !plainKeys(o) {
		in.reason(pos, "util.inspect options of this kind are not modelled")
		return 0, false
	}
	depth := 2
	for _, k := range o.Keys {
		v := o.Props[k]
		switch {
		case k == "depth":
			switch d := v.(type) {
			case nullT:
				depth = -1
			case float64:
				switch {
				case math.IsInf(d, 1):
					depth = -1
				case d >= 0 && d == math.Trunc(d) && d < 1e6:
					depth = int(d)
				default:
					in.reason(pos, "util.inspect depth %v is not modelled", d)
					return 0, false
				}
			case nil:
			default:
				in.reason(pos, "util.inspect depth of this kind is not modelled")
				return 0, false
			}
		case (k == "colors" || k == "showHidden" || k == "showProxy") && v == false, k == "customInspect" && v == true:
		default:
			in.reason(pos, "util.inspect option %s is not modelled", k)
			return 0, false
		}
	}
	return depth, true
}

// errorHeader is the first line of an error's stack.
func errorHeader(class, msg string) string {
	if msg == "" {
		return class
	}
	return class + ": " + msg
}

// inspectCustom is util.inspect.custom, Symbol.for's
// 'nodejs.util.inspect.custom'.
func (in *Interp) inspectCustom() *symbolVal { return in.symbolFor("nodejs.util.inspect.custom") }
