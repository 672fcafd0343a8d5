/**
 * CSV and TSV with Papa Parse, streaming: decoded text goes in chunk by chunk and Papa Parse keeps
 * a row cut by a chunk boundary until its end arrives, so the whole file is never one string. The
 * delimiter is Papa Parse's guess from the first chunk (`,`, `;`, tab, `|`), a tab for TSV.
 */
import Papa from 'papaparse';
import type {Cell} from './column-types.js';

type Listener = (value?: unknown) => void;

/**
 * The stream Papa Parse reads: it takes any object with `readable`, `read` and `on` as a Node
 * stream and parses each `data` event as it comes, synchronously.
 */
class TextFeed {
  readonly readable = true;
  private listeners = new Map<string, Listener>();
  read() {}
  pause() {}
  resume() {}
  on(event: string, listener: Listener) {
    this.listeners.set(event, listener);
  }
  removeListener(event: string) {
    this.listeners.delete(event);
  }
  emit(event: 'data' | 'end', value?: string) {
    this.listeners.get(event)?.(value);
  }
}

/** What a delimited file told about itself. */
export interface DelimitedInfo {
  delimiter: string;
}

/**
 * Parses `texts` as delimited text, handing rows to `onRows` as they are parsed. An error thrown
 * by `onRows` stops the parse and is thrown here.
 */
export async function readDelimited(texts: AsyncIterable<string>, tsv: boolean, onRows: (rows: Cell[][], info: DelimitedInfo) => void): Promise<void> {
  const feed = new TextFeed();
  let failure: unknown;
  Papa.parse<Cell[], File>(feed as unknown as File, {
    delimiter: tsv ? '\t' : '',
    delimitersToGuess: [',', ';', '\t', '|'],
    // Empty lines only: a line of blanks becomes a row of empty cells, which the table skips
    // (Papa Parse's 'greedy' joins and trims every row to find them, a third of a second in 100 MB).
    skipEmptyLines: true,
    chunk(results, parser) {
      if (failure !== undefined) return;
      try {
        onRows(results.data as Cell[][], {delimiter: results.meta.delimiter});
      } catch (error) {
        failure = error;
        parser.abort();
      }
    },
    error(error: unknown) {
      failure ??= error;
    },
    // The end is known from the feed: every row was handed over by then.
    complete() {},
  });
  for await (const text of texts) {
    feed.emit('data', text);
    if (failure !== undefined) throw failure;
  }
  feed.emit('end');
  if (failure !== undefined) throw failure;
}
