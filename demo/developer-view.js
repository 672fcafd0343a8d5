// The demo's developer view: the element's agent console (its `debug` attribute: tool calls,
// timings, tokens, server status) and a log of the element's public DOM events. Off by default,
// so a visitor sees the product; the choice is remembered in this browser.

import {remember, remembered} from './preferences.js';

const STORAGE_KEY = 'autoui-demo:developer-view';

/** One line per event; `autoui-text` is left out (a line per streamed word; the transcript shows it). */
const summary = {
  'autoui-tool-approval': (d) => `${d.name} waits for the person (${d.title})`,
  // The call's one name (its tool with its server, as the pill and the console say it).
  'autoui-tool-call': (d) => `${d.label ?? d.name} ${d.error ? '✗' : '✓'} ${d.elapsed} ms`,
  'autoui-widget-create': (d) => d.type,
  'autoui-widget-created': (d) => `${d.type} ${d.id}`,
  'autoui-widget-updated': (d) => d.id,
  'autoui-widget-removed': (d) => d.id,
  'autoui-run-start': (d) => d.question,
  'autoui-run-end': (d) => `${d.result.stopReason}, ${d.result.iterations} turns, ${d.result.usage.inputTokens}+${d.result.usage.outputTokens} tokens`,
  'autoui-message': (d) => d.text.slice(0, 80),
  'autoui-error': (d) => `${d.code}: ${d.message}`,
  'autoui-server-ready': (d) => `${d.name} (${d.tools.length} tools, MCP ${d.protocol})`,
  'autoui-server-error': (d) => `${d.name} ${d.code}`,
  'autoui-sign-in': (d) => `${d.server} asks to sign in at ${new URL(d.issuer ?? d.url).host}`,
  'autoui-elicitation': (d) => `${d.server} asks: ${d.message.slice(0, 60)}`,
  'autoui-file-attached': (d) => `${d.name}: ${d.rows} rows, ${d.columns} columns`,
  'autoui-file-removed': (d) => d.name,
  'autoui-suggestion': (d) => `${d.question} (${d.source === 'recipe' ? `recipe ${d.recipe} of ${d.server}` : 'the page'})`,
  'autoui-restored': (d) => `${d.source}: ${d.widgets.length} widgets${d.dropped.length ? `, ${d.dropped.length} left out` : ''}`,
};

/**
 * Wires the developer view's switch to the element's console and the events panel, and starts
 * logging the element's events (also while the panel is hidden, so turning it on shows what
 * happened before).
 * @param {HTMLElement} agent the `<autoui-agent>`
 * @param {{toggle: HTMLInputElement, panel: HTMLElement, log: HTMLOListElement}} parts
 */
export function startDeveloperView(agent, {toggle, panel, log}) {
  const show = (on) => {
    toggle.checked = on;
    panel.hidden = !on;
    agent.toggleAttribute('debug', on);
  };
  show(remembered(STORAGE_KEY) === 'on');
  toggle.addEventListener('change', () => {
    remember(STORAGE_KEY, toggle.checked ? 'on' : 'off');
    show(toggle.checked);
  });
  for (const [name, describe] of Object.entries(summary)) {
    agent.addEventListener(name, (event) => {
      const item = document.createElement('li');
      item.textContent = `${name.replace('autoui-', '')}: ${describe(event.detail)}`;
      log.append(item);
      log.scrollTop = log.scrollHeight;
    });
  }
}
