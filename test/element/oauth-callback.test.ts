/**
 * The OAuth callback page (src/oauth/oauth-callback.html and .ts), driven for real: opened in a
 * popup by this page (the opener path), loaded in a frame of this tab (the same-tab fallback, which
 * shares this tab's sessionStorage), and with neither (the BroadcastChannel path). The page is
 * served from test/fixtures/oauth/, a byte-for-byte copy of the shipped page beside a module that
 * loads the helper's source, as the build's oauth-callback.js would.
 */
import {expect, waitUntil} from '@open-wc/testing';

const PAGE = '/test/fixtures/oauth/oauth-callback.html';
const RETURN = '/test/fixtures/oauth/return.html';
const answer = 'code=c0de&state=st4te&iss=https%3A%2F%2Fauth.example.org';
/** The authorization server's redirect: the five parameters, and one the helper must not pass on. */
const redirect = `${PAGE}?${answer}&extra=leak`;

const frames: HTMLIFrameElement[] = [];
afterEach(() => {
  for (const frame of frames.splice(0)) frame.remove();
  sessionStorage.removeItem('autoui-oauth-return');
  sessionStorage.removeItem('autoui-oauth-callback');
});

/** Loads `url` in a frame of this tab (no opener; this tab's sessionStorage). */
async function inFrame(url: string): Promise<HTMLIFrameElement> {
  const frame = document.createElement('iframe');
  frames.push(frame);
  const loaded = new Promise((r) => frame.addEventListener('load', r, {once: true}));
  frame.src = url;
  document.body.append(frame);
  await loaded;
  return frame;
}

describe('OAuth callback page', () => {
  it('is the shipped page, unchanged (the test serves a copy beside the helper\'s source)', async () => {
    const [shipped, served] = await Promise.all([fetch('/src/oauth/oauth-callback.html'), fetch(PAGE)].map(async (r) => (await r).text()));
    expect(served).to.equal(shipped);
    expect(shipped).to.contain('<script type="module" src="./oauth-callback.js"></script>').and.not.match(/<script>|<script type="module">|<style|\son[a-z]+=/);
  });

  it('popup: posts the answer to its opener, to this origin only, and closes itself', async () => {
    const received: MessageEvent[] = [];
    const onMessage = (event: MessageEvent) => received.push(event);
    window.addEventListener('message', onMessage);
    try {
      const popup = window.open(redirect, 'autoui-sign-in-test', 'popup,width=400,height=400');
      expect(popup, 'the test browser opened the popup').to.not.equal(null);
      await waitUntil(() => received.length > 0, 'no message from the callback page', {timeout: 5000});
      const [event] = received;
      expect(event.source === popup, 'from the popup').to.equal(true);
      expect(event.origin).to.equal(location.origin);
      expect(event.data).to.deep.equal({type: 'autoui-oauth-callback', params: answer});
      await waitUntil(() => popup!.closed, 'the popup did not close', {timeout: 5000});
      expect(sessionStorage.getItem('autoui-oauth-callback'), 'nothing kept for a same-tab return').to.equal(null);
    } finally {
      window.removeEventListener('message', onMessage);
    }
  });

  it('same-tab fallback: keeps the answer in sessionStorage and goes back to the saved address, replacing itself', async () => {
    const back = new URL(`${RETURN}?question=1#top`, location.href).href;
    sessionStorage.setItem('autoui-oauth-return', back);
    const frame = document.createElement('iframe');
    frames.push(frame);
    frame.src = redirect;
    document.body.append(frame);
    await waitUntil(() => frame.contentWindow?.location.pathname === RETURN, 'the frame did not go back', {timeout: 5000});
    expect(frame.contentWindow!.location.href).to.equal(back);
    expect(sessionStorage.getItem('autoui-oauth-callback')).to.equal(answer);
    expect(sessionStorage.getItem('autoui-oauth-return'), 'used once').to.equal(null);
  });

  it('same-tab fallback to another origin: goes nowhere, keeps nothing, says so in plain text', async () => {
    sessionStorage.setItem('autoui-oauth-return', 'https://elsewhere.example/steal');
    const frame = await inFrame(redirect);
    await waitUntil(() => frame.contentDocument?.body.textContent?.includes('cannot return'), 'no message', {timeout: 5000});
    const doc = frame.contentDocument!;
    expect(doc.body.textContent).to.equal('The sign-in cannot return to the page that asked for it. Go back to it and try again.');
    expect(doc.body.children.length, 'plain text').to.equal(0);
    expect(frame.contentWindow!.location.pathname).to.equal(PAGE);
    expect(frame.contentWindow!.location.search, 'the code left the address bar').to.equal('');
    expect(sessionStorage.getItem('autoui-oauth-callback')).to.equal(null);
  });

  it('opener cut off (Cross-Origin-Opener-Policy) and no saved address: the answer goes on the autoui-oauth channel', async () => {
    const channel = new BroadcastChannel('autoui-oauth');
    const heard: unknown[] = [];
    channel.onmessage = (event) => heard.push(event.data);
    try {
      const frame = await inFrame(redirect);
      await waitUntil(() => heard.length > 0, 'nothing on the channel', {timeout: 5000});
      expect(heard).to.deep.equal([{type: 'autoui-oauth-callback', params: answer}]);
      expect(frame.contentDocument!.body.textContent).to.equal('Signing you in… you can close this window.');
      expect(frame.contentWindow!.location.search).to.equal('');
      expect(sessionStorage.getItem('autoui-oauth-callback')).to.equal(null);
    } finally {
      channel.close();
    }
  });

  it('an error response is passed on the same way (the card then shows why)', async () => {
    const channel = new BroadcastChannel('autoui-oauth');
    const heard: Array<{params: string}> = [];
    channel.onmessage = (event) => heard.push(event.data);
    try {
      await inFrame(`${PAGE}?error=access_denied&error_description=The+user+said+no&state=st4te`);
      await waitUntil(() => heard.length > 0, 'nothing on the channel', {timeout: 5000});
      const params = new URLSearchParams(heard[0].params);
      expect(Object.fromEntries(params)).to.deep.equal({state: 'st4te', error: 'access_denied', error_description: 'The user said no'});
    } finally {
      channel.close();
    }
  });
});
