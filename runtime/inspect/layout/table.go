package layout

import (
	"slices"
	"strconv"
	"strings"
)

// Table draws console.table's box: head above columns of cells (a
// missing cell is ""). Releases before 20.11 and 21.2 center each cell,
// later ones align it left (measured on 20.10.0/20.11.0 and 21.1.0/21.2.0).
func Table(head []string, columns [][]string, left bool) string {
	rows := 0
	for _, c := range columns {
		rows = max(rows, len(c))
	}
	widths := make([]int, len(head))
	for i, h := range head {
		widths[i] = Width(h)
		for j := 0; j < rows; j++ {
			widths[i] = max(widths[i], Width(cell(columns[i], j)))
		}
	}
	row := func(cells func(i int) string) string {
		var b strings.Builder
		b.WriteString("│ ")
		for i := range head {
			c := cells(i)
			pad := widths[i] - Width(c)
			if left {
				b.WriteString(c + strings.Repeat(" ", pad))
			} else {
				b.WriteString(strings.Repeat(" ", pad/2) + c + strings.Repeat(" ", pad-pad/2))
			}
			if i < len(head)-1 {
				b.WriteString(" │ ")
			}
		}
		b.WriteString(" │")
		return b.String()
	}
	divider := make([]string, len(widths))
	for i, w := range widths {
		divider[i] = strings.Repeat("─", w+2)
	}
	var b strings.Builder
	b.WriteString("┌" + strings.Join(divider, "┬") + "┐\n")
	b.WriteString(row(func(i int) string { return head[i] }) + "\n")
	b.WriteString("├" + strings.Join(divider, "┼") + "┤\n")
	for j := 0; j < rows; j++ {
		b.WriteString(row(func(i int) string { return cell(columns[i], j) }) + "\n")
	}
	b.WriteString("└" + strings.Join(divider, "┴") + "┘")
	return b.String()
}

func cell(c []string, j int) string {
	if j < len(c) {
		return c[j]
	}
	return ""
}

// TableRow is one entry of console.table's data, its cells already
// inspected: a primitive's own text, or an object's own keys (in
// Object.keys order) and the text of each.
type TableRow struct {
	Index     string // the entry's key, as written (not inspected)
	Primitive bool
	Value     string            // a primitive's text
	Keys      []string          // an object's own enumerable keys
	Cells     map[string]string // an object's cells, by key
}

// TableColumns lays out console.table(data, props) as Node does: a
// column per key met (integer keys first, as on the null-prototype
// object Node collects them in), primitives in a Values column unless
// props is given. props is nil when not given.
func TableColumns(rows []TableRow, props []string) (head []string, columns [][]string) {
	var keys []string
	cols := map[string][]string{}
	var values []string
	hasPrimitives := false
	for i, r := range rows {
		if props == nil && r.Primitive {
			hasPrimitives = true
			values = setAt(values, i, r.Value)
			continue
		}
		ks := props
		if ks == nil {
			ks = r.Keys
		}
		for _, k := range ks {
			if _, seen := cols[k]; !seen {
				keys = InsertKey(keys, k)
				cols[k] = nil
			}
			c, own := r.Cells[k]
			if r.Primitive || !own {
				c = ""
			}
			cols[k] = setAt(cols[k], i, c)
		}
	}
	index := make([]string, len(rows))
	for i, r := range rows {
		index[i] = r.Index
	}
	head = append([]string{"(index)"}, keys...)
	columns = [][]string{index}
	for _, k := range keys {
		columns = append(columns, cols[k])
	}
	if hasPrimitives {
		head = append(head, "Values")
		columns = append(columns, values)
	}
	return head, columns
}

func setAt(s []string, i int, v string) []string {
	for len(s) <= i {
		s = append(s, "")
	}
	s[i] = v
	return s
}

// InsertKey adds a new key in JS's own-key order: integer indexes first,
// ascending, then the others as they were added.
func InsertKey(keys []string, k string) []string {
	n, ok := ArrayIndex(k)
	if !ok {
		return append(keys, k)
	}
	i := 0
	for i < len(keys) {
		m, ok := ArrayIndex(keys[i])
		if !ok || m > n {
			break
		}
		i++
	}
	return slices.Insert(keys, i, k)
}

// ArrayIndex is k as an array index: a canonical integer below 2³²−1.
func ArrayIndex(k string) (uint64, bool) {
	if k == "" || k[0] < '0' || k[0] > '9' {
		return 0, false // (without ParseUint's error)
	}
	n, err := strconv.ParseUint(k, 10, 32)
	if err != nil || n == 1<<32-1 || strconv.FormatUint(n, 10) != k {
		return 0, false
	}
	return n, true
}
