// setTimeout(f, 1), then setTimeout(g, 0). Tick Chromium and Firefox
// beside Node: Node makes a 0 ms timer a 1 ms one, so the two share one
// list and run in the order they were made; a browser keeps 0 below 1.
setTimeout(() => console.log('timeout 1 ms'), 1);
setTimeout(() => console.log('timeout 0 ms'), 0);
Promise.resolve().then(() => console.log('promise'));
console.log('script');
