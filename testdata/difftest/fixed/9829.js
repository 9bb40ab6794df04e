// difftest disagreement, seed 9829, minimized on Node 10.24.1 (unconfirmed)
// original program: looplint gen --seed 9829 --size 5 --node 20.20.2
// minimized: node 10.24.1: unconfirmed (1 predicted orders): predicted "L3 [exit 0]", witness {clock [], poll []} replays to " [exit 0]" (exited)
// original:  node 10.24.1: unconfirmed (1 predicted orders): predicted "L1 L2 L3 L4 L6 L7 L8 L5 1 [exit 0]", witness {clock [0 3 0], poll []} replays to "L1 L2 L6 L7 L8 L5 1 [exit 0]" (exited)
// reproduce: looplint predict --node 10.24.1 FILE
(async () => {
  await (async () => {
    console.log('L3');
  })();
})();
