// difftest disagreement, seed 3795, minimized on Node 10.24.1 (unconfirmed)
// original program: looplint gen --seed 3795 --size 5 --node 10.24.1
// minimized: node 10.24.1: unconfirmed (1 predicted orders): predicted "L7 [exit 0]", witness {clock [], poll []} replays to " [exit 0]" (exited)
// original:  node 10.24.1: unconfirmed (2 predicted orders): predicted "L1 L3 L7 L8 L9 L2 L4 L5 L6 [exit 0]", witness {clock [0 0 0 0], poll [[1 2] [1 2] [1 2] [1 2]]} replays to "L1 L3 L9 L2 L4 L5 L6 [exit 0]" (exited)
// reproduce: looplint predict --node 10.24.1 FILE
(async () => {
  await (async () => {
    console.log('L7');
  })();
})();
