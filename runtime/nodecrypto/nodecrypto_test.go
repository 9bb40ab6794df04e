package nodecrypto

import (
	"encoding/hex"
	"testing"
)

// RFC 7914's test vectors for scrypt, and values Node 20 printed.
func TestScrypt(t *testing.T) {
	for _, c := range []struct {
		pw, salt   string
		n, r, p, l int
		want       string
	}{
		{"", "", 16, 1, 1, 64, "77d6576238657b203b19ca42c18a0497f16b4844e3074ae8dfdffa3fede21442fcd0069ded0948f8326a753a0fc81f17e8d3e0fb2e0d3628cf35e20c38d18906"},
		{"password", "NaCl", 1024, 8, 16, 64, "fdbabe1c9d3472007856e7190d01e9fe7c6ad7cbc8237830e77376634b3731622eaf30d92e22a3886ff109279d9830dac727afb94a83ee6d8360cbdfa2cc0640"},
		{"pw", "salt", 16384, 8, 1, 16, "c0b515908e61334cae6d6003c00be60e"},
	} {
		got, err := Scrypt([]byte(c.pw), []byte(c.salt), c.n, c.r, c.p, c.l)
		if err != nil || hex.EncodeToString(got) != c.want {
			t.Errorf("scrypt(%q, %q, %d, %d, %d) = %x, %v; want %s", c.pw, c.salt, c.n, c.r, c.p, got, err, c.want)
		}
	}
}

func TestPBKDF2(t *testing.T) {
	got, err := PBKDF2("sha256", []byte("pw"), []byte("salt"), 1000, 16)
	if err != nil || hex.EncodeToString(got) != "0a38253555ce37f5c72a6b703f996814" {
		t.Errorf("pbkdf2 = %x, %v", got, err)
	}
	if _, err := PBKDF2("sha256", nil, nil, MaxWork, 64); err != ErrWork {
		t.Errorf("over budget: %v", err)
	}
}
