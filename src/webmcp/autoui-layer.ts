/**
 * The built-in `autoui` WebMCP layer (design.md 3, 5.6-5.8): the recipes of every registered
 * widget plus the composition recipes, and the action tools `widget_display`, `canvas` and
 * `recall`. One per `<autoui-agent>`, over that element's registry and canvas store.
 */
import type {WebMcpLayer} from '../agent/types.js';
import {compositionRecipes} from '../widgets/recipes/index.js';
import {canvasToolSpec} from './canvas-tool.js';
import {displayToolSpec, type DisplayTarget} from './display-tool.js';
import {createWebMcpServer, type Live} from './webmcp-server.js';

/** Options of {@link createAutouiLayer}. */
export interface AutouiLayerOptions extends DisplayTarget {
  /** Recipes beyond the widgets' own (default: the built-in composition recipes). */
  recipes?: Live<string>;
}

/** The server name of the built-in layer; its tools are `autoui_webmcp_*`. */
export const AUTOUI_SERVER_NAME = 'autoui';

/** Creates the `autoui` layer over one registry and one canvas store. */
export function createAutouiLayer(options: AutouiLayerOptions): WebMcpLayer {
  const target: DisplayTarget = options;
  return createWebMcpServer(AUTOUI_SERVER_NAME, {
    description:
      'The page itself: widgets to show results (tables, charts, maps, figures, lists...) on the canvas, and the canvas to change them. ' +
      'Find a recipe (search_recipes), read it (get_recipe), then call widget_display.',
    widgets: () => options.registry.list(),
    recipes: options.recipes ?? compositionRecipes,
    tools: [
      displayToolSpec(target),
      canvasToolSpec(target),
      {
        name: 'recall',
        description: 'Get the full text of a shortened tool result, by the id given in its [recall(...)] hint.',
        inputSchema: {type: 'object', properties: {id: {type: 'string'}}, required: ['id']},
        annotations: {readOnlyHint: true},
        // The agent loop answers recall from its result buffer before this is reached.
        execute: () => ({text: 'recall is answered by the agent loop; call it through the agent.', isError: true}),
      },
    ],
  }).layer;
}
