/**
 * In-process layers for core tests: an MCP-shaped data layer whose `execute` runs local
 * handlers, and a small display layer whose tools say they display (offered from the start) and
 * show widgets on the canvas of the call, as the real `autoui` layer does. (Real MCP servers and
 * the real `autoui` layer are tested in their own groups.)
 */
import type {LayerTool, McpLayer, ToolExecutionContext, ToolOutput, WebMcpLayer} from '../../src/agent/types.js';

/** A tool with its local implementation. */
export interface TestTool extends LayerTool {
  handler?: (args: Record<string, unknown>, context: ToolExecutionContext) => Promise<ToolOutput | string> | ToolOutput | string;
}

/** Every call a test layer executed, in order. */
export interface CallLog {
  calls: Array<{server: string; tool: string; args: Record<string, unknown>}>;
}

/** An MCP-shaped layer backed by local handlers; logs every executed call in `log`. */
export function dataLayer(serverName: string, tools: TestTool[], log: CallLog = {calls: []}, extra: Partial<McpLayer> = {}): McpLayer {
  return {
    protocol: 'mcp',
    serverName,
    description: `${serverName} test data`,
    tools: tools.map(({handler: _h, ...t}) => ({inputSchema: {type: 'object', properties: {}}, ...t})),
    async execute(name, args, context) {
      log.calls.push({server: serverName, tool: name, args});
      const tool = tools.find((t) => t.name === name);
      const out = tool?.handler ? await tool.handler(args, context) : `${name} ok`;
      return typeof out === 'string' ? {text: out} : out;
    },
    ...extra,
  };
}

/** A display layer with `widget_display` and `canvas` (display tools), and a recipe tool. */
export function displayLayer(log: CallLog = {calls: []}): WebMcpLayer {
  return {
    protocol: 'webmcp',
    serverName: 'autoui',
    description: 'Widgets',
    tools: [
      {name: 'search_recipes', description: 'Search widget recipes', inputSchema: {type: 'object', properties: {query: {type: 'string'}}}},
      {name: 'widget_display', description: 'Display a widget', inputSchema: {type: 'object', properties: {name: {type: 'string'}, params: {type: 'object'}}, required: ['name', 'params']}, displays: true},
      {name: 'canvas', description: 'Act on the canvas', inputSchema: {type: 'object', properties: {action: {type: 'string'}}, required: ['action']}, displays: true},
    ],
    async execute(name, args, context) {
      log.calls.push({server: 'autoui', tool: name, args});
      if (name === 'widget_display') {
        if (!args.params || typeof args.params !== 'object') return {text: JSON.stringify({error: 'Validation failed'}), isError: true};
        if (!context.widgets) return {text: JSON.stringify({error: 'no canvas'}), isError: true};
        const shown = context.widgets.create({type: String(args.name), params: args.params as Record<string, unknown>});
        return shown ? {text: JSON.stringify({widget: shown.type, id: shown.id})} : {text: JSON.stringify({error: 'vetoed'}), isError: true};
      }
      return {text: `${name} ok`};
    },
  };
}
