/**
 * The scenarios of the scripted AG-UI server (test/servers/agui-scripted.mjs, whose header lists
 * them for test authors). Each is `async (run) => void`, writing events through a `ScriptedRun`
 * (below in agui-scripted.mjs): `run.start()`, `run.send(event)`, `run.text(id, text)`,
 * `run.raw(bytes)`, `run.finish(extra)`, `run.cut()`. Scenarios are stateless: which step of a
 * multi-run exchange this is (a frontend tool's result sent back, an interrupt answered) is read
 * from the run's input, as a real agent reads its thread.
 */
import {EventType as E} from '@ag-ui/core';

/** Ids of frontend tool calls this server makes start with this, so their results are found in the input. */
const FRONTEND_CALL = 'fe-';

/** A valid `widget_display` call per widget (query `widget=`): a chart by default. */
export const VALID_WIDGET_ARGS = {
  chart: {name: 'chart', params: {type: 'bar', title: 'Sales', labels: ['Q1', 'Q2', 'Q3'], datasets: [{label: 'Sales', data: [3, 5, 2]}]}},
  stat: {name: 'stat', params: {label: 'Users', value: 3}},
};

/** Arguments the widget's schema refuses (`datasets` must be a list), for the invalid-args scenario. */
export const INVALID_WIDGET_ARGS = {name: 'chart', params: {type: 'bar', labels: ['Q1'], datasets: 'not a list'}};

/** What `every-event` leaves as the agent's state (STATE_SNAPSHOT then STATE_DELTA). */
export const EVERY_EVENT_FINAL_STATE = {counter: 2, items: ['alpha']};

/** The tool results (role `tool`) of the input for this server's frontend calls, oldest first. */
function frontendResults(input) {
  return (input.messages ?? []).filter((m) => m.role === 'tool' && String(m.toolCallId ?? '').startsWith(FRONTEND_CALL));
}

/** A tool result's content as text (AG-UI allows a string or content parts). */
function contentText(content) {
  return typeof content === 'string' ? content : JSON.stringify(content ?? '');
}

/** The offered frontend tool whose name is `widget_display`, bare or namespaced (`…_widget_display`). */
function offeredDisplayTool(input) {
  return (input.tools ?? []).find((t) => t.name === 'widget_display' || String(t.name).endsWith('_widget_display'));
}

/** Sends one tool call in pieces (ARGS deltas of 16 characters), as a model streams it. */
function toolCall(run, id, name, argsJson, parentMessageId) {
  run.send({type: E.TOOL_CALL_START, toolCallId: id, toolCallName: name, ...(parentMessageId ? {parentMessageId} : {})});
  for (let i = 0; i < argsJson.length; i += 16) run.send({type: E.TOOL_CALL_ARGS, toolCallId: id, delta: argsJson.slice(i, i + 16)});
  run.send({type: E.TOOL_CALL_END, toolCallId: id});
}

/** Calls the page's widget_display with `args` (or RUN_ERROR when the page offered none); ends the run. */
function callDisplay(run, args, say) {
  const tool = offeredDisplayTool(run.input);
  if (!tool) return run.error(`No frontend widget_display tool was offered (tools: ${(run.input.tools ?? []).map((t) => t.name).join(', ') || 'none'}).`, 'NO_FRONTEND_TOOL');
  const id = `${FRONTEND_CALL}${run.input.runId}`;
  const messageId = run.id('say');
  run.text(messageId, say);
  toolCall(run, id, tool.name, typeof args === 'string' ? args : JSON.stringify(args), messageId);
  run.finish({outcome: {type: 'success', pendingToolCallIds: [id]}});
}

