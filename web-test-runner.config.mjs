import {esbuildPlugin} from '@web/dev-server-esbuild';
import {playwrightLauncher} from '@web/test-runner-playwright';
import {defaultReporter} from '@web/test-runner';
import {fromRollup} from '@web/dev-server-rollup';
// Pinned at 18.1.0: 21.x and 29.x fail under @web/dev-server-rollup with "does not provide an export
// named 'default'" on ajv and the MCP client's other CommonJS dependencies.
import rollupCommonjs from '@rollup/plugin-commonjs';
import rollupJson from '@rollup/plugin-json';
import {fileURLToPath} from 'node:url';
import {existsSync, readdirSync} from 'node:fs';
import {countReporter} from './test/support/count-reporter.mjs';
import {startTestServers} from './test/support/test-servers.mjs';
import {chromiumPath, chromiumArgs} from './scripts/chromium.mjs';
import {startForeignHostRecorder} from './test/support/foreign-host-recorder.mjs';
import {reliabilityPlugin} from './test/support/reliability-plugin.mjs';
import {leafletTrustedTypes} from './scripts/leaflet-trusted-types.mjs';

/** The hosts no page of ours may reach, resolved to a recorder (see foreign-host-recorder.mjs). */
const foreign = await startForeignHostRecorder();
/**
 * Names for this machine (`<anything>.loopback.test`), so a test can reach one local server under
 * many host names: the browser keeps at most 6 connections per host, and elements that each hold an
 * MCP event stream open to the same host would otherwise wait on each other.
 */
const LOOPBACK_NAMES = 'MAP *.loopback.test 127.0.0.1';

const commonjs = fromRollup(rollupCommonjs);
const json = fromRollup(rollupJson);

/**
 * What Vite does for `import css from 'x.css?inline'`: the CSS as a string, so a widget adopts it in
 * its shadow root (a plain CSS import would land in `document.head`, which the shadow root cannot see).
 */
const cssInline = {
  name: 'css-inline',
  resolveMimeType: (c) => (c.path.endsWith('.css') && c.URL.searchParams.has('inline') ? 'js' : undefined),
  transform: (c) =>
    c.path.endsWith('.css') && c.URL.searchParams.has('inline')
      ? {body: `export default ${JSON.stringify(c.body)};`}
      : undefined,
};

/** What Vite does for `import text from 'x.md?raw'`: the file's text as the default export. */
const rawText = {
  name: 'raw-text',
  resolveMimeType: (c) => (c.URL.searchParams.has('raw') ? 'js' : undefined),
  transform: (c) => (c.URL.searchParams.has('raw') ? {body: `export default ${JSON.stringify(c.body)};`} : undefined),
};

/**
 * What Vite does for `import url from 'x.wasm?url'`: the file's URL, as this server serves it (the
 * local model's runtime loads its WebAssembly from there, as the build loads its copy from beside itself).
 */
const assetUrl = {
  name: 'asset-url',
  serve: (c) => (c.URL?.searchParams.has('url') ? {body: `export default ${JSON.stringify(c.path)};`, type: 'js'} : undefined),
};

/**
 * Starts the real Node servers of test/servers/ with the run; tests read their URLs with
 * `import {SERVERS} from '@test/servers'` (a bare specifier, since TypeScript cannot declare a module
 * for a rooted path). Must come before the rollup adapters, or they try to resolve '@test/servers'
 * first and the test file fails to load.
 */
let servers;
const testServers = {
  name: 'test-servers',
  async serverStart() {
    servers = await startTestServers();
  },
  async serverStop() {
    await servers?.close();
  },
  resolveImport: ({source}) => (source === '@test/servers' ? '/__test-servers.js' : undefined),
  serve: (c) =>
    c.path === '/__test-servers.js'
      ? {body: `export const SERVERS = ${JSON.stringify(servers.urls)};`, type: 'js'}
      : undefined,
};

/** A group with no test files yet would make wtr fail; only groups that have tests run. */
const hasTests = (dir) => existsSync(dir) && readdirSync(dir, {recursive: true}).some((f) => String(f).endsWith('.test.ts'));
const groups = ['schema', 'policy', 'agent', 'webmcp', 'worker', 'session', 'providers', 'mcp', 'widgets', 'canvas', 'element', 'files', 'eval', 'telemetry', 'ag-ui'].filter((g) => hasTests(`test/${g}`));

