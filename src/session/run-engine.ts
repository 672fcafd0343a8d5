/**
 * What a session needs to run a question, loaded on first use (or when a view says it will soon
 * be needed) as its own chunk: the loop, its result buffer, how the settings become its options
 * (with the providers) and the approvals (a person is only ever asked during a question, or by an
 * MCP App view). Keeping them out of the session's module keeps a page's first load small: the
 * element imports the session, not this.
 */
export {runAgentLoop} from '../agent/agent-loop.js';
export {ResultBuffer} from '../agent/result-buffer.js';
export {loopOptions} from './loop-options.js';
export {SessionApprovals} from './session-approvals.js';
