// CommonJS (no package.json type, no module syntax): ticks first.
process.nextTick(() => console.log('tick')); // want `process\.nextTick callback \(line 2\) and a \.then callback on a settled promise \(line 3\).*as CommonJS the nextTick callback runs first, as an ES module the promise job runs first.*loads as CommonJS \(no package\.json "type"\), so the nextTick callback runs first here`
Promise.resolve().then(() => console.log('promise'));
