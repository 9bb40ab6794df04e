// Top-level await: module syntax in a typeless .js file.
process.nextTick(() => console.log('tick')); // want `continuation after await Promise\.resolve\(\) \(line 3\).*module syntax in a \.js file`
await Promise.resolve();
console.log('after');
