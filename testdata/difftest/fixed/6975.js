// difftest disagreement, seed 6975, minimized on Node 10.24.1 (unconfirmed)
// original program: looplint gen --seed 6975 --size 5 --node 10.24.1
// minimized: node 10.24.1: unconfirmed (1 predicted orders): predicted "L5 [exit 0]", witness {clock [], poll []} replays to " [exit 0]" (exited)
// original:  node 10.24.1: unconfirmed (1 predicted orders): predicted "L1 L4 L5 L7 L2 L6 L3 1 L3 2 L3 3 [exit 0]", witness {clock [0 0 6 0 0 6 2 0 0 6 2 0], poll []} replays to "L1 L4 L7 L2 L3 1 L3 2 L3 3 [exit 0]" (exited)
// reproduce: looplint predict --node 10.24.1 FILE
(async () => {
  await (async () => {
    console.log('L5');
  })();
})();
