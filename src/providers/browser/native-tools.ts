/**
 * The Prompt API's own tool use, where the browser has it. There the browser calls a tool's
 * `execute` itself in the middle of a prompt and feeds the result back to its model; here the
 * agent loop runs every call (validation, approval, the page's veto), so `execute` only records
 * the call: the prompt is then stopped and the calls end the turn, as a wire model's would. The
 * next turn gives the results back in the history. Detected, not assumed: a browser that does not
 * know the `tool-call` output type rejects it (a TypeError) or says it is unavailable.
 */
import type {ProviderTool} from '../language-model.js';
import type {PromptApi, PromptApiCreateOptions, PromptApiExpected, PromptApiTool} from './prompt-api.js';

/** A call the model asked for, as `execute` received it. */
export interface NativeCall {
  name: string;
  input: unknown;
}

/** The expected inputs and outputs of a session with tools: text, calls out and results in. */
export function withToolTypes(expected: {expectedInputs: PromptApiExpected[]; expectedOutputs: PromptApiExpected[]}) {
  return {
    expectedInputs: [...expected.expectedInputs, {type: 'tool-response' as const}],
    expectedOutputs: [...expected.expectedOutputs, {type: 'tool-call' as const}],
  };
}

/** True when the browser's model can use tools itself. */
export async function hasNativeTools(api: PromptApi, expected: Pick<PromptApiCreateOptions, 'expectedInputs' | 'expectedOutputs'>): Promise<boolean> {
  try {
    return (await api.availability(withToolTypes({expectedInputs: expected.expectedInputs ?? [], expectedOutputs: expected.expectedOutputs ?? []}))) !== 'unavailable';
  } catch {
    // A browser without tool use does not know the `tool-call` type: WebIDL rejects the enum value.
    return false;
  }
}

/** The calls of one prompt: the tools to hand to `create`, and a promise of the calls once the model made them. */
export class NativeCalls {
  readonly calls: NativeCall[] = [];
  readonly #made: Promise<void>;
  #resolve!: () => void;

  constructor() {
    this.#made = new Promise<void>((resolve) => (this.#resolve = resolve));
  }

  /** Resolves once the model called a tool, after the calls it makes at the same moment (the model may call several at once). */
  get made(): Promise<void> {
    return this.#made;
  }

  /** `tools` as the Prompt API takes them, each recording its calls. */
  toolsFor(tools: readonly ProviderTool[]): PromptApiTool[] {
    return tools.map((tool) => ({
      name: tool.name,
      description: tool.description,
      inputSchema: tool.input_schema as object,
      execute: (input: unknown) => {
        this.calls.push({name: tool.name, input});
        // The model calls concurrent tools in one go: the turn ends once they all are in, a task later.
        if (this.calls.length === 1) setTimeout(this.#resolve, 0);
        // Never settles: the loop runs the call, and the prompt that waits for it is stopped.
        return new Promise<string>(() => {});
      },
    }));
  }
}
