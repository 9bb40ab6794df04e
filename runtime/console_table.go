package runtime

import (
	"slices"

	"github.com/grafana/sobek"

	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/runtime/inspect"
	"github.com/looplint/looplint/runtime/inspect/layout"
)

// consoleTable is console.table(data[, properties]): Node's columns
// (layout.TableColumns) and box (layout.Table), each cell inspected as
// Node's _inspect does (depth 0, or -1 for an object of more than two
// keys). A value that is not an object prints as console.log would.
func (h *host) consoleTable(call sobek.FunctionCall) (string, bool) {
	rt := h.rt
	data, ok := call.Argument(0).(*sobek.Object)
	if !ok {
		return "", false
	}
	cellText := func(v sobek.Value) string {
		o := h.inspectOpts()
		o.Depth = inspect.DepthNone
		if obj, ok := v.(*sobek.Object); ok && obj.ClassName() != "Array" && len(obj.Keys()) > 2 {
			o.Depth = -1
		}
		return inspect.Inspect(rt, v, o)
	}
	var props []string
	if p, ok := call.Argument(1).(*sobek.Object); ok && p.ClassName() == "Array" {
		props = []string{}
		for _, k := range p.Keys() {
			props = append(props, p.Get(k).String())
		}
	}
	var rows []layout.TableRow
	for _, k := range data.Keys() {
		item := data.Get(k)
		r := layout.TableRow{Index: k}
		if obj, ok := item.(*sobek.Object); ok && !isFunction(item) {
			r.Keys, r.Cells = obj.Keys(), map[string]string{}
			for _, ck := range r.Keys {
				r.Cells[ck] = cellText(obj.Get(ck))
			}
			for _, pk := range props {
				if !slices.Contains(r.Keys, pk) && obj.GetOwnPropertyNames() != nil && slices.Contains(obj.GetOwnPropertyNames(), pk) {
					r.Cells[pk] = cellText(obj.Get(pk)) // own but not enumerable
				}
			}
		} else {
			r.Primitive, r.Value = true, cellText(item)
		}
		rows = append(rows, r)
	}
	head, cols := layout.TableColumns(rows, props)
	return layout.Table(head, cols, h.p.Profile.Has(loop.ConsoleTableLeft)), true
}

func isFunction(v sobek.Value) bool {
	_, ok := sobek.AssertFunction(v)
	return ok
}
