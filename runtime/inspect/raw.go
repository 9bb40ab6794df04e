package inspect

import (
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/runtime/inspect/layout"
)

const maxArrayLength = layout.MaxArrayLength

func (c *ctx) ctxName(o Object, ctor *string, tag string) string {
	fallback := ""
	if ctor == nil {
		fallback = o.Class()
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

func (c *ctx) formatRaw(o Object, recurse int, typedArray bool) string {
	ctor := c.constructorName(o, recurse)
	tag, own := o.Tag(c.showHidden)
	// Node (12+) skips a tag that is also printed as an own property.
	if c.Major >= 12 && own {
		tag = ""
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
	kind := o.Kind()
	switch kind {
	case KArray:
		keys = c.getKeys(o, true)
		n := o.Len()
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
			switch o.Get(strconv.Itoa(i)).(type) {
			case float64, BigInt:
				return true
			}
			return false
		}
	case KSet, KMap:
		class := map[Kind]string{KSet: "Set", KMap: "Map"}[kind]
		keys = c.getKeys(o, false)
		entries := o.Entries()
		size := len(entries)
		if kind == KMap {
			size /= 2
		}
		prefix := getPrefix(ctor, tag, class, c.sizeSuffix(size, true))
		if size == 0 && len(keys) == 0 {
			return prefix + "{}"
		}
		braces[0] = prefix + "{"
		formatter = func(r int) []string { return c.formatCollection(entries, kind == KMap, size, r) }
	case KTypedArray:
		keys = c.getKeys(o, true)
		n := o.Len()
		prefix := getPrefix(ctor, tag, o.Class(), c.sizeSuffix(n, false))
		braces = [2]string{prefix + "[", "]"}
		if n == 0 && len(keys) == 0 && !c.showHidden {
			return braces[0] + "]"
		}
		extrasType = kArrayExtrasType
		formatter = func(r int) []string { return c.formatTypedArray(o, n, r) }
		numeric = func(int) bool { return true }
	default:
		keys = c.getKeys(o, false)
		switch {
		case ctorIs("Object") && kind != KError:
			if kind == KArguments {
				braces[0] = "[Arguments] {"
			} else if tag != "" {
				braces[0] = getPrefix(ctor, tag, "Object", "") + "{"
			}
			if len(keys) == 0 {
				return braces[0] + "}"
			}
		case kind == KFunction:
			base = c.functionBase(o, ctor, tag)
			if len(keys) == 0 {
				return base
			}
		case kind == KRegExp:
			base = o.Text()
			if p := getPrefix(ctor, tag, "RegExp", ""); p != "RegExp " {
				base = p + base
			}
			if len(keys) == 0 || c.depthExceeded(recurse) {
				return base
			}
		case kind == KDate:
			base = o.Text()
			if p := getPrefix(ctor, tag, "Date", ""); p != "Date " {
				base = p + base
			}
			if len(keys) == 0 {
				return base
			}
		case kind == KError:
			base = c.formatError(o, ctor, tag, &keys)
			if len(keys) == 0 {
				return base
			}
		case kind == KArrayBuffer:
			prefix := getPrefix(ctor, tag, "ArrayBuffer", "")
			if !typedArray && c.Major > 10 {
				formatter = func(int) []string { return c.formatArrayBuffer(o) }
			} else if len(keys) == 0 {
				return prefix + "{ byteLength: " + c.formatValue(o.Get("byteLength"), recurse, false) + " }"
			}
			braces[0] = prefix + "{"
			bl := key{Key: Key{Name: "byteLength"}, hidden: c.Major >= 26}
			keys = append([]key{bl}, keys...)
		case kind == KPromise:
			braces[0] = getPrefix(ctor, tag, "Promise", "") + "{"
			formatter = func(r int) []string { return c.formatPromise(o, r) }
		case kind == KWeakSet || kind == KWeakMap:
			braces[0] = getPrefix(ctor, tag, map[Kind]string{KWeakSet: "WeakSet", KWeakMap: "WeakMap"}[kind], "") + "{"
			formatter = func(int) []string {
				if c.Major <= 10 {
					return []string{"[items unknown]"}
				}
				return []string{"<items unknown>"}
			}
		case kind == KBoxed:
			base = c.boxedBase(o, ctor, tag, &keys)
			if len(keys) == 0 {
				return base
			}
		default:
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
	c.Enter(o.ID())
	c.CurrentDepth = recurse
	var output []string
	if formatter != nil {
		output = formatter(recurse)
	}
	for _, k := range keys {
		output = append(output, c.formatProperty(o, recurse, k, extrasType))
	}
	base = c.Leave(o.ID(), base)
	return c.Reduce(output, base, braces, extrasType == kArrayExtrasType, recurse, numeric)
}

func moreItems(n int) string { return "... " + strconv.Itoa(n) + " more item" + layout.Plural(n) }

func emptyItems(n int) string { return "<" + strconv.Itoa(n) + " empty item" + layout.Plural(n) + ">" }

func (c *ctx) formatArray(o Object, recurse, n int) []string {
	limit := min(n, c.arrayMax())
	var output []string
	for i := 0; i < limit; i++ {
		k := Key{Name: strconv.Itoa(i)}
		if _, ok := o.Own(k); !ok {
			return c.formatSpecialArray(o, recurse, limit, n, output, i)
		}
		output = append(output, c.formatProperty(o, recurse, key{Key: k}, kArrayType))
	}
	if n > limit {
		output = append(output, moreItems(n-limit))
	}
	return output
}

// formatSpecialArray handles holes: runs of missing indices become "<N empty items>".
func (c *ctx) formatSpecialArray(o Object, recurse, limit, n int, output []string, i int) []string {
	ks := o.Keys(false)
	index := i
	for ; i < len(ks) && len(output) < limit; i++ {
		k := ks[i]
		if k.IsSym || !isIndex(k.Name) {
			break
		}
		num, _ := strconv.Atoi(k.Name)
		if num != index {
			output = append(output, emptyItems(num-index))
			index = num
			if len(output) == limit {
				break
			}
		}
		output = append(output, c.formatProperty(o, recurse, key{Key: k}, kArrayType))
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

func (c *ctx) formatTypedArray(o Object, n, recurse int) []string {
	limit := min(n, c.arrayMax())
	output := make([]string, 0, limit+1)
	for i := 0; i < limit; i++ {
		switch v := o.Get(strconv.Itoa(i)).(type) {
		case BigInt:
			if c.Major > 10 {
				output = append(output, string(v)+"n")
			} else {
				output = append(output, string(v))
			}
		default:
			output = append(output, c.formatValue(v, recurse, false))
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

func (c *ctx) formatArrayBuffer(o Object) []string {
	n := int(toFloat(o.Get("byteLength")))
	c.beyondMax(n)
	bs := o.Bytes()
	parts := make([]string, 0, min(n, maxArrayLength))
	for i := 0; i < min(n, maxArrayLength, len(bs)); i++ {
		parts = append(parts, layout.Hex(int(bs[i]), 2, false))
	}
	s := strings.Join(parts, " ")
	if n > maxArrayLength {
		s += " ... " + strconv.Itoa(n-maxArrayLength) + " more byte" + layout.Plural(n-maxArrayLength)
	}
	return []string{"[Uint8Contents]: <" + s + ">"}
}

func toFloat(v Value) float64 {
	f, _ := v.(float64)
	return f
}

func (c *ctx) formatCollection(entries []Value, isMap bool, size, recurse int) []string {
	c.beyondMax(size)
	var output []string
	c.IndentLvl += 2
	for i := 0; i < len(entries); i++ {
		s := c.formatValue(entries[i], recurse, false)
		if isMap {
			i++
			s += " => " + c.formatValue(entries[i], recurse, false)
		}
		output = append(output, s)
	}
	c.IndentLvl -= 2
	if c.showHidden && c.Major <= 12 {
		output = append(output, "[size]: "+strconv.Itoa(size))
	}
	return output
}

func (c *ctx) formatPromise(o Object, recurse int) []string {
	state, result := o.Promise()
	if state == Pending {
		return []string{"<pending>"}
	}
	c.IndentLvl += 2
	s := c.formatValue(result, recurse, false)
	c.IndentLvl -= 2
	if state == Rejected {
		s = "<rejected> " + s
	}
	return []string{s}
}

func (c *ctx) boxedBase(o Object, ctor *string, tag string, keys *[]key) string {
	typ, prim := o.Boxed()
	if typ == "String" {
		// Index keys of a boxed string would just repeat its characters.
		kept := (*keys)[:0]
		for _, k := range *keys {
			if k.IsSym || !isIndex(k.Name) {
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
	if s, ok := prim.(string); ok {
		ps = layout.Quote(c.Major, s)
	} else {
		ps = c.formatPrimitive(prim)
	}
	base += ": " + ps + "]"
	if tag != "" && (ctor == nil || tag != *ctor) {
		base += " [" + tag + "]"
	}
	return base
}

func truthy(v Value) bool {
	switch v := v.(type) {
	case nil, Null:
		return false
	case bool:
		return v
	case float64:
		return v != 0 && !math.IsNaN(v)
	case string:
		return v != ""
	case BigInt:
		return v != "0"
	}
	return true
}

func (c *ctx) functionBase(o Object, ctor *string, tag string) string {
	class, kind := o.Function()
	if c.Major >= 12 && class {
		name := "(anonymous)"
		if _, ok := o.Own(Key{Name: "name"}); ok {
			if n := o.Get("name"); truthy(n) {
				name = c.str(n)
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
			if p, ok := o.Proto(); ok {
				if sn := p.Get("name"); truthy(sn) {
					b += " extends " + c.str(sn)
				}
			}
		} else {
			b += " extends [null prototype]"
		}
		return "[" + b + "]"
	}
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
		name = c.str(n)
	}
	if name == "" && c.Major < 12 && class {
		// V8 before 7.x gave an anonymous class no own name: the
		// lookup finds its parent's (class extends EventEmitter {}).
		if p, ok := o.Proto(); ok {
			if n := p.Get("name"); n != nil {
				name = c.str(n)
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

func (c *ctx) formatError(o Object, ctor *string, tag string, keys *[]key) string {
	name := "Error"
	if n := o.Get("name"); n != nil && n != (Null{}) {
		name = c.str(n)
	}
	var stack string
	if s := o.Get("stack"); truthy(s) {
		stack = c.str(s)
	} else {
		stack = o.Text()
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
				if !k.IsSym && k.Name == n {
					v, isStr := o.Get(n).(string)
					if !isStr || strings.Contains(stack, v) {
						*keys = append((*keys)[:i], (*keys)[i+1:]...)
					}
					break
				}
			}
		}
	}
	hasKey := func(s string) bool {
		for _, k := range *keys {
			if !k.IsSym && k.Name == s {
				return true
			}
		}
		return false
	}
	if _, ok := o.Own(Key{Name: "cause"}); c.Major >= 16 && ok && !hasKey("cause") {
		*keys = append(*keys, key{Key: Key{Name: "cause"}})
	}
	// An AggregateError's errors: from 16.17.0 and 18.6.0 (layout feature).
	if c.Has != nil && c.Has(loop.InspectErrors) && !hasKey("errors") {
		if errs, ok := o.Get("errors").(Object); ok && errs.Kind() == KArray {
			*keys = append(*keys, key{Key: Key{Name: "errors"}})
		}
	}
	stack = improveStack(stack, ctor, name, tag)

	pos := -1
	if m := o.Get("message"); truthy(m) {
		if i := strings.Index(stack, c.str(m)); i > 0 {
			pos = i + len(c.str(m))
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
