/**
 * MCP Apps hosted by the element in a plain page, with both bundles: published example servers
 * (`server-basic-vanillajs`, `server-system-monitor`) and the probe view of test/servers/, run on
 * loopback, their views in the sandbox proxy page served on its own origin. Playwright reaches
 * into the frames (which the page itself cannot) to click what a person would click and to try
 * what a hostile view would try.
 */
import assert from 'node:assert/strict';

/** Registers a scenario on the fake LLM; returns its base URL. */
async function scenario(servers, turns) {
  const res = await fetch(`${servers['fake-llm']}/__scenarios`, {method: 'POST', headers: {'content-type': 'application/json'}, body: JSON.stringify({name: 'e2e mcp apps', turns})});
  assert.equal(res.status, 201, await res.clone().text());
  return (await res.json()).base;
}

/** Opens the agent page with the app servers and the sandbox; records console lines and problems. */
async function open(context, baseUrl, servers, query) {
  const page = await context.newPage();
  const problems = [];
  const consoleLines = [];
  const popups = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    consoleLines.push(`${m.type()}: ${m.text()}`);
    if (m.type() === 'error' && !/MCP App/.test(m.text())) problems.push(`console: ${m.text()}`);
  });
  context.on('page', (p) => popups.push(p));
  // The 2025-lifecycle servers are pinned: the probe they refuse (400) is a failed request in the
  // browser's console, which these pages must not have.
  const list = [['basic', servers['app-basic'], '2025-11-25'], ['monitor', servers['app-monitor'], '2025-11-25'], ['probe', servers['app-probe'], '2025-11-25']];
  await page.goto(`${baseUrl}/test/e2e/pages/agent.html?${new URLSearchParams({servers: JSON.stringify(list), ...query})}`);
  await page.waitForFunction(() => window.__e2e && window.__e2e.serversSettled() === 3, null, {timeout: 20_000});
  return {page, problems, consoleLines, popups};
}

/** True for a view's frame: the inner frame of a sandbox page (the page's own URL names the sandbox in its query). */
const isView = (frame) => {
  const parent = frame.parentFrame();
  return !!parent && new URL(parent.url()).pathname.endsWith('/mcp-app-sandbox.html');
};

/** The inner frame (the view) of the sandbox frame whose view's document matches `selector`. */
async function viewFrame(page, selector, timeout = 15_000) {
  const until = Date.now() + timeout;
  while (Date.now() < until) {
    for (const frame of page.frames()) {
      if (isView(frame) && (await frame.$(selector).catch(() => null))) return frame;
    }
    await page.waitForTimeout(100);
  }
  throw new Error(`no view frame shows ${selector}`);
}

/** The first view whose log satisfies `test` (a function of the log, run in Node). */
async function viewWhere(page, test, what = 'matching') {
  const until = Date.now() + 10_000;
  while (Date.now() < until) {
    for (const frame of page.frames().filter(isView)) {
      const log = await frame.evaluate(() => window.probeLog ?? []).catch(() => []);
      if (test(log)) return frame;
    }
    await page.waitForTimeout(100);
  }
  throw new Error(`no ${what} view`);
}

const getTime = [
  {toolCalls: [{name: 'basic_mcp_get-time', input: {}}]},
  {match: {lastToolResultIncludes: 'T'}, text: 'Here is the time.', finish: 'stop'},
];

export const cases = [];

for (const build of ['es', 'iife']) {
  cases.push({
    name: `${build}: the basic app's view renders in a frame of the sandbox's origin and hears its input and result`,
    async run({context, baseUrl, servers, screenshot}) {
      const base = await scenario(servers, getTime);
      const {page, problems} = await open(context, baseUrl, servers, {build, endpoint: base, sandbox: servers['mcp-app-sandbox'], approve: 'never'});
      const result = await page.evaluate(() => window.__e2e.ask('What time is it on the server?'));
      assert.equal(result.stopReason, 'end_turn', JSON.stringify(result));
      const view = await viewFrame(page, '#server-time');
      await view.waitForFunction(() => document.getElementById('server-time')?.textContent !== 'Loading...', null, {timeout: 10_000});
      const time = await view.$eval('#server-time', (e) => e.textContent);
      assert.match(time, /\d{4}-\d{2}-\d{2}T/, 'the view shows the time of the tool result');
      const frames = await page.evaluate(() => window.__e2e.appFrames());
      assert.equal(frames.length, 1);
      assert.equal(new URL(frames[0].src).origin, new URL(servers['mcp-app-sandbox']).origin);
      assert.notEqual(new URL(frames[0].src).origin, new URL(baseUrl).origin);
      assert.equal(await view.evaluate(() => origin), 'null', 'the view has an opaque origin of its own');
      await screenshot(page, `mcp-app-basic-${build}`);
      assert.deepEqual(problems, []);
    },
  });
}

