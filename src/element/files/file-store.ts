/**
 * The attached files of a persisted element, kept in this browser (`persist-files`, only with
 * `persist="local"`): the `File` objects themselves (IndexedDB stores them as they are), in a
 * database of their own, under the key of the element's stored session. Attached files are put,
 * removed ones taken out, and the list is read back when the stored session comes back. Without
 * `persist-files` nothing here runs, and no file content is ever stored. Part of the files chunk.
 */
import {createStore, del, get, set, update, type UseStore} from 'idb-keyval';

/** The IndexedDB database and object store of kept files (apart from the sessions': that database has its one store). */
export const FILE_DATABASE = 'autoui-agent-files';
export const FILE_STORE = 'files';

/** The files kept for one element. Every method may fail (quota, private mode): the caller tells it. */
export class FileStore {
  readonly #store: UseStore;

  /** `key`: where the element's files are kept (its stored session's key and `#files`). */
  constructor(private readonly key: string) {
    this.#store = createStore(FILE_DATABASE, FILE_STORE);
  }

  /** The kept files, in the order they were attached. */
  async list(): Promise<File[]> {
    const files = await get<unknown>(this.key, this.#store);
    return Array.isArray(files) ? files.filter((f): f is File => f instanceof File) : [];
  }

  /** Keeps `file` (replacing a kept one of the same name, as attaching it replaced it). */
  put(file: File): Promise<void> {
    return update<File[]>(this.key, (files = []) => [...files.filter((f) => f.name !== file.name), file], this.#store);
  }

  /** Forgets the kept file named `name` (and the list, once empty: nothing is left behind). */
  async remove(name: string): Promise<void> {
    const files = (await this.list()).filter((f) => f.name !== name);
    await (files.length ? set(this.key, files, this.#store) : del(this.key, this.#store));
  }
}
