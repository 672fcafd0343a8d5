/** The fake LLM server for browser and end-to-end tests (see test/fake-llm/fake-llm-server.mjs). */
import {startFakeLlmServer} from '../fake-llm/fake-llm-server.mjs';

/** Key of this server in `SERVERS`. */
export const name = 'fake-llm';

/** Starts it on a free port. */
export function start() {
  return startFakeLlmServer({port: 0});
}
