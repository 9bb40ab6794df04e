// difftest disagreement, seed 5559, minimized on Node 10.24.1 (unconfirmed)
// original program: looplint gen --seed 5559 --size 5 --node 10.24.1
// minimized: node 10.24.1: unconfirmed (1 predicted orders): predicted "L9 1 [exit 0]", witness {clock [0 6], poll []} replays to " [exit 0]" (exited)
// original:  node 10.24.1: unconfirmed (3 predicted orders): predicted "L1 L2 L2 L2 L7 L12 L8 1 L9 1 L10 1 L11 1 L3 L4 L4 L5 L6 [exit 0]", witness {clock [0 6 0 2], poll []} replays to "L1 L2 L2 L2 L7 L12 L8 1 L3 L4 L4 L5 L6 [exit 0]" (exited)
// reproduce: looplint predict --node 10.24.1 FILE
let c3 = 0;
const f3 = async () => {
  c3++;
  await (async () => {
    console.log('L9', c3);
  })();
};
setTimeout(f3, 5);
