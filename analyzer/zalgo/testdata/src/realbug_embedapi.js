// Pattern: a browser loader object queues each caller's
// callback and then, when the API has loaded already, runs the whole
// queue at once; otherwise the queue runs from the script's load hook.
(function (root) {
  const Loader = {
    loaded: false,
    queue: [],
    load(callback) {
      this.queue.push(callback);
      if (this.loaded) {
        this.flush(); // hazard // want "Loader.load calls its callback callback synchronously here \\(through Loader.flush\\) but asynchronously on other paths \\(parked by this.queue.push"
        return;
      }
      root.onApiReady = () => {
        this.loaded = true;
        this.flush();
      };
    },
    flush() {
      for (let i = 0; i < this.queue.length; i++) this.queue[i](root.API);
      this.queue.length = 0;
    },
  };
  module.exports = Loader;
})(globalThis);
