// An interval, an immediate that re-queues itself, and clearInterval.
let ticks = 0;
const id = setInterval(() => {
  ticks++;
  console.log('interval', ticks);
  if (ticks === 3) clearInterval(id);
}, 1);

let n = 0;
(function again() {
  if (++n <= 3) {
    console.log('immediate', n);
    setImmediate(again);
  }
})();
