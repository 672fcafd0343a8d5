/**
 * Canvases that outlive the page, with the built bundle in a plain page: `persist="local"` brings
 * the canvas and the conversation back after a real reload (and `clear()` erases them for the next
 * one); a share link opens the canvas in another browser profile with no request to the model or
 * the servers.
 */
import assert from 'node:assert/strict';

/** Registers a scenario on the fake LLM; returns its base URL. */
async function scenario(servers, turns) {
  const res = await fetch(`${servers['fake-llm']}/__scenarios`, {method: 'POST', headers: {'content-type': 'application/json'}, body: JSON.stringify({name: 'e2e snapshots', turns})});
  assert.equal(res.status, 201, await res.clone().text());
  return (await res.json()).base;
}

const dashboard = [
  {
    toolCalls: [
      {name: 'autoui_webmcp_widget_display', input: {name: 'stat-card', params: {label: 'Airports', value: 3376}}},
      {name: 'autoui_webmcp_widget_display', input: {name: 'chart', params: {type: 'bar', title: 'By state', labels: ['TX', 'CA', 'FL'], datasets: [{label: 'Airports', data: [1390, 1002, 868]}]}}},
    ],
  },
  {match: {lastToolResultIncludes: '"widget"'}, text: 'Texas has the most.', finish: 'stop'},
];

async function open(context, baseUrl, query, hash = '') {
  const page = await context.newPage();
  const problems = [];
  const requests = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
  page.on('request', (r) => requests.push(r.url()));
  await page.goto(`${baseUrl}/test/e2e/pages/agent.html?${new URLSearchParams(query)}${hash}`);
  await page.waitForFunction(() => window.__e2e, null, {timeout: 10_000});
  return {page, problems, requests};
}

/** Waits until `count` widgets rendered (their elements painted their shadow roots). */
const rendered = (page, count) => page.waitForFunction((n) => window.__e2e.renderedTypes().filter(Boolean).length === n, count, {timeout: 15_000});

/** The number of widgets in the stored copy, or -1 when there is none (read from IndexedDB in the page). */
const storedCount = (page) =>
  page.evaluate(
    () =>
      new Promise((resolve) => {
        const open = indexedDB.open('autoui-agent');
        open.onerror = () => resolve(-1);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('sessions')) return resolve(-1);
          const get = db.transaction('sessions').objectStore('sessions').get(`${location.origin}${location.pathname}#e2e-agent`);
          get.onsuccess = () => resolve(get.result === undefined ? -1 : JSON.parse(get.result).snapshot.widgets.length);
          get.onerror = () => resolve(-1);
          db.close();
        };
      }),
  );

/** Waits until the stored copy holds `count` widgets (-1: until there is none). */
async function stored(page, count) {
  const until = Date.now() + 10_000;
  let last;
  while ((last = await storedCount(page)) !== count) {
    if (Date.now() > until) throw new Error(`the stored copy holds ${last} widgets, not ${count}`);
    await page.waitForTimeout(100);
  }
}

export const cases = [
  {
    name: 'persist="local": a reload brings back the canvas and the conversation; clear() leaves the next reload empty',
    async run({context, baseUrl, servers}) {
      const base = await scenario(servers, dashboard);
      const {page, problems} = await open(context, baseUrl, {build: 'es', endpoint: base, persist: '1'});
      const result = await page.evaluate(() => window.__e2e.ask('Which state has the most airports?'));
      assert.equal(result.stopReason, 'end_turn', JSON.stringify(result));
      await rendered(page, 2);
      await stored(page, 2);

      await page.reload();
      await page.waitForFunction(() => window.__e2e, null, {timeout: 10_000});
      await rendered(page, 2);
      assert.deepEqual(await page.evaluate(() => window.__e2e.renderedTypes()), ['autoui-stat-card', 'autoui-chart']);
      assert.deepEqual(await page.evaluate(() => window.__e2e.questions()), ['You: Which state has the most airports?']);
      assert.deepEqual(await page.evaluate(() => window.__e2e.notices()), ['Restored from your last visit (2 widgets).']);
      // The chart painted again from its params.
      const painted = await page.evaluate(() => {
        const canvas = document.querySelector('autoui-agent').shadowRoot.querySelector('autoui-canvas').shadowRoot.querySelector('autoui-chart').shadowRoot.querySelector('canvas');
        const {data} = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
        let n = 0;
        for (let i = 3; i < data.length; i += 4) if (data[i] > 0) n++;
        return n;
      });
      assert.ok(painted > 500, `the restored chart painted ${painted} pixels`);

      await page.evaluate(() => window.__e2e.clear());
      await stored(page, -1);
      await page.reload();
      await page.waitForFunction(() => window.__e2e, null, {timeout: 10_000});
      await page.waitForTimeout(500);
      assert.deepEqual(await page.evaluate(() => window.__e2e.widgets()), []);
      assert.deepEqual(await page.evaluate(() => window.__e2e.notices()), []);
      assert.deepEqual(problems, []);
    },
  },
  {
    name: 'a share link opens the canvas in another browser profile, without any model or server request',
    async run({context, baseUrl, servers}) {
      const base = await scenario(servers, dashboard);
      const {page} = await open(context, baseUrl, {build: 'es', endpoint: base});
      await page.evaluate(() => window.__e2e.ask('Which state has the most airports?'));
      await rendered(page, 2);
      const url = await page.evaluate(() => window.__e2e.shareUrl());
      const hash = new URL(url).hash;
      assert.match(hash, /^#autoui=[A-Za-z0-9_-]+$/);

      // Another profile: nothing stored, nothing shared but the link.
      const other = await context.browser().newContext();
      try {
        const shared = await open(other, baseUrl, {build: 'es', endpoint: base, share: '1'}, hash);
        await rendered(shared.page, 2);
        assert.deepEqual(await shared.page.evaluate(() => window.__e2e.widgets().map((w) => w.type)), ['stat-card', 'chart']);
        assert.deepEqual(await shared.page.evaluate(() => window.__e2e.notices()), ['Opened from a shared link (2 widgets).']);
        assert.deepEqual(shared.requests.filter((r) => r.startsWith(base)), [], 'no request to the model');
        assert.deepEqual(shared.problems, []);
      } finally {
        await other.close();
      }
    },
  },
];
