/**
 * Local files (issue 34), with the built bundle in a plain page: files a visitor drops on the
 * element become tables of the in-browser SQL engine, and the (scripted) model works with them
 * through the `files` layer's tools, `files_webmcp_describe` and `files_webmcp_query`, seeing
 * schemas, a 5-row sample and query answers, never the file. The files are made by
 * test/support/file-fixtures.mjs (the 100 MB CSV once, then cached).
 */
import assert from 'node:assert/strict';
import {JSONL_RECORDS, ROW_MARKER, WINDOWS_1252_ROWS, WORKBOOK, badFiles, bigCsv, nestedJsonl, twoSheetOds, twoSheetXlsx, windows1252Csv} from '../../support/file-fixtures.mjs';
import {dropFile} from '../../support/drop-file.mjs';
import {recordRequests} from '../../support/page-requests.mjs';
import {openAgentPage} from '../open-agent-page.mjs';

/** Registers a scenario on the fake LLM; returns its base URL and a reader of the requests it received. */
async function scenario(servers, turns) {
  const res = await fetch(`${servers['fake-llm']}/__scenarios`, {method: 'POST', headers: {'content-type': 'application/json'}, body: JSON.stringify({name: 'e2e files', turns})});
  assert.equal(res.status, 201, await res.clone().text());
  const {base} = await res.json();
  return {base, received: () => fetch(`${base}/__requests`).then((r) => r.json())};
}


const events = (page, type) => page.evaluate((t) => window.__e2e.events.filter((e) => e.type === t).map((e) => e.detail), type);

/** Waits until the page has heard `count` events of `type` (a generous bound: reading 100 MB takes a while on a loaded machine). */
async function heard(page, type, count, timeout = 180_000) {
  await page.waitForFunction(([t, n]) => window.__e2e.events.filter((e) => e.type === t).length >= n, [type, count], {timeout, polling: 250});
  return (await events(page, type)).slice(0, count);
}

/** The texts of the tool results the model received for calls of `tool`, in order (from the fake LLM's own record). */
async function toolResults(received, tool) {
  const results = [];
  for (const request of await received()) {
    const messages = request.body.messages ?? [];
    const calls = new Map();
    for (const m of messages) {
      for (const block of Array.isArray(m.content) ? m.content : []) {
        if (block.type === 'tool_use') calls.set(block.id, block.name);
        if (block.type === 'tool_result' && calls.get(block.tool_use_id) === tool) {
          const text = typeof block.content === 'string' ? block.content : block.content.map((c) => c.text ?? '').join('\n');
          if (!results.includes(text)) results.push(text);
        }
      }
    }
  }
  return results;
}

/** The tables a describe answer lists, keyed by table name (the answer is JSON: a list of tables, or an object holding one under `tables`). */
function describedTables(text) {
  const parsed = JSON.parse(text);
  const tables = Array.isArray(parsed) ? parsed : parsed.tables;
  assert.ok(Array.isArray(tables), `describe's answer lists no tables: ${text.slice(0, 300)}`);
  return Object.fromEntries(tables.map((t) => [t.table ?? t.name, t]));
}
const columnTypes = (table) => Object.fromEntries(table.columns.map((c) => [c.name, c.type]));
/** A described table's sample rows as objects keyed by column (the answer sends them compact: `{columns, rows}` with rows as arrays). */
const sampleRows = (table) => (Array.isArray(table.sample) ? table.sample : table.sample.rows.map((r) => Object.fromEntries(table.sample.columns.map((c, i) => [c, r[i]]))));

/** A query answer as objects keyed by column (the answer is JSON `{columns, rows}` with rows as arrays, or rows as objects). */
function answerRows(text) {
  const parsed = JSON.parse(text);
  const rows = parsed.rows ?? parsed;
  return rows.map((r) => (Array.isArray(r) ? Object.fromEntries(parsed.columns.map((c, i) => [c, r[i]])) : r));
}

/** The texts of the element's file chips (name, and what it holds). */
const chips = (page) => page.evaluate(() => [...document.querySelector('autoui-agent').shadowRoot.querySelectorAll('[part~="file"]')].map((c) => c.textContent.replace(/\s+/g, ' ').trim()));
const composerText = (page) => page.locator('autoui-agent textarea[part="input"]').inputValue();

