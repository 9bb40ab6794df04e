// Start-up work that spins on the clock, then reads a file synchronously
// (the read is start-up code and stays unreported).
const fs = require('fs');
const begin = Date.now();
while (Date.now() - begin < 200) {} // want "busy-wait loop on Date.now\\(\\)"
const text = fs.readFileSync(__filename, 'utf8');
console.log(text.length);
