/**
 * Which attached files a query read: those whose table names appear in its SQL as whole words
 * (a plain match is enough to tell a widget where its numbers came from).
 */
import type {AttachedFile} from './file-types.js';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The names of the files in `files` whose tables `sql` names. */
export function filesOfQuery(sql: string, files: readonly AttachedFile[]): string[] {
  return files
    .filter((file) => file.tables.some((table) => new RegExp(`(?<![\\p{L}\\p{N}_])${escape(table.name)}(?![\\p{L}\\p{N}_])`, 'iu').test(sql)))
    .map((file) => file.name);
}
