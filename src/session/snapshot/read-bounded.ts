/**
 * Reads a byte stream whole, refusing more than a given number of bytes as they arrive: a share
 * link that inflates, or a snapshot fetched from a URL, is never held beyond its limit. DOM-free.
 */

/** The bytes of `stream`, or `tooLarge()` thrown (and the stream cancelled) past `max` bytes. */
export async function readBounded(stream: ReadableStream<Uint8Array>, max: number, tooLarge: () => Error): Promise<Uint8Array> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const {done, value} = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}
