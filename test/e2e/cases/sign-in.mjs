/**
 * Signing in to an MCP server with the built bundle in a plain page, where a unit test cannot go:
 * a browser that blocks the sign-in popup sends the page itself to the authorization server (the
 * same-tab fallback), the callback page (dist/oauth-callback.html) brings it back, and the
 * question asked before leaving is answered; and the demo's consent page, clicked by a person in
 * the popup.
 */
import assert from 'node:assert/strict';

const turns = [{toolCalls: [{name: 'notes_mcp_whoami', input: {}}]}, {match: {lastToolResultIncludes: 'demo-user'}, text: 'You are demo-user.', finish: 'stop'}];

async function scenario(servers) {
  const res = await fetch(`${servers['fake-llm']}/__scenarios`, {method: 'POST', headers: {'content-type': 'application/json'}, body: JSON.stringify({name: 'e2e sign-in', turns})});
  assert.equal(res.status, 201, await res.clone().text());
  return (await res.json()).base;
}

const query = (base, notesUrl) =>
  new URLSearchParams({build: 'es', endpoint: base, servers: JSON.stringify([['notes', notesUrl]]), oauthCallback: '/dist/oauth-callback.html'});

/** Waits for the run to end with whoami answered, from the page's event log. */
const answered = (page) =>
  page.waitForFunction(
    () => window.__e2e?.events.some((e) => e.type === 'autoui-tool-call' && e.detail.tool === 'whoami' && String(e.detail.result).includes('demo-user')) && window.__e2e.events.some((e) => e.type === 'autoui-run-end'),
    null,
    {timeout: 20_000},
  );

export const cases = [
  {
    name: 'popups blocked: the page goes to sign in and comes back; the question is answered',
    async run({context, baseUrl, servers}) {
      const base = await scenario(servers);
      // A browser that blocks the popup: window.open gives no window.
      await context.addInitScript(() => (window.open = () => null));
      const page = await context.newPage();
      await page.goto(`${baseUrl}/test/e2e/pages/agent.html?${query(base, servers['demo-protected'])}`);
      await page.waitForFunction(() => window.__e2e, null, {timeout: 10_000});
      await page.waitForFunction(() => document.querySelector('autoui-agent').session.servers[0]?.state === 'sign-in', null, {timeout: 10_000});
      await page.evaluate(() => window.__e2e.start('Who am I?'));
      const back = page.waitForURL(/agent\.html\?/, {timeout: 15_000, waitUntil: 'load'});
      await page.click('[part="sign-in-button"]');
      // Away to the authorization server (it approves at once here), the callback page, and back.
      await page.waitForURL(/oauth-callback\.html/, {timeout: 15_000});
      await back;
      await page.waitForFunction(() => window.__e2e, null, {timeout: 10_000});
      await answered(page);
      assert.equal(new URL(page.url()).search.includes('code='), false, 'no authorization code left in the address');
    },
  },
  {
    name: 'the consent page in the popup: Allow signs in; the question is answered',
    async run({context, baseUrl, servers}) {
      {
        const base = await scenario(servers);
        const page = await context.newPage();
        await page.goto(`${baseUrl}/test/e2e/pages/agent.html?${query(base, servers['demo-protected-consent'])}`);
        await page.waitForFunction(() => document.querySelector('autoui-agent')?.session.servers[0]?.state === 'sign-in', null, {timeout: 10_000});
        await page.evaluate(() => window.__e2e.start('Who am I?'));
        const popupOpened = context.waitForEvent('page', {timeout: 10_000});
        await page.click('[part="sign-in-button"]');
        const popup = await popupOpened;
        await popup.waitForLoadState();
        assert.match(await popup.textContent('h1'), /Sign in to the Notes server/);
        // The authorization server's page cannot reach or navigate the page that opened it.
        assert.equal(await popup.evaluate(() => window.opener === null), true, 'the sign-in window has an opener');
        await popup.click('button[value="allow"]');
        await answered(page);
        const events = await page.evaluate(() => window.__e2e.events.map((e) => e.type));
        assert.ok(events.includes('autoui-sign-in'));
      }
    },
  },
];
