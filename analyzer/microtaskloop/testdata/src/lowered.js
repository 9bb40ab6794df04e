// Async generators and for await are lowered with esbuild's helpers, whose
// promise-driven step loops are not the user's code: nothing to report.
async function* range(start, end) {
  for (let i = start; i <= end; i++) {
    yield Promise.resolve(i);
  }
}
(async () => {
  for await (const item of range(1, 3)) {
    console.log(item);
  }
})();
