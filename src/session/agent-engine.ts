/**
 * What a session needs to run a question on the site's own AG-UI agent (the `agent` setting),
 * loaded as its own chunk the first time such a question runs: the AG-UI runner, how the settings
 * become its options, and the approvals (frontend tools and interrupts ask a person as the loop's
 * tools do). A page without `agent` never loads it; one with it never needs the loop's providers.
 */
export {runAgUiAgent} from '../ag-ui/run-ag-ui-agent.js';
export {agentOptions} from './agent-options.js';
export {SessionApprovals} from './session-approvals.js';
