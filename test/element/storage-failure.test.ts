/**
 * `persist="local"` on a browser whose storage refuses: a notice tells the person, once, and the
 * session goes on in memory with nothing lost. The failure is real: this origin's `autoui-agent`
 * database exists at a later version without the object store the element uses. Its own file, so
 * its page holds no other connection to that database (a delete would wait for them).
 */
import {expect, waitUntil} from '@open-wc/testing';
import {STORAGE_DATABASE} from '../../src/session/snapshot/session-storage.js';
import {EventLog, createScenario, mountAgent, ui} from './harness.js';

const STAT = {name: 'autoui_webmcp_widget_display', input: {name: 'stat-card', params: {label: 'Airports', value: 3376}}};
const statScenario = () => createScenario([{toolCalls: [STAT]}, {match: {lastToolResultIncludes: '"widget"'}, text: 'There are 3,376 airports.'}]);

/** Deletes the database; resolves at once when it is blocked (the delete then ends when the page closes). */
const deleteDatabase = () =>
  new Promise<void>((resolve) => {
    const deleting = indexedDB.deleteDatabase(STORAGE_DATABASE);
    deleting.onsuccess = deleting.onerror = deleting.onblocked = () => resolve();
  });

describe('<autoui-agent persist="local"> when the browser refuses to keep it', () => {
  before(async () => {
    await deleteDatabase();
    await new Promise<void>((resolve, reject) => {
      const open = indexedDB.open(STORAGE_DATABASE, 7);
      open.onupgradeneeded = () => open.result.createObjectStore('something-else');
      open.onsuccess = () => (open.result.close(), resolve());
      open.onerror = () => reject(open.error);
    });
  });
  after(deleteDatabase);

  it('tells the person when the browser refuses to keep the session, and loses nothing in memory', async () => {
    const agent = await mountAgent(await statScenario(), {attributes: {lang: 'en', persist: 'local', id: 'refused'}});
    const log = new EventLog(agent);
    const result = await agent.ask('How many airports?');
    expect(result.stopReason).to.equal('end_turn');
    await waitUntil(() => ui(agent).notices().some((n) => n.startsWith('Not kept in this browser')), 'no storage notice', {timeout: 5000});
    expect(agent.widgets.map((w) => w.type)).to.deep.equal(['stat-card']);
    expect(ui(agent).answers()).to.deep.equal(['There are 3,376 airports.']);
    expect(log.of('autoui-error')).to.deep.equal([], 'a storage failure is a notice, not an error');
    // One notice, however many saves fail after it.
    agent.session.widgets.move(agent.widgets[0].id, 10, 10);
    await new Promise((r) => setTimeout(r, 700));
    expect(ui(agent).notices().filter((n) => n.startsWith('Not kept'))).to.have.length(1);
  });
});
