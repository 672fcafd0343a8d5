/**
 * Hostile snapshots restored into a mounted `<autoui-agent>` that already shows a widget and a
 * conversation: a generated corpus (wrong formats, script in every string, script-capable and
 * foreign URLs in every URL, huge and deep trees, prototype keys at every level, bad ids, places,
 * sizes and styles, and JavaScript values JSON cannot hold). For every case, as a person or the
 * page would notice: nothing executable is rendered and nothing is fetched from a foreign host,
 * no prototype changes, a refused snapshot leaves the canvas and transcript as they were, an
 * accepted one shows only widgets that validate and lists the others, no restore hangs or fails
 * with anything but an `AutouiError`; and the element still works afterwards.
 *
 * The cases are in hostile-snapshot-corpus.ts. They run one after the other on one element
 * (re-showing the baseline before each) and are batched per `it`; a failure lists every failing
 * case by name.
 */
import {expect, waitUntil} from '@open-wc/testing';
import {AutouiError, ErrorCodes} from '../../src/errors.js';
import type {AutouiAgent} from '../../src/element/autoui-agent.js';
import type {RestoreResult} from '../../src/session/agent-session.js';
import {SNAPSHOT_LIMITS} from '../../src/session/snapshot/snapshot-format.js';
import {STYLE_PROPERTIES} from '../../src/webmcp/style-policy.js';
import {recipeExample} from '../../src/webmcp/recipe.js';
import type {JsonSchema} from '../../src/schema/json-schema.js';
import {createRuntimeValidator, type Validator} from '../../src/schema/validator.js';
import {IMG_PAYLOAD, stringLeaves} from '../widgets/shared/hostile.js';
import {createScenario, ui, widgetsRendered, withTimeout} from './harness.js';
import {canary, foreignRequests, mountHostileAgent, pageErrors, pollution, scanDom} from './page-hazards.js';
import {
  BASELINE,
  type Case,
  DEFAULT_TILE_HOST,
  EVIL,
  type Json,
  definitions,
  example,
  formatCases,
  hugeAndDeepCases,
  javascriptValueCases,
  placeCases,
  prototypeCases,
  registry,
  snap,
  styleCases,
  transcriptCases,
  typeAndIdCases,
  urlCases,
  widget,
  widgetTextCases,
} from './hostile-snapshot-corpus.js';

// ---------------------------------------------------------------------------------------------
// Running a case

const REFUSAL_CODES: string[] = [ErrorCodes.SNAPSHOT_INVALID, ErrorCodes.SNAPSHOT_TOO_LARGE, ErrorCodes.RUN_IN_PROGRESS];
/** A restore slower than this is a finding (a person would think the page hung). */
const SLOW_MS = 5000;
const GIVE_UP_MS = 20_000;

/** What the person sees before a restore, to compare after a refused one. */
interface Seen {
  widgets: string;
  frames: string[];
  transcript: string[];
  questions: string[];
  answers: string[];
}

function seen(agent: AutouiAgent): Seen {
  const view = ui(agent);
  return {
    widgets: JSON.stringify(agent.session.widgets.list()),
    frames: view.widgets().map((w) => `${w.id} ${w.element?.localName} ${(w.element?.textContent ?? '').replace(/\s+/g, ' ').trim()}`),
    transcript: agent.session.transcript.map((e) => JSON.stringify(e)),
    questions: view.questions(),
    answers: view.answers(),
  };
}

/** What changed, beyond at most one added notice. */
function changes(before: Seen, after: Seen): string[] {
  const problems: string[] = [];
  if (after.widgets !== before.widgets) problems.push('the canvas changed although the restore was refused');
  if (after.frames.join('\n') !== before.frames.join('\n')) problems.push(`the rendered widgets changed: ${JSON.stringify(after.frames).slice(0, 120)}`);
  if (after.transcript.slice(0, before.transcript.length).join('\n') !== before.transcript.join('\n')) problems.push('the transcript lost or changed lines');
  const added = after.transcript.slice(before.transcript.length);
  if (added.length > 1 || added.some((e) => !e.startsWith('{"kind":"notice"'))) problems.push(`the transcript got ${added.length} new lines: ${added.join(' ').slice(0, 120)}`);
  if (after.questions.join('\n') !== before.questions.join('\n') || after.answers.join('\n') !== before.answers.join('\n')) problems.push('the shown questions or answers changed');
  return problems;
}

