/**
 * Sizes in the engine's messages ("big.csv is 38 kB; this page takes files up to 30 kB"): right
 * for any size, where megabytes alone read "0 MB" for a small limit. The element says sizes in
 * its own language (element/common/size-text.ts); the engine's messages are English.
 */

const UNITS = ['B', 'kB', 'MB', 'GB', 'TB'] as const;

/** "512 B", "38 kB", "1.5 MB", "104.9 MB": the largest decimal unit under 1,000 of it, one decimal at most. */
export function byteSize(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  // 999,960 bytes would round to "1,000 kB": it is 1 MB.
  while (value >= 999.95 && unit < UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${value.toLocaleString('en', {maximumFractionDigits: unit === 0 ? 0 : 1})} ${UNITS[unit]}`;
}

/**
 * A file's size and the limit it is over, written so they differ: exact bytes when both round to
 * the same text ("30,001 bytes" over "30,000 bytes", never "30 kB" over "30 kB").
 */
export function sizesOver(size: number, limit: number): {size: string; limit: string} {
  const [a, b] = [byteSize(size), byteSize(limit)];
  if (a !== b) return {size: a, limit: b};
  return {size: `${size.toLocaleString('en')} bytes`, limit: `${limit.toLocaleString('en')} bytes`};
}
