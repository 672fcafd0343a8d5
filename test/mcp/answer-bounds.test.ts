/**
 * The limits of one message a server sends, applied before the MCP SDK reads it: real servers
 * over HTTP (`mcp-big-results`, `mcp-elicits`) in both protocol eras, and the event-stream
 * transform on its own with streams cut at every awkward place.
 */
import {expect} from '@open-wc/testing';
import {createParser, type EventSourceMessage} from 'eventsource-parser';
import {boundAnswer} from '../../src/mcp/answer-bounds.js';
import {MAX_MESSAGE_CHARS, STRUCTURED_CONTENT_LIMITS} from '../../src/mcp/answer-limits.js';
import type {ElicitationRequest} from '../../src/mcp/mcp-types.js';
import {closeAll, connect, originOf, rejection, toolContext} from './mcp-test-kit.js';

describe('a server answer over the limits of one message', function () {
  this.timeout(120_000);
  afterEach(closeAll);

  it('a 12 MB tool result ends the call as TOOL_FAILED with the sizes, and the next call works', async () => {
    const {layer} = await connect('mcp-big-results');
    const error = await rejection(layer.execute!('big_result', {chars: 12_000_000}, toolContext()));
    expect(error.code).to.equal('TOOL_FAILED');
    expect(error.message).to.contain('too large').and.contain('12 MB').and.contain('up to 4 MB');
    const next = await layer.execute!('big_result', {chars: 2_000_000, parts: 3}, toolContext());
    expect(next.isError ?? false).to.equal(false);
  });

  it('structured content of 16,000 keys ends as TOOL_FAILED naming the count; 400 keys pass', async () => {
    const {layer} = await connect('mcp-big-results');
    const error = await rejection(layer.execute!('big_result', {chars: 10, keys: 16_000}, toolContext()));
    expect(error.code).to.equal('TOOL_FAILED');
    expect(error.message).to.contain('16,000 keys').and.contain(`up to ${STRUCTURED_CONTENT_LIMITS.keys.toLocaleString('en')}`);
    const fine = await layer.execute!('big_result', {chars: 10, keys: 400}, toolContext());
    expect(fine.isError ?? false).to.equal(false);
  });

  for (const protocol of ['2025-11-25', '2026-07-28'] as const) {
    it(`a question of 4,000 fields never reaches the person and the call ends (${protocol})`, async () => {
      const asked: ElicitationRequest[] = [];
      const {layer} = await connect('mcp-elicits', {protocol, elicit: async (request) => (asked.push(request), {action: 'decline'})});
      const post = async (id: string, fields: number) => {
        const properties = Object.fromEntries(Array.from({length: fields}, (_, i) => [`f${i}`, {type: 'string'}]));
        const response = await fetch(`${originOf('mcp-elicits')}/question?id=${id}`, {method: 'POST', body: JSON.stringify({message: 'Q', requestedSchema: {type: 'object', properties}})});
        expect(response.status).to.equal(204);
      };
      const id = `bounds-${protocol}-${Date.now()}`;
      await post(id, 4_000);
      // 2025: the server's request is refused (the server's tool then fails); 2026: the call's
      // "input required" answer is over the limit, so the call itself fails. Either way it ends.
      const outcome = await layer.execute!('ask_posted', {id}, toolContext()).then(
        (out) => out.text,
        (error: Error) => error.message,
      );
      expect(outcome).to.match(/4,000 keys/);
      expect(asked).to.have.length(0);
      // A small question on the same connection still reaches the person.
      await post(`${id}-small`, 2);
      expect((await layer.execute!('ask_posted', {id: `${id}-small`}, toolContext())).text).to.contain('decline');
      expect(asked).to.have.length(1);
    });
  }
});

/** An event-stream answer whose body arrives as `chunks`. */
const stream = (chunks: string[]) =>
  new Response(new ReadableStream({start: (c) => (chunks.forEach((s) => c.enqueue(new TextEncoder().encode(s))), c.close())}), {headers: {'content-type': 'text/event-stream'}});

/** The data of each event the SDK would read from `response`. */
async function events(response: Response): Promise<string[]> {
  return (await response.text())
    .split(/\r?\n\r?\n/)
    .map((e) => e.split(/\r?\n/).filter((l) => l.startsWith('data:')))
    .filter((lines) => lines.length > 0)
    .map((lines) => lines.map((l) => l.replace(/^data: ?/, '')).join('\n'));
}

