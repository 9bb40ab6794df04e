// Pattern: a search answers at once when the request is trivial or
// invalid, and otherwise files the request (with its callback) in a list
// that a later step() call works through.
function Finder(grid) {
  const pending = [];
  this.find = function (from, to, whenFound) {
    if (from === to) {
      whenFound([from]); // hazard // want "find calls its callback whenFound synchronously here but asynchronously on other paths \\(parked by pending.push"
      return;
    }
    if (!grid.open(to)) {
      whenFound(null); // hazard // want "find calls its callback whenFound synchronously here but asynchronously"
      return;
    }
    const job = { from, to };
    job.whenFound = whenFound;
    pending.push(job);
  };
  this.step = function () {
    const job = pending.shift();
    if (job) job.whenFound(grid.route(job.from, job.to));
  };
}
module.exports = Finder;
