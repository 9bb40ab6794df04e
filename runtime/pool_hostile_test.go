package runtime_test

import (
	"strings"
	"testing"

	"github.com/looplint/looplint/runtime"
)

// The pool's modules keep to the sandbox: a derivation past the CPU
// budget is an error, a decompression bomb stops the run as out of
// memory, no lookup leaves it, and nothing of the host's environment
// shows (UV_THREADPOOL_SIZE included).
func TestHostilePool(t *testing.T) {
	t.Setenv("UV_THREADPOOL_SIZE", "1")
	for _, c := range []struct {
		name, src string
		status    runtime.Status
		want      string
	}{
		{"pbkdf2-huge", `try { require('crypto').pbkdf2Sync('a', 'b', 2e9, 64, 'sha512'); } catch (e) { console.log(e.message); }`,
			runtime.StatusExited, "looplint: the derivation exceeds the sandbox's CPU budget"},
		{"scrypt-huge", `try { require('crypto').scrypt('a', 'b', 64, { N: 2 ** 20, r: 64, maxmem: 2 ** 40 }, () => {}); } catch (e) { console.log(e.message); }`,
			runtime.StatusExited, "looplint: the derivation exceeds the sandbox's CPU budget"},
		{"inflate-bomb", `const z = require('zlib'); const b = z.deflateSync(Buffer.alloc(300 * 1024 * 1024)); console.log(z.inflateSync(b).length);`,
			runtime.StatusMemory, ""},
		{"lookup-outside", `require('dns').lookup('example.com', (e) => console.log(e.code))`, runtime.StatusExited, "ENOTFOUND"},
		{"resolve-outside", `require('dns').resolve4('example.com', (e) => console.log(e.syscall))`, runtime.StatusExited, "queryA"},
		{"env", `console.log(JSON.stringify(process.env))`, runtime.StatusExited, "{}"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r, _ := hostileRun(t, "", "", c.src, runtime.Options{})
			if r.Status != c.status {
				t.Errorf("status %s (%s), want %s", r.Status, r.Message, c.status)
			}
			if c.want != "" && !strings.Contains(strings.Join(r.Stdout, "\n"), c.want) {
				t.Errorf("stdout %q lacks %q (stderr %q)", r.Stdout, c.want, r.Stderr)
			}
		})
	}
}
