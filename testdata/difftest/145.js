// difftest disagreement, seed 145, minimized on Node 10.24.1 (unconfirmed)
// original program: looplint gen --seed 145 --size 5 --node 20.20.2
// minimized: node 10.24.1: unconfirmed (1 predicted orders): predicted "L6 1 [exit 0]", witness {clock [], poll []} replays to " [exit 0]" (exited)
// original:  node 10.24.1: unconfirmed (1 predicted orders): predicted "L1 L3 L5 1 L6 1 L5 2 L6 2 L4 L2 L2 L2 [exit 0]", witness {clock [0 6 0 0 6 2 0 0 6 2 0], poll []} replays to "L1 L3 L5 1 L5 2 L2 L2 L2 [exit 0]" (exited)
// reproduce: looplint predict --node 10.24.1 FILE
(async () => {
  let c3 = 0;
  const f3 = async () => {
    c3++;
    await (async () => {
      console.log('L6', c3);
    })();
  };
  f3();
})();