/** Shows the probe view (a call of `probe`) and waits until it is initialized; returns its frame. */
async function probeView(page, note = 'hello') {
  await page.evaluate(() => window.__e2e.ask('Show the probe.'));
  const view = await viewFrame(page, '#log');
  await view.evaluate(() => window.ready);
  await view.waitForFunction(() => window.probeLog.some((m) => m.method === 'ui/notifications/tool-result'), null, {timeout: 10_000});
  return view;
}

const probeTurns = (note = 'hello', more = []) => [
  {toolCalls: [{name: 'probe_mcp_probe', input: {note}}]},
  {match: {lastToolResultIncludes: 'probe ran'}, text: 'The probe is shown.', finish: 'stop'},
  ...more,
];

/** A JSON-RPC request sent by the view; resolves with the host's answer. */
const rpc = (view, method, params) => view.evaluate(([m, p]) => window.rpc(m, p), [method, params]);

/** The same, sent from a click in the view (with the person's activation). */
async function rpcOnClick(view, method, params) {
  await view.evaluate(([m, p]) => (window.onAct = () => window.rpc(m, p)), [method, params]);
  await view.click('#act');
  return view.evaluate(() => window.actResult);
}

cases.push(
  {
    name: 'es: the view hears tool-input then tool-result with the server\'s structured content, and gets the host context',
    async run({context, baseUrl, servers}) {
      const base = await scenario(servers, probeTurns('hello'));
      const {page, problems} = await open(context, baseUrl, servers, {build: 'es', endpoint: base, sandbox: servers['mcp-app-sandbox'], approve: 'never', lang: 'fr'});
      const view = await probeView(page);
      const log = await view.evaluate(() => window.probeLog);
      const methods = log.map((m) => m.method);
      const input = methods.indexOf('ui/notifications/tool-input');
      const result = methods.indexOf('ui/notifications/tool-result');
      assert.ok(input >= 0 && result > input, `tool-input comes once, before tool-result: ${methods.join(', ')}`);
      assert.equal(methods.filter((m) => m === 'ui/notifications/tool-input').length, 1);
      assert.deepEqual(log[input].params.arguments, {note: 'hello'});
      assert.deepEqual(log[result].params.structuredContent, {note: 'hello', ran: true});
      const init = await view.evaluate(() => window.hostInit);
      assert.equal(init.hostInfo.name, 'autoui-agent');
      assert.equal(init.hostContext.locale, 'fr');
      assert.equal(init.hostContext.displayMode, 'inline');
      assert.ok(['light', 'dark'].includes(init.hostContext.theme));
      assert.match(init.hostContext.styles.variables['--color-text-primary'], /^#|rgb/);
      assert.ok(init.hostCapabilities.serverTools && init.hostCapabilities.openLinks, JSON.stringify(init.hostCapabilities));
      assert.deepEqual(problems, []);
    },
  },
  {
    name: 'es: the arguments the model is still writing reach the view as tool-input-partial, before the one tool-input',
    async run({context, baseUrl, servers}) {
      const note = 'a long note written slowly, '.repeat(6);
      const base = await scenario(servers, [
        {toolCalls: [{name: 'probe_mcp_probe', input: {note}}], fragmentSize: 3, chunkDelayMs: 40},
        {match: {lastToolResultIncludes: 'probe ran'}, text: 'Shown.', finish: 'stop'},
      ]);
      const {page} = await open(context, baseUrl, servers, {build: 'es', endpoint: base, sandbox: servers['mcp-app-sandbox'], approve: 'never'});
      const view = await probeView(page);
      const log = await view.evaluate(() => window.probeLog);
      const partial = log.filter((m) => m.method === 'ui/notifications/tool-input-partial');
      const inputAt = log.findIndex((m) => m.method === 'ui/notifications/tool-input');
      assert.ok(partial.length >= 1, `partial inputs arrived: ${log.map((m) => m.method).join(', ')}`);
      assert.ok(log.lastIndexOf(partial.at(-1)) < inputAt, 'no partial input after the complete one');
      assert.ok(note.startsWith(partial[0].params.arguments.note ?? ''), 'a partial input is a prefix of what the model wrote');
      assert.equal(log[inputAt].params.arguments.note, note);
    },
  },
  {
    name: 'es: a tool error reaches the view as its tool-result (isError); a call stopped midway as tool-cancelled',
    async run({context, baseUrl, servers}) {
      const base = await scenario(servers, [
        {toolCalls: [{name: 'probe_mcp_probe', input: {note: 'fail'}}]},
        {match: {lastToolResultIncludes: 'probe failed'}, toolCalls: [{name: 'probe_mcp_probe', input: {note: 'slow'}}]},
        {match: {lastToolResultIncludes: 'slow'}, text: 'Done.', finish: 'stop'},
      ]);
      const {page} = await open(context, baseUrl, servers, {build: 'es', endpoint: base, sandbox: servers['mcp-app-sandbox'], approve: 'never'});
      await page.evaluate(() => window.__e2e.start('Show the probe twice.'));
      // Each view by what it heard: the failed call's, with its result; the slow one's, still waiting.
      const heard = async (note, withResult) => {
        for (const frame of page.frames().filter(isView)) {
          const log = await frame.evaluate(() => window.probeLog ?? []).catch(() => []);
          const input = log.find((m) => m.method === 'ui/notifications/tool-input');
          if (input?.params.arguments.note === note && log.some((m) => m.method === 'ui/notifications/tool-result') === withResult) return {frame, log};
        }
        return undefined;
      };
      const find = async (note, withResult) => {
        const until = Date.now() + 10_000;
        let found;
        while (!(found = await heard(note, withResult)) && Date.now() < until) await page.waitForTimeout(100);
        assert.ok(found, `a view heard the ${note} call${withResult ? ' and its result' : ', and no result'}`);
        return found;
      };
      const {log} = await find('fail', true);
      const result = log.find((m) => m.method === 'ui/notifications/tool-result');
      assert.equal(result.params.isError, true, JSON.stringify(result));
      assert.match(result.params.content[0].text, /probe failed/);
      // The second call waits on the server: Stop while it does.
      const {frame: slow} = await find('slow', false);
      await page.evaluate(() => window.__e2e.abort());
      await slow.waitForFunction(() => window.probeLog.some((m) => m.method === 'ui/notifications/tool-cancelled'), null, {timeout: 10_000});
      const cancelled = (await slow.evaluate(() => window.probeLog)).find((m) => m.method === 'ui/notifications/tool-cancelled');
      assert.match(cancelled.params.reason, /stopped/i);
      assert.equal((await page.evaluate(() => window.__e2e.answer())).stopReason, 'aborted');
    },
  },
  {
    name: 'es: the view calls its own app-visible tools; model-only tools and other servers\' tools are refused; other methods are not found',
    async run({context, baseUrl, servers}) {
      const base = await scenario(servers, probeTurns());
      const {page} = await open(context, baseUrl, servers, {build: 'es', endpoint: base, sandbox: servers['mcp-app-sandbox'], approve: 'never'});
      const view = await probeView(page);
      const counted = await rpc(view, 'tools/call', {name: 'probe_count', arguments: {}});
      assert.equal(counted.result?.content?.[0]?.text, '1', JSON.stringify(counted));
      const secret = await rpc(view, 'tools/call', {name: 'probe_secret', arguments: {}});
      assert.ok(secret.error, 'a model-only tool is refused to the view');
      assert.match(secret.error.message, /model only/);
      const other = await rpc(view, 'tools/call', {name: 'get-time', arguments: {}});
      assert.ok(other.error, "another server's tool is refused");
      const resource = await rpc(view, 'resources/read', {uri: 'ui://probe/view.html'});
      assert.match(resource.result?.contents?.[0]?.text ?? '', /Probe view/);
      const listed = await rpc(view, 'tools/list', {});
      assert.equal(listed.error?.code, -32601, 'tools/list is not offered: method not found');
      const ping = await rpc(view, 'ping', {});
      assert.deepEqual(ping.result, {});
    },
  },
  {
    name: 'iife: the system monitor\'s view polls its app-only tool, which the model is never offered',
    async run({context, baseUrl, servers, screenshot}) {
      const base = await scenario(servers, [
        {toolCalls: [{name: 'monitor_mcp_list_tools', input: {}}]},
        {match: {lastToolResultIncludes: 'get-system-info'}, toolCalls: [{name: 'monitor_mcp_get-system-info', input: {}}]},
        {match: {lastToolResultIncludes: 'hostname'}, text: 'Here is the system.', finish: 'stop'},
      ]);
      const {page} = await open(context, baseUrl, servers, {build: 'iife', endpoint: base, sandbox: servers['mcp-app-sandbox'], approve: 'never'});
      await page.evaluate(() => window.__e2e.ask('How is the machine doing?'));
      const listed = await page.evaluate(() => window.__e2e.events.filter((e) => e.type === 'autoui-tool-call').map((e) => e.detail));
      const listing = JSON.stringify(listed[0]);
      assert.doesNotMatch(listing, /poll-system-stats/, 'the app-only tool is not listed to the model');
      const requests = [];
      page.on('request', (r) => r.method() === 'POST' && r.postData()?.includes('poll-system-stats') && requests.push(r.url()));
      const view = await viewFrame(page, 'canvas, main, body > *');
      const until = Date.now() + 10_000;
      while (requests.length < 1 && Date.now() < until) await page.waitForTimeout(200);
      assert.ok(requests.length >= 1, 'the view polled poll-system-stats through the host');
      assert.ok(requests.every((u) => u === servers['app-monitor']), 'to its own server');
      assert.ok(view);
      await screenshot(page, 'mcp-app-system-monitor');
    },
  },
  {
    name: 'es: size-changed resizes the frame, messages from other windows are not heard, full screen is granted after a click and left for an approval',
    async run({context, baseUrl, servers}) {
      const base = await scenario(servers, probeTurns());
      const {page} = await open(context, baseUrl, servers, {build: 'es', endpoint: base, sandbox: servers['mcp-app-sandbox']});
      const view = await probeView(page);
      await view.evaluate(() => window.notify('ui/notifications/size-changed', {width: 300, height: 333}));
      await page.waitForFunction(() => Math.round(window.__e2e.appFrames()[0].height) === 333, null, {timeout: 5000});
      // The page (or any other frame) posting the same notification is not the view: nothing changes.
      await page.evaluate(() => window.postMessage({jsonrpc: '2.0', method: 'ui/notifications/size-changed', params: {height: 999}}, '*'));
      await page.waitForTimeout(300);
      assert.equal(Math.round((await page.evaluate(() => window.__e2e.appFrames()))[0].height), 333);
      const mode = await rpcOnClick(view, 'ui/request-display-mode', {mode: 'fullscreen'});
      assert.equal(mode.result?.mode, 'fullscreen');
      await page.waitForFunction(() => window.__e2e.appFrames()[0].height >= innerHeight - 80, null, {timeout: 5000});
      await view.waitForFunction(() => window.probeLog.some((m) => m.method === 'ui/notifications/host-context-changed' && m.params.displayMode === 'fullscreen'), null, {timeout: 5000});
      const pip = await rpcOnClick(view, 'ui/request-display-mode', {mode: 'pip'});
      assert.equal(pip.result?.mode, 'fullscreen', 'a mode the host does not offer leaves the mode as it is');
      // A call that waits for the person's approval brings the view back inline, so the card is not under it.
      await view.evaluate(() => void window.rpc('tools/call', {name: 'probe_write', arguments: {value: 'z'}}));
      await page.waitForFunction(() => window.__e2e.appFrames()[0].height < innerHeight - 80, null, {timeout: 5000});
      await view.waitForFunction(() => window.probeLog.some((m) => m.method === 'ui/notifications/host-context-changed' && m.params.displayMode === 'inline'), null, {timeout: 5000});
    },
  },
  {
    name: 'es: the basic app\'s Send Message becomes the next question, shown as coming from the app',
    async run({context, baseUrl, servers}) {
      const base = await scenario(servers, [
        ...getTime,
        {match: {lastUserIncludes: 'This is message text.'}, text: 'Got the app\'s message.', finish: 'stop'},
      ]);
      const {page} = await open(context, baseUrl, servers, {build: 'es', endpoint: base, sandbox: servers['mcp-app-sandbox'], approve: 'never'});
      await page.evaluate(() => window.__e2e.ask('What time is it on the server?'));
      const view = await viewFrame(page, '#send-message-btn');
      await view.click('#send-message-btn');
      await page.waitForFunction(() => window.__e2e.events.filter((e) => e.type === 'autoui-run-end').length === 2, null, {timeout: 10_000});
      const ends = await page.evaluate(() => window.__e2e.events.filter((e) => e.type === 'autoui-run-end').map((e) => e.detail.stopReason));
      assert.deepEqual(ends, ['end_turn', 'end_turn']);
      const fromApp = await page.evaluate(() => window.__e2e.appQuestions());
      assert.equal(fromApp.length, 1);
      assert.match(fromApp[0], /get-time/);
      assert.match(fromApp[0], /This is message text\./);
    },
  },
  {
    name: 'es: what a view puts in the model context goes with the next question, once',
    async run({context, baseUrl, servers}) {
      const base = await scenario(servers, probeTurns('hello', [
        {match: {lastUserIncludes: 'The user picked Paris.'}, text: 'Paris it is.', finish: 'stop'},
      ]));
      const {page} = await open(context, baseUrl, servers, {build: 'es', endpoint: base, sandbox: servers['mcp-app-sandbox'], approve: 'never'});
      const view = await probeView(page);
      const first = await rpc(view, 'ui/update-model-context', {content: [{type: 'text', text: 'The user picked Lyon.'}]});
      assert.deepEqual(first.result, {});
      await rpc(view, 'ui/update-model-context', {content: [{type: 'text', text: 'The user picked Paris.'}]});
      const result = await page.evaluate(() => window.__e2e.ask('Which city?'));
      assert.equal(result.stopReason, 'end_turn', JSON.stringify(result));
      assert.equal(result.text, 'Paris it is.');
    },
  },
  {
    name: 'es: open-link opens http(s) links in a new tab without an opener, and refuses javascript:',
    async run({context, baseUrl, servers}) {
      const base = await scenario(servers, getTime);
      const {page, popups} = await open(context, baseUrl, servers, {build: 'es', endpoint: base, sandbox: servers['mcp-app-sandbox'], approve: 'never'});
      await page.evaluate(() => window.__e2e.ask('What time is it on the server?'));
      const view = await viewFrame(page, '#open-link-btn');
      await view.fill('#link-url', 'javascript:document.title="owned"');
      await view.click('#open-link-btn');
      await page.waitForTimeout(500);
      assert.equal(popups.length, 0, 'no tab for a javascript: link');
      assert.notEqual(await page.title(), 'owned');
      const target = `${baseUrl}/test/e2e/pages/agent-page.css`;
      await view.fill('#link-url', target);
      const popup = context.waitForEvent('page', {timeout: 5000});
      await view.click('#open-link-btn');
      const opened = await popup;
      await opened.waitForLoadState();
      assert.equal(opened.url(), target);
      assert.equal(await opened.evaluate(() => window.opener), null, 'the new tab has no opener');
    },
  },
  {
    name: 'es: a view cannot reach the page\'s DOM, its cookies, window.top or the sandbox page; the host page sees no CSP violation',
    async run({context, baseUrl, servers}) {
      const base = await scenario(servers, probeTurns());
      const {page} = await open(context, baseUrl, servers, {build: 'es', endpoint: base, sandbox: servers['mcp-app-sandbox'], approve: 'never'});
      await page.evaluate(() => {
        document.cookie = 'session=page-secret';
        window.__violations = [];
        document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(e.violatedDirective), true);
      });
      const view = await probeView(page);
      const tries = await view.evaluate(async (probeOrigin) => {
        const attempt = (f) => {
          try {
            const value = f();
            return value === undefined ? 'undefined' : `reached: ${String(value).slice(0, 40)}`;
          } catch (error) {
            return `refused: ${error.name}`;
          }
        };
        const fetched = async (url) => fetch(url).then(() => 'fetched', (e) => `refused: ${e.name}`);
        return {
          top: attempt(() => window.top.document.title),
          parent: attempt(() => window.parent.document.title),
          cookie: attempt(() => document.cookie),
          storage: attempt(() => localStorage.length),
          topLocation: attempt(() => window.top.location.href),
          declared: await fetched(`${probeOrigin}/mcp`),
          undeclared: await fetched('http://127.0.0.1:9/elsewhere'),
        };
      }, new URL(servers['app-probe']).origin);
      assert.match(tries.top, /^refused/);
      assert.match(tries.parent, /^refused/);
      assert.match(tries.cookie, /^refused/);
      assert.match(tries.storage, /^refused/);
      assert.match(tries.topLocation, /^refused/);
      assert.equal(tries.declared, 'fetched', 'the origin the server declared (connectDomains) is reachable');
      assert.match(tries.undeclared, /^refused/, 'an undeclared origin is not');
      assert.deepEqual(await page.evaluate(() => window.__violations), [], 'no CSP violation on the host page');
    },
  },
  {
    name: 'es: a view whose HTML starts with characters that are blank to JavaScript, not to HTML, still gets the default CSP',
    async run({context, baseUrl, servers}) {
      const base = await scenario(servers, [
        {toolCalls: [{name: 'probe_mcp_probe_odd', input: {}}]},
        {match: {lastToolResultIncludes: 'odd probe ran'}, text: 'Shown.', finish: 'stop'},
      ]);
      const {page} = await open(context, baseUrl, servers, {build: 'es', endpoint: base, sandbox: servers['mcp-app-sandbox'], approve: 'never'});
      await page.evaluate(() => window.__e2e.ask('Show the odd probe.'));
      const view = await viewFrame(page, '#log');
      await view.evaluate(() => window.ready);
      const where = await view.evaluate(() => document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.parentElement?.localName);
      assert.equal(where, 'head', 'the policy is in the head, where it applies');
      const fetched = await view.evaluate((url) => fetch(url).then(() => 'fetched', (e) => `refused: ${e.name}`), servers['app-probe']);
      assert.match(fetched, /^refused/, 'connect-src none: no CSP was declared');
    },
  },
  {
    name: 'es: closing the view sends ui/resource-teardown and waits for its answer before the frame goes; a clear() does too',
    async run({context, baseUrl, servers}) {
      const base = await scenario(servers, probeTurns('hello', probeTurns('again')));
      const {page, consoleLines} = await open(context, baseUrl, servers, {build: 'es', endpoint: base, sandbox: servers['mcp-app-sandbox'], approve: 'never'});
      await probeView(page);
      const [widget] = await page.evaluate(() => window.__e2e.widgets());
      await page.evaluate((id) => window.__e2e.remove(id), widget.id);
      const until = Date.now() + 5000;
      while (!consoleLines.some((l) => /teardown: The view was closed/.test(l)) && Date.now() < until) await page.waitForTimeout(100);
      assert.ok(
        consoleLines.some((l) => /teardown: The view was closed\. \(call ran, context refused\)/.test(l)),
        `the view heard the teardown, could still save through its server, and could not tell the model any more:\n${consoleLines.join('\n')}`,
      );
      await page.waitForFunction(() => !document.querySelector('iframe') && window.__e2e.appFrames().length === 0, null, {timeout: 5000});
      assert.equal(page.frames().length, 1, 'no frame is left');

      await page.evaluate(() => window.__e2e.ask('Show the probe.'));
      await viewWhere(page, (log) => log.some((m) => m.method === 'ui/notifications/tool-result'));
      await page.evaluate(() => window.__e2e.clear());
      const cleared = Date.now() + 5000;
      while (consoleLines.filter((l) => /teardown:/.test(l)).length < 2 && Date.now() < cleared) await page.waitForTimeout(100);
      assert.equal(consoleLines.filter((l) => /teardown:/.test(l)).length, 2, 'clear() tore the second view down too');
    },
  },
  {
    name: 'es: a view\'s write asks approval first, as the model\'s would; a read-only agent refuses its calls and messages',
    async run({context, baseUrl, servers}) {
      const base = await scenario(servers, probeTurns());
      const {page} = await open(context, baseUrl, servers, {build: 'es', endpoint: base, sandbox: servers['mcp-app-sandbox'], pageDenies: '1'});
      const view = await probeView(page);
      const denied = await rpc(view, 'tools/call', {name: 'probe_write', arguments: {value: 'x'}});
      assert.match(denied.error?.message ?? '', /declined/);
      const asked = await page.evaluate(() => window.__e2e.events.filter((e) => e.type === 'autoui-tool-approval').map((e) => e.detail));
      const request = asked.find((r) => r.tool === 'probe_write');
      assert.ok(request, 'the page was asked');
      assert.deepEqual(request.from, {app: {server: 'probe', tool: 'probe'}});
      const counted = await rpc(view, 'tools/call', {name: 'probe_count', arguments: {}});
      assert.ok(counted.result, 'a read-only tool needs no approval under "writes"');

      // Without the page's own dialog, the transcript's card asks, and says the view asks, not the model.
      const carded = await open(context, baseUrl, servers, {build: 'es', endpoint: await scenario(servers, probeTurns()), sandbox: servers['mcp-app-sandbox']});
      const cardView = await probeView(carded.page);
      await cardView.evaluate(() => void window.rpc('tools/call', {name: 'probe_write', arguments: {value: 'y'}}));
      await carded.page.waitForFunction(() => document.querySelector('autoui-agent').shadowRoot.querySelector('autoui-transcript')?.shadowRoot?.querySelector('[part="approval"] .from')?.textContent.includes('probe app view'), null, {timeout: 5000});

      const embed = await open(context, baseUrl, servers, {build: 'es', endpoint: await scenario(servers, probeTurns()), sandbox: servers['mcp-app-sandbox'], approve: 'never', readonly: '1'});
      const shown = await probeView(embed.page);
      assert.match((await rpc(shown, 'tools/call', {name: 'probe_count', arguments: {}})).error?.message ?? '', /read-only/);
      assert.match((await rpc(shown, 'ui/message', {role: 'user', content: [{type: 'text', text: 'hi'}]})).error?.message ?? '', /read-only/);
      assert.equal((await shown.evaluate(() => window.hostInit)).hostCapabilities.message, undefined, 'a read-only host does not offer messages');
    },
  },
  {
    name: 'es: without sandbox-url, or with one on the page\'s origin, the text result is shown with a notice, never a frame',
    async run({context, baseUrl, servers}) {
      for (const sandbox of ['', `${baseUrl}/dist/mcp-app-sandbox.html`]) {
        const base = await scenario(servers, probeTurns('plain'));
        const {page} = await open(context, baseUrl, servers, {build: 'es', endpoint: base, sandbox, approve: 'never'});
        await page.evaluate(() => window.__e2e.ask('Show the probe.'));
        await page.waitForFunction(() => window.__e2e.appFrames()[0]?.fallback?.includes('probe ran'), null, {timeout: 10_000});
        assert.equal(page.frames().length, 1, 'no frame at all');
        const notices = await page.evaluate(() => window.__e2e.notices());
        assert.ok(notices.some((n) => (sandbox ? /own origin/ : /no sandbox-url/).test(n)), notices.join(' | '));
        await page.close();
      }
    },
  },
);

