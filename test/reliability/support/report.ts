/**
 * How the reliability families talk to the test runner: one report per family (printed as one
 * line when the run ends, and written to test-results/reliability.json), what reached the foreign
 * hosts, and the page's DevTools counters. See test/support/reliability-plugin.mjs.
 */
import {executeServerCommand} from '@web/test-runner-commands';
import fc from 'fast-check';

/** The seed of every generated family: the same cases on every run and every machine. */
export const SEED = 20261202;

/** `count` values of `arbitrary`, the same on every run (fixed seed; `salt` varies it per family). */
export function generate<T>(arbitrary: fc.Arbitrary<T>, count: number, salt = 0): T[] {
  return fc.sample(arbitrary, {seed: SEED + salt, numRuns: count});
}

/** Reports a family's counts; `held` is how many of the `tried` cases held. */
export async function reportFamily(family: string, tried: number, held: number, note?: string): Promise<void> {
  await executeServerCommand('reliability-report', {family, tried, held, note});
}

/** What reached a foreign host (`evil.example`, its subdomains) since the last call. */
export async function foreignConnections(): Promise<string[]> {
  return ((await executeServerCommand('reliability-foreign')) as string[] | undefined) ?? [];
}

/** The page's DevTools counters after a full garbage collection. */
export interface PageMetrics {
  listeners: number;
  nodes: number;
  documents: number;
  heapUsed: number;
}

/** The page's DevTools counters after a full garbage collection. */
export async function pageMetrics(): Promise<PageMetrics> {
  return (await executeServerCommand('reliability-metrics')) as PageMetrics;
}

/** Fails with the first few problems, each with its case, and how many cases had one. */
export function failureMessage(family: string, failures: Array<{name: string; problems: string[]}>, tried: number): string {
  const shown = failures.slice(0, 8).map((f) => `- ${f.name}: ${f.problems.slice(0, 4).join('; ')}`);
  return `${family}: ${failures.length} of ${tried} cases did not hold (seed ${SEED}):\n${shown.join('\n')}`;
}

/** The page's event listeners by target type and event names, from DevTools. */
export async function listenersByTarget(): Promise<Record<string, number>> {
  return (await executeServerCommand('reliability-listeners')) as Record<string, number>;
}
