// looplint playground: the page. It asks the engine (worker.js, looplint
// compiled to WebAssembly) for predict's JSON report per Node version and
// shows it; `looplint predict --format html` sets window.LOOPLINT_STATIC
// to the reports instead, and nothing is computed here.
//
// What the page shows is also in the DOM, for tests and tools (web/README.md):
//   body[data-answered]          how many answers were shown so far
//   section.version[data-node]   one per version: data-node the release
//                                (22.23.3), data-node-asked what was picked
//                                (22), data-state running | done | error
//   li.order[data-order]         the printed lines of one order (a JSON
//                                array), data-index its place in the
//                                report's orders, data-lead="true" for the
//                                first (what Node prints when nothing stalls)
//   #timeline li[data-step]      the chosen order's steps, data-printed
//                                the lines each printed (a JSON array)
//   #loop-view .queue[data-queue]  the current step's queues: data-queued
//                                what waited in each just before the step
//                                (a JSON array, its own callback first),
//                                class active where it came from,
//                                data-unknown on microtasks the engine
//                                does not list
//   #quiz[data-state]            idle | drawing | ready | grading | graded
//                                | error; data-level, data-seed, data-node
//                                (the release) name the puzzle
//   #quiz-labels li[data-quiz-label]  the lines in the learner's order
//   #quiz-grade[data-correct]    "true" | "false"; data-right how many
//                                places are right, data-order Node's order
//                                (a JSON array), data-position the first
//                                wrong place (1-based)
'use strict';