/** @type {Record<string, (run: any) => Promise<void> | void>} */
export const SCENARIOS = {
  text(run) {
    run.start();
    run.text(run.id('answer'), `You asked: ${run.lastUserText() || '(nothing)'}. This answer comes from the scripted AG-UI agent.`);
    run.finish();
  },

  'server-tool'(run) {
    run.start();
    const say = run.id('say');
    run.text(say, 'Looking up the weather.');
    toolCall(run, 'tc-weather', 'lookup_weather', JSON.stringify({city: 'Paris'}), say);
    run.send({type: E.TOOL_CALL_RESULT, messageId: run.id('result'), toolCallId: 'tc-weather', content: JSON.stringify({city: 'Paris', tempC: 21}), role: 'tool'});
    run.text(run.id('answer'), 'It is 21 °C in Paris.');
    run.finish();
  },

  'every-event'(run) {
    run.start();
    run.send({type: E.MESSAGES_SNAPSHOT, messages: [...(run.input.messages ?? []), {id: 'snap-earlier', role: 'assistant', content: 'An earlier answer, restored.'}]});
    run.send({type: E.STATE_SNAPSHOT, snapshot: {counter: 1, items: []}});
    run.send({type: E.STEP_STARTED, stepName: 'plan'});
    run.send({type: E.REASONING_START, messageId: 'r1'});
    run.send({type: E.REASONING_MESSAGE_START, messageId: 'r1', role: 'reasoning'});
    run.send({type: E.REASONING_MESSAGE_CONTENT, messageId: 'r1', delta: 'Thinking about it.'});
    run.send({type: E.REASONING_MESSAGE_END, messageId: 'r1'});
    run.send({type: E.REASONING_MESSAGE_CHUNK, messageId: 'r2', delta: ' More thought.'});
    run.send({type: E.REASONING_ENCRYPTED_VALUE, subtype: 'message', entityId: 'r1', encryptedValue: 'opaque-ciphertext'});
    run.send({type: E.REASONING_END, messageId: 'r1'});
    run.send({type: E.STEP_FINISHED, stepName: 'plan'});
    run.send({type: E.STATE_DELTA, delta: [{op: 'replace', path: '/counter', value: 2}, {op: 'add', path: '/items/-', value: 'alpha'}]});
    toolCall(run, 'tc-weather', 'lookup_weather', JSON.stringify({city: 'Paris'}));
    run.send({type: E.TOOL_CALL_RESULT, messageId: 'res-weather', toolCallId: 'tc-weather', content: JSON.stringify({tempC: 21}), role: 'tool'});
    run.send({type: E.TOOL_CALL_CHUNK, toolCallId: 'tc-time', toolCallName: 'server_time', delta: JSON.stringify({zone: 'UTC'})});
    run.send({type: E.TOOL_CALL_RESULT, messageId: 'res-time', toolCallId: 'tc-time', content: '12:00', role: 'tool'});
    run.send({type: E.ACTIVITY_SNAPSHOT, messageId: 'act-1', activityType: 'progress', content: {percent: 50}});
    run.send({type: E.ACTIVITY_DELTA, messageId: 'act-1', activityType: 'progress', patch: [{op: 'replace', path: '/percent', value: 100}]});
    run.send({type: E.SUBAGENT_STARTED, subagentRunId: 'sub-1', name: 'researcher'});
    run.send({type: E.SUBAGENT_FINISHED, subagentRunId: 'sub-1', outcome: {type: 'success'}});
    run.send({type: E.SUBAGENT_STARTED, subagentRunId: 'sub-2', name: 'checker'});
    run.send({type: E.SUBAGENT_ERROR, subagentRunId: 'sub-2', message: 'The checker failed.'});
    run.send({type: E.RAW, event: {vendor: 'scripted', detail: 1}, source: 'scripted'});
    run.send({type: E.CUSTOM, name: 'scripted.note', value: {n: 1}});
    run.text('m1', 'Every event was sent.');
    run.send({type: E.TEXT_MESSAGE_CHUNK, messageId: 'm2', role: 'assistant', delta: 'A chunked '});
    run.send({type: E.TEXT_MESSAGE_CHUNK, messageId: 'm2', delta: 'message.'});
    run.finish();
  },

  interleaved(run) {
    run.start();
    const [a, b] = ['ma', 'mb'];
    run.send({type: E.TEXT_MESSAGE_START, messageId: a, role: 'assistant'});
    run.send({type: E.TEXT_MESSAGE_START, messageId: b, role: 'assistant'});
    run.send({type: E.TEXT_MESSAGE_CONTENT, messageId: a, delta: 'First '});
    run.send({type: E.TEXT_MESSAGE_CONTENT, messageId: b, delta: 'Second '});
    run.send({type: E.TOOL_CALL_START, toolCallId: 'tc-mix', toolCallName: 'lookup_weather', parentMessageId: b});
    run.send({type: E.TEXT_MESSAGE_CONTENT, messageId: a, delta: 'message.'});
    run.send({type: E.TOOL_CALL_ARGS, toolCallId: 'tc-mix', delta: '{"city":"Oslo"}'});
    run.send({type: E.TEXT_MESSAGE_CONTENT, messageId: b, delta: 'message.'});
    run.send({type: E.TOOL_CALL_END, toolCallId: 'tc-mix'});
    run.send({type: E.TEXT_MESSAGE_END, messageId: a});
    run.send({type: E.TEXT_MESSAGE_END, messageId: b});
    run.send({type: E.TOOL_CALL_RESULT, messageId: 'res-mix', toolCallId: 'tc-mix', content: '{"tempC":4}', role: 'tool'});
    run.finish();
  },

  'frontend-tool'(run) {
    run.start();
    const [result] = frontendResults(run.input);
    if (result) {
      run.text(run.id('answer'), `The page answered: ${contentText(result.content).slice(0, 300)}`);
      return run.finish();
    }
    callDisplay(run, VALID_WIDGET_ARGS[run.query.get('widget') ?? 'chart'] ?? VALID_WIDGET_ARGS.chart, 'Let me draw that.');
  },

  'invalid-args'(run) {
    run.start();
    const results = frontendResults(run.input);
    if (results.length === 0) {
      const args = run.query.get('args') === 'broken' ? '{"name": "chart", "params": {"type": ' : INVALID_WIDGET_ARGS;
      return callDisplay(run, args, 'Drawing it.');
    }
    const first = contentText(results[0].content);
    if (results.length === 1) {
      if (!/error/i.test(first)) {
        run.text(run.id('answer'), `Expected an error for the invalid arguments, got: ${first.slice(0, 300)}`);
        return run.finish();
      }
      return callDisplay(run, VALID_WIDGET_ARGS.chart, 'The arguments were wrong; trying again.');
    }
    run.text(run.id('answer'), `Drawn after fixing the arguments: ${contentText(results[1].content).slice(0, 300)}`);
    run.finish();
  },

  interrupt(run) {
    run.start();
    const answer = (run.input.resume ?? [])[0];
    if (!answer) {
      const say = run.id('say');
      run.text(say, 'I want to delete the Q3 report. May I?');
      toolCall(run, 'tc-delete', 'delete_report', JSON.stringify({report: 'Q3'}), say);
      const interrupt = {
        id: 'approve-delete', reason: 'tool_approval', message: 'Delete the Q3 report?', toolCallId: 'tc-delete',
        responseSchema: {type: 'object', properties: {approved: {type: 'boolean'}}, required: ['approved']},
      };
      return run.finish({outcome: {type: 'interrupt', interrupts: [interrupt]}});
    }
    if (answer.interruptId !== 'approve-delete') return run.error(`Unknown interrupt "${answer.interruptId}".`, 'UNKNOWN_INTERRUPT');
    const approved = answer.status === 'resolved' && (answer.payload === true || answer.payload?.approved === true);
    if (approved) run.send({type: E.TOOL_CALL_RESULT, messageId: run.id('result'), toolCallId: 'tc-delete', content: '{"deleted":"Q3"}', role: 'tool'});
    run.text(run.id('answer'), approved ? 'Approved: I deleted the Q3 report.' : 'Denied: I left the Q3 report alone.');
    run.finish();
  },

  summary(run) {
    run.start();
    run.text(run.id('long'), 'A long answer, streamed word after word, that the agent then folds into a summary.');
    run.send({
      type: E.MESSAGES_SNAPSHOT,
      messages: [
        {id: 'sum-question', role: 'user', content: 'Summary of our talk so far'},
        {
          id: 'sum-answer',
          role: 'assistant',
          content: `Summary: you asked "${run.lastUserText()}"; I looked up the weather in Rome.`,
          toolCalls: [{id: 'tc-summary', type: 'function', function: {name: 'lookup_weather', arguments: JSON.stringify({city: 'Rome'})}}],
        },
        {id: 'sum-result', role: 'tool', toolCallId: 'tc-summary', content: JSON.stringify({city: 'Rome', tempC: 25})},
      ],
    });
    run.finish();
  },

  state(run) {
    run.start();
    const before = run.input.state && typeof run.input.state === 'object' ? run.input.state : {};
    run.send({type: E.STATE_SNAPSHOT, snapshot: {...before, visits: (Number(before.visits) || 0) + 1, items: ['a']}});
    run.send({type: E.STATE_DELTA, delta: [{op: 'add', path: '/items/-', value: 'b'}, {op: 'add', path: '/status', value: 'done'}]});
    run.text(run.id('answer'), 'State updated.');
    run.finish();
  },

  'run-error'(run) {
    run.start();
    const id = run.id('answer');
    run.send({type: E.TEXT_MESSAGE_START, messageId: id, role: 'assistant'});
    run.send({type: E.TEXT_MESSAGE_CONTENT, messageId: id, delta: 'Partial answer before '});
    run.send({type: E.TEXT_MESSAGE_CONTENT, messageId: id, delta: 'the failure.'});
    run.error('The scripted agent failed mid-stream.', 'SCRIPTED_FAILURE');
  },

  async cut(run) {
    run.start();
    const id = run.id('answer');
    run.send({type: E.TEXT_MESSAGE_START, messageId: id, role: 'assistant'});
    run.send({type: E.TEXT_MESSAGE_CONTENT, messageId: id, delta: 'Streamed before the cut.'});
    await run.cut();
  },

  'unknown-event'(run) {
    run.start();
    const id = run.id('answer');
    run.send({type: E.TEXT_MESSAGE_START, messageId: id, role: 'assistant'});
    run.send({type: E.TEXT_MESSAGE_CONTENT, messageId: id, delta: 'Before the unknown event. '});
    run.raw(`data: ${JSON.stringify({type: 'FUTURE_EVENT', messageId: id, payload: {x: 1}})}\n\n`);
    run.send({type: E.TEXT_MESSAGE_CONTENT, messageId: id, delta: 'After it.'});
    run.send({type: E.TEXT_MESSAGE_END, messageId: id});
    run.finish();
  },

  malformed(run) {
    run.start();
    run.raw('data: {"type": "TEXT_MESSAGE_START", not json\n\n');
    run.end();
  },

  'missing-field'(run) {
    run.start();
    run.send({type: E.TEXT_MESSAGE_START, messageId: 'mf', role: 'assistant'});
    run.raw(`data: ${JSON.stringify({type: 'TEXT_MESSAGE_CONTENT', delta: 'no message id'})}\n\n`);
    run.end();
  },

  'big-delta'(run) {
    run.start();
    const bytes = Math.round(Number(run.query.get('mb') ?? 5) * 1024 * 1024);
    const id = run.id('answer');
    run.send({type: E.TEXT_MESSAGE_START, messageId: id, role: 'assistant'});
    run.send({type: E.TEXT_MESSAGE_CONTENT, messageId: id, delta: `${'0123456789'.repeat(Math.ceil(bytes / 10)).slice(0, bytes - 5)}[end]`});
    run.send({type: E.TEXT_MESSAGE_END, messageId: id});
    run.finish();
  },

  async slow(run) {
    run.start();
    const id = run.id('answer');
    run.send({type: E.TEXT_MESSAGE_START, messageId: id, role: 'assistant'});
    for (let tick = 1; tick <= 600 && !run.closed(); tick++) {
      run.send({type: E.TEXT_MESSAGE_CONTENT, messageId: id, delta: `tick ${tick} `});
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (run.closed()) return;
    run.send({type: E.TEXT_MESSAGE_END, messageId: id});
    run.finish();
  },
};
