// difftest disagreement, seed 8727, minimized on Node 10.24.1 (unconfirmed)
// original program: looplint gen --seed 8727 --size 5 --node 10.24.1
// minimized: node 10.24.1: unconfirmed (1 predicted orders): predicted "L4 [exit 0]", witness {clock [], poll []} replays to " [exit 0]" (exited)
// original:  node 10.24.1: unconfirmed (1 predicted orders): predicted "L1 L3 L4 L2 1 L2 2 [exit 0]", witness {clock [0], poll []} replays to "L1 L3 L2 1 L2 2 [exit 0]" (exited)
// reproduce: looplint predict --node 10.24.1 FILE
(async () => {
  await (async () => {
    console.log('L4');
  })();
})();