(() => {
  const STATIC = window.LOOPLINT_STATIC || null;
  const VERSIONS = ['10', '12', '14', '16', '18', '20', '22', '24', '26'];
  const DEFAULT_VERSIONS = ['10', '22', '26'];
  // Browsers, side by side with the Node versions: the snippet runs as a
  // page's classic script in that engine's loop (predict --target).
  const BROWSERS = { chromium: 'Chromium', firefox: 'Firefox' };
  const isBrowser = (v) => Object.hasOwn(BROWSERS, v);
  // side names what answered: "Node 22.23.3", "Chromium".
  const side = (rep, v) => (rep && rep.target ? BROWSERS[rep.target] || rep.target : isBrowser(v) ? BROWSERS[v] : `Node ${rep && rep.node ? rep.node : v}`);
  const $ = (id) => document.getElementById(id);
  const code = $('code'), gutter = $('gutter'), hl = $('highlight');
  const results = $('results'), statusEl = $('status');

  let examples = [];
  let shown = null; // {source, versions: [asked], reports: Map asked -> report|null}
  let chosen = null; // {v: asked, i: order index}
  let step = 0;
  let answered = 0;
  let runToken = 0;

  const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));
  const el = (tag, attrs, ...kids) => {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === undefined || v === null || v === false) continue;
      if (k === 'class') e.className = v;
      else if (k === 'text') e.textContent = v;
      else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
      else e.setAttribute(k, v === true ? 'true' : v);
    }
    for (const k of kids) if (k) e.append(k);
    return e;
  };
  const status = (s) => { statusEl.textContent = s; };

  // ---- the editor: a textarea over a layer that marks lines ----

  let currentLine = 0;
  let hazardLines = new Map(); // line -> [messages]

  function lineOf(pos) {
    // "file:line:col", the file itself possibly holding colons.
    const parts = String(pos || '').split(':');
    if (parts.length < 3) return 0;
    return parseInt(parts[parts.length - 2], 10) || 0;
  }

  function paintEditor() {
    const lines = code.value.split('\n');
    gutter.innerHTML = lines.map((_, i) => {
      const n = i + 1;
      const hz = hazardLines.get(n);
      return hz ? `<span class="hazard" title="${esc(hz.join('\n'))}">⚠${n}</span>` : String(n);
    }).join('\n');
    hl.innerHTML = lines.map((l, i) => {
      const n = i + 1;
      const cls = ['line'];
      if (n === currentLine) cls.push('current');
      if (hazardLines.has(n)) cls.push('hazard');
      return `<span class="${cls.join(' ')}" data-line="${n}">${esc(l) || ' '}</span>`;
    }).join('');
    code.rows = Math.max(lines.length, 12);
    code.style.width = '100%';
    code.style.width = code.scrollWidth + 'px';
  }

  function showLine(n) {
    currentLine = n;
    paintEditor();
    const line = hl.querySelector(`[data-line="${n}"]`);
    if (line) line.scrollIntoView({ block: 'nearest' });
  }

  // ---- the engine ----

  // One worker per core, two at most: the versions of an answer are
  // predicted side by side. The module is compiled once, here, and sent
  // to each.
  const workers = [];
  const queue = [];
  let nextId = 1;
  const pending = new Map();
  const cache = new Map();
  const timing = (window.looplintTiming = { predictMs: [] });

  function engines() {
    if (workers.length) return;
    const n = Math.max(1, Math.min(2, navigator.hardwareConcurrency || 1));
    const t0 = performance.now();
    const wasm = () => fetch('looplint.wasm');
    const module = WebAssembly.compileStreaming(wasm())
      .catch(async () => WebAssembly.compile(await (await wasm()).arrayBuffer()));
    module.then(() => { timing.compiled = Math.round(performance.now() - t0); });
    for (let k = 0; k < n; k++) {
      const w = new Worker('worker.js');
      w.busy = false;
      w.onmessage = (ev) => {
        const m = ev.data;
        if (m.fatal) { status('the engine did not load: ' + m.fatal); return; }
        if (m.ready) { timing['ready' + k] = Math.round(m.timing.ready); return; }
        const p = pending.get(m.id);
        if (p) { pending.delete(m.id); p(m.json); }
        timing.predictMs.push(Math.round(m.ms));
        w.busy = false;
        dispatch();
      };
      module.then((mod) => w.postMessage({ module: mod }), (e) => status('the engine did not load: ' + e));
      workers.push(w);
    }
  }

  function dispatch() {
    for (const w of workers) {
      if (w.busy || !queue.length) continue;
      w.busy = true;
      w.postMessage(queue.shift());
    }
  }

  // ask queues a request for an engine and resolves to its report.
  function ask(job) {
    const id = nextId++;
    return new Promise((resolve) => {
      pending.set(id, (json) => {
        let rep;
        try { rep = JSON.parse(json); } catch (e) { rep = { error: 'bad answer: ' + e }; }
        resolve(rep);
      });
      engines();
      queue.push({ id, ...job });
      dispatch();
    });
  }

  function predict(source, v) {
    const key = v + '\u0000' + source;
    if (cache.has(key)) return cache.get(key);
    // A browser's engine has the newest Node's JavaScript features.
    const p = ask({ key, source, node: isBrowser(v) ? VERSIONS[VERSIONS.length - 1] : v, target: isBrowser(v) ? v : 'node', name: 'snippet.js' });
    cache.set(key, p);
    return p;
  }

  async function run() {
    const source = code.value;
    const versions = pickedVersions();
    const token = ++runToken;
    shown = { source, versions, reports: new Map() };
    window.looplintReports = {};
    chosen = null;
    render();
    const t0 = performance.now();
    status('predicting…');
    // Requests not yet started for an older run are dropped.
    for (let k = queue.length - 1; k >= 0; k--) {
      const job = queue[k];
      if (job.key === undefined) continue; // a quiz's
      queue.splice(k, 1);
      pending.delete(job.id);
      cache.delete(job.key);
    }
    await Promise.all(versions.map(async (v) => {
      const rep = await predict(source, v);
      if (token !== runToken) return;
      shown.reports.set(v, rep);
      window.looplintReports[v] = rep;
      render();
    }));
    if (token !== runToken) return;
    answered++;
    document.body.dataset.answered = String(answered);
    status(`answered in ${Math.round(performance.now() - t0)} ms`);
  }

  // ---- versions ----

  function pickedVersions() {
    const vs = [...document.querySelectorAll('#versions input:checked, #browsers input:checked')].map((i) => i.value);
    return vs.length ? vs : [DEFAULT_VERSIONS[DEFAULT_VERSIONS.length - 1]];
  }

  function setVersions(vs) {
    for (const i of document.querySelectorAll('#versions input, #browsers input')) i.checked = vs.includes(i.value);
  }

  // ---- what an answer shows ----

  const orderKey = (o) => JSON.stringify([o.stdout, o.exitCode, !!o.starves, !!o.endless]);

  function condition(rep, o) {
    const parts = [];
    if (o.stall) parts.push(`only if the machine stalls for over ${rep.stallMs} ms`);
    else if (o.pauseMs > 0) parts.push(`only if the code between two timer creations takes ${o.pauseMs} ms or more`);
    else if (o.underLoad) parts.push(`only if the loop runs late or I/O completes out of order (a pause under ${rep.stallMs} ms)`);
    if (o.why && rep.total > 1) parts.push(o.why);
    return parts.join(' · ');
  }

  function ending(o) {
    if (o.starves) return 'then nothing more: the process never exits';
    if (o.endless) return 'and so on: the loop goes round without end';
    if (o.exitCode) return `exit code ${o.exitCode}`;
    return '';
  }

  function render() {
    results.textContent = '';
    if (!shown) return;
    const reps = shown.versions.map((v) => shown.reports.get(v)).filter((r) => r && !r.error);
    // Differences: an order not every version prints, and a version
    // whose orders (or lead) are not the most common ones.
    const sig = (r) => JSON.stringify([r.orders.length && orderKey(r.orders[0]), r.orders.map(orderKey).sort()]);
    const counts = new Map();
    for (const r of reps) counts.set(sig(r), (counts.get(sig(r)) || 0) + 1);
    const common = [...counts.entries()].sort((a, b) => b[1] - a[1])[0];
    const complete = reps.length === shown.versions.length;
    const where = new Map(); // order key -> [node]
    for (const r of reps) for (const o of r.orders) {
      const k = orderKey(o);
      if (!where.has(k)) where.set(k, []);
      where.get(k).push(side(r));
    }
    const hz = new Map();
    for (const v of shown.versions) {
      const rep = shown.reports.get(v);
      const sec = el('section', { class: 'version', 'data-node-asked': v, 'data-state': rep ? (rep.error ? 'error' : 'done') : 'running' });
      if (!rep) {
        sec.append(el('h2', { text: side(null, v) }), el('p', { class: 'verdict', text: 'predicting…' }));
        results.append(sec);
        continue;
      }
      if (rep.error) {
        sec.append(el('h2', { text: side(null, v) }), el('p', { class: 'error', text: rep.error }));
        sec.dataset.error = rep.error;
        results.append(sec);
        // A syntax error says where: mark its line.
        const at = /^snippet\.js:(\d+):/.exec(rep.error);
        if (at) {
          const n = +at[1];
          if (!hz.has(n)) hz.set(n, []);
          if (!hz.get(n).includes(rep.error)) hz.get(n).push(rep.error);
        }
        continue;
      }
      sec.dataset.node = rep.node;
      if (rep.target) sec.dataset.target = rep.target;
      sec.append(el('h2', { text: side(rep, v) }), el('p', { class: 'verdict', text: rep.verdict }));
      if (complete && counts.size > 1 && sig(rep) !== common[0]) {
        sec.classList.add('differs');
        const other = reps.find((r) => sig(r) === common[0]);
        const what = [];
        if (!rep.orders.length || !other.orders.length || orderKey(rep.orders[0]) !== orderKey(other.orders[0])) what.push('what it prints first');
        if (JSON.stringify(rep.orders.map(orderKey).sort()) !== JSON.stringify(other.orders.map(orderKey).sort())) what.push('the possible orders');
        sec.append(el('p', { class: 'cond differs-note', text: `differs from ${side(other)}: ${what.join(' and ')}` }));
      }
      if (rep.engine === 'runtime' && !rep.target) sec.append(el('p', { class: 'cond', text: 'the interpreter cannot model this program: these are the orders of the sandboxed runtime, which ran every path' }));
      for (const n of rep.notes || []) sec.append(el('p', { class: 'cond', text: 'note: ' + n }));
      let list = null, heading = '';
      rep.orders.forEach((o, i) => {
        const h = i === 0 ? (rep.target ? 'What it prints' : 'What Node prints') : (o.underLoad || o.stall || o.pauseMs > 0 ? 'Under load' : 'Also possible');
        if (h !== heading) {
          heading = h;
          sec.append(el('h3', { text: h }));
          list = el('ol', { class: 'orders' });
          sec.append(list);
        }
        const k = orderKey(o);
        const on = where.get(k) || [];
        const li = el('li', {
          class: 'order' + (o.underLoad || o.stall ? ' under-load' : '') + (complete && reps.length > 1 && on.length < reps.length ? ' only-some' : ''),
          'data-order': JSON.stringify(o.stdout), 'data-index': String(i), 'data-lead': i === 0 ? 'true' : 'false',
          tabindex: '0', onclick: () => choose(v, i), onkeydown: (e) => { if (e.key === 'Enter') choose(v, i); },
        });
        if (chosen && chosen.v === v && chosen.i === i) li.classList.add('chosen');
        const tags = [];
        if (rep.total > 1) tags.push(`#${i + 1} · ${o.paths} of ${rep.paths} paths`);
        if (complete && reps.length > 1 && on.length < reps.length) tags.push('only on ' + on.join(', '));
        if (tags.length) li.append(el('div', { class: 'tag', text: tags.join(' · ') }));
        const cond = condition(rep, o);
        if (cond) li.append(el('div', { class: 'cond', text: cond }));
        const lines = o.stdout.length ? o.stdout.join('\n') : '(prints nothing)';
        li.append(el('pre', { text: lines + (o.stderr.length ? '\n' + o.stderr.map((l) => 'stderr| ' + l).join('\n') : '') + (ending(o) ? '\n… ' + ending(o) : '') }));
        list.append(li);
      });
      if (rep.total > rep.orders.length) sec.append(el('p', { class: 'cond', text: `… ${rep.total - rep.orders.length} more orders not listed` }));
      if (rep.hazards.length) {
        sec.append(el('h3', { text: 'Hazards' }));
        const ul = el('ul', { class: 'hazards' });
        for (const h of rep.hazards) {
          ul.append(el('li', { text: `${h.pos.split(':').slice(-2).join(':')} ${h.message} (${h.check})` }));
          const n = lineOf(h.pos);
          if (n) {
            if (!hz.has(n)) hz.set(n, []);
            const m = `${side(rep)}: ${h.message}`;
            if (!hz.get(n).includes(m)) hz.get(n).push(m);
          }
        }
        sec.append(ul);
      }
      if (!rep.complete) {
        sec.append(el('h3', { text: 'Incomplete' }));
        const ul = el('ul', { class: 'reasons' });
        for (const r of rep.reasons) ul.append(el('li', { text: (r.pos ? r.pos.split(':').slice(-2).join(':') + ' ' : '') + r.message }));
        sec.append(ul);
      }
      results.append(sec);
    }
    hazardLines = hz;
    paintEditor();
    // Until the reader picks one, the timeline shows the lead of the
    // first version answered in the picker's order.
    if (!chosen || chosen.auto) {
      const first = shown.versions.find((v) => { const r = shown.reports.get(v); return r && !r.error && r.orders.length; });
      if (first && !(chosen && chosen.v === first)) choose(first, 0, true);
    }
  }

  // ---- the timeline of the chosen order ----

  const QUEUES = [
    ['timers', 'Timers', 'Timers'], ['pending', 'Pending', null], ['poll', 'Poll (I/O)', 'IO'],
    ['check', 'Check (setImmediate)', 'Immediates'], ['close', 'Close', 'Close'],
    ['nextTick', 'nextTick', 'Ticks'], ['microtask', 'Microtasks', null],
  ];
  // A browser's task sources and rendering steps (the browser's timeline).
  const BROWSER_QUEUES = [
    ['timers', 'Timers', 'Timers'], ['tasks', 'Tasks (messages, events, scripts)', 'Tasks'],
    ['frames', 'Next frame (animation frames, observers)', 'Frames'], ['idle', 'Idle callbacks', 'Idle'], ['microtask', 'Microtasks', null],
  ];
  const browserQueueOf = (q) => ({ timer: 'timers', interval: 'timers', raf: 'frames', render: 'frames', idle: 'idle', microtask: 'microtask', rejection: 'microtask' })[q] || 'tasks';
  const QUEUE_OF = { timer: 'timers', interval: 'timers', immediate: 'check', io: 'poll', close: 'close', nextTick: 'nextTick', microtask: 'microtask', rejection: 'microtask' };
  const QUEUE_NAME = {
    timer: 'timers', interval: 'timers (interval)', immediate: 'check queue', io: 'I/O', close: 'close queue',
    nextTick: 'nextTick queue', microtask: 'microtask queue', rejection: 'unhandled rejections, processed once the queues drained',
    message: 'posted messages', 'window message': 'window messages', event: 'DOM events', raf: 'animation frame callbacks',
    render: 'observers', idle: 'idle callbacks', script: 'scripts', parser: 'the page parser',
  };

  function choose(v, i, auto) {
    chosen = { v, i, auto: !!auto };
    step = 0;
    for (const li of document.querySelectorAll('.order')) {
      const sec = li.closest('.version');
      li.classList.toggle('chosen', sec.dataset.nodeAsked === v && li.dataset.index === String(i));
    }
    renderTimeline();
  }

  function chosenOrder() {
    if (!chosen || !shown) return null;
    const rep = shown.reports.get(chosen.v);
    return rep && !rep.error ? [rep, rep.orders[chosen.i]] : null;
  }

  function phaseTitle(st) {
    if (st.phase === 'main') return 'main module';
    // A browser's loop (predict --target): tasks, then rendering updates.
    if (st.phase === 'page') return "the page's scripts";
    if (st.phase === 'task') return 'the browser picks a task';
    if (st.phase === 'rendering') return 'rendering update';
    if (st.phase === 'beforeExit' || st.phase === 'exit') return `process '${st.phase}' event`;
    return `iteration ${st.iteration} · ${st.phase} phase`;
  }

  function renderTimeline() {
    const pane = $('timeline-pane'), tl = $('timeline');
    const co = chosenOrder();
    tl.textContent = '';
    if (!co) { pane.hidden = true; return; }
    const [rep, o] = co;
    pane.hidden = false;
    $('timeline-title').textContent = `Timeline · ${side(rep, chosen.v)} · order #${chosen.i + 1}`;
    const steps = o.explain || [];
    steps.forEach((st, k) => {
      const li = el('li', { 'data-step': String(k), 'data-printed': JSON.stringify(st.printed || []), onclick: () => setStep(k) });
      if (!st.queue) {
        li.className = 'phase';
        li.append(el('div', { text: phaseTitle(st) }));
      } else {
        let from = QUEUE_NAME[st.queue] || st.queue;
        if (st.callback && st.callback !== 'a callback') from += ': ' + st.callback;
        if (st.queue === 'microtask' && st.jobs > 1 && !(st.printed || []).length) from += ` (${st.jobs} jobs that print nothing)`;
        li.append(el('div', { text: from }));
        if (st.reason) li.append(el('div', { class: 'why', text: st.reason }));
      }
      for (const l of st.printed || []) li.append(el('div', { class: 'printed', text: l }));
      for (const l of st.stderr || []) li.append(el('div', { class: 'printed', text: 'stderr| ' + l }));
      if (st.repeat) li.append(el('div', { class: 'why', text: `… ${st.repeat.steps > 1 ? `these ${st.repeat.steps} steps` : 'this step'} again ${st.repeat.times} more times` }));
      if (st.omitted) li.append(el('div', { class: 'why', text: `… ${st.omitted} more steps as the loop went on` }));
      tl.append(li);
    });
    if (!steps.length) tl.append(el('li', { text: 'no steps for this order' }));
    setStep(0);
  }

  function setStep(k) {
    const co = chosenOrder();
    if (!co) return;
    const steps = co[1].explain || [];
    if (!steps.length) return;
    step = Math.max(0, Math.min(k, steps.length - 1));
    for (const li of document.querySelectorAll('#timeline li')) li.classList.toggle('current', li.dataset.step === String(step));
    $('step-count').textContent = `step ${step + 1} of ${steps.length}`;
    const st = steps[step];
    // What waits: a callback's or a job's step says what waited just
    // before it ran (itself first in the highlighted queue); a phase's,
    // what waited when it began, with counts.
    let waiting = null, queued = st.queued || {}, phase = st.phase;
    if (!st.queue) waiting = st.waiting;
    // A browser's loop (predict --target) has its own queues.
    const browser = !!co[0].target;
    const active = st.queue ? (browser ? browserQueueOf(st.queue) : QUEUE_OF[st.queue]) : phase;
    const view = $('loop-view');
    view.textContent = '';
    const when = st.queue ? 'just before this step ran; it is first in the highlighted queue'
      : `when the ${phase === 'main' ? 'main module ran' : phase === 'page' ? 'page began' : phase + ' began'}`;
    const unknown = queued.JobsUnknown ? ` (the runtime, which answered${browser ? ' for the browser' : ' here'}, does not list its microtasks: ?)` : '';
    view.append(el('p', { class: 'cond', text: `waiting ${when}${unknown}` }));
    for (const [id, name, field] of browser ? BROWSER_QUEUES : QUEUES) {
      const n = waiting && field && !browser ? waiting[field] : null;
      // The callbacks themselves (the report's queued; pending and
      // microtasks have no count in waiting).
      const key = field || { pending: 'Pending', microtask: 'Microtasks' }[id];
      const names = queued[key] || [];
      if (id === 'microtask' && queued.JobsUnknown) {
        view.append(el('div', { class: 'queue' + (id === active ? ' active' : ''), 'data-queue': id, 'data-queued': '[]', 'data-unknown': '' },
          el('b', { text: name }), el('span', { class: 'n', text: '?' })));
        continue;
      }
      const box = el('div', { class: 'queue' + (id === active ? ' active' : ''), 'data-queue': id, 'data-queued': JSON.stringify(names) },
        el('b', { text: name }), el('span', { class: 'n', text: n === null ? String(names.length) : String(n) }));
      if (names.length) box.append(el('ul', {}, ...names.map((x) => el('li', { text: x }))));
      view.append(box);
    }
    const printed = [];
    for (let j = 0; j <= step; j++) printed.push(...(steps[j].printed || []));
    view.append(el('div', { class: 'queue', 'data-queue': 'stdout' }, el('b', { text: 'printed so far' }),
      el('pre', { text: printed.join('\n') || '(nothing yet)' })));
    showLine(lineOf(st.pos));
  }

  $('prev').onclick = () => setStep(step - 1);
  $('next').onclick = () => setStep(step + 1);
  $('timeline-pane').addEventListener('keydown', (e) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowRight') { e.preventDefault(); setStep(step + 1); }
    if (e.key === 'ArrowUp' || e.key === 'ArrowLeft') { e.preventDefault(); setStep(step - 1); }
  });

  // ---- share links: #node=10,22&code=BASE64URL(UTF-8) ----

  function encode(s) {
    const bytes = new TextEncoder().encode(s);
    let bin = '';
    for (const b of bytes) bin += String.fromCharCode(b);
    return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  }

  function decode(s) {
    const bin = atob(s.replace(/-/g, '+').replace(/_/g, '/'));
    return new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
  }

  function shareLink() {
    return location.href.split('#')[0] + '#node=' + pickedVersions().join(',') + '&code=' + encode(code.value);
  }

  function fromFragment() {
    const p = new URLSearchParams(location.hash.slice(1));
    if (!p.has('code')) return false;
    try { code.value = decode(p.get('code')); } catch (e) { status('the link\'s code could not be read'); return false; }
    if (p.get('node')) setVersions(p.get('node').split(',').filter((v) => VERSIONS.includes(v) || isBrowser(v)));
    $('example').value = '';
    return true;
  }

  // ---- the quiz: looplint quiz in the page ----
  // A puzzle is a program that prints one order on the chosen release;
  // the learner orders its lines and the engine grades them, saying where
  // the first wrong line comes from. Link: #quiz=LEVEL&seed=N&node=V.

  const quizEl = $('quiz');
  let quizAt = null; // {level, seed, node}
  let quizToken = 0;

  function quizState(s) { quizEl.dataset.state = s; }

  function openQuiz(open) {
    quizEl.hidden = !open;
    $('quiz-open').setAttribute('aria-expanded', String(open));
  }

  function quizLabels() {
    return [...document.querySelectorAll('#quiz-labels li')].map((li) => li.dataset.quizLabel);
  }

  function showLabels(labels) {
    const ol = $('quiz-labels');
    ol.replaceChildren();
    labels.forEach((l, k) => {
      const move = (d) => () => {
        const ls = quizLabels();
        const j = k + d;
        if (j < 0 || j >= ls.length) return;
        [ls[k], ls[j]] = [ls[j], ls[k]];
        showLabels(ls);
        ol.children[j].querySelector(d < 0 ? 'button' : 'button:last-child').focus();
      };
      ol.append(el('li', { 'data-quiz-label': l }, el('span', { text: l }),
        el('button', { type: 'button', 'aria-label': `move ${l} up`, text: '↑', onclick: move(-1), disabled: k === 0 }),
        el('button', { type: 'button', 'aria-label': `move ${l} down`, text: '↓', onclick: move(1), disabled: k === labels.length - 1 })));
    });
  }

  async function drawQuiz(level, seed, node) {
    const token = ++quizToken;
    quizAt = null;
    openQuiz(true);
    quizState('drawing');
    $('quiz-status').textContent = 'drawing a puzzle…';
    $('quiz-program').textContent = '';
    $('quiz-labels').replaceChildren();
    $('quiz-grade').replaceChildren();
    delete $('quiz-grade').dataset.correct;
    $('quiz-check').disabled = true;
    const rep = await ask({ quiz: [level, seed, node, ''] });
    if (token !== quizToken) return;
    if (rep.error) {
      quizState('error');
      $('quiz-status').textContent = rep.error;
      return;
    }
    quizAt = { level: String(rep.level), seed: String(rep.seed), node };
    Object.assign(quizEl.dataset, { level: rep.level, seed: rep.seed, node: rep.node });
    $('quiz-program').textContent = rep.program;
    showLabels(rep.labels);
    $('quiz-check').disabled = false;
    $('quiz-status').textContent = `level ${rep.level}, seed ${rep.seed}, Node ${rep.node}`;
    history.replaceState(null, '', `${location.href.split('#')[0]}#quiz=${rep.level}&seed=${rep.seed}&node=${node}`);
    quizState('ready');
  }

  async function checkQuiz() {
    if (!quizAt) return;
    const token = quizToken;
    quizState('grading');
    const given = quizLabels();
    const rep = await ask({ quiz: [quizAt.level, quizAt.seed, quizAt.node, given.join(',')] });
    if (token !== quizToken) return;
    const out = $('quiz-grade');
    out.replaceChildren();
    if (rep.error) {
      quizState('error');
      out.append(el('p', { text: rep.error }));
      return;
    }
    Object.assign(out.dataset, { correct: String(rep.correct), right: String(rep.right || 0), order: JSON.stringify(rep.order) });
    delete out.dataset.position;
    if (rep.correct) {
      out.append(el('p', { class: 'right', text: `Right: Node ${quizEl.dataset.node} prints the lines in this order.` }));
    } else {
      const m = rep.mistake;
      out.dataset.position = String(m.position);
      out.append(el('p', { class: 'wrong', text: `${rep.right || 0} of ${given.length} in the right place. The first wrong one is line ${m.position}: Node prints “${m.expected}” there, not “${m.given}”.` }));
      out.append(el('p', { text: `“${m.expected}”: ${m.expectedFrom.text}` }));
      out.append(el('p', { text: `“${m.given}”: ${m.givenFrom.text}` }));
      if (m.why) out.append(el('p', { text: m.why }));
    }
    out.append(el('p', { text: 'What Node prints, step by step:' }));
    const steps = el('ol', {});
    for (const st of rep.explain || []) {
      const printed = (st.printed || []).join(', ');
      const where = [st.phase + (st.iteration ? ` (iteration ${st.iteration})` : ''), st.queue, st.callback].filter(Boolean).join(' · ');
      const at = rep.mistake && rep.mistake.expectedFrom && steps.children.length === rep.mistake.expectedFrom.step;
      steps.append(el('li', { class: at ? 'at' : '', text: where + (printed ? ` → ${printed}` : '') }));
    }
    out.append(steps);
    quizState('graded');
  }

  function quizFromFragment() {
    const p = new URLSearchParams(location.hash.slice(1));
    if (!p.has('quiz')) return false;
    const level = p.get('quiz');
    const node = p.get('node') || $('quiz-node').value;
    if (VERSIONS.includes(node)) $('quiz-node').value = node;
    if (['1', '2', '3'].includes(level)) $('quiz-level').value = level;
    drawQuiz(level, p.get('seed') || String(Math.floor(Math.random() * 1e6)), node);
    return true;
  }

  // ---- start ----

  code.addEventListener('input', () => { currentLine = 0; paintEditor(); });
  code.addEventListener('keydown', (e) => {
    if (e.key === 'Tab') {
      e.preventDefault();
      const s = code.selectionStart;
      code.setRangeText('  ', s, code.selectionEnd, 'end');
      paintEditor();
    } else if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      run();
    }
  });

  if (STATIC) {
    document.body.classList.add('static');
    code.readOnly = true;
    code.value = STATIC.source;
    const versions = STATIC.reports.map((r) => r.node);
    shown = { source: STATIC.source, versions, reports: new Map(STATIC.reports.map((r) => [r.node, r])) };
    window.looplintReports = Object.fromEntries(shown.reports);
    document.title = `${STATIC.file} · looplint`;
    status(`${STATIC.file} · looplint predict --format html`);
    render();
    answered = 1;
    document.body.dataset.answered = '1';
    return;
  }

  const vf = $('versions');
  for (const v of VERSIONS) {
    vf.append(el('label', {}, el('input', { type: 'checkbox', value: v, checked: DEFAULT_VERSIONS.includes(v), onchange: run }), ' ' + v));
  }
  const bf = $('browsers');
  for (const [v, name] of Object.entries(BROWSERS)) {
    bf.append(el('label', {}, el('input', { type: 'checkbox', value: v, onchange: run }), ' ' + name));
  }
  $('run').onclick = run;
  for (const v of VERSIONS) $('quiz-node').append(el('option', { value: v, text: v, selected: v === '22' }));
  $('quiz-open').onclick = () => {
    if (!quizEl.hidden) { openQuiz(false); return; }
    if (quizAt) openQuiz(true);
    else drawQuiz($('quiz-level').value, String(Math.floor(Math.random() * 1e6)), $('quiz-node').value);
  };
  $('quiz-new').onclick = () => drawQuiz($('quiz-level').value, String(Math.floor(Math.random() * 1e6)), $('quiz-node').value);
  $('quiz-check').onclick = checkQuiz;
  $('share').onclick = () => {
    const link = shareLink();
    const a = $('share-link');
    a.href = link;
    a.textContent = link.length > 80 ? link.slice(0, 77) + '…' : link;
    $('share-out').hidden = false;
    history.replaceState(null, '', link);
    if (navigator.clipboard) navigator.clipboard.writeText(link).then(() => status('link copied'), () => {});
  };
  $('example').onchange = () => {
    const ex = examples.find((x) => x.name === $('example').value);
    if (!ex) return;
    code.value = ex.source;
    paintEditor();
    run();
  };
  window.addEventListener('hashchange', () => {
    if (quizFromFragment()) return;
    if (fromFragment()) { paintEditor(); run(); }
  });

  engines();
  quizFromFragment();
  fetch('examples.json').then((r) => r.json()).then((list) => {
    examples = list;
    const sel = $('example');
    for (const ex of list) sel.append(el('option', { value: ex.name, text: ex.title || ex.name }));
  }).catch(() => { examples = []; }).finally(() => {
    if (!fromFragment()) {
      const first = examples[0];
      if (first) { code.value = first.source; $('example').value = first.name; }
    }
    paintEditor();
    run();
  });
})();
