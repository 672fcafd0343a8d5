/**
 * The shapes the evaluation passes around, as JSDoc types (this module exports nothing at run
 * time). A question says what a correct answer shows; a run record says what one model did with
 * it; a score says how the two compare.
 *
 * @typedef {'data' | 'atlas'} DemoServer
 *
 * A tool call the runner makes itself, straight to a demo server and before the model runs: its
 * result is the ground truth the canvas is compared with.
 * @typedef {object} TruthCall
 * @property {DemoServer} server
 * @property {string} tool the tool's name on its server, e.g. `query_sql`
 * @property {Record<string, unknown>} args
 * @property {string} [rows] where the result's rows are: a key of the result (default `rows`, as
 *   the Data server answers; the Atlas server answers `cities`, `countries`, `neighbours`), or `.`
 *   when the result is one object (a profile), read as a single row
 * @property {number} [limit] keep only the first rows (a tool that answers more than asked)
 *
 * A reference to truth values: `name.column` is that column of the rows of truth call `name`.
 * @typedef {string} TruthRef
 *
 * @typedef {object} ChartExpectation
 * @property {string[]} types chart types that answer the question (`bar`, `line`, `pie`, ...)
 * @property {TruthRef} [labels] the x values (category labels), when the chart has labels
 * @property {TruthRef[]} [series] one per expected dataset: its y values, paired with `labels`
 * @property {{x: TruthRef, y: TruthRef}} [points] for a scatter: the expected (x, y) points
 * @property {boolean} [ordered] the points must follow the truth's row order (the question asked
 *   for a sort, or the x axis is time); otherwise any order of the same points is right
 *
 * @typedef {object} Expectation
 * @property {Array<string | string[]>} widgets the widgets that must be on the canvas: each entry
 *   a type, or a list of types any one of which will do (`['stat-card', 'stat']`)
 * @property {ChartExpectation} [chart] one chart on the canvas must satisfy it
 * @property {Array<TruthRef | TruthRef[]>} [shows] every value of each of these columns must
 *   appear on the canvas; an entry that is a list is satisfied by any one of its columns
 * @property {string} [items] a truth call: some widget must show as many items as it has rows
 *   (table rows, list items, map points, chart labels), when the question says how many
 * @property {{lat: TruthRef, lng: TruthRef}} [markers] a map must have a point at each of these
 *   places, one to one (a marker, a circle, a GeoJSON point)
 * @property {number} [maxTurns] model turns allowed (default 8)
 * @property {number} [maxTokens] input plus output tokens allowed (default 150,000)
 *
 * @typedef {object} EvalQuestion
 * @property {string} id unique, kebab-case
 * @property {'en' | 'fr'} lang the element's `lang` and the question's language
 * @property {string} question what the user types
 * @property {Record<string, TruthCall>} truth
 * @property {Expectation} expect
 *
 * One tool call of a run, as the element's `autoui-tool-call` event gave it.
 * @typedef {object} RecordedCall
 * @property {string} name
 * @property {string} [server]
 * @property {string} [tool]
 * @property {Record<string, unknown>} args
 * @property {string} result the full result text
 * @property {string} [error]
 * @property {string} [errorCode]
 * @property {number} elapsed
 *
 * What one widget looked like on the canvas at the end of the run.
 * @typedef {object} RenderedWidget
 * @property {string} id
 * @property {string} type
 * @property {Record<string, unknown>} params the params it was shown with (references resolved)
 * @property {number} width rendered size in CSS pixels
 * @property {number} height
 * @property {string} text its visible text
 *
 * @typedef {object} AxeViolation
 * @property {string} id the axe rule, e.g. `color-contrast`
 * @property {string | null} impact `minor`, `moderate`, `serious` or `critical`
 * @property {string} help
 * @property {number} nodes how many elements break it
 *
 * What one question's run did, recorded by the runner from the element's public events and DOM.
 * @typedef {object} RunRecord
 * @property {string} stopReason the run's stop reason (`end_turn`, `max_iterations`, `error`, ...)
 * @property {{code: string, message: string}} [error]
 * @property {number} iterations model turns
 * @property {{inputTokens: number, outputTokens: number, cachedTokens?: number}} usage tokens the
 *   model read (cached ones included, on both wires) and wrote; how many it read from its cache
 * @property {boolean} [timedOut] the runner pressed Stop at its time limit
 * @property {number} elapsedMs from sending the question to the run's end
 * @property {RecordedCall[]} toolCalls
 * @property {RenderedWidget[]} widgets on the canvas at the end
 * @property {AxeViolation[]} axe
 * @property {string} answer the assistant's last text
 * @property {string} [screenshot] path of the screenshot, relative to the result file
 *
 * @typedef {object} Check
 * @property {boolean} pass
 * @property {string} detail one line a reader of the report understands
 *
 * @typedef {object} Score
 * @property {boolean} success every check passed
 * @property {Record<string, Check>} checks by name: completed, not-blank, widgets, chart, shows,
 *   items, markers, fidelity, turns, tokens (chart to markers only when the question expects them)
 * @property {{figures: number, matched: number, unmatched: string[]}} fidelity
 * @property {{violations: number, serious: number, rules: string[]}} axe
 * @property {number} turns
 * @property {number} tokensIn
 * @property {number} tokensOut
 * @property {number} timeMs
 * @property {{repaired: number, returned: number}} validation widget calls the element repaired,
 *   and those it returned to the model as invalid
 */
export {};
