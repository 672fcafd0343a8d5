/**
 * Keeps keys (and visitor tokens) out of every message we produce. Providers sometimes echo the
 * key they rejected (whole or masked) in their error text, which we show to the page.
 */

// Shapes of provider keys: Anthropic `sk-ant-…`, OpenAI `sk-…`/`sk-proj-…`, OpenRouter `sk-or-…`.
const KEY_SHAPE = /\bsk-[A-Za-z0-9_*.-]{6,}/g;

/** `text` with each of `secrets` and anything shaped like a provider key replaced by `[redacted]`. */
export function redactKey(text: string, ...secrets: Array<string | undefined>): string {
  let out = text;
  for (const secret of secrets) if (secret) out = out.split(secret).join('[redacted]');
  return out.replace(KEY_SHAPE, '[redacted]');
}
