/**
 * What a session needs to run a question, loaded on first use (or when a view says it will soon
 * be needed) as its own chunk: the loop, its result buffer, the providers and the approvals (a
 * person is only ever asked during a question, or by an MCP App view). Keeping them out of
 * the session's module keeps a page's first load small: the element imports the session, not this.
 */
export {runAgentLoop} from '../agent/agent-loop.js';
export {ResultBuffer} from '../agent/result-buffer.js';
export {createProvider} from '../providers/create-provider.js';
export {SessionApprovals} from './session-approvals.js';
