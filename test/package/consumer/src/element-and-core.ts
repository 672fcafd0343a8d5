// The same app adding its in-page tools from autoui-agent/core (the README's pattern): with one
// module graph for both entries, it must weigh the element-only app plus the core code it uses.
import 'autoui-agent';
import {createWebMcpServer} from 'autoui-agent/core';

const agent = document.createElement('autoui-agent');
document.body.append(agent);
const page = createWebMcpServer('page', {
  description: 'What the page knows.',
  tools: [{name: 'selection', description: 'The rows the user selected.', inputSchema: {type: 'object', properties: {}}, execute: () => JSON.stringify([...document.querySelectorAll('.selected')].map((e) => e.id))}],
});
agent.addLayer(page.layer);
