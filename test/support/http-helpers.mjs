/** Small node:http helpers shared by the test servers (the fake LLM, the fault proxy). */

/** Answers `status` with `body` as JSON, plus `headers`. */
export function sendJson(res, status, body, headers = {}) {
  res.writeHead(status, {'content-type': 'application/json', ...headers});
  res.end(JSON.stringify(body));
}

/** The whole body of a request, as UTF-8 text. */
export function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
