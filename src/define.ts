/**
 * Side-effect module: defines the custom elements of autoui-agent. The script-tag bundles import
 * it; npm users who want the classes without the tags import `index.ts` instead.
 */
import {AutouiAgent} from './element/autoui-agent.js';
import {AutouiServer} from './element/servers/autoui-server.js';
import {defineElement} from './define-element.js';

export {defineElement};

defineElement('autoui-server', AutouiServer);
defineElement('autoui-agent', AutouiAgent);
