package runtime_test

import (
	"fmt"
	"net"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/looplint/looplint/runtime"
)

// The private network: a snippet that reaches for the host's network gets
// Node's error for an address it cannot reach, one that floods or never
// stops writing ends within the budgets, and none of them opens, binds or
// connects to anything on the host.
func TestHostileNet(t *testing.T) {
	cases := []struct {
		name, src string
		want      check
	}{
		{"connect-outside-address", `require('net').connect(80, '93.184.216.34').on('error', (e) => console.log(e.code, e.message))`,
			stdoutIs("ENETUNREACH connect ENETUNREACH 93.184.216.34:80")},
		{"connect-outside-name", `require('net').connect(80, 'example.com').on('error', (e) => console.log(e.code, e.message))`,
			stdoutIs("ENOTFOUND getaddrinfo ENOTFOUND example.com")},
		{"listen-outside-address", `require('net').createServer().listen(8080, '93.184.216.34').on('error', (e) => console.log(e.code))`,
			stdoutIs("EADDRNOTAVAIL")},
		{"listen-privileged-port", `require('net').createServer().listen(80).on('error', (e) => console.log(e.code, e.message))`,
			stdoutIs("EACCES listen EACCES: permission denied 0.0.0.0:80")},
		{"connect-unix-path", `require('net').connect('/var/run/docker.sock').on('error', (e) => console.log(e.code, e.message))`,
			stdoutIs("ENOENT connect ENOENT /var/run/docker.sock")},
		{"http-get-outside-name", `require('http').get('http://example.com/').on('error', (e) => console.log(e.code, e.message))`,
			stdoutIs("ENOTFOUND getaddrinfo ENOTFOUND example.com")},
		{"http-get-outside-address", `require('http').get({ host: '93.184.216.34', port: 80 }).on('error', (e) => console.log(e.code))`,
			stdoutIs("ENETUNREACH")},
		{"flood-of-connections", `const net = require('net');
const srv = net.createServer((c) => c.destroy()).listen(0, () => {
  for (let i = 0; i < 10000; i++) net.connect(srv.address().port).on('error', () => {});
});`, stoppedBy(runtime.StatusBudget, runtime.StatusTimeout)},
		{"never-ending-writes", `const net = require('net');
const srv = net.createServer((c) => { (function pump() { c.write('x'.repeat(1024), pump); })(); }).listen(0, () => {
  net.connect(srv.address().port).on('data', () => {});
});`, stoppedBy(runtime.StatusStarvation, runtime.StatusBudget, runtime.StatusTimeout)},
		{"echo-forever", `const net = require('net');
const srv = net.createServer((c) => c.on('data', (d) => c.write(d))).listen(0, () => {
  const s = net.connect(srv.address().port, () => s.write('ping'));
  s.on('data', (d) => s.write(d));
});`, stoppedBy(runtime.StatusBudget, runtime.StatusTimeout)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			r, file := hostileRun(t, "", "", c.src, hostileOpts())
			c.want(t, r, file)
		})
	}
}

// stoppedBy: the run was stopped by one of the budgets named (which one
// comes first depends on the machine's speed), with a message.
func stoppedBy(want ...runtime.Status) check {
	return func(t *testing.T, r runtime.Result, _ string) {
		t.Helper()
		for _, w := range want {
			if r.Status == w {
				if r.Message == "" {
					t.Errorf("stopped without a message\n%s", dump(r))
				}
				return
			}
		}
		t.Errorf("status %s, want one of %v\n%s", r.Status, want, dump(r))
	}
}

// TestHostileNetHostPort holds a port on the host while a snippet listens
// on the same number and connects to it: the sandbox's server listens (its
// ports are its own), its connection is refused (nothing listens on the
// private network), and the host's listener sees nothing.
func TestHostileNetHostPort(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Skipf("no loopback on this machine: %v", err)
	}
	defer ln.Close()
	port := ln.Addr().(*net.TCPAddr).Port
	accepted := make(chan struct{}, 1)
	go func() {
		if c, err := ln.Accept(); err == nil {
			c.Close()
			accepted <- struct{}{}
		}
	}()
	dir := t.TempDir()
	sock := filepath.Join(dir, "s.sock")
	src := fmt.Sprintf(`const net = require('net');
const c = net.connect(%d, '127.0.0.1');
c.on('error', (e) => {
  console.log('connect', e.code);
  const srv = net.createServer((s) => { console.log('accepted'); s.end('hi'); });
  srv.listen(%d, '127.0.0.1', () => {
    console.log('listening', srv.address().port);
    const u = net.createServer((s) => s.end('over the path')).listen(%q, () => {
      const p = net.connect(%q);
      p.setEncoding('utf8');
      p.on('data', (d) => console.log(d));
      p.on('close', () => { u.close(); srv.close(); });
    });
  });
});`, port, port, sock, sock)
	r, _ := hostileRun(t, dir, "", src, hostileOpts())
	stdoutIs("connect ECONNREFUSED", fmt.Sprintf("listening %d", port), "over the path")(t, r, "")
	select {
	case <-accepted:
		t.Errorf("the host's listener on port %d was reached from the sandbox", port)
	case <-time.After(100 * time.Millisecond):
	}
	if _, err := os.Stat(sock); err == nil {
		t.Errorf("the sandbox made a socket file on the host: %s", sock)
	}
}
