// Pattern: a desktop git client pulls with exec and then pushes with
// execSync from the pull's callback, freezing the app for the whole push.
const { exec, execSync } = require('child_process');
function Repo(dir) {
  this.dir = dir;
}
Repo.prototype.sync = function (branch, done) {
  exec('git pull', { cwd: this.dir }, (err) => {
    if (err) return done(err);
    let failure = null;
    try {
      execSync('git push origin ' + branch, { cwd: this.dir }); // hazard // want "child_process.execSync blocks the event loop in a child_process.exec callback \\(line 8\\)"
    } catch (e) {
      failure = e;
    }
    done(failure);
  });
};
module.exports = Repo;
