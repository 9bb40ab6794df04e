package inspect

import (
	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/runtime/inspect/layout"
	"regexp"
	"strconv"
	"strings"

	"github.com/grafana/sobek"
)

const maxArrayLength = layout.MaxArrayLength

func (c *ctx) ctxName(o *sobek.Object, ctor *string, tag string) string {
	fallback := ""
	if ctor == nil {
		fallback = o.ClassName()
		if fallback == tag {
			fallback = "Object"
		}
	}
	return getPrefix(ctor, tag, fallback, "")
}

// sizeSuffix is the "(n)" after a constructor name; arrays got it in Node 12,
// Map/Set only later (verified absent on 12, present on 16).
func (c *ctx) sizeSuffix(n int, collection bool) string {
	return layout.SizeSuffix(c.Major, n, collection)
}

func isUndef(v sobek.Value) bool { return v == nil || sobek.IsUndefined(v) }

func (c *ctx) formatRaw(o *sobek.Object, recurse int, typedArray bool) string {
	ctor := c.constructorName(o, recurse)
	tag := ""
	if t := o.GetSymbol(sobek.SymToStringTag); t != nil && sobek.IsString(t) {
		tag = t.String()
		own := "isEnum"
		if c.showHidden {
			own = "hasOwn"
		}
		// Node (12+) skips a tag that is also printed as an own property.
		if c.Major >= 12 && tag != "" && c.h.call(own, o, sobek.SymToStringTag).ToBoolean() {
			tag = ""
		}
	}
	ctorIs := func(s string) bool { return ctor != nil && *ctor == s }

	var (
		keys       []key
		base       string
		braces     = [2]string{"{", "}"}
		extrasType = kObjectType
		formatter  func(recurse int) []string
		numeric    func(i int) bool
	)
	class := o.ClassName()
	if coll := c.h.call("coll", o).String(); coll != "" {
		class = coll
	}
	typedName := c.h.call("typedName", o)

	switch {
	case c.h.call("isArray", o).ToBoolean():
		keys = c.getKeys(o, true)
		n := int(o.Get("length").ToInteger())
		prefix := ""
		if !ctorIs("Array") || tag != "" {
			prefix = getPrefix(ctor, tag, "Array", c.sizeSuffix(n, false))
		}
		braces = [2]string{prefix + "[", "]"}
		if n == 0 && len(keys) == 0 {
			return braces[0] + "]"
		}
		extrasType = kArrayExtrasType
		formatter = func(r int) []string { return c.formatArray(o, r, n) }
		numeric = func(i int) bool {
			v := o.Get(strconv.Itoa(i))
			return v != nil && (sobek.IsNumber(v) || sobek.IsBigInt(v))
		}
	case class == "Set" || class == "Map":
		keys = c.getKeys(o, false)
		entries, _ := isObj(c.h.call("entries", o, c.rt.ToValue(class == "Map")))
		n := int(entries.Get("length").ToInteger())
		size := n
		if class == "Map" {
			size /= 2
		}
		prefix := getPrefix(ctor, tag, class, c.sizeSuffix(size, true))
		if size == 0 && len(keys) == 0 {
			return prefix + "{}"
		}
		braces[0] = prefix + "{"
		formatter = func(r int) []string { return c.formatCollection(entries, n, class == "Map", size, r) }
	case !isUndef(typedName):
		keys = c.getKeys(o, true)
		n := int(o.Get("length").ToInteger())
		prefix := getPrefix(ctor, tag, typedName.String(), c.sizeSuffix(n, false))
		braces = [2]string{prefix + "[", "]"}
		if n == 0 && len(keys) == 0 && !c.showHidden {
			return braces[0] + "]"
		}
		extrasType = kArrayExtrasType
		formatter = func(r int) []string { return c.formatTypedArray(o, n, r) }
		numeric = func(int) bool { return true }
	default:
		keys = c.getKeys(o, false)
		_, isFn := sobek.AssertFunction(o)
		switch {
		case ctorIs("Object") && class != "Error":
			if class == "Arguments" {
				braces[0] = "[Arguments] {"
			} else if tag != "" {
				braces[0] = getPrefix(ctor, tag, "Object", "") + "{"
			}
			if len(keys) == 0 {
				return braces[0] + "}"
			}
		case isFn:
			base = c.functionBase(o, ctor, tag)
			if len(keys) == 0 {
				return base
			}
		case class == "RegExp":
			base = c.h.call("reStr", o).String()
			if p := getPrefix(ctor, tag, "RegExp", ""); p != "RegExp " {
				base = p + base
			}
			if len(keys) == 0 || c.depthExceeded(recurse) {
				return base
			}
		case class == "Date":
			base = c.h.call("date", o).String()
			if p := getPrefix(ctor, tag, "Date", ""); p != "Date " {
				base = p + base
			}
			if len(keys) == 0 {
				return base
			}
		case class == "Error":
			base = c.formatError(o, ctor, tag, &keys)
			if len(keys) == 0 {
				return base
			}
		case c.h.call("isArrayBuffer", o).ToBoolean():
			prefix := getPrefix(ctor, tag, "ArrayBuffer", "")
			if !typedArray && c.Major > 10 {
				formatter = func(int) []string { return c.formatArrayBuffer(o) }
			} else if len(keys) == 0 {
				return prefix + "{ byteLength: " + c.formatNumber(o.Get("byteLength")) + " }"
			}
			braces[0] = prefix + "{"
			bl := key{v: c.rt.ToValue("byteLength"), str: "byteLength", hidden: c.Major >= 26}
			keys = append([]key{bl}, keys...)
		case isPromise(o):
			braces[0] = getPrefix(ctor, tag, "Promise", "") + "{"
			formatter = func(r int) []string { return c.formatPromise(o, r) }
		case class == "WeakSet" || class == "WeakMap":
			braces[0] = getPrefix(ctor, tag, class, "") + "{"
			formatter = func(int) []string {
				if c.Major <= 10 {
					return []string{"[items unknown]"}
				}
				return []string{"<items unknown>"}
			}
		default:
			if bx, ok := isObj(c.h.call("boxed", o)); ok {
				base = c.boxedBase(o, bx, ctor, tag, &keys)
				if len(keys) == 0 {
					return base
				}
				break
			}
			name := c.ctxName(o, ctor, tag)
			if len(keys) == 0 {
				return name + "{}"
			}
			braces[0] = name + "{"
		}
	}

	if c.depthExceeded(recurse) {
		name := strings.TrimSuffix(c.ctxName(o, ctor, tag), " ")
		if ctor != nil {
			name = "[" + name + "]"
		}
		return name
	}
	recurse++
	c.Enter(o)
	c.CurrentDepth = recurse
	var output []string
	if formatter != nil {
		output = formatter(recurse)
	}
	for _, k := range keys {
		output = append(output, c.formatProperty(o, recurse, k, extrasType))
	}
	base = c.Leave(o, base)
	return c.Reduce(output, base, braces, extrasType == kArrayExtrasType, recurse, numeric)
}

