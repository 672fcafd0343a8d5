// For the test pages that build an <autoui-agent> from their query string (the e2e agent page,
// the screenshot page): its <autoui-server> children from `servers`, JSON [[name, url, protocol?]].

/**
 * Appends one `<autoui-server>` per entry of the JSON list `json` to `agent`.
 * @param {HTMLElement} agent
 * @param {string | null} json
 */
export function appendServers(agent, json) {
  for (const [name, url, protocol] of JSON.parse(json ?? '[]')) {
    const server = document.createElement('autoui-server');
    server.setAttribute('name', name);
    server.setAttribute('url', url);
    if (protocol) server.setAttribute('protocol', protocol);
    agent.append(server);
  }
}
