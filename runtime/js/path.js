// path (POSIX): the subset of Node's path module snippets use.
'use strict';
const cwd = __internal.cwd;

function normalizeParts(parts, absolute) {
  const out = [];
  for (const p of parts) {
    if (p === '' || p === '.') continue;
    if (p === '..') {
      if (out.length > 0 && out[out.length - 1] !== '..') out.pop();
      else if (!absolute) out.push('..');
      continue;
    }
    out.push(p);
  }
  return out;
}

function assertPath(p, name) {
  if (typeof p !== 'string') {
    const e = new TypeError(`The "${name}" argument must be of type string. Received ${p === null ? 'null' : typeof p === 'object' ? 'an instance of ' + (p.constructor && p.constructor.name || 'Object') : 'type ' + typeof p + ' (' + String(p) + ')'}`);
    e.code = 'ERR_INVALID_ARG_TYPE';
    throw e;
  }
}

function normalize(p) {
  assertPath(p, 'path');
  if (p === '') return '.';
  const absolute = p[0] === '/';
  const trailing = p[p.length - 1] === '/';
  let s = normalizeParts(p.split('/'), absolute).join('/');
  if (s === '' && !absolute) s = '.';
  if (s !== '' && trailing) s += '/';
  return (absolute ? '/' : '') + s;
}

function join(...args) {
  const parts = [];
  for (const a of args) {
    assertPath(a, 'path');
    if (a.length > 0) parts.push(a);
  }
  return parts.length === 0 ? '.' : normalize(parts.join('/'));
}

function resolve(...args) {
  let p = '';
  for (let i = args.length - 1; i >= -1 && p[0] !== '/'; i--) {
    const a = i >= 0 ? args[i] : cwd();
    assertPath(a, `paths[${i}]`);
    if (a.length === 0) continue;
    p = p === '' ? a : a + '/' + p;
  }
  const s = normalizeParts(p.split('/'), true).join('/');
  return '/' + s;
}

function dirname(p) {
  assertPath(p, 'path');
  if (p.length === 0) return '.';
  let end = p.length;
  while (end > 1 && p[end - 1] === '/') end--;
  const i = p.lastIndexOf('/', end - 1);
  if (i === -1) return '.';
  if (i === 0) return '/';
  let j = i;
  while (j > 1 && p[j - 1] === '/') j--;
  return p.slice(0, j);
}

function basename(p, ext) {
  assertPath(p, 'path');
  let end = p.length;
  while (end > 0 && p[end - 1] === '/') end--;
  if (end === 0) return '';
  const start = p.lastIndexOf('/', end - 1) + 1;
  let b = p.slice(start, end);
  if (ext !== undefined && b.endsWith(ext) && b !== ext) b = b.slice(0, b.length - ext.length);
  return b;
}

function extname(p) {
  const b = basename(p);
  const i = b.lastIndexOf('.');
  if (i <= 0) return '';
  return b.slice(i);
}

function isAbsolute(p) {
  assertPath(p, 'path');
  return p.length > 0 && p[0] === '/';
}

function relative(from, to) {
  const f = resolve(from).split('/').filter(Boolean);
  const t = resolve(to).split('/').filter(Boolean);
  let i = 0;
  while (i < f.length && i < t.length && f[i] === t[i]) i++;
  return [...f.slice(i).map(() => '..'), ...t.slice(i)].join('/');
}

function parse(p) {
  assertPath(p, 'path');
  const root = p[0] === '/' ? '/' : '';
  const base = basename(p);
  const ext = extname(p);
  let dir = dirname(p);
  if (dir === '.' && !p.includes('/')) dir = '';
  return { root, dir, base, ext, name: ext ? base.slice(0, base.length - ext.length) : base };
}

function format(o) {
  const dir = o.dir || o.root || '';
  const base = o.base || (o.name || '') + (o.ext ? (o.ext[0] === '.' ? '' : '.') + o.ext : '');
  if (!dir) return base;
  return dir === o.root ? dir + base : dir + '/' + base;
}

const path = { sep: '/', delimiter: ':', normalize, join, resolve, dirname, basename, extname, isAbsolute, relative, parse, format,
  toNamespacedPath: (p) => p };
path.posix = path;
module.exports = path;
