// Pattern (missed): closing a pool answers at once when it holds nothing,
// and otherwise when every member reports back through a method of an
// object from another module.
function Pool() { this.members = []; }
Pool.prototype.close = function (cb) {
  let left = this.members.length;
  const oneDone = (err) => { if (err || --left <= 0) cb(err); };
  if (left === 0) return oneDone(); // hazard (missed: member.shutdown is another module's)
  for (const m of this.members) m.shutdown(oneDone);
};
module.exports = Pool;
