/**
 * A dashboard of six widgets of five types (two stat cards, a chart.js bar chart, a table, a list,
 * a markdown note) that a scripted model draws from the real Data server's SQL answers: wide and
 * phone-wide, light and dark, and on a right-to-left page.
 */
import {createFakeLlmScenario} from '../../support/fake-llm-scenario.mjs';
import {demoServers, openVisualPage} from '../open-visual-page.mjs';
import {elementRendered, serversSettled} from '../page-ready.mjs';

// Tall enough for the six widgets at once on the wide element.
const WIDE = {width: 1440, height: 1200};
const PHONE = {width: 360, height: 740};

/** The widget_display calls of the dashboard; figures come from the two queries' results. */
const widgets = [
  {name: 'stat-card', params: {label: 'Airports in Alaska', value: {$value: {result: 0, column: 'n'}}, caption: 'FAA list'}},
  {name: 'stat-card', params: {label: 'Airports in Washington', value: {$count: {result: 1}}, variant: 'success'}},
  {name: 'chart', params: {type: 'bar', title: 'Airports by state', labels: {$column: {result: 0, column: 'state'}}, datasets: [{label: 'Airports', data: {$column: {result: 0, column: 'n'}}}]}},
  {name: 'table', params: {title: 'Washington airports', rows: {$rows: {result: 1, limit: 4, map: {Code: 'iata', Name: 'name', City: 'city'}}}}},
  {name: 'list', params: {title: 'Where to land', items: {$rows: {result: 1, limit: 4, map: {text: '{iata} — {name}', secondary: '{city}'}}}}},
  {name: 'markdown', params: {title: 'About these figures', content: 'Counts of the **FAA airport list** by state.\n\n- Alaska has the most airports\n- Seaplane bases count too'}},
];

const turns = [
  {
    text: 'Counting airports by state, and listing those of Washington.',
    toolCalls: [
      {name: 'data_mcp_query_sql', input: {sql: 'SELECT state, count(*) AS n FROM airports GROUP BY state ORDER BY n DESC, state LIMIT 8'}},
      {name: 'data_mcp_query_sql', input: {sql: "SELECT iata, name, city FROM airports WHERE state = 'WA' ORDER BY iata"}},
    ],
  },
  {match: {toolOffered: 'widget_display'}, toolCalls: widgets.map((input) => ({name: 'autoui_webmcp_widget_display', input}))},
  {text: 'Here are the states with the most airports, and the airports of Washington.', finish: 'stop'},
];

/** A case of the dashboard on the page built from `query`. */
function dashboard(name, viewport, query = {}, colorScheme = 'light') {
  return {
    name,
    viewport,
    colorScheme,
    async render({context, baseUrl, servers}) {
      const {base} = await createFakeLlmScenario(servers['fake-llm'], {name: `visual ${name}`, turns});
      const opened = await openVisualPage(context, baseUrl, {endpoint: base, servers: demoServers(servers), ...query});
      await serversSettled(opened.page, 2);
      await elementRendered(opened.page);
      // ask() resolves once the run's widgets have rendered (chart.js included: no animation under reduced motion).
      const stopReason = await opened.page.evaluate(() => window.__visual.ask('Show me a dashboard of the airports of the United States.'));
      const shown = await opened.page.evaluate(() => window.__visual.heard('autoui-widget-created'));
      if (stopReason !== 'end_turn' || shown !== widgets.length) throw new Error(`the run ended with ${stopReason} and ${shown} widgets, not end_turn and ${widgets.length}`);
      return opened;
    },
  };
}

export const cases = [
  dashboard('dashboard-1440', WIDE, {lang: 'en'}),
  dashboard('dashboard-360', PHONE, {lang: 'en'}),
  dashboard('dashboard-dark', WIDE, {lang: 'en'}, 'dark'),
  dashboard('dashboard-rtl', WIDE, {pageLang: 'ar', pageDir: 'rtl'}),
];
