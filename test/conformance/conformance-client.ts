/**
 * The client the MCP conformance runner drives (`conformance client --command ...`, bundled for
 * Node by scripts/conformance.mjs). It is autoui-agent's own `src/mcp/` through its one entry,
 * `connectMcpServer`, set up as the element sets it up: protocol `auto`, OAuth sign-in (its
 * browser step replaced by following the fixture's redirect), elicitation answered with the
 * schema's defaults. It connects to the URL given as last argument, calls tools as the agent
 * would (see tool-calls.ts) and closes. Exit code 0 when all of that worked; the runner judges
 * by what it saw on the wire, the exit code only helps reading stderr.txt.
 */
import {connectMcpServer} from '../../src/mcp/index.js';
import {acceptWithDefaults, authOptions, readScenario} from './scenario-context.js';
import {planCalls} from './tool-calls.js';

const url = process.argv[process.argv.length - 1];
const {scenario, revision, context} = readScenario();
console.log(`scenario ${scenario || '(none)'} at ${revision || '(no revision)'}: ${url}`);

const connection = await connectMcpServer({
  url,
  // Only a hang-catcher: the runner starts every scenario at once, and on a busy 2-core machine a
  // fixture's first answer took longer than 15 s (the auth scenarios failed as MCP_TIMEOUT).
  connectTimeoutMs: 120_000,
  protocol: 'auto',
  auth: authOptions(context),
  elicit: acceptWithDefaults,
});
console.log(`connected: ${connection.protocol}, tools ${connection.layer.tools.map((t) => t.name).join(', ') || '(none)'}`);
for (const t of connection.disabledTools) console.log(`left out: ${t.name}: ${t.reason}`);

let failed = false;
for (const call of planCalls(scenario, connection.layer.tools, context)) {
  // The fixtures answer in milliseconds: a call still pending after 30 s waits for something that will not come
  // (30, not 10: the same busy machine).
  const signal = AbortSignal.timeout(30_000);
  try {
    const out = await connection.layer.execute!(call.name, call.args, {signal, callId: 'conformance', reportProgress: () => {}});
    console.log(`${call.name}: ${out.isError ? 'error result' : 'ok'}: ${out.text.slice(0, 200)}`);
  } catch (error) {
    failed = true;
    console.error(`${call.name}: ${(error as Error).message}`);
  }
}
await connection.close();
process.exit(failed ? 1 : 0);
