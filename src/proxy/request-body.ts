/**
 * Reads a request body with a size limit and a time limit: an oversized body is refused as soon
 * as it passes the limit (never buffered whole), and a client that sends its body slowly (a
 * slow-loris) is cut when the time is up.
 */

/** Why a body could not be read. */
export type BodyProblem = {problem: 'too_large'; bytes: number} | {problem: 'timeout'} | {problem: 'aborted'};

/** Reads `request`'s body as bytes, or says why it could not. */
export async function readBody(request: Request, maxBytes: number, timeoutMs: number): Promise<Uint8Array<ArrayBuffer> | BodyProblem> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await request.body?.cancel().catch(() => {});
    return {problem: 'too_large', bytes: declared};
  }
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), timeout]);
      if (next === 'timeout') {
        await reader.cancel().catch(() => {});
        return {problem: 'timeout'};
      }
      if (next.done) break;
      size += next.value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => {});
        return {problem: 'too_large', bytes: size};
      }
      chunks.push(next.value);
    }
  } catch {
    return {problem: 'aborted'};
  } finally {
    clearTimeout(timer);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}
