// Two timers due together: do the first one's microtasks run before the
// second timer? Node 11 changed the answer; compare Node 10 with later ones.
setTimeout(() => {
  console.log('timer 1');
  Promise.resolve().then(() => console.log('promise in timer 1'));
  process.nextTick(() => console.log('tick in timer 1'));
}, 0);

setTimeout(() => {
  console.log('timer 2');
  Promise.resolve().then(() => console.log('promise in timer 2'));
}, 0);
