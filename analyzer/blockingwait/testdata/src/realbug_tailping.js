// Pattern: a monitor's periodic check (called, through a table
// of monitor types, by a timer loop in another module) runs the probe
// command with spawnSync.
const { spawnSync } = require('child_process');
class PingMonitor {
  async check(target, interval) {
    const res = spawnSync('ping', ['-c', '1', target], { timeout: interval * 800 }); // hazard // want "child_process.spawnSync blocks the event loop in PingMonitor.check, an async function that never awaits"
    if (res.status !== 0) throw new Error('down: ' + String(res.stderr));
    return String(res.stdout);
  }
}
module.exports = PingMonitor;
