// nextTick, promises and queueMicrotask: who drains first, and what about
// work they queue while draining?
Promise.resolve().then(() => {
  console.log('promise 1');
  process.nextTick(() => console.log('tick queued by promise 1'));
});
queueMicrotask(() => console.log('queueMicrotask'));
process.nextTick(() => {
  console.log('tick 1');
  Promise.resolve().then(() => console.log('promise queued by tick 1'));
});
process.nextTick(() => console.log('tick 2'));
console.log('sync');
