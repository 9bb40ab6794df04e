// Loops that spin on microtasks while waiting for a timer or I/O.
const fs = require('fs');

let loaded = false;
fs.readFile(__filename, () => { loaded = true; });
async function waitLoaded() {
  for (;;) { // want "await loop in waitLoaded waits for loaded, which only a timer or I/O callback changes, and awaits only already-settled values \\(await null\\)"
    if (loaded) break;
    await null;
  }
}
waitLoaded();

class Conn {
  constructor() {
    this.open = false;
    setTimeout(() => { this.open = true; }, 10);
  }
  async ready() {
    while (true) { // want "await loop in Conn.ready waits for open"
      if (this.open) return;
      await Promise.resolve();
    }
  }
}
new Conn().ready();

// The flag is also set synchronously by a function the loop may reach:
// not only a timer or I/O changes it, so it is left alone.
let stop = false;
function halt() { stop = true; }
setTimeout(halt, 5);
async function spin(n) {
  while (true) {
    if (stop) break;
    if (n-- < 0) halt();
    await null;
  }
}
spin(3);
