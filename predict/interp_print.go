package predict

import (
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/looplint/looplint/internal/frames"
	"github.com/looplint/looplint/ir"
	"github.com/looplint/looplint/parse"
	"github.com/looplint/looplint/runtime/inspect/layout"
)

// print is console.log & co: util.format's rules (format specifiers in a
// first string, then the rest space-separated) for the values the
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
			in.heard("Warning")
			in.stderr = append(in.stderr, "Warning: Count for '"+label+"' does not exist")
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
			in.heard("Warning")
			in.stderr = append(in.stderr, "Warning: Label '"+label+"' already exists for console.time()")
		case m == "time":
			in.timeLabels[label] = true
		case !started:
			in.heard("Warning")
			in.stderr = append(in.stderr, "Warning: No such label '"+label+"' for console."+m+"()")
		default:
			// "label: 1.234ms": the time is the machine's.
			in.reason(pos, "console.%s prints the time elapsed, which the predictor does not know", m)
			in.printLine("stdout", label+": <unknown>")
			if m == "timeEnd" {
				delete(in.timeLabels, label)
			}
		}
	case "table":
		in.consoleTable(args, pos)
	default: // trace
		in.reason(pos, "console.%s is not modelled", m)
	}
	return nil
}

// consoleTable is console.table(data[, properties]) for arrays and plain
// objects whose cells are primitives (layout.TableColumns, layout.Table);
// anything else that is not an object prints as console.log would.
func (in *Interp) consoleTable(args []Value, pos ir.Pos) {
	data, ok := arg(args, 0).(*Object)
	if !ok {
		if _, u := arg(args, 0).(unknown); u || len(args) == 0 {
			in.reason(pos, "console.table of this value is not modelled")
			return
		}
		in.print("stdout", args[:1], pos)
		return
	}
	fail := func(what string) {
		in.reason(pos, "console.table %s is not modelled", what)
		in.printLine("stdout", "<unknown>")
	}
	if !plainObject(data) || data.sparse() || len(data.acc) > 0 || data.Proto != nil || data.protoObj != nil || data.ctor != nil {
		fail("of this value")
		return
	}
	var props []string
	if p := arg(args, 1); p != nil {
		po, ok := p.(*Object)
		if !ok || !po.Arr {
			fail("with these properties")
			return
		}
		props = []string{}
		for _, e := range po.Elems {
			s, ok := e.(string)
			if !ok {
				fail("with these properties")
				return
			}
			props = append(props, s)
		}
	}
	lay := in.layout()
	text := func(v Value) (string, bool) {
		switch v.(type) {
		case nil, nullT, bool, float64, string, bigInt, *symbolVal:
		default:
			return "", false // objects: inspected at depth 0 or -1, not modelled
		}
		s, ok := in.inspectV(v, 1, &lay)
		return s, ok && isASCII(s) // getStringWidth counts wide characters twice
	}
	var rows []layout.TableRow
	for _, k := range enumKeys(data) {
		item, _ := data.get(k)
		if ak := data.acc[k]; ak != nil {
			fail("of an accessor")
			return
		}
		r := layout.TableRow{Index: k}
		switch it := item.(type) {
		case *Object:
			if !plainObject(it) || it.sparse() || len(it.acc) > 0 || it.Proto != nil || it.protoObj != nil || it.ctor != nil {
				fail("of these rows")
				return
			}
			r.Keys, r.Cells = enumKeys(it), map[string]string{}
			for _, ck := range r.Keys {
				v, _ := it.get(ck)
				s, ok := text(v)
				if !ok {
					fail("of these cells")
					return
				}
				r.Cells[ck] = s
			}
		default:
			s, ok := text(item)
			if !ok {
				fail("of these cells")
				return
			}
			r.Primitive, r.Value = true, s
		}
		if !isASCII(k) {
			fail("with these keys")
			return
		}
		rows = append(rows, r)
	}
	head, cols := layout.TableColumns(rows, props)
	in.printLine("stdout", layout.Table(head, cols, in.p.Has("console.table left")))
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

// format is util.format(...args). The scan of the format string is
// layout.Specs, shared with the runtime; what each specifier and each
// remaining argument becomes is decided here.
func (in *Interp) format(args []Value, pos ir.Pos) string {
	fail := func() string {
		in.reason(pos, "printing a value the predictor cannot format exactly")
		return "<unknown>"
	}
	// Node <= 11 inspects every argument, strings included, when the
	// first is not a string.
	first, firstString := arg(args, 0).(string)
	if !firstString && in.p.Node.Major <= 11 {
		parts := make([]string, len(args))
		for i, a := range args {
			s, ok := in.inspectValue(a)
			if !ok {
				s = fail()
			}
			parts[i] = s
		}
		return strings.Join(parts, " ")
	}
	if firstString && len(args) == 1 {
		return first
	}
	var sb strings.Builder
	next := 0
	if firstString {
		var text string
		text, next = layout.Specs(in.p.Node.Major, first, len(args), func(c byte, i int) string {
			s, ok := in.formatSpec(c, args[i])
			if !ok {
				return fail()
			}
			return s
		})
		sb.WriteString(text)
	}
	for i := next; i < len(args); i++ {
		if i > 0 {
			sb.WriteByte(' ')
		}
		s, ok := in.formatRest(args[i])
		if !ok {
			s = fail()
		}
		sb.WriteString(s)
	}
	return sb.String()
}

// formatRest is an argument util.format appends after the format string:
// a string as is, anything else inspected; Node <= 11 stringifies
// primitives (String(-0) is 0) and functions (their source, unknown
// here).
func (in *Interp) formatRest(v Value) (string, bool) {
	if s, ok := v.(string); ok {
		return s, true
	}
	if in.p.Node.Major <= 11 {
		switch v.(type) {
		case float64, bool, nil, bigInt:
			return toStr(v)
		}
		if isCallable(v) {
			return "", false
		}
	}
	return in.inspect(v, 0)
}

// formatSpec is what %c (s d i f j o O) makes of v, for primitives (and
// %j and %O of anything the predictor can render).
func (in *Interp) formatSpec(c byte, v Value) (string, bool) {
	prim := false
	switch v.(type) {
	case nil, nullT, bool, float64, string:
		prim = true
	}
	if b, ok := v.(bigInt); ok {
		switch {
		case c == 's' && in.p.Node.Major < 12:
			return b.String(), true // String(v), as -0 prints 0 there
		case c == 's' || c == 'd' || c == 'i':
			return b.String() + "n", true
		}
		return "", false
	}
	switch c {
	case 's':
		if !prim {
			return "", false
		}
		if f, ok := v.(float64); ok && in.p.Node.Major >= 12 {
			return formatNumber(f), true
		}
		return toStr(v)
	case 'd':
		if !prim {
			return "", false
		}
		f, ok := toNumber(v)
		return in.specNumber(f), ok
	case 'i', 'f':
		if !prim {
			return "", false
		}
		s, _ := toStr(v)
		if c == 'i' {
			return in.specNumber(layout.ParseInt(s)), true
		}
		return in.specNumber(layout.ParseFloat(s)), true
	case 'j':
		var b strings.Builder
		switch ok, present := in.jsonValue(&b, v, map[*Object]bool{}, "", ""); {
		case !ok:
			return "", false
		case !present:
			return "undefined", true
		}
		return b.String(), true
	case 'O', 'o':
		if c == 'o' && !prim {
			return "", false // showHidden, depth 4
		}
		return in.inspectValue(v)
	}
	return "", false
}

// specNumber is a number a specifier prints (a zero: layout.SpecZero).
func (in *Interp) specNumber(f float64) string {
	if f == 0 {
		return layout.SpecZero(in.p.Node.Major, math.Signbit(f))
	}
	return jsNum(f)
}

// formatNumber is util.inspect's number: -0 keeps its sign.
func formatNumber(f float64) string {
	if f == 0 && math.Signbit(f) {
		return "-0"
	}
	return jsNum(f)
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
	if len(*lines) == 0 {
		in.spend(costFirstWrite)
	}
	in.spend(costWrite)
	in.spendBytes(len(text))
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

// inspectValue is util.inspect(v) with the default options: v itself is
// the top level, and a string is quoted.
func (in *Interp) inspectValue(v Value) (string, bool) {
	return in.inspectDepth(v, 2)
}

// inspectDepth is inspectValue with the depth option (-1: unlimited).
func (in *Interp) inspectDepth(v Value, depth int) (string, bool) {
	lay := in.layout()
	lay.Depth = depth
	if s, ok := v.(string); ok {
		return in.inspectV(s, 1, &lay)
	}
	return in.inspectV(v, 0, &lay)
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

// inspect is util.inspect for the values the predictor knows exactly
// (see inspectV), laid out by Node's rules (package layout). nested says
// v is inside another value (strings are then quoted). It reports false
// for anything else.
func (in *Interp) inspect(v Value, nested int) (string, bool) {
	lay := in.layout()
	return in.inspectV(v, nested, &lay)
}

// inspectV is formatValue; recurse is recurseTimes (0 at the top).
func (in *Interp) inspectV(v Value, recurse int, lay *layout.Ctx) (string, bool) {
	switch v := v.(type) {
	case nil, nullT, bool:
		s, _ := toStr(v)
		return s, true
	case float64:
		if v == 0 && math.Signbit(v) {
			return "-0", true
		}
		return jsNum(v), true
	case string:
		if recurse == 0 {
			return v, true
		}
		return lay.FormatString(v), true
	case *symbolVal:
		return v.String(), true
	case bigInt:
		return v.String() + "n", true
	case *dateObj:
		if !v.fixed {
			return "", false
		}
		if s, ok := isoString(v.ms); ok {
			return s, true
		}
		return "Invalid Date", true
	case *Object:
		if s, ok := lay.Circular(v); ok {
			return s, true
		}
		if madeByLowering(v) || nullProtoPrototype(v) {
			return "", false // Node names these in ways not laid out here
		}
		if fn := in.userSymbolMethod(v, in.inspectCustom()); fn != nil {
			return in.inspectCustomCall(v, fn, recurse, lay)
		}
		if v.coll != nil {
			return in.inspectColl(v, recurse, lay)
		}
		if v.gen != nil {
			return "Object [Generator] {}", true
		}
		if v.rx != nil && len(v.Keys) == 0 {
			return regexpText(v), true
		}
		if v.Class == "Arguments" && len(v.Keys) == 0 {
			if lay.Past(recurse) {
				return "[Arguments]", true
			}
			t := newObject()
			for i, e := range v.Elems {
				t.set(strconv.Itoa(i), e)
			}
			s, ok := in.inspectRaw(t, recurse, lay, "")
			return "[Arguments] " + s, ok
		}
		if v.errClass != "" && v.Proto != nil {
			return "", false // a subclass's stack header: util.inspect's improveStack
		}
		if _, tagged := v.Props[tagKey]; tagged {
			return "", false // Object [tag] { ... }
		}
		if h, ok := errorStack(v); ok && recurse == 0 {
			// A frame line stands for the frames: what follows the
			// error on its line goes with them, as in Node's output
			// once frames are dropped.
			errs, has := v.Props["errors"]
			if !has || !lay.Has("inspect:errors") {
				return h + "\n    at <frames>", true
			}
			// An AggregateError's hidden errors, shown from 16.17.0
			// and 18.6.0; a list that breaks over lines is not laid
			// out here.
			s, ok := in.inspectV(errs, recurse+1, lay)
			if !ok || strings.Contains(s, "\n") {
				return "", false
			}
			return h + "\n    at <frames> {\n  [errors]: " + s + "\n}", true
		}
		if b, ok := stacklessBase(v); ok {
			// An error with no stack (libuv's, from an fs call):
			// [Error: msg] and its own properties.
			if lay.Past(recurse) {
				return "[Error]", false
			}
			return in.inspectRaw(v, recurse, lay, b)
		}
		switch {
		case v.Proto != nil:
			if !plainInstance(v) {
				return "", false
			}
		case v.Class != "Object" && v.Class != "Array":
			return "", false
		}
		if name := instanceName(v); len(v.Elems) == 0 && len(v.Keys) == 0 && len(v.syms) == 0 && name != "" {
			return name + " {}", true
		}
		if v.nullProto && len(v.Keys) == 0 && len(v.syms) == 0 {
			return nullProtoPrefix + "{}", true
		}
		if len(v.Elems) == 0 && len(v.Keys) == 0 && len(v.syms) == 0 {
			if v.Arr {
				return "[]", true // empty ones print at any depth
			}
			return "{}", true
		}
		if lay.Past(recurse) {
			if name := instanceName(v); name != "" {
				return "[" + name + "]", true
			}
			if v.nullProto {
				return "[Object: null prototype]", true
			}
			if v.Arr {
				return "[Array]", true
			}
			return "[Object]", true
		}
		return in.inspectRaw(v, recurse, lay, "")
	case *Closure, *ClassVal, *Native:
		return in.inspectFn(v, lay.Major)
	case unknown:
		if v.bytes != nil {
			return layout.Buffer(lay.Major, *v.bytes), true
		}
	case *Promise:
		if lay.Past(recurse) {
			return "[Promise]", true
		}
		var entry string
		switch v.State {
		case Pending:
			entry = "<pending>"
		case Fulfilled:
			lay.IndentLvl += 2
			s, ok := in.inspectV(v.Result, recurse+1, lay)
			lay.IndentLvl -= 2
			if !ok {
				return "", false
			}
			entry = s
		default:
			return "", false
		}
		lay.CurrentDepth = recurse + 1
		return lay.Reduce([]string{entry}, "", [2]string{"Promise {", "}"}, false, recurse+1, nil), true
	}
	return "", false
}

// inspectFn is how util.inspect names a function or class: [Function: f],
// [AsyncFunction: f], [Function (anonymous)] ([Function] before 14),
// [class C extends P] ([Function: C] before 12). Own properties, which
// Node prints after it, and builtins (whose names the predictor does
// not keep as Node's) are not known, except bound functions.
func (in *Interp) inspectFn(v Value, major int) (string, bool) {
	name := func(n string) string {
		switch {
		case n != "":
			return ": " + n
		case major > 13:
			return " (anonymous)"
		}
		return ""
	}
	switch f := v.(type) {
	case *Closure:
		n := f.Fn.Name
		if f.Props != nil {
			if len(f.Props.Keys) > 0 {
				return "", false
			}
			if pn, ok := f.Props.Props["name"].(string); ok {
				n = pn
			}
		}
		typ := "Function"
		if f.Fn.Generator {
			typ = "GeneratorFunction"
		}
		if f.Fn.Async {
			typ = "Async" + typ
		}
		if f.Fn.LoweredAsyncGen {
			typ = "AsyncGeneratorFunction"
		}
		return "[" + typ + name(n) + "]", true
	case *ClassVal:
		if f.Statics != nil && len(f.Statics.Keys) > 0 {
			return "", false
		}
		parent, extends := f.parentName()
		if major < 12 {
			n := f.Name
			if n == "" && extends {
				n = parent // no own name before V8 7: the parent's is found
			}
			return "[Function" + name(n) + "]", true
		}
		n := f.Name
		if n == "" {
			n = "(anonymous)"
		}
		s := "[class " + n
		if extends {
			if parent == "" {
				return "", false
			}
			s += " extends " + parent
		}
		return s + "]", true
	case *Native:
		if strings.HasPrefix(f.Name, "bound ") && !f.Obj && len(f.Props) == 0 && (f.own == nil || len(f.own.Keys) == 0) {
			return "[Function" + name(f.Name) + "]", true
		}
	}
	return "", false
}

// inspectRaw is formatRaw for a plain object or array.
// base is what precedes the braces (an error's [Error: msg]).
func (in *Interp) inspectRaw(o *Object, recurse int, lay *layout.Ctx, base string) (string, bool) {
	if o.Arr && len(o.Keys) > 0 || arrayEntries(o) > layout.MaxArrayLength {
		return "", false // extra keys on an array, "... more items"
	}
	braces := [2]string{"{", "}"}
	if o.Arr {
		braces = [2]string{"[", "]"}
	}
	if name := instanceName(o); name != "" {
		braces[0] = name + " {" // a class instance: its class first
	}
	if o.nullProto {
		braces[0] = nullProtoPrefix + "{"
	}
	if len(o.Elems) == 0 && len(o.Keys) == 0 && len(o.syms) == 0 {
		if base != "" {
			return base, true
		}
		return braces[0] + braces[1], true
	}
	recurse++
	lay.CurrentDepth = recurse
	lay.Enter(o)
	var out []string
	for i := 0; i < len(o.Elems); i++ {
		if o.holes[i] {
			n := 1
			for i+n < len(o.Elems) && o.holes[i+n] {
				n++
			}
			out = append(out, "<"+strconv.Itoa(n)+" empty item"+map[bool]string{true: "s"}[n > 1]+">")
			i += n - 1
			continue
		}
		e := o.Elems[i]
		lay.IndentLvl += 2
		s, ok := in.inspectV(e, recurse, lay)
		lay.IndentLvl -= 2
		if !ok {
			lay.Leave(o, "")
			return "", false
		}
		out = append(out, s)
	}
	for _, k := range o.Keys {
		// Node <= 11 indents a property's value by 3 (compact mode).
		diff := 2
		if lay.Legacy {
			diff = 3
		}
		lay.IndentLvl += diff
		s, ok := in.inspectV(o.Props[k], recurse, lay)
		if a := o.acc[k]; a != nil {
			s, ok = map[[2]bool]string{{true, false}: "[Getter]", {false, true}: "[Setter]", {true, true}: "[Getter/Setter]"}[[2]bool{a.get != nil, a.set != nil}], true
		}
		sep := " "
		if diff == 3 && lay.BreakLength < layout.Width(s) {
			// Node <= 11 moves a long value under its key.
			sep = "\n" + strings.Repeat(" ", lay.IndentLvl)
		}
		lay.IndentLvl -= diff
		if !ok {
			lay.Leave(o, "")
			return "", false
		}
		k = lay.Key(k)
		out = append(out, k+":"+sep+s)
	}
	for _, k := range o.syms {
		sym := in.symByKey[k]
		if sym == nil || o.acc[k] != nil {
			lay.Leave(o, "")
			return "", false
		}
		diff := 2
		if lay.Legacy {
			diff = 3
		}
		lay.IndentLvl += diff
		s, ok := in.inspectV(o.Props[k], recurse, lay)
		lay.IndentLvl -= diff
		if !ok {
			lay.Leave(o, "")
			return "", false
		}
		out = append(out, layout.SymbolKey(lay.Major, sym.String())+": "+s)
	}
	var numeric func(int) bool
	if o.Arr {
		numeric = func(i int) bool {
			// Node pads numbers and bigints at the start.
			switch o.Elems[i].(type) {
			case float64, bigInt:
				return true
			}
			return false
		}
	}
	base = lay.Leave(o, base)
	r := lay.Reduce(out, base, braces, o.Arr, recurse, numeric)

	return r, true
}

// arrayEntries is how many entries util.inspect writes for an array's
// elements: a run of holes is one.
func arrayEntries(o *Object) int {
	n := len(o.Elems)
	for i := range o.holes {
		if i > 0 && o.holes[i-1] {
			n-- // the run goes on
		}
	}
	return n
}

// nullProtoPrefix is how Node prints an object without a prototype.
const nullProtoPrefix = "[Object: null prototype] "

// instanceName is the constructor name Node prints before an
// instance's braces: its class, or the plain function that made it with
// new; "" for anything else.
func instanceName(o *Object) string {
	if o.Proto != nil {
		return o.Proto.Name
	}
	// As util.inspect, the first constructor property on the chain.
	for depth := 0; depth < 1000; depth++ {
		var p *Object
		switch {
		case o.protoObj != nil:
			p = o.protoObj
		case o.ctor != nil:
			if o.ctor.Props == nil {
				return o.ctor.Fn.Name // its prototype object not made yet
			}
			q, ok := o.ctor.Props.Props["prototype"].(*Object)
			if !ok {
				return o.ctor.Fn.Name
			}
			p = q
		default:
			return ""
		}
		if p.Proto != nil {
			return p.Proto.Name
		}
		switch c := p.Props["constructor"].(type) {
		case *Closure:
			return c.Fn.Name
		case *ClassVal:
			return c.Name
		case nil:
		default:
			return ""
		}
		o = p
	}
	return ""
}

// madeByLowering reports an object whose methods come from the code the
// front end added to lower async iteration: an async generator or
// for-await iterator, which Node prints as what it is.
func madeByLowering(o *Object) bool {
	for _, k := range o.Keys {
		if c, ok := o.Props[k].(*Closure); ok && c.Fn.Pos.File == parse.HelperFile {
			return true
		}
	}
	return false
}

// nullProtoPrototype reports an object made by new F() where
// F.prototype has no prototype: Node names it F <[Object: null
// prototype] {}>, which is not laid out here.
func nullProtoPrototype(o *Object) bool {
	if o.ctor == nil || o.ctor.Props == nil {
		return false
	}
	p, ok := o.ctor.Props.Props["prototype"].(*Object)
	return ok && p.nullProto
}

// plainInstance: an instance of a named class of the snippet's own,
// which Node prints as ClassName { ...own properties }.
func plainInstance(o *Object) bool {
	if o.Arr || o.Proto.Name == "" {
		return false
	}
	ok := true
	o.Proto.chain(func(c *ClassVal) bool {
		// Node 10 still called an inspect() method (DEP0079): any
		// method of that name leaves the output unknown.
		_, insp := c.Methods["inspect"]
		_, tg := c.Getters[tagKey]
		_, tm := c.Methods[tagKey]
		ok = ok && !c.nullParent && !insp && !tg && !tm // a tag prints as Name [tag]
		return !ok
	})
	return ok
}

// stacklessBase is how an error without a stack frame (fsError marks
// them) opens: [Error: message].
func stacklessBase(o *Object) (string, bool) {
	if o.Props["[[stackless]]"] != true || o.Proto != nil {
		return "", false
	}
	m, ok := o.Props["message"].(string)
	if !ok {
		return "", false
	}
	return "[" + errorHeader(o.Class, m) + "]", true
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

// layout is util.inspect's layout state for this release.
func (in *Interp) layout() layout.Ctx {
	lay := layout.New(in.p.Node.Major)
	lay.Has = in.p.Has
	return lay
}

// inspectCustom is util.inspect.custom, Symbol.for's
// 'nodejs.util.inspect.custom'.
func (in *Interp) inspectCustom() *symbolVal { return in.symbolFor("nodejs.util.inspect.custom") }

// inspectCustomCall is formatValue's use of an object's own inspect
// method: called with the depth left, a string result is printed as it is
// (its line breaks indented from Node 12, measured on 11.15.0 and
// 12.0.0), another value is inspected in its place. A method that takes
// the options (and may read or pass them on) is not modelled.
func (in *Interp) inspectCustomCall(o *Object, fn Value, recurse int, lay *layout.Ctx) (string, bool) {
	if c, ok := fn.(*Closure); !ok || len(c.Fn.Params) > 1 {
		return "", false
	}
	var depth Value = null
	if lay.Depth >= 0 {
		depth = float64(lay.Depth - recurse)
	}
	var r Value
	if err := in.protect(func() { r = in.call(fn, o, []Value{depth}, ir.Pos{}) }); err != nil {
		return "", false
	}
	if s, ok := r.(string); ok {
		if lay.Major >= 12 {
			s = strings.ReplaceAll(s, "\n", "\n"+strings.Repeat(" ", lay.IndentLvl))
		}
		return s, true
	}
	if r == Value(o) {
		return "", false
	}
	return in.inspectV(r, recurse, lay)
}
