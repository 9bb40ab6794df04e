// looplint: worker_threads in the main thread. MessageChannel and its
// kin are _messaging's; a Worker (another isolate and loop) is not
// modelled: docs/architecture.md ("Workers") says what blocks it.
'use strict';
const internal = __internal;
const m = require('_messaging');

// A Worker is a second isolate with a loop of its own: the explorer
// drives one loop per run (docs/architecture.md, "Workers").
function Worker() {
  internal.unmodelled("worker_threads' Worker (a second thread with its own event loop)", undefined);
  const e = new Error("looplint: worker_threads' Worker is not supported in the sandbox (a second thread with its own event loop)");
  e.code = 'ERR_LOOPLINT_UNSUPPORTED';
  throw e;
}

const out = {
  isMainThread: true,
  parentPort: null,
  threadId: 0,
  workerData: null,
  resourceLimits: {},
  SHARE_ENV: Symbol.for('nodejs.worker_threads.SHARE_ENV'),
  Worker,
  MessageChannel: m.MessageChannel,
  MessagePort: m.MessagePort,
};
// The rest of the module (environment data, untransferable marks,
// moving a port to another context) is a reason where it is used.
for (const name of ['getEnvironmentData', 'setEnvironmentData', 'markAsUntransferable',
  'isMarkedAsUntransferable', 'moveMessagePortToContext', 'postMessageToThread', 'markAsUncloneable']) {
  out[name] = function () { return internal.unmodelled("worker_threads' " + name, undefined); };
}
// receiveMessageOnPort from 12.3, BroadcastChannel from 15.4 (Node's docs).
if (internal.has('worker_threads:receiveMessageOnPort')) out.receiveMessageOnPort = m.receiveMessageOnPort;
if (internal.has('worker_threads:BroadcastChannel')) out.BroadcastChannel = m.BroadcastChannel;
module.exports = out;
