// difftest disagreement, seed 1630, minimized on Node 10.24.1 (unconfirmed)
// original program: looplint gen --seed 1630 --size 5 --node 20.20.2
// minimized: node 10.24.1: unconfirmed (1 predicted orders): predicted "L4 1 [exit 0]", witness {clock [0], poll []} replays to " [exit 0]" (exited)
// original:  node 10.24.1: unconfirmed (8 predicted orders): predicted "L1 L2 L3 1 L4 1 L5 1 L6 1 L7 1 [exit 0]", witness {clock [0 6 0 2 0 0 0], poll [[1] [1] [1] [1]]} replays to "L1 L2 L3 1 [exit 0]" (exited)
// reproduce: looplint predict --node 10.24.1 FILE
let c1 = 0;
const f1 = async () => {
  c1++;
  await (async () => {
    console.log('L4', c1);
  })();
};
setImmediate(f1);
