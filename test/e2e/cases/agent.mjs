/**
 * <autoui-agent> in plain pages with the built bundles (ES and IIFE), the fake LLM over HTTP, the
 * Data demo server and server-everything: widgets from a question, the public events, a veto,
 * abort, a server that is down, a refused browser key, a strict CSP, lazy chunks.
 */
import assert from 'node:assert/strict';
import {createServer} from 'node:net';

/** A local port nothing listens on (Chromium refuses "unsafe" ones such as 9 outright). */
async function closedPort() {
  const server = createServer();
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const {port} = server.address();
  await new Promise((r) => server.close(r));
  return port;
}

const stop = {finish: 'stop'};

/** Registers a scenario on the fake LLM; returns its base URL. */
async function scenario(servers, turns) {
  const res = await fetch(`${servers['fake-llm']}/__scenarios`, {method: 'POST', headers: {'content-type': 'application/json'}, body: JSON.stringify({name: 'e2e', turns})});
  assert.equal(res.status, 201, await res.clone().text());
  return (await res.json()).base;
}
const recorded = async (base) => (await fetch(`${base}/__requests`)).json();

/** Airports counted by the Data server, the sum by server-everything, then a stat card and a chart. */
const dashboardTurns = [
  {
    text: 'Counting airports and adding numbers.',
    toolCalls: [
      {name: 'data_mcp_query_sql', input: {sql: 'SELECT state, count(*) AS n FROM airports GROUP BY state ORDER BY n DESC LIMIT 5'}},
      {name: 'everything_mcp_get-sum', input: {a: 2, b: 3}},
    ],
  },
  {
    match: {toolOffered: 'widget_display'},
    toolCalls: [
      {name: 'autoui_webmcp_widget_display', input: {name: 'stat-card', params: {label: 'Airports in the first state', value: {$value: {result: 0, column: 'n'}}}}},
      {name: 'autoui_webmcp_widget_display', input: {name: 'chart', params: {type: 'bar', title: 'Airports by state', labels: {$column: {result: 0, column: 'state'}}, datasets: [{label: 'Airports', data: {$column: {result: 0, column: 'n'}}}]}}},
    ],
  },
  {text: 'Here are the states with the most airports.', ...stop},
];

