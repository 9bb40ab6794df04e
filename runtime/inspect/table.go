package inspect

import (
	"math"
	"strconv"
	"strings"

	"github.com/grafana/sobek"

	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/runtime/inspect/layout"
)

// Table is console.table(data, props) of views (props nil when not
// given): Node's columns (layout.TableColumns) and box (layout.Table).
// ok is false for data that is not an object, which console.log prints
// instead. err is the view's *Inexact, or says what is not modelled: a
// properties argument Node rejects, an iterator, text whose width Node
// measures by release.
func Table(data, props Value, conv Conv, o Options) (s string, ok bool, err error) {
	defer catch(&err)
	d, isObj := data.(Object)
	if !isObj {
		return "", false, nil
	}
	t := &table{conv: conv, o: o}
	var names []string
	if props != nil {
		p, ok := props.(Object)
		if !ok || p.Kind() != KArray {
			panic(&Inexact{Why: "console.table's properties that are not an array (Node throws)"})
		}
		names = []string{}
		for i := 0; i < p.Len(); i++ {
			v := p.Get(strconv.Itoa(i))
			if _, sym := v.(Symbol); sym {
				panic(&Inexact{Why: "console.table's symbol properties"})
			}
			names = append(names, newCtx(conv, o).str(v))
		}
	}
	if tag, _ := d.Tag(false); strings.HasSuffix(tag, " Iterator") || strings.HasSuffix(d.Class(), " Iterator") {
		panic(&Inexact{Why: "console.table of an iterator"})
	}
	var head []string
	var cols [][]string
	switch k := d.Kind(); {
	case k == KMap || k == KSet:
		head, cols = t.collection(d, k == KMap)
	default:
		head, cols = layout.TableColumns(t.rows(d, names), names)
	}
	for _, c := range append(cols, head) {
		for _, s := range c {
			measurable(s)
		}
	}
	return layout.Table(head, cols, o.Has != nil && o.Has(loop.ConsoleTableLeft)), true, nil
}

type table struct {
	conv Conv
	o    Options
}

// rows are data's entries as layout.TableColumns takes them: for an
// object entry (a function too), each key asked for that it owns.
func (t *table) rows(d Object, names []string) []layout.TableRow {
	var rows []layout.TableRow
	for _, k := range objectKeys(d) {
		item := d.Get(k)
		r := layout.TableRow{Index: k}
		x, isObj := item.(Object)
		if !isObj {
			r.Primitive, r.Value = true, t.cell(item)
			rows = append(rows, r)
			continue
		}
		r.Keys, r.Cells = objectKeys(x), map[string]string{}
		ks := names
		if ks == nil {
			ks = r.Keys
		}
		for _, ck := range ks {
			p, own := x.Own(Key{Name: ck})
			switch {
			case !own:
			case p.Getter || p.Setter:
				r.Cells[ck] = t.cell(x.Get(ck))
			default:
				r.Cells[ck] = t.cell(p.Value)
			}
		}
		rows = append(rows, r)
	}
	return rows
}

// collection is a Map's or Set's table: an iteration index, the keys
// of a Map, the values.
func (t *table) collection(d Object, isMap bool) (head []string, cols [][]string) {
	if name, ok := d.Constructor(); !ok || name != "Map" && name != "Set" {
		panic(&Inexact{Why: "console.table of a subclassed collection"})
	}
	var index, keys, values []string
	es := d.Entries()
	for i := 0; i < len(es); i++ {
		index = append(index, strconv.Itoa(len(index)))
		if isMap {
			keys = append(keys, t.cell(es[i]))
			i++
		}
		values = append(values, t.cell(es[i]))
	}
	if isMap {
		return []string{"(iteration index)", "Key", "Values"}, [][]string{index, keys, values}
	}
	return []string{"(iteration index)", "Values"}, [][]string{index, values}
}

// cell is Node's _inspect of a cell: depth 0, or -1 (the value itself
// past it) for a non-array object of more than two keys; at most three
// entries of an array; on one line from 12 (breakLength: Infinity;
// measured on 11.15.0 and 12.22.12).
func (t *table) cell(v Value) string {
	c := newCtx(t.conv, t.o)
	c.Depth, c.maxArray = 0, 3
	if c.Major >= 12 {
		c.BreakLength = math.MaxInt32
	}
	recurse := 0
	if x, ok := v.(Object); ok && x.Kind() != KFunction && x.Kind() != KArray && len(objectKeys(x)) > 2 {
		recurse = 1
	}
	return c.formatValue(v, recurse, false)
}

// objectKeys is Object.keys(o).
func objectKeys(o Object) []string {
	var ks []string
	for _, k := range o.Keys(false) {
		if !k.IsSym {
			ks = append(ks, k.Name)
		}
	}
	return ks
}

// measurable refuses text whose width is not one column a character on
// every release: Node measures wide and zero-width characters by its
// release (and ICU), and a cell broken over lines by the line's.
func measurable(s string) {
	for _, r := range s {
		if r < 0x20 || r > 0x7e && r < 0xa0 || r == 0xad || r > 0x2ff {
			panic(&Inexact{Why: "console.table of text whose width Node measures by release"})
		}
	}
}

// TableOf is Table of the engine's values.
func TableOf(rt *sobek.Runtime, data, props sobek.Value, o Options) (string, bool, error) {
	e := engine(rt)
	return Table(e.value(data), e.value(props), e, o)
}
