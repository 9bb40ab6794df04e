package predict

import (
	"strings"

	"github.com/looplint/looplint/ir"
)

// The global object. Implicit globals (sloppy x = 1) and properties written
// through global, globalThis or a sloppy function's this are one store,
// in.globals's cells, so global.done = true reads back as done and the
// other way round. Top-level var does not reach it: CommonJS and ES
// modules both scope it to the module.

func (in *Interp) globalMember(k string, pos ir.Pos) Value {
	if c := in.globals.vars[k]; c != nil {
		return c.v
	}
	if b, ok := in.libGlobal(k); ok {
		return b
	}
	if b, ok := in.builtins[k]; ok && !strings.HasPrefix(k, "__looplint") {
		return b
	}
	t, ok := in.p.Global(k)
	if !ok {
		return nil
	}
	if g := in.opaqueGlobal(k, t); g != nil {
		return g
	}
	in.reason(pos, "globalThis.%s is not modelled", k)
	return unknown{why: k}
}

// opaqueGlobal is a global function or object of this release that the
// predictor does not model (fetch, URL, ...), made once per run: reading
// it is no reason, calling it or reading its members is (as the
// runtime's stubs throw). The typed-array family has the prototypes
// Node's library reads (interp_intrinsics.go). nil for other types.
func (in *Interp) opaqueGlobal(name, typ string) *Native {
	if v, ok := in.builtins[name].(*Native); ok {
		return v
	}
	var g *Native
	switch typ {
	case "function":
		g = &Native{Name: name, Props: map[string]Value{}, Fn: func(_ Value, _ []Value, pos ir.Pos) Value {
			in.reason(pos, "builtin %s is not modelled", name)
			return unknown{why: name}
		}}
	case "object":
		g = &Native{Name: name, Obj: true, Props: map[string]Value{}}
	default:
		return nil
	}
	if name == "ArrayBuffer" {
		g.Props["isView"] = native("isView", func(_ Value, a []Value, _ ir.Pos) Value {
			if isBuffer(arg(a, 0)) {
				return true // a Buffer is a Uint8Array
			}
			if u, ok := arg(a, 0).(unknown); ok && (u.typ == "" || u.typ == "object") {
				return unknown{why: "ArrayBuffer.isView"} // a Buffer, maybe
			}
			return false
		})
	}
	in.builtins[name] = g
	return g
}

func (in *Interp) setGlobal(k string, v Value, pos ir.Pos) {
	if _, global := in.p.Global(k); global || in.builtins[k] != nil {
		in.reason(pos, "assignment to globalThis.%s is not modelled", k)
		return
	}
	in.mut(in.globals.born)
	if c := in.globals.vars[k]; c != nil {
		c.v = v
		return
	}
	in.globals.declare(k, v, false)
}

// globalType is typeof a global the release has ("" when it lacks it or
// the type is not fixed).
func (in *Interp) globalType(name string) string {
	t, _ := in.p.Global(name)
	return t
}
