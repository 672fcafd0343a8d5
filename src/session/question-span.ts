/**
 * The tracing of one question as the session does it, in the tracing chunk (loaded with
 * OpenTelemetry only when a page traces questions): the tracer of a session's settings, the
 * question's `invoke_agent` span with what it asks, and its end with what the result says.
 */
import type {AgentResult} from '../agent/agent-loop.js';
import type {AgentTracer, TraceSpan} from '../telemetry/agent-tracer.js';
import {createTracer} from '../telemetry/otel-chunk.js';
import type {SpanRecord} from '../telemetry/span-record.js';
import type {SessionSettings} from './session-options.js';

/** The name of the agent in span names and `gen_ai.agent.name`. */
export const AGENT_NAME = 'autoui-agent';

/** The tracer of `settings`; `onTrace` hears each question's spans once its root ended. */
export function questionTracer(settings: SessionSettings, onTrace: (spans: SpanRecord[]) => void): AgentTracer {
  return createTracer({endpoint: settings.telemetry, tracerProvider: settings.tracerProvider, content: settings.telemetryContent === true, onTrace});
}

/** The question's `invoke_agent` span, started at `startTime` (when it was asked). */
export function startQuestionSpan(tracer: AgentTracer, settings: SessionSettings, question: string, startTime: number): TraceSpan {
  const model = settings.model as {provider?: unknown} | undefined;
  return tracer.startQuestion(
    `invoke_agent ${AGENT_NAME}`,
    {
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.agent.name': AGENT_NAME,
      // The site's own agent answers with whatever model it runs: the protocol is what is known.
      'gen_ai.provider.name': settings.agent ? 'ag-ui' : typeof model?.provider === 'string' ? model.provider : undefined,
      'gen_ai.input.messages': settings.telemetryContent ? JSON.stringify([{role: 'user', parts: [{type: 'text', content: question}]}]) : undefined,
    },
    startTime,
  );
}

/** Ends the question's span with what the result says. */
export function endQuestionSpan(span: TraceSpan, result: AgentResult): void {
  span.set({
    'gen_ai.response.model': result.model?.id,
    'gen_ai.usage.input_tokens': result.usage.inputTokens,
    'gen_ai.usage.output_tokens': result.usage.outputTokens,
    'autoui.iterations': result.iterations,
    'autoui.stop_reason': result.stopReason,
    'gen_ai.output.messages': span.content && result.text ? JSON.stringify([{role: 'assistant', parts: [{type: 'text', content: result.text}]}]) : undefined,
  });
  if (result.stopReason === 'error') span.fail(result.error?.code ?? 'error');
  span.end();
}
