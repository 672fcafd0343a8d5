// A plain page with one <autoui-agent> for the screenshot tests, built from the query string:
// endpoint (the fake LLM scenario), servers (JSON [[name, url, protocol?]]), lang (the element's),
// pageLang and pageDir (the <html> element's, for a right-to-left page), dir (the element's own).
// window.__visual lets a case ask a question and wait for the element's events.
import {appendServers} from '../../support/page-servers.js';

await import('/dist/autoui-agent.js');

const params = new URL(location.href).searchParams;
if (params.get('pageLang')) document.documentElement.lang = params.get('pageLang');
if (params.get('pageDir')) document.documentElement.dir = params.get('pageDir');

const agent = document.createElement('autoui-agent');
agent.setAttribute('provider', 'anthropic');
if (params.get('endpoint')) agent.setAttribute('endpoint', params.get('endpoint'));
if (params.get('lang')) agent.setAttribute('lang', params.get('lang'));
if (params.get('dir')) agent.setAttribute('dir', params.get('dir'));
appendServers(agent, params.get('servers'));

/** The element's events so far, by type (their details are not kept: nothing here compares them). */
const heard = {};
for (const type of ['autoui-widget-created', 'autoui-tool-call', 'autoui-run-start', 'autoui-run-end', 'autoui-error']) {
  agent.addEventListener(type, () => (heard[type] = (heard[type] ?? 0) + 1));
}
document.getElementById('main').append(agent);

window.__visual = {
  /** How many events of `type` the element has sent. */
  heard: (type) => heard[type] ?? 0,
  /** Asks `question` and resolves with the run's stop reason, once its widgets have rendered. */
  ask: (question) => agent.ask(question).then((r) => r.stopReason),
  /** Asks `question` without waiting for the answer (for a screenshot of the run at work). */
  start(question) {
    agent.ask(question).catch(() => {});
  },
  running: () => agent.session.running,
  /** The transcript's text, spaces collapsed. */
  transcript: () => (agent.shadowRoot.querySelector('autoui-transcript')?.shadowRoot?.textContent ?? '').replace(/\s+/g, ' ').trim(),
};
