// A promise job queued through a synchronous call and a promise executor.
function report(msg) {
  new Promise((resolve) => {
    resolve(msg);
  }).then(console.log);
  Promise.reject(new Error('x')).catch((e) => console.error(e.message));
}

report('hi');
process.nextTick(function tick() { console.log('tick'); }); // want `line 10\) and a \.catch callback on a settled promise \(line 6\)`
