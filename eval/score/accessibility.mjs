/** axe-core's verdict on the page after the run, summed up: all violations, and the serious or critical ones. */

/**
 * @param {import('../types.mjs').RunRecord} record
 * @returns {{violations: number, serious: number, rules: string[]}}
 */
export function summariseAxe(record) {
  const axe = record.axe ?? [];
  return {
    violations: axe.reduce((n, v) => n + v.nodes, 0),
    serious: axe.filter((v) => v.impact === 'serious' || v.impact === 'critical').reduce((n, v) => n + v.nodes, 0),
    rules: axe.map((v) => `${v.id} (${v.impact ?? 'unrated'}, ${v.nodes})`),
  };
}
