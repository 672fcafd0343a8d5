/**
 * Checks shared by the heavy widgets for values that come from models and MCP servers: colours
 * only when the browser parses them as a CSS colour (anything else is dropped, never passed on to
 * the DOM), the series palette, and clipping of very long text. URLs follow `policy/url-rules.ts`.
 */

/** True when `value` is a colour the browser understands (`#0a7`, `rgb(...)`, `teal`, ...). */
export function isCssColor(value: unknown): value is string {
  // CSS.supports rejects anything that is not a single colour value, so no declaration can slip through.
  return typeof value === 'string' && value.length <= 64 && CSS.supports('color', value);
}

/**
 * Default series colours (Okabe-Ito inspired, distinguishable with common colour-vision
 * deficiencies), used when the model gives no colour or an invalid one.
 */
export const PALETTE: readonly string[] = ['#2563eb', '#e69f00', '#009e73', '#d55e00', '#cc79a7', '#56b4e9', '#f0e442', '#7c3aed', '#6b7280', '#0f766e'];

/** The colour to use for series `index`: the given one if valid, else the palette's. */
export function colorFor(index: number, given?: unknown): string {
  return isCssColor(given) ? given : PALETTE[index % PALETTE.length];
}

/** Truncates very long text for display (the full value stays in the data, e.g. for CSV export). */
export function clip(text: string, max = 500): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
