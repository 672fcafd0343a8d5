/**
 * The runnable pages of examples/, run as the person who copies one would: the plain HTML page and
 * the core's own-UI page served as they are from an origin of their own (loading the build from
 * this run's dist/ as they load it from `npm start`'s), the React and Vue pages built with Vite
 * from their own vite.config.ts and served from their output, and served side by side by Vite's
 * dev server (`npx vite examples/<name>`). Each talks to the demo's Data and
 * Atlas MCP servers and the replaying model playing the Seattle recording; a click on the page's
 * own button must end its question with the widgets drawn on the canvas (a chart among them) and
 * no console error. Only the addresses change: the examples' fixed ones (8080, 3101, 3102, 3199,
 * those of `FAKE_LLM_PORT=3199 npm start`) become this run's servers. The plain HTML page also
 * runs switched to provider="browser" as its comment says, a fake of Chrome's Prompt API answering.
 */
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import {readFileSync} from 'node:fs';
import {fileURLToPath} from 'node:url';
import {build as esbuild} from 'esbuild';
import {build, createServer} from 'vite';
import {startStaticServer} from '../../../scripts/static-server.mjs';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/** The addresses the examples are written with, and this run's in their place. */
function demoAddresses(baseUrl, servers) {
  return [
    ['http://127.0.0.1:8080', baseUrl],
    ['http://127.0.0.1:3101/mcp', servers['demo-data']],
    ['http://127.0.0.1:3102/mcp', servers['demo-atlas']],
    ['http://127.0.0.1:3199', new URL(servers['fake-llm']).origin],
  ];
}

/** `text` with the demo's addresses made this run's; fails when an example no longer names one it must. */
function localise(text, addresses, must) {
  for (const [from] of addresses.filter(([from]) => must.includes(from))) assert.ok(text.includes(from), `the example no longer names ${from}`);
  let out = text;
  for (const [from, to] of addresses) out = out.replaceAll(from, to);
  assert.doesNotMatch(out, /127\.0\.0\.1:(8080|3101|3102|3199)\b/, 'a demo address was left unreplaced');
  return out;
}

/**
 * Answers /favicon.ico with a 404, as python's http.server and Vite's server do (the static
 * server of the tests answers it): a page that lets the browser ask for one logs a console error.
 */
const noFavicon = (req, res) => (req.url === '/favicon.ico' ? (res.writeHead(404).end(), true) : false);

/**
 * Serves one page of examples/<name>/ as written (its addresses made this run's, then `edit`, the
 * change its comments tell a reader to make) on an origin of its own.
 */
async function serveAsWritten(name, addresses, edit = (html) => html) {
  const html = edit(localise(readFileSync(`${root}examples/${name}/index.html`, 'utf8'), addresses, addresses.map(([from]) => from)));
  return startStaticServer({
    root: `${root}examples/${name}`,
    handlers: [noFavicon, (req, res) => (req.url === '/' ? (res.writeHead(200, {'content-type': 'text/html; charset=utf-8'}).end(html), true) : false)],
  });
}

/** A Vite plugin that makes the demo's addresses this run's in the example's own sources, noting which it met in `named`. */
function addressesPlugin(sources, addresses, named) {
  return {
    name: 'this-run-addresses',
    enforce: 'pre',
    transform(code, id) {
      if (!id.startsWith(sources) || id.includes('?')) return undefined;
      for (const [from] of addresses) if (code.includes(from)) named.add(from);
      return localise(code, addresses, []);
    },
  };
}

