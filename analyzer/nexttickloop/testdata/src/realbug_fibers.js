// Pattern (missed): a helper resumes its caller through process.nextTick;
// the recursion goes through the caller's loop in another module (each
// round asks for a new deferred resume), which the file does not show.
function deferResume(resume) {
  return function (err, value) {
    process.nextTick(function () { // hazard (missed: the loop that calls back in is the user's)
      resume(err, value);
    });
  };
}
module.exports = deferResume;
