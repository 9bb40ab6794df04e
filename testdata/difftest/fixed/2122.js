// difftest disagreement, seed 2122, minimized on Node 10.24.1 (unconfirmed)
// original program: looplint gen --seed 2122 --size 5 --node 20.20.2
// minimized: node 10.24.1: unconfirmed (1 predicted orders): predicted "L5 [exit 0]", witness {clock [], poll []} replays to " [exit 0]" (exited)
// original:  node 10.24.1: unconfirmed (1 predicted orders): predicted "L1 L8 L8 L8 L11 L2 L3 L4 L5 L7 E1 L9 3 L10 1 L9 3 L10 1 L9 3 L10 1 [exit 0]", witness {clock [0], poll []} replays to "L1 L8 L8 L8 L11 L2 L3 L7 E1 L9 3 L10 1 L9 3 L10 1 L9 3 L10 1 [exit 0]" (exited)
// reproduce: looplint predict --node 10.24.1 FILE
process.nextTick(() => {
  Promise.all([(async () => {
    await (async () => {
      console.log('L5');
    })();
  })()]);
});
