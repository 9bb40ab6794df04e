// Pattern: a thunk wrapper calls back at once when the wrapped
// function throws, and otherwise when that function (the caller's) calls
// its callback, which may be later.
function toThunk(fn) {
  return function (...args) {
    const self = this;
    return function (done) {
      let called = false;
      args.push((...res) => {
        if (called) return;
        called = true;
        done(...res);
      });
      try {
        fn.apply(self, args);
      } catch (err) {
        done(err); // hazard // want "calls its callback done synchronously here but on another path hands it to fn \\(line 15\\), a function its caller supplies"
      }
    };
  };
}
module.exports = toThunk;