/** Opens the e2e page and returns it with the problems (page errors, console errors, CSP violations) it reports. */
async function open({context, baseUrl}, query, {host} = {}) {
  const page = await context.newPage();
  const problems = [];
  const requests = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
  page.on('request', (r) => requests.push(r.url()));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`));
  });
  const origin = host ? baseUrl.replace('127.0.0.1', host) : baseUrl;
  await page.goto(`${origin}/test/e2e/pages/agent.html?${new URLSearchParams(query)}`);
  await page.waitForFunction(() => window.__e2e, null, {timeout: 10_000});
  return {page, problems, requests};
}

const events = (page, type) => page.evaluate((t) => window.__e2e.events.filter((e) => !t || e.type === t), type);
const waitServers = (page, n) => page.waitForFunction((count) => window.__e2e.serversSettled() >= count, n, {timeout: 15_000});

function builds(name, run) {
  return ['es', 'iife'].map((build) => ({name: `${build}: ${name}`, run: (ctx) => run(ctx, build)}));
}

export const cases = [
  ...builds('two servers and the fake LLM: a question shows widgets, with the public events', async (ctx, build) => {
    for (const csp of [false, true]) {
      const base = await scenario(ctx.servers, dashboardTurns);
      // server-everything speaks only the 2025 lifecycle: pinned, since the probe it refuses (400)
      // is a failed request in the browser's console, which this page must not have.
      const servers = JSON.stringify([['data', ctx.servers['demo-data']], ['everything', ctx.servers.everything, '2025-11-25']]);
      const {page, problems} = await open(ctx, {build, endpoint: base, servers, ...(csp ? {csp: 'strict'} : {})});
      await waitServers(page, 2);
      const result = await page.evaluate(() => window.__e2e.ask('Which states have the most airports?'));
      assert.equal(result.stopReason, 'end_turn', JSON.stringify(result));
      const calls = await events(page, 'autoui-tool-call');
      const sql = calls.find((c) => c.detail.name === 'data_mcp_query_sql');
      const rows = JSON.parse(sql.detail.result).rows;
      assert.equal(calls.find((c) => c.detail.name === 'everything_mcp_get-sum').detail.error, undefined);
      const created = await events(page, 'autoui-widget-created');
      assert.deepEqual(created.map((e) => [e.detail.type, e.detail.element, e.detail.connected]), [
        ['stat-card', 'autoui-stat-card', true],
        ['chart', 'autoui-chart', true],
      ]);
      assert.equal(created[0].detail.params.value, rows[0].n);
      assert.match(created[0].detail.id, /^w_[a-z0-9]{6}$/);
      const order = (await events(page)).map((e) => e.type).filter((t) => t !== 'autoui-text' && !t.startsWith('autoui-server'));
      assert.deepEqual(order.slice(0, 2), ['autoui-run-start', 'autoui-message']);
      assert.equal(order.at(-1), 'autoui-run-end');
      // The chart painted inside the shadow roots.
      const painted = await page.evaluate(() => {
        const canvas = document.querySelector('autoui-agent').shadowRoot.querySelector('autoui-canvas').shadowRoot.querySelector('autoui-chart').shadowRoot.querySelector('canvas');
        const {data} = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
        let n = 0;
        for (let i = 3; i < data.length; i += 4) if (data[i] > 0) n++;
        return n;
      });
      assert.ok(painted > 1000, `chart painted ${painted} pixels`);
      const sent = await recorded(base);
      assert.ok(sent[0].body.tools.some((t) => t.name === 'data_mcp_search_recipes'), 'the first request offers the Data recipes');
      assert.deepEqual(problems, []);
      await ctx.screenshot(page, `agent-${build}${csp ? '-csp' : ''}`);
      await page.close();
    }
  }),

  ...builds('a canceled autoui-widget-create leaves no widget, and the model is told', async (ctx, build) => {
    const base = await scenario(ctx.servers, [
      {toolCalls: [{name: 'autoui_webmcp_widget_display', input: {name: 'stat', params: {label: 'Vetoed', value: 1}}}]},
      {text: 'The page did not allow it.', ...stop},
    ]);
    const {page, problems} = await open(ctx, {build, endpoint: base, veto: '1'});
    const result = await page.evaluate(() => window.__e2e.ask('Show a number'));
    assert.equal(result.stopReason, 'end_turn');
    assert.equal((await events(page, 'autoui-widget-create')).length, 1);
    assert.equal((await events(page, 'autoui-widget-created')).length, 0);
    assert.deepEqual(await page.evaluate(() => window.__e2e.widgets()), []);
    const [call] = await events(page, 'autoui-tool-call');
    assert.match(call.detail.error, /veto/i);
    assert.deepEqual(problems, []);
  }),

  ...builds('widgets appear while the model writes them; vetoed, invalid and cut calls leave no draft', async (ctx, build) => {
    const rows = Array.from({length: 200}, (_, i) => [`2026-01-${String((i % 28) + 1).padStart(2, '0')}`, ['Paris', 'Lyon'][i % 2], 100 + i]);
    const table = {name: 'autoui_webmcp_widget_display', input: {name: 'table', params: {title: 'Sales', rows}}};
    // 600 points: the chart's arguments stream for longer than the longest wait between draft
    // refreshes (1 s), so its draft shows points before the call ends however costly the table's were.
    const points = Array.from({length: 600}, (_, i) => 100 + i);
    const chart = (extra = {}) => ({name: 'autoui_webmcp_widget_display', input: {name: 'chart', params: {type: 'line', datasets: [{data: points}], ...extra}}});
    const slow = {chunkDelayMs: 4, fragmentSize: 6};
    /** Asks, waits for a draft that shows some rows or points while the run goes on, then for the answer. */
    const draftThenAnswer = async (page, question) => {
      await page.evaluate((q) => window.__e2e.start(q), question);
      await page.waitForFunction(() => window.__e2e.drafts().some((d) => d.items > 0), null, {timeout: 30_000, polling: 'raf'});
      const [draft] = await page.evaluate(() => window.__e2e.drafts());
      const running = await page.evaluate(() => window.__e2e.running());
      return {draft, running, result: await page.evaluate(() => window.__e2e.answer())};
    };

    // Two calls in one turn, drafts shown while they stream, each finished in its draft's element.
    const base = await scenario(ctx.servers, [{toolCalls: [table, chart()], ...slow}, {text: 'Shown.', ...stop}]);
    const {page, problems} = await open(ctx, {build, endpoint: base});
    const shown = await draftThenAnswer(page, 'Show the sales');
    assert.equal(shown.running, true, 'the draft came before the stream ended');
    assert.equal(shown.draft.busy, 'true');
    assert.ok(shown.draft.items < 200, `the draft showed part of the rows (${shown.draft.items})`);
    assert.equal(shown.result.stopReason, 'end_turn');
    assert.deepEqual(await page.evaluate(() => window.__e2e.widgetFrames()), [
      {element: 'autoui-table', wasDraft: true, busy: false},
      {element: 'autoui-chart', wasDraft: true, busy: false},
    ]);
    assert.deepEqual(await page.evaluate(() => window.__e2e.drafts()), []);
    assert.equal((await events(page, 'autoui-widget-create')).length, 2, 'autoui-widget-create once per widget');
    assert.deepEqual((await events(page, 'autoui-widget-created')).map((e) => e.detail.params.rows?.length ?? e.detail.params.datasets[0].data.length), [200, 600]);

    // An invalid call (its last param is out of range) and a cut stream: the draft goes.
    const invalid = await scenario(ctx.servers, [{toolCalls: [chart({height: 5})], ...slow}, {text: 'It did not validate.', ...stop}]);
    await page.evaluate((e) => document.querySelector('autoui-agent').setAttribute('endpoint', e), invalid);
    const refused = await draftThenAnswer(page, 'Show an invalid chart');
    assert.equal(refused.result.stopReason, 'end_turn');
    assert.match((await events(page, 'autoui-tool-call')).at(-1).detail.error, /Validation failed/);
    const cut = await scenario(ctx.servers, [{toolCalls: [table], ...slow, fault: {cutAfterFrames: 150}}]);
    await page.evaluate((e) => document.querySelector('autoui-agent').setAttribute('endpoint', e), cut);
    // The cut may come before a poll sees the draft: the store says what it showed.
    await page.evaluate(() => window.__e2e.start('Show the sales again'));
    const broken = {result: await page.evaluate(() => window.__e2e.answer())};
    assert.ok((await page.evaluate(() => window.__e2e.draftedItems())) > 0, 'a draft showed rows before the cut');
    assert.equal(broken.result.stopReason, 'error');
    assert.equal(broken.result.error.code, 'PROVIDER_STREAM');
    assert.deepEqual(await page.evaluate(() => window.__e2e.drafts()), []);
    assert.equal((await page.evaluate(() => window.__e2e.widgetFrames())).length, 2, 'only the two widgets of the first question');
    // The browser logs the cut response itself; nothing else may complain.
    assert.deepEqual(problems.filter((p) => !p.includes('ERR_INCOMPLETE_CHUNKED_ENCODING')), []);
    await page.close();

    // A page that vetoes every widget: the draft shows, then goes.
    const vetoed = await scenario(ctx.servers, [{toolCalls: [table], ...slow}, {text: 'The page said no.', ...stop}]);
    const veto = await open(ctx, {build, endpoint: vetoed, veto: '1'});
    const result = await draftThenAnswer(veto.page, 'Show the sales');
    assert.equal(result.result.stopReason, 'end_turn');
    assert.deepEqual(await veto.page.evaluate(() => window.__e2e.drafts()), []);
    assert.deepEqual(await veto.page.evaluate(() => window.__e2e.widgetFrames()), []);
    assert.match((await events(veto.page, 'autoui-tool-call'))[0].detail.error, /veto/i);
    assert.deepEqual(veto.problems, []);
    await veto.page.close();
  }),

  ...builds('a write tool waits for the approval card; Allow once runs it, and a page that cancels the event answers it', async (ctx, build) => {
    const name = `e2e ${build} ${Date.now()}`;
    const turns = [
      {toolCalls: [{name: 'data_mcp_save_query', input: {name, sql: 'SELECT count(*) AS n FROM airports'}}]},
      {toolCalls: [{name: 'data_mcp_list_saved_queries', input: {}}]},
      {text: 'Done.', ...stop},
    ];
    const servers = JSON.stringify([['data', ctx.servers['demo-data']]]);
    const {page, problems} = await open(ctx, {build, endpoint: await scenario(ctx.servers, turns), servers});
    await waitServers(page, 1);
    await page.evaluate(() => {
      window.__running = window.__e2e.ask('Save the airport count');
    });
    const allow = page.locator('[part="approval-allow"]');
    await allow.waitFor({timeout: 10_000});
    assert.match(await page.locator('[part="approval"]').innerText(), /Save a query[\s\S]*data \(127\.0\.0\.1:\d+\) · save_query[\s\S]*"SELECT count\(\*\) AS n FROM airports"/);
    await ctx.screenshot(page, `approval-${build}`);
    await allow.click();
    assert.equal((await page.evaluate(() => window.__running)).stopReason, 'end_turn');
    const calls = (await events(page, 'autoui-tool-call')).map((e) => e.detail);
    assert.deepEqual(calls.map((c) => [c.tool, c.errorCode ?? 'ok']), [['save_query', 'ok'], ['list_saved_queries', 'ok']]);
    assert.ok(calls[1].result.includes(name), 'the server kept the approved query');
    assert.deepEqual(problems, []);
    await page.close();

    const denied = `${name} denied`;
    const again = await open(ctx, {build, endpoint: await scenario(ctx.servers, [{...turns[0], toolCalls: [{name: 'data_mcp_save_query', input: {name: denied, sql: 'SELECT 1'}}]}, ...turns.slice(1)]), servers, pageDenies: '1'});
    await waitServers(again.page, 1);
    const deniedBase = await (async () => again.page.evaluate(() => document.querySelector('autoui-agent').getAttribute('endpoint')))();
    assert.equal((await again.page.evaluate(() => window.__e2e.ask('Save it'))).stopReason, 'end_turn');
    const [, afterDenial] = await recorded(deniedBase);
    assert.match(JSON.stringify(afterDenial.body.messages), /The user declined this call of data_mcp_save_query; nothing was sent to the server\. Their reason: The page said no\./);
    const answered = (await events(again.page, 'autoui-tool-call')).map((e) => e.detail);
    assert.equal(answered[0].errorCode, 'TOOL_DENIED');
    assert.ok(!answered[1].result.includes(denied), 'the server kept nothing');
    assert.equal(await again.page.locator('[part="approval"]').count(), 0, 'the page answered: no card');
    assert.equal((await events(again.page, 'autoui-tool-approval')).length, 1);
    assert.deepEqual(again.problems, []);
    await again.page.close();
  }),

  ...builds('abort mid-run ends the run as aborted and keeps the question', async (ctx, build) => {
    const base = await scenario(ctx.servers, [{text: 'Thinking about it, slowly and at length.', fault: {stall: true}}]);
    const {page} = await open(ctx, {build, endpoint: base});
    await page.evaluate(() => {
      window.__running = window.__e2e.ask('A long question');
    });
    await page.waitForFunction(() => window.__e2e.events.some((e) => e.type === 'autoui-text'), null, {timeout: 10_000});
    await page.evaluate(() => window.__e2e.abort());
    const result = await page.evaluate(() => window.__running);
    assert.equal(result.stopReason, 'aborted');
    const transcript = await page.evaluate(() => document.querySelector('autoui-agent').shadowRoot.querySelector('autoui-transcript').shadowRoot.textContent);
    assert.match(transcript, /A long question/);
    assert.match(transcript, /Stopped/);
  }),

  ...builds('a server that is down is reported, and the other server still answers', async (ctx, build) => {
    const base = await scenario(ctx.servers, [
      {toolCalls: [{name: 'data_mcp_list_tables', input: {}}]},
      {text: 'The data server answered.', ...stop},
    ]);
    const servers = JSON.stringify([['down', `http://127.0.0.1:${await closedPort()}/mcp`], ['data', ctx.servers['demo-data']]]);
    const {page, problems} = await open(ctx, {build, endpoint: base, servers});
    await waitServers(page, 2);
    const [failure] = await events(page, 'autoui-server-error');
    assert.equal(failure.detail.name, 'down');
    assert.equal(failure.detail.code, 'MCP_CONNECT');
    const result = await page.evaluate(() => window.__e2e.ask('What tables are there?'));
    assert.equal(result.stopReason, 'end_turn');
    const [call] = await events(page, 'autoui-tool-call');
    assert.equal(call.detail.error, undefined);
    // The failed connection itself logs a network error; nothing else may.
    assert.deepEqual(problems.filter((p) => !p.includes('ERR_CONNECTION_REFUSED')), []);
    await ctx.screenshot(page, `agent-${build}-server-down`);
  }),

  ...builds('a browser key is refused on a page not served from localhost, and allowed with allow-browser-key', async (ctx, build) => {
    const base = await scenario(ctx.servers, [{text: 'Hello with a key.', ...stop}]);
    const refused = await open(ctx, {build, endpoint: base, key: 'sk-ant-test-secret'}, {host: 'autoui.test'});
    const result = await refused.page.evaluate(() => window.__e2e.ask('Hi'));
    assert.equal(result.stopReason, 'error');
    assert.equal(result.error.code, 'BROWSER_KEY_REFUSED');
    const errors = await events(refused.page, 'autoui-error');
    assert.equal(errors[0].detail.code, 'BROWSER_KEY_REFUSED');
    assert.ok(!JSON.stringify(await events(refused.page)).includes('sk-ant-test-secret'), 'the key never appears in events');
    assert.equal((await recorded(base)).length, 0, 'no request was made');
    await ctx.screenshot(refused.page, `agent-${build}-key-refused`);

    const allowed = await open(ctx, {build, endpoint: base, key: 'sk-ant-test-secret', allowKey: '1'}, {host: 'autoui.test'});
    assert.equal((await allowed.page.evaluate(() => window.__e2e.ask('Hi'))).stopReason, 'end_turn');
    const [sent] = await recorded(base);
    assert.equal(sent.headers['x-api-key'], 'sk-ant-test-secret');
    assert.equal(sent.headers['anthropic-dangerous-direct-browser-access'], 'true');
  }),

  ...builds('a map from the built bundle draws its markers, tiles and text popups', async (ctx, build) => {
    const markers = [
      {lat: 47.45, lng: -122.31, popup: 'SEA — Seattle-Tacoma Intl'},
      {lat: 45.59, lng: -122.6, popup: 'PDX — Portland Intl'},
    ];
    const base = await scenario(ctx.servers, [
      {toolCalls: [{name: 'autoui_webmcp_widget_display', input: {name: 'map', params: {markers, tileUrl: '/test/fixtures/tiles/tile.png?{z}/{x}/{y}'}}}]},
      {text: 'Two airports.', ...stop},
    ]);
    const {page, problems} = await open(ctx, {build, endpoint: base});
    const result = await page.evaluate(() => window.__e2e.ask('Show two airports'));
    assert.equal(result.stopReason, 'end_turn', JSON.stringify(result));
    const map = () => page.evaluateHandle(() => document.querySelector('autoui-agent').shadowRoot.querySelector('autoui-canvas').shadowRoot.querySelector('autoui-map').shadowRoot);
    await page.waitForFunction((root) => root.querySelectorAll('img.leaflet-tile-loaded').length > 0, await map(), {timeout: 10_000});
    const paths = await page.evaluate((root) => root.querySelectorAll('.leaflet-overlay-pane path').length, await map());
    assert.equal(paths, 2, 'two circle markers drawn');
    await page.evaluate((root) => root.querySelector('.leaflet-overlay-pane path').dispatchEvent(new MouseEvent('click', {bubbles: true, clientX: 1, clientY: 1})), await map());
    const popup = await page.evaluate((root) => root.querySelector('.leaflet-popup-content')?.textContent, await map());
    assert.match(popup ?? '', /Intl/);
    assert.deepEqual(problems, []);
    await ctx.screenshot(page, `agent-${build}-map`);
  }),

  {
    name: 'es: chart.js, leaflet, markdown and the MCP client load only on first use',
    async run(ctx) {
      const lazy = /\/dist\/chunks\/(mcp|chart|map|markdown)-[\w-]+\.js$/;
      const base = await scenario(ctx.servers, [
        {toolCalls: [{name: 'autoui_webmcp_widget_display', input: {name: 'chart', params: {type: 'pie', labels: ['a', 'b'], datasets: [{data: [1, 2]}]}}}]},
        {text: 'A pie.', ...stop},
      ]);
      const {page, requests} = await open(ctx, {build: 'es', endpoint: base});
      await page.waitForTimeout(300);
      assert.deepEqual(requests.filter((u) => lazy.test(u)), [], 'nothing heavy before first use');
      await page.evaluate(() => window.__e2e.ask('A pie please'));
      const loaded = requests.filter((u) => lazy.test(u)).map((u) => u.match(lazy)[1]);
      assert.deepEqual(loaded, ['chart'], 'the chart chunk, and only it, after a chart');
    },
  },
];
