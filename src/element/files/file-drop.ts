/**
 * The element's local files, once a visitor first drags, picks, pastes or the page attaches one (a
 * lazy chunk: the first load holds only the composer's button and the drop listeners). A file is
 * read by the local files engine (its own chunk, loaded with the first file) into tables in a
 * Worker, and the session gets the `files` layer to query them while one is attached; nothing is
 * uploaded. Each file attached or removed is an event and a chip; an attached one is also a line of
 * the transcript. A file refused or unreadable is an `autoui-error` and a notice, and nothing
 * else changes (the composer's text, the transcript's lines, the canvas). With `persist-files`
 * the files are kept in this browser and attached again when the element comes back.
 */
import type {WebMcpLayer} from '../../agent/types.js';
import {AutouiError, ErrorCodes, errorMessage} from '../../errors.js';
import {kindOfFile, parseFilesAttribute} from '../../files/file-kinds.js';
import {DEFAULT_FILE_MAX_BYTES, type AttachedFile} from '../../files/file-types.js';
import type {LocalFiles} from '../../files/local-files-api.js';
import type {AgentSession} from '../../session/agent-session.js';
import type {TraceSpan} from '../../telemetry/agent-tracer.js';
import type {SnapshotFile} from '../../session/snapshot/snapshot-format.js';
import type {FileNotice} from '../../session/transcript.js';
import {emit, type AutouiFileDetail} from '../events.js';
import {filesView, type FileChip} from './file-chips.js';
import {FILE_STRINGS, sizeRefusalText} from './file-strings.js';
import {FileStore} from './file-store.js';
import {filesEngineOf, loadFileSpan, type FileTraceHost} from './file-trace.js';
import {elementStores, type StoresElement} from '../element-stores.js';
import {storedCopyKey} from '../stored-copy-key.js';

/** What the files need of their element: the attributes (`persist-files` through its stores, tracing), the session, the language, a re-render. */
export interface FileDropHost extends StoresElement, FileTraceHost {
  readonly session: AgentSession;
  readonly fileKinds?: string;
  readonly filesMaxBytes: number;
  /** Where DuckDB-WASM's files are, when `files-engine="duckdb"` has it read the files (its chunk instead of the default engine's). */
  readonly filesEngineBundles?: string;
  /** A read-only element asks nothing: it takes no dropped, picked or pasted file (`attach()` still works). */
  readonly readonly: boolean;
  readonly language: 'fr' | 'en';
  requestUpdate(): void;
}

const detailOf = ({name, size, rows, columns}: AttachedFile): AutouiFileDetail => ({name, size, rows, columns});

/** What tells that a person is about to pick a file: the composer's file button hovered or focused (a tap or a press hovers first; both bubble out of its shadow root). */
const INTENT_EVENTS = ['pointerover', 'focusin'];

/** One element's files. See the module comment. */
export class FileDrop {
  /** The engine and its layer, from the first file on (its options follow the attributes). */
  #engine?: Promise<{files: LocalFiles; layer: WebMcpLayer}>;
  #files?: LocalFiles;
  /** Files being read, shown as busy chips. */
  #reading: FileChip[] = [];
  #dragging = false;
  /** The kept files (`persist-files` with `persist="local"`), and their attaching again. */
  readonly #store?: FileStore;
  readonly #reattached: Promise<void>;

