// difftest disagreement, seed 5569, minimized on Node 10.24.1 (unconfirmed)
// original program: looplint gen --seed 5569 --size 5 --node 20.20.2
// minimized: node 10.24.1: unconfirmed (1 predicted orders): predicted "L3 1 [exit 0]", witness {clock [0 2], poll []} replays to " [exit 0]" (exited)
// original:  node 10.24.1: unconfirmed (2 predicted orders): predicted "L1 L4 L2 1 L3 1 L2 2 L5 L6 L3 2 [exit 0]", witness {clock [0 2], poll []} replays to "L1 L4 L2 1 L2 2 L5 L6 [exit 0]" (exited)
// reproduce: looplint predict --node 10.24.1 FILE
let c1 = 0;
const f1 = async () => {
  c1++;
  await (async () => {
    console.log('L3', c1);
  })();
};
setTimeout(f1, 1);
