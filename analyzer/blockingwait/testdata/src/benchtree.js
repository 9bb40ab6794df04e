// Shapes from the node_modules tree of make bench-check (bench/check).
const fs = require('fs');
const inspector = require('inspector');

// Not request handlers: a get/post method whose first argument is not a
// route path (TypeScript's disableCPUProfiler posts to an inspector
// session; webpack reads its cache).
const session = new inspector.Session();
session.post('Profiler.stop', (err, res) => {
  fs.writeFileSync('profile.cpuprofile', JSON.stringify(res));
});
const cache = new Map();
cache.get('key', null, (err, value) => fs.statSync(String(value)));

// Routes still are, with a path string, a regular expression or an array.
const app = { post() {}, get() {}, use() {} };
app.post('/upload', (req, res) => res.send(fs.readFileSync('x'))); // want "fs.readFileSync blocks the event loop in a request handler"
app.get(/^\/files/, (req, res, next) => res.send(fs.readdirSync('.'))); // want "fs.readdirSync blocks the event loop in a request handler"
app.use((req, res, next) => { fs.accessSync('.'); next(); }); // want "fs.accessSync blocks the event loop in a request handler"

// 'exit' and 'beforeExit' listeners run when the loop has nothing left
// to do: no callback waits for them (pino's and thread-stream's test
// helpers remove their temporary files there).
const files = [];
process.on('beforeExit', () => {
  for (const f of files) fs.unlinkSync(f);
});
process.once('exit', () => fs.rmSync('tmp', { recursive: true, force: true }));

// Other process events still run from the loop.
process.on('SIGUSR2', () => fs.writeFileSync('dump', 'x')); // want "fs.writeFileSync blocks the event loop in a 'SIGUSR2' listener"
