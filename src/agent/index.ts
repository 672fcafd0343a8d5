/**
 * The DOM-free agent core: layers, naming, tool building, the canonical resolver, discovery,
 * the system prompt, the dispatcher and the loop. Runs unchanged in a page, a Worker or Node.
 */
export * from './types.js';
export * from './naming.js';
export * from './canonical-tools.js';
export * from './tool-catalog.js';
export * from './discovery.js';
export * from './system-prompt.js';
export * from './result-buffer.js';
export * from './guards.js';
export * from './run-tool.js';
export * from './dispatcher.js';
export * from './messages.js';
export * from './language-model.js';
export * from './agent-loop.js';
export * from '../schema/sanitize.js';
export * from '../schema/flatten.js';
export * from '../errors.js';