  constructor(private readonly host: FileDropHost) {
    // Read once the chunk is in: the attributes then say whether files are kept.
    // The key only when kept: an element without persist-files is never warned about its id here.
    const kept = elementStores(host).keepsFiles ? `${storedCopyKey(host)}#files` : undefined;
    if (kept !== undefined) this.#store = new FileStore(kept);
    this.#reattached = this.#reattach();
    for (const type of INTENT_EVENTS) host.addEventListener(type, this.#onIntent);
  }

  /** The files attached, in the order they were attached. */
  get attached(): readonly AttachedFile[] {
    return this.#files?.files ?? [];
  }

  /** The files attached, as the page sees them (`files`, the events' detail). */
  get files(): AutouiFileDetail[] {
    return this.attached.map(detailOf);
  }

  /** The files attached as a snapshot names them: their schema, never a row. */
  snapshotFiles(): SnapshotFile[] {
    return this.attached.map(({name, size, kind, tables}) => ({name, size, kind, tables}));
  }

  /** The composer's file picker's `accept` (`.csv,.tsv`), or undefined when files are off or the element is read-only: no button, drops and pastes ignored. */
  get accept(): string | undefined {
    if (this.host.readonly) return undefined;
    const kinds = parseFilesAttribute(this.host.fileKinds ?? null);
    return kinds.length ? '.' + kinds.join(',.') : undefined;
  }

  /** Attaches files dropped, picked or pasted, each on its own (a failure is told: an event and a notice). */
  take(files: readonly File[]): void {
    for (const file of files) void this.attach(file).catch(() => {});
  }

  /** The chips and the drop target. */
  view() {
    const reading = new Set(this.#reading.map((c) => c.name));
    const chips = [...this.attached.filter((f) => !reading.has(f.name)).map((f) => ({name: f.name, size: f.size, attached: f})), ...this.#reading];
    return filesView({chips, dragging: this.#dragging, language: this.host.language, remove: (name) => void this.remove(name)});
  }

  /** Files dragged over the element (`files`: those dropped, on `drop`). */
  drag(event: DragEvent, files: readonly File[]): void {
    const related = event.relatedTarget as Node | null;
    // A leave towards one of the element's own parts is no leave (the target is the whole element).
    if (!this.accept) return;
    this.#show(event.type === 'dragenter' || event.type === 'dragover' || (event.type === 'dragleave' && !!related && this.host.contains(related)));
    if (event.type === 'dragenter') this.#prepare();
    this.take(files);
  }

  /**
   * Reads `file` and attaches it; `told` false: no transcript line (a kept file attached again).
   * Rejects with the `AutouiError`. Traced, it is a `load_file` span: a child of the question being
   * answered, else a trace of its own (a kept file read again too: that is a load like the first).
   */
  async attach(file: File, told = true): Promise<AutouiFileDetail> {
    if (!(file instanceof File)) throw new AutouiError(ErrorCodes.INVALID_ARGUMENT, 'attach(file) needs a File.');
    return this.host.session.traced('load_file', (span) => this.#read(file, told, span), loadFileSpan(file, this.host));
  }

  /** {@link attach}'s work, in its span (a refusal's code marks it, by the session). */
  async #read(file: File, told: boolean, span: TraceSpan): Promise<AutouiFileDetail> {
    const chip: FileChip = {name: file.name, size: file.size};
    this.#reading = [...this.#reading, chip];
    this.host.requestUpdate();
    try {
      const kinds = parseFilesAttribute(this.host.fileKinds ?? null);
      if (!kinds.length) throw new AutouiError(ErrorCodes.FILE_REFUSED, FILE_STRINGS[this.host.language].off);
      // Said here, in the element's language, before the engine loads (which would say it in English);
      // a kind not taken is left to the engine's own words.
      const kind = kindOfFile(file.name, file.type);
      if (kind && kinds.includes(kind) && file.size > this.#maxBytes()) {
        throw new AutouiError(ErrorCodes.FILE_REFUSED, sizeRefusalText(file.name, file.size, this.#maxBytes(), this.host.language));
      }
      const {files, layer} = await this.#load();
      const attached = await files.attach(file);
      span.set({'autoui.file.rows': attached.rows});
      if (!this.host.session.layers.includes(layer)) this.host.session.addLayer(layer);
      if (told) this.#notice('info', {event: 'attached', names: [attached.name], rows: attached.rows, columns: attached.columns});
      emit(this.host, 'autoui-file-attached', detailOf(attached));
      await this.#store?.put(file).catch((error: unknown) => this.#storageFailed(error));
      return detailOf(attached);
    } catch (error) {
      const failure = AutouiError.isInstance(error) ? error : new AutouiError(ErrorCodes.FILE_UNREADABLE, `${file.name} could not be read (${errorMessage(error)}).`, {cause: error});
      emit(this.host, 'autoui-error', {code: failure.code, message: failure.message});
      this.#notice('error', {event: 'refused', names: [file.name]}, failure);
      this.#reading = this.#reading.filter((c) => c !== chip);
      await this.#leaveIfEmpty();
      throw failure;
    } finally {
      this.#reading = this.#reading.filter((c) => c !== chip);
      this.host.requestUpdate();
    }
  }

  /** Removes the file `name`: its tables, its chip, its kept copy; the layer goes with the last file. */
  async remove(name: string): Promise<void> {
    const file = this.attached.find((f) => f.name === name);
    if (!file || !(await this.#files!.remove(name))) return;
    this.host.requestUpdate();
    emit(this.host, 'autoui-file-removed', detailOf(file));
    await this.#leaveIfEmpty();
    await this.#store?.remove(name).catch((error: unknown) => this.#storageFailed(error));
  }

  /**
   * A snapshot or the stored session came back: once the kept files are attached again, the
   * files it was made from that are not attached are named (its widgets stay: they are data).
   */
  async restored(files: readonly SnapshotFile[] | undefined): Promise<void> {
    await this.#reattached;
    const attached = new Set(this.attached.map((f) => f.name));
    const missing = [...new Set((files ?? []).map((f) => f.name))].filter((name) => !attached.has(name));
    if (missing.length) this.#notice('info', {event: 'missing', names: missing});
  }

  /** The file button (`part="attach"`) hovered or focused: DuckDB starts (see {@link #prepare}). */
  readonly #onIntent = (event: Event) => {
    if (event.composedPath().some((node) => (node as Element).getAttribute?.('part') === 'attach')) this.#prepare();
  };

  /**
   * With `files-engine="duckdb"`, starts DuckDB (its client chunk, its Worker, its WebAssembly: seconds)
   * as soon as a person shows they are about to attach a file, never at page load: the file then
   * waits only for what is left. Once per engine; the default engine, much quicker to start, is
   * not started ahead: it starts with its first file.
   */
  #prepare(): void {
    // The listeners stay: past the first start this returns at once.
    if (this.#engine || filesEngineOf(this.host) !== 'duckdb' || !this.accept) return;
    void this.#load().then(({files}) => files.prepare(), () => undefined);
  }

  /** The largest file taken (`files-max-bytes`, else the default). */
  #maxBytes(): number {
    return this.host.filesMaxBytes > 0 ? this.host.filesMaxBytes : DEFAULT_FILE_MAX_BYTES;
  }

  #show(dragging: boolean): void {
    if (this.#dragging === dragging) return;
    this.#dragging = dragging;
    this.host.requestUpdate();
  }

  /** The engine, made with the first file: the default one, or DuckDB's when the page opted in (read then). */
  #load(): Promise<{files: LocalFiles; layer: WebMcpLayer}> {
    if (this.#engine) return this.#engine;
    const host = this.host;
    const maxBytes = () => this.#maxBytes();
    // Getters: a page that changes `files` or `files-max-bytes` later is obeyed at the next file.
    const options = {
      get kinds() {
        return parseFilesAttribute(host.fileKinds ?? null);
      },
      get maxBytes() {
        return maxBytes();
      },
    };
    const engine =
      filesEngineOf(host) === 'duckdb'
        ? import('../../files/duckdb/duckdb-engine.js').then(({createDuckdbFiles, createFilesLayer}) => ({
            files: createDuckdbFiles(Object.create(options, {bundles: {get: () => host.filesEngineBundles || undefined}}) as typeof options),
            createFilesLayer,
          }))
        : import('../../files/files-engine.js').then(({createLocalFiles, createFilesLayer}) => ({files: createLocalFiles(options), createFilesLayer}));
    return (this.#engine = engine.then(
      ({files, createFilesLayer}) => {
        this.#files = files;
        return {files, layer: createFilesLayer(files).layer};
      },
      (error: unknown) => {
        this.#engine = undefined;
        throw new AutouiError(ErrorCodes.LOAD_FAILED, `The local files engine did not load (${errorMessage(error)}).`, {cause: error});
      },
    ));
  }

  /** With no file left, the session loses the `files` layer and the Worker ends (the next file starts it again). */
  async #leaveIfEmpty(): Promise<void> {
    if (!this.#engine || this.attached.length || this.#reading.length) return;
    const {files, layer} = await this.#engine;
    this.host.session.removeLayer(layer.serverName);
    files.dispose();
  }

  /** Attaches the kept files again, without a transcript line (the restored transcript has theirs). */
  async #reattach(): Promise<void> {
    const kept = await this.#store?.list().catch((error: unknown) => void this.#storageFailed(error));
    for (const file of kept ?? []) await this.attach(file, false).catch(() => {});
  }

  #notice(level: 'info' | 'error', file: FileNotice, failure?: AutouiError): void {
    this.host.session.notices.report({reason: 'file', level, file, ...(failure ? {code: failure.code, message: failure.message} : {})});
  }

  #storageFailed(error: unknown): void {
    this.host.session.notices.report({reason: 'storage', level: 'info', code: ErrorCodes.STORAGE_FAILED, message: `The attached files could not be kept in this browser (${errorMessage(error)}).`});
  }
}
