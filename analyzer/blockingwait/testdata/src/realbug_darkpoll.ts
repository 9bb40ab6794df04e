// Pattern: an editor extension polls the OS theme every few seconds by
// running a command with execSync from a setInterval callback.
import { execSync } from 'node:child_process';
function darkMode(): boolean {
  try {
    const out = execSync('defaults read -g AppleInterfaceStyle', { encoding: 'utf8' }); // hazard // want "child_process.execSync blocks the event loop in darkMode, reached from a setInterval callback \\(line 14\\)"
    return out.trim() === 'Dark';
  } catch {
    return false;
  }
}
export function follow(apply: (dark: boolean) => void): () => void {
  let last = darkMode();
  const timer = setInterval(() => {
    const now = darkMode();
    if (now !== last) apply((last = now));
  }, 3000);
  return () => clearInterval(timer);
}
