/**
 * Composition recipes: how to combine several widgets for one answer. Each widget's
 * own recipe lives beside it; these are served by the `autoui` layer's recipe tools with them.
 */
import dashboard from './dashboard.recipe.md?raw';
import mapTable from './map-table.recipe.md?raw';

/** The built-in composition recipes (markdown with frontmatter). */
export const compositionRecipes: readonly string[] = [dashboard, mapTable];
