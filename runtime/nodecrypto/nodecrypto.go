// Package nodecrypto computes what Node's crypto module computes, in Go:
// digests and HMACs by Node's algorithm names, PBKDF2 and scrypt. Both
// engines' bindings call it; results are deterministic, so they are
// memoised (a program explored many times derives the same key each run).
package nodecrypto

import (
	"crypto/hmac"
	"crypto/md5"
	"crypto/pbkdf2"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha3"
	"crypto/sha512"
	"encoding/binary"
	"errors"
	"hash"
	"math/bits"
	"sort"
	"strings"
	"sync"
)

var hashes = map[string]func() hash.Hash{
	"md5": md5.New, "sha1": sha1.New, "sha224": sha256.New224, "sha256": sha256.New,
	"sha384": sha512.New384, "sha512": sha512.New, "sha512-224": sha512.New512_224, "sha512-256": sha512.New512_256,
	"sha3-224": func() hash.Hash { return sha3.New224() }, "sha3-256": func() hash.Hash { return sha3.New256() },
	"sha3-384": func() hash.Hash { return sha3.New384() }, "sha3-512": func() hash.Hash { return sha3.New512() },
}

// aliases are OpenSSL's other names for the same digests.
var aliases = map[string]string{"rsa-md5": "md5", "rsa-sha1": "sha1", "rsa-sha256": "sha256", "rsa-sha384": "sha384",
	"rsa-sha512": "sha512", "sha-1": "sha1", "sha-256": "sha256", "sha-384": "sha384", "sha-512": "sha512"}

// Hash returns the digest named name (case-insensitive), or nil.
func Hash(name string) func() hash.Hash {
	n := strings.ToLower(name)
	if a, ok := aliases[n]; ok {
		n = a
	}
	return hashes[n]
}

// Hashes lists the names Hash knows, sorted (crypto.getHashes()).
func Hashes() []string {
	out := make([]string, 0, len(hashes))
	for n := range hashes {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Digest hashes data.
func Digest(h func() hash.Hash, data []byte) []byte {
	d := h()
	d.Write(data)
	return d.Sum(nil)
}

// HMAC is data's HMAC under key.
func HMAC(h func() hash.Hash, key, data []byte) []byte {
	m := hmac.New(h, key)
	m.Write(data)
	return m.Sum(nil)
}

// MaxWork bounds the hash-block computations one derivation may take, so
// a program cannot hold the sandbox in Go code its budgets do not see.
const MaxWork = 50_000_000

// ErrWork is a derivation over MaxWork.
var ErrWork = errors.New("the derivation exceeds the sandbox's CPU budget")

var memo sync.Map // string -> []byte

func remember(key string, f func() ([]byte, error)) ([]byte, error) {
	if v, ok := memo.Load(key); ok {
		return v.([]byte), nil
	}
	out, err := f()
	if err != nil {
		return nil, err
	}
	memo.Store(key, out)
	return out, nil
}

func memoKey(parts ...any) string {
	var b strings.Builder
	for _, p := range parts {
		switch v := p.(type) {
		case []byte:
			b.WriteString(string(binary.AppendUvarint(nil, uint64(len(v)))))
			b.Write(v)
		case string:
			b.WriteString(string(binary.AppendUvarint(nil, uint64(len(v)))))
			b.WriteString(v)
		case int:
			b.WriteString(string(binary.AppendUvarint(nil, uint64(v))))
		}
	}
	return b.String()
}

// PBKDF2 derives keyLen bytes.
func PBKDF2(digest string, password, salt []byte, iter, keyLen int) ([]byte, error) {
	h := Hash(digest)
	if h == nil {
		return nil, errors.New("unknown digest")
	}
	size := h().Size()
	if (keyLen+size-1)/size*iter > MaxWork {
		return nil, ErrWork
	}
	if keyLen == 0 {
		return []byte{}, nil
	}
	return remember(memoKey("pbkdf2", strings.ToLower(digest), password, salt, iter, keyLen), func() ([]byte, error) {
		return pbkdf2.Key(h, string(password), salt, iter, keyLen)
	})
}

// Scrypt derives keyLen bytes (RFC 7914) with cost n, block size r and
// parallelization p; the caller checks Node's parameter rules.
func Scrypt(password, salt []byte, n, r, p, keyLen int) ([]byte, error) {
	if n*r*p > MaxWork/8 {
		return nil, ErrWork
	}
	return remember(memoKey("scrypt", password, salt, n, r, p, keyLen), func() ([]byte, error) {
		b, err := pbkdf2.Key(sha256.New, string(password), salt, 1, p*128*r)
		if err != nil {
			return nil, err
		}
		x := make([]uint32, 32*r)
		v := make([]uint32, 32*r*n)
		y := make([]uint32, 32*r)
		for i := 0; i < p; i++ {
			romix(b[i*128*r:(i+1)*128*r], r, n, x, y, v)
		}
		return pbkdf2.Key(sha256.New, string(password), b, 1, keyLen)
	})
}

// romix is scrypt's sequential memory-hard mix of one 128·r-byte block.
func romix(block []byte, r, n int, x, y, v []uint32) {
	for i := range x {
		x[i] = binary.LittleEndian.Uint32(block[i*4:])
	}
	w := 32 * r
	for i := 0; i < n; i++ {
		copy(v[i*w:], x)
		blockMix(x, y, r)
	}
	for i := 0; i < n; i++ {
		j := int(x[(2*r-1)*16] & uint32(n-1))
		for k := range x {
			x[k] ^= v[j*w+k]
		}
		blockMix(x, y, r)
	}
	for i := range x {
		binary.LittleEndian.PutUint32(block[i*4:], x[i])
	}
}

// blockMix is scrypt's BlockMix over Salsa20/8: b holds 2r 16-word blocks.
func blockMix(b, y []uint32, r int) {
	var t [16]uint32
	copy(t[:], b[(2*r-1)*16:])
	for i := 0; i < 2*r; i++ {
		for k := range t {
			t[k] ^= b[i*16+k]
		}
		salsa8(&t)
		// Even blocks go to the first half, odd ones to the second.
		dst := (i/2 + (i%2)*r) * 16
		copy(y[dst:dst+16], t[:])
	}
	copy(b, y)
}

// salsa8 is the Salsa20 core with 8 rounds, in place.
func salsa8(b *[16]uint32) {
	x := *b
	q := func(a, b, c, d int) {
		x[b] ^= bits.RotateLeft32(x[a]+x[d], 7)
		x[c] ^= bits.RotateLeft32(x[b]+x[a], 9)
		x[d] ^= bits.RotateLeft32(x[c]+x[b], 13)
		x[a] ^= bits.RotateLeft32(x[d]+x[c], 18)
	}
	for i := 0; i < 8; i += 2 {
		q(0, 4, 8, 12)
		q(5, 9, 13, 1)
		q(10, 14, 2, 6)
		q(15, 3, 7, 11)
		q(0, 1, 2, 3)
		q(5, 6, 7, 4)
		q(10, 11, 8, 9)
		q(15, 12, 13, 14)
	}
	for i := range b {
		b[i] += x[i]
	}
}
