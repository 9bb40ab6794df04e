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
	if b, ok := in.builtins[k]; ok && !strings.HasPrefix(k, "__looplint") {
		return b
	}
	if _, ok := in.p.Global(k); !ok {
		return nil
	}
	in.reason(pos, "globalThis.%s is not modelled", k)
	return unknown{why: k}
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
