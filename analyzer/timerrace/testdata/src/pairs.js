// Timers whose delays differ by a millisecond or two, the shorter created
// later: racy anywhere, even in an I/O callback.
const fs = require('fs');
const seen = [];
setTimeout(() => seen.push('a'), 2);
setTimeout(() => seen.push('b'), 1); // want "setTimeout\\(…, 1\\) callback \\(line 6\\) and the earlier setTimeout\\(…, 2\\) callback \\(line 5\\) race: their delays differ by only 1 ms"

fs.readFile(__filename, (err, data) => {
  setTimeout(() => console.log('slow'), 5);
  setTimeout(() => console.log('fast'), 3); // want "setTimeout\\(…, 3\\) callback \\(line 10\\) and the earlier setTimeout\\(…, 5\\) callback \\(line 9\\) race: their delays differ by only 2 ms"
  setInterval(() => console.log('tick'), 4); // want "setInterval\\(…, 4\\) callback .* and the earlier setTimeout\\(…, 5\\)"
});
