import * as fs from 'fs';
interface Job { path: string; retries: number }
type Handler = (job: Job) => void;

const run: Handler = (job: Job): void => {
  setTimeout((): void => { const data: Buffer = fs.readFileSync(job.path); void data; }, 10); // want "fs.readFileSync blocks the event loop in a setTimeout callback \\(line 6\\)"
};
run({ path: 'a', retries: 0 });
