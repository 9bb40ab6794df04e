// Pattern: a middleware factory returns a (request, response, next)
// handler that checks the disk with existsSync to decide between the
// file and the app shell on every request.
import * as fs from 'fs';
import * as path from 'path';
export function shellServer(root: string) {
  return function serve(request: any, response: any, next: (err?: Error) => void) {
    const file = path.join(root, request.url || '/');
    const target = fs.existsSync(file) ? file : path.join(root, 'index.html'); // hazard // want "fs.existsSync blocks the event loop in serve, a request handler by its parameters \\(request, response\\)"
    response.sendFile(target, (err?: Error) => (err ? next(err) : undefined));
  };
}
