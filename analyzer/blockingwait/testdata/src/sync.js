const fs = require('fs');
const { execSync } = require('node:child_process');
const crypto = require('crypto');
const zlib = require('zlib');
const http = require('http');
const EventEmitter = require('events');

// Start-up code: fine.
const config = fs.readFileSync(__filename, 'utf8');

setTimeout(() => {
  fs.readFileSync(__filename); // want "fs.readFileSync blocks the event loop in a setTimeout callback \\(line 11\\)"
}, 10);

setImmediate(function refresh() {
  execSync('true'); // want "child_process.execSync blocks the event loop in a setImmediate callback"
});

function hash(data) {
  return crypto.pbkdf2Sync(data, 'salt', 1, 32, 'sha256'); // want "crypto.pbkdf2Sync blocks the event loop in hash, reached from a 'request' listener \\(line 24\\)"
}

const server = http.createServer();
server.on('request', (req, res) => {
  res.end(hash(req.url));
});

http.createServer((req, res) => {
  res.end(zlib.gzipSync('hi')); // want "zlib.gzipSync blocks the event loop in a request handler \\(line 28\\)"
});

Promise.resolve().then(() => fs.statSync('.')); // want "fs.statSync blocks the event loop in a .then\\(\\) callback"

fs.readFile(__filename, (err) => {
  if (!err) fs.writeFileSync('/tmp/x', config); // want "fs.writeFileSync blocks the event loop in a fs.readFile callback"
});

async function load() {
  const a = fs.readFileSync('a'); // before the first await: start-up when called at start-up
  await null;
  return fs.readFileSync('b') + a; // want "fs.readFileSync blocks the event loop after an await in load"
}
load();

const app = { get() {} };
app.get('/', (req, res) => res.send(fs.readdirSync('.'))); // want "fs.readdirSync blocks the event loop in a request handler"

// Shadowed fs: not the module.
function local(fs) {
  setTimeout(() => fs.readFileSync('x'), 1);
}
local({ readFileSync() {} });

// Emitter listeners and nextTick callbacks too.
const e = new EventEmitter();
e.once('data', () => crypto.randomFillSync(Buffer.alloc(4))); // want "crypto.randomFillSync blocks the event loop in a 'data' listener"
process.nextTick(() => fs.existsSync('x')); // want "fs.existsSync blocks the event loop in a process.nextTick callback"
