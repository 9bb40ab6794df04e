// Pattern: a factory builds a plain emitter, configures a few things, and
// in offline mode announces 'ready' before returning it.
const EventEmitter = require('events');
function defaults(c) { c.timeout = c.timeout || 5; return c; }
function createClient(key, config) {
  const client = new EventEmitter(), state = { done: false };
  config = defaults(config || {});
  if (!config.offline) {
    config.poller.start(() => { state.done = true; client.emit('ready'); });
  } else {
    client.emit('ready'); // hazard // want "client.emit\\('ready'\\) right after client is created"
  }
  client.isReady = () => state.done;
  return client;
}
module.exports = createClient;
