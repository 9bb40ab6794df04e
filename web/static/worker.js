// The playground's engine: looplint compiled to WebAssembly, run off the
// page's thread (app.js starts one per core, two at most, and sends each
// the compiled module). Messages in: {module} first, then {id, source,
// node, name, target} or {id, quiz: [level, seed, node, answer]}; out: {ready,
// timing} once the engine can answer, then {id, json, ms} per request
// (json: predict --format json --explain's report, quiz --format json's,
// or {"error": ...}).
importScripts('wasm_exec.js');

let gotModule;
const timing = {};
// Requests wait for the module, which comes first but may be compiled
// after they were sent.
const ready = new Promise((resolve) => { gotModule = resolve; }).then(start);
ready.catch((e) => postMessage({ fatal: String(e) }));

async function start(module) {
  const go = new Go();
  const inst = await WebAssembly.instantiate(module, go.importObject);
  timing.instantiated = performance.now();
  go.run(inst);
  while (!self.looplintReady) await new Promise((r) => setTimeout(r, 1));
  timing.ready = performance.now();
  postMessage({ ready: true, timing });
}

onmessage = async (ev) => {
  if (ev.data.module) {
    gotModule(ev.data.module);
    return;
  }
  const { id, source, node, name, target, quiz } = ev.data;
  await ready;
  let json;
  const t0 = performance.now();
  try {
    json = quiz ? await self.looplintQuiz(...quiz.map(String)) : await self.looplintPredict(source, node, name || 'snippet.js', target || 'node');
  } catch (e) {
    json = JSON.stringify({ error: String(e) });
  }
  postMessage({ id, json, ms: performance.now() - t0 });
};