const ID = /^w_[a-z0-9]{6}$/;
/** schemas/autoui-snapshot.schema.json, loaded before the corpus runs. */
let snapshotSchema: Validator;
const DANGEROUS_VALUE = /^\s*(javascript|vbscript|data|file|blob):/i;

/** What an accepted restore must hold to. */
function acceptedProblems(agent: AutouiAgent, result: RestoreResult, c: Case): string[] {
  const problems: string[] = [];
  const stored = agent.session.widgets.list();
  const ids = stored.map((w) => w.id);
  if (JSON.stringify(result.widgets.map((w) => w.id)) !== JSON.stringify(ids)) problems.push('the result does not list the widgets shown');
  const frames = ui(agent).widgets();
  if (JSON.stringify(frames.map((f) => f.id).sort()) !== JSON.stringify([...ids].sort())) problems.push(`the canvas shows ${frames.length} frames for ${ids.length} widgets`);
  if (new Set(ids).size !== ids.length) problems.push('two widgets share an id');
  for (const w of stored) {
    const where = `widget ${JSON.stringify(w.id)} (${w.type.slice(0, 30)})`;
    if (!ID.test(w.id) || w.id.length !== 8) problems.push(`${where} has a malformed id`);
    const definition = registry.get(w.type);
    if (!definition) {
      problems.push(`${where} is of no catalogue type`);
      continue;
    }
    if (!definition.validator.validate(w.params).valid) problems.push(`${where} is shown with params that do not validate`);
    // What the widget checks as it draws it (a table's rows: checkedWhenShown) is kept as given;
    // what it draws of it is held to the page checks below, like every widget's DOM.
    const later = definition.checkedWhenShown ?? [];
    for (const leaf of stringLeaves(w.params)) {
      if (DANGEROUS_VALUE.test(leaf.value) && !later.includes(String(leaf.path[0]))) problems.push(`${where} keeps ${JSON.stringify(leaf.value.slice(0, 40))} at /${leaf.path.join('/')}`);
    }
    for (const [property, value] of Object.entries(w.style ?? {})) {
      if (!(STYLE_PROPERTIES as readonly string[]).includes(property)) problems.push(`${where} has the style property ${property}`);
      if (typeof value !== 'string' || /[;{}]|url\(|var\(|expression|\\/i.test(value)) problems.push(`${where} has the style ${property}: ${JSON.stringify(value)}`);
    }
    const inRange = (n: unknown, min: number) => typeof n === 'number' && Number.isFinite(n) && n >= min && n <= 100_000;
    if (w.position && !(inRange(w.position.x, 0) && inRange(w.position.y, 0))) problems.push(`${where} is placed at ${JSON.stringify(w.position)}`);
    if (w.size && !(inRange(w.size.width, 40) && inRange(w.size.height, 40))) problems.push(`${where} has the size ${JSON.stringify(w.size)}`);
  }
  for (const frame of frames) {
    const params = (frame.element as (HTMLElement & {params?: unknown}) | null)?.params;
    const type = stored.find((w) => w.id === frame.id)?.type;
    if (frame.element && type && !registry.get(type)!.validator.validate(params).valid) problems.push(`the element of ${frame.id} renders params that do not validate`);
    // A widget whose first render threw has an empty shadow root: a blank frame to the person.
    if (!frame.element?.shadowRoot?.childNodes.length) problems.push(`the ${type} widget ${frame.id}${titleOf(params)} is shown as a blank frame`);
  }
  const droppedWidgets = result.dropped.filter((d) => d.part === 'widget').length;
  if (c.widgets !== undefined && stored.length + droppedWidgets !== c.widgets) problems.push(`${c.widgets} widgets in, ${stored.length} shown + ${droppedWidgets} listed as dropped`);
  if (c.shown !== undefined && stored.length !== c.shown) problems.push(`${stored.length} widgets shown, expected ${c.shown} (dropped: ${JSON.stringify(result.dropped).slice(0, 160)})`);
  const transcript = agent.session.transcript;
  if (transcript.length > SNAPSHOT_LIMITS.maxTranscript + 1) problems.push(`${transcript.length} transcript lines`);
  for (const entry of transcript) if ((entry.kind === 'user' || entry.kind === 'assistant') && entry.text.length > SNAPSHOT_LIMITS.maxText) problems.push(`a transcript text of ${entry.text.length} characters`);
  if (transcript.some((e) => e.kind === 'approval' && e.state === 'pending')) problems.push('a restored approval waits for an answer');
  // What was let in must not make the element write a snapshot its own format refuses.
  const written = snapshotSchema.validate(agent.snapshot({conversation: true}));
  if (!written.valid) problems.push(`its snapshot() no longer matches the published schema: ${JSON.stringify(written.errors).slice(0, 200)}`);
  return problems;
}

const titleOf = (params: unknown) => {
  const title = (params as {title?: unknown} | undefined)?.title;
  return typeof title === 'string' ? ` ("${title.slice(0, 30)}")` : '';
};

const describeError = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message.slice(0, 160)}` : String(error));

/** Restores `c` over the baseline and returns every problem found. */
async function runCase(agent: AutouiAgent, c: Case): Promise<string[]> {
  const problems: string[] = [];
  await agent.restore(JSON.stringify(BASELINE));
  await widgetsRendered(agent);
  const before = seen(agent);
  pageErrors.length = 0;
  let input: unknown;
  try {
    input = c.input();
  } catch (error) {
    return [`the case could not be built: ${describeError(error)}`];
  }
  const started = performance.now();
  let result: RestoreResult | undefined;
  let error: unknown;
  try {
    result = await withTimeout(agent.restore(input as string), GIVE_UP_MS, 'the restore');
  } catch (caught) {
    error = caught;
  }
  input = undefined;
  const elapsed = performance.now() - started;
  if (elapsed > SLOW_MS) problems.push(`restore took ${Math.round(elapsed)} ms`);
  try {
    await widgetsRendered(agent);
  } catch (caught) {
    problems.push(`rendering failed: ${describeError(caught)}`);
  }
  if (error !== undefined) {
    if (!AutouiError.isInstance(error)) problems.push(`rejected with a non-Autoui error: ${describeError(error)}`);
    else if (!REFUSAL_CODES.includes(error.code)) problems.push(`rejected with ${error.code}: ${error.message.slice(0, 120)}`);
    if (c.expect === 'accepted') problems.push(`refused (${describeError(error)}), expected to be accepted`);
    problems.push(...changes(before, seen(agent)));
  } else {
    if (c.expect === 'refused') problems.push('accepted, expected to be refused');
    problems.push(...acceptedProblems(agent, result!, c));
  }
  problems.push(...scanDom(agent), ...pollution(), ...canary(), ...foreignRequests(), ...pageErrors);
  return problems;
}

/** Runs `cases` in order; fails with every failing case named. */
async function runAll(agent: AutouiAgent, cases: Case[]): Promise<void> {
  const failures: string[] = [];
  for (const c of cases) {
    const problems = await runCase(agent, c);
    if (problems.length) failures.push(`${c.name}: ${[...new Set(problems)].slice(0, 6).join('; ')}`);
  }
  ran += cases.length;
  if (failures.length) throw new Error(`${failures.length} of ${cases.length} cases failed:\n  ${failures.slice(0, 80).map((f) => f.slice(0, 400)).join('\n  ')}`);
}

// ---------------------------------------------------------------------------------------------

const CORPUS: Record<string, Case[]> = {
  'wrong formats and versions': formatCases(),
  'script in every string of every widget': widgetTextCases(),
  'hostile widget types and ids': typeAndIdCases(),
  'script-capable and foreign URLs in every URL': urlCases(),
  'script in every string of the transcript and conversation': transcriptCases(),
  'huge and deep trees': hugeAndDeepCases(),
  'prototype keys at every level': prototypeCases(),
  'places and sizes no canvas has': placeCases(),
  'style injection': styleCases(),
  'JavaScript values JSON cannot hold': javascriptValueCases(),
};
const TOTAL = Object.values(CORPUS).reduce((n, cases) => n + cases.length, 0);
let ran = 0;

describe('<autoui-agent> restoring hostile snapshots', function () {
  this.timeout(120_000);
  let agent: AutouiAgent;

  before(async () => {
    snapshotSchema = createRuntimeValidator((await (await fetch('/schemas/autoui-snapshot.schema.json')).json()) as JsonSchema);
    const scenario = await createScenario([
      {match: {lastUserIncludes: 'Stall'}, text: 'Thinking', fault: {stall: true}},
      {match: {lastUserIncludes: 'Final'}, toolCalls: [{name: 'autoui_webmcp_widget_display', input: {name: 'stat', params: {label: 'After the corpus', value: 2}}}]},
      {match: {lastToolResultIncludes: '"widget"'}, text: 'Still working.'},
    ]);
    agent = await mountHostileAgent(scenario);
  });

  after(() => agent.remove());

  it('its checks find what they look for (planted on the canvas)', async () => {
    const canvasRoot = ui(agent).root.querySelector('autoui-canvas')!.shadowRoot!;
    const planted = document.createElement('div');
    // Inserted as HTML, so the script never runs; nothing here loads (the source has no media element, the div is not displayed).
    planted.innerHTML = `<script type="text/plain"></script><iframe></iframe><div onclick="x"></div><a href="java&#9;script:void 0">a</a>
      <source src="https://${EVIL}/planted.png"><div style="display:none;background-image:url(https://${EVIL}/bg.png)"></div>`;
    canvasRoot.append(planted);
    const found = scanDom(agent).join('\n');
    planted.remove();
    for (const expected of ['<script>', '<iframe>', 'onclick=', 'href="java', `loads src from ${EVIL}`, `background image from ${EVIL}`, 'style="display:none']) expect(found).to.include(expected);

    (Object.prototype as Json).planted = 1;
    expect(pollution()).to.deep.equal(['Object.prototype got the key planted']);
    (window as unknown as Json).__pwned = 1;
    expect(canary()).to.have.length(1);
    // A failed request is recorded too (there is no network here).
    void fetch(`https://${EVIL}/planted`).catch(() => {});
    await waitUntil(() => performance.getEntriesByType('resource').some((e) => e.name.endsWith('/planted')), 'the planted request was not recorded', {timeout: 5000});
    expect(foreignRequests().join()).to.include(EVIL);
    expect([...scanDom(agent), ...pollution(), ...canary(), ...foreignRequests()]).to.deep.equal([]);
  });

  it(`holds a corpus of at least 200 snapshots (${TOTAL})`, () => {
    expect(TOTAL).to.be.at.least(200);
    for (const definition of definitions) expect(recipeExample(definition.recipe), `${definition.type} has a recipe example`).to.not.equal(undefined);
  });

  for (const [category, cases] of Object.entries(CORPUS)) {
    it(`${category} (${cases.length} cases)`, async () => {
      await runAll(agent, cases);
    });
  }

  it('refuses a snapshot while a question runs, and changes nothing', async () => {
    await agent.restore(BASELINE as never);
    await widgetsRendered(agent);
    const before = seen(agent);
    const streaming = new Promise((resolve) => agent.addEventListener('autoui-text', resolve, {once: true}));
    const run = agent.ask('Stall here');
    await streaming;
    const error = await agent.restore(snap({widgets: [widget('stat', {label: IMG_PAYLOAD, value: 1})]}) as never).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(AutouiError.isInstance(error) && error.code).to.equal(ErrorCodes.RUN_IN_PROGRESS);
    agent.abort();
    await run;
    await widgetsRendered(agent);
    expect(seen(agent).widgets).to.equal(before.widgets);
    expect(agent.session.transcript.slice(0, before.transcript.length).map((e) => JSON.stringify(e))).to.deep.equal(before.transcript);
    expect([...scanDom(agent), ...pollution(), ...canary()]).to.deep.equal([]);
  });

  it('still works afterwards: a good snapshot comes back whole, and a question shows a widget', async () => {
    const good = snap({
      widgets: definitions.map((d) => widget(d.type, example(d.type))),
      transcript: [{kind: 'user', text: 'Everything?'}, {kind: 'assistant', text: 'Everything.'}],
    });
    const result = await agent.restore(good as never);
    await widgetsRendered(agent);
    expect(result.dropped.filter((d) => d.part === 'widget').map((d) => d.type), 'no recipe example is dropped (their URLs may be gated)').to.deep.equal([]);
    expect(ui(agent).widgets().map((w) => w.element?.localName)).to.deep.equal(definitions.map((d) => d.tagName));
    expect(ui(agent).questions()).to.deep.equal(['You: Everything?']);

    const answer = await agent.ask('Final question');
    await widgetsRendered(agent);
    expect(answer.stopReason).to.equal('end_turn');
    expect(agent.widgets.at(-1)).to.deep.include({type: 'stat', params: {label: 'After the corpus', value: 2}});
    // Image requests still in flight when their case ended are counted here.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect([...scanDom(agent), ...pollution(), ...canary(), ...foreignRequests()]).to.deep.equal([]);
    expect(ran, 'every case of the corpus ran').to.equal(TOTAL);
  });
});
