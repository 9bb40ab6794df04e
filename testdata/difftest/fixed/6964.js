// difftest disagreement, seed 6964, minimized on Node 10.24.1 (unconfirmed)
// original program: looplint gen --seed 6964 --size 5 --node 20.20.2
// minimized: node 10.24.1: unconfirmed (1 predicted orders): predicted "L5 1 [exit 0]", witness {clock [0], poll []} replays to " [exit 0]" (exited)
// original:  node 10.24.1: unconfirmed (2 predicted orders): predicted "L1 L2 L6 L7 L3 L4 1 L5 1 [exit 0]", witness {clock [0 6], poll []} replays to "L1 L2 L6 L7 L3 [exit 0]" (exited)
// reproduce: looplint predict --node 10.24.1 FILE
process.nextTick(() => {
  let c1 = 0;
  const f1 = async () => {
    c1++;
    await (async () => {
      console.log('L5', c1);
    })();
  };
  setImmediate(f1);
});
