/**
 * The DuckDB engine's converter: JSON, JSON Lines and Parquet files read in the convert Worker by
 * the readers the sql.js engine uses, and answered as CSV that DuckDB then loads. DuckDB's own
 * readers of these kinds are extensions its npm package does not hold (it would fetch them from
 * its site, and the database allows no network). This module, and the Worker's source with it,
 * is imported only when such a file comes; the Worker starts then, and is kept for the next one.
 */
import {AutouiError, ErrorCodes} from '../../errors.js';
import type {FileKind} from '../file-types.js';
import {startConvertWorker} from '../start-convert-worker.js';
import {WorkerChannel} from '../worker-channel.js';
import type {ConvertedFile} from '../worker-protocol.js';

/** The convert Worker of one DuckDB engine; a crashed one is replaced at the next file. */
export class FileConverter {
  #channel?: WorkerChannel;

  /** `file` as CSV with typed columns; rejects with the `AutouiError` the sql.js engine would raise (`FILE_UNREADABLE`). */
  convert(file: File, fileName: string, kind: FileKind): Promise<ConvertedFile> {
    if (!this.#channel || this.#channel.dead) this.#channel = new WorkerChannel(startConvertWorker);
    return this.#channel.send<ConvertedFile>({type: 'convert', file, fileName, kind});
  }

  /** Ends the Worker (the engine's time limit, a crash or dispose ended DuckDB's). */
  end(): void {
    this.#channel?.fail(() => new AutouiError(ErrorCodes.FILE_UNREADABLE, 'The local files engine stopped.'));
  }
}
