import {esbuildPlugin} from '@web/dev-server-esbuild';
import {playwrightLauncher} from '@web/test-runner-playwright';
import {defaultReporter} from '@web/test-runner';
import {fromRollup} from '@web/dev-server-rollup';
import rollupCommonjs from '@rollup/plugin-commonjs'; // 18.1.0: later versions break under wds (toolchain.md P6)
import rollupJson from '@rollup/plugin-json';
import {fileURLToPath} from 'node:url';
import {existsSync, readdirSync} from 'node:fs';
import {countReporter} from './test/support/count-reporter.mjs';
import {startTestServers} from './test/support/test-servers.mjs';
import {chromiumPath, chromiumArgs} from './scripts/chromium.mjs';

const commonjs = fromRollup(rollupCommonjs);
const json = fromRollup(rollupJson);

/** What Vite does for `import css from 'x.css?inline'` (toolchain.md P9). */
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
 * Starts the real Node servers of test/servers/ with the run; tests read their URLs with
 * `import {SERVERS} from '@test/servers'`. Must come before the rollup adapters (toolchain.md P16).
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
const groups = ['agent', 'worker', 'session', 'providers', 'mcp', 'widgets', 'element'].filter((g) => hasTests(`test/${g}`));

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
  ],
  nodeResolve: {exportConditions: ['browser', 'production']},
  concurrency: 1,
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: {executablePath: chromiumPath(), headless: true, args: chromiumArgs},
    }),
  ],
  mimeTypes: {'**/node_modules/ajv/**/*.json': 'js'},
  plugins: [
    testServers,
    json(),
    cssInline,
    rawText,
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
  testFramework: {config: {ui: 'bdd', timeout: 10000}},
};
