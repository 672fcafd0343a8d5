/**
 * Serves GGUF model files to the tests of `provider="local"`, as a model host does (Range requests,
 * `content-length`, an ETag, CORS), and counts the requests for each file, so a test can tell that
 * a second page load read the weights from the browser's copy, not from here.
 *
 * - `/tiny.gguf`: the random-weight model of scripts/make-tiny-gguf.mjs (half a megabyte);
 * - `/slow.gguf`: the same model with 16 MB of padding, sent at about 2 MB/s, so a test can watch
 *   the progress and cancel mid-download (its name differs, so it is kept apart in the browser);
 * - `/tools.gguf`: a tiny model whose chat template writes tools and calls (so `provider="local"`
 *   takes its native path, and llama.cpp reads the model's calls), with scripted weights: whatever
 *   it is asked, it writes "Let me check." and a `<tool_call>` of `lookup` for Paris;
 * - `/tools-text.gguf`: the same words from a model whose template only lists the tools, so the
 *   call comes back as text, for the provider's text parsers;
 * - `/truncated.gguf`: the tiny model cut in half; `/not-a-model.gguf`: a text file;
 * - `/gemma-3-270m.gguf`: the real Gemma 3 270M that scripts/fetch-test-models.mjs fetched, when it did;
 * - `/requests?path=/tiny.gguf`: how many GET and HEAD requests that file had; `/reset` zeroes the counts.
 */
import http from 'node:http';
import {existsSync, readFileSync} from 'node:fs';
import {tinyGguf} from '../../scripts/make-tiny-gguf.mjs';
import {GEMMA_PATH} from '../../scripts/fetch-test-models.mjs';

export const name = 'model-files';

/** @returns {Promise<{url: string, close(): Promise<void>}>} */
export async function start() {
  const tiny = tinyGguf();
  const files = {
    '/tiny.gguf': {bytes: tiny},
    '/tiny-second.gguf': {bytes: tiny},
    '/slow.gguf': {bytes: tinyGguf({padMb: 16}), bytesPerTick: 64 * 1024},
    '/tools.gguf': {bytes: tinyGguf({tools: 'native'})},
    '/tools-text.gguf': {bytes: tinyGguf({tools: 'text'})},
    '/truncated.gguf': {bytes: tiny.subarray(0, tiny.length >> 1)},
    '/not-a-model.gguf': {bytes: Buffer.from('This is not a model.\n'.repeat(100))},
  };
  const gemma = () => (existsSync(GEMMA_PATH) ? (files['/gemma-3-270m.gguf'] ??= {bytes: readFileSync(GEMMA_PATH)}) : undefined);
  const counts = new Map();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    const cors = {'access-control-allow-origin': '*', 'access-control-expose-headers': 'content-length, content-range, etag, accept-ranges'};
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {...cors, 'access-control-allow-methods': 'GET, HEAD', 'access-control-allow-headers': 'range'});
      return res.end();
    }
    if (url.pathname === '/requests') {
      res.writeHead(200, {...cors, 'content-type': 'application/json'});
      return res.end(JSON.stringify(counts.get(url.searchParams.get('path')) ?? {GET: 0, HEAD: 0}));
    }
    if (url.pathname === '/reset') {
      counts.clear();
      res.writeHead(204, cors);
      return res.end();
    }
    const file = url.pathname === '/gemma-3-270m.gguf' ? gemma() : files[url.pathname];
    if (!file) {
      res.writeHead(404, cors);
      return res.end();
    }
    const count = counts.get(url.pathname) ?? {GET: 0, HEAD: 0};
    count[req.method] = (count[req.method] ?? 0) + 1;
    counts.set(url.pathname, count);
    const size = file.bytes.length;
    const headers = {...cors, 'content-type': 'application/octet-stream', 'accept-ranges': 'bytes', etag: `"${size}-1"`, 'cache-control': 'no-store'};
    const range = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
    let body = file.bytes;
    if (range) {
      const first = Number(range[1]);
      const last = range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
      body = file.bytes.subarray(first, last + 1);
      res.writeHead(206, {...headers, 'content-range': `bytes ${first}-${last}/${size}`, 'content-length': body.length});
    } else {
      res.writeHead(200, {...headers, 'content-length': size});
    }
    if (req.method === 'HEAD') return res.end();
    if (!file.bytesPerTick) return res.end(body);
    // Slow: a piece every 30 ms, stopped when the browser goes away.
    let at = 0;
    const timer = setInterval(() => {
      if (res.destroyed) return clearInterval(timer);
      const piece = body.subarray(at, at + file.bytesPerTick);
      at += piece.length;
      if (at >= body.length) {
        clearInterval(timer);
        res.end(piece);
      } else res.write(piece);
    }, 30);
    req.on('close', () => clearInterval(timer));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