func isPromise(o *sobek.Object) bool {
	_, ok := o.Export().(*sobek.Promise)
	return ok
}

func moreItems(n int) string { return "... " + strconv.Itoa(n) + " more item" + layout.Plural(n) }

func emptyItems(n int) string { return "<" + strconv.Itoa(n) + " empty item" + layout.Plural(n) + ">" }

func (c *ctx) formatArray(o *sobek.Object, recurse, n int) []string {
	limit := min(n, maxArrayLength)
	var output []string
	for i := 0; i < limit; i++ {
		is := strconv.Itoa(i)
		kv := c.rt.ToValue(is)
		if !c.h.call("hasOwn", o, kv).ToBoolean() {
			return c.formatSpecialArray(o, recurse, limit, n, output, i)
		}
		output = append(output, c.formatProperty(o, recurse, key{v: kv, str: is}, kArrayType))
	}
	if n > limit {
		output = append(output, moreItems(n-limit))
	}
	return output
}

// formatSpecialArray handles holes: runs of missing indices become "<N empty items>".
func (c *ctx) formatSpecialArray(o *sobek.Object, recurse, limit, n int, output []string, i int) []string {
	ks, _ := isObj(c.h.call("keys", o, c.rt.ToValue(false)))
	nk := int(ks.Get("length").ToInteger())
	index := i
	for ; i < nk && len(output) < limit; i++ {
		kv := ks.Get(strconv.Itoa(i))
		if _, sym := kv.(*sobek.Symbol); sym {
			break
		}
		k := kv.String()
		if !isIndex(k) {
			break
		}
		num, _ := strconv.Atoi(k)
		if num != index {
			output = append(output, emptyItems(num-index))
			index = num
			if len(output) == limit {
				break
			}
		}
		output = append(output, c.formatProperty(o, recurse, key{v: kv, str: k}, kArrayType))
		index++
	}
	remaining := n - index
	if len(output) != limit {
		if remaining > 0 {
			output = append(output, emptyItems(remaining))
		}
	} else if remaining > 0 {
		output = append(output, moreItems(remaining))
	}
	return output
}

func (c *ctx) formatTypedArray(o *sobek.Object, n, recurse int) []string {
	limit := min(n, maxArrayLength)
	output := make([]string, 0, limit+1)
	for i := 0; i < limit; i++ {
		v := o.Get(strconv.Itoa(i))
		if sobek.IsBigInt(v) && c.Major > 10 {
			output = append(output, v.String()+"n")
		} else {
			output = append(output, c.formatNumber(v))
		}
	}
	if n > limit {
		output = append(output, moreItems(n-limit))
	}
	if c.showHidden {
		c.IndentLvl += 2
		for _, k := range []string{"BYTES_PER_ELEMENT", "length", "byteLength", "byteOffset", "buffer"} {
			output = append(output, "["+k+"]: "+c.formatValue(o.Get(k), recurse, true))
		}
		c.IndentLvl -= 2
	}
	return output
}