/** Runs `body`, then puts NODE_ENV back: Vite's build and dev server set it in this process, which the cases that follow share. */
async function keepingNodeEnv(body) {
  const nodeEnv = process.env.NODE_ENV;
  try {
    return await body();
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

/** Builds examples/<name>/ with its own vite.config.ts (the addresses made this run's) and serves the output. */
async function buildWithVite(name, addresses) {
  const outDir = `${root}test-results/examples/${name}`;
  const sources = `${root}examples/${name}/`;
  const named = new Set();
  await keepingNodeEnv(() =>
    build({
      root: sources,
      configFile: `${sources}vite.config.ts`,
      logLevel: 'warn',
      build: {outDir, emptyOutDir: true, chunkSizeWarningLimit: 5000},
      plugins: [addressesPlugin(sources, addresses, named)],
    }),
  );
  // Its servers and its model are the demo's (the build's address is the package's own import).
  assert.deepEqual([...named].sort(), addresses.slice(1).map(([from]) => from).sort(), 'the example does not name the demo servers and replaying model');
  return startStaticServer({root: outDir, handlers: [noFavicon]});
}

/** The widgets the page's canvas draws (in <autoui-agent>'s shadow root, or on the page itself). */
function canvasWidgets() {
  const agent = document.querySelector('autoui-agent');
  const canvas = (agent?.shadowRoot ?? document).querySelector('autoui-canvas');
  return [...(canvas?.shadowRoot?.querySelectorAll('[part~="widget"]') ?? [])].map((w) => ({
    parts: w.getAttribute('part').split(' '),
    // What a person reads on it: its elements keep their text in their shadow roots.
    text: [w, ...w.querySelectorAll('*')].map((e) => e.shadowRoot?.textContent ?? '').join(' ').replace(/\s+/g, ' '),
  }));
}

/** True once the canvas shows the Seattle recording's dashboard: stat cards and a chart, none left a draft. */
function dashboardDrawn() {
  const parts = canvasWidgets().map((w) => w.parts);
  return parts.some((p) => p.includes('widget-chart')) && parts.some((p) => p.includes('widget-stat-card')) && !parts.some((p) => p.includes('draft'));
}

/**
 * Opens `url`, lets `ask(page, bound)` put the question as a person would, waits for `ended` (the
 * run is over) and then for `drawnCheck` (the Seattle dashboard) to hold on the canvas, with the
 * label 'Average high, 2015' on a widget. Fails at the first console error
 * or uncaught error; the waits only catch hangs (the recorded conversation takes seconds).
 * Resolves with `window.__stopReason` (set by watchRunEnd on the element's pages) and the parts
 * naming the drawn widgets' types (`widget-chart`).
 */
async function askOnPage({context, screenshot}, name, url, ask, ended, drawnCheck = dashboardDrawn) {
  const page = await context.newPage();
  const errors = [];
  let fail;
  const failed = new Promise((_, reject) => (fail = reject));
  failed.catch(() => {});
  const report = (error) => (errors.push(error), fail(new Error(`${error} (the ${name} example)`)));
  page.on('console', (message) => message.type() === 'error' && report(`console: ${message.text()}`));
  page.on('pageerror', (error) => report(`uncaught: ${error.message}`));
  /** `wait`, or the page's first error, whichever comes first. */
  const bound = (wait) => Promise.race([wait, failed]);
  try {
    await bound(page.goto(url));
    await bound(ask(page, bound));
    await bound(page.waitForFunction(ended, undefined, {timeout: 120_000}));
    const stopReason = await page.evaluate(() => window.__stopReason);
    await bound(page.waitForFunction(`(${drawnCheck})()`.replace('canvasWidgets()', `(${canvasWidgets})()`), undefined, {timeout: 60_000}));
    const drawn = await page.evaluate(canvasWidgets);
    assert.ok(drawn.some((w) => w.text.includes('Average high, 2015')), `the stat cards do not show the recording's labels: ${drawn.map((w) => w.text).join(' | ')}`);
    await screenshot(page, `example-${name}`);
    assert.deepEqual(errors, []);
    return {stopReason, types: drawn.map((w) => w.parts.find((p) => p.startsWith('widget-')))};
  } finally {
    await page.close();
  }
}

/** For the pages with <autoui-agent>: notes how the next run ends (added before the click). */
const watchRunEnd = (page) =>
  page.evaluate(async () => {
    await customElements.whenDefined('autoui-agent');
    document.querySelector('autoui-agent').addEventListener('autoui-run-end', (e) => (window.__stopReason = e.detail.result.stopReason), {once: true});
  });
const runEnded = () => window.__stopReason !== undefined;

/** Waits until `button` is enabled (the pages enable theirs once they hold a recording to play). */
const whenEnabled = async (page, button, bound) => bound(page.waitForFunction((b) => !b.disabled, await button.elementHandle(), {timeout: 120_000}));

/**
 * Clicks the page's own button for `name`. By XPath, which stays out of shadow roots: the
 * element offers the same question as a starter.
 */
async function clickAsk(page, name, bound) {
  await watchRunEnd(page);
  const button = page.locator(`xpath=//button[normalize-space()="${name}"]`);
  await whenEnabled(page, button, bound);
  await button.click();
}

const seattle = 'Show me a dashboard of the weather in Seattle in 2015.';

export const cases = [
  {
    name: 'the plain HTML example (script tag) answers with the Seattle dashboard drawn, no console error',
    async run({context, baseUrl, servers, screenshot}) {
      const site = await serveAsWritten('html', demoAddresses(baseUrl, servers));
      try {
        const {stopReason} = await askOnPage({context, screenshot}, 'html', `${site.url}/`, (page, bound) => clickAsk(page, seattle, bound), runEnded);
        assert.equal(stopReason, 'end_turn');
      } finally {
        await site.close();
      }
    },
  },
  {
    name: 'the plain HTML example switched to provider="browser" (a fake of Chrome\'s Prompt API) answers with a widget drawn, no console error',
    async run({context, baseUrl, servers, screenshot}) {
      // No machine here has Chrome's built-in model: the fake the end-to-end tests use answers
      // instead, looking a recipe up on the real Data server, then showing one stat card.
      const fake = `${root}test-results/examples/fake-prompt-api.js`;
      await esbuild({entryPoints: [`${root}test/e2e/pages/fake-prompt-api-page.ts`], bundle: true, format: 'iife', target: 'es2022', outfile: fake, logLevel: 'silent'});
      const answers = [
        {tool: 'data_mcp_search_recipes', arguments: {query: 'Seattle weather 2015'}},
        {tool: 'autoui_webmcp_widget_display', arguments: {name: 'stat-card', params: {label: 'Average high, 2015', value: 17.4, unit: '°C'}}},
        {answer: 'Here is the average high.'},
      ].map((a) => JSON.stringify(a));
      await context.addInitScript((scripted) => Object.assign(window, {__fakeAnswers: scripted, __fakeContextWindow: 32_768}), answers);
      await context.addInitScript({path: fake});
      const site = await serveAsWritten('html', demoAddresses(baseUrl, servers), (html) => {
        assert.ok(html.includes('<autoui-agent provider="anthropic"'), 'the HTML example no longer has provider="anthropic" to switch');
        return html.replace('<autoui-agent provider="anthropic"', '<autoui-agent provider="browser"');
      });
      try {
        const statCard = () => {
          const parts = canvasWidgets().map((w) => w.parts);
          return parts.some((p) => p.includes('widget-stat-card')) && !parts.some((p) => p.includes('draft'));
        };
        const {stopReason, types} = await askOnPage({context, screenshot}, 'html-browser', `${site.url}/`, (page, bound) => clickAsk(page, seattle, bound), runEnded, statCard);
        assert.equal(stopReason, 'end_turn');
        // The fake's one card, not the replaying model's dashboard (the page still holds a recording).
        assert.deepEqual(types, ['widget-stat-card']);
      } finally {
        await site.close();
      }
    },
  },
  {
    name: 'the core example (AgentSession, its own DOM transcript, <autoui-canvas>) answers with the Seattle dashboard drawn, no console error',
    async run({context, baseUrl, servers, screenshot}) {
      const site = await serveAsWritten('core', demoAddresses(baseUrl, servers));
      try {
        await askOnPage(
          {context, screenshot},
          'core',
          `${site.url}/`,
          async (page, bound) => {
            const button = page.getByRole('button', {name: 'Ask'});
            await whenEnabled(page, button, bound);
            await page.getByRole('textbox', {name: 'Question'}).fill(seattle);
            await button.click();
          },
          // The form's button is disabled while a question runs; its transcript holds the question,
          // the tool calls and the answer's text.
          () => !document.querySelector('#ask button').disabled && document.querySelector('#log .question') && document.querySelector('#log .answer'),
        );
      } finally {
        await site.close();
      }
    },
  },
  {
    name: 'the React example type-checks (strict) against the types of the build, JSX events included',
    async run() {
      // What `npx tsc -p examples/react` prints for a person who copies it; tsc exits non-zero on an error.
      try {
        execFileSync(process.execPath, [`${root}node_modules/typescript/bin/tsc`, '-p', `${root}examples/react`], {encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe']});
      } catch (error) {
        throw new Error(`tsc -p examples/react failed:\n${error.stdout ?? ''}${error.stderr ?? ''}`);
      }
    },
  },
  {
    name: 'the React and Vue examples, side by side on Vite\'s dev server (npx vite examples/<name>), each answer with the Seattle dashboard drawn, no console error',
    async run({context, baseUrl, servers, screenshot}) {
      const addresses = demoAddresses(baseUrl, servers);
      const running = [];
      await keepingNodeEnv(async () => {
        try {
          // Both at once, as examples/README.md allows: each keeps its own dependency cache.
          for (const name of ['react', 'vue']) {
            const sources = `${root}examples/${name}/`;
            const server = await createServer({root: sources, configFile: `${sources}vite.config.ts`, logLevel: 'warn', server: {port: 0}, plugins: [addressesPlugin(sources, addresses, new Set())]});
            await server.listen();
            running.push({name, server});
          }
          for (const {name, server} of running) {
            const {stopReason} = await askOnPage({context, screenshot}, `${name}-dev`, server.resolvedUrls.local[0], (page, bound) => clickAsk(page, seattle, bound), runEnded);
            assert.equal(stopReason, 'end_turn');
          }
        } finally {
          await Promise.allSettled(running.map(({server}) => server.close()));
        }
      });
    },
  },
  ...['react', 'vue'].map((name) => ({
    name: `the ${name === 'react' ? 'React' : 'Vue'} example, built with Vite from its own config, answers with the Seattle dashboard drawn, no console error`,
    async run({context, baseUrl, servers, screenshot}) {
      const site = await buildWithVite(name, demoAddresses(baseUrl, servers));
      try {
        const {stopReason} = await askOnPage({context, screenshot}, name, `${site.url}/`, (page, bound) => clickAsk(page, seattle, bound), runEnded);
        assert.equal(stopReason, 'end_turn');
      } finally {
        await site.close();
      }
    },
  })),
];
