/**
 * The local files engine, loaded on demand (`import()`) by the element when files are on: the
 * engine and its `files` layer (which serves the recipe that teaches the model to use it). Nothing of the
 * element's first load imports it statically: it carries the Worker's source (Papa Parse, SheetJS,
 * sql.js), the largest lazy part of the library.
 */
export {createLocalFiles} from './local-files.js';
export {createFilesLayer, FILES_SERVER_NAME} from './files-layer.js';
