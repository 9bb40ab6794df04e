package runtime

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"errors"
	"io"

	"github.com/grafana/sobek"
)

// zlibBindings is __internal.zlib, the host side of jslib/zlib.js: Go's
// compress packages. Decompression is exact; compression is not (Go's
// compressor writes other bytes than zlib's, though they decompress
// alike): a run under another seed writes other bytes again, and the
// answer says a line that changes is not modelled (answer.varies).
//
//	deflate(kind, bytes, level)  -> Buffer   kind: "deflate", "gzip" or "raw"
//	inflate(kind, bytes, partial) -> Buffer, or [code, errno, message]   kind also "unzip";
//	                                partial: input that ends early is no error (a stream's so far)
func (h *host) zlibBindings() *sobek.Object {
	rt := h.rt
	o := rt.NewObject()
	o.Set("deflate", func(c sobek.FunctionCall) sobek.Value {
		h.compressed = true
		h.p.seeded.Store(true)
		data := h.bytesOf(c.Argument(1))
		level := int(c.Argument(2).ToInteger())
		if level < -1 || level > 9 {
			level = -1
		}
		var b bytes.Buffer
		var w io.WriteCloser
		switch c.Argument(0).String() {
		case "gzip":
			w, _ = gzip.NewWriterLevel(&b, level)
		case "raw":
			w, _ = flate.NewWriter(&b, level)
		default:
			w, _ = zlib.NewWriterLevel(&b, level)
		}
		w.Write(data)
		if h.seed != h.p.opts.Seed {
			// Under another seed, other bytes that decompress alike (an
			// empty stored block more): a line that changes shows Go's
			// bytes, which are not zlib's (Result.Compressed).
			if f, ok := w.(interface{ Flush() error }); ok {
				f.Flush()
			}
		}
		w.Close()
		return h.newBuffer(b.Bytes(), nil)
	})
	o.Set("inflate", func(c sobek.FunctionCall) sobek.Value {
		data := h.bytesOf(c.Argument(1))
		kind := c.Argument(0).String()
		if kind == "unzip" {
			kind = "deflate"
			if len(data) >= 2 && data[0] == 0x1f && data[1] == 0x8b {
				kind = "gzip"
			}
		}
		var r io.Reader
		var err error
		switch kind {
		case "gzip":
			var z *gzip.Reader
			if z, err = gzip.NewReader(bytes.NewReader(data)); err == nil {
				z.Multistream(true)
				r = z
			}
		case "raw":
			r = flate.NewReader(bytes.NewReader(data))
		default:
			r, err = zlib.NewReader(bytes.NewReader(data))
		}
		var out []byte
		if err == nil {
			// A small input can inflate to gigabytes: past the budget the
			// run stops as out of memory, before Go holds it all.
			limit := min(h.p.opts.MaxHeap, maxInflate)
			out, err = io.ReadAll(io.LimitReader(r, int64(limit)+1))
			if uint64(len(out)) > limit {
				h.tripped.Store(int32(sigMemory))
				rt.Interrupt(sigMemory)
				return sobek.Undefined()
			}
		}
		partial := c.Argument(2).ToBoolean()
		if partial && (errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF)) {
			return h.newBuffer(out, nil) // a stream's input so far
		}
		if err != nil {
			code, errno, msg := zlibError(err)
			if msg == "" {
				h.incomplete("zlib's message for this corrupt input is not modelled")
				msg = "invalid data"
			}
			return rt.NewArray(code, errno, msg)
		}
		return h.newBuffer(out, nil)
	})
	return o
}

// maxInflate bounds what one decompression may produce.
const maxInflate = 256 << 20

// zlibError is zlib's code, errno and message for what Go's readers
// report; "" where Go's error does not say which of zlib's it would be.
func zlibError(err error) (string, int, string) {
	switch {
	case errors.Is(err, zlib.ErrHeader), errors.Is(err, gzip.ErrHeader):
		return "Z_DATA_ERROR", -3, "incorrect header check"
	case errors.Is(err, zlib.ErrChecksum), errors.Is(err, gzip.ErrChecksum):
		return "Z_DATA_ERROR", -3, "incorrect data check"
	case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		return "Z_BUF_ERROR", -5, "unexpected end of file"
	}
	return "Z_DATA_ERROR", -3, ""
}
