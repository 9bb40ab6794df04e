// Package layout is the part of Node's util.inspect that decides how the
// formatted entries of an object or array are laid out: on one line, one
// per line, or grouped in columns. The runtime's inspect (which formats
// engine values) and the predictor (which formats its own) both use it.
package layout

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/looplint/looplint/loop"
)

// MaxArrayLength is util.inspect's default maxArrayLength.
const MaxArrayLength = 100

// Ctx is the layout state of one util.inspect call.
type Ctx struct {
	Major        int  // the Node major version the output should match
	Legacy       bool // Node <= 11: compact=true, breakLength 60
	BreakLength  int
	IndentLvl    int // ctx.indentationLvl
	CurrentDepth int // ctx.currentDepth: the level of the object formatted last
	// Depth is the depth option: how many levels are shown below the top
	// one (2 by default, -1 for null or Infinity).
	Depth int
	// Has reports whether the release has a feature of loop's table
	// (InspectProtoKey, InspectStringWidth); nil: none.
	Has func(feature loop.Feature) bool

	seen     []any       // the objects being formatted, outermost first (ctx.seen)
	circular map[any]int // those met again inside themselves, numbered (ctx.circular)
}

// Circular is what formatValue prints for o when o is being formatted
// already, a cycle: [Circular] before Node 13, [Circular *N] from 13
// (measured on 12.22.12 and 13.0.0), N numbering such objects in the
// order their cycles are met.
func (c *Ctx) Circular(o any) (string, bool) {
	if !slices.Contains(c.seen, o) {
		return "", false
	}
	if c.Major <= 12 {
		return "[Circular]", true
	}
	if c.circular == nil {
		c.circular = map[any]int{}
	}
	idx, ok := c.circular[o]
	if !ok {
		idx = len(c.circular) + 1
		c.circular[o] = idx
	}
	return "[Circular *" + strconv.Itoa(idx) + "]", true
}

// Enter and Leave bracket the formatting of o's entries (formatRaw).
func (c *Ctx) Enter(o any) { c.seen = append(c.seen, o) }

// Leave ends Enter's o and returns base with <ref *N> before it when a
// cycle met o again inside itself.
func (c *Ctx) Leave(o any, base string) string {
	c.seen = c.seen[:len(c.seen)-1]
	idx, ok := c.circular[o]
	switch {
	case !ok:
		return base
	case base == "":
		return "<ref *" + strconv.Itoa(idx) + ">"
	}
	return "<ref *" + strconv.Itoa(idx) + "> " + base
}

// Past reports whether an object at level recurse is below the depth
// option, and so printed as [Object], [Array], ...
func (c *Ctx) Past(recurse int) bool { return c.Depth >= 0 && recurse > c.Depth }

// New is the layout state of util.inspect's defaults on Node major.
func New(major int) Ctx {
	c := Ctx{Major: major, BreakLength: 80, Depth: 2}
	if major <= 11 {
		c.Legacy, c.BreakLength = true, 60
	}
	return c
}

func (c *Ctx) belowBreakLength(output []string, start int, base string) bool {
	total := len(output) + start
	if total+len(output) > c.BreakLength {
		return false
	}
	for _, s := range output {
		total += Width(s)
		if total > c.BreakLength {
			return false
		}
	}
	return c.Legacy || base == "" || !strings.Contains(base, "\n")
}

// Reduce is reduceToSingleString: the entries of one object on one line
// when they fit (and the object holds fewer than three nested levels,
// counted from CurrentDepth), else one per line; more than six array
// entries are first grouped into columns. numeric(i) says whether entry i
// is a number (columns are then right-aligned); nil when not an array.
func (c *Ctx) Reduce(output []string, base string, braces [2]string, arrayExtras bool, recurse int, numeric func(int) bool) string {
	if c.Legacy {
		if c.belowBreakLength(output, 0, base) {
			b := ""
			if base != "" {
				b = " " + base
			}
			return braces[0] + b + " " + strings.Join(output, ", ") + " " + braces[1]
		}
		ind := strings.Repeat(" ", c.IndentLvl)
		ln := " "
		if base != "" || len(braces[0]) != 1 {
			ln = "\n" + ind + "  "
			if base != "" {
				ln = " " + base + ln
			}
		}
		return braces[0] + ln + strings.Join(output, ",\n"+ind+"  ") + " " + braces[1]
	}
	entries := len(output)
	if arrayExtras && entries > 6 {
		output = c.group(output, numeric)
	}
	b := ""
	if base != "" {
		b = base + " "
	}
	if c.CurrentDepth-recurse < 3 && entries == len(output) {
		start := len(output) + c.IndentLvl + len(braces[0]) + len(base) + 10
		if c.belowBreakLength(output, start, base) {
			joined := strings.Join(output, ", ")
			if c.Major <= 13 || !strings.Contains(joined, "\n") {
				return b + braces[0] + " " + joined + " " + braces[1]
			}
		}
	}
	ind := "\n" + strings.Repeat(" ", c.IndentLvl)
	return b + braces[0] + ind + "  " + strings.Join(output, ","+ind+"  ") + ind + braces[1]
}

