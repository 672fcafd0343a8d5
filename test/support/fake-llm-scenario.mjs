/**
 * Registers a scenario (scripted turns, or `{file}` for a recorded one) on the fake LLM server
 * (test/fake-llm/) over HTTP, as a page's test would before pointing the element's `endpoint` at it.
 * @param {string} fakeLlmUrl the fake LLM server's URL
 * @param {object} scenario `{name, turns}` or `{file}` (see test/fake-llm/scenario-store.mjs)
 * @returns {Promise<{base: string, received(): Promise<object[]>}>} `base`: the Anthropic endpoint
 *   (`${base}/v1` for OpenAI); `received()`: every request the scenario answered so far
 * @throws when the server refuses the scenario (its message says why)
 */
export async function createFakeLlmScenario(fakeLlmUrl, scenario) {
  const res = await fetch(`${fakeLlmUrl}/__scenarios`, {method: 'POST', headers: {'content-type': 'application/json'}, body: JSON.stringify(scenario)});
  if (res.status !== 201) throw new Error(`the fake LLM refused the scenario (HTTP ${res.status}): ${await res.text()}`);
  const {base} = await res.json();
  return {base, received: () => fetch(`${base}/__requests`).then((r) => r.json())};
}