describe('the event-stream bound', () => {
  it('passes a long stream of small events untouched, however it is cut into chunks', async () => {
    const messages = Array.from({length: 300}, (_, i) => JSON.stringify({jsonrpc: '2.0', method: 'notifications/progress', params: {progressToken: 1, progress: i, message: 'é step'}}));
    const text = messages.map((m, i) => `event: message\r\nid: ${i}\r\ndata: ${m}\r\n\r\n`).join('') + `: comment\n\ndata: ${JSON.stringify({jsonrpc: '2.0', id: 7, result: {}})}\n\n`;
    for (const size of [1, 7, 4096]) {
      const chunks = Array.from({length: Math.ceil(text.length / size)}, (_, i) => text.slice(i * size, (i + 1) * size));
      expect(await events(boundAnswer(stream(chunks), 7))).to.deep.equal([...messages, JSON.stringify({jsonrpc: '2.0', id: 7, result: {}})]);
    }
  });

  it("keeps a resumable stream's priming event (an id and an empty data line), so the SDK can resume from its id", async () => {
    // As the conformance scenario sse-retry sends it; the SDK reads events with eventsource-parser.
    const text = `id: event-2\nretry: 500\ndata: \n\nid: event-3\ndata: ${JSON.stringify({jsonrpc: '2.0', id: 7, result: {}})}\n\n`;
    // Cut anywhere by the network: inside a field's name, its value, or the empty data line.
    for (const cut of [1, 9, 14, 23, 27]) {
      const seen: EventSourceMessage[] = [];
      const retries: number[] = [];
      const parser = createParser({onEvent: (event) => seen.push(event), onRetry: (ms) => retries.push(ms)});
      parser.feed(await boundAnswer(stream([text.slice(0, cut), text.slice(cut)]), 7).text());
      expect(seen.map((e) => e.id), `cut at ${cut}`).to.deep.equal(['event-2', 'event-3']);
      expect(seen[0].data).to.equal('');
      expect(retries).to.deep.equal([500]);
    }
  });

  it('replaces one oversize answer by an error answer to our request, keeping the events around it', async () => {
    const progress = JSON.stringify({jsonrpc: '2.0', method: 'notifications/progress', params: {progressToken: 1, progress: 1}});
    const big = `{"result":{"content":[{"type":"text","text":"${'x'.repeat(MAX_MESSAGE_CHARS)}"}]},"jsonrpc":"2.0","id":"abc"}`;
    const chunks = [`data: ${progress}\n\ndata: `, ...Array.from({length: Math.ceil(big.length / 65_536)}, (_, i) => big.slice(i * 65_536, (i + 1) * 65_536)), '\n\n'];
    const [first, second, ...rest] = await events(boundAnswer(stream(chunks), 'mine'));
    expect(first).to.equal(progress);
    expect(rest).to.deep.equal([]);
    const error = JSON.parse(second!) as {id: unknown; error: {message: string}};
    // The answer's own id (at its end) is read; the words give both sizes.
    expect(error.id).to.equal('abc');
    expect(error.error.message).to.contain('too large: 4 MB').and.contain('up to 4 MB');
  });

  it('refuses a short question of many keys (3 kB, 600 fields): the key limit, not only the size', async () => {
    const properties = Object.fromEntries(Array.from({length: 600}, (_, i) => [i.toString(36), 0]));
    const text = JSON.stringify({jsonrpc: '2.0', id: 5, method: 'elicitation/create', params: {message: 'Hi', requestedSchema: {type: 'object', properties}}});
    const [request] = await events(boundAnswer(stream([`data: ${text}\n\n`]), 9));
    expect(JSON.parse(request!).params.reason).to.contain('600 keys');
  });

  it("lets a tool's structured data be wide and long (a series of 4,000 days, 5,000 rows of 20 columns), but not without bound", async () => {
    const days = Object.fromEntries(Array.from({length: 4_000}, (_, i) => [`d${i}`, i]));
    const rows = Array.from({length: 5_000}, (_, r) => Object.fromEntries(Array.from({length: 20}, (_, c) => [`c${c}`, r * c])));
    const text = JSON.stringify({jsonrpc: '2.0', id: 6, result: {content: [], structuredContent: {days, rows}}});
    const [answer] = await events(boundAnswer(stream([`data: ${text}\n\n`]), 6));
    expect(answer).to.equal(text);
    const tooMany = JSON.stringify({jsonrpc: '2.0', id: 7, result: {content: [], structuredContent: {rows: [...rows, ...rows]}}});
    const [refused] = await events(boundAnswer(stream([`data: ${tooMany}\n\n`]), 7));
    expect(JSON.parse(refused!).error.message).to.contain('more than 200,000 values');
  });

  it('replaces an oversize JSON answer by an error answer to our request', async () => {
    const big = JSON.stringify({jsonrpc: '2.0', id: 3, result: {content: [{type: 'text', text: 'y'.repeat(MAX_MESSAGE_CHARS + 10)}]}});
    const response = boundAnswer(new Response(big, {headers: {'content-type': 'application/json'}}), 3);
    const answer = (await response.json()) as {id: unknown; error: {message: string}};
    expect(answer.id).to.equal(3);
    expect(answer.error.message).to.contain('too large');
  });
});
