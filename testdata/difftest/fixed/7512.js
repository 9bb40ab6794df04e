// difftest disagreement, seed 7512, minimized on Node 10.24.1 (unconfirmed)
// original program: looplint gen --seed 7512 --size 5 --node 10.24.1
// minimized: node 10.24.1: unconfirmed (1 predicted orders): predicted "L7 [exit 0]", witness {clock [], poll []} replays to " [exit 0]" (exited)
// original:  node 10.24.1: unconfirmed (1 predicted orders): predicted "L1 L11 L4 1 L5 L6 1 L7 L8 1 L9 1 L10 1 L2 L3 0 L3 1 L2 L3 0 L3 1 L2 L3 0 L3 1 [exit 0]", witness {clock [0 2 0 0 2 2 0 0 2 2 0], poll []} replays to "L1 L11 L4 1 L5 L8 1 L2 L3 0 L3 1 L2 L3 0 L3 1 L2 L3 0 L3 1 [exit 0]" (exited)
// reproduce: looplint predict --node 10.24.1 FILE
let c3 = 0;
const f3 = () => {
  c3++;
  Promise.race([(async () => {
    await (async () => {
      console.log('L7');
    })();
  })()]);
};
Promise.resolve().then(f3);
