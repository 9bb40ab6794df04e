// Universal code: feature tests pick what exists; names the file binds
// itself are its own.
const defer = typeof setImmediate === 'function' ? setImmediate : (fn) => setTimeout(fn, 0);
defer(() => console.log('deferred'));
if (typeof process !== 'undefined' && process.versions) {
  console.log('node', process.versions.node);
}

function run(require, exports) {
  return require('x') + exports.y;
}
const global = window;
console.log(run((m) => m, { y: 1 }), global);
try {
  JSON.parse('{');
} catch (Buffer) {
  console.log(Buffer.message);
}
