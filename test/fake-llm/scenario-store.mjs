/**
 * Scenarios of the fake LLM server, isolated by id so many tests share one server. A scenario is
 * `{name, turns: [{match?, text?, toolCalls?, finish?, usage?, chunkDelayMs?, fragmentSize?, stampSendTime?, fault?, raw?}]}`; a
 * request gets the first unused turn whose `match` holds. Every request is recorded.
 */
import {readFileSync, existsSync} from 'node:fs';
import {fileURLToPath} from 'node:url';
import {matches} from './request-view.mjs';

const SCENARIO_DIR = fileURLToPath(new URL('./scenarios/', import.meta.url));
/** The demo's recorded replays (demo/replay/) are scenarios too. */
const REPLAY_DIR = fileURLToPath(new URL('../../demo/replay/', import.meta.url));

/** Loads `<name>.json` from test/fake-llm/scenarios/ or demo/replay/; throws with a clear message when missing. */
export function loadScenarioFile(name) {
  if (!/^[A-Za-z0-9_-]+$/.test(String(name))) throw new Error(`invalid scenario file name "${name}"`);
  const path = [SCENARIO_DIR, REPLAY_DIR].map((dir) => `${dir}${name}.json`).find((p) => existsSync(p));
  if (!path) throw new Error(`no scenario file ${name}.json in test/fake-llm/scenarios/ or demo/replay/`);
  return JSON.parse(readFileSync(path, 'utf8'));
}

/** Throws when `scenario` is not a usable scenario. */
export function checkScenario(scenario) {
  if (!scenario || typeof scenario !== 'object' || !Array.isArray(scenario.turns)) throw new Error('a scenario needs a "turns" array');
  scenario.turns.forEach((t, i) => {
    if (!t || typeof t !== 'object') throw new Error(`turns[${i}] must be an object`);
    for (const c of t.toolCalls ?? []) if (typeof c?.name !== 'string') throw new Error(`turns[${i}].toolCalls: every call needs a "name"`);
  });
}

/** In-memory scenarios with their request logs. */
export class ScenarioStore {
  #scenarios = new Map();
  #next = 0;

  /** Registers a scenario (or `{file}`) and returns its id. */
  add(input) {
    const scenario = input?.file ? {...loadScenarioFile(input.file), ...withoutFile(input)} : input;
    checkScenario(scenario);
    const id = `${++this.#next}${Math.random().toString(36).slice(2, 6)}`;
    this.#scenarios.set(id, {scenario, used: new Set(), faultsServed: new Map(), requests: []});
    return id;
  }

  /** The state of scenario `id`, or undefined. */
  get(id) {
    return this.#scenarios.get(id);
  }

  /**
   * Picks the turn for a request and says whether its fault applies now. A turn with a failing
   * fault answers it every time (or `failTimes` times, then normally); it is used up only when
   * answered normally.
   * @returns {{turn: any, index: number, faulty: boolean}|undefined}
   */
  pick(state, view) {
    const index = state.scenario.turns.findIndex((t, i) => !state.used.has(i) && matches(t.match, view));
    if (index < 0) return undefined;
    const turn = state.scenario.turns[index];
    const served = state.faultsServed.get(index) ?? 0;
    const failing = isFailing(turn.fault);
    const faulty = failing && (turn.fault.failTimes === undefined || served < turn.fault.failTimes);
    if (faulty) state.faultsServed.set(index, served + 1);
    if (!faulty) state.used.add(index);
    return {turn, index, faulty};
  }
}

/** True when the fault makes the answer fail (a delay alone does not). */
function isFailing(fault) {
  return !!fault && (fault.status !== undefined || fault.cutAfterBytes !== undefined || fault.cutAfterFrames !== undefined || fault.stall !== undefined || fault.errorEventAfter !== undefined);
}

function withoutFile({file: _file, ...rest}) {
  return rest;
}