export const cases = [
  {
    name: 'a 100 MB CSV dropped on the element: described, grouped by SQL in the browser, charted with its source; no request ever carries its rows',
    async run({context, baseUrl, servers}) {
      const big = await bigCsv();
      const recorder = recordRequests(context);
      const sql = 'SELECT city, COUNT(*) AS orders, ROUND(SUM(amount), 2) AS total FROM sales GROUP BY city ORDER BY city';
      const model = await scenario(servers, [
        {toolCalls: [{name: 'files_webmcp_describe', input: {}}]},
        {match: {lastToolResultIncludes: 'amount'}, toolCalls: [{name: 'files_webmcp_query', input: {sql}}]},
        {
          match: {lastToolResultIncludes: 'Vienna', toolOffered: 'widget_display'},
          toolCalls: [{name: 'autoui_webmcp_widget_display', input: {name: 'chart', params: {type: 'bar', title: 'Orders by city', labels: {$column: {result: 0, column: 0}}, datasets: [{label: 'Orders', data: {$column: {result: 0, column: 1}}}]}}}],
        },
        {match: {lastToolResultIncludes: '"widget"'}, text: 'Orders are spread evenly over the twelve cities.', finish: 'stop'},
      ]);
      const {page, problems} = await openAgentPage(context, baseUrl, {build: 'es', endpoint: model.base, files: 'csv'});

      const dropped = await dropFile(page, {url: big.url, name: 'sales.csv', type: 'text/csv'});
      assert.equal(dropped.size, big.size);
      assert.ok(dropped.accepted, 'the element took the drop');
      const [attached] = await heard(page, 'autoui-file-attached', 1);
      assert.deepEqual(attached, {name: 'sales.csv', size: big.size, rows: big.rows, columns: big.columns.length});
      assert.ok((await chips(page)).some((c) => c.includes('sales.csv')), `a chip names the file: ${JSON.stringify(await chips(page))}`);

      const result = await page.evaluate(() => window.__e2e.ask('Which city has the most orders?'));
      assert.equal(result.stopReason, 'end_turn', JSON.stringify(result));

      // What the model received: the schema (types, the row count) and a sample of the first rows, then the query's groups.
      const [described] = await toolResults(model.received, 'files_webmcp_describe');
      const table = describedTables(described).sales;
      assert.ok(table, `describe lists the sales table: ${described.slice(0, 300)}`);
      assert.equal(table.rows, big.rows);
      assert.deepEqual(columnTypes(table), {id: 'integer', city: 'text', date: 'date', amount: 'real', ratio: 'real', flag: 'boolean', note: 'text'});
      assert.ok(sampleRows(table).length <= 5, `${sampleRows(table).length} sample rows`);
      assert.equal(sampleRows(table)[0].city, 'Saint-Denis, Réunion', 'the first row, its quoted comma read');
      const [answer] = await toolResults(model.received, 'files_webmcp_query');
      const groups = answerRows(answer);
      assert.deepEqual(Object.fromEntries(groups.map((g) => [g.city, g.orders])), big.byCity, 'the counts of the generator');
      for (const g of groups) assert.ok(Math.abs(g.total - big.amountCentsByCity[g.city] / 100) < 0.011, `${g.city}: total ${g.total}, ${big.amountCentsByCity[g.city] / 100} expected`);

      // The chart shows the query's numbers and says where they come from.
      await page.waitForFunction(() => window.__e2e.renderedTypes().includes('autoui-chart'), null, {timeout: 15_000});
      const [chart] = await page.evaluate(() => window.__e2e.widgets().filter((w) => w.type === 'chart'));
      assert.deepEqual(Object.fromEntries(chart.params.labels.map((l, i) => [l, chart.params.datasets[0].data[i]])), big.byCity);
      const snapshot = await page.evaluate(() => document.querySelector('autoui-agent').snapshot());
      assert.deepEqual(snapshot.widgets.find((w) => w.type === 'chart').source, {files: ['sales.csv']}, 'the snapshot keeps the chart\'s source');
      const caption = await page.evaluate(() => document.querySelector('autoui-agent').shadowRoot.querySelector('autoui-canvas').shadowRoot.querySelector('[part~="source"]')?.textContent ?? '');
      assert.equal(caption.trim(), 'From sales.csv', 'the chart names its source under it');

      // Nothing the page sent holds a row beyond the sample; what the model needed did reach it.
      assert.deepEqual(recorder.carrying(ROW_MARKER), [], 'the private row stayed in the browser');
      assert.ok(!JSON.stringify(await model.received()).includes(ROW_MARKER), 'the model never received the private row');
      assert.ok(recorder.carrying(String(big.rows)).length > 0, 'the schema (its row count) reached the model: the recorder sees request bodies');
      assert.ok(recorder.carrying(String(big.byCity.Oslo)).length > 0, 'the aggregated answer reached the model');
      const sent = recorder.requests.reduce((n, r) => n + r.body.length, 0);
      assert.ok(sent < big.size / 100, `the page sent ${sent} bytes in all, for a ${big.size}-byte file`);
      assert.deepEqual(problems, []);
    },
  },
  {
    name: 'an XLSX of two sheets, its ODS twin, JSON Lines with nested objects and a Windows-1252 CSV: each table described with the right types and values, and queried',
    async run({context, baseUrl, servers}) {
      const [xlsx, ods, jsonl, cp1252] = [await twoSheetXlsx(), await twoSheetOds(), nestedJsonl(), windows1252Csv()];
      const {page} = await openAgentPage(context, baseUrl, {build: 'es', files: 'csv json jsonl xlsx ods'});
      // The composer's file button: its input takes files from disk as a visitor's picker does.
      await page.locator('autoui-agent input[type="file"]').setInputFiles([xlsx.path, ods.path, jsonl.path, cp1252.path]);
      const attached = await heard(page, 'autoui-file-attached', 4, 60_000);
      assert.deepEqual(attached.map((a) => a.name).sort(), [xlsx.name, ods.name, jsonl.name, cp1252.name].sort());
      const files = await page.evaluate(() => document.querySelector('autoui-agent').files);
      assert.deepEqual(Object.fromEntries(files.map((f) => [f.name, [f.rows, f.columns]])), {
        [xlsx.name]: [WORKBOOK.Sales.length - 1 + WORKBOOK.Staff.length - 1, WORKBOOK.Sales[0].length + WORKBOOK.Staff[0].length],
        [ods.name]: [WORKBOOK.Sales.length - 1 + WORKBOOK.Staff.length - 1, WORKBOOK.Sales[0].length + WORKBOOK.Staff[0].length],
        [jsonl.name]: [JSONL_RECORDS.length, 7],
        [cp1252.name]: [WINDOWS_1252_ROWS.length - 1, WINDOWS_1252_ROWS[0].length],
      }, 'rows and columns summed over each file\'s tables (one per sheet)');

      // First question: the model describes the tables (what it is told is read from the fake LLM's record).
      const first = await scenario(servers, [{toolCalls: [{name: 'files_webmcp_describe', input: {}}]}, {match: {lastToolResultIncludes: 'remarque'}, text: 'Four files, six tables.', finish: 'stop'}]);
      await page.evaluate((endpoint) => document.querySelector('autoui-agent').setAttribute('endpoint', endpoint), first.base);
      const described = await page.evaluate(() => window.__e2e.ask('What do these files hold?'));
      assert.equal(described.stopReason, 'end_turn', JSON.stringify(described));
      const tables = Object.values(describedTables((await toolResults(first.received, 'files_webmcp_describe'))[0]));
      const tableOf = (file, sheet) => {
        const found = tables.find((t) => t.file === file && (sheet === undefined || t.sheet === sheet));
        assert.ok(found, `describe lists ${file}${sheet ? ` (${sheet})` : ''}: ${JSON.stringify(tables.map((t) => [t.table, t.file, t.sheet]))}`);
        return found;
      };
      const [sales, staff, odsSales, odsStaff, orders, ventes] = [tableOf(xlsx.name, 'Sales'), tableOf(xlsx.name, 'Staff'), tableOf(ods.name, 'Sales'), tableOf(ods.name, 'Staff'), tableOf(jsonl.name), tableOf(cp1252.name)];
      assert.equal(tables.length, 6, 'one table per sheet, one per text file');
      assert.deepEqual(columnTypes(sales), {region: 'text', month: 'date', units: 'integer', revenue: 'real', formula: 'integer'});
      assert.equal(sales.rows, WORKBOOK.Sales.length - 1);
      assert.equal(sampleRows(sales)[0].month, '2024-01-01', 'a spreadsheet date reads as an ISO date');
      assert.equal(sampleRows(sales)[0].formula, 240, 'a formula cell gives its value');
      assert.deepEqual(columnTypes(staff), {name: 'text', active: 'boolean', started: 'date'});
      assert.deepEqual(columnTypes(odsSales), columnTypes(sales), 'the ODS reads as the XLSX');
      assert.deepEqual(columnTypes(odsStaff), columnTypes(staff));
      const ordersTypes = columnTypes(orders);
      assert.equal(ordersTypes.customer_name, 'text', `nested objects flattened: ${JSON.stringify(ordersTypes)}`);
      assert.equal(ordersTypes.customer_address_city, 'text');
      assert.equal(ordersTypes.total, 'real');
      assert.equal(ordersTypes.paid, 'boolean');
      assert.equal(orders.rows, JSONL_RECORDS.length);
      assert.equal(sampleRows(orders)[2].customer_address_city, 'Helsinki');
      assert.deepEqual(columnTypes(ventes), {ville: 'text', prix: 'real', quantité: 'integer', remarque: 'text'});
      assert.equal(ventes.rows, WINDOWS_1252_ROWS.length - 1);
      assert.equal(sampleRows(ventes)[0].ville, 'Béziers', 'Windows-1252 decoded');

      // Second question: queries over the tables describe named.
      const second = await scenario(servers, [
        {
          toolCalls: [
            {name: 'files_webmcp_query', input: {sql: `SELECT region, SUM(units) AS units, SUM(revenue) AS revenue FROM "${sales.table}" GROUP BY region ORDER BY region`}},
            {name: 'files_webmcp_query', input: {sql: `SELECT SUM(units) AS units FROM "${odsSales.table}"`}},
            {name: 'files_webmcp_query', input: {sql: `SELECT ville, prix, remarque FROM "${ventes.table}" ORDER BY prix`}},
          ],
        },
        {match: {lastToolResultIncludes: 'Béziers'}, text: 'Read.', finish: 'stop'},
      ]);
      await page.evaluate((endpoint) => document.querySelector('autoui-agent').setAttribute('endpoint', endpoint), second.base);
      const result = await page.evaluate(() => window.__e2e.ask('Units by region, and the prices?'));
      assert.equal(result.stopReason, 'end_turn', JSON.stringify(result));
      const [byRegion, odsUnits, prices] = (await toolResults(second.received, 'files_webmcp_query')).map(answerRows);
      const expected = {};
      for (const [region, , units, revenue] of WORKBOOK.Sales.slice(1)) expected[region] = {units: (expected[region]?.units ?? 0) + units, revenue: (expected[region]?.revenue ?? 0) + revenue};
      assert.deepEqual(Object.fromEntries(byRegion.map((r) => [r.region, {units: r.units, revenue: r.revenue}])), expected);
      assert.equal(odsUnits[0].units, WORKBOOK.Sales.slice(1).reduce((n, r) => n + r[2], 0));
      assert.deepEqual(
        prices.map((p) => [p.ville, p.prix, p.remarque]),
        [['Nîmes', 0.99, 'déjà vu'], ['Orléans', 7.25, 'prix en €'], ['Béziers', 12.5, 'café'], ['Besançon', 1234.75, 'crème brûlée']],
        'Windows-1252 decoded (é, €), decimal commas read',
      );
    },
  },
  {
    name: 'bad files (a truncated XLSX, binary bytes named .csv, 10,000 columns, JSON a million deep, a zip bomb) are each refused with a typed error and a notice; the typed question survives and is answered',
    async run({context, baseUrl, servers}) {
      const bad = await badFiles();
      const model = await scenario(servers, [{text: 'No file could be read, so I have no table to look at.', finish: 'stop'}]);
      const {page, problems} = await openAgentPage(context, baseUrl, {build: 'es', endpoint: model.base, files: 'csv json xlsx'});
      const question = 'What is in the files I dropped?';
      await page.locator('autoui-agent textarea[part="input"]').fill(question);
      const notices = (await page.evaluate(() => window.__e2e.notices())).length;
      for (const [i, file] of bad.entries()) {
        await dropFile(page, {url: file.url, name: file.name});
        // A generous bound (not a timing assertion): a refusal must come, whatever the file does to a reader.
        const errors = await heard(page, 'autoui-error', i + 1, 120_000);
        const error = errors[i];
        assert.equal(error.code, file.code, `${file.what}: ${JSON.stringify(error)}`);
        assert.match(error.message, new RegExp(file.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')), `${file.what}: the message names the file`);
        const shown = await page.evaluate(() => window.__e2e.notices());
        assert.equal(shown.length, notices + i + 1, `${file.what}: one notice each: ${JSON.stringify(shown)}`);
        assert.ok(shown.at(-1).includes(file.name), `${file.what}: the notice names the file: ${shown.at(-1)}`);
        assert.equal(await composerText(page), question, `${file.what}: the typed question is kept`);
      }
      assert.deepEqual(await events(page, 'autoui-file-attached'), [], 'no bad file was attached');
      assert.deepEqual(await page.evaluate(() => document.querySelector('autoui-agent').files), []);

      await page.locator('autoui-agent textarea[part="input"]').press('Enter');
      await page.waitForFunction(() => window.__e2e.events.some((e) => e.type === 'autoui-run-end'), null, {timeout: 30_000});
      const [end] = await events(page, 'autoui-run-end');
      assert.equal(end.stopReason, 'end_turn', JSON.stringify(end));
      assert.deepEqual(await page.evaluate(() => window.__e2e.questions()), [`You: ${question}`]);
      assert.deepEqual(problems, []);
    },
  },
];
