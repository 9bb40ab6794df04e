// difftest disagreement, seed 8588, minimized on Node 10.24.1 (unconfirmed)
// original program: looplint gen --seed 8588 --size 5 --node 26.10.0
// minimized: node 10.24.1: unconfirmed (1 predicted orders): predicted "L4 [exit 0]", witness {clock [], poll []} replays to " [exit 0]" (exited)
// original:  node 10.24.1: unconfirmed (3 predicted orders): predicted "L1 L3 L4 L8 L5 L6 L7 L2 [exit 0]", witness {clock [0 11 0 0 0], poll [[1] [1] [1] [1]]} replays to "L1 L3 L8 L2 [exit 0]" (exited)
// reproduce: looplint predict --node 10.24.1 FILE
(async () => {
  await (async () => {
    console.log('L4');
  })();
})();
