/**
 * Entry of `dist/core.js` (`autoui-agent/core`): the agent core and every building block, for
 * pages and apps that compose their own UI or run the loop without the element (runAgentLoop,
 * createProvider, createWebMcpServer, the widget registry, the canvas store, ...). Defines nothing.
 */
export * from './index.js';
