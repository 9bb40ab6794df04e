// difftest disagreement, seed 9334, minimized on Node 10.24.1 (unconfirmed)
// original program: looplint gen --seed 9334 --size 5 --node 20.20.2
// minimized: node 10.24.1: unconfirmed (1 predicted orders): predicted "L7 1 [exit 0]", witness {clock [], poll []} replays to " [exit 0]" (exited)
// original:  node 10.24.1: unconfirmed (1 predicted orders): predicted "L1 L2 L3 1 L4 1 L11 L7 1 L3 2 L4 2 L5 2 L6 L7 2 L5 2 L6 [exit 0]", witness {clock [0 0], poll []} replays to "L1 L2 L3 1 L11 L3 2 [exit 0]" (exited)
// reproduce: looplint predict --node 10.24.1 FILE
let c1 = 0;
const f1 = async () => {
  c1++;
  await (async () => {})();
  console.log('L7', c1);
};
f1();
