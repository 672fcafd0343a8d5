/**
 * The Mastra test agent's own tools (run on the server): get_weather, and delete_report, which
 * suspends for the person's approval (the adapter makes that an AG-UI interrupt). Scripts in
 * mastra-scripts.mjs say when the model calls them.
 */
import {createTool} from '@mastra/core/tools';
import {z} from 'zod';

/** The agent's own tools, by name. */
export const AGENT_TOOLS = {
  get_weather: createTool({
    id: 'get_weather', description: 'The current weather of a city.',
    inputSchema: z.object({city: z.string()}),
    execute: async ({city}) => ({city, tempC: 21}),
  }),
  delete_report: createTool({
    id: 'delete_report', description: 'Deletes a report. Asks the person first.',
    inputSchema: z.object({report: z.string()}),
    suspendSchema: z.object({question: z.string()}),
    resumeSchema: z.object({approved: z.boolean()}),
    execute: async ({report}, context) => {
      const agent = context?.agent;
      if (!agent?.resumeData) return agent.suspend({question: `Delete the ${report} report?`});
      return agent.resumeData.approved ? {deleted: report} : {deleted: null, reason: 'the person said no'};
    },
  }),
};
