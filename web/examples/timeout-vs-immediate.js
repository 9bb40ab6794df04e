// setTimeout(0) or setImmediate: which runs first?
// At the top level it depends on how fast the loop starts; inside an I/O
// callback the check phase always comes before the next timers phase.
const fs = require('fs');

setTimeout(() => console.log('timeout'), 0);
setImmediate(() => console.log('immediate'));

fs.stat(__filename, () => {
  setTimeout(() => console.log('io -> timeout'), 0);
  setImmediate(() => console.log('io -> immediate'));
});
