// Pattern: a tool server's async tool handlers run git and npm with
// execSync/spawnSync after awaiting their setup, so every other client
// request waits for the child process.
import * as cp from 'child_process';
type Tool = (args: { dir: string }) => Promise<string>;
export const tools: Record<string, Tool> = {
  async gitStatus({ dir }) {
    await checkDir(dir);
    const branch = cp.execSync('git rev-parse --abbrev-ref HEAD', { cwd: dir, encoding: 'utf-8' }).trim(); // hazard // want "child_process.execSync blocks the event loop after an await"
    return branch;
  },
  async runScript({ dir }) {
    await checkDir(dir);
    const res = cp.spawnSync('npm', ['run', 'build'], { cwd: dir, encoding: 'utf-8' }); // hazard // want "child_process.spawnSync blocks the event loop after an await"
    return String(res.stdout);
  },
};
async function checkDir(dir: string): Promise<void> {
  if (!dir) throw new Error('no directory');
}
