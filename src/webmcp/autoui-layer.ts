/**
 * The built-in `autoui` WebMCP layer: the recipes of every registered widget plus the composition
 * recipes, and the display tools `widget_display` and `canvas`. One per `<autoui-agent>`, over
 * that element's widget registry; the widgets go to the canvas of each call (the session's).
 */
import type {WebMcpLayer} from '../agent/types.js';
import {compositionRecipes} from './recipes/index.js';
import {canvasToolSpec} from './canvas-tool.js';
import {displayToolSpec, type DisplayRules} from './display-tool.js';
import {createWebMcpServer, type Live} from './webmcp-server.js';

/** Options of {@link createAutouiLayer}. */
export interface AutouiLayerOptions extends DisplayRules {
  /** Recipes beyond the widgets' own (default: the built-in composition recipes). */
  recipes?: Live<string>;
}

/** The server name of the built-in layer; its tools are `autoui_webmcp_*`. */
export const AUTOUI_SERVER_NAME = 'autoui';

/** Creates the `autoui` layer over one widget catalog. */
export function createAutouiLayer(options: AutouiLayerOptions): WebMcpLayer {
  const rules: DisplayRules = options;
  return createWebMcpServer(AUTOUI_SERVER_NAME, {
    description:
      // Short: the workflow of the prompt already says to find and read a recipe, then display.
      'The page itself: widgets that show results on its canvas.',
    widgets: () => options.catalog.list(),
    recipes: options.recipes ?? compositionRecipes,
    tools: [displayToolSpec(rules), canvasToolSpec(rules)],
  }).layer;
}
