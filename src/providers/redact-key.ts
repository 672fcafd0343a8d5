/**
 * Keeps keys out of every message we produce. Providers sometimes echo the key they rejected
 * (whole or masked) in their error text, which we show to the page.
 */

// Shapes of provider keys: Anthropic `sk-ant-…`, OpenAI `sk-…`/`sk-proj-…`, OpenRouter `sk-or-…`.
const KEY_SHAPE = /\bsk-[A-Za-z0-9_*.-]{6,}/g;

/** `text` with `key` and anything shaped like a provider key replaced by `[redacted]`. */
export function redactKey(text: string, key?: string): string {
  let out = key ? text.split(key).join('[redacted]') : text;
  out = out.replace(KEY_SHAPE, '[redacted]');
  return out;
}
