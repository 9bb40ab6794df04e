import process from 'node:process';
export function tick() {
  process.nextTick(tick); // want "tick re-schedules itself"
}
