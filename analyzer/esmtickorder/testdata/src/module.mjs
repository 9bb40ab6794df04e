// .mjs: the promise job runs first.
queueMicrotask(() => console.log('microtask'));
process.nextTick(() => console.log('tick')); // want `nextTick callback \(line 3\) and a queueMicrotask callback \(line 2\).*loads as an ES module \(\.mjs extension\), so the promise job runs first here`
