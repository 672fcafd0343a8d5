/**
 * Two ways the AG-UI servers' checks read a run: the raw SSE events as sent (every byte, even
 * those a client would refuse), and the official client's view (`@ag-ui/client`'s HttpAgent:
 * its verification, chunk expansion, message and state bookkeeping).
 */
import {HttpAgent} from '@ag-ui/client';
import {createParser} from 'eventsource-parser';

/** A RunAgentInput with defaults for what a check does not care about. */
export function runInput({threadId = `t-${Math.random().toString(36).slice(2)}`, runId = `r-${Math.random().toString(36).slice(2)}`, messages = [{id: 'u1', role: 'user', content: 'Hello?'}], tools = [], state = {}, resume} = {}) {
  return {threadId, runId, messages, tools, context: [], state, forwardedProps: {}, ...(resume ? {resume} : {})};
}

/**
 * POSTs `input` and reads the answer as raw SSE data objects (a line that is not JSON is kept as
 * `{unparsed: text}`).
 * @returns {Promise<{status: number, headers: Headers, events: any[], error?: Error}>}
 */
export async function rawRun(url, input, init = {}) {
  const res = await fetch(url, {method: 'POST', ...init, headers: {'content-type': 'application/json', accept: 'text/event-stream', ...init.headers}, body: JSON.stringify(input)});
  const events = [];
  const parser = createParser({
    onEvent: ({data}) => {
      try {
        events.push(JSON.parse(data));
      } catch {
        events.push({unparsed: data});
      }
    },
  });
  const decoder = new TextDecoder();
  let error;
  try {
    for await (const chunk of res.body) parser.feed(decoder.decode(chunk, {stream: true}));
  } catch (e) {
    error = e;
  }
  return {status: res.status, headers: res.headers, events, error};
}

/** The tool the page offers for widgets, as the runner names it (namespaced like the loop's tools). */
export const DISPLAY_TOOL = {
  name: 'autoui_webmcp_widget_display',
  description: 'Shows a widget on the page.',
  parameters: {type: 'object', properties: {name: {type: 'string'}, params: {type: 'object'}}, required: ['name']},
};

/**
 * One run through the official client. `agent` carries the thread between runs (its messages and
 * state); pass the previous result's agent to continue.
 * @returns {Promise<{agent: HttpAgent, events: any[], error?: Error}>}
 */
export async function clientRun(url, {agent, messages, tools = [DISPLAY_TOOL], state, resume, threadId} = {}) {
  agent ??= new HttpAgent({url, threadId: threadId ?? `t-${Math.random().toString(36).slice(2)}`, initialMessages: messages ?? [{id: 'u1', role: 'user', content: 'Hello?'}], initialState: state ?? {}});
  const events = [];
  let error;
  try {
    await agent.runAgent({tools, ...(resume ? {resume} : {})}, {onEvent: ({event}) => void events.push(event)});
  } catch (e) {
    error = e;
  }
  return {agent, events, error};
}

/** The text of the agent's assistant messages, joined. */
export function assistantText(agent) {
  return agent.messages.filter((m) => m.role === 'assistant' && typeof m.content === 'string').map((m) => m.content).join(' | ');
}
