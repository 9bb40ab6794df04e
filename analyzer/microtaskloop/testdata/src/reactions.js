// Self-rescheduling through promise reactions and queueMicrotask.
let rounds = 0;
function churn() {
  rounds++;
  Promise.resolve().then(churn); // want "churn re-schedules itself through a promise reaction on a settled promise; the microtask queue never drains"
}
setTimeout(() => console.log('rounds', rounds), 2);
churn();

// queueMicrotask, through an arrow.
function pulse() {
  queueMicrotask(() => pulse()); // want "pulse re-schedules itself through queueMicrotask \\(pulse → the function at line 12 → pulse\\)"
}
pulse();

// Indirect through a synchronous helper, under a condition.
const flags = { on: true };
function head() { tail(); }
function tail() {
  if (flags.on) {
    Promise.resolve(1).then(() => head()); // want "tail re-schedules itself through a promise reaction .*\\(tail → .* → head → tail\\) while a condition holds"
  }
}
head();

// A reaction deeper in a chain on a settled promise is still a microtask.
function chained() {
  Promise.resolve().then(() => 1).then(chained); // want "chained re-schedules itself"
}
chained();

// A rejected promise's catch handler runs; mixed with nextTick.
function viaReject() {
  Promise.reject(new Error('x')).catch(() => process.nextTick(viaReject)); // want "viaReject re-schedules itself through a promise reaction"
}
viaReject();

// async recursion on an already-settled await.
async function relay() {
  await null;
  relay(); // want "relay re-schedules itself: it awaits an already-settled value \\(line 40\\)"
}
relay();

class Pump {
  run() {
    queueMicrotask(() => this.run()); // want "Pump.run re-schedules itself through queueMicrotask"
  }
}
new Pump().run();
