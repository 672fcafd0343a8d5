/**
 * The fake of the Prompt API (test/helpers/fake-prompt-api.ts) installed on an end-to-end page as
 * `window.LanguageModel`, before the page's own scripts run: the case bundles this file and adds
 * it as an init script, with the answers to script in `window.__fakeAnswers` and the context window
 * in `window.__fakeContextWindow`. The fake itself is `window.__fakeLanguageModel`.
 */
import {FakePromptApi} from '../../helpers/fake-prompt-api.js';

const fake = new FakePromptApi();
const scripted = globalThis as unknown as {__fakeAnswers?: string[]; __fakeContextWindow?: number; __fakeLanguageModel?: FakePromptApi; LanguageModel?: unknown};
fake.answers.push(...(scripted.__fakeAnswers ?? []));
if (scripted.__fakeContextWindow) fake.contextWindow = scripted.__fakeContextWindow;
scripted.__fakeLanguageModel = fake;
scripted.LanguageModel = fake;
