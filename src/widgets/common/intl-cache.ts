/**
 * `Intl` formatters are costly to create (a 10,000-point chart made 10,000 of them), so widgets
 * share one per language and options. Module-level on purpose: a formatter is pure and keyed by
 * everything that shapes its output, so sharing it between elements changes nothing they show.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** A number formatter for `lang` and `options`, created once. */
export function numberFormat(lang: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${lang}\u0000${options ? JSON.stringify(options) : ''}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(lang, options)));
  return format;
}

/** A date formatter for `lang` and `options`, created once. */
export function dateFormat(lang: string, options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${lang}\u0000${options ? JSON.stringify(options) : ''}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(lang, options)));
  return format;
}