/**
 * The reliability suite: generated hostile inputs, injected faults, a soak (test/reliability/);
 * its Trusted Types part on a page that requires them, with a strict script-src.
 */
const reliabilityGroups = hasTests('test/reliability')
  ? [
      {name: 'reliability', files: 'test/reliability/*.test.ts'},
      {
        name: 'reliability-tt',
        files: 'test/reliability/trusted-types/*.test.ts',
        testRunnerHtml: (framework) => `<!DOCTYPE html><html lang="en"><head>
        <meta http-equiv="Content-Security-Policy" content="require-trusted-types-for 'script'; script-src 'self'">
        </head><body><script type="module" src="${framework}"></script></body></html>`,
      },
    ]
  : [];

export default {
  groups: [
    ...groups.map((name) => ({name, files: `test/${name}/**/*.test.ts`})),
    // The same kind of tests on a page whose CSP forbids eval (no 'unsafe-eval').
    ...(hasTests('test/csp') ? [{
      name: 'csp',
      files: 'test/csp/**/*.test.ts',
      testRunnerHtml: (framework) => `<!DOCTYPE html><html><head>
        <meta http-equiv="Content-Security-Policy" content="script-src 'self' 'unsafe-inline'">
        </head><body><script type="module" src="${framework}"></script></body></html>`,
    }] : []),
    // Local files on a strict page that allows only what they need (the README's CSP): Trusted
    // Types enforced, blob: workers, WebAssembly, no eval.
    ...(hasTests('test/files-csp') ? [{
      name: 'files-csp',
      files: 'test/files-csp/**/*.test.ts',
      testRunnerHtml: (framework) => `<!DOCTYPE html><html><head>
        <meta http-equiv="Content-Security-Policy" content="require-trusted-types-for 'script'; trusted-types autoui-agent-files lit-html; script-src 'self' 'wasm-unsafe-eval'; worker-src blob:">
        </head><body><script type="module" src="${framework}"></script></body></html>`,
    }] : []),
    ...reliabilityGroups,
  ],
  // `browser: true` reads a package's `browser` field, as Vite does for the build: OpenTelemetry's
  // packages name their browser build there only (their main build imports Node's util and os).
  nodeResolve: {exportConditions: ['browser', 'production'], browser: true},
  concurrency: 1,
  // Limits that only catch a hang, never a slow machine: a busy laptop (load 20 on 2 cores) ran the
  // malformed-streams family, hundreds of cases, past five minutes.
  testsFinishTimeout: 1_200_000,
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: {executablePath: chromiumPath(), headless: true, args: [...chromiumArgs, `--host-resolver-rules=${foreign.hostRules}, ${LOOPBACK_NAMES}`]},
    }),
  ],
  mimeTypes: {'**/node_modules/ajv/**/*.json': 'js'},
  plugins: [
    testServers,
    reliabilityPlugin({file: 'test-results/reliability.json', foreign}),
    json(),
    // What the builds do to Leaflet (scripts/leaflet-trusted-types.mjs), so tests run the same code.
    fromRollup(leafletTrustedTypes)(),
    cssInline,
    rawText,
    assetUrl,
    commonjs({
      include: [
        '**/node_modules/ajv/**',
        '**/node_modules/ajv-formats/**',
        '**/node_modules/fast-deep-equal/**',
        '**/node_modules/json-schema-traverse/**',
        '**/node_modules/fast-uri/**',
        '**/node_modules/require-from-string/**',
        '**/node_modules/content-type/**',
      ],
    }),
    esbuildPlugin({ts: true, target: 'es2022', tsconfig: fileURLToPath(new URL('./tsconfig.json', import.meta.url))}),
  ],
  reporters: [defaultReporter(), countReporter({file: 'test-results/wtr.json'})],
  // 60 s a test: a hang is still caught, and a first test that pays a cold start on a busy machine passes.
  testFramework: {config: {ui: 'bdd', timeout: 60_000}},
};
