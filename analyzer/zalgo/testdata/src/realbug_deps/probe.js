// Asks a tool for an interface's address; answers from the child's callback.
const { execFile } = require('child_process');
module.exports = function (name, done) {
  execFile('ip', ['link', 'show', name], (err, out) => {
    if (err) return done(err);
    done(null, String(out).trim());
  });
};