cases.push({
  name: 'iife: the demo\'s machine-load replay finds its recipe on the Data server and shows the monitor\'s view',
  async run({context, baseUrl, servers, screenshot}) {
    const res = await fetch(`${servers['fake-llm']}/__scenarios`, {method: 'POST', headers: {'content-type': 'application/json'}, body: JSON.stringify({file: 'machine-load'})});
    const {base} = await res.json();
    const page = await context.newPage();
    const list = [['data', servers['demo-data']], ['monitor', servers['app-monitor']]];
    await page.goto(`${baseUrl}/test/e2e/pages/agent.html?${new URLSearchParams({build: 'iife', endpoint: base, servers: JSON.stringify(list), sandbox: servers['mcp-app-sandbox'], approve: 'never'})}`);
    await page.waitForFunction(() => window.__e2e && window.__e2e.serversSettled() === 2, null, {timeout: 20_000});
    const result = await page.evaluate(() => window.__e2e.ask('How loaded is the machine this demo runs on?'));
    assert.equal(result.stopReason, 'end_turn', JSON.stringify(result));
    assert.deepEqual(result.widgets.map((w) => w.type), ['mcp-app']);
    const view = await viewFrame(page, 'body *');
    // The view fills in the machine's memory from the tool result, then from its own polling.
    await view.waitForFunction(() => /\d\s*GB/.test(document.body.textContent), null, {timeout: 10_000});
    await page.waitForTimeout(1500);
    await screenshot(page, 'mcp-app-demo-machine-load');
  },
});

