/**
 * The element's local files as its first load holds them: the drag and drop listeners (a drop is
 * only taken if `dragover` was refused at once, so that part cannot wait for a chunk) and the way
 * to the files chunk (`file-drop.ts`: the composer's `accept`, chips, refusals, the engine, the
 * `files` layer), loaded when the page is idle, or by the first file dragged or attached before.
 */
import {loadFailed} from '../../errors.js';
import type {SessionEvent} from '../../session/session-events.js';
import type {AutouiFileDetail} from '../events.js';
import type {FileDrop, FileDropHost} from './file-drop.js';

/** One element's files. See the module comment. */
export class FilesController {
  #drop?: Promise<FileDrop>;
  #loaded?: FileDrop;
  /** The files' side of the last restore (settled once the kept files are attached again and the missing ones told). */
  restoring?: Promise<void>;

  constructor(private readonly host: FileDropHost) {
    for (const type of ['dragenter', 'dragover', 'dragleave', 'drop']) host.addEventListener(type, this.#onDrag as EventListener);
  }

  /** The chunk, once in: the composer's `accept` (none while files are off), the attached files, the view. */
  get loaded(): FileDrop | undefined {
    return this.#loaded;
  }

  /** Reads and attaches `file`; rejects with the `AutouiError`. */
  attach(file: File): Promise<AutouiFileDetail> {
    return this.load().then((drop) => drop.attach(file));
  }

  /** Files picked or pasted in the composer (each failure is told by the chunk). */
  take(files: readonly File[]): void {
    void this.load().then((drop) => drop.take(files));
  }

  /** A restore names the files it was made from: those not attached are told once the chunk is in. */
  sessionEvent(event: SessionEvent): void {
    if (event.type === 'restored' && (event.files || this.#drop)) this.restoring = this.load().then((drop) => drop.restored(event.files), () => {});
  }

  /** The chunk (a failed load is tried again at the next call). */
  load(): Promise<FileDrop> {
    return (this.#drop ??= import('./file-drop.js').then(
      (chunk) => {
        this.host.requestUpdate();
        return (this.#loaded = new chunk.FileDrop(this.host));
      },
      (error: unknown) => {
        this.#drop = undefined;
        throw loadFailed('The local files part of autoui-agent', error);
      },
    ));
  }

  // Files only (dragging text or a link over the element does nothing), unless files are off or
  // the element is read-only.
  readonly #onDrag = (event: DragEvent) => {
    if (!event.dataTransfer?.types.includes('Files') || this.host.readonly || (this.#loaded && !this.#loaded.accept)) return;
    event.preventDefault();
    // The dropped files are readable only while the event is dispatched.
    const files = event.type === 'drop' ? [...event.dataTransfer.files] : [];
    void this.load().then((drop) => drop.drag(event, files));
  };
}