// group lays short array items out in aligned columns (compact: 3).
func (c *Ctx) group(output []string, numeric func(int) bool) []string {
	totalLength, maxLength := 0, 0
	outputLength := len(output)
	if len(output) > MaxArrayLength {
		outputLength-- // the "... more items" entry is not laid out
	}
	const sep = 2
	dataLen := make([]int, outputLength)
	w := Width
	if c.has(loop.InspectStringWidth) {
		w = StringWidth
	}
	for i := 0; i < outputLength; i++ {
		l := w(output[i])
		dataLen[i] = l
		totalLength += l + sep
		maxLength = max(maxLength, l)
	}
	actualMax := maxLength + sep
	if actualMax*3+c.IndentLvl >= c.BreakLength ||
		!(float64(totalLength)/float64(actualMax) > 5 || maxLength <= 6) {
		return output
	}
	averageBias := math.Sqrt(float64(actualMax) - float64(totalLength)/float64(len(output)))
	biasedMax := math.Max(float64(actualMax)-3-averageBias, 1)
	columns := min(
		int(math.Round(math.Sqrt(2.5*biasedMax*float64(outputLength))/biasedMax)),
		(c.BreakLength-c.IndentLvl)/actualMax,
		3*4,
		15,
	)
	if columns <= 1 {
		return output
	}
	maxLineLength := make([]int, 0, columns)
	for i := 0; i < columns; i++ {
		lineLength := 0
		for j := i; j < outputLength; j += columns {
			lineLength = max(lineLength, dataLen[j])
		}
		maxLineLength = append(maxLineLength, lineLength+sep)
	}
	padStart := numeric != nil
	for i := 0; padStart && i < len(output); i++ {
		padStart = numeric(i)
	}
	var tmp []string
	for i := 0; i < outputLength; i += columns {
		end := min(i+columns, outputLength)
		var sb strings.Builder
		j := i
		for ; j < end-1; j++ {
			cell := output[j] + ", "
			pad := strings.Repeat(" ", max(0, maxLineLength[j-i]-dataLen[j]-sep))
			if padStart {
				sb.WriteString(pad + cell)
			} else {
				sb.WriteString(cell + pad)
			}
		}
		if padStart {
			sb.WriteString(strings.Repeat(" ", max(0, maxLineLength[j-i]-sep-dataLen[j])) + output[j])
		} else {
			sb.WriteString(output[j])
		}
		tmp = append(tmp, sb.String())
	}
	if outputLength < len(output) {
		tmp = append(tmp, output[outputLength])
	}
	return tmp
}

// Width is a string's length in UTF-16 code units, as JavaScript counts it.
func Width(s string) int {
	n := 0
	for _, r := range s {
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
	}
	return n
}

// Buffer is how util.inspect shows a Buffer: at most 50 bytes in hex,
// then "... N more bytes" (11+; measured on 10, 11, 12) or "... " (10).
func Buffer(major int, b []byte) string {
	var sb strings.Builder
	sb.WriteString("<Buffer ")
	n := min(len(b), 50)
	for i := 0; i < n; i++ {
		if i > 0 {
			sb.WriteByte(' ')
		}
		const hex = "0123456789abcdef"
		sb.WriteByte(hex[b[i]>>4])
		sb.WriteByte(hex[b[i]&15])
	}
	if rest := len(b) - n; rest > 0 {
		if major < 11 {
			sb.WriteString(" ... ")
		} else {
			sb.WriteString(" ... " + strconv.Itoa(rest) + " more byte")
			if rest > 1 {
				sb.WriteByte('s')
			}
		}
	}
	return sb.String() + ">"
}

// SizeSuffix is the "(n)" util.inspect puts after a typed array's class
// name from 12 and after a Map's or Set's (collection) from 13: measured
// on 12.22.12 (Map { 1 => 2 }) and 13.14.0 (Map(1) { 1 => 2 }).
func SizeSuffix(major, n int, collection bool) string {
	if major <= 11 || collection && major <= 12 {
		return ""
	}
	return "(" + strconv.Itoa(n) + ")"
}

func (c *Ctx) has(feature loop.Feature) bool { return c.Has != nil && c.Has(feature) }
