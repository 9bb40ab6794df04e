// difftest disagreement, seed 6862, minimized on Node 10.24.1 (unconfirmed)
// original program: looplint gen --seed 6862 --size 5 --node 20.20.2
// minimized: node 10.24.1: unconfirmed (1 predicted orders): predicted "L7 [exit 0]", witness {clock [], poll []} replays to " [exit 0]" (exited)
// original:  node 10.24.1: unconfirmed (2 predicted orders): predicted "L1 L6 L7 L8 L9 L5 L2 L3 L4 [exit 0]", witness {clock [0 0 0 0], poll [[1 2] [1] [1] [1]]} replays to "L1 L6 L9 L5 L2 L3 L4 [exit 0]" (exited)
// reproduce: looplint predict --node 10.24.1 FILE
(async () => {
  await (async () => {
    console.log('L7');
  })();
})();
