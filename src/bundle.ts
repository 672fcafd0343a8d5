/**
 * Entry of the built bundles (`dist/autoui-agent.js`, `dist/autoui-agent.iife.js`): everything
 * `index.ts` exports, and the elements defined, so one `<script>` tag is enough.
 */
import './define.js';
export * from './index.js';
