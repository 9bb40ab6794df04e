package runtime

import (
	"encoding/binary"
	"math/rand/v2"

	"github.com/grafana/sobek"

	"github.com/looplint/looplint/runtime/nodecrypto"
)

// cryptoBindings is __internal.crypto, the host side of jslib/crypto.js
// (the interpreter has none: it leaves crypto to this engine).
func (h *host) cryptoBindings() *sobek.Object {
	rt := h.rt
	o := rt.NewObject()
	bytes := func(v sobek.Value) []byte { return h.bytesOf(v) }
	o.Set("digest", func(c sobek.FunctionCall) sobek.Value {
		f := nodecrypto.Hash(c.Argument(0).String())
		if f == nil {
			return sobek.Null()
		}
		return h.newBuffer(nodecrypto.Digest(f, bytes(c.Argument(1))), nil)
	})
	o.Set("hmac", func(c sobek.FunctionCall) sobek.Value {
		f := nodecrypto.Hash(c.Argument(0).String())
		if f == nil {
			return sobek.Null()
		}
		return h.newBuffer(nodecrypto.HMAC(f, bytes(c.Argument(1)), bytes(c.Argument(2))), nil)
	})
	derived := func(b []byte, err error) sobek.Value {
		if err != nil {
			return rt.ToValue(err.Error())
		}
		return h.newBuffer(b, nil)
	}
	o.Set("pbkdf2", func(c sobek.FunctionCall) sobek.Value {
		return derived(nodecrypto.PBKDF2(c.Argument(4).String(), bytes(c.Argument(0)), bytes(c.Argument(1)),
			int(c.Argument(2).ToInteger()), h.sized(c.Argument(3))))
	})
	o.Set("scrypt", func(c sobek.FunctionCall) sobek.Value {
		return derived(nodecrypto.Scrypt(bytes(c.Argument(0)), bytes(c.Argument(1)), int(c.Argument(3).ToInteger()),
			int(c.Argument(4).ToInteger()), int(c.Argument(5).ToInteger()), h.sized(c.Argument(2))))
	})
	o.Set("random", func(c sobek.FunctionCall) sobek.Value {
		b := make([]byte, h.sized(c.Argument(0)))
		h.randomBytes(b)
		return h.newBuffer(b, nil)
	})
	o.Set("known", func(c sobek.FunctionCall) sobek.Value {
		return rt.ToValue(nodecrypto.Hash(c.Argument(0).String()) != nil)
	})
	o.Set("hashes", func(sobek.FunctionCall) sobek.Value {
		names := nodecrypto.Hashes()
		vs := make([]any, len(names))
		for i, n := range names {
			vs[i] = n
		}
		return rt.NewArray(vs...)
	})
	return o
}

// sized is a byte count a program asks for, within the sandbox's heap.
func (h *host) sized(v sobek.Value) int {
	n := v.ToInteger()
	if n < 0 || uint64(n) > h.p.opts.MaxHeap {
		h.tripped.Store(int32(sigMemory))
		h.rt.Interrupt(sigMemory)
		return 0
	}
	return int(n)
}

// randomBytes fills b from the run's own generator: a schedule fixes
// everything but the program, so a run's random bytes are the same each
// time it is replayed (Program.RunSeed varies them).
func (h *host) randomBytes(b []byte) {
	if h.rng == nil {
		h.p.seeded.Store(true)
		var seed [32]byte
		binary.LittleEndian.PutUint64(seed[:], h.seed)
		h.rng = rand.NewChaCha8(seed)
	}
	h.rng.Read(b)
}
