// Pattern: a protocol reader handles one frame per call and, while a
// whole frame is still buffered, queues itself again with
// process.nextTick (through a bound prototype method); a steady stream
// keeps the loop in the nextTick queue.
function Reader(socket) {
  this.buffered = Buffer.alloc(0);
  socket.on('data', this.take.bind(this));
}
Reader.prototype.take = function (chunk) {
  if (chunk) this.buffered = Buffer.concat([this.buffered, chunk]);
  if (this.buffered.length < 8) return;
  const size = this.buffered.readUInt32BE(4);
  this.frame(this.buffered.subarray(8, 8 + size));
  this.buffered = this.buffered.subarray(8 + size);
  if (this.buffered.length >= 8) {
    process.nextTick(this.take.bind(this)); // hazard // want "Reader.take re-schedules itself with process.nextTick while a condition holds"
  }
};
Reader.prototype.frame = function (body) {
  console.log('frame of', body.length);
};
module.exports = Reader;
