// Not reported: a nextTick callback with an effect, but no promise job of
// the start-up drain with one.
process.nextTick(() => console.log('tick'));

// A reaction on a promise that is not known to be settled.
fetchSomething().then(() => console.log('later'));

// .catch on a resolved promise: its handler never runs.
Promise.resolve(1).catch(() => console.log('never'));

// An await of something that may wait: the continuation is not a job of
// the start-up drain.
async function load() {
  await fetchSomething();
  console.log('loaded');
}
load();

// Scheduled from a callback, not at start-up.
setTimeout(() => {
  queueMicrotask(() => console.log('m'));
}, 10);

function fetchSomething() { return new Promise((r) => setTimeout(r, 5)); }