cases.push(
  {
    name: 'es: a view sends no message without a click in it; a moved view, reloaded, hears its call again; read-only applies at once',
    async run({context, baseUrl, servers}) {
      const base = await scenario(servers, [
        {toolCalls: [{name: 'probe_mcp_probe', input: {note: 'one'}}, {name: 'probe_mcp_probe', input: {note: 'two'}}]},
        {match: {lastToolResultIncludes: 'probe ran'}, text: 'Two probes.', finish: 'stop'},
      ]);
      const {page} = await open(context, baseUrl, servers, {build: 'es', endpoint: base, sandbox: servers['mcp-app-sandbox'], approve: 'never'});
      await page.evaluate(() => window.__e2e.ask('Show two probes.'));
      const one = await viewWhere(page, (log) => log.some((m) => m.method === 'ui/notifications/tool-result' && m.params.structuredContent?.note === 'one'));
      // Playwright's own calls count as a person's activation, which lasts 5 s: the view asks 6 s
      // later, on its own, and nothing of the test runs in the page meanwhile.
      await one.evaluate(() => setTimeout(async () => {
        window.unasked = {
          message: await window.rpc('ui/message', {role: 'user', content: [{type: 'text', text: 'sneaky'}]}),
          fullscreen: await window.rpc('ui/request-display-mode', {mode: 'fullscreen'}),
        };
      }, 6000));
      await page.waitForTimeout(7000);
      const unasked = await one.evaluate(() => window.unasked);
      assert.match(unasked.message.error?.message ?? '', /acted/, 'no message without a click');
      assert.equal(unasked.fullscreen.result?.mode, 'inline', 'no full screen without a click');
      assert.equal((await page.evaluate(() => window.__e2e.events.filter((e) => e.type === 'autoui-run-start').length)), 1, 'no question started');
      // Moving the first view on the canvas reorders its frame, which reloads it: a new document, told again.
      const [first] = await page.evaluate(() => window.__e2e.widgets());
      await page.evaluate((id) => document.querySelector('autoui-agent').session.widgets.move(id, 40, 600), first.id);
      const again = await viewWhere(page, (log) => log.filter((m) => m.method === 'ui/notifications/tool-input').length === 1 && log.some((m) => m.params?.structuredContent?.note === 'one'), 'reloaded');
      assert.ok(again);
      await page.evaluate(() => (document.querySelector('autoui-agent').readonly = true));
      await page.waitForTimeout(100);
      const refused = await rpc(again, 'tools/call', {name: 'probe_count', arguments: {}});
      assert.match(refused.error?.message ?? '', /read-only/, 'read-only applies to views already shown');
    },
  },
  {
    name: 'es: a draft view whose call is denied hears tool-cancelled and the teardown',
    async run({context, baseUrl, servers}) {
      const base = await scenario(servers, [
        {toolCalls: [{name: 'probe_mcp_probe', input: {note: 'x'.repeat(120)}}], fragmentSize: 4, chunkDelayMs: 30},
        {text: 'Not shown.', finish: 'stop'},
      ]);
      const {page, consoleLines} = await open(context, baseUrl, servers, {build: 'es', endpoint: base, sandbox: servers['mcp-app-sandbox'], approve: 'all', pageDenies: '1'});
      await page.evaluate(() => window.__e2e.ask('Show the probe.'));
      const until = Date.now() + 5000;
      while (!consoleLines.some((l) => /teardown: The call was not run/.test(l)) && Date.now() < until) await page.waitForTimeout(100);
      assert.ok(consoleLines.some((l) => /cancelled: The call was not run/.test(l)), consoleLines.join('\n'));
      assert.ok(consoleLines.some((l) => /teardown: The call was not run/.test(l)), consoleLines.join('\n'));
      assert.equal((await page.evaluate(() => window.__e2e.appFrames())).length, 0);
    },
  },
);
