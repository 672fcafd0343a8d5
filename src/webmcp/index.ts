/** WebMCP: in-page tool layers, the built-in `autoui` layer and recipes. */
export {createWebMcpServer, RECIPE_TOOLS, type WebMcpServer, type WebMcpServerOptions, type WebMcpToolSpec, type Live} from './webmcp-server.js';
export {createAutouiLayer, AUTOUI_SERVER_NAME, type AutouiLayerOptions} from './autoui-layer.js';
export {displayWidget, type DisplayTarget} from './display-tool.js';
export {canvasAction, CANVAS_ACTIONS} from './canvas-tool.js';
export {parseRecipe, recipeExample, recipeExamples, type ParsedRecipe, type RecipeExample} from './recipe.js';
export {searchRecipes, normalizeText, type RecipeHit} from './recipe-search.js';
export {STYLE_PROPERTIES, checkStyles} from './style-policy.js';
export {dropUnsafeUrls, type DroppedUrl} from './url-policy.js';
