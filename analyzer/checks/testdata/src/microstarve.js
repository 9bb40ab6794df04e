// A poller that re-queues itself as a promise reaction; the timeout that
// should stop it never gets a turn.
let polls = 0;
function check() {
  polls++;
  Promise.resolve().then(check); // want "check re-schedules itself through a promise reaction"
}
setTimeout(() => console.log('stopped after', polls), 0);
check();
