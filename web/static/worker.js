// The playground's engine: looplint compiled to WebAssembly, run off the
// page's thread. Messages in: {id, source, node, name}; out: {id, json}
// (predict --format json --explain's report, or {"error": ...}), or
// {ready: true} once the engine can answer.
importScripts('wasm_exec.js');

const go = new Go();
const ready = (async () => {
  const resp = fetch('looplint.wasm');
  let inst;
  try {
    inst = (await WebAssembly.instantiateStreaming(resp, go.importObject)).instance;
  } catch (e) {
    // A server that does not say application/wasm.
    const buf = await (await fetch('looplint.wasm')).arrayBuffer();
    inst = (await WebAssembly.instantiate(buf, go.importObject)).instance;
  }
  go.run(inst);
  while (!self.looplintReady) await new Promise(r => setTimeout(r, 5));
  postMessage({ ready: true });
})();
ready.catch(e => postMessage({ fatal: String(e) }));

onmessage = async (ev) => {
  const { id, source, node, name } = ev.data;
  await ready;
  let json;
  try {
    json = await self.looplintPredict(source, node, name || 'snippet.js');
  } catch (e) {
    json = JSON.stringify({ error: String(e) });
  }
  postMessage({ id, json });
};
