/**
 * An MCP server (SDK v2, both eras) that teaches with the MCP Skills extension instead of
 * recipe tools or prompts: two skills, and one data tool they name.
 */
import {McpServer} from '@modelcontextprotocol/server';
import {SkillsExtension, memorySkillFiles} from '@modelcontextprotocol/server/ext/skills';
import {startMcpHttpHost} from '../../demo/servers/lib/mcp-http-host.mjs';

export const name = 'mcp-skills';

const SKILLS = {
  'rainfall-chart/SKILL.md': '---\nname: rainfall-chart\ndescription: Chart the monthly rainfall of a city.\n---\nCall `rainfall` with the city, then show a bar chart of the months.\n',
  'city-card/SKILL.md': '---\nname: city-card\ndescription: Show one city as a stat card.\n---\nCall `rainfall` and show the yearly total in a stat card.\n',
};

/** @returns {Promise<{url: string, close(): Promise<void>}>} */
export async function start() {
  const catalog = await SkillsExtension.load(memorySkillFiles(SKILLS));
  const host = await startMcpHttpHost({
    createServer: () => {
      const server = new McpServer({name: 'Skills', version: '1.0.0'});
      server.registerTool('rainfall', {description: 'Monthly rainfall (mm) of a city.', inputSchema: {}, annotations: {readOnlyHint: true}}, async () => ({
        content: [{type: 'text', text: JSON.stringify({months: ['Jan', 'Feb'], mm: [120, 95]})}],
      }));
      catalog.attach(server);
      return server;
    },
  });
  return {url: host.url, close: host.close};
}
