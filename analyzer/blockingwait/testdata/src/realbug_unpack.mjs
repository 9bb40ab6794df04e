// Pattern (missed): an exported helper decompresses a captured body with
// the *Sync zlib functions; the proxy code that calls it for every
// exchange is in another module.
import zlib from 'node:zlib';
export function bodyText(body, encoding) {
  if (encoding === 'gzip') body = zlib.gunzipSync(body); // hazard (missed: the callers on the loop are another module's)
  if (encoding === 'br') body = zlib.brotliDecompressSync(body);
  return body.toString('utf8');
}
