// Which greeting comes first? It depends on the machine's mood.
function greet(who) { process.stdout.write(`hello ${who}\n`); }
setImmediate(() => greet('immediate'));
setTimeout(() => greet('timeout')); // want "setTimeout\\(…\\) callback \\(line 4\\) and setImmediate callback \\(line 3\\) are scheduled together in the main module"
