// Pattern (missed): a step handler answers at once when the conversation
// stops, and otherwise after an action the user supplied, which may be
// asynchronous; the file does not show what the action does.
function makeStep(actions, cb) {
  return (err, step) => {
    if (err || step.type === 'stop') {
      cb(err, step); // hazard (missed: the other path runs through a user-supplied action)
      return;
    }
    actions[step.type](step, () => cb(null, step));
  };
}
module.exports = makeStep;
