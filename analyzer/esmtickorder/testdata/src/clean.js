// Not reported: promise jobs with effects, but no nextTick callback with
// an effect queued at start-up.

// No observable effect in the tick callback.
let n = 0;
process.nextTick(() => { n++; });
Promise.resolve().then(() => console.log('promise'));

// Chained explicitly: the order is fixed.
function chained() {
  Promise.resolve().then(() => {
    console.log('first');
    process.nextTick(() => console.log('second'));
  });
}
chained();

// Scheduled from a callback, not at start-up.
setTimeout(() => {
  process.nextTick(() => console.log('tick in a timer'));
}, 10);
