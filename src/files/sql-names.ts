/**
 * SQL names from untrusted text (file names, sheet names, header cells, JSON keys): readable
 * (`Unit price` → `unit_price`, `Montant (€)` → `montant`, accented letters kept), made of
 * letters, digits and `_` only, so a name is safe inside "…" and easy for a model to write.
 */

/** The longest name kept: longer ones are cut (headers can be whole sentences). */
const MAX_NAME = 63;

/**
 * A SQL-safe name for `text`: lower case, every run of other characters one `_`, never starting
 * with a digit; `fallback` when nothing is left.
 */
export function sqlName(text: string, fallback: string): string {
  const name = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_]+/gu, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, MAX_NAME)
    .replace(/_+$/, '');
  if (!name) return fallback;
  return /^\p{N}/u.test(name) ? `_${name}` : name;
}

/** `name` made unique against `taken` (compared without case, as SQLite does) by `_2`, `_3`, …; adds it to `taken`. */
export function uniqueName(name: string, taken: Set<string>): string {
  let candidate = name;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${name}_${n}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

/** The table name a file's tables start from: its name without the extension. */
export function tableBaseName(fileName: string): string {
  return sqlName(fileName.replace(/\.[a-z0-9]{1,8}$/i, ''), 'file');
}

/** `name` quoted as a SQL identifier. */
export const quoteName = (name: string) => `"${name.replaceAll('"', '""')}"`;