func (c *ctx) formatArrayBuffer(o *sobek.Object) []string {
	n := int(o.Get("byteLength").ToInteger())
	bs, _ := isObj(c.h.call("abBytes", o))
	parts := make([]string, 0, min(n, maxArrayLength))
	for i := 0; i < min(n, maxArrayLength); i++ {
		parts = append(parts, layout.Hex(int(bs.Get(strconv.Itoa(i)).ToInteger()), 2, false))
	}
	s := strings.Join(parts, " ")
	if n > maxArrayLength {
		s += " ... " + strconv.Itoa(n-maxArrayLength) + " more byte" + layout.Plural(n-maxArrayLength)
	}
	return []string{"[Uint8Contents]: <" + s + ">"}
}

func (c *ctx) formatCollection(entries *sobek.Object, n int, isMap bool, size, recurse int) []string {
	var output []string
	c.IndentLvl += 2
	for i := 0; i < n; i++ {
		s := c.formatValue(entries.Get(strconv.Itoa(i)), recurse, false)
		if isMap {
			i++
			s += " => " + c.formatValue(entries.Get(strconv.Itoa(i)), recurse, false)
		}
		output = append(output, s)
	}
	c.IndentLvl -= 2
	if c.showHidden && c.Major <= 12 {
		output = append(output, "[size]: "+strconv.Itoa(size))
	}
	return output
}

func (c *ctx) formatPromise(o *sobek.Object, recurse int) []string {
	p := o.Export().(*sobek.Promise)
	if p.State() == sobek.PromiseStatePending {
		return []string{"<pending>"}
	}
	c.IndentLvl += 2
	s := c.formatValue(p.Result(), recurse, false)
	c.IndentLvl -= 2
	if p.State() == sobek.PromiseStateRejected {
		s = "<rejected> " + s
	}
	return []string{s}
}

func (c *ctx) boxedBase(o, bx *sobek.Object, ctor *string, tag string, keys *[]key) string {
	typ := bx.Get("0").String()
	prim := bx.Get("1")
	if typ == "String" {
		// Index keys of a boxed string would just repeat its characters.
		kept := (*keys)[:0]
		for _, k := range *keys {
			if k.sym != nil || !isIndex(k.str) {
				kept = append(kept, k)
			}
		}
		*keys = kept
	}
	base := "[" + typ
	if ctor == nil {
		base += " (null prototype)"
	} else if *ctor != typ {
		base += " (" + *ctor + ")"
	}
	var ps string
	if typ == "String" {
		ps = layout.Quote(c.Major, prim.String())
	} else {
		ps = c.formatPrimitive(prim)
	}
	base += ": " + ps + "]"
	if tag != "" && (ctor == nil || tag != *ctor) {
		base += " [" + tag + "]"
	}
	return base
}

func (c *ctx) functionBase(o *sobek.Object, ctor *string, tag string) string {
	src := c.h.call("fnStr", o).String()
	if c.Major >= 12 && strings.HasPrefix(src, "class") && strings.HasSuffix(src, "}") {
		name := "(anonymous)"
		if c.h.call("hasOwn", o, c.rt.ToValue("name")).ToBoolean() {
			if n := o.Get("name"); n != nil && n.ToBoolean() {
				name = n.String()
			}
		}
		b := "class " + name
		if ctor != nil && *ctor != "Function" {
			b += " [" + *ctor + "]"
		}
		if tag != "" && (ctor == nil || *ctor != tag) {
			b += " [" + tag + "]"
		}
		if ctor != nil {
			if p, ok := isObj(c.h.call("proto", o)); ok {
				if sn := p.Get("name"); sn != nil && sn.ToBoolean() {
					b += " extends " + sn.String()
				}
			}
		} else {
			b += " extends [null prototype]"
		}
		return "[" + b + "]"
	}
	kind := c.h.call("fnKind", o).String()
	typ := "Function"
	if strings.Contains(kind, "Generator") {
		typ = "Generator" + typ
	}
	if strings.Contains(kind, "Async") {
		typ = "Async" + typ
	}
	b := "[" + typ
	if ctor == nil {
		b += " (null prototype)"
	}
	name := ""
	if n := o.Get("name"); n != nil {
		name = n.String()
	}
	if name == "" && c.Major < 12 && strings.HasPrefix(src, "class") {
		// V8 before 7.x gave an anonymous class no own name: the
		// lookup finds its parent's (class extends EventEmitter {}).
		if p, ok := isObj(c.h.call("proto", o)); ok {
			if n := p.Get("name"); n != nil {
				name = n.String()
			}
		}
	}
	if name == "" {
		if c.Major > 13 {
			b += " (anonymous)"
		}
	} else {
		b += ": " + name
	}
	b += "]"
	if ctor != nil && *ctor != typ && *ctor != "Function" {
		b += " " + *ctor
	}
	if tag != "" && (ctor == nil || *ctor != tag) {
		b += " [" + tag + "]"
	}
	return b
}

