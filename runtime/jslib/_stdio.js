// looplint: process.stdout and process.stderr as Node gives them when
// they are pipes (as the recorder runs Node): Writable streams whose
// writes complete at once, so a write's callback and 'drain' follow
// stream.js's rules. end() shuts the pipe down: 'finish' comes in the
// next poll phase, then 'close'; what console.log writes after that is
// lost. The runtime makes one when the program first reads
// process.stdout or process.stderr: write(chunk) is the host's output,
// ended() says the program ended it.
'use strict';
const { Writable } = require('stream');
const io = __internal.net.io;

module.exports = function makeStdio(fd, write, ended) {
  const s = new Writable({
    decodeStrings: false,
    autoDestroy: true, // a net.Socket: it closes after 'finish' on every release
    write(chunk, encoding, cb) {
      write(chunk);
      cb();
    },
    final(cb) {
      ended();
      io(fd === 1 ? 'process.stdout.end' : 'process.stderr.end', () => cb());
    },
  });
  s.fd = fd;
  s.isTTY = false;
  s.columns = 80;
  // Readable.pipe never ends stdout or stderr.
  s._isStdio = true;
  return s;
};
