// difftest disagreement, seed 7065, minimized on Node 10.24.1 (unconfirmed)
// original program: looplint gen --seed 7065 --size 5 --node 10.24.1
// minimized: node 10.24.1: unconfirmed (1 predicted orders): predicted "L6 [exit 0]", witness {clock [], poll []} replays to " [exit 0]" (exited)
// original:  node 10.24.1: unconfirmed (1 predicted orders): predicted "L1 L2 L6 L7 L8 L10 L11 L12 L13 E1 L14 E1 L15 E1 [exit 0]", witness {clock [0 11], poll []} replays to "L1 L2 L10 L11 L12 L13 E1 L14 E1 L15 E1 [exit 0]" (exited)
// reproduce: looplint predict --node 10.24.1 FILE
Promise.race([(async () => {
  await (async () => {
    console.log('L6');
  })();
})()]);
