package predict

import (
	"github.com/looplint/looplint/ir"
	"github.com/looplint/looplint/runtime/nodecrypto"
)

// cryptoObj is __internal.crypto, which jslib/crypto.js runs over, as the
// runtime's cryptoBindings makes it: digests and derived keys are exact
// when the interpreter knows the input bytes; random bytes it does not
// model (their values differ per run), so the runtime answers for a
// program that draws them.
func (in *Interp) cryptoObj() *Native {
	o := &Native{Name: "__internal.crypto", Obj: true, Props: map[string]Value{}, closed: true}
	bytes := func(v Value, pos ir.Pos) ([]byte, bool) {
		b, ok := bufferBytes(v)
		if !ok {
			in.reason(pos, "crypto of bytes the predictor does not know")
		}
		return b, ok
	}
	num := func(v Value) int { n, _ := v.(float64); return int(n) }
	opaque := unknown{why: "crypto result", made: true, typ: "object"}
	o.Props["digest"] = native("digest", func(_ Value, a []Value, pos ir.Pos) Value {
		alg, _ := arg(a, 0).(string)
		f := nodecrypto.Hash(alg)
		if f == nil {
			return null
		}
		b, ok := bytes(arg(a, 1), pos)
		if !ok {
			return opaque
		}
		return bufferValue(nodecrypto.Digest(f, b))
	})
	o.Props["hmac"] = native("hmac", func(_ Value, a []Value, pos ir.Pos) Value {
		alg, _ := arg(a, 0).(string)
		f := nodecrypto.Hash(alg)
		if f == nil {
			return null
		}
		k, ok1 := bytes(arg(a, 1), pos)
		b, ok2 := bytes(arg(a, 2), pos)
		if !ok1 || !ok2 {
			return opaque
		}
		return bufferValue(nodecrypto.HMAC(f, k, b))
	})
	derived := func(b []byte, err error) Value {
		if err != nil {
			return err.Error()
		}
		return bufferValue(b)
	}
	o.Props["pbkdf2"] = native("pbkdf2", func(_ Value, a []Value, pos ir.Pos) Value {
		pw, ok1 := bytes(arg(a, 0), pos)
		salt, ok2 := bytes(arg(a, 1), pos)
		alg, _ := arg(a, 4).(string)
		if !ok1 || !ok2 {
			return opaque
		}
		return derived(nodecrypto.PBKDF2(alg, pw, salt, num(arg(a, 2)), num(arg(a, 3))))
	})
	o.Props["scrypt"] = native("scrypt", func(_ Value, a []Value, pos ir.Pos) Value {
		pw, ok1 := bytes(arg(a, 0), pos)
		salt, ok2 := bytes(arg(a, 1), pos)
		if !ok1 || !ok2 {
			return opaque
		}
		return derived(nodecrypto.Scrypt(pw, salt, num(arg(a, 3)), num(arg(a, 4)), num(arg(a, 5)), num(arg(a, 2))))
	})
	o.Props["random"] = native("random", func(_ Value, a []Value, pos ir.Pos) Value {
		in.reason(pos, "crypto's random bytes (they differ from run to run) are not modelled")
		return unknown{why: "random bytes", made: true, typ: "object"}
	})
	o.Props["known"] = native("known", func(_ Value, a []Value, _ ir.Pos) Value {
		alg, _ := arg(a, 0).(string)
		return nodecrypto.Hash(alg) != nil
	})
	o.Props["hashes"] = native("hashes", func(Value, []Value, ir.Pos) Value {
		names := nodecrypto.Hashes()
		vs := make([]Value, len(names))
		for i, n := range names {
			vs[i] = n
		}
		return newArray(vs)
	})
	for _, f := range o.Props {
		f.(*Native).closed = true
	}
	return o
}
