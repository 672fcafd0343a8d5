/**
 * The page's callbacks as a run calls them: each one named is always there (a no-op when the
 * page gave none) and never throws. Shared by the in-page loop and the AG-UI runner, whose
 * callbacks are the same contract.
 */

/** Any callback: called for what it does, its return value ignored. */
type Callback = (...args: never[]) => unknown;

/** The callbacks `names` of `C`, each present and unable to throw. */
export type GuardedCallbacks<C, K extends keyof C> = {[P in K]-?: Exclude<C[P], undefined>};

/**
 * Wraps the callbacks `names` of `callbacks` so a throw inside one never reaches the run. Each is
 * read once, now (as the run starts), and called with `callbacks` as `this`.
 */
export function guardCallbacks<C extends {[P in K]?: Callback}, K extends keyof C>(callbacks: C | undefined, names: readonly K[]): GuardedCallbacks<C, K> {
  const guarded: Partial<Record<K, (...args: unknown[]) => void>> = {};
  for (const name of names) {
    const callback = callbacks?.[name] as ((...args: unknown[]) => unknown) | undefined;
    guarded[name] = (...args) => {
      try {
        callback?.apply(callbacks, args);
      } catch {
        // Contract: callbacks must not throw; if one does, the run goes on.
      }
    };
  }
  return guarded as GuardedCallbacks<C, K>;
}
