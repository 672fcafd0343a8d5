/**
 * The ground truth of each question, fetched before the model runs: the runner calls the
 * question's truth tools itself, straight to the demo servers, with the MCP SDK client.
 */
import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {StreamableHTTPClientTransport} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {rowsOfResult} from './score/truth.mjs';

/**
 * Connects to the demo servers; `fetchTruth` then answers one question's truth calls.
 * @param {Record<string, string>} urls server name → MCP URL
 */
export async function connectTruth(urls) {
  const clients = Object.fromEntries(
    await Promise.all(
      Object.entries(urls).map(async ([name, url]) => {
        const client = new Client({name: 'autoui-eval-truth', version: '1.0.0'});
        await client.connect(new StreamableHTTPClientTransport(new URL(url)));
        return [name, client];
      }),
    ),
  );
  return {
    /**
     * @param {import('./types.mjs').EvalQuestion} question
     * @returns {Promise<import('./score/truth.mjs').Truth>}
     */
    async fetchTruth(question) {
      const truth = {};
      for (const [name, call] of Object.entries(question.truth)) {
        const client = clients[call.server];
        if (!client) throw new Error(`${question.id}: truth "${name}" names unknown server "${call.server}"`);
        const result = await client.callTool({name: call.tool, arguments: call.args});
        const text = (result.content ?? []).filter((c) => c.type === 'text').map((c) => c.text).join('');
        if (result.isError) throw new Error(`${question.id}: truth "${name}" failed: ${text}`);
        truth[name] = rowsOfResult(text, call.rows, call.limit);
      }
      return truth;
    },
    close: () => Promise.allSettled(Object.values(clients).map((c) => c.close())),
  };
}
