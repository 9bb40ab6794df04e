function again() {
  Promise.resolve().then(again); // want "again re-schedules itself"
}
again();

function micro() {
  queueMicrotask(micro); // want "micro re-schedules itself"
}
micro();

async function worker() {
  while (true) { // want "await loop in worker never ends"
    await null;
  }
}
worker();
