/**
 * The local files engine, loaded on demand (`import()`) by the element when files are on: the
 * engine, its `files` layer and the recipe that teaches the model to use them. Nothing of the
 * element's first load imports it statically: it carries the Worker's source (Papa Parse, SheetJS,
 * sql.js), the largest lazy part of the library.
 */
import localFilesRecipe from './recipes/local-files.recipe.md?raw';

export {createLocalFiles} from './local-files.js';
export {createFilesLayer, FILES_SERVER_NAME} from './files-layer.js';

/** The recipe of local files (markdown with frontmatter), for the `autoui` layer's recipes. */
export const filesRecipe: string = localFilesRecipe;
