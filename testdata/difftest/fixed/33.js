// difftest disagreement, seed 33, minimized on Node 10.24.1 (unconfirmed)
// original program: looplint gen --seed 33 --size 5 --node 10.24.1
// minimized: node 10.24.1: unconfirmed (1 predicted orders): predicted "L9 [exit 0]", witness {clock [], poll []} replays to " [exit 0]" (exited)
// original:  node 10.24.1: unconfirmed (1 predicted orders): predicted "L1 L2 L3 L8 L9 L10 L4 L5 L7 E1 L14 L15 L16 1 L14 L15 L16 2 [exit 0]", witness {clock [0 6 0 0 6 2 0], poll []} replays to "L1 L2 L3 L8 L11 L12 L4 L5 L7 E1 L14 L15 L16 1 L13 L14 L15 L16 2 [exit 0]" (exited)
// reproduce: looplint predict --node 10.24.1 FILE
new Promise((resolve) => {
  resolve(1);
})
  .then(() => {
    return (async () => {
      await (async () => {
        console.log('L9');
      })();
    })();
  });
