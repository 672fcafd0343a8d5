/**
 * Every request a browser context makes, with what it carries: its URL, method and body (the
 * post data, as bytes, so a binary or multipart body is searched too). Heard on the context, so
 * requests of every page and of their dedicated Workers (Playwright reports those to the page's
 * context) are in it; WebSocket frames are recorded as well. A test then asks whether a value
 * ever left the page.
 * @param {import('playwright-core').BrowserContext} context
 * @returns {{requests: Array<{url: string, method: string, body: Buffer}>, frames: string[], carrying(text: string): string[]}}
 */
export function recordRequests(context) {
  const requests = [];
  const frames = [];
  const onRequest = (request) => requests.push({url: request.url(), method: request.method(), body: request.postDataBuffer() ?? Buffer.alloc(0)});
  context.on('request', onRequest);
  context.on('page', (page) =>
    page.on('websocket', (socket) => socket.on('framesent', ({payload}) => frames.push(typeof payload === 'string' ? payload : payload.toString('latin1')))),
  );
  return {
    requests,
    frames,
    /** The requests (method and URL) whose URL or body holds `text` (also URL-encoded), and the WebSocket frames that do. */
    carrying(text) {
      const forms = [text, encodeURIComponent(text)];
      const hits = requests.filter((r) => forms.some((f) => r.url.includes(f) || r.body.includes(f))).map((r) => `${r.method} ${r.url}`);
      return [...hits, ...frames.filter((f) => forms.some((form) => f.includes(form))).map((f) => `websocket frame ${f.slice(0, 80)}`)];
    },
  };
}
