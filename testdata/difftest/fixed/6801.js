// difftest disagreement, seed 6801, minimized on Node 10.24.1 (unconfirmed)
// original program: looplint gen --seed 6801 --size 5 --node 10.24.1
// minimized: node 10.24.1: unconfirmed (1 predicted orders): predicted "L8 [exit 0]", witness {clock [], poll []} replays to " [exit 0]" (exited)
// original:  node 10.24.1: unconfirmed (1 predicted orders): predicted "L1 L2 L5 L6 L7 E1 L8 L9 E1 [exit 0]", witness {clock [], poll []} replays to "L1 L2 L5 L6 L7 E1 [exit 0]" (exited)
// reproduce: looplint predict --node 10.24.1 FILE
Promise.reject(new Error('E1'))
  .catch((e) => {
    (async () => {
      await (async () => {
        console.log('L8');
      })();
    })();
  });
