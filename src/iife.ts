/**
 * Entry of `dist/autoui-agent.iife.js`, the one classic script: everything inlined, the elements
 * defined, and the whole API on `window.AutouiAgent`.
 */
import './define.js';

export * from './index.js';
