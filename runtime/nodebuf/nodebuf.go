// Package nodebuf is Buffer's string encodings as Node reads and writes
// them: one home for the runtime's Buffer and the predictor's.
package nodebuf

import (
	"encoding/base64"
	"encoding/hex"
	"strings"
	"unicode/utf8"
)

// Encode is the bytes Buffer.from(s, enc) holds (utf8 for an unknown
// encoding name, as the runtime's callers check names first).
func Encode(s, enc string) []byte {
	switch enc {
	case "latin1", "binary", "ascii":
		b := make([]byte, 0, len(s))
		for _, r := range s {
			b = append(b, byte(r))
		}
		return b
	case "hex":
		// Node stops at the first pair that is not hex.
		var b []byte
		for i := 0; i+1 < len(s); i += 2 {
			x, err := hex.DecodeString(s[i : i+2])
			if err != nil {
				break
			}
			b = append(b, x[0])
		}
		return b
	case "base64", "base64url":
		return decodeBase64(s)
	}
	return []byte(s)
}

// decodeBase64 is Node's lenient base64: both alphabets, padding and
// anything else skipped, a trailing partial group kept as far as it goes.
func decodeBase64(s string) []byte {
	var clean strings.Builder
	for _, r := range s {
		switch {
		case r == '=':
			goto done
		case r == '-':
			clean.WriteByte('+')
		case r == '_':
			clean.WriteByte('/')
		case r >= 'A' && r <= 'Z', r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '+', r == '/':
			clean.WriteRune(r)
		}
	}
done:
	c := clean.String()
	if len(c)%4 == 1 {
		c = c[:len(c)-1]
	}
	b, _ := base64.RawStdEncoding.DecodeString(c)
	return b
}

// Decode is Buffer.prototype.toString(enc): invalid UTF-8 becomes
// U+FFFD (see Valid).
func Decode(b []byte, enc string) string {
	switch enc {
	case "latin1", "binary":
		r := make([]rune, len(b))
		for i, c := range b {
			r[i] = rune(c)
		}
		return string(r)
	case "ascii":
		r := make([]rune, len(b))
		for i, c := range b {
			r[i] = rune(c & 0x7f)
		}
		return string(r)
	case "hex":
		return hex.EncodeToString(b)
	case "base64":
		return base64.StdEncoding.EncodeToString(b)
	case "base64url":
		return base64.RawURLEncoding.EncodeToString(b)
	}
	if utf8.Valid(b) {
		return string(b)
	}
	return strings.ToValidUTF8(string(b), "\uFFFD")
}

// Known reports whether enc names an encoding Encode and Decode handle.
func Known(enc string) bool {
	switch enc {
	case "utf8", "utf-8", "latin1", "binary", "ascii", "hex", "base64", "base64url":
		return true
	}
	return false
}
