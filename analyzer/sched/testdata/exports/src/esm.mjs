import { readFile } from 'node:fs'; // want `^exports default\(async\); later\(async\); now\(sync\)$`
export function now(cb) {
  cb();
}
const later = (cb) => queueMicrotask(cb);
export { later };
export default function (cb) {
  readFile('x', cb);
}
