/** Sizes in the element's two languages (the files' chips, the model download card). */

/** "12.4 MB" (en), "12,4 Mo" (fr): bytes in the largest unit under 1,000 of it. */
export function sizeText(bytes: number, language: 'fr' | 'en'): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let unit = 0;
  let value = bytes;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  // CLDR's short English byte is "byte" ("50 byte"): bytes get the symbol people read, B or o.
  if (unit === 0) return `${new Intl.NumberFormat(language).format(value)}\u00a0${language === 'fr' ? 'o' : 'B'}`;
  return new Intl.NumberFormat(language, {style: 'unit', unit: units[unit], unitDisplay: 'short', maximumFractionDigits: 1}).format(value);
}
