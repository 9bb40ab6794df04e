// difftest disagreement, seed 4665, minimized on Node 10.24.1 (unconfirmed)
// original program: looplint gen --seed 4665 --size 5 --node 10.24.1
// minimized: node 10.24.1: unconfirmed (1 predicted orders): predicted "L5 [exit 0]", witness {clock [], poll []} replays to " [exit 0]" (exited)
// original:  node 10.24.1: unconfirmed (2 predicted orders): predicted "L1 L2 L2 L3 L4 L5 L14 L8 L9 L10 E1 L11 L12 L13 [exit 0]", witness {clock [0], poll [[1]]} replays to "L1 L2 L2 L3 L4 L14 L11 L12 L13 [exit 0]" (exited)
// reproduce: looplint predict --node 10.24.1 FILE
(async () => {
  await (async () => {
    console.log('L5');
  })();
})();
