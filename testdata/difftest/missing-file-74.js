// difftest disagreement, seed 74, minimized on Node 10.24.1 (unconfirmed)
// original program: looplint gen --seed 74 --size 5 --node 26.10.0 --missing-file
// minimized: node 10.24.1: unconfirmed (1 predicted orders): predicted "L7 L4 [exit 0]", witness {clock [0 6 0 0 0], poll [[1] [1] [1] [1]]} replays to "L4 L7 [exit 0]" (exited)
// original:  node 10.24.1: unconfirmed (2 predicted orders): predicted "L1 L2 L3 L7 L8 L9 L4 L5 L6 [exit 0]", witness {clock [0 6 0 0 0], poll [[1] [1] [1] [1]]} replays to "L1 L2 L3 L4 L7 L8 L9 L5 L6 [exit 0]" (exited)
// also on:   node 20.20.2: unconfirmed (2 predicted orders): predicted "L1 L2 L3 L7 L8 L9 L4 L5 L6 [exit 0]", witness {clock [0 6 0 0 0], poll [[1] [1] [1] [1]]} replays to "L1 L2 L3 L4 L7 L8 L9 L5 L6 [exit 0]" (exited)
// reproduce: looplint predict --node 10.24.1 FILE
const fs = require('fs');
setTimeout(() => {
  fs.readFile(__filename + '.missing', () => {
    console.log('L4');
  });
}, 5);
setImmediate(() => {
  console.log('L7');
});
