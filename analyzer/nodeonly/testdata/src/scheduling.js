// Node's scheduling in a browser script.
setImmediate(() => console.log('later')); // want `setImmediate is Node's: a browser \(--target browser\) has none, so this throws a ReferenceError there; use setTimeout\(fn, 0\)`
process.nextTick(() => console.log('soon')); // want `process is Node's: .*queueMicrotask`
const fs = require('fs'); // want `require is Node's`
module.exports = { fs }; // want `module is Node's`
const b = Buffer.from('x'); // want `Buffer is Node's`
console.log(__dirname, b); // want `__dirname is Node's`

// What the browser has is not reported, nor a property of that name.
setTimeout(() => console.log('task'), 0);
queueMicrotask(() => console.log('microtask'));
const o = { process: 1, require: 2 };
console.log(o.process, o.require, globalThis.window);
