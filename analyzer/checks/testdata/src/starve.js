// Our own version of the classic: a counter that ticks itself forever
// while a timer waits to print it.
let ticks = 0;
function loop() {
  ticks += 1;
  process.nextTick(loop); // want "loop re-schedules itself with process.nextTick"
}
setTimeout(function report() { console.log('ticks', ticks); }, 1);
loop();