var nullProtoErrRe = regexp.MustCompile(`^([A-Z][a-z_ A-Z0-9[\]()-]+)(?::|\n {4}at)`)
var nullProtoErrRe2 = regexp.MustCompile(`^([a-z_A-Z0-9-]*Error)$`)

func (c *ctx) formatError(o *sobek.Object, ctor *string, tag string, keys *[]key) string {
	name := "Error"
	if n := o.Get("name"); n != nil && !isUndef(n) && !sobek.IsNull(n) {
		name = n.String()
	}
	var stack string
	if s := o.Get("stack"); s != nil && s.ToBoolean() {
		stack = s.String()
	} else {
		stack = c.h.call("errStr", o).String()
	}
	if c.stack != nil {
		stack = c.stack(stack)
	}
	if c.Major <= 10 {
		if c.IndentLvl != 0 {
			return strings.ReplaceAll(stack, "\n", "\n"+strings.Repeat(" ", c.IndentLvl))
		}
		if stackStart(stack, -1) == -1 {
			return "[" + stack + "]"
		}
		return stack
	}
	if c.Major >= 12 && !c.showHidden && len(*keys) > 0 {
		for _, n := range []string{"name", "message", "stack"} {
			for i, k := range *keys {
				if k.sym == nil && k.str == n {
					v := o.Get(n)
					if v == nil || !sobek.IsString(v) || strings.Contains(stack, v.String()) {
						*keys = append((*keys)[:i], (*keys)[i+1:]...)
					}
					break
				}
			}
		}
	}
	hasKey := func(s string) bool {
		for _, k := range *keys {
			if k.sym == nil && k.str == s {
				return true
			}
		}
		return false
	}
	if c.Major >= 16 && !isUndef(c.h.call("desc", o, c.rt.ToValue("cause"))) && !hasKey("cause") {
		*keys = append(*keys, key{v: c.rt.ToValue("cause"), str: "cause"})
	}
	// An AggregateError's errors: from 16.17.0 and 18.6.0 (layout feature).
	if errs := o.Get("errors"); errs != nil && c.Has != nil && c.Has(loop.InspectErrors) && c.h.call("isArray", errs).ToBoolean() && !hasKey("errors") {
		*keys = append(*keys, key{v: c.rt.ToValue("errors"), str: "errors"})
	}
	stack = improveStack(stack, ctor, name, tag)

	pos := -1
	if m := o.Get("message"); m != nil && m.ToBoolean() {
		if i := strings.Index(stack, m.String()); i > 0 {
			pos = i + len(m.String())
		}
	}
	if stackStart(stack, pos) == -1 {
		stack = "[" + stack + "]"
	}
	if c.IndentLvl != 0 {
		stack = strings.ReplaceAll(stack, "\n", "\n"+strings.Repeat(" ", c.IndentLvl))
	}
	return stack
}

// stackStart finds the first frame line; sobek's own "\n\tat" frames count too.
func stackStart(stack string, pos int) int {
	from := max(pos, 0)
	if from > len(stack) {
		return -1
	}
	best := -1
	for _, m := range []string{"\n    at", "\n\tat"} {
		if i := strings.Index(stack[from:], m); i >= 0 && (best < 0 || i+from < best) {
			best = i + from
		}
	}
	return best
}

func improveStack(stack string, ctor *string, name, tag string) string {
	l := len(name)
	if ctor == nil || (strings.HasSuffix(name, "Error") && strings.HasPrefix(stack, name) &&
		(len(stack) == l || stack[l] == ':' || stack[l] == '\n')) {
		fallback := "Error"
		if ctor == nil {
			fallback = ""
			if m := nullProtoErrRe.FindStringSubmatch(stack); m != nil {
				fallback = m[1]
			} else if m := nullProtoErrRe2.FindStringSubmatch(stack); m != nil {
				fallback = m[1]
			}
			l = len(fallback)
			if fallback == "" {
				fallback = "Error"
			}
		}
		prefix := strings.TrimSuffix(getPrefix(ctor, tag, fallback, ""), " ")
		if name != prefix {
			if strings.Contains(prefix, name) {
				if l == 0 {
					stack = prefix + ": " + stack
				} else {
					stack = prefix + stack[l:]
				}
			} else {
				stack = prefix + " [" + name + "]" + stack[l:]
			}
		}
	}
	return stack
}
