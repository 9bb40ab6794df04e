// Self-rescheduling through process.nextTick.
let count = 0;
function pump() {
  count++;
  process.nextTick(pump); // want "pump re-schedules itself with process.nextTick; the nextTick queue never drains"
}
setTimeout(() => console.log('late', count), 5);
pump();

// Indirect: a → b (sync) → nextTick(a).
function a() { b(); }
function b() {
  process.nextTick(a); // want "b re-schedules itself through process.nextTick \\(b → a → b\\)"
}
a();

// Through an arrow and a condition.
const state = { busy: true };
const drain = () => {
  if (state.busy) {
    process.nextTick(() => drain()); // want "drain re-schedules itself through process.nextTick .* while a condition holds"
  }
};
drain();

// Aliases: destructured from the process module.
const { nextTick } = require('process');
function again() {
  nextTick(again); // want "again re-schedules itself"
}
again();

// A class method that ticks itself through this.
class Poller {
  poll() {
    process.nextTick(() => this.poll()); // want "Poller.poll re-schedules itself"
  }
}
new Poller().poll();
